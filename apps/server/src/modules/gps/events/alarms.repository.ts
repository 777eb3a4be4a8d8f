import { sql, type SQL } from 'drizzle-orm';
import type { AlarmStatus, GpsAlarmType, GpsEvent, GpsEventType } from '@fleetdesk/contracts/gps-events';
import {
  idArray,
  mapRows,
  rawIso,
  rawIsoOrNull,
  rawJson,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../../core/db.js';

const SELECT = sql`select e.id, e.device_id, d.imei, e.rent_id, r.name as rent_name, e.car_id, c.plate, e.type, e.at,
  e.lat, e.lon, e.speed, e.geofence_id, g.name as geofence_name, e.attributes, e.alarm_status, u.name as handled_by_name,
  e.handled_at, e.note
  from gps_events e
  join gps_devices d on d.tenant_id = e.tenant_id and d.id = e.device_id
  join rents r on r.tenant_id = e.tenant_id and r.id = e.rent_id
  left join cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
  left join gps_geofences g on g.tenant_id = e.tenant_id and g.id = e.geofence_id
  left join users u on u.tenant_id = e.tenant_id and u.id = e.handled_by`;

/** A row of `SELECT`. */
interface EventRow {
  id: RawNumber;
  device_id: RawNumber;
  imei: string;
  rent_id: RawNumber;
  rent_name: string;
  car_id: RawNumber | null;
  plate: string | null;
  type: GpsEventType;
  at: RawTime;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  geofence_id: RawNumber | null;
  geofence_name: string | null;
  attributes: RawJson<Record<string, unknown>>;
  alarm_status: AlarmStatus | null;
  handled_by_name: string | null;
  handled_at: RawTime | null;
  note: string | null;
}

function eventOf(r: EventRow): GpsEvent {
  return {
    id: rawNumber(r.id),
    deviceId: rawNumber(r.device_id),
    imei: r.imei,
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    carId: rawNumberOrNull(r.car_id),
    plate: r.plate ?? null,
    type: r.type,
    at: rawIso(r.at),
    lat: rawNumberOrNull(r.lat),
    lon: rawNumberOrNull(r.lon),
    speed: rawNumberOrNull(r.speed),
    geofenceId: rawNumberOrNull(r.geofence_id),
    geofenceName: r.geofence_name ?? null,
    attributes: rawJson(r.attributes, {}),
    alarmStatus: r.alarm_status ?? null,
    handledByName: r.handled_by_name ?? null,
    handledAt: rawIsoOrNull(r.handled_at),
    note: r.note ?? null,
  };
}

/** The tenant and the rents in scope. */
export interface EventScope {
  tenantId: number;
  rentIds: readonly number[];
}

/** Conditions on the alarm list's events (`e`, its device `d` and car `c`). */
export interface AlarmFilter {
  status?: AlarmStatus;
  type?: GpsAlarmType;
  imei?: string;
  /** A `containsPattern` of the keyword. */
  like?: string;
  from?: string;
  to?: string;
}

export function alarmConditions(scope: EventScope, f: AlarmFilter): SQL[] {
  const conds = [
    sql`e.tenant_id = ${scope.tenantId}`,
    sql`e.rent_id = any(${idArray(scope.rentIds)})`,
    sql`e.alarm_status is not null`,
  ];
  if (f.status) conds.push(sql`e.alarm_status = ${f.status}`);
  if (f.type) conds.push(sql`e.type = ${f.type}`);
  if (f.imei) conds.push(sql`d.imei = ${f.imei}`);
  if (f.like) conds.push(sql`(d.imei ilike ${f.like} or c.plate ilike ${f.like})`);
  if (f.from) conds.push(sql`e.at >= ${f.from}::timestamptz`);
  if (f.to) conds.push(sql`e.at < ${f.to}::timestamptz`);
  return conds;
}

export interface EventFilter {
  deviceId?: number;
  carId?: number;
  type?: GpsEventType;
  from?: string;
  to?: string;
}

export function eventConditions(scope: EventScope, f: EventFilter): SQL[] {
  const conds = [sql`e.tenant_id = ${scope.tenantId}`, sql`e.rent_id = any(${idArray(scope.rentIds)})`];
  if (f.deviceId) conds.push(sql`e.device_id = ${f.deviceId}`);
  if (f.carId) conds.push(sql`e.car_id = ${f.carId}`);
  if (f.type) conds.push(sql`e.type = ${f.type}`);
  if (f.from) conds.push(sql`e.at >= ${f.from}::timestamptz`);
  if (f.to) conds.push(sql`e.at < ${f.to}::timestamptz`);
  return conds;
}

/** A page of events (newest first) matching all the conditions, and the count of all. */
export async function eventPage(
  db: DbOrTx,
  conds: SQL[],
  p: { limit: number; offset: number },
): Promise<{ rows: GpsEvent[]; total: number }> {
  const w = sql.join(conds, sql` and `);
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from gps_events e left join cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
     join gps_devices d on d.tenant_id = e.tenant_id and d.id = e.device_id where ${w}`,
  );
  const rows = await mapRows(
    db,
    sql`${SELECT} where ${w} order by e.at desc, e.id desc limit ${p.limit} offset ${p.offset}`,
    eventOf,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Unhandled alarms in scope. */
export async function countUnhandled(db: DbOrTx, scope: EventScope): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from gps_events
     where tenant_id = ${scope.tenantId} and alarm_status = 'unhandled' and rent_id = any(${idArray(scope.rentIds)})`,
  );
  return row?.n ?? 0;
}

