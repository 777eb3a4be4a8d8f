import { sql, type SQL } from 'drizzle-orm';
import type {
  GpsCommand,
  GpsCommandDetail,
  GpsCommandParams,
  GpsCommandQuery,
  GpsCommandStatus,
  GpsCommandStepRow,
  GpsCommandType,
} from '@fleetdesk/contracts/gps-commands';
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
import { containsPattern } from '../../../core/like.js';

/** An operation-log row of a command (the service writes the log itself). */
export async function insertCommandLog(
  db: DbOrTx,
  e: {
    tenantId: number;
    rentId: number | null;
    userId: number | null;
    username: string | null;
    action: string;
    method: string;
    path: string;
    commandId: number;
    summary: Record<string, unknown>;
    at: string;
  },
): Promise<void> {
  await db.execute(sql`insert into operation_logs (tenant_id, rent_id, user_id, username, action, method, path,
       target_type, target_id, summary, created_at)
     values (${e.tenantId}, ${e.rentId}, ${e.userId}, ${e.username}, ${e.action}, ${e.method}, ${e.path}, 'gpsCommand',
       ${String(e.commandId)}, ${JSON.stringify(e.summary)}::jsonb, ${e.at})`);
}

/** The live speed of the devices whose last position the server received since `since`. */
export function recentSpeeds(db: DbOrTx, tenantId: number, deviceIds: number[], since: string) {
  return rowsOf<{ device_id: RawNumber; speed: number | null }>(
    db,
    sql`select device_id, speed from gps_last_positions
     where tenant_id = ${tenantId} and device_id = any(${idArray(deviceIds)}) and server_time >= ${since}`,
  );
}

/** A device of the tenant to queue a command for, with the actor's name and whether the actor is its user. */
export async function commandDevice(db: DbOrTx, tenantId: number, deviceId: number, actorId: number) {
  const [r] = await rowsOf<{
    id: RawNumber;
    rent_id: RawNumber;
    car_id: RawNumber | null;
    protocol: string;
    imei: string;
    actor: string | null;
    actor_known: boolean;
  }>(
    db,
    sql`select d.id, d.rent_id, d.car_id, d.protocol, d.imei,
       (select u.name from users u where u.tenant_id = d.tenant_id and u.id = ${actorId}) as actor,
       exists (select 1 from users u where u.tenant_id = d.tenant_id and u.id = ${actorId}) as actor_known
     from gps_devices d
     where d.tenant_id = ${tenantId} and d.id = ${deviceId}`,
  );
  return (
    r && {
      id: rawNumber(r.id),
      rentId: rawNumber(r.rent_id),
      carId: rawNumberOrNull(r.car_id),
      protocol: r.protocol,
      imei: r.imei,
      actor: r.actor ?? null,
      actorKnown: Boolean(r.actor_known),
    }
  );
}

export async function insertCommand(
  db: DbOrTx,
  v: {
    tenantId: number;
    rentId: number;
    deviceId: number;
    carId: number | null;
    commandType: GpsCommandType;
    params: GpsCommandParams;
    reason: string;
    source: GpsCommand['source'];
    riskCaseId: number | null;
    waitSafeSpeed: boolean;
    forced: boolean;
    createdBy: number | null;
    queuedAt: string;
    /** The timeline's first steps, a jsonb array's text. */
    steps: string;
  },
): Promise<number> {
  const [row] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`insert into gps_commands (tenant_id, rent_id, device_id, car_id, command_type, params, reason, source,
       risk_case_id, status, wait_safe_speed, forced, created_by, queued_at, steps)
     values (${v.tenantId}, ${v.rentId}, ${v.deviceId}, ${v.carId}, ${v.commandType}, ${JSON.stringify(v.params)}::jsonb,
       ${v.reason}, ${v.source}, ${v.riskCaseId}, 'queued', ${v.waitSafeSpeed}, ${v.forced}, ${v.createdBy},
       ${v.queuedAt}, ${v.steps}::jsonb)
     returning id`,
  );
  return rawNumber(row!.id);
}

