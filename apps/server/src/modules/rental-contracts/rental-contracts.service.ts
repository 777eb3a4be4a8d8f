import { and, eq, sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import { DEFAULT_CONTRACT_PREFIX, type TenantRules } from '@fleetdesk/contracts/organisation';
import {
  CONTRACT_ACTIONS,
  CONTRACT_STATE_TITLES,
  type CollectInput,
  type ContractAction,
  type ContractInput,
  type ContractState,
  type ContractTerms,
  type SchedulePreview,
} from '@fleetdesk/contracts/rental-contracts';
import { scopeFor, type RequestContext } from '../../core/access.js';
import { isUniqueViolation, rawNumber, rowsOf, type DbOrTx, type RawNumber, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { publish } from '../../core/events.js';
import { BadRequestError, ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { storedText, translate, type KeyedText } from '../../core/i18n.js';
import { tenantDays } from '../../core/tenant-time.js';
import {
  collectionAccounts,
  debtFollowUps,
  rentalCollections,
  rentalContractEvents,
  rentalContractNumbers,
  rentalContracts,
  rentalPaymentLines,
} from '../../db/schema/rental-contracts.js';
import { drivers } from '../../db/schema/drivers.js';
import { users } from '../../db/schema/identity.js';
import { startApproval, type ApprovalHooks } from '../approvals/approvals.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';
import { storedFileUrl } from '../files/files.service.js';
import { cars } from '../../db/schema/vehicles.js';
import { endTempCarsOf, hasActiveTempCars } from './rental-contracts.temp-cars-end.js';
import { buildSchedule, type Schedule, type ScheduleTerms } from './schedule.js';
import * as repo from './rental-contracts.repository.js';
import './rental-contracts.messages.js';

export type Scope = repo.Scope;

export async function todayOf(db: DbOrTx, tenantId: number, now: Date): Promise<string> {
  return (await tenantDays(db, tenantId, now)).today;
}

export function scheduleTerms(terms: ContractTerms, rules: TenantRules): ScheduleTerms {
  return {
    type: terms.type,
    period: terms.type === 'shortTerm' ? 'monthly' : terms.period,
    billing: terms.billing,
    paymentDay: terms.paymentDay ?? null,
    startDate: terms.startDate,
    endDate: terms.endDate,
    freeDays: terms.freeDays,
    depositFen: yuanToFen(terms.deposit),
    managementFeeFen: yuanToFen(terms.managementFee),
    rentFen: yuanToFen(terms.rent),
    insuranceBaseFen: terms.type === 'shortTerm' ? yuanToFen(terms.insuranceBase) : 0,
    insuranceExtraFen: terms.type === 'shortTerm' ? yuanToFen(terms.insuranceExtra) : 0,
    buyOutFen: terms.type === 'rentToOwn' && terms.buyOutPrice ? yuanToFen(terms.buyOutPrice) : null,
    proRating: rules.billProRating,
  };
}

function previewOf(s: Schedule): SchedulePreview {
  return {
    lines: s.lines.map((l) => ({
      type: l.type,
      period: l.period,
      periodStart: l.periodStart,
      periodEnd: l.periodEnd,
      dueDate: l.dueDate,
      amount: fenToYuan(l.amountFen),
      remark: l.remark,
    })),
    instalments: s.instalments,
    rentalDays: s.rentalDays,
    totalRent: fenToYuan(s.totalRentFen),
    total: fenToYuan(s.totalFen),
  };
}

/** The schedule the terms make, with the tenant's pro-rating rule (the signing wizard's preview). */
export async function previewSchedule(deps: AppDeps, ctx: RequestContext, terms: ContractTerms) {
  const rules = await tenantRules(deps, ctx.tenantId);
  return previewOf(buildSchedule(scheduleTerms(terms, rules)));
}

/**
 * The one writer of a contract's history (rental_contract_events): creation, state changes, collections,
 * handover, settlement, temporary cars. Inside the caller's transaction, by the acting user. A remark the system
 * writes is `text` (a key of `rental-contracts.messages.ts` and its parameters), shown in the reader's language,
 * and kept in Chinese in `remark` too; `remark` alone is a user's own words (a reason, a note).
 */
export async function event(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  contractId: number,
  kind: string,
  o: { from?: ContractState | null; to?: ContractState | null; remark?: string | null; text?: KeyedText } = {},
) {
  await tx.insert(rentalContractEvents).values({
    tenantId: ctx.tenantId,
    contractId,
    kind,
    fromState: o.from ?? null,
    toState: o.to ?? null,
    ...(o.text ? eventText(o.text) : { remark: o.remark ?? null }),
    userId: ctx.userId,
  });
}

/** The columns of a history remark the system writes: its key and parameters, and its Chinese text. */
export function eventText(text: KeyedText) {
  const stored = storedText(text);
  return { remark: stored.text, textKey: stored.key, textParams: stored.params };
}

/** The next number of a rent: its prefix from the company settings (else HT), the year and a sequence. */
export async function nextNumber(tx: DbOrTx, tenantId: number, rentId: number, rules: TenantRules, today: string) {
  const prefix = `${rules.contractPrefixes[String(rentId)] ?? DEFAULT_CONTRACT_PREFIX}${today.slice(0, 4)}`;
  const [row] = await tx
    .insert(rentalContractNumbers)
    .values({ tenantId, prefix, last: 1 })
    .onConflictDoUpdate({
      target: [rentalContractNumbers.tenantId, rentalContractNumbers.prefix],
      set: { last: sql`${rentalContractNumbers.last} + 1` },
    })
    .returning({ last: rentalContractNumbers.last });
  return `${prefix}${String(row!.last).padStart(5, '0')}`;
}

export async function checkDriver(tx: DbOrTx, scope: Scope, driverId: number) {
  const [d] = await tx
    .select({ id: drivers.id, state: drivers.state, rentId: drivers.rentId })
    .from(drivers)
    .where(and(eq(drivers.tenantId, scope.tenantId), eq(drivers.id, driverId), sql`${drivers.deletedAt} is null`));
  if (!d || !scope.rentIds.includes(d.rentId)) throw invalidField('driverId', 'contracts.driverNotFound');
  if (d.state === 'blacklisted') throw invalidField('driverId', 'contracts.driverBlacklisted');
}

export async function insertSchedule(tx: DbOrTx, tenantId: number, contractId: number, rentId: number, s: Schedule) {
  if (!s.lines.length) return;
  await tx.insert(rentalPaymentLines).values(
    s.lines.map((l) => ({
      tenantId,
      contractId,
      rentId,
      type: l.type,
      period: l.period,
      periodStart: l.periodStart,
      periodEnd: l.periodEnd,
      dueDate: l.dueDate,
      amountFen: l.amountFen,
      remark: l.remark,
    })),
  );
}

export function termColumns(input: ContractInput, s: Schedule) {
  return {
    driverId: input.driverId,
    carId: input.carId,
    template: input.template ?? null,
    type: input.type,
    period: input.type === 'shortTerm' ? 'monthly' : input.period,
    billing: input.billing,
    paymentDay: input.paymentDay ?? null,
    startDate: input.startDate,
    endDate: input.endDate,
    instalments: s.instalments,
    rentalDays: s.rentalDays,
    freeDays: input.freeDays,
    depositFen: yuanToFen(input.deposit),
    managementFeeFen: yuanToFen(input.managementFee),
    rentFen: yuanToFen(input.rent),
    totalRentFen: s.totalRentFen,
    insuranceBaseFen: input.type === 'shortTerm' ? yuanToFen(input.insuranceBase) : 0,
    insuranceExtraFen: input.type === 'shortTerm' ? yuanToFen(input.insuranceExtra) : 0,
    buyOutFen: input.type === 'rentToOwn' && input.buyOutPrice ? yuanToFen(input.buyOutPrice) : null,
    totalFen: s.totalFen,
    discountPlan: input.discountPlan ?? null,
    clauses: input.clauses,
    attachments: input.attachments,
    remark: input.remark ?? null,
  };
}

export function carBusy(err: unknown): never {
  if (isUniqueViolation(err, 'rental_contracts_live_car_uq')) throw invalidField('carId', 'contracts.carBusy');
  throw err;
}

export async function carStatus(tx: DbOrTx, tenantId: number, carId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: cars.status })
    .from(cars)
    .where(and(eq(cars.tenantId, tenantId), eq(cars.id, carId)));
  return row?.status;
}

/** Whether another live contract (pending or signed) has this car: a renewal and the contract it follows. */
export async function carHeldByOther(tx: DbOrTx, tenantId: number, carId: number, contractId: number) {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from rental_contracts where tenant_id = ${tenantId} and car_id = ${carId}
      and id <> ${contractId} and state in ('pending', 'signed')`,
  );
  return Number(row!.n) > 0;
}

/** A pending contract: numbered, its schedule generated, the car reserved (listed -> reserved). */
export async function createContract(deps: AppDeps, ctx: RequestContext, input: ContractInput) {
  const rentId = input.rentId ?? ctx.rentId;
  if (!rentId) throw invalidField('rentId', 'error.rentForbidden');
  const scope = scopeFor(ctx, rentId);
  const rules = await tenantRules(deps, ctx.tenantId);
  const today = await todayOf(deps.db, ctx.tenantId, deps.clock.now());
  const s = buildSchedule(scheduleTerms(input, rules));
  const id = await deps.db
    .transaction(async (tx) => {
      await checkDriver(tx, scope, input.driverId);
      // The car must be one of the contract's rent.
      await reserveCar(tx, deps, { ...ctx, rentIds: [rentId] }, input.carId, 'reserve');
      const number = await nextNumber(tx, ctx.tenantId, rentId, rules, today);
      const [row] = await tx
        .insert(rentalContracts)
        .values({
          tenantId: ctx.tenantId,
          rentId,
          number,
          groupNo: number,
          ...termColumns(input, s),
          createdBy: ctx.userId,
        })
        .returning({ id: rentalContracts.id });
      await insertSchedule(tx, ctx.tenantId, row!.id, rentId, s);
      await event(tx, ctx, row!.id, 'create', { to: 'pending' });
      return row!.id;
    })
    .catch(carBusy);
  return getContract(deps, ctx, id);
}

export async function reserveCar(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  carId: number,
  action: 'reserve' | 'cancelReservation' | 'rentOut' | 'giveBack',
) {
  try {
    await carActionInTx(tx, deps, ctx, carId, action, '租赁合同');
  } catch (err) {
    if (err instanceof NotFoundError) throw invalidField('carId', 'contracts.carNotFound');
    if (err instanceof ConflictError && action === 'reserve') {
      throw new BadRequestError('contracts.carBusy', undefined, [{ path: 'carId', message: 'contracts.carBusy' }]);
    }
    throw err;
  }
}

export async function lockContract(tx: DbOrTx, scope: Scope, id: number) {
  const [row] = await tx
    .select()
    .from(rentalContracts)
    .where(and(eq(rentalContracts.tenantId, scope.tenantId), eq(rentalContracts.id, id)))
    .for('update');
  if (!row || !scope.rentIds.includes(row.rentId)) throw new NotFoundError('contracts.notFound');
  return row;
}

export function refuse(ctx: RequestContext, state: string, action: string): ConflictError {
  return new ConflictError('contracts.transition', {
    state: CONTRACT_STATE_TITLES[state as ContractState][ctx.lang],
    action: translate(ctx.lang, `contracts.action.${action}`),
  });
}

export function mustAllow(ctx: RequestContext, state: string, action: ContractAction) {
  if (!(CONTRACT_ACTIONS[action].from as readonly string[]).includes(state)) throw refuse(ctx, state, action);
}

/** Changes a pending contract; the schedule is generated again (the web warns before). */
export async function updateContract(deps: AppDeps, ctx: RequestContext, id: number, input: ContractInput) {
  const rules = await tenantRules(deps, ctx.tenantId);
  const s = buildSchedule(scheduleTerms(input, rules));
  await deps.db
    .transaction(async (tx) => {
      const c = await lockContract(tx, ctx, id);
      if (c.state !== 'pending') throw refuse(ctx, c.state, 'edit');
      await guard(tx, ctx.tenantId, id, 'edit');
      const scope = { tenantId: ctx.tenantId, rentIds: [c.rentId] };
      if (input.driverId !== c.driverId) await checkDriver(tx, scope, input.driverId);
      if (input.carId !== c.carId) {
        await reserveCar(tx, deps, ctx, c.carId, 'cancelReservation');
        await reserveCar(tx, deps, { ...ctx, rentIds: [c.rentId] }, input.carId, 'reserve');
      }
      await tx
        .update(rentalContracts)
        .set({ ...termColumns(input, s), updatedAt: deps.clock.now() })
        .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
      await tx
        .delete(rentalPaymentLines)
        .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.contractId, id)));
      await insertSchedule(tx, ctx.tenantId, id, c.rentId, s);
      await event(tx, ctx, id, 'update', { text: { key: 'contracts.event.linesRegenerated' } });
    })
    .catch(carBusy);
  return getContract(deps, ctx, id);
}

export async function account(tx: DbOrTx, tenantId: number, accountId: number) {
  const [a] = await tx
    .select()
    .from(collectionAccounts)
    .where(and(eq(collectionAccounts.tenantId, tenantId), eq(collectionAccounts.id, accountId)));
  if (!a) throw invalidField('accountId', 'contracts.accountNotFound');
  return a;
}

/** Money into an account: the balance moves and the collection records the balance after it. */
export async function record(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  o: {
    contractId: number;
    lineId: number;
    accountId: number;
    amountFen: number;
    paidDate: string;
    remark?: string | null;
    voucher?: string | null;
  },
) {
  const [a] = await tx
    .update(collectionAccounts)
    .set({ balanceFen: sql`${collectionAccounts.balanceFen} + ${o.amountFen}` })
    .where(and(eq(collectionAccounts.tenantId, ctx.tenantId), eq(collectionAccounts.id, o.accountId)))
    .returning({ balance: collectionAccounts.balanceFen });
  await tx.insert(rentalCollections).values({
    tenantId: ctx.tenantId,
    contractId: o.contractId,
    lineId: o.lineId,
    accountId: o.accountId,
    amountFen: o.amountFen,
    balanceAfterFen: a!.balance,
    paidDate: o.paidDate,
    userId: ctx.userId,
    remark: o.remark ?? null,
    voucher: o.voucher ?? null,
  });
}

/**
 * What another area may refuse of a contract's change while it holds the contract (the e-signature: a contract
 * out for signing is neither signed on paper, changed nor cancelled until its flow ends). Registered by that
 * area (its `register.ts`), so that this module imports none of them. A guard answers a message key to refuse.
 */
export type ContractGuard = (
  tx: DbOrTx,
  tenantId: number,
  contractId: number,
  action: 'sign' | 'edit' | 'cancel',
) => Promise<string | null>;
const contractGuards = new Set<ContractGuard>();
export function registerContractGuard(guard: ContractGuard): void {
  contractGuards.add(guard);
}
async function guard(tx: DbOrTx, tenantId: number, contractId: number, action: 'sign' | 'edit' | 'cancel') {
  for (const g of contractGuards) {
    const refusal = await g(tx, tenantId, contractId, action);
    if (refusal) throw new ConflictError(refusal);
  }
}

/**
 * Signing records the first receipts in full (deposit, management fee, the first rent; short-term also the
 * insurance) and makes the contract effective; the car is rented out (reserved -> rented).
 */
export async function signContract(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: { accountId: number; paidDate?: string | undefined; remark?: string | null | undefined },
) {
  await deps.events.transaction(async (tx) => {
    await guard(tx, ctx.tenantId, id, 'sign');
    await signContractInTx(tx, deps, ctx, id, input);
  });
  return getContract(deps, ctx, id);
}

/**
 * The signing itself, in the caller's transaction: by hand (above), or when the last electronic signature is in
 * (the e-signature area, with the account chosen when it was sent).
 */
export async function signContractInTx(
  tx: Tx,
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: { accountId: number; paidDate?: string | null | undefined; remark?: string | null | undefined },
) {
  const today = await todayOf(tx, ctx.tenantId, deps.clock.now());
  const c = await lockContract(tx, ctx, id);
  mustAllow(ctx, c.state, 'sign');
  await account(tx, ctx.tenantId, input.accountId);
  const first = await rowsOf<{ id: number; amount_fen: number }>(
    tx,
    sql`select id, amount_fen from rental_payment_lines where tenant_id = ${ctx.tenantId} and contract_id = ${id}
        and valid and state = 'unpaid' and amount_fen > 0
        and (type in ('deposit', 'managementFee', 'insurance') or (type = 'rent' and period = 1))`,
  );
  const paidDate = input.paidDate ?? today;
  for (const l of first) {
    await tx
      .update(rentalPaymentLines)
      .set({
        paidFen: Number(l.amount_fen),
        state: 'paid',
        paidDate,
        accountId: input.accountId,
        version: sql`${rentalPaymentLines.version} + 1`,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.id, Number(l.id))));
    await record(tx, ctx, {
      contractId: id,
      lineId: Number(l.id),
      accountId: input.accountId,
      amountFen: Number(l.amount_fen),
      paidDate,
      remark: input.remark ?? '签约首期收款',
    });
  }
  const now = deps.clock.now();
  await tx
    .update(rentalContracts)
    .set({ state: 'signed', signedAt: now, updatedAt: now })
    .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
  // A renewal takes over the car the contract before it rents (still rented): nothing to do with the car.
  if (c.origin !== 'renewal' || (await carStatus(tx, ctx.tenantId, c.carId)) !== 'rented') {
    await reserveCar(tx, deps, ctx, c.carId, 'rentOut');
  }
  await event(tx, ctx, id, 'state', { from: 'pending', to: 'signed', remark: input.remark ?? null });
  await publish(tx, {
    tenantId: ctx.tenantId,
    name: 'contract.signed',
    payload: { contractId: id, rentId: c.rentId, carId: c.carId, number: c.number, at: now.toISOString() },
  });
}

/**
 * Cancelling: a pending contract gives its car back to listed; a signed one only while the car is not
 * dispatched. Every line becomes invalid.
 */
export async function cancelContract(deps: AppDeps, ctx: RequestContext, id: number, reason: string) {
  await deps.events.transaction(async (tx) => {
    const c = await lockContract(tx, ctx, id);
    mustAllow(ctx, c.state, 'cancel');
    await guard(tx, ctx.tenantId, id, 'cancel');
    if (c.state === 'signed' && c.dispatched) throw new ConflictError('contracts.dispatched');
    if (await hasActiveTempCars(tx, ctx.tenantId, id)) throw new ConflictError('contracts.tempCarActive');
    // The car stays where it is while another live contract (the one a renewal follows) holds it.
    if (!(await carHeldByOther(tx, ctx.tenantId, c.carId, id))) {
      const status = await carStatus(tx, ctx.tenantId, c.carId);
      await reserveCar(tx, deps, ctx, c.carId, status === 'reserved' ? 'cancelReservation' : 'giveBack');
    }
    const now = deps.clock.now();
    await tx
      .update(rentalPaymentLines)
      .set({ valid: false, updatedAt: now })
      .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.contractId, id)));
    await tx
      .update(rentalContracts)
      .set({ state: 'cancelled', endedAt: now, updatedAt: now })
      .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
    await event(tx, ctx, id, 'state', { from: c.state as ContractState, to: 'cancelled', remark: reason });
    await publishEnded(tx, ctx.tenantId, c, 'cancelled', now);
  });
  return getContract(deps, ctx, id);
}

/** Marks a signed contract's car as dispatched (the handover area records the inspection itself). */
export async function dispatchContract(deps: AppDeps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const c = await lockContract(tx, ctx, id);
    if (c.state !== 'signed' || c.dispatched) throw refuse(ctx, c.state, 'dispatch');
    await tx
      .update(rentalContracts)
      .set({ dispatched: true, updatedAt: deps.clock.now() })
      .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
    await event(tx, ctx, id, 'dispatch');
  });
  return getContract(deps, ctx, id);
}

/**
 * Ends a signed contract after the car's return: completed when nothing is unpaid, else terminated early
 * (unless `early` is asked for explicitly, which also ends a fully paid contract before its end date as
 * terminated). The car goes back (rented -> idle, to be prepared again).
 */
export async function finishContract(deps: AppDeps, ctx: RequestContext, id: number, reason: string | null) {
  await deps.events.transaction(async (tx) => {
    const c = await lockContract(tx, ctx, id);
    mustAllow(ctx, c.state, 'complete');
    const [open] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from rental_payment_lines where tenant_id = ${ctx.tenantId} and contract_id = ${id}
        and valid and state in ('unpaid', 'partial') and amount_fen > 0`,
    );
    const to: ContractState = Number(open!.n) > 0 ? 'terminated' : 'completed';
    await endTempCarsOf(tx, deps, ctx, id);
    // A live renewal goes on with the car: it stays rented.
    if (!(await carHeldByOther(tx, ctx.tenantId, c.carId, id))) await reserveCar(tx, deps, ctx, c.carId, 'giveBack');
    const now = deps.clock.now();
    await tx
      .update(rentalContracts)
      .set({ state: to, endedAt: now, updatedAt: now })
      .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
    await event(tx, ctx, id, 'state', { from: 'signed', to, remark: reason });
    await publishEnded(tx, ctx.tenantId, c, to, now);
  });
  return getContract(deps, ctx, id);
}

