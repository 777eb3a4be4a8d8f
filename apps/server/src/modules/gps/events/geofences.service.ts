import type { Geofence, GeofenceDevice, GeofenceInput } from '@fleetdesk/contracts/gps-events';
import type { PageQuery, Paged } from '@fleetdesk/contracts/common';
import type { AppDeps } from '../../../core/deps.js';
import { offsetOf, page } from '../../../core/envelope.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../core/errors.js';
import { rentInScope, scopeFor } from '../../../core/access.js';
import { containsPattern } from '../../../core/like.js';
import type { Ctx } from './alarms.service.js';
import { boxOf, contains, type LatLon } from './geo.js';
import { invalidateGeofences } from './geofence-index.js';

type Deps = Pick<AppDeps, 'database' | 'clock'>;
type Row = Record<string, unknown>;

const SELECT = `select g.id, g.rent_id, r.name as rent_name, g.name, g.kind, g.points, g.radius, g.alarm_on_enter,
  g.alarm_on_exit, g.speed_limit_kmh, g.remark, g.created_at,
  (select count(*)::int from gps_device_geofences l where l.tenant_id = g.tenant_id and l.geofence_id = g.id) as devices
  from gps_geofences g join rents r on r.tenant_id = g.tenant_id and r.id = g.rent_id`;

