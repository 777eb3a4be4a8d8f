import { sql } from 'drizzle-orm';
import { idArray, rowsOf, type DbOrTx } from '../../core/db.js';
import { contains, haversine, type Shape } from './events/geo.js';

/*
 * A car's positions for other areas (time-share, docs/time-share.md): where the car is now (its default
 * device's live position), how far it went between two instants and the route it took, read from the stored
 * positions; and the geometry of the tenant's geofences for zone checks. Read-only: nothing here writes.
 */

export { contains as shapeContains, haversine };
export type { Shape };

/** The car's default device (the one its live position comes from), or null. */
export interface CarDevice {
  id: number;
  imei: string;
  protocol: 'jt808' | 'osmand';
}

export async function carDefaultDevice(db: DbOrTx, tenantId: number, carId: number): Promise<CarDevice | null> {
  const [row] = await rowsOf<{ id: number | string; imei: string; protocol: 'jt808' | 'osmand' }>(
    db,
    sql`select id, imei, protocol from gps_devices
      where tenant_id = ${tenantId} and car_id = ${carId} and is_default limit 1`,
  );
  return row ? { id: Number(row.id), imei: row.imei, protocol: row.protocol } : null;
}

export interface CarPosition {
  deviceId: number;
  at: Date;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  /** The device's odometer, km (null when the device sends none). */
  odometerKm: number | null;
}

/** The live position of the car's default device (null: no device, or nothing received yet). */
export async function carLastPosition(db: DbOrTx, tenantId: number, carId: number): Promise<CarPosition | null> {
  const [row] = await rowsOf<{
    device_id: number | string;
    t: number | string;
    lat: number;
    lon: number;
    speed: number;
    odometer: number | null;
  }>(
    db,
    sql`select p.device_id, (extract(epoch from p.fix_time) * 1000)::float8 as t, p.lat, p.lon, p.speed, p.odometer
      from gps_devices d
      join gps_last_positions p on p.tenant_id = d.tenant_id and p.device_id = d.id
      where d.tenant_id = ${tenantId} and d.car_id = ${carId} and d.is_default limit 1`,
  );
  if (!row) return null;
  return {
    deviceId: Number(row.device_id),
    at: new Date(Number(row.t)),
    lat: Number(row.lat),
    lon: Number(row.lon),
    speed: Number(row.speed),
    odometerKm: row.odometer == null ? null : Number(row.odometer) / 1000,
  };
}

interface RawPoint {
  t: number | string;
  lat: number;
  lon: number;
  speed: number;
  valid: boolean;
  odometer: number | null;
}

/**
 * The positions of the car's default device from the last one at or before `from` (where the car stood when the
 * period began) through every one received for a fix time up to `to`, oldest first. Only positions that arrived
 * for the period count: a trip's distance is what the tracker reported while it ran.
 */
async function periodPoints(db: DbOrTx, tenantId: number, carId: number, from: Date, to: Date): Promise<RawPoint[]> {
  const device = await carDefaultDevice(db, tenantId, carId);
  if (!device) return [];
  const f = from.toISOString();
  const tt = to.toISOString();
  return rowsOf<RawPoint>(
    db,
    sql`(select (extract(epoch from fix_time) * 1000)::float8 as t, lat, lon, speed, valid, odometer
         from gps_positions where tenant_id = ${tenantId} and device_id = ${device.id} and fix_time <= ${f}
         order by fix_time desc limit 1)
      union all
      (select (extract(epoch from fix_time) * 1000)::float8 as t, lat, lon, speed, valid, odometer
         from gps_positions where tenant_id = ${tenantId} and device_id = ${device.id}
           and fix_time > ${f} and fix_time <= ${tt})
      order by t`,
  );
}

/** The fastest average speed (km/h) an odometer's difference may imply; above it the legs are summed instead. */
export const MAX_ODOMETER_KMH = 250;

