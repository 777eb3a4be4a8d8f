import { sql, type SQL } from 'drizzle-orm';
import type { Geofence } from '@fleetdesk/contracts/gps-events';
import {
  idArray,
  mapRows,
  rawIso,
  rawJson,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../../core/db.js';
import type { Box } from './geo.js';

/** The tenant and the rents in scope. */
export interface GeofenceScope {
  tenantId: number;
  rentIds: readonly number[];
}
interface Paging {
  limit: number;
  offset: number;
}

const SELECT = sql`select g.id, g.rent_id, r.name as rent_name, g.name, g.kind, g.points, g.radius, g.alarm_on_enter,
  g.alarm_on_exit, g.speed_limit_kmh, g.remark, g.created_at,
  (select count(*)::int from gps_device_geofences l where l.tenant_id = g.tenant_id and l.geofence_id = g.id) as devices
  from gps_geofences g join rents r on r.tenant_id = g.tenant_id and r.id = g.rent_id`;

interface GeofenceRow {
  id: RawNumber;
  rent_id: RawNumber;
  rent_name: string;
  name: string;
  kind: Geofence['kind'];
  points: RawJson<[number, number][]>;
  radius: number | null;
  alarm_on_enter: boolean;
  alarm_on_exit: boolean;
  speed_limit_kmh: number | null;
  remark: string | null;
  created_at: RawTime;
  devices: number | null;
}

function geofenceOf(r: GeofenceRow): Geofence {
  return {
    id: rawNumber(r.id),
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    name: r.name,
    kind: r.kind,
    points: rawJson(r.points, []),
    radius: rawNumberOrNull(r.radius),
    alarmOnEnter: Boolean(r.alarm_on_enter),
    alarmOnExit: Boolean(r.alarm_on_exit),
    speedLimitKmh: rawNumberOrNull(r.speed_limit_kmh),
    remark: r.remark ?? null,
    devices: Number(r.devices ?? 0),
    createdAt: rawIso(r.created_at),
  };
}

/** A page of geofences (newest first) and the count of all matching. */
export async function geofencePage(
  db: DbOrTx,
  scope: GeofenceScope,
  f: { like?: string; deviceId?: number },
  p: Paging,
): Promise<{ rows: Geofence[]; total: number }> {
  const conds: SQL[] = [sql`g.tenant_id = ${scope.tenantId}`, sql`g.rent_id = any(${idArray(scope.rentIds)})`];
  if (f.like) conds.push(sql`g.name ilike ${f.like}`);
  if (f.deviceId)
    conds.push(
      sql`exists (select 1 from gps_device_geofences l where l.tenant_id = g.tenant_id and l.geofence_id = g.id and l.device_id = ${f.deviceId})`,
    );
  const w = sql.join(conds, sql` and `);
  const [total] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from gps_geofences g where ${w}`);
  const rows = await mapRows(
    db,
    sql`${SELECT} where ${w} order by g.id desc limit ${p.limit} offset ${p.offset}`,
    geofenceOf,
  );
  return { rows, total: total?.n ?? 0 };
}

export async function findGeofence(db: DbOrTx, scope: GeofenceScope, id: number): Promise<Geofence | undefined> {
  const [g] = await mapRows(
    db,
    sql`${SELECT} where g.tenant_id = ${scope.tenantId} and g.id = ${id} and g.rent_id = any(${idArray(scope.rentIds)})`,
    geofenceOf,
  );
  return g;
}

/** What a geofence stores: its shape with its bounding box, its alarms. */
export interface GeofenceValues {
  rentId: number;
  name: string;
  kind: Geofence['kind'];
  points: unknown;
  radius: number | null;
  box: Box;
  alarmOnEnter: boolean;
  alarmOnExit: boolean;
  remark: string | null;
}

export async function insertGeofence(
  db: DbOrTx,
  tenantId: number,
  v: GeofenceValues & { createdBy: number; speedLimitKmh: number | null },
): Promise<number> {
  const [row] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`insert into gps_geofences (tenant_id, rent_id, name, kind, points, radius, min_lat, min_lon, max_lat, max_lon,
       alarm_on_enter, alarm_on_exit, remark, created_by, speed_limit_kmh)
     values (${tenantId}, ${v.rentId}, ${v.name}, ${v.kind}, ${JSON.stringify(v.points)}::jsonb, ${v.radius},
       ${v.box.minLat}, ${v.box.minLon}, ${v.box.maxLat}, ${v.box.maxLon}, ${v.alarmOnEnter}, ${v.alarmOnExit},
       ${v.remark}, ${v.createdBy}, ${v.speedLimitKmh}) returning id`,
  );
  return rawNumber(row!.id);
}

/** Writes the geofence; its speed limit only when `speedLimitKmh` is given (`null` clears it). */
export async function updateGeofenceRow(
  db: DbOrTx,
  tenantId: number,
  id: number,
  v: GeofenceValues & { speedLimitKmh: number | null | undefined },
): Promise<void> {
  await db.execute(sql`update gps_geofences set rent_id = ${v.rentId}, name = ${v.name}, kind = ${v.kind},
       points = ${JSON.stringify(v.points)}::jsonb, radius = ${v.radius}, min_lat = ${v.box.minLat},
       min_lon = ${v.box.minLon}, max_lat = ${v.box.maxLat}, max_lon = ${v.box.maxLon},
       alarm_on_enter = ${v.alarmOnEnter}, alarm_on_exit = ${v.alarmOnExit}, remark = ${v.remark},
       speed_limit_kmh = case when ${v.speedLimitKmh !== undefined}::boolean then ${v.speedLimitKmh ?? null}::int
         else speed_limit_kmh end, updated_at = now()
     where tenant_id = ${tenantId} and id = ${id}`);
}

/** Forgets the geofence in the states of the devices (of all, with `null`). */
export async function forgetInStates(
  db: DbOrTx,
  tenantId: number,
  geofenceId: number,
  deviceIds: number[] | null,
): Promise<void> {
  const devices = deviceIds ? sql`${idArray(deviceIds)}` : sql`null::int8[]`;
  await db.execute(sql`update gps_event_states set geofence_ids = array_remove(geofence_ids, ${geofenceId}::int8)
     where tenant_id = ${tenantId} and ${geofenceId}::int8 = any(geofence_ids)
       and (${devices} is null or device_id = any(${devices}))`);
}

export async function deleteGeofenceRow(db: DbOrTx, tenantId: number, id: number): Promise<void> {
  await db.execute(sql`delete from gps_geofences where tenant_id = ${tenantId} and id = ${id}`);
}

const DEVICE_SELECT = sql`select d.id, d.imei, d.model, c.plate, r.name as rent_name, l.lat, l.lon
  from gps_devices d
  join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
  left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
  left join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id`;

export interface FenceDeviceRow {
  id: number;
  imei: string;
  model: string;
  plate: string | null;
  rentName: string;
  /** The last position, when there is one. */
  last: { lat: number; lon: number } | null;
}

/** Devices in scope bound to the geofence (`bound`) or not, by id, and the count of all. */
export async function fenceDevicePage(
  db: DbOrTx,
  scope: GeofenceScope,
  geofenceId: number,
  bound: boolean,
  like: string | undefined,
  p: Paging,
): Promise<{ rows: FenceDeviceRow[]; total: number }> {
  const conds: SQL[] = [
    sql`d.tenant_id = ${scope.tenantId}`,
    sql`d.rent_id = any(${idArray(scope.rentIds)})`,
    sql`${bound ? sql`` : sql`not `}exists (select 1 from gps_device_geofences x where x.tenant_id = d.tenant_id and x.device_id = d.id and x.geofence_id = ${geofenceId})`,
  ];
  if (like) conds.push(sql`(d.imei ilike ${like} or c.plate ilike ${like})`);
  const w = sql.join(conds, sql` and `);
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from gps_devices d left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id where ${w}`,
  );
  const rows = await mapRows(
    db,
    sql`${DEVICE_SELECT} where ${w} order by d.id limit ${p.limit} offset ${p.offset}`,
    (r: {
      id: RawNumber;
      imei: string;
      model: string;
      plate: string | null;
      rent_name: string;
      lat: number | null;
      lon: number | null;
    }): FenceDeviceRow => ({
      id: rawNumber(r.id),
      imei: r.imei,
      model: r.model,
      plate: r.plate ?? null,
      rentName: r.rent_name,
      last: r.lat == null ? null : { lat: Number(r.lat), lon: Number(r.lon) },
    }),
  );
  return { rows, total: total?.n ?? 0 };
}

