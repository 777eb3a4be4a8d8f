import { sql } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import {
  PROPOSABLE_STATES,
  type CloseRiskCaseInput,
  type ContractRiskSummary,
  type ProposeFuelCutInput,
  type RiskBoard,
  type RiskCaseDetail,
  type RiskCaseQuery,
  type RiskCaseRow,
  type RiskCloseReason,
  type RiskEvidence,
  type RiskRule,
  type RiskState,
  type RiskStep,
} from '@fleetdesk/contracts/gps-risk';
import { ONLINE_SECONDS } from '@fleetdesk/contracts/gps';
import type { TenantRules } from '@fleetdesk/contracts/organisation';
import type { Paged } from '@fleetdesk/contracts/common';
import { hasPermission, scopeFor, type RequestContext } from '../../../core/access.js';
import {
  idArray,
  rawIso,
  rawIsoOrNull,
  rawJson,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawJson,
  type RawNumber,
  type RawTime,
  type Tx,
} from '../../../core/db.js';
import type { AppDeps } from '../../../core/deps.js';
import { offsetOf, page } from '../../../core/envelope.js';
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { containsPattern } from '../../../core/like.js';
import { tenantDays } from '../../../core/tenant-time.js';
import { registerApprovalType, startApproval, type ApprovalTypeDefinition } from '../../approvals/approvals.service.js';
import { tenantRules } from '../../settings/settings.service.js';
import { commandById, queueCommand } from '../commands/commands.service.js';
import { addressesOf } from '../geocode.service.js';
import './risk.messages.js';

export type Ctx = Pick<RequestContext, 'tenantId' | 'userId' | 'rentIds' | 'lang'> &
  Partial<Pick<RequestContext, 'rentId'>>;
/** The engine needs the database and the clock only (the demo seed runs it inside its transaction). */
type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type RiskRules = TenantRules['gpsRisk'];

const num = rawNumberOrNull;

/** The positions kept as evidence: the device's last ones up to the trigger. */
const EVIDENCE_POSITIONS = 10;
/** Alarms kept as evidence per case (the newest). */
const EVIDENCE_ALARMS = 50;

/** What a case stores as evidence (the answer's `RiskEvidence` plus the overdue figures of the last evaluation). */
interface StoredEvidence extends RiskEvidence {
  overdueFen: number;
  overdueDays: number;
}
/** A case's evidence is never null (the column is not); the reader's default all the same. */
const EMPTY_EVIDENCE: StoredEvidence = {
  triggers: [],
  alarms: [],
  positions: [],
  bills: [],
  overdueFen: 0,
  overdueDays: 0,
};

export interface Trigger {
  rule: RiskRule;
  at: Date;
  /** Unique per fact (an event id, a silence since a time): a trigger whose key the case holds adds nothing. */
  key: string;
  eventIds: number[];
  note: string | null;
}

// Contracts and overdue rent --------------------------------------------------------------------------------

interface ContractRef {
  id: number;
  number: string;
  groupNo: string;
  driverId: number;
}

/** The car's signed contract (the car is rented while it has one), or null. */
async function signedContract(db: DbOrTx, tenantId: number, carId: number): Promise<ContractRef | null> {
  const [k] = await rowsOf<{ id: RawNumber; number: string; group_no: string; driver_id: RawNumber }>(
    db,
    sql`select id, number, group_no, driver_id from rental_contracts
      where tenant_id = ${tenantId} and car_id = ${carId} and state = 'signed'
      order by signed_at desc nulls last, id desc limit 1`,
  );
  return k
    ? { id: Number(k.id), number: String(k.number), groupNo: String(k.group_no), driverId: Number(k.driver_id) }
    : null;
}

interface Overdue {
  fen: number;
  days: number;
  bills: RiskEvidence['bills'];
}

/**
 * Overdue rent of the contract's group (as the debt view counts it): open lines, late fees aside, past their due
 * date + `rentGraceDays` in the tenant's today; the days count from that deadline.
 */
export async function overdueOf(
  db: DbOrTx,
  tenantId: number,
  groupNo: string,
  now: Date,
  graceDays: number,
): Promise<Overdue> {
  const today = (await tenantDays(db, tenantId, now)).today;
  const rows = await rowsOf<{
    id: RawNumber;
    number: string;
    type: string;
    period: number | null;
    due_date: string;
    amount_fen: RawNumber;
    paid_fen: RawNumber;
    days: number;
  }>(
    db,
    sql`select l.id, k.number, l.type, l.period, l.due_date::text as due_date, l.amount_fen, l.paid_fen,
        (${today}::date - l.due_date - ${graceDays}::int) as days
      from rental_payment_lines l
      join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
      where l.tenant_id = ${tenantId} and k.group_no = ${groupNo} and k.state <> 'cancelled'
        and l.valid and l.state in ('unpaid', 'partial') and l.type <> 'lateFee' and l.amount_fen > 0
        and l.due_date < ${today}::date - ${graceDays}::int
      order by l.due_date, l.id`,
  );
  let fen = 0;
  let days = 0;
  const bills = rows.map((r) => {
    const outstanding = Number(r.amount_fen) - Number(r.paid_fen);
    fen += outstanding;
    days = Math.max(days, Number(r.days));
    return {
      lineId: Number(r.id),
      contractNo: String(r.number),
      type: String(r.type),
      period: num(r.period),
      dueDate: String(r.due_date),
      amount: fenToYuan(Number(r.amount_fen)),
      outstanding: fenToYuan(outstanding),
      days: Number(r.days),
    };
  });
  return { fen, days, bills };
}

// Raising cases ----------------------------------------------------------------------------------------------

async function addStep(
  tx: DbOrTx,
  tenantId: number,
  caseId: number,
  kind: RiskStep['kind'],
  at: Date,
  actorId: number | null,
  note: string | null = null,
  data: Record<string, unknown> = {},
) {
  await rowsOf(
    tx,
    sql`insert into gps_risk_steps (tenant_id, case_id, kind, actor_id, note, data, at)
      values (${tenantId}, ${caseId}, ${kind}, ${actorId}, ${note}, ${JSON.stringify(data)}::jsonb, ${at.toISOString()})`,
  );
}

