import type { AlarmQuery, AlarmStatics, EventQuery, GpsAlarmType, GpsEvent } from '@fleetdesk/contracts/gps-events';
import type { Paged } from '@fleetdesk/contracts/common';
import { scopeFor, type RequestContext } from '../../../core/access.js';
import type { AppDeps } from '../../../core/deps.js';
import { offsetOf, page } from '../../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { containsPattern } from '../../../core/like.js';
import { monthBounds, tenantZone } from '../../../core/tenant-time.js';
import './gps-events.messages.js';

export type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'rentIds' | 'lang'>;
type Deps = Pick<AppDeps, 'database' | 'db' | 'clock'>;
type Row = Record<string, unknown>;

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v == null ? null : Number(v));

const SELECT = `select e.id, e.device_id, d.imei, e.rent_id, r.name as rent_name, e.car_id, c.plate, e.type, e.at,
  e.lat, e.lon, e.speed, e.geofence_id, g.name as geofence_name, e.attributes, e.alarm_status, u.name as handled_by_name,
  e.handled_at, e.note
  from gps_events e
  join gps_devices d on d.tenant_id = e.tenant_id and d.id = e.device_id
  join rents r on r.tenant_id = e.tenant_id and r.id = e.rent_id
  left join cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
  left join gps_geofences g on g.tenant_id = e.tenant_id and g.id = e.geofence_id
  left join users u on u.tenant_id = e.tenant_id and u.id = e.handled_by`;

function eventOf(r: Row): GpsEvent {
  return {
    id: Number(r.id),
    deviceId: Number(r.device_id),
    imei: String(r.imei),
    rentId: Number(r.rent_id),
    rentName: String(r.rent_name),
    carId: num(r.car_id),
    plate: (r.plate as string | null) ?? null,
    type: r.type as GpsEvent['type'],
    at: iso(r.at)!,
    lat: num(r.lat),
    lon: num(r.lon),
    speed: num(r.speed),
    geofenceId: num(r.geofence_id),
    geofenceName: (r.geofence_name as string | null) ?? null,
    attributes: (typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes) as Record<string, unknown>,
    alarmStatus: (r.alarm_status as GpsEvent['alarmStatus']) ?? null,
    handledByName: (r.handled_by_name as string | null) ?? null,
    handledAt: iso(r.handled_at),
    note: (r.note as string | null) ?? null,
  };
}