/** `contract.ended` (core/events.ts), in the transaction that ends the contract. */
export async function publishEnded(
  tx: DbOrTx,
  tenantId: number,
  c: { id: number; rentId: number; carId: number | null; number: string },
  state: ContractState,
  at: Date,
): Promise<void> {
  await publish(tx, {
    tenantId,
    name: 'contract.ended',
    payload: { contractId: c.id, rentId: c.rentId, carId: c.carId, number: c.number, state, at: at.toISOString() },
  });
}

export async function lineInScope(db: DbOrTx, ctx: RequestContext, lineId: number) {
  const [l] = await db
    .select()
    .from(rentalPaymentLines)
    .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.id, lineId)));
  if (!l || !ctx.rentIds.includes(l.rentId) || !l.valid) throw new NotFoundError('contracts.lineNotFound');
  return l;
}

/**
 * Records a payment against one line (partial payments add up). The clerk names the line's version he saw:
 * the update applies only to that version, so of two clerks collecting the same line at once one wins and
 * the other gets 409 (`contracts.lineChanged`), and a line is never collected past its amount.
 */
export async function collectLine(deps: AppDeps, ctx: RequestContext, lineId: number, input: CollectInput) {
  const today = await todayOf(deps.db, ctx.tenantId, deps.clock.now());
  const amountFen = yuanToFen(input.amount);
  return deps.db.transaction(async (tx) => {
    const line = await lineInScope(tx, ctx, lineId);
    // The contract is signed, or its group goes on in a signed contract (a contract ended by a car change keeps
    // its bills up to the change day: they are collected until the group is settled).
    const [c] = await rowsOf<{ live: boolean }>(
      tx,
      sql`select ${repo.billsLive('c')} as live
        from rental_contracts c where c.tenant_id = ${ctx.tenantId} and c.id = ${line.contractId}`,
    );
    if (!c?.live) throw new ConflictError('contracts.notSigned');
    await account(tx, ctx.tenantId, input.accountId);
    const voucher = input.voucher
      ? await storedFileUrl(tx, deps, ctx.tenantId, input.voucher, 'voucher', { types: ['document', 'image'] })
      : null;
    const paidDate = input.paidDate ?? today;
    const [row] = await tx
      .update(rentalPaymentLines)
      .set({
        paidFen: sql`${rentalPaymentLines.paidFen} + ${amountFen}`,
        state: sql`case when ${rentalPaymentLines.paidFen} + ${amountFen} >= ${rentalPaymentLines.amountFen}
          then 'paid' else 'partial' end`,
        paidDate,
        accountId: input.accountId,
        version: sql`${rentalPaymentLines.version} + 1`,
        updatedAt: deps.clock.now(),
      })
      .where(
        and(
          eq(rentalPaymentLines.tenantId, ctx.tenantId),
          eq(rentalPaymentLines.id, lineId),
          eq(rentalPaymentLines.version, input.version),
          sql`${rentalPaymentLines.state} in ('unpaid', 'partial')`,
          sql`${rentalPaymentLines.paidFen} + ${amountFen} <= ${rentalPaymentLines.amountFen}`,
        ),
      )
      .returning();
    if (!row) {
      const [now] = await tx
        .select()
        .from(rentalPaymentLines)
        .where(and(eq(rentalPaymentLines.tenantId, ctx.tenantId), eq(rentalPaymentLines.id, lineId)));
      if (now!.version !== input.version) throw new ConflictError('contracts.lineChanged');
      if (now!.state === 'paid' || now!.state === 'waived') throw new ConflictError('contracts.lineClosed');
      throw invalidField('amount', 'contracts.amountTooHigh', {
        outstanding: fenToYuan(now!.amountFen - now!.paidFen),
      });
    }
    await record(tx, ctx, {
      contractId: line.contractId,
      lineId,
      accountId: input.accountId,
      amountFen,
      paidDate,
      remark: input.remark ?? null,
      voucher,
    });
    await publish(tx, {
      tenantId: ctx.tenantId,
      name: 'payment.received',
      payload: {
        contractId: line.contractId,
        lineId,
        rentId: line.rentId,
        amountFen,
        lineState: row.state,
        paidDate,
        accountId: input.accountId,
        by: ctx.userId,
        at: deps.clock.now().toISOString(),
      },
    });
    await event(tx, ctx, line.contractId, 'collect', {
      text: {
        key: 'contracts.event.collected',
        params: { what: row.remark ?? { title: 'contractLineType', value: row.type }, amount: fenToYuan(amountFen) },
      },
    });
    return repo.lineOut(row, today, (await tenantRules(tx, ctx.tenantId)).rentGraceDays);
  });
}