function geofenceOf(r: Row): Geofence {
  return {
    id: Number(r.id),
    rentId: Number(r.rent_id),
    rentName: String(r.rent_name),
    name: String(r.name),
    kind: r.kind as Geofence['kind'],
    points: (typeof r.points === 'string' ? JSON.parse(r.points) : r.points) as [number, number][],
    radius: r.radius == null ? null : Number(r.radius),
    alarmOnEnter: Boolean(r.alarm_on_enter),
    alarmOnExit: Boolean(r.alarm_on_exit),
    speedLimitKmh: r.speed_limit_kmh == null ? null : Number(r.speed_limit_kmh),
    remark: (r.remark as string | null) ?? null,
    devices: Number(r.devices ?? 0),
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

export async function listGeofences(
  deps: Deps,
  ctx: Ctx,
  q: PageQuery & { keyword?: string; rentId?: number; deviceId?: number },
): Promise<Paged<Geofence>> {
  const params: unknown[] = [ctx.tenantId, scopeFor(ctx, q.rentId).rentIds];
  const where = ['g.tenant_id = $1', 'g.rent_id = any($2::int8[])'];
  if (q.keyword) {
    params.push(containsPattern(q.keyword));
    where.push(`g.name ilike $${params.length}`);
  }
  if (q.deviceId) {
    params.push(q.deviceId);
    where.push(
      `exists (select 1 from gps_device_geofences l where l.tenant_id = g.tenant_id and l.geofence_id = g.id and l.device_id = $${params.length})`,
    );
  }
  const w = where.join(' and ');
  const { rows: total } = await deps.database.query<{ n: number }>(
    `select count(*)::int as n from gps_geofences g where ${w}`,
    params,
  );
  const { rows } = await deps.database.query<Row>(
    `${SELECT} where ${w} order by g.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  return page(rows.map(geofenceOf), total[0]?.n ?? 0, q);
}

export async function getGeofence(deps: Deps, ctx: Ctx, id: number): Promise<Geofence> {
  const { rows } = await deps.database.query<Row>(
    `${SELECT} where g.tenant_id = $1 and g.id = $2 and g.rent_id = any($3::int8[])`,
    [ctx.tenantId, id, [...ctx.rentIds]],
  );
  if (!rows[0]) throw new NotFoundError('gps.geofenceNotFound');
  return geofenceOf(rows[0]);
}

function shapeValues(input: GeofenceInput) {
  const radius = input.kind === 'polygon' ? null : input.radius;
  const box = boxOf({ kind: input.kind, points: input.points as LatLon[], radius });
  return { radius, box };
}

export async function createGeofence(deps: Deps, ctx: Ctx, input: GeofenceInput): Promise<Geofence> {
  const rentId = input.rentId ?? ctx.rentIds[0];
  if (rentId === undefined) throw new ForbiddenError('error.rentForbidden');
  rentInScope(ctx, rentId);
  const { radius, box } = shapeValues(input);
  const { rows } = await deps.database.query<{ id: number }>(
    `insert into gps_geofences (tenant_id, rent_id, name, kind, points, radius, min_lat, min_lon, max_lat, max_lon,
       alarm_on_enter, alarm_on_exit, remark, created_by, speed_limit_kmh)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
    [
      ctx.tenantId,
      rentId,
      input.name,
      input.kind,
      JSON.stringify(input.points),
      radius,
      box.minLat,
      box.minLon,
      box.maxLat,
      box.maxLon,
      input.alarmOnEnter,
      input.alarmOnExit,
      input.remark,
      ctx.userId,
      input.speedLimitKmh ?? null,
    ],
  );
  invalidateGeofences(deps, ctx.tenantId);
  return getGeofence(deps, ctx, Number(rows[0]!.id));
}

export async function updateGeofence(deps: Deps, ctx: Ctx, id: number, input: GeofenceInput): Promise<Geofence> {
  const before = await getGeofence(deps, ctx, id);
  const rentId = input.rentId ?? before.rentId;
  rentInScope(ctx, rentId);
  const { radius, box } = shapeValues(input);
  await deps.database.query(
    `update gps_geofences set rent_id = $3, name = $4, kind = $5, points = $6::jsonb, radius = $7, min_lat = $8,
       min_lon = $9, max_lat = $10, max_lon = $11, alarm_on_enter = $12, alarm_on_exit = $13, remark = $14,
       speed_limit_kmh = case when $15::boolean then $16::int else speed_limit_kmh end, updated_at = now()
     where tenant_id = $1 and id = $2`,
    [
      ctx.tenantId,
      id,
      rentId,
      input.name,
      input.kind,
      JSON.stringify(input.points),
      radius,
      box.minLat,
      box.minLon,
      box.maxLat,
      box.maxLon,
      input.alarmOnEnter,
      input.alarmOnExit,
      input.remark,
      input.speedLimitKmh !== undefined,
      input.speedLimitKmh ?? null,
    ],
  );
  invalidateGeofences(deps, ctx.tenantId);
  return getGeofence(deps, ctx, id);
}

/** Forgets the geofences in the devices' states, so that leaving a binding raises no exit. */
async function forgetInStates(deps: Deps, tenantId: number, geofenceId: number, deviceIds: number[] | null) {
  await deps.database.query(
    `update gps_event_states set geofence_ids = array_remove(geofence_ids, $2::int8)
     where tenant_id = $1 and $2::int8 = any(geofence_ids) and ($3::int8[] is null or device_id = any($3::int8[]))`,
    [tenantId, geofenceId, deviceIds],
  );
}

export async function deleteGeofence(deps: Deps, ctx: Ctx, id: number): Promise<Geofence> {
  const before = await getGeofence(deps, ctx, id);
  await deps.database.query('delete from gps_geofences where tenant_id = $1 and id = $2', [ctx.tenantId, id]);
  await forgetInStates(deps, ctx.tenantId, id, null);
  invalidateGeofences(deps, ctx.tenantId);
  return before;
}

const DEVICE_SELECT = `select d.id, d.imei, d.model, c.plate, r.name as rent_name, l.lat, l.lon
  from gps_devices d
  join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
  left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
  left join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id`;

/** Devices bound to the geofence (`bound`) or not, with whether their last position is inside. */
export async function geofenceDevices(
  deps: Deps,
  ctx: Ctx,
  id: number,
  bound: boolean,
  q: PageQuery & { keyword?: string },
): Promise<Paged<GeofenceDevice>> {
  const fence = await getGeofence(deps, ctx, id);
  const params: unknown[] = [ctx.tenantId, [...ctx.rentIds], id];
  const where = [
    'd.tenant_id = $1',
    'd.rent_id = any($2::int8[])',
    `${bound ? '' : 'not '}exists (select 1 from gps_device_geofences x where x.tenant_id = d.tenant_id and x.device_id = d.id and x.geofence_id = $3)`,
  ];
  if (q.keyword) {
    params.push(containsPattern(q.keyword));
    where.push(`(d.imei ilike $${params.length} or c.plate ilike $${params.length})`);
  }
  const w = where.join(' and ');
  const { rows: total } = await deps.database.query<{ n: number }>(
    `select count(*)::int as n from gps_devices d left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id where ${w}`,
    params,
  );
  const { rows } = await deps.database.query<Row>(
    `${DEVICE_SELECT} where ${w} order by d.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  const shape = { kind: fence.kind, points: fence.points as LatLon[], radius: fence.radius };
  return page(
    rows.map((r) => ({
      id: Number(r.id),
      imei: String(r.imei),
      model: String(r.model),
      plate: (r.plate as string | null) ?? null,
      rentName: String(r.rent_name),
      inside: r.lat == null ? null : contains(shape, Number(r.lat), Number(r.lon)),
    })),
    total[0]?.n ?? 0,
    q,
  );
}

/** Binds devices of the caller's rents to the geofence; a device outside them is 404. Returns how many are new. */
export async function bindDevices(deps: Deps, ctx: Ctx, id: number, deviceIds: number[]): Promise<number> {
  await getGeofence(deps, ctx, id);
  const { rows } = await deps.database.query<{ id: number }>(
    'select id from gps_devices where tenant_id = $1 and id = any($2::int8[]) and rent_id = any($3::int8[])',
    [ctx.tenantId, deviceIds, [...ctx.rentIds]],
  );
  if (rows.length !== new Set(deviceIds).size) throw new NotFoundError('gps.deviceNotFound');
  const { rows: added } = await deps.database.query(
    `insert into gps_device_geofences (tenant_id, geofence_id, device_id)
     select $1, $2, unnest($3::int8[]) on conflict do nothing returning device_id`,
    [ctx.tenantId, id, [...new Set(deviceIds)]],
  );
  invalidateGeofences(deps, ctx.tenantId);
  return added.length;
}

export async function unbindDevices(deps: Deps, ctx: Ctx, id: number, deviceIds: number[]): Promise<number> {
  await getGeofence(deps, ctx, id);
  const { rows } = await deps.database.query(
    `delete from gps_device_geofences l using gps_devices d
     where l.tenant_id = $1 and l.geofence_id = $2 and l.device_id = any($3::int8[])
       and d.tenant_id = l.tenant_id and d.id = l.device_id and d.rent_id = any($4::int8[])
     returning l.device_id`,
    [ctx.tenantId, id, deviceIds, [...ctx.rentIds]],
  );
  if (!rows.length) throw new ConflictError('gps.geofenceNotBound');
  await forgetInStates(deps, ctx.tenantId, id, deviceIds);
  invalidateGeofences(deps, ctx.tenantId);
  return rows.length;
}
