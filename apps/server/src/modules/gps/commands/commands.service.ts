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
import { containsPattern } from '../../../core/like.js';
import './commands.messages.js';

/** What the command service needs: `AppDeps` or any object with these. */
export type CommandDeps = Pick<AppDeps, 'database' | 'db' | 'clock'>;
export type CommandCtx = Pick<
  RequestContext,
  'tenantId' | 'userId' | 'rentId' | 'username' | 'rentIds' | 'permissions'
>;
type Row = Record<string, unknown>;

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

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v == null ? null : Number(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

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
  deps: Pick<AppDeps, 'database'>,
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
  await deps.database.query(
    `insert into operation_logs (tenant_id, rent_id, user_id, username, action, method, path, target_type, target_id,
       summary, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'gpsCommand', $8, $9::jsonb, $10)`,
    [
      entry.tenantId,
      entry.rentId,
      entry.userId,
      entry.username,
      entry.action,
      API_PATHS[entry.action] ? 'PUT' : 'SYSTEM',
      API_PATHS[entry.action] ?? (entry.action === 'deviceCommand.result' ? 'jt808' : 'maintenance'),
      String(entry.commandId),
      JSON.stringify(entry.summary),
      entry.at.toISOString(),
    ],
  );
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
  deps: Pick<AppDeps, 'database'>,
  tenantId: number,
  deviceIds: number[],
  now: Date,
): Promise<Map<number, { positions: number; speed: number | null }>> {
  const since = new Date(now.getTime() - RECENT_POSITION_SECONDS * 1000).toISOString();
  const { rows } = await deps.database.query<{ device_id: number; speed: number | null }>(
    `select device_id, speed from gps_last_positions
     where tenant_id = $1 and device_id = any($2::int8[]) and server_time >= $3`,
    [tenantId, deviceIds, since],
  );
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
  const { rows } = await deps.database.query<Row>(
    `select d.id, d.rent_id, d.car_id, d.protocol, d.imei,
       (select u.name from users u where u.tenant_id = d.tenant_id and u.id = $3) as actor,
       exists (select 1 from users u where u.tenant_id = d.tenant_id and u.id = $3) as actor_known
     from gps_devices d
     where d.tenant_id = $1 and d.id = $2`,
    [input.tenantId, input.deviceId, input.actorId],
  );
  const device = rows[0];
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
    const motion = (await recentMotion(deps, input.tenantId, [Number(device.id)], now)).get(Number(device.id));
    const speed = motion?.speed ?? null;
    if (speed !== null && speed > safe) {
      if (!force && !waitSafeSpeed)
        throw new ConflictError('gps.commandTooFast', { speed: Math.round(speed), safe }, 'tooFast');
      if (waitSafeSpeed)
        steps.push({ step: 'held', at: now.toISOString(), note: `${Math.round(speed)} > ${safe} km/h` });
    }
  }
  const source = input.source ?? 'manual';
  const { rows: inserted } = await deps.database.query<{ id: number }>(
    `insert into gps_commands (tenant_id, rent_id, device_id, car_id, command_type, params, reason, source,
       risk_case_id, status, wait_safe_speed, forced, created_by, queued_at, steps)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, 'queued', $10, $11, $12, $13, $14::jsonb)
     returning id`,
    [
      input.tenantId,
      device.rent_id,
      device.id,
      device.car_id,
      input.commandType,
      JSON.stringify(params),
      reason,
      source,
      input.riskCaseId ?? null,
      waitSafeSpeed,
      force,
      // An actor who is no user of the tenant (a system actor of the risk engine) is kept in the log only.
      device.actor_known ? input.actorId : null,
      now.toISOString(),
      JSON.stringify(steps),
    ],
  );
  const id = Number(inserted[0]!.id);
  await logCommand(deps, {
    tenantId: input.tenantId,
    rentId: Number(device.rent_id),
    userId: device.actor_known ? input.actorId : null,
    username: (device.actor as string | null) ?? null,
    // A forced fuel cut has its own action, so that the log lists them.
    action: force ? 'deviceCommand.force' : 'deviceCommand.send',
    commandId: id,
    summary: {
      deviceId: Number(device.id),
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
  const { rows } = await deps.database.query<{ id: number }>(
    'select id from gps_devices where tenant_id = $1 and id = $2 and rent_id = any($3::int8[])',
    [ctx.tenantId, deviceId, [...ctx.rentIds]],
  );
  if (!rows[0]) throw new NotFoundError('gps.deviceNotFound');
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

const SELECT = `select c.id, c.device_id, d.imei, c.rent_id, r.name as rent_name, c.car_id, car.plate, c.command_type,
  c.params, c.reason, c.source, c.risk_case_id, c.status, c.wait_safe_speed, c.forced, c.created_by,
  u.name as created_by_name, c.queued_at, c.sent_at, c.answered_at, c.result_code, c.result_text, c.serial`;
const FROM = `from gps_commands c
  join gps_devices d on d.tenant_id = c.tenant_id and d.id = c.device_id
  join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
  left join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id
  left join users u on u.tenant_id = c.tenant_id and u.id = c.created_by`;

function commandOf(r: Row): GpsCommand {
  return {
    id: Number(r.id),
    deviceId: Number(r.device_id),
    imei: String(r.imei),
    rentId: Number(r.rent_id),
    rentName: String(r.rent_name),
    carId: num(r.car_id),
    plate: (r.plate as string | null) ?? null,
    commandType: r.command_type as GpsCommandType,
    params: json<{ intervalSeconds?: number }>(r.params),
    reason: String(r.reason),
    source: r.source as GpsCommand['source'],
    riskCaseId: num(r.risk_case_id),
    status: r.status as GpsCommand['status'],
    waitSafeSpeed: Boolean(r.wait_safe_speed),
    forced: Boolean(r.forced),
    createdBy: num(r.created_by),
    createdByName: (r.created_by_name as string | null) ?? null,
    queuedAt: iso(r.queued_at)!,
    sentAt: iso(r.sent_at),
    answeredAt: iso(r.answered_at),
    resultCode: num(r.result_code),
    resultText: (r.result_text as string | null) ?? null,
    serial: num(r.serial),
  };
}

/**
 * One command with its steps (status, times, the device's reply). Another tenant's command is 404; with
 * `rentIds`, so is a command of a rent outside them.
 */
export async function commandById(
  deps: Pick<AppDeps, 'database'>,
  tenantId: number,
  id: number,
  rentIds?: readonly number[],
): Promise<GpsCommandDetail> {
  const params: unknown[] = [tenantId, id];
  let scope = '';
  if (rentIds) {
    params.push([...rentIds]);
    scope = ' and c.rent_id = any($3::int8[])';
  }
  const { rows } = await deps.database.query<Row>(
    `${SELECT}, c.steps ${FROM} where c.tenant_id = $1 and c.id = $2${scope}`,
    params,
  );
  const r = rows[0];
  if (!r) throw new NotFoundError('gps.commandNotFound');
  return { ...commandOf(r), steps: json<GpsCommandDetail['steps']>(r.steps) };
}

/** Commands of the caller's rents, newest first. */
export async function listCommands(
  deps: Pick<AppDeps, 'database'>,
  ctx: Pick<RequestContext, 'tenantId' | 'rentIds'>,
  q: GpsCommandQuery,
): Promise<Paged<GpsCommand>> {
  const params: unknown[] = [ctx.tenantId, [...ctx.rentIds]];
  const where = ['c.tenant_id = $1', 'c.rent_id = any($2::int8[])'];
  const add = (clause: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(clause(`$${params.length}`));
  };
  if (q.commandName) add((n) => `c.command_type = ${n}`, q.commandName);
  if (q.deviceId) add((n) => `c.device_id = ${n}`, q.deviceId);
  if (q.status) add((n) => `c.status = ${n}`, q.status);
  if (q.source) add((n) => `c.source = ${n}`, q.source);
  if (q.keyword) add((n) => `(d.imei ilike ${n} or car.plate ilike ${n})`, containsPattern(q.keyword));
  if (q.from) add((n) => `c.queued_at >= ${n}::timestamptz`, q.from);
  if (q.to) add((n) => `c.queued_at < ${n}::timestamptz`, q.to);
  const w = where.join(' and ');
  const { rows: total } = await deps.database.query<{ n: number }>(
    `select count(*)::int as n ${FROM} where ${w}`,
    params,
  );
  const { rows } = await deps.database.query<Row>(
    `${SELECT} ${FROM} where ${w} order by c.queued_at desc, c.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    params,
  );
  return page(rows.map(commandOf), total[0]?.n ?? 0, q);
}

/** Cancels a command still queued (the caller needs the command's own permission). */
export async function cancelCommand(deps: CommandDeps, ctx: CommandCtx, id: number): Promise<GpsCommandDetail> {
  const before = await commandById(deps, ctx.tenantId, id, ctx.rentIds);
  const permission = commandPermission(before.commandType);
  if (!hasPermission(ctx.permissions, permission))
    throw new ForbiddenError(permission.endsWith(':fuelCut') ? 'gps.commandPermission' : 'error.forbidden');
  const now = deps.clock.now();
  const { rows } = await deps.database.query<{ id: number }>(
    `update gps_commands set status = 'cancelled', updated_at = $3, steps = steps || $4::jsonb
     where tenant_id = $1 and id = $2 and status = 'queued' returning id`,
    [ctx.tenantId, id, now.toISOString(), stepJson('cancelled', now, ctx.username ?? null)],
  );
  if (!rows[0]) throw new ConflictError('gps.commandNotQueued', { status: before.status });
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
export async function expireCommands(deps: Pick<AppDeps, 'database' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - GPS_COMMAND_EXPIRY_HOURS * 3600_000);
  const { rows } = await deps.database.query<{ tenant_id: number; id: number; rent_id: number; was: string }>(
    `with due as (
       select tenant_id, id, status from gps_commands
       where status in ('queued', 'sent') and queued_at < $1 for update skip locked
     )
     update gps_commands c set status = 'expired', updated_at = $2,
       steps = c.steps || jsonb_build_array(jsonb_build_object('step', 'expired', 'at', $3::text,
         'note', case when due.status = 'sent' then 'no reply' else null end))
     from due where c.tenant_id = due.tenant_id and c.id = due.id
     returning c.tenant_id, c.id, c.rent_id, due.status as was`,
    [cutoff.toISOString(), now.toISOString(), now.toISOString()],
  );
  for (const r of rows)
    await logCommand(deps, {
      tenantId: Number(r.tenant_id),
      rentId: Number(r.rent_id),
      userId: null,
      username: null,
      action: 'deviceCommand.expire',
      commandId: Number(r.id),
      summary: { was: r.was },
      at: now,
    });
  return rows.length;
}
