import { outOfChina, wgs84ToGcj02 } from '../../lib/gcj02';

/**
 * [lat, lon] GCJ-02 -> WGS-84, iterated to 1e-7° (gcoord iterates to 1e-6): a geofence drawn on AutoNavi tiles is
 * converted back before it is saved. Outside China unchanged.
 */
export function gcj02ToWgs84(lat: number, lon: number): [number, number] {
  if (outOfChina(lon, lat)) return [lat, lon];
  let wLat = lat;
  let wLon = lon;
  for (let i = 0; i < 30; i++) {
    const [gLon, gLat] = wgs84ToGcj02(wLon, wLat);
    const eLat = gLat - lat;
    const eLon = gLon - lon;
    wLat -= eLat;
    wLon -= eLon;
    if (Math.abs(eLat) < 1e-7 && Math.abs(eLon) < 1e-7) break;
  }
  return [wLat, wLon];
}

/** [lat, lon] WGS-84 -> GCJ-02 on AutoNavi tiles, unchanged on others. */
export function toMap(lat: number, lon: number, gcj: boolean): [number, number] {
  if (!gcj) return [lat, lon];
  const [glon, glat] = wgs84ToGcj02(lon, lat);
  return [glat, glon];
}

export function fromMap(lat: number, lon: number, gcj: boolean): [number, number] {
  return gcj ? gcj02ToWgs84(lat, lon) : [lat, lon];
}