/**
 * A line paid online (the driver portal's settler, issue 34), in the transaction that marks the order paid: up to
 * what is left of the line goes to it (a clerk may have collected part meanwhile), into `accountId`, with the
 * collection, the `payment.received` event and the contract's history, as a clerk's collection. Answers what was
 * applied (0 when the line was closed or gone: the caller keeps the rest as an overpayment).
 */
export async function collectOnlineInTx(
  tx: DbOrTx,
  tenantId: number,
  o: { lineId: number; amountFen: number; accountId: number; paidDate: string; now: Date; remark: string },
): Promise<number> {
  const [line] = await rowsOf<{
    contract_id: RawNumber;
    rent_id: RawNumber;
    amount_fen: RawNumber;
    paid_fen: RawNumber;
  }>(
    tx,
    sql`select contract_id, rent_id, amount_fen, paid_fen from rental_payment_lines
      where tenant_id = ${tenantId} and id = ${o.lineId} and valid and state in ('unpaid', 'partial') for update`,
  );
  if (!line) return 0;
  const applied = Math.min(o.amountFen, rawNumber(line.amount_fen) - rawNumber(line.paid_fen));
  if (applied <= 0) return 0;
  const [row] = await tx
    .update(rentalPaymentLines)
    .set({
      paidFen: sql`${rentalPaymentLines.paidFen} + ${applied}`,
      state: sql`case when ${rentalPaymentLines.paidFen} + ${applied} >= ${rentalPaymentLines.amountFen}
        then 'paid' else 'partial' end`,
      paidDate: o.paidDate,
      accountId: o.accountId,
      version: sql`${rentalPaymentLines.version} + 1`,
      updatedAt: o.now,
    })
    .where(and(eq(rentalPaymentLines.tenantId, tenantId), eq(rentalPaymentLines.id, o.lineId)))
    .returning();
  const contractId = rawNumber(line.contract_id);
  const system = { tenantId, userId: null as unknown as number };
  await record(tx, system, {
    contractId,
    lineId: o.lineId,
    accountId: o.accountId,
    amountFen: applied,
    paidDate: o.paidDate,
    remark: o.remark,
  });
  await publish(tx, {
    tenantId,
    name: 'payment.received',
    payload: {
      contractId,
      lineId: o.lineId,
      rentId: rawNumber(line.rent_id),
      amountFen: applied,
      lineState: row!.state,
      paidDate: o.paidDate,
      accountId: o.accountId,
      by: null,
      at: o.now.toISOString(),
    },
  });
  await event(tx, system, contractId, 'collect', {
    text: {
      key: 'contracts.event.collectedOnline',
      params: { what: row!.remark ?? { title: 'contractLineType', value: row!.type }, amount: fenToYuan(applied) },
    },
  });
  return applied;
}

