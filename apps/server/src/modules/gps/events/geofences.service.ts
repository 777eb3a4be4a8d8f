import type { Geofence, GeofenceDevice, GeofenceInput } from '@fleetdesk/contracts/gps-events';
import type { PageQuery, Paged } from '@fleetdesk/contracts/common';
import type { AppDeps } from '../../../core/deps.js';
import { offsetOf, page } from '../../../core/envelope.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../core/errors.js';
import { rentInScope, scopeFor } from '../../../core/access.js';
import { containsPattern } from '../../../core/like.js';
import type { Ctx } from './alarms.service.js';
import { boxOf, contains } from './geo.js';
import { invalidateGeofences } from './geofence-index.js';
import {
  countDevicesInScope,
  deleteBindings,
  deleteGeofenceRow,
  fenceDevicePage,
  findGeofence,
  forgetInStates,
  geofencePage,
  insertBindings,
  insertGeofence,
  updateGeofenceRow,
  type GeofenceValues,
} from './geofences.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const paging = (q: PageQuery) => ({ limit: q.pageSize, offset: offsetOf(q) });

export async function listGeofences(
  deps: Deps,
  ctx: Ctx,
  q: PageQuery & { keyword?: string; rentId?: number; deviceId?: number },
): Promise<Paged<Geofence>> {
  const { rows, total } = await geofencePage(
    deps.db,
    { tenantId: ctx.tenantId, rentIds: scopeFor(ctx, q.rentId).rentIds },
    { like: q.keyword ? containsPattern(q.keyword) : undefined, deviceId: q.deviceId },
    paging(q),
  );
  return page(rows, total, q);
}

export async function getGeofence(deps: Deps, ctx: Ctx, id: number): Promise<Geofence> {
  const g = await findGeofence(deps.db, ctx, id);
  if (!g) throw new NotFoundError('gps.geofenceNotFound');
  return g;
}

function valuesOf(input: GeofenceInput, rentId: number): GeofenceValues {
  const radius = input.kind === 'polygon' ? null : input.radius;
  const box = boxOf({ kind: input.kind, points: input.points, radius });
  return {
    rentId,
    name: input.name,
    kind: input.kind,
    points: input.points,
    radius,
    box,
    alarmOnEnter: input.alarmOnEnter,
    alarmOnExit: input.alarmOnExit,
    remark: input.remark,
  };
}

export async function createGeofence(deps: Deps, ctx: Ctx, input: GeofenceInput): Promise<Geofence> {
  const rentId = input.rentId ?? ctx.rentIds[0];
  if (rentId === undefined) throw new ForbiddenError('error.rentForbidden');
  rentInScope(ctx, rentId);
  const id = await insertGeofence(deps.db, ctx.tenantId, {
    ...valuesOf(input, rentId),
    createdBy: ctx.userId,
    speedLimitKmh: input.speedLimitKmh ?? null,
  });
  invalidateGeofences(deps, ctx.tenantId);
  return getGeofence(deps, ctx, id);
}

export async function updateGeofence(deps: Deps, ctx: Ctx, id: number, input: GeofenceInput): Promise<Geofence> {
  const before = await getGeofence(deps, ctx, id);
  const rentId = input.rentId ?? before.rentId;
  rentInScope(ctx, rentId);
  await updateGeofenceRow(deps.db, ctx.tenantId, id, {
    ...valuesOf(input, rentId),
    speedLimitKmh: input.speedLimitKmh,
  });
  invalidateGeofences(deps, ctx.tenantId);
  return getGeofence(deps, ctx, id);
}

export async function deleteGeofence(deps: Deps, ctx: Ctx, id: number): Promise<Geofence> {
  const before = await getGeofence(deps, ctx, id);
  await deleteGeofenceRow(deps.db, ctx.tenantId, id);
  // Forgotten in the devices' states, so that leaving a binding raises no exit.
  await forgetInStates(deps.db, ctx.tenantId, id, null);
  invalidateGeofences(deps, ctx.tenantId);
  return before;
}

/** Devices bound to the geofence (`bound`) or not, with whether their last position is inside. */
export async function geofenceDevices(
  deps: Deps,
  ctx: Ctx,
  id: number,
  bound: boolean,
  q: PageQuery & { keyword?: string },
): Promise<Paged<GeofenceDevice>> {
  const fence = await getGeofence(deps, ctx, id);
  const { rows, total } = await fenceDevicePage(
    deps.db,
    ctx,
    id,
    bound,
    q.keyword ? containsPattern(q.keyword) : undefined,
    paging(q),
  );
  const shape = { kind: fence.kind, points: fence.points, radius: fence.radius };
  return page(
    rows.map((r) => ({
      id: r.id,
      imei: r.imei,
      model: r.model,
      plate: r.plate,
      rentName: r.rentName,
      inside: r.last ? contains(shape, r.last.lat, r.last.lon) : null,
    })),
    total,
    q,
  );
}

/** Binds devices of the caller's rents to the geofence; a device outside them is 404. Returns how many are new. */
export async function bindDevices(deps: Deps, ctx: Ctx, id: number, deviceIds: number[]): Promise<number> {
  await getGeofence(deps, ctx, id);
  if ((await countDevicesInScope(deps.db, ctx, deviceIds)) !== new Set(deviceIds).size)
    throw new NotFoundError('gps.deviceNotFound');
  const added = await insertBindings(deps.db, ctx.tenantId, id, [...new Set(deviceIds)]);
  invalidateGeofences(deps, ctx.tenantId);
  return added;
}

export async function unbindDevices(deps: Deps, ctx: Ctx, id: number, deviceIds: number[]): Promise<number> {
  await getGeofence(deps, ctx, id);
  const removed = await deleteBindings(deps.db, ctx, id, deviceIds);
  if (!removed) throw new ConflictError('gps.geofenceNotBound');
  await forgetInStates(deps.db, ctx.tenantId, id, deviceIds);
  invalidateGeofences(deps, ctx.tenantId);
  return removed;
}