/** How many of the ids are devices in scope. */
export async function countDevicesInScope(db: DbOrTx, scope: GeofenceScope, deviceIds: number[]): Promise<number> {
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from gps_devices where tenant_id = ${scope.tenantId} and id = any(${idArray(deviceIds)})
      and rent_id = any(${idArray(scope.rentIds)})`,
  );
  return rows.length;
}

/** Binds the devices to the geofence; answers how many bindings are new. */
export async function insertBindings(db: DbOrTx, tenantId: number, id: number, deviceIds: number[]): Promise<number> {
  const added = await rowsOf<{ device_id: RawNumber }>(
    db,
    sql`insert into gps_device_geofences (tenant_id, geofence_id, device_id)
     select ${tenantId}, ${id}, unnest(${idArray(deviceIds)}) on conflict do nothing returning device_id`,
  );
  return added.length;
}

/** Unbinds the devices in scope from the geofence; answers how many bindings went. */
export async function deleteBindings(
  db: DbOrTx,
  scope: GeofenceScope,
  id: number,
  deviceIds: number[],
): Promise<number> {
  const rows = await rowsOf<{ device_id: RawNumber }>(
    db,
    sql`delete from gps_device_geofences l using gps_devices d
     where l.tenant_id = ${scope.tenantId} and l.geofence_id = ${id} and l.device_id = any(${idArray(deviceIds)})
       and d.tenant_id = l.tenant_id and d.id = l.device_id and d.rent_id = any(${idArray(scope.rentIds)})
     returning l.device_id`,
  );
  return rows.length;
}