/** Waives what is left of a line (no need to pay), under the same version rule as a collection. */
export async function waiveLine(
  deps: AppDeps,
  ctx: RequestContext,
  lineId: number,
  input: { reason: string; version: number },
) {
  const today = await todayOf(deps.db, ctx.tenantId, deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const line = await lineInScope(tx, ctx, lineId);
    const [row] = await tx
      .update(rentalPaymentLines)
      .set({
        state: 'waived',
        version: sql`${rentalPaymentLines.version} + 1`,
        remark: sql`coalesce(${rentalPaymentLines.remark}, '') || ${` (减免: ${input.reason})`}`,
        updatedAt: deps.clock.now(),
      })
      .where(
        and(
          eq(rentalPaymentLines.tenantId, ctx.tenantId),
          eq(rentalPaymentLines.id, lineId),
          eq(rentalPaymentLines.version, input.version),
          sql`${rentalPaymentLines.state} in ('unpaid', 'partial')`,
        ),
      )
      .returning();
    if (!row) {
      if (line.version !== input.version) throw new ConflictError('contracts.lineChanged');
      throw new ConflictError('contracts.lineClosed');
    }
    await event(tx, ctx, line.contractId, 'waive', {
      text: {
        key: 'contracts.event.waived',
        params: { what: row.remark ?? { title: 'contractLineType', value: row.type } },
      },
    });
    return repo.lineOut(row, today, (await tenantRules(tx, ctx.tenantId)).rentGraceDays);
  });
}