/** An alarm's status, when the alarm is in scope. */
export async function alarmStatusOf(db: DbOrTx, scope: EventScope, id: number): Promise<AlarmStatus | undefined> {
  const [row] = await rowsOf<{ alarm_status: AlarmStatus }>(
    db,
    sql`select alarm_status from gps_events where tenant_id = ${scope.tenantId} and id = ${id}
       and rent_id = any(${idArray(scope.rentIds)}) and alarm_status is not null`,
  );
  return row?.alarm_status;
}

/** Settles the unhandled alarms in scope among `ids`; answers the ids that changed. */
export async function settleUnhandled(
  db: DbOrTx,
  scope: EventScope,
  ids: number[],
  s: { status: 'handled' | 'ignored'; note: string | null; userId: number; at: string },
): Promise<number[]> {
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`update gps_events set alarm_status = ${s.status}, note = ${s.note}, handled_by = ${s.userId},
       handled_at = ${s.at}
     where tenant_id = ${scope.tenantId} and id = any(${idArray(ids)}) and rent_id = any(${idArray(scope.rentIds)})
       and alarm_status = 'unhandled'
     returning id`,
  );
  return rows.map((r) => rawNumber(r.id));
}

export function eventsById(db: DbOrTx, tenantId: number, ids: number[]): Promise<GpsEvent[]> {
  return mapRows(db, sql`${SELECT} where e.tenant_id = ${tenantId} and e.id = any(${idArray(ids)})`, eventOf);
}

/** A month's alarms in scope by type (most first) and by day of the time zone. */
export async function alarmCounts(
  db: DbOrTx,
  scope: EventScope,
  month: { from: string; to: string; timeZone: string },
) {
  const where = sql`tenant_id = ${scope.tenantId} and rent_id = any(${idArray(scope.rentIds)})
    and alarm_status is not null and at >= ${month.from} and at < ${month.to}`;
  const byType = await rowsOf<{ type: GpsAlarmType; count: number; unhandled: number }>(
    db,
    sql`select type, count(*)::int as count, count(*) filter (where alarm_status = 'unhandled')::int as unhandled
     from gps_events where ${where} group by type order by count desc, type`,
  );
  const byDay = await rowsOf<{ day: string; count: number }>(
    db,
    sql`select to_char(at at time zone ${month.timeZone}, 'YYYY-MM-DD') as day, count(*)::int as count
     from gps_events where ${where} group by 1 order by 1`,
  );
  return { byType, byDay };
}
