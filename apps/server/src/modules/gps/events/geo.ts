/**
 * Geofence geometry, WGS-84 `[lat, lon]`, Traccar's rules (docs/gps-events.md): circle by haversine distance
 * (R = 6378137 m) <= radius; polygon by even-odd ray casting on raw lat/lon (longitudes shifted by +360 when the
 * polygon crosses the antimeridian); polyline by distance to any segment <= its half-width. Plus the bounding
 * boxes the index uses, a grid index, and the GCJ-02 conversion.
 */

import { outOfChina as outOfChinaLonLat, wgs84ToGcj02 } from '@fleetdesk/contracts/gcj02';
export type LatLon = [number, number];
export interface Shape {
  kind: 'circle' | 'polygon' | 'polyline';
  points: LatLon[];
  /** Metres: circle radius, polyline half-width. */
  radius: number | null;
}
export interface Box {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

const R = 6378137;
const rad = (d: number) => (d * Math.PI) / 180;
export const POLYLINE_DEFAULT_METRES = 25;

export function haversine(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat);
  const dLon = rad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Crosses the antimeridian: longitudes both above 90 and below -90 (Traccar's test). */
function wraps(points: LatLon[]): boolean {
  return points.some((p) => p[1] > 90) && points.some((p) => p[1] < -90);
}

function inPolygon(points: LatLon[], lat: number, lon: number): boolean {
  const shift = wraps(points);
  const x = shift && lon < 0 ? lon + 360 : lon;
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [yi, xi0] = points[i]!;
    const [yj, xj0] = points[j]!;
    const xi = shift && xi0 < 0 ? xi0 + 360 : xi0;
    const xj = shift && xj0 < 0 ? xj0 + 360 : xj0;
    if (yi > lat !== yj > lat && x < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance (m) from a point to a segment, on a local equirectangular plane around the point. */
function segmentDistance(lat: number, lon: number, a: LatLon, b: LatLon): number {
  const k = Math.cos(rad(lat));
  const ax = rad(a[1] - lon) * k * R;
  const ay = rad(a[0] - lat) * R;
  const bx = rad(b[1] - lon) * k * R;
  const by = rad(b[0] - lat) * R;
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

export function contains(shape: Shape, lat: number, lon: number): boolean {
  const pts = shape.points;
  if (shape.kind === 'circle') return haversine(pts[0]![0], pts[0]![1], lat, lon) <= (shape.radius ?? 0);
  if (shape.kind === 'polygon') return inPolygon(pts, lat, lon);
  const width = shape.radius ?? POLYLINE_DEFAULT_METRES;
  for (let i = 1; i < pts.length; i++) if (segmentDistance(lat, lon, pts[i - 1]!, pts[i]!) <= width) return true;
  return false;
}

/** The bounding box, circles and polyline corridors included (metres to degrees, padded by 1 %). */
export function boxOf(shape: Shape): Box {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const [la, lo] of shape.points) {
    minLat = Math.min(minLat, la);
    maxLat = Math.max(maxLat, la);
    minLon = Math.min(minLon, lo);
    maxLon = Math.max(maxLon, lo);
  }
  if (shape.kind === 'polygon' && wraps(shape.points)) return { minLat, maxLat, minLon: -180, maxLon: 180 };
  const pad =
    shape.kind === 'circle'
      ? (shape.radius ?? 0)
      : shape.kind === 'polyline'
        ? (shape.radius ?? POLYLINE_DEFAULT_METRES)
        : 0;
  if (pad) {
    const dLat = ((pad / R) * 180) / Math.PI;
    const cos = Math.max(0.01, Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat)) + dLat)));
    const dLon = dLat / cos;
    minLat -= dLat * 1.01;
    maxLat += dLat * 1.01;
    minLon -= dLon * 1.01;
    maxLon += dLon * 1.01;
  }
  return {
    minLat: Math.max(-90, minLat),
    maxLat: Math.min(90, maxLat),
    minLon: Math.max(-180, minLon),
    maxLon: Math.min(180, maxLon),
  };
}

/**
 * A uniform grid of 0.1° cells over the boxes: a point's cell lists the few shapes whose box covers it, so the
 * exact test runs on those only, whatever the number of geofences. A box over more than 40,000 cells is kept in a
 * list checked for every point.
 */
export class GridIndex<T extends { box: Box }> {
  private readonly cells = new Map<number, T[]>();
  private readonly wide: T[] = [];
  private static readonly SIZE = 0.1;

  constructor(items: T[]) {
    for (const item of items) {
      const { minLat, minLon, maxLat, maxLon } = item.box;
      const [r0, c0] = GridIndex.cell(minLat, minLon);
      const [r1, c1] = GridIndex.cell(maxLat, maxLon);
      if ((r1 - r0 + 1) * (c1 - c0 + 1) > 40_000) {
        this.wide.push(item);
        continue;
      }
      for (let r = r0; r <= r1; r++)
        for (let c = c0; c <= c1; c++) {
          const key = r * 4000 + c;
          const list = this.cells.get(key);
          if (list) list.push(item);
          else this.cells.set(key, [item]);
        }
    }
  }

  private static cell(lat: number, lon: number): [number, number] {
    return [Math.floor((lat + 90) / GridIndex.SIZE), Math.floor((lon + 180) / GridIndex.SIZE)];
  }

  /** Items whose box contains the point. */
  query(lat: number, lon: number): T[] {
    const [r, c] = GridIndex.cell(lat, lon);
    const out: T[] = [];
    for (const list of [this.cells.get(r * 4000 + c), this.wide])
      if (list)
        for (const it of list) {
          const b = it.box;
          if (lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon) out.push(it);
        }
    return out;
  }
}

// GCJ-02 (the offset of Chinese map tiles) ---------------------------------------------------------------------
// The one conversion lives in the contracts package (the web draws with it, the geocoder asks AutoNavi with it);
// here in the [lat, lon] order of this module.

/** Outside China the offset is not applied (gcoord's box). */
export function outOfChina(lat: number, lon: number): boolean {
  return outOfChinaLonLat(lon, lat);
}

export function wgsToGcj(lat: number, lon: number): LatLon {
  const [gLon, gLat] = wgs84ToGcj02(lon, lat);
  return [gLat, gLon];
}

/** The inverse, iterated to 1e-7° (gcoord iterates to 1e-6). */
export function gcjToWgs(lat: number, lon: number): LatLon {
  if (outOfChina(lat, lon)) return [lat, lon];
  let wLat = lat;
  let wLon = lon;
  for (let i = 0; i < 30; i++) {
    const [gLat, gLon] = wgsToGcj(wLat, wLon);
    const eLat = gLat - lat;
    const eLon = gLon - lon;
    wLat -= eLat;
    wLon -= eLon;
    if (Math.abs(eLat) < 1e-7 && Math.abs(eLon) < 1e-7) break;
  }
  return [wLat, wLon];
}