/** A line added by hand (damage, violation withholding, a refund as a negative amount...) to a live contract. */
export async function addLine(
  deps: AppDeps,
  ctx: RequestContext,
  contractId: number,
  input: { type: string; dueDate: string; amount: number; remark?: string | null | undefined },
) {
  await deps.db.transaction(async (tx) => {
    const c = await lockContract(tx, ctx, contractId);
    if (c.state !== 'pending' && c.state !== 'signed') throw refuse(ctx, c.state, 'edit');
    await insertLineInTx(tx, ctx, c, input);
  });
  return repo.contractLines(deps.db, ctx, contractId, await graceToday(deps, ctx.tenantId));
}

/**
 * THE writer of a line added to a contract after its schedule (a clerk's line, a maintenance order's driver
 * share): the line and the contract's history entry, inside the caller's transaction, the contract locked by the
 * caller (`lockContract`). Answers the line's id.
 */
export async function insertLineInTx(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  contract: { id: number; rentId: number },
  input: { type: string; dueDate: string; amount: number; remark?: string | null | undefined },
): Promise<number> {
  const [line] = await tx
    .insert(rentalPaymentLines)
    .values({
      tenantId: ctx.tenantId,
      contractId: contract.id,
      rentId: contract.rentId,
      type: input.type,
      dueDate: input.dueDate,
      amountFen: yuanToFen(input.amount),
      remark: input.remark ?? null,
    })
    .returning({ id: rentalPaymentLines.id });
  await event(tx, ctx, contract.id, 'line', {
    text: {
      key: 'contracts.event.lineAdded',
      params: { type: { title: 'contractLineType', value: input.type }, amount: input.amount },
    },
  });
  return line!.id;
}

