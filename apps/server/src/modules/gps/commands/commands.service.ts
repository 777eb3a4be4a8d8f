import type { Paged } from '@fleetdesk/contracts/common';
import {
  GPS_COMMAND_EXPIRY_HOURS,
  INTERVAL_MAX_SECONDS,
  INTERVAL_MIN_SECONDS,
  commandPermission,
  GPS_COMMAND_PERMISSION,
  type GpsCommand,
  type GpsCommandDetail,
  type GpsCommandInput,
  type GpsCommandQuery,
  type GpsCommandStep,
  type GpsCommandType,
} from '@fleetdesk/contracts/gps-commands';
import { hasPermission, type RequestContext } from '../../../core/access.js';
import type { AppDeps } from '../../../core/deps.js';
import { offsetOf, page } from '../../../core/envelope.js';
import { ConflictError, ForbiddenError, NotFoundError, invalidField } from '../../../core/errors.js';
import { tenantRules } from '../../settings/settings.service.js';
import {
  cancelQueued,
  commandDevice,
  commandPage,
  deviceInRents,
  expireBefore,
  findCommand,
  insertCommand,
  insertCommandLog,
  recentSpeeds,
} from './commands.repository.js';
import './commands.messages.js';

/** What the command service needs: `AppDeps` or any object with these. */
export type CommandDeps = Pick<AppDeps, 'db' | 'clock'>;
export type CommandCtx = Pick<
  RequestContext,
  'tenantId' | 'userId' | 'rentId' | 'username' | 'rentIds' | 'permissions'
>;
export interface QueueCommandInput {
  tenantId: number;
  actorId: number;
  deviceId: number;
  commandType: GpsCommandType;
  reason: string;
  params?: { intervalSeconds?: number };
  force?: boolean;
  waitSafeSpeed?: boolean;
  source?: 'manual' | 'risk';
  riskCaseId?: number | null;
}

/** Called after a command is queued; the dispatcher of this process (if it holds a gateway) sends it at once. */
const queuedListeners = new WeakMap<object, () => void>();
export function onCommandQueued(deps: object, listener: () => void): void {
  queuedListeners.set(deps, listener);
}

/** A step of the command's timeline, as a jsonb array of one element (`steps || ...`). */
export function stepJson(step: GpsCommandStep, at: Date, note: string | null = null): string {
  return JSON.stringify([{ step, at: at.toISOString(), note }]);
}

const API_PATHS: Record<string, string> = {
  'deviceCommand.send': '/api/ccwgps/deviceCommand/send',
  'deviceCommand.force': '/api/ccwgps/deviceCommand/send',
  'deviceCommand.cancel': '/api/ccwgps/deviceCommand/cancel',
};

/**
 * Writes an operation-log row for a command (queued, result, expiry): commands are queued by people and by the
 * risk engine and answered by devices, so the service writes the log itself (the route opts out of the hook).
 */