async function positionsOf(tx: DbOrTx, tenantId: number, deviceId: number, upTo: Date) {
  const rows = await rowsOf<{ lat: number; lon: number; fix_time: RawTime; speed: number | null }>(
    tx,
    sql`select lat, lon, fix_time, speed from gps_positions
      where tenant_id = ${tenantId} and device_id = ${deviceId} and fix_time <= ${upTo.toISOString()}
      order by fix_time desc limit ${EVIDENCE_POSITIONS}`,
  );
  return rows.map((r) => ({ lat: Number(r.lat), lon: Number(r.lon), at: rawIso(r.fix_time), speed: num(r.speed) }));
}

async function alarmsOf(tx: DbOrTx, tenantId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await rowsOf<{
    id: RawNumber;
    type: string;
    at: RawTime;
    lat: number | null;
    lon: number | null;
    geofence_name: string | null;
  }>(
    tx,
    sql`select e.id, e.type, e.at, e.lat, e.lon, g.name as geofence_name from gps_events e
      left join gps_geofences g on g.tenant_id = e.tenant_id and g.id = e.geofence_id
      where e.tenant_id = ${tenantId} and e.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by e.at`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    at: rawIso(r.at),
    lat: num(r.lat),
    lon: num(r.lon),
    geofenceName: r.geofence_name ?? null,
  }));
}

/**
 * Raises a case for the car, or adds the triggers to its open case (one open case per car: a partial unique
 * index). Evidence: the triggers, their alarms, the device's last positions and the overdue bills. Triggers the
 * case already holds (same key) add nothing. Returns the case id, or null when nothing was new.
 */