/**
 * For other areas (maintenance): a line of `type` on a contract that is live (signed), inside the caller's
 * transaction, under the contract's lock. 404 outside the scope; a contract that is not signed any more is 409
 * `notLive` (the caller's own message).
 */
export async function addLiveLineInTx(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId' | 'rentIds'>,
  contractId: number,
  input: { type: string; dueDate: string; amount: number; remark?: string | null | undefined },
  notLive: { key: string; params?: Record<string, string | number> },
): Promise<{ lineId: number; contractNo: string }> {
  const c = await lockContract(tx, ctx, contractId);
  if (c.state !== 'signed') throw new ConflictError(notLive.key, notLive.params);
  return { lineId: await insertLineInTx(tx, ctx, c, input), contractNo: c.number };
}

export async function graceToday(deps: AppDeps, tenantId: number) {
  const [rules, today] = await Promise.all([tenantRules(deps, tenantId), todayOf(deps.db, tenantId, deps.clock.now())]);
  return { today, grace: rules.rentGraceDays, rules };
}

/** A contract's lines (of one month): one statement, 404 when the contract is not in the caller's scope. */
export async function contractBills(deps: AppDeps, ctx: RequestContext, id: number, month?: string) {
  const rows = await repo.contractBills(deps.db, ctx, id, deps.clock.now(), month);
  if (!rows) throw new NotFoundError('contracts.notFound');
  return rows;
}