async function pageOf(
  deps: Deps,
  where: string[],
  params: unknown[],
  q: { pageNum: number; pageSize: number },
): Promise<Paged<GpsEvent>> {
  const w = where.join(' and ');
  const { rows: total } = await deps.database.query<{ n: number }>(
    `select count(*)::int as n from gps_events e left join cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
     join gps_devices d on d.tenant_id = e.tenant_id and d.id = e.device_id where ${w}`,
    params,
  );
  const { rows } = await deps.database.query<Row>(
    `${SELECT} where ${w} order by e.at desc, e.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  return page(rows.map(eventOf), total[0]?.n ?? 0, q);
}

/** Alarms of the caller's rents, newest first, with filters. */
export async function listAlarms(deps: Deps, ctx: Ctx, q: AlarmQuery & { imei?: string }): Promise<Paged<GpsEvent>> {
  const params: unknown[] = [ctx.tenantId, scopeFor(ctx, q.rentId).rentIds];
  const where = ['e.tenant_id = $1', 'e.rent_id = any($2::int8[])', 'e.alarm_status is not null'];
  const add = (clause: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(clause(`$${params.length}`));
  };
  if (q.status) add((n) => `e.alarm_status = ${n}`, q.status);
  if (q.type) add((n) => `e.type = ${n}`, q.type);
  if (q.imei) add((n) => `d.imei = ${n}`, q.imei);
  if (q.keyword) add((n) => `(d.imei ilike ${n} or c.plate ilike ${n})`, containsPattern(q.keyword));
  if (q.from) add((n) => `e.at >= ${n}::timestamptz`, q.from);
  if (q.to) add((n) => `e.at < ${n}::timestamptz`, q.to);
  return pageOf(deps, where, params, q);
}

/** Every event (online, ignition... and alarms) of the caller's rents, newest first. */
export async function listEvents(deps: Deps, ctx: Ctx, q: EventQuery & { carId?: number }): Promise<Paged<GpsEvent>> {
  const params: unknown[] = [ctx.tenantId, [...ctx.rentIds]];
  const where = ['e.tenant_id = $1', 'e.rent_id = any($2::int8[])'];
  const add = (clause: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(clause(`$${params.length}`));
  };
  if (q.deviceId) add((n) => `e.device_id = ${n}`, q.deviceId);
  if (q.carId) add((n) => `e.car_id = ${n}`, q.carId);
  if (q.type) add((n) => `e.type = ${n}`, q.type);
  if (q.from) add((n) => `e.at >= ${n}::timestamptz`, q.from);
  if (q.to) add((n) => `e.at < ${n}::timestamptz`, q.to);
  return pageOf(deps, where, params, q);
}

/** The header badge: unhandled alarms of the caller's rents. */
export async function unhandledCount(deps: Deps, ctx: Ctx): Promise<number> {
  const { rows } = await deps.database.query<{ n: number }>(
    `select count(*)::int as n from gps_events
     where tenant_id = $1 and alarm_status = 'unhandled' and rent_id = any($2::int8[])`,
    [ctx.tenantId, [...ctx.rentIds]],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Marks alarms handled (with a note) or ignored. Only unhandled alarms of the caller's rents change; an id
 * outside them is 404 (one alarm) or skipped (a batch: the count says how many changed).
 */
export async function settleAlarms(
  deps: Deps,
  ctx: Ctx,
  ids: number[],
  status: 'handled' | 'ignored',
  note: string | null,
  one: boolean,
): Promise<{ changed: number; rows: GpsEvent[] }> {
  if (one) {
    const { rows } = await deps.database.query<{ alarm_status: string }>(
      `select alarm_status from gps_events where tenant_id = $1 and id = $2 and rent_id = any($3::int8[])
       and alarm_status is not null`,
      [ctx.tenantId, ids[0], [...ctx.rentIds]],
    );
    if (!rows[0]) throw new NotFoundError('gps.alarmNotFound');
    if (rows[0].alarm_status !== 'unhandled') throw new ConflictError('gps.alarmSettled');
  }
  const { rows } = await deps.database.query<{ id: number }>(
    `update gps_events set alarm_status = $4, note = $5, handled_by = $6, handled_at = $7
     where tenant_id = $1 and id = any($2::int8[]) and rent_id = any($3::int8[]) and alarm_status = 'unhandled'
     returning id`,
    [ctx.tenantId, ids, [...ctx.rentIds], status, note, ctx.userId, deps.clock.now().toISOString()],
  );
  const changed = rows.map((r) => Number(r.id));
  if (!changed.length) return { changed: 0, rows: [] };
  const { rows: full } = await deps.database.query<Row>(`${SELECT} where e.tenant_id = $1 and e.id = any($2::int8[])`, [
    ctx.tenantId,
    changed,
  ]);
  return { changed: changed.length, rows: full.map(eventOf) };
}

/** A month's alarms by type and by day; the month and its days are the tenant's (its time zone). */
export async function alarmStatics(deps: Deps, ctx: Ctx, q: { month: string; rentId?: number }): Promise<AlarmStatics> {
  const timeZone = await tenantZone(deps.db, ctx.tenantId);
  const { from, to } = monthBounds(timeZone, q.month);
  const params = [ctx.tenantId, scopeFor(ctx, q.rentId).rentIds, from.toISOString(), to.toISOString()];
  const where = `tenant_id = $1 and rent_id = any($2::int8[]) and alarm_status is not null and at >= $3 and at < $4`;
  const { rows: byType } = await deps.database.query<{ type: GpsAlarmType; count: number; unhandled: number }>(
    `select type, count(*)::int as count, count(*) filter (where alarm_status = 'unhandled')::int as unhandled
     from gps_events where ${where} group by type order by count desc, type`,
    params,
  );
  const { rows: byDay } = await deps.database.query<{ day: string; count: number }>(
    `select to_char(at at time zone $5, 'YYYY-MM-DD') as day, count(*)::int as count
     from gps_events where ${where} group by 1 order by 1`,
    [...params, timeZone],
  );
  return {
    month: q.month,
    total: byType.reduce((s, r) => s + r.count, 0),
    unhandled: byType.reduce((s, r) => s + r.unhandled, 0),
    byType: byType.map((r) => ({ type: r.type, count: r.count, unhandled: r.unhandled })),
    byDay: byDay.map((r) => ({ day: r.day, count: r.count })),
  };
}