/** Whether the device is the tenant's and in the rents. */
export async function deviceInRents(
  db: DbOrTx,
  tenantId: number,
  deviceId: number,
  rentIds: readonly number[],
): Promise<boolean> {
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from gps_devices where tenant_id = ${tenantId} and id = ${deviceId}
      and rent_id = any(${idArray(rentIds)})`,
  );
  return rows.length > 0;
}

const SELECT = sql`select c.id, c.device_id, d.imei, c.rent_id, r.name as rent_name, c.car_id, car.plate, c.command_type,
  c.params, c.reason, c.source, c.risk_case_id, c.status, c.wait_safe_speed, c.forced, c.created_by,
  u.name as created_by_name, c.queued_at, c.sent_at, c.answered_at, c.result_code, c.result_text, c.serial`;
const FROM = sql`from gps_commands c
  join gps_devices d on d.tenant_id = c.tenant_id and d.id = c.device_id
  join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
  left join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id
  left join users u on u.tenant_id = c.tenant_id and u.id = c.created_by`;

/** A row of `SELECT`. */
interface CommandRow {
  id: RawNumber;
  device_id: RawNumber;
  imei: string;
  rent_id: RawNumber;
  rent_name: string;
  car_id: RawNumber | null;
  plate: string | null;
  command_type: GpsCommandType;
  params: RawJson<GpsCommandParams>;
  reason: string;
  source: GpsCommand['source'];
  risk_case_id: RawNumber | null;
  status: GpsCommandStatus;
  wait_safe_speed: boolean;
  forced: boolean;
  created_by: RawNumber | null;
  created_by_name: string | null;
  queued_at: RawTime;
  sent_at: RawTime | null;
  answered_at: RawTime | null;
  result_code: number | null;
  result_text: string | null;
  serial: number | null;
}

function commandOf(r: CommandRow): GpsCommand {
  return {
    id: rawNumber(r.id),
    deviceId: rawNumber(r.device_id),
    imei: r.imei,
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    carId: rawNumberOrNull(r.car_id),
    plate: r.plate ?? null,
    commandType: r.command_type,
    params: rawJson(r.params, {}),
    reason: r.reason,
    source: r.source,
    riskCaseId: rawNumberOrNull(r.risk_case_id),
    status: r.status,
    waitSafeSpeed: Boolean(r.wait_safe_speed),
    forced: Boolean(r.forced),
    createdBy: rawNumberOrNull(r.created_by),
    createdByName: r.created_by_name ?? null,
    queuedAt: rawIso(r.queued_at),
    sentAt: rawIsoOrNull(r.sent_at),
    answeredAt: rawIsoOrNull(r.answered_at),
    resultCode: rawNumberOrNull(r.result_code),
    resultText: r.result_text ?? null,
    serial: rawNumberOrNull(r.serial),
  };
}

/** One command with its steps; with `rentIds`, only of those rents. */
export async function findCommand(
  db: DbOrTx,
  tenantId: number,
  id: number,
  rentIds?: readonly number[],
): Promise<GpsCommandDetail | undefined> {
  const scope = rentIds ? sql` and c.rent_id = any(${idArray(rentIds)})` : sql``;
  const [c] = await mapRows(
    db,
    sql`${SELECT}, c.steps ${FROM} where c.tenant_id = ${tenantId} and c.id = ${id}${scope}`,
    (r: CommandRow & { steps: RawJson<GpsCommandStepRow[]> }) => ({ ...commandOf(r), steps: rawJson(r.steps, []) }),
  );
  return c;
}

/** A page of the commands in the rents (newest first) and the count of all matching. */
export async function commandPage(
  db: DbOrTx,
  scope: { tenantId: number; rentIds: readonly number[] },
  q: Omit<GpsCommandQuery, 'pageNum' | 'pageSize'>,
  p: { limit: number; offset: number },
): Promise<{ rows: GpsCommand[]; total: number }> {
  const conds: SQL[] = [sql`c.tenant_id = ${scope.tenantId}`, sql`c.rent_id = any(${idArray(scope.rentIds)})`];
  if (q.commandName) conds.push(sql`c.command_type = ${q.commandName}`);
  if (q.deviceId) conds.push(sql`c.device_id = ${q.deviceId}`);
  if (q.status) conds.push(sql`c.status = ${q.status}`);
  if (q.source) conds.push(sql`c.source = ${q.source}`);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    conds.push(sql`(d.imei ilike ${like} or car.plate ilike ${like})`);
  }
  if (q.from) conds.push(sql`c.queued_at >= ${q.from}::timestamptz`);
  if (q.to) conds.push(sql`c.queued_at < ${q.to}::timestamptz`);
  const w = sql.join(conds, sql` and `);
  const [total] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${w}`);
  const rows = await mapRows(
    db,
    sql`${SELECT} ${FROM} where ${w} order by c.queued_at desc, c.id desc limit ${p.limit} offset ${p.offset}`,
    commandOf,
  );
  return { rows, total: total?.n ?? 0 };
}

/** Cancels the command if still queued; answers whether it was. */
export async function cancelQueued(db: DbOrTx, tenantId: number, id: number, at: string, step: string) {
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`update gps_commands set status = 'cancelled', updated_at = ${at}, steps = steps || ${step}::jsonb
     where tenant_id = ${tenantId} and id = ${id} and status = 'queued' returning id`,
  );
  return rows.length > 0;
}