export async function getContract(deps: AppDeps, ctx: RequestContext, id: number) {
  const w = await graceToday(deps, ctx.tenantId);
  const row = await repo.findContract(deps.db, ctx, id, w);
  if (!row) throw new NotFoundError('contracts.notFound');
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Accounts

export async function addAccount(deps: AppDeps, ctx: RequestContext, input: { name: string; kind: string }) {
  try {
    const [row] = await deps.db
      .insert(collectionAccounts)
      .values({ tenantId: ctx.tenantId, name: input.name, kind: input.kind })
      .returning();
    return { id: row!.id, name: row!.name, kind: row!.kind as 'cash', balance: fenToYuan(row!.balanceFen) };
  } catch (err) {
    if (isUniqueViolation(err, 'collection_accounts_name_uq')) throw invalidField('name', 'contracts.accountExists');
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Debt collection

export async function setAssignee(deps: AppDeps, ctx: RequestContext, id: number, assigneeId: number | null) {
  await deps.db.transaction(async (tx) => {
    await lockContract(tx, ctx, id);
    if (assigneeId !== null) {
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, assigneeId)));
      if (!u) throw invalidField('assigneeId', 'contracts.userNotFound');
    }
    await tx
      .update(rentalContracts)
      .set({ debtAssigneeId: assigneeId, updatedAt: deps.clock.now() })
      .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
    await event(tx, ctx, id, 'assignee', { remark: assigneeId === null ? null : String(assigneeId) });
  });
  return true;
}