export async function raiseCase(
  tx: Tx,
  input: {
    tenantId: number;
    rentId: number;
    carId: number;
    deviceId: number | null;
    contract: ContractRef;
    triggers: Trigger[];
    overdue: Overdue;
    now: Date;
  },
): Promise<number | null> {
  const { tenantId, carId, deviceId, contract, overdue, now } = input;
  if (!input.triggers.length) return null;
  const first = input.triggers[0]!;
  const lastAt = new Date(Math.max(...input.triggers.map((t) => t.at.getTime())));
  const positions = deviceId ? await positionsOf(tx, tenantId, deviceId, lastAt) : [];
  const trig = (t: Trigger) => ({
    rule: t.rule,
    at: t.at.toISOString(),
    key: t.key,
    eventIds: t.eventIds,
    note: t.note,
  });
  const evidence: StoredEvidence = {
    triggers: input.triggers.map(trig),
    alarms: await alarmsOf(
      tx,
      tenantId,
      input.triggers.flatMap((t) => t.eventIds),
    ),
    positions,
    bills: overdue.bills,
    overdueFen: overdue.fen,
    overdueDays: overdue.days,
  };
  const [created] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into gps_risk_cases (tenant_id, rent_id, car_id, device_id, driver_id, contract_id, rule, state,
        evidence, raised_at, updated_at)
      values (${tenantId}, ${input.rentId}, ${carId}, ${deviceId}, ${contract.driverId}, ${contract.id}, ${first.rule},
        'open', ${JSON.stringify(evidence)}::jsonb, ${now.toISOString()}, ${now.toISOString()})
      on conflict (tenant_id, car_id) where state <> 'closed' do nothing
      returning id`,
  );
  if (created) {
    const id = Number(created.id);
    await addStep(tx, tenantId, id, 'raised', now, null, null, {
      rules: input.triggers.map((t) => t.rule),
      eventIds: input.triggers.flatMap((t) => t.eventIds),
      overdueAmount: fenToYuan(overdue.fen),
      overdueDays: overdue.days,
    });
    return id;
  }
  const [open] = await rowsOf<{ id: RawNumber; evidence: RawJson<StoredEvidence> }>(
    tx,
    sql`select id, evidence from gps_risk_cases where tenant_id = ${tenantId} and car_id = ${carId}
      and state <> 'closed' for update`,
  );
  if (!open) return null;
  const id = Number(open.id);
  const held = rawJson(open.evidence, EMPTY_EVIDENCE);
  const keys = new Set(held.triggers.map((t) => t.key));
  const fresh = input.triggers.filter((t) => !keys.has(t.key));
  if (!fresh.length) return null;
  const merged: StoredEvidence = {
    triggers: [...held.triggers, ...fresh.map(trig)],
    alarms: [
      ...held.alarms,
      ...(await alarmsOf(
        tx,
        tenantId,
        fresh.flatMap((t) => t.eventIds),
      )),
    ].slice(-EVIDENCE_ALARMS),
    positions: positions.length ? positions : held.positions,
    bills: overdue.bills,
    overdueFen: overdue.fen,
    overdueDays: overdue.days,
  };
  await rowsOf(
    tx,
    sql`update gps_risk_cases set evidence = ${JSON.stringify(merged)}::jsonb, updated_at = ${now.toISOString()}
      where tenant_id = ${tenantId} and id = ${id}`,
  );
  await addStep(tx, tenantId, id, 'evidence', now, null, null, {
    rules: fresh.map((t) => t.rule),
    eventIds: fresh.flatMap((t) => t.eventIds),
  });
  return id;
}

/** The rules of a tenant with the grace days the overdue deadline needs. */
async function rulesOf(db: DbOrTx, tenantId: number) {
  const all = await tenantRules(db, tenantId);
  return { risk: all.gpsRisk, graceDays: all.rentGraceDays };
}

/** An event the events pipeline has just stored that a risk rule looks at. */
export interface RiskEventRow {
  tenant_id: RawNumber;
  id: RawNumber;
  device_id: RawNumber;
  car_id: RawNumber | null;
  type: string;
  at: RawTime;
}

export const RISK_EVENT_TYPES = ['geofenceExit', 'powerCut', 'tamper'] as const;

/**
 * The events hook: the pipeline hands over the geofence exits, power cuts and tamper alarms of a batch (nothing
 * is called for a batch without them). One query keeps the cars that are rented (a signed contract); for each,
 * the tenant's switches decide: a power cut or tamper alarm raises a case at once, a geofence exit only when the
 * contract's rent is overdue more than `overdueDays`.
 */
export async function evaluateEvents(deps: Deps, events: RiskEventRow[]): Promise<number> {
  const withCar = events.filter((e) => e.car_id != null);
  if (!withCar.length) return 0;
  const rented = await rowsOf<{
    tenant_id: RawNumber;
    car_id: RawNumber;
    rent_id: RawNumber;
    id: RawNumber;
    number: string;
    group_no: string;
    driver_id: RawNumber;
  }>(
    deps.db,
    sql`select distinct on (k.tenant_id, k.car_id) k.tenant_id, k.car_id, c.rent_id, k.id, k.number, k.group_no,
        k.driver_id
      from unnest(${idArray(withCar.map((e) => Number(e.tenant_id)))},
        ${idArray(withCar.map((e) => Number(e.car_id)))}) as x(tenant_id, car_id)
      join rental_contracts k on k.tenant_id = x.tenant_id and k.car_id = x.car_id and k.state = 'signed'
      join cars c on c.tenant_id = k.tenant_id and c.id = k.car_id
      order by k.tenant_id, k.car_id, k.signed_at desc nulls last, k.id desc`,
  );
  let raised = 0;
  const now = deps.clock.now();
  for (const r of rented) {
    const tenantId = Number(r.tenant_id);
    const carId = Number(r.car_id);
    const contract: ContractRef = {
      id: Number(r.id),
      number: String(r.number),
      groupNo: String(r.group_no),
      driverId: Number(r.driver_id),
    };
    const mine = withCar.filter((e) => Number(e.tenant_id) === tenantId && Number(e.car_id) === carId);
    const done = await deps.db.transaction(async (tx) => {
      const { risk, graceDays } = await rulesOf(tx, tenantId);
      const overdue = await overdueOf(tx, tenantId, contract.groupNo, now, graceDays);
      const triggers: Trigger[] = [];
      for (const e of mine) {
        const at = new Date(e.at);
        const id = Number(e.id);
        if (e.type === 'geofenceExit' && risk.geofenceExitOverdue && overdue.days > risk.overdueDays)
          triggers.push({ rule: 'geofenceExitOverdue', at, key: `event:${id}`, eventIds: [id], note: null });
        if (e.type === 'powerCut' && risk.powerCutRented)
          triggers.push({ rule: 'powerCutRented', at, key: `event:${id}`, eventIds: [id], note: null });
        if (e.type === 'tamper' && risk.powerCutRented)
          triggers.push({ rule: 'tamperRented', at, key: `event:${id}`, eventIds: [id], note: null });
      }
      return raiseCase(tx, {
        tenantId,
        rentId: Number(r.rent_id),
        carId,
        deviceId: Number(mine[mine.length - 1]!.device_id),
        contract,
        triggers,
        overdue,
        now,
      });
    });
    if (done) raised++;
  }
  return raised;
}

// The periodic job --------------------------------------------------------------------------------------------

/**
 * Every minute (the schedule `gps.risk`): the rules of `sweepRules`, then approved fuel cuts not sent yet and the
 * answers of those sent.
 */
export async function sweepRisk(
  deps: SendDeps,
): Promise<{ raised: number; closed: number; sent: number; answered: number }> {
  const { raised, closed } = await sweepRules(deps);
  const sent = await sendApprovedFuelCuts(deps);
  const answered = await followFuelCuts(deps, deps.clock.now());
  return { raised, closed, sent, answered };
}

/**
 * The periodic rules: rented cars whose device is silent longer than `silentHours`; rented cars outside every
 * geofence bound to their device whose rent is now overdue more than `overdueDays` (the exit came before the
 * rent was that late); cases whose debt is now paid close (`debtPaid`).
 */
export async function sweepRules(deps: Deps): Promise<{ raised: number; closed: number }> {
  const now = deps.clock.now();
  let raised = 0;
  // The rules are each tenant's (tenantRules, with the contracts' defaults): one query per tenant that has trackers.
  const tenants = await rowsOf<{ tenant_id: number }>(deps.db, sql`select distinct tenant_id from gps_event_states`);
  const silent: (CarDeviceRow & { server_time: RawTime })[] = [];
  const outside: CarDeviceRow[] = [];
  for (const { tenant_id } of tenants) {
    const tenantId = Number(tenant_id);
    const rules = (await tenantRules(deps.db, tenantId)).gpsRisk;
    // Silent: the device's last message (any) is older than the tenant's silentHours.
    if (rules.silentRented) {
      silent.push(
        ...(await rowsOf<CarDeviceRow & { server_time: RawTime }>(
          deps.db,
          sql`select d.tenant_id, d.id as device_id, d.car_id, c.rent_id, s.server_time
          from gps_event_states s
          join gps_devices d on d.tenant_id = s.tenant_id and d.id = s.device_id
          join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
          where s.tenant_id = ${tenantId}
            and s.server_time < ${now.toISOString()}::timestamptz - make_interval(hours => ${rules.silentHours}::int)
            and exists (select 1 from rental_contracts k where k.tenant_id = d.tenant_id and k.car_id = d.car_id
              and k.state = 'signed')
            and not exists (select 1 from gps_risk_cases rc where rc.tenant_id = d.tenant_id and rc.car_id = d.car_id
              and rc.state <> 'closed' and rc.evidence->'triggers' @> jsonb_build_array(jsonb_build_object('key',
                'silent:' || d.id || ':' || (extract(epoch from s.server_time) * 1000)::bigint)))`,
        )),
      );
    }
    // Outside its geofences while the rent became overdue: devices bound to geofences whose last position was in none.
    if (rules.geofenceExitOverdue) {
      outside.push(
        ...(await rowsOf<CarDeviceRow>(
          deps.db,
          sql`select d.tenant_id, d.id as device_id, d.car_id, c.rent_id
          from gps_event_states s
          join gps_devices d on d.tenant_id = s.tenant_id and d.id = s.device_id
          join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
          where s.tenant_id = ${tenantId} and cardinality(s.geofence_ids) = 0
            and exists (select 1 from gps_device_geofences b where b.tenant_id = d.tenant_id and b.device_id = d.id)
            and exists (select 1 from rental_contracts k where k.tenant_id = d.tenant_id and k.car_id = d.car_id
              and k.state = 'signed')
            and not exists (select 1 from gps_risk_cases rc where rc.tenant_id = d.tenant_id and rc.car_id = d.car_id
              and rc.state <> 'closed' and rc.evidence->'triggers' @> '[{"rule": "geofenceExitOverdue"}]'::jsonb)`,
        )),
      );
    }
  }
  for (const r of silent) {
    const since = new Date(r.server_time);
    const hours = Math.floor((now.getTime() - since.getTime()) / 3_600_000);
    if (
      await raiseFor(deps, r, now, (_risk, _overdue) => ({
        rule: 'silentRented',
        at: now,
        key: `silent:${Number(r.device_id)}:${since.getTime()}`,
        eventIds: [],
        note: `${hours}h`,
      }))
    )
      raised++;
  }
  for (const r of outside) {
    if (
      await raiseFor(deps, r, now, (risk, overdue) =>
        overdue.days > risk.overdueDays
          ? {
              rule: 'geofenceExitOverdue',
              at: now,
              key: `outside:${Number(r.device_id)}`,
              eventIds: [],
              note: null,
            }
          : null,
      )
    )
      raised++;
  }
  const closed = await closePaid(deps, now);
  return { raised, closed };
}

/** A rented car's device a periodic rule looks at. */
interface CarDeviceRow {
  tenant_id: RawNumber;
  device_id: RawNumber;
  car_id: RawNumber;
  rent_id: RawNumber;
}

async function raiseFor(
  deps: Deps,
  r: CarDeviceRow,
  now: Date,
  decide: (risk: RiskRules, overdue: Overdue) => Trigger | null,
): Promise<boolean> {
  const tenantId = Number(r.tenant_id);
  const carId = Number(r.car_id);
  const id = await deps.db.transaction(async (tx) => {
    const contract = await signedContract(tx, tenantId, carId);
    if (!contract) return null;
    const { risk, graceDays } = await rulesOf(tx, tenantId);
    const overdue = await overdueOf(tx, tenantId, contract.groupNo, now, graceDays);
    const trigger = decide(risk, overdue);
    if (!trigger) return null;
    return raiseCase(tx, {
      tenantId,
      rentId: Number(r.rent_id),
      carId,
      deviceId: Number(r.device_id),
      contract,
      triggers: [trigger],
      overdue,
      now,
    });
  });
  return id != null;
}

/**
 * Cases raised with rent overdue whose contract group now owes nothing overdue close as `debtPaid` (by the
 * engine); the others get the overdue figures of now.
 */
async function closePaid(deps: Deps, now: Date): Promise<number> {
  const cases = await rowsOf<{
    tenant_id: RawNumber;
    id: RawNumber;
    evidence: RawJson<StoredEvidence>;
    group_no: string;
  }>(
    deps.db,
    sql`select rc.tenant_id, rc.id, rc.evidence, k.group_no from gps_risk_cases rc
      join rental_contracts k on k.tenant_id = rc.tenant_id and k.id = rc.contract_id
      where rc.state <> 'closed' and (rc.evidence->>'overdueFen')::bigint > 0`,
  );
  let closed = 0;
  for (const c of cases) {
    const tenantId = Number(c.tenant_id);
    const id = Number(c.id);
    await deps.db.transaction(async (tx) => {
      const { graceDays } = await rulesOf(tx, tenantId);
      const overdue = await overdueOf(tx, tenantId, String(c.group_no), now, graceDays);
      const held = rawJson(c.evidence, EMPTY_EVIDENCE);
      if (overdue.fen > 0) {
        if (overdue.fen === held.overdueFen && overdue.days === held.overdueDays) return;
        const evidence = { ...held, bills: overdue.bills, overdueFen: overdue.fen, overdueDays: overdue.days };
        await rowsOf(
          tx,
          sql`update gps_risk_cases set evidence = ${JSON.stringify(evidence)}::jsonb
            where tenant_id = ${tenantId} and id = ${id} and state <> 'closed'`,
        );
        return;
      }
      const done = await rowsOf(
        tx,
        sql`update gps_risk_cases set state = 'closed', close_reason = 'debtPaid', closed_at = ${now.toISOString()},
            updated_at = ${now.toISOString()},
            evidence = jsonb_set(evidence, '{overdueFen}', '0'::jsonb)
          where tenant_id = ${tenantId} and id = ${id} and state <> 'closed' returning id`,
      );
      if (done.length) {
        await addStep(tx, tenantId, id, 'closed', now, null, null, {
          reason: 'debtPaid',
          paidAmount: fenToYuan(held.overdueFen),
        });
        closed++;
      }
    });
  }
  return closed;
}

// Fuel cut ----------------------------------------------------------------------------------------------------

async function lockCase(tx: Tx, tenantId: number, id: number) {
  const [c] = await rowsOf<LockedCase>(
    tx,
    sql`select rc.*, c.plate, k.number as contract_no, k.group_no, k.state as contract_state from gps_risk_cases rc
      join cars c on c.tenant_id = rc.tenant_id and c.id = rc.car_id
      left join rental_contracts k on k.tenant_id = rc.tenant_id and k.id = rc.contract_id
      where rc.tenant_id = ${tenantId} and rc.id = ${id} for update of rc`,
  );
  return c;
}

/** What the writers read of a locked case (`rc.*` and its car's plate and contract). */
interface LockedCase {
  id: RawNumber;
  rent_id: RawNumber;
  device_id: RawNumber | null;
  rule: RiskRule;
  state: RiskState;
  plate: string;
  contract_no: string | null;
  group_no: string | null;
  contract_state: string | null;
}

function inScope<C extends { rent_id: RawNumber }>(ctx: Ctx, c: C | undefined): C {
  if (!c || !ctx.rentIds.includes(Number(c.rent_id))) throw new NotFoundError('gpsRisk.notFound');
  return c;
}

/**
 * Proposes a fuel cut: an approval of business type `fuelCut` (the case as business id; form: plate, contract
 * number, overdue amount, reason). The case waits in `fuelCutProposed` until the outcome.
 */
export async function proposeFuelCut(deps: AppDeps, ctx: Ctx, id: number, input: ProposeFuelCutInput) {
  await deps.db.transaction(async (tx) => {
    const c = inScope(ctx, await lockCase(tx, ctx.tenantId, id));
    if (c.state === 'closed') throw new ConflictError('gpsRisk.closed');
    if (!PROPOSABLE_STATES.includes(c.state)) throw new ConflictError('gpsRisk.notProposable');
    if (c.device_id == null) throw new ConflictError('gpsRisk.noDevice');
    const now = deps.clock.now();
    // An open reason, as of now: rent overdue, or the rule that fired still holding (a power cut, tamper or
    // silence counts while the car is rented; leaving the geofence only with rent overdue).
    const { graceDays } = await rulesOf(tx, ctx.tenantId);
    const overdueFen =
      c.group_no == null ? 0 : (await overdueOf(tx, ctx.tenantId, String(c.group_no), now, graceDays)).fen;
    const ruleHolds = c.rule !== 'geofenceExitOverdue' && c.contract_state === 'signed';
    if (overdueFen <= 0 && !ruleHolds) throw new ConflictError('gpsRisk.noOpenReason');
    const amount = fenToYuan(overdueFen);
    // Marked first: an approval the engine decides at once (no flow step applies) runs onOutcome inside startApproval.
    await rowsOf(
      tx,
      sql`update gps_risk_cases set state = 'fuelCutProposed', updated_at = ${now.toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    await addStep(tx, ctx.tenantId, id, 'proposed', now, ctx.userId, input.reason);
    const request = await startApproval(
      tx,
      deps,
      { ...ctx, rentId: Number(c.rent_id) },
      {
        businessType: 'fuelCut',
        businessId: String(id),
        summary: `车辆 ${String(c.plate)} 风控断油：欠租 ${amount} 元`,
        form: {
          plateNo: String(c.plate),
          contractNo: c.contract_no ?? '',
          amount,
          reason: input.reason,
        },
        attachments: [],
      },
    );
    await rowsOf(
      tx,
      sql`update gps_risk_cases set approval_id = ${request.id} where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
  });
  return caseDetail(deps, ctx, id);
}

/**
 * A fuel cut forced past approval and safe speed (`riskGpsMap:forceFuelCut`, a direct command) shows on the
 * open case of its car or device: step `forced`, with who, why and the command. No open case: nothing to show.
 */
export async function noteForcedFuelCut(
  deps: Deps,
  o: { tenantId: number; deviceId: number; carId: number | null; commandId: number; actorId: number; reason: string },
): Promise<number | null> {
  const byCar = o.carId == null ? sql`` : sql` or car_id = ${o.carId}`;
  const [c] = await rowsOf<{ id: RawNumber }>(
    deps.db,
    sql`select id from gps_risk_cases where tenant_id = ${o.tenantId} and state <> 'closed'
      and (device_id = ${o.deviceId}${byCar}) order by id desc limit 1`,
  );
  if (!c) return null;
  await addStep(deps.db, o.tenantId, Number(c.id), 'forced', deps.clock.now(), o.actorId, o.reason, {
    commandId: o.commandId,
  });
  return Number(c.id);
}

/** What sending a fuel cut needs: the commands area's queue works on `database` (outside any transaction). */
type SendDeps = Pick<AppDeps, 'db' | 'database' | 'clock'>;

/** The process's deps, for the fuel cut that an approval decided (the approvals engine's hook has a transaction only). */
let engineDeps: SendDeps | null = null;
let dispatching: Promise<unknown> = Promise.resolve();

/** Set by the GPS area's `register.ts` (the newest app's deps): approved fuel cuts are then sent as soon as the decision is committed. */
export function useRiskEngineDeps(deps: SendDeps): void {
  engineDeps = deps;
}

/** Resolves when the fuel cuts handed over so far are sent (tests). */
export function fuelCutsSettled(): Promise<unknown> {
  return dispatching;
}

/**
 * After the deciding transaction: the approved case is sent once the decision is visible (tried for two seconds;
 * the minute's job sends any that is left).
 */
function sendAfterCommit(tenantId: number, caseId: number): void {
  const deps = engineDeps;
  if (!deps) return;
  const attempt = async (n: number): Promise<void> => {
    await new Promise((r) => setTimeout(r, n === 0 ? 0 : 100 * n));
    const sent = await sendApprovedFuelCuts(deps, { tenantId, caseId });
    if (!sent && n < 6) return attempt(n + 1);
  };
  dispatching = dispatching.then(() => attempt(0)).catch(() => undefined);
}

/**
 * THE SEND STEP: approved cases (`fuelCutApproved`) get their fuel cut queued with the commands area's
 * `queueCommand` (source `risk`, `waitSafeSpeed`: held until the car is at or below the safe speed), as the
 * approver; the case records the command (`fuelCutSent`, step `commandQueued`). A command already queued for the
 * case since its approval is taken instead of a second one (a send that stopped halfway). A refusal (the device
 * cannot take commands) reopens the case with the reason in the step.
 */
export async function sendApprovedFuelCuts(
  deps: SendDeps,
  only?: { tenantId: number; caseId: number },
): Promise<number> {
  const filter = only ? sql` and rc.tenant_id = ${only.tenantId} and rc.id = ${only.caseId}` : sql``;
  const cases = await rowsOf<{
    tenant_id: RawNumber;
    id: RawNumber;
    device_id: RawNumber;
    actor_id: RawNumber;
    approved_at: RawTime;
    reason: string | null;
    command_id: RawNumber | null;
  }>(
    deps.db,
    sql`select rc.tenant_id, rc.id, rc.device_id, s.actor_id, s.at as approved_at,
        (select p.note from gps_risk_steps p where p.tenant_id = rc.tenant_id and p.case_id = rc.id
          and p.kind = 'proposed' order by p.id desc limit 1) as reason,
        (select g.id from gps_commands g where g.tenant_id = rc.tenant_id and g.risk_case_id = rc.id
          and g.command_type = 'fuelCut' and g.queued_at >= s.at order by g.id desc limit 1) as command_id
      from gps_risk_cases rc
      join lateral (select actor_id, at from gps_risk_steps a where a.tenant_id = rc.tenant_id and a.case_id = rc.id
        and a.kind = 'approved' order by a.id desc limit 1) s on true
      where rc.state = 'fuelCutApproved'${filter}`,
  );
  let sent = 0;
  for (const c of cases) {
    const tenantId = Number(c.tenant_id);
    const id = Number(c.id);
    const now = deps.clock.now();
    let command: { id: number; status: string } | null =
      c.command_id == null ? null : { id: Number(c.command_id), status: 'queued' };
    let refused: string | null = null;
    if (!command) {
      try {
        command = await queueCommand(deps, {
          tenantId,
          actorId: Number(c.actor_id),
          deviceId: Number(c.device_id),
          commandType: 'fuelCut',
          reason: String(c.reason ?? '风控断油').slice(0, 200),
          waitSafeSpeed: true,
          source: 'risk',
          riskCaseId: id,
        });
      } catch (err) {
        refused = err instanceof Error ? err.message : String(err);
      }
    }
    const done = await deps.db.transaction(async (tx) => {
      const changed = await rowsOf(
        tx,
        command
          ? sql`update gps_risk_cases set state = 'fuelCutSent', command_id = ${command.id},
              updated_at = ${now.toISOString()}
              where tenant_id = ${tenantId} and id = ${id} and state = 'fuelCutApproved' returning id`
          : sql`update gps_risk_cases set state = 'open', updated_at = ${now.toISOString()}
              where tenant_id = ${tenantId} and id = ${id} and state = 'fuelCutApproved' returning id`,
      );
      if (!changed.length) return false;
      if (command)
        await addStep(tx, tenantId, id, 'commandQueued', now, num(c.actor_id), null, {
          commandId: command.id,
          status: command.status,
          waitSafeSpeed: true,
        });
      else await addStep(tx, tenantId, id, 'commandAnswered', now, null, refused, { status: 'refused' });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** The outcome of a `fuelCut` approval, in the deciding transaction. */
async function fuelCutOutcome(o: {
  tx: Tx;
  tenantId: number;
  caseId: number;
  outcome: 'approved' | 'rejected' | 'withdrawn';
  actorId: number;
  now: Date;
}) {
  const { tx, tenantId, caseId, now } = o;
  const c = await lockCase(tx, tenantId, caseId);
  if (!c) return;
  const step = o.outcome === 'approved' ? 'approved' : o.outcome === 'rejected' ? 'rejected' : 'withdrawn';
  if (c.state !== 'fuelCutProposed') {
    // Closed meanwhile (debt paid): the decision is recorded, nothing is sent.
    await addStep(tx, tenantId, caseId, step, now, o.actorId, null, { ignored: true, state: c.state });
    return;
  }
  if (o.outcome !== 'approved') {
    await rowsOf(
      tx,
      sql`update gps_risk_cases set state = ${o.outcome === 'rejected' ? 'fuelCutRejected' : 'open'},
          updated_at = ${now.toISOString()} where tenant_id = ${tenantId} and id = ${caseId}`,
    );
    await addStep(tx, tenantId, caseId, step, now, o.actorId);
    return;
  }
  await rowsOf(
    tx,
    sql`update gps_risk_cases set state = 'fuelCutApproved', updated_at = ${now.toISOString()}
      where tenant_id = ${tenantId} and id = ${caseId}`,
  );
  await addStep(tx, tenantId, caseId, 'approved', now, o.actorId);
  sendAfterCommit(tenantId, caseId);
}

/** Cases whose fuel cut was sent: the command's answer (succeeded: done; failed, expired or cancelled: open again). */
async function followFuelCuts(deps: SendDeps, now: Date): Promise<number> {
  const cases = await rowsOf<{ tenant_id: RawNumber; id: RawNumber; command_id: RawNumber }>(
    deps.db,
    sql`select rc.tenant_id, rc.id, rc.command_id from gps_risk_cases rc
      join gps_commands g on g.tenant_id = rc.tenant_id and g.id = rc.command_id
      where rc.state = 'fuelCutSent' and g.status in ('succeeded', 'failed', 'expired', 'cancelled')`,
  );
  let answered = 0;
  for (const c of cases) {
    const tenantId = Number(c.tenant_id);
    const command = await commandById(deps, tenantId, Number(c.command_id));
    const to = command.status === 'succeeded' ? 'fuelCutDone' : 'open';
    await deps.db.transaction(async (tx) => {
      const done = await rowsOf(
        tx,
        sql`update gps_risk_cases set state = ${to}, updated_at = ${now.toISOString()}
          where tenant_id = ${tenantId} and id = ${Number(c.id)} and state = 'fuelCutSent' returning id`,
      );
      if (done.length) {
        await addStep(tx, tenantId, Number(c.id), 'commandAnswered', now, null, null, {
          commandId: command.id,
          status: command.status,
        });
        answered++;
      }
    });
  }
  return answered;
}

/** The approval of a fuel cut (approvals engine): plate, contract number, overdue amount, reason. */
export const FUEL_CUT_TYPE: ApprovalTypeDefinition = {
  code: 'fuelCut',
  name: { 'zh-CN': '风控断油', 'en-US': 'Fuel cut' },
  area: 'riskGpsMap',
  manual: false,
  // Never on one person's word: the proposer does not decide his own fuel cut, whatever the flow says.
  distinctDecider: true,
  amountField: 'amount',
  fields: [
    { key: 'plateNo', label: { 'zh-CN': '车牌号', 'en-US': 'Plate number' }, kind: 'text', required: true, max: 20 },
    {
      key: 'contractNo',
      label: { 'zh-CN': '合同编号', 'en-US': 'Contract number' },
      kind: 'text',
      required: false,
      max: 40,
    },
    {
      key: 'amount',
      label: { 'zh-CN': '欠租金额（元）', 'en-US': 'Overdue rent (yuan)' },
      kind: 'money',
      required: true,
      max: 100_000_000,
    },
    { key: 'reason', label: { 'zh-CN': '断油原因', 'en-US': 'Reason' }, kind: 'textarea', required: true, max: 500 },
  ],
};
const FUEL_CUT_APPROVAL: ApprovalTypeDefinition = {
  ...FUEL_CUT_TYPE,
  onOutcome: async ({ tx, request, outcome, actorId, now }) => {
    if (!request.businessId) return;
    await fuelCutOutcome({ tx, tenantId: request.tenantId, caseId: Number(request.businessId), outcome, actorId, now });
  },
};

/** Registers the fuel cut's approval type (the GPS area's `register.ts`). */
export function registerFuelCutType(): void {
  registerApprovalType(FUEL_CUT_APPROVAL);
}

// Close -------------------------------------------------------------------------------------------------------

export async function closeCase(deps: AppDeps, ctx: Ctx, id: number, input: CloseRiskCaseInput) {
  await deps.db.transaction(async (tx) => {
    const c = inScope(ctx, await lockCase(tx, ctx.tenantId, id));
    if (c.state === 'closed') throw new ConflictError('gpsRisk.closed');
    const now = deps.clock.now();
    await rowsOf(
      tx,
      sql`update gps_risk_cases set state = 'closed', close_reason = ${input.reason}, close_note = ${input.note ?? null},
          closed_at = ${now.toISOString()}, closed_by = ${ctx.userId}, updated_at = ${now.toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    await addStep(tx, ctx.tenantId, id, 'closed', now, ctx.userId, input.note ?? null, {
      reason: input.reason,
      from: c.state,
    });
  });
  return caseDetail(deps, ctx, id);
}

// Reads -------------------------------------------------------------------------------------------------------

const SELECT = sql`select rc.id, rc.rent_id, r.name as rent_name, rc.car_id, c.plate, rc.device_id, d.imei,
    rc.driver_id, dr.name as driver_name, rc.contract_id, k.number as contract_no, rc.rule, rc.state,
    (rc.evidence->>'overdueFen')::bigint as overdue_fen, (rc.evidence->>'overdueDays')::int as overdue_days,
    lp.lat, lp.lon, lp.fix_time, lp.speed, rc.raised_at, rc.updated_at, rc.close_reason, rc.close_note, rc.closed_at,
    rc.approval_id, rc.command_id, rc.evidence
  from gps_risk_cases rc
  join rents r on r.tenant_id = rc.tenant_id and r.id = rc.rent_id
  join cars c on c.tenant_id = rc.tenant_id and c.id = rc.car_id
  left join gps_devices d on d.tenant_id = rc.tenant_id and d.id = rc.device_id
  left join drivers dr on dr.tenant_id = rc.tenant_id and dr.id = rc.driver_id
  left join rental_contracts k on k.tenant_id = rc.tenant_id and k.id = rc.contract_id
  left join gps_last_positions lp on lp.tenant_id = rc.tenant_id and lp.device_id = rc.device_id`;

/** A row of `SELECT`. */
interface CaseRow {
  id: RawNumber;
  rent_id: RawNumber;
  rent_name: string;
  car_id: RawNumber;
  plate: string;
  device_id: RawNumber | null;
  imei: string | null;
  driver_id: RawNumber | null;
  driver_name: string | null;
  contract_id: RawNumber | null;
  contract_no: string | null;
  rule: RiskRule;
  state: RiskState;
  overdue_fen: RawNumber | null;
  overdue_days: number | null;
  lat: number | null;
  lon: number | null;
  fix_time: RawTime | null;
  speed: number | null;
  raised_at: RawTime;
  updated_at: RawTime;
  close_reason: RiskCloseReason | null;
  close_note: string | null;
  closed_at: RawTime | null;
  approval_id: RawNumber | null;
  command_id: RawNumber | null;
  evidence: RawJson<StoredEvidence>;
}

function rowOf(r: CaseRow): RiskCaseRow {
  return {
    id: Number(r.id),
    rentId: Number(r.rent_id),
    rentName: String(r.rent_name),
    carId: Number(r.car_id),
    plate: String(r.plate),
    deviceId: num(r.device_id),
    imei: r.imei ?? null,
    driverId: num(r.driver_id),
    driverName: r.driver_name ?? null,
    contractId: num(r.contract_id),
    contractNo: r.contract_no ?? null,
    rule: r.rule,
    state: r.state,
    overdueAmount: fenToYuan(Number(r.overdue_fen ?? 0)),
    overdueDays: Number(r.overdue_days ?? 0),
    lastPosition:
      r.lat == null || r.fix_time == null
        ? null
        : { lat: Number(r.lat), lon: Number(r.lon), at: rawIso(r.fix_time), speed: num(r.speed) },
    raisedAt: rawIso(r.raised_at),
    updatedAt: rawIso(r.updated_at),
    closeReason: r.close_reason ?? null,
  };
}

/** Cases of the caller's rents, newest first, with filters. */
export async function listCases(deps: Pick<AppDeps, 'db'>, ctx: Ctx, q: RiskCaseQuery): Promise<Paged<RiskCaseRow>> {
  const conds = [
    sql`rc.tenant_id = ${ctx.tenantId}`,
    sql`rc.rent_id = any(${idArray(scopeFor(ctx, q.rentId).rentIds)})`,
  ];
  if (q.state) conds.push(sql`rc.state = ${q.state}`);
  if (q.rule) conds.push(sql`rc.rule = ${q.rule}`);
  if (q.open === true) conds.push(sql`rc.state <> 'closed'`);
  if (q.open === false) conds.push(sql`rc.state = 'closed'`);
  if (q.carId) conds.push(sql`rc.car_id = ${q.carId}`);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    conds.push(sql`(c.plate ilike ${like} or d.imei ilike ${like} or k.number ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const [total] = await rowsOf<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from gps_risk_cases rc
      join cars c on c.tenant_id = rc.tenant_id and c.id = rc.car_id
      left join gps_devices d on d.tenant_id = rc.tenant_id and d.id = rc.device_id
      left join rental_contracts k on k.tenant_id = rc.tenant_id and k.id = rc.contract_id
      where ${where}`,
  );
  const rows = await rowsOf<CaseRow>(
    deps.db,
    sql`${SELECT} where ${where} order by rc.raised_at desc, rc.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  return page(rows.map(rowOf), Number(total?.n ?? 0), q);
}

/** One case with its evidence and steps (404 outside the caller's rents). */
export async function caseDetail(deps: Pick<AppDeps, 'db'>, ctx: Ctx, id: number): Promise<RiskCaseDetail> {
  const [r] = await rowsOf<CaseRow>(deps.db, sql`${SELECT} where rc.tenant_id = ${ctx.tenantId} and rc.id = ${id}`);
  const c = inScope(ctx, r);
  const steps = await rowsOf<{
    id: RawNumber;
    kind: RiskStep['kind'];
    actor_name: string | null;
    note: string | null;
    data: RawJson<Record<string, unknown>>;
    at: RawTime;
  }>(
    deps.db,
    sql`select s.id, s.kind, u.name as actor_name, s.note, s.data, s.at from gps_risk_steps s
      left join users u on u.tenant_id = s.tenant_id and u.id = s.actor_id
      where s.tenant_id = ${ctx.tenantId} and s.case_id = ${id} order by s.id`,
  );
  const ev = rawJson(c.evidence, EMPTY_EVIDENCE);
  return {
    ...rowOf(c),
    closeNote: c.close_note ?? null,
    closedAt: rawIsoOrNull(c.closed_at),
    approvalId: num(c.approval_id),
    commandId: num(c.command_id),
    evidence: {
      triggers: ev.triggers ?? [],
      alarms: ev.alarms ?? [],
      positions: ev.positions ?? [],
      bills: ev.bills ?? [],
    },
    steps: steps.map((s) => ({
      id: Number(s.id),
      kind: s.kind,
      actorName: s.actor_name ?? null,
      note: s.note ?? null,
      data: rawJson(s.data, {}),
      at: rawIso(s.at),
    })),
  };
}

/** `risk/board`: counts per state and rule, the open cases newest first (at most 50), of the caller's rents. */
export async function riskBoard(deps: Pick<AppDeps, 'db'>, ctx: Ctx): Promise<RiskBoard> {
  const scope = sql`rc.tenant_id = ${ctx.tenantId} and rc.rent_id = any(${idArray(ctx.rentIds)})`;
  const overdueFen = sql`coalesce(sum((rc.evidence->>'overdueFen')::bigint), 0)::bigint`;
  const byState = await rowsOf<{ state: RiskState; n: number; fen: RawNumber }>(
    deps.db,
    sql`select rc.state, count(*)::int as n, ${overdueFen} as fen from gps_risk_cases rc where ${scope}
      group by 1 order by 1`,
  );
  const byRule = await rowsOf<{ rule: RiskRule; n: number; fen: RawNumber }>(
    deps.db,
    sql`select rc.rule, count(*)::int as n, ${overdueFen} as fen
      from gps_risk_cases rc where ${scope} and rc.state <> 'closed' group by 1 order by 1`,
  );
  const open = await rowsOf<CaseRow>(
    deps.db,
    sql`${SELECT} where ${scope} and rc.state <> 'closed' order by rc.raised_at desc, rc.id desc limit 50`,
  );
  return {
    byState: byState.map((r) => ({ state: r.state, count: Number(r.n), amount: fenToYuan(Number(r.fen)) })),
    byRule: byRule.map((r) => ({ rule: r.rule, count: Number(r.n), amount: fenToYuan(Number(r.fen)) })),
    openCount: byRule.reduce((a, r) => a + Number(r.n), 0),
    overdueAmount: fenToYuan(byRule.reduce((a, r) => a + Number(r.fen), 0)),
    open: open.map(rowOf),
  };
}

/**
 * A contract's risk summary (the overdue strip of its page): the group's overdue rent as the engine counts it and,
 * for a caller with `riskGpsMap:view`, the car's open case and the last position of its default tracker with the
 * address. A contract of another tenant or outside the caller's rents is 404.
 */
export async function contractRiskSummary(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>,
  ctx: Ctx & Pick<RequestContext, 'permissions'>,
  contractId: number,
): Promise<ContractRiskSummary> {
  const [k] = await rowsOf<{ id: RawNumber; number: string; group_no: string; car_id: RawNumber; plate: string }>(
    deps.db,
    sql`select k.id, k.number, k.group_no, k.car_id, c.plate from rental_contracts k
      join cars c on c.tenant_id = k.tenant_id and c.id = k.car_id
      where k.tenant_id = ${ctx.tenantId} and k.id = ${contractId} and k.rent_id = any(${idArray(ctx.rentIds)})`,
  );
  if (!k) throw new NotFoundError();
  const now = deps.clock.now();
  const carId = Number(k.car_id);
  const { graceDays } = await rulesOf(deps.db, ctx.tenantId);
  const overdue = await overdueOf(deps.db, ctx.tenantId, k.group_no, now, graceDays);
  const gpsVisible = hasPermission(ctx.permissions, 'riskGpsMap:view');
  const summary: ContractRiskSummary = {
    contractId: Number(k.id),
    contractNo: k.number,
    carId,
    plate: k.plate,
    overdueAmount: fenToYuan(overdue.fen),
    overdueDays: overdue.days,
    gpsVisible,
    riskCase: null,
    position: null,
  };
  if (!gpsVisible) return summary;
  const [rc] = await rowsOf<{ id: RawNumber; state: RiskState; rule: RiskRule; raised_at: RawTime }>(
    deps.db,
    sql`select id, state, rule, raised_at from gps_risk_cases
      where tenant_id = ${ctx.tenantId} and car_id = ${carId} and state <> 'closed'
        and rent_id = any(${idArray(ctx.rentIds)})
      order by raised_at desc limit 1`,
  );
  if (rc) summary.riskCase = { id: Number(rc.id), state: rc.state, rule: rc.rule, raisedAt: rawIso(rc.raised_at) };
  const [p] = await rowsOf<{
    device_id: RawNumber;
    imei: string;
    lat: number;
    lon: number;
    fix_time: RawTime;
    server_time: RawTime;
    speed: number;
  }>(
    deps.db,
    sql`select d.id as device_id, d.imei, l.lat, l.lon, l.fix_time, l.server_time, l.speed from gps_devices d
      join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id
      where d.tenant_id = ${ctx.tenantId} and d.car_id = ${carId}
      order by d.is_default desc, l.fix_time desc limit 1`,
  );
  if (p) {
    const at = { lat: Number(p.lat), lon: Number(p.lon) };
    const named = await addressesOf(deps, ctx.tenantId, ctx.lang, [at]);
    summary.position = {
      deviceId: Number(p.device_id),
      imei: p.imei,
      ...at,
      at: rawIso(p.fix_time),
      speed: Number(p.speed),
      online: now.getTime() - new Date(rawIso(p.server_time)).getTime() <= ONLINE_SECONDS * 1000,
      address: named.addresses[0] ?? null,
      addressSandbox: named.sandbox,
    };
  }
  return summary;
}