/**
 * How far the car went between `from` and `to`, km to one decimal, from its tracker's positions (see
 * `periodPoints`): the odometer's difference when the first and the last position carry one (and it neither went
 * back, a replaced device, nor implies more than `MAX_ODOMETER_KMH` on average, another device's count), else the sum of the legs between valid fixes. `positions` counts those read; with
 * fewer than two, the distance is 0 (`measured` false: nothing was reported).
 */
export async function carDistanceKm(
  db: DbOrTx,
  tenantId: number,
  carId: number,
  from: Date,
  to: Date,
): Promise<{ km: number; positions: number; measured: boolean; method: 'odometer' | 'legs' | 'none' }> {
  const points = await periodPoints(db, tenantId, carId, from, to);
  if (points.length < 2) return { km: 0, positions: points.length, measured: false, method: 'none' };
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const round = (m: number) => Math.round(m / 100) / 10;
  const odometerM =
    first.odometer != null && last.odometer != null ? Number(last.odometer) - Number(first.odometer) : -1;
  const hours = (Number(last.t) - Number(first.t)) / 3_600_000;
  // A count that went back (a replaced device) or jumped faster than a car drives (another device's count, a
  // simulator's) is not a distance: the legs are.
  if (odometerM >= 0 && (odometerM === 0 || (hours > 0 && odometerM / 1000 / hours <= MAX_ODOMETER_KMH))) {
    return {
      km: round(odometerM),
      positions: points.length,
      measured: true,
      method: 'odometer',
    };
  }
  let metres = 0;
  let prev: RawPoint | null = null;
  for (const p of points) {
    if (!p.valid) continue;
    if (prev) metres += haversine(Number(prev.lat), Number(prev.lon), Number(p.lat), Number(p.lon));
    prev = p;
  }
  return { km: round(metres), positions: points.length, measured: true, method: 'legs' };
}

/** The route of the car between two instants (positions as `carDistanceKm` reads them), at most `max` points. */
export async function carRoute(
  db: DbOrTx,
  tenantId: number,
  carId: number,
  from: Date,
  to: Date,
  max = 2000,
): Promise<{ at: string; lat: number; lon: number; speed: number }[]> {
  const points = (await periodPoints(db, tenantId, carId, from, to)).filter((p) => p.valid);
  // Evenly thinned past `max`, the first and the last kept.
  const step = points.length > max ? (points.length - 1) / (max - 1) : 1;
  const picked = step === 1 ? points : Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
  return picked.map((p) => ({
    at: new Date(Number(p.t)).toISOString(),
    lat: Number(p.lat),
    lon: Number(p.lon),
    speed: Number(p.speed),
  }));
}

/** The shapes of the tenant's geofences among `ids` (missing ones are left out). */
export async function geofenceShapes(
  db: DbOrTx,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, Shape & { name: string }>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{
    id: number | string;
    name: string;
    kind: Shape['kind'];
    points: [number, number][] | string;
    radius: number | null;
  }>(
    db,
    sql`select id, name, kind, points, radius from gps_geofences
      where tenant_id = ${tenantId} and id = any(${idArray(ids)})`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        name: r.name,
        kind: r.kind,
        points: typeof r.points === 'string' ? (JSON.parse(r.points) as [number, number][]) : r.points,
        radius: r.radius == null ? null : Number(r.radius),
      },
    ]),
  );
}

/** The distance (m) from a point to a shape: 0 inside; to a circle's edge, or to the nearest vertex otherwise. */
export function distanceToShape(shape: Shape, lat: number, lon: number): number {
  if (contains(shape, lat, lon)) return 0;
  if (shape.kind === 'circle') {
    const c = shape.points[0]!;
    return Math.max(0, haversine(c[0], c[1], lat, lon) - (shape.radius ?? 0));
  }
  return Math.min(...shape.points.map((p) => haversine(p[0], p[1], lat, lon)));
}