/** Expires the commands queued before `cutoff` and not answered; answers them with the status they had. */
export async function expireBefore(db: DbOrTx, cutoff: string, now: string) {
  const rows = await rowsOf<{ tenant_id: RawNumber; id: RawNumber; rent_id: RawNumber; was: GpsCommandStatus }>(
    db,
    sql`with due as (
       select tenant_id, id, status from gps_commands
       where status in ('queued', 'sent') and queued_at < ${cutoff} for update skip locked
     )
     update gps_commands c set status = 'expired', updated_at = ${now},
       steps = c.steps || jsonb_build_array(jsonb_build_object('step', 'expired', 'at', ${now}::text,
         'note', case when due.status = 'sent' then 'no reply' else null end))
     from due where c.tenant_id = due.tenant_id and c.id = due.id
     returning c.tenant_id, c.id, c.rent_id, due.status as was`,
  );
  return rows.map((r) => ({
    tenantId: rawNumber(r.tenant_id),
    id: rawNumber(r.id),
    rentId: rawNumber(r.rent_id),
    was: r.was,
  }));
}

// The dispatcher's statements ----------------------------------------------------------------------------------

/** A queued command of a connected device, with the device's current auth code. */
export interface QueuedCommand {
  tenantId: number;
  id: number;
  deviceId: number;
  commandType: GpsCommandType;
  params: GpsCommandParams;
  forced: boolean;
  steps: { step: string; note?: string | null }[];
  authCode: string | null;
}

/** The queued commands of the devices queued since `since`, by device and id. */
export function queuedCommands(db: DbOrTx, deviceIds: number[], since: string): Promise<QueuedCommand[]> {
  return mapRows(
    db,
    sql`select c.tenant_id, c.id, c.device_id, c.command_type, c.params, c.forced, c.steps, d.auth_code
       from gps_commands c
       join gps_devices d on d.tenant_id = c.tenant_id and d.id = c.device_id
       where c.status = 'queued' and c.device_id = any(${idArray(deviceIds)}) and c.queued_at >= ${since}
       order by c.device_id, c.id`,
    (r: {
      tenant_id: RawNumber;
      id: RawNumber;
      device_id: RawNumber;
      command_type: GpsCommandType;
      params: RawJson<GpsCommandParams>;
      forced: boolean;
      steps: RawJson<{ step: string; note?: string | null }[]>;
      auth_code: string | null;
    }): QueuedCommand => ({
      tenantId: rawNumber(r.tenant_id),
      id: rawNumber(r.id),
      deviceId: rawNumber(r.device_id),
      commandType: r.command_type,
      params: rawJson(r.params, {}),
      forced: Boolean(r.forced),
      steps: rawJson(r.steps, []),
      authCode: r.auth_code,
    }),
  );
}

/** Adds a step (a `stepJson`) to the command's timeline while it has the status. */
export async function addCommandStep(
  db: DbOrTx,
  tenantId: number,
  id: number,
  status: 'queued' | 'sent',
  step: string,
  at: string,
): Promise<void> {
  await db.execute(sql`update gps_commands set steps = steps || ${step}::jsonb, updated_at = ${at}
     where tenant_id = ${tenantId} and id = ${id} and status = ${status}`);
}

/** Claims a queued command as sent with the downlink's serial; answers whether it was still queued. */
export async function claimSent(db: DbOrTx, tenantId: number, id: number, at: string, serial: number, step: string) {
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`update gps_commands set status = 'sent', sent_at = ${at}, serial = ${serial}, updated_at = ${at},
           steps = steps || ${step}::jsonb
         where tenant_id = ${tenantId} and id = ${id} and status = 'queued' returning id`,
  );
  return rows.length > 0;
}

/** A command that could not be sent is queued again. */
export async function requeue(db: DbOrTx, tenantId: number, id: number, step: string): Promise<void> {
  await db.execute(sql`update gps_commands set status = 'queued', sent_at = null, serial = null,
       steps = steps || ${step}::jsonb
     where tenant_id = ${tenantId} and id = ${id} and status = 'sent'`);
}

/** The device's sent command a reply's serial answers (the newest). */
export async function sentBySerial(db: DbOrTx, tenantId: number, deviceId: number, serial: number) {
  const [r] = await rowsOf<{
    id: RawNumber;
    rent_id: RawNumber;
    command_type: GpsCommandType;
    params: RawJson<GpsCommandParams>;
  }>(
    db,
    sql`select id, rent_id, command_type, params from gps_commands
       where tenant_id = ${tenantId} and device_id = ${deviceId} and status = 'sent' and serial = ${serial}
       order by sent_at desc, id desc limit 1`,
  );
  return (
    r && {
      id: rawNumber(r.id),
      rentId: rawNumber(r.rent_id),
      commandType: r.command_type,
      params: rawJson(r.params, {}),
    }
  );
}

/** Records the device's answer to a sent command; answers whether it was still sent. */
export async function answerCommand(
  db: DbOrTx,
  tenantId: number,
  id: number,
  a: { status: 'succeeded' | 'failed'; at: string; code: number; text: string; step: string },
): Promise<boolean> {
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`update gps_commands set status = ${a.status}, answered_at = ${a.at}, result_code = ${a.code},
         result_text = ${a.text}, updated_at = ${a.at}, steps = steps || ${a.step}::jsonb
       where tenant_id = ${tenantId} and id = ${id} and status = 'sent' returning id`,
  );
  return rows.length > 0;
}