export async function logCommand(
  deps: Pick<AppDeps, 'db'>,
  entry: {
    tenantId: number;
    rentId: number | null;
    userId: number | null;
    username: string | null;
    action: string;
    commandId: number;
    summary: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await insertCommandLog(deps.db, {
    ...entry,
    method: API_PATHS[entry.action] ? 'PUT' : 'SYSTEM',
    path: API_PATHS[entry.action] ?? (entry.action === 'deviceCommand.result' ? 'jt808' : 'maintenance'),
    at: entry.at.toISOString(),
  });
}

/** The safe-speed check reads the positions the server received this recently (by server time, not fix time). */
export const RECENT_POSITION_SECONDS = 120;

/**
 * The devices' recent motion for the safe-speed check: the live position counts only when the server received it
 * in the last `RECENT_POSITION_SECONDS` (by server time: a fix time cannot vouch for itself, and one in the future
 * used to stay the live position for good). `positions` is 0 when nothing was received recently: the speed is
 * unknown, and a fuel cut waits.
 */
export async function recentMotion(
  deps: Pick<AppDeps, 'db'>,
  tenantId: number,
  deviceIds: number[],
  now: Date,
): Promise<Map<number, { positions: number; speed: number | null }>> {
  const since = new Date(now.getTime() - RECENT_POSITION_SECONDS * 1000).toISOString();
  const rows = await recentSpeeds(deps.db, tenantId, deviceIds, since);
  const out = new Map<number, { positions: number; speed: number | null }>();
  for (const id of deviceIds) out.set(id, { positions: 0, speed: null });
  for (const r of rows) out.set(Number(r.device_id), { positions: 1, speed: r.speed == null ? null : Number(r.speed) });
  return out;
}

/**
 * Queues a command for a device of the tenant (another tenant's device is 404). Refused with 409: a device whose
 * protocol cannot receive commands (OsmAnd), and a fuel cut while the device's last position is faster than the
 * tenant's safe speed (`gpsEvents.safeSpeedKmh`), unless `force` (sent regardless) or `waitSafeSpeed` (held
 * until a position at or below the safe speed). Permissions and the caller's rents are the caller's business
 * (`sendCommand` checks them for the API; the risk engine checks its approval). Written to the operation log.
 */
export async function queueCommand(
  deps: CommandDeps,
  input: QueueCommandInput,
): Promise<{ id: number; status: string }> {
  const device = await commandDevice(deps.db, input.tenantId, input.deviceId, input.actorId);
  if (!device) throw new NotFoundError('gps.deviceNotFound');
  if (device.protocol === 'osmand') throw new ConflictError('gps.commandProtocol', { protocol: 'OsmAnd' }, 'protocol');
  const reason = input.reason.trim();
  if (!reason || reason.length > 200) throw invalidField('reason', 'v.gpsCommandReason');
  const params: { intervalSeconds?: number } = {};
  if (input.commandType === 'interval') {
    const s = input.params?.intervalSeconds;
    if (s === undefined || !Number.isInteger(s) || s < INTERVAL_MIN_SECONDS || s > INTERVAL_MAX_SECONDS)
      throw invalidField('params.intervalSeconds', 'v.gpsCommandInterval');
    params.intervalSeconds = s;
  }
  // Only a fuel cut is held back by the safe speed: `force` means nothing for the other commands.
  const force = input.force === true && input.commandType === 'fuelCut';
  const waitSafeSpeed = input.commandType === 'fuelCut' && input.waitSafeSpeed === true && !force;
  const now = deps.clock.now();
  const steps: { step: GpsCommandStep; at: string; note: string | null }[] = [
    { step: 'queued', at: now.toISOString(), note: null },
  ];
  if (input.commandType === 'fuelCut') {
    const safe = (await tenantRules(deps, input.tenantId)).gpsEvents.safeSpeedKmh;
    // Positions received recently only; without any the dispatcher holds the command until there are.
    const motion = (await recentMotion(deps, input.tenantId, [device.id], now)).get(device.id);
    const speed = motion?.speed ?? null;
    if (speed !== null && speed > safe) {
      if (!force && !waitSafeSpeed)
        throw new ConflictError('gps.commandTooFast', { speed: Math.round(speed), safe }, 'tooFast');
      if (waitSafeSpeed)
        steps.push({ step: 'held', at: now.toISOString(), note: `${Math.round(speed)} > ${safe} km/h` });
    }
  }
  const source = input.source ?? 'manual';
  const id = await insertCommand(deps.db, {
    tenantId: input.tenantId,
    rentId: device.rentId,
    deviceId: device.id,
    carId: device.carId,
    commandType: input.commandType,
    params,
    reason,
    source,
    riskCaseId: input.riskCaseId ?? null,
    waitSafeSpeed,
    forced: force,
    // An actor who is no user of the tenant (a system actor of the risk engine) is kept in the log only.
    createdBy: device.actorKnown ? input.actorId : null,
    queuedAt: now.toISOString(),
    steps: JSON.stringify(steps),
  });
  await logCommand(deps, {
    tenantId: input.tenantId,
    rentId: device.rentId,
    userId: device.actorKnown ? input.actorId : null,
    username: device.actor,
    // A forced fuel cut has its own action, so that the log lists them.
    action: force ? 'deviceCommand.force' : 'deviceCommand.send',
    commandId: id,
    summary: {
      deviceId: device.id,
      imei: device.imei,
      commandType: input.commandType,
      params,
      reason,
      source,
      riskCaseId: input.riskCaseId ?? null,
      actorId: input.actorId,
      force,
      waitSafeSpeed,
    },
    at: now,
  });
  queuedListeners.get(deps)?.();
  return { id, status: 'queued' };
}

/** The API's send: the command's own permission element, and a device of the caller's rents (else 404). */
export async function sendCommand(
  deps: CommandDeps,
  ctx: CommandCtx,
  deviceId: number,
  input: GpsCommandInput,
): Promise<GpsCommandDetail> {
  const permission = commandPermission(input.commandType);
  if (!hasPermission(ctx.permissions, permission))
    throw new ForbiddenError(permission.endsWith(':fuelCut') ? 'gps.commandPermission' : 'error.forbidden');
  // A forced fuel cut skips the approval and the safe speed: its own element.
  if (input.force && input.commandType === 'fuelCut' && !hasPermission(ctx.permissions, GPS_COMMAND_PERMISSION.force))
    throw new ForbiddenError('gps.forcePermission');
  if (!(await deviceInRents(deps.db, ctx.tenantId, deviceId, ctx.rentIds)))
    throw new NotFoundError('gps.deviceNotFound');
  const { id } = await queueCommand(deps, {
    tenantId: ctx.tenantId,
    actorId: ctx.userId,
    deviceId,
    commandType: input.commandType,
    reason: input.reason,
    params: input.params,
    force: input.force,
    waitSafeSpeed: input.waitSafeSpeed,
    source: 'manual',
  });
  return commandById(deps, ctx.tenantId, id);
}

/**
 * One command with its steps (status, times, the device's reply). Another tenant's command is 404; with
 * `rentIds`, so is a command of a rent outside them.
 */
export async function commandById(
  deps: Pick<AppDeps, 'db'>,
  tenantId: number,
  id: number,
  rentIds?: readonly number[],
): Promise<GpsCommandDetail> {
  const c = await findCommand(deps.db, tenantId, id, rentIds);
  if (!c) throw new NotFoundError('gps.commandNotFound');
  return c;
}

/** Commands of the caller's rents, newest first. */
export async function listCommands(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<RequestContext, 'tenantId' | 'rentIds'>,
  q: GpsCommandQuery,
): Promise<Paged<GpsCommand>> {
  const { rows, total } = await commandPage(deps.db, ctx, q, { limit: q.pageSize, offset: offsetOf(q) });
  return page(rows, total, q);
}

/** Cancels a command still queued (the caller needs the command's own permission). */
export async function cancelCommand(deps: CommandDeps, ctx: CommandCtx, id: number): Promise<GpsCommandDetail> {
  const before = await commandById(deps, ctx.tenantId, id, ctx.rentIds);
  const permission = commandPermission(before.commandType);
  if (!hasPermission(ctx.permissions, permission))
    throw new ForbiddenError(permission.endsWith(':fuelCut') ? 'gps.commandPermission' : 'error.forbidden');
  const now = deps.clock.now();
  const cancelled = await cancelQueued(
    deps.db,
    ctx.tenantId,
    id,
    now.toISOString(),
    stepJson('cancelled', now, ctx.username ?? null),
  );
  if (!cancelled) throw new ConflictError('gps.commandNotQueued', { status: before.status });
  await logCommand(deps, {
    tenantId: ctx.tenantId,
    rentId: before.rentId,
    userId: ctx.userId,
    username: ctx.username ?? null,
    action: 'deviceCommand.cancel',
    commandId: id,
    summary: { commandType: before.commandType, imei: before.imei },
    at: now,
  });
  return commandById(deps, ctx.tenantId, id);
}

/**
 * Expires commands not delivered (queued) or not answered (sent) within 24 h (the schedule `gps.expireCommands`,
 * every minute). Each expiry is in the operation log. Answers how many expired.
 */
export async function expireCommands(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - GPS_COMMAND_EXPIRY_HOURS * 3600_000);
  const rows = await expireBefore(deps.db, cutoff.toISOString(), now.toISOString());
  for (const r of rows)
    await logCommand(deps, {
      tenantId: r.tenantId,
      rentId: r.rentId,
      userId: null,
      username: null,
      action: 'deviceCommand.expire',
      commandId: r.id,
      summary: { was: r.was },
      at: now,
    });
  return rows.length;
}