export async function addNote(deps: AppDeps, ctx: RequestContext, id: number, note: string) {
  await deps.db.transaction(async (tx) => {
    await lockContract(tx, ctx, id);
    await tx.insert(debtFollowUps).values({ tenantId: ctx.tenantId, contractId: id, note, userId: ctx.userId });
    await event(tx, ctx, id, 'followUp', { remark: note });
  });
  return repo.notes(deps.db, ctx, id);
}

// ---------------------------------------------------------------------------------------------------------
// Discount through the approvals engine

/**
 * Asks for a discount: an approval of type `contractDiscount` about the contract. When it is approved, the
 * discount becomes a negative line (减免租金) on the contract; rejected or withdrawn, nothing changes.
 */
export async function requestDiscount(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: { amount: number; reason?: string | null | undefined },
) {
  await deps.db.transaction(async (tx) => {
    const c = await lockContract(tx, ctx, id);
    if (c.state !== 'pending' && c.state !== 'signed') throw refuse(ctx, c.state, 'edit');
    if (c.discountState === 'pending') throw new ConflictError('contracts.discountPending');
    // Marked first: an approval the engine decides at once (no step applies) runs onOutcome inside startApproval.
    await tx
      .update(rentalContracts)
      .set({ discountState: 'pending', discountFen: yuanToFen(input.amount), updatedAt: deps.clock.now() })
      .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
    await startApproval(tx as Tx, deps, ctx, {
      businessType: 'contractDiscount',
      businessId: String(id),
      summary: `合同 ${c.number} 优惠 ${input.amount} 元`,
      form: { contractNo: c.number, amount: input.amount, reason: input.reason ?? null },
      attachments: [],
    });
    await event(tx, ctx, id, 'discount', {
      text: { key: 'contracts.event.discountAsked', params: { amount: input.amount } },
    });
  });
  return getContract(deps, ctx, id);
}

/** What the contract discount's outcome does to its contract (added to the type by this area's `register.ts`). */
export const discountHooks: ApprovalHooks = {
  onOutcome: async ({ tx, request, outcome, actorId, now }) => {
    if (!request.businessId) return;
    const id = Number(request.businessId);
    const [c] = await tx
      .select()
      .from(rentalContracts)
      .where(and(eq(rentalContracts.tenantId, request.tenantId), eq(rentalContracts.id, id)))
      .for('update');
    if (!c) return;
    const state = outcome === 'approved' ? 'approved' : outcome === 'rejected' ? 'rejected' : 'none';
    await tx
      .update(rentalContracts)
      .set({ discountState: state, updatedAt: now })
      .where(and(eq(rentalContracts.tenantId, request.tenantId), eq(rentalContracts.id, id)));
    if (outcome === 'approved' && c.discountFen > 0 && (c.state === 'pending' || c.state === 'signed')) {
      await tx.insert(rentalPaymentLines).values({
        tenantId: request.tenantId,
        contractId: id,
        rentId: c.rentId,
        type: 'other',
        dueDate: now.toISOString().slice(0, 10),
        amountFen: -c.discountFen,
        remark: `减免租金(审批 #${request.id})`,
      });
    }
    await event(tx, { tenantId: request.tenantId, userId: actorId }, id, 'discount', {
      text: {
        key:
          outcome === 'approved'
            ? 'contracts.event.discountApproved'
            : outcome === 'rejected'
              ? 'contracts.event.discountRejected'
              : 'contracts.event.discountWithdrawn',
      },
    });
  },
};

/** Whether a contract's bills are live (`c` its alias), for another area's statement (the driver portal). */
export { billsLive } from './rental-contracts.repository.js';

/**
 * The contracts' figures of the caller's day for the dashboard (docs/dashboard.md): to-dos as the list's `duty`
 * filter counts them, bills due today still open, money collected today, overdue contracts and what they owe.
 */
export async function todayFigures(deps: AppDeps, ctx: RequestContext) {
  const { today, grace } = await graceToday(deps, ctx.tenantId);
  const raw = await repo.contractsToday(deps.db, scopeFor(ctx), { today, grace });
  return {
    toSign: raw.toSign,
    toDispatch: raw.toDispatch,
    toReturn: raw.toReturn,
    toSettle: raw.toSettle,
    dueToday: { contracts: raw.dueContracts, bills: raw.dueBills, amount: fenToYuan(raw.dueFen) },
    collectedToday: fenToYuan(raw.collectedFen),
    overdue: { contracts: raw.overdueContracts, amount: fenToYuan(raw.overdueFen) },
  };
}
