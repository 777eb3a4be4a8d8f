import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type {
  Repayment,
  RepaymentDetail,
  RepaymentKind,
  RepaymentMethod,
  RepaymentState,
} from '@fleetdesk/contracts/financing';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import { rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { hasPermission } from '../../core/access.js';
import { tenantDays } from '../../core/tenant-time.js';
import { createReferenceOrder, type OrderRow } from '../payments/orders.service.js';
import { payOrder } from '../payments/pay.service.js';
import { yuanText } from '../payments/payments.service.js';
import { refreshLateFees } from './late-fees.service.js';
import { listTotal } from './list-totals.js';
import { applyPayoff, payoffOf } from './payoff.service.js';
import { openInstalments } from './instalments.service.js';
import { nextCode } from './applications.repository.js';
import { lockById } from './applications.service.js';
import { announceSettled, moveApplication, recordActivity, tellSide } from './money.flow.js';
import {
  applicationOf,
  logRead,
  type ReadRequest,
  requireSide,
  scopeOf,
  type ApplicationRow,
  type Side,
} from './money.side.js';
import {
  allocate,
  stateAfter,
  totalOwedOf,
  type AllocationLine,
  type OpenInstalment,
} from './repayments.allocation.js';
import { stateRefusal } from './applications.service.js';
import './money.messages.js';

/**
 * Repayments of a disbursed financing (docs/financing.md "Money"). A payment is spread over the open instalments
 * oldest first (late fee, interest, principal: `repayments.allocation.ts`), partial payments leaving an instalment
 * `partial`; the last instalment paid settles the financing (S7 → S8). Three ways in:
 * - `recorded`: the financier records money it received (`finance:pay`): paid at once;
 * - `transfer`: the applicant declares a bank transfer; paid when the financier confirms it;
 * - `online`: the applicant pays through the payments area (an order of type `financing` offered to the payment
 *   provider as a QR code); the provider's notification settles the order exactly once (the order row locked,
 *   `settlePayment`), and settling it pays the repayment (`settleFinancingOrder`, registered as the order type's
 *   settler), so a notification twice pays once.
 */

const OPEN = sql`('pending', 'partial')`;

interface NewRepayment {
  kind: RepaymentKind;
  method: RepaymentMethod;
  amountFen: number;
  state: RepaymentState;
  note: string | null;
  paidAt: Date | null;
}

async function insertRepayment(tx: Tx, caller: Side | null, app: ApplicationRow, r: NewRepayment, now: Date) {
  const today = (await tenantDays(tx, app.tenantId, now)).today;
  // `HK` + the tenant's today + a 4-digit sequence of that day.
  const code = await nextCode(tx, app.tenantId, `HK${today.replace(/-/g, '')}`, 4);
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into financing_repayments (tenant_id, application_id, rent_id, financier_id, code, kind, amount_fen,
        method, state, paid_at, note, created_by, created_by_name, created_at, updated_at)
      values (${app.tenantId}, ${app.id}, ${app.rentId}, ${app.financierId}, ${code}, ${r.kind}, ${r.amountFen},
        ${r.method}, ${r.state}, ${r.paidAt}, ${r.note}, ${caller?.ctx.userId ?? null}, ${caller?.ctx.name ?? null},
        ${now}, ${now})
      returning id`,
  );
  return { id: Number(row!.id), code };
}

/**
 * Spreads a paid repayment over the application's open instalments (fees brought to today first) and settles the
 * financing when nothing is left owed. In the caller's transaction, the application locked.
 */
export async function allocateRepayment(
  tx: Tx,
  caller: Side | null,
  app: ApplicationRow,
  repayment: { id: number; code: string; amountFen: number; method: RepaymentMethod },
  now: Date,
): Promise<{ lines: AllocationLine[]; leftFen: number; settled: boolean }> {
  const today = (await tenantDays(tx, app.tenantId, now)).today;
  await refreshLateFees(tx, app.tenantId, today, app.id);
  const open = await openInstalments(tx, app);
  const { lines, leftFen } = allocate(open, repayment.amountFen);
  const paidPeriods: number[] = [];
  for (const line of lines) {
    const before = open.find((i) => i.id === line.instalmentId)!;
    const after: OpenInstalment = {
      ...before,
      paidFen: before.paidFen + line.interestFen + line.principalFen,
      lateFeePaidFen: before.lateFeePaidFen + line.lateFeeFen,
    };
    const state = stateAfter(after);
    if (state === 'paid') paidPeriods.push(before.period);
    await tx.execute(sql`insert into financing_repayment_lines
        (tenant_id, repayment_id, instalment_id, principal_fen, interest_fen, late_fee_fen)
      values (${app.tenantId}, ${repayment.id}, ${line.instalmentId}, ${line.principalFen}, ${line.interestFen},
        ${line.lateFeeFen})`);
    await tx.execute(sql`update financing_instalments set paid_fen = ${after.paidFen},
        late_fee_paid_fen = ${after.lateFeePaidFen}, state = ${state},
        paid_at = ${state === 'paid' ? now : null}, version = version + 1, updated_at = ${now}
      where tenant_id = ${app.tenantId} and id = ${line.instalmentId}`);
  }
  await recordActivity(
    tx,
    caller,
    app,
    'repayment',
    { amount: yuanText(repayment.amountFen), repayment: repayment.code, method: repayment.method },
    now,
  );
  await publish(tx, {
    tenantId: app.tenantId,
    name: 'financing.instalmentPaid',
    payload: {
      applicationId: app.id,
      rentId: app.rentId,
      financierId: app.financierId,
      code: app.code,
      repaymentId: repayment.id,
      repaymentCode: repayment.code,
      amountFen: repayment.amountFen,
      paidPeriods,
    },
  });
  const params = { code: app.code, amount: yuanText(repayment.amountFen), repayment: repayment.code };
  const text = { title: 'financingMoney.msg.paidTitle', key: 'financingMoney.msg.paid', params };
  await tellSide(tx, app, caller?.kind === 'financier' ? 'applicant' : 'financier', text);
  const settled = await settleIfRepaid(tx, caller, app, now);
  return { lines, leftFen, settled };
}

/** S7 → S8 when no instalment is open any more (the last one paid, or its fee waived). */
export async function settleIfRepaid(tx: Tx, caller: Side | null, app: ApplicationRow, now: Date): Promise<boolean> {
  const [left] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from financing_instalments
      where tenant_id = ${app.tenantId} and application_id = ${app.id} and state in ${OPEN}`,
  );
  if (Number(left?.n ?? 0) > 0) return false;
  const fresh = await lockById(tx, app.tenantId, app.id);
  if (!fresh || fresh.state !== 'S7') return false;
  await moveApplication(tx, caller, fresh, 'S8', 'settle', { now, set: { settledAt: now } });
  await announceSettled(tx, app, 'repaid', now);
  return true;
}

/** Who may pay how: the financier records, the applicant pays online or declares a transfer. */
function checkMethod(caller: Side, method: RepaymentMethod): void {
  if (!hasPermission(caller.ctx.permissions, 'finance:pay')) throw new ForbiddenError();
  const ok = caller.kind === 'financier' ? method === 'recorded' : method === 'online' || method === 'transfer';
  if (!ok) throw new ForbiddenError('financingMoney.method');
}

export interface PayAnswer {
  repayment: Repayment;
  payInfo: PayInfo | null;
}

/**
 * A payment of `amountFen` on an application (`upToPeriod`: paying one instalment, which may not be paid
 * ahead of the older ones: the amount may cover it and those before it, no more).
 */
export async function pay(
  deps: AppDeps,
  caller: Side,
  applicationId: number,
  input: {
    amountFen: number;
    method: RepaymentMethod;
    note?: string | null;
    upToPeriod?: number;
    kind?: RepaymentKind;
  },
): Promise<PayAnswer> {
  const kind = input.kind ?? 'instalment';
  checkMethod(caller, input.method);
  const now = deps.clock.now();
  const created = await deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, applicationId, true);
    if (app.state !== 'S7') throw stateRefusal(caller.ctx.lang, app.state, 'repay');
    if (kind === 'instalment') {
      const today = (await tenantDays(tx, app.tenantId, now)).today;
      await refreshLateFees(tx, app.tenantId, today, app.id);
      const open = (await openInstalments(tx, app)).filter(
        (i) => input.upToPeriod === undefined || i.period <= input.upToPeriod,
      );
      const owed = totalOwedOf(open);
      if (owed === 0) throw new ConflictError('financingMoney.nothingOwed');
      if (input.amountFen > owed) throw new ConflictError('financingMoney.overpay', { owed: yuanText(owed) });
    }
    const paidNow = input.method === 'recorded';
    const r = await insertRepayment(
      tx,
      caller,
      app,
      {
        kind,
        method: input.method,
        amountFen: input.amountFen,
        state: paidNow ? 'paid' : 'pending',
        note: input.note ?? null,
        paidAt: paidNow ? now : null,
      },
      now,
    );
    if (paidNow && kind === 'payoff') {
      await applyPayoff(tx, caller, app, { ...r, amountFen: input.amountFen }, now);
    } else if (paidNow) {
      await allocateRepayment(tx, caller, app, { ...r, amountFen: input.amountFen, method: input.method }, now);
    } else if (input.method === 'transfer') {
      const params = { amount: yuanText(input.amountFen), repayment: r.code };
      await recordActivity(tx, caller, app, 'repaymentDeclared', params, now);
      await tellSide(tx, app, 'financier', { what: 'transfer', params: { amount: yuanText(input.amountFen) } });
    } else {
      // The payments area's order of an online repayment (type `financing`, its reference the repayment's code).
      const order = await createReferenceOrder(tx, caller.ctx, {
        type: 'financing',
        referenceType: 'financingRepayment',
        referenceId: r.code,
        amountFen: input.amountFen,
        prefix: 'F',
        now,
      });
      await tx.execute(sql`update financing_repayments set charge_id = ${order.id}
        where tenant_id = ${app.tenantId} and id = ${r.id}`);
      const params = { amount: yuanText(input.amountFen), repayment: r.code };
      await recordActivity(tx, caller, app, 'repaymentOnline', params, now);
    }
    return r;
  });
  const repayment = await repaymentOf(deps.db, caller, created.id);
  const payInfo =
    input.method === 'online' && repayment.chargeId !== null
      ? await payOrder(deps, caller.ctx, repayment.chargeId)
      : null;
  return { repayment, payInfo };
}

/**
 * The settler of `financing` orders (registered with the payments area): in the transaction that marks the order
 * paid (once per order), its pending repayment becomes paid and is allocated. A repayment already paid or gone
 * changes nothing.
 */
export async function settleFinancingOrder(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const [row] = await rowsOf<{
    id: number;
    application_id: number;
    code: string;
    amount_fen: number;
    state: string;
    kind: string;
  }>(
    tx,
    sql`select id, application_id, code, amount_fen, state, kind from financing_repayments
      where tenant_id = ${order.tenantId} and charge_id = ${order.id} for update`,
  );
  if (!row || row.state !== 'pending') return;
  await markPaid(tx, null, order.tenantId, row, 'online', now);
}

/** A pending repayment paid (online, or a transfer the financier confirmed): allocated, or applied as the payoff. */
async function markPaid(
  tx: Tx,
  caller: Side | null,
  tenantId: number,
  row: { id: number; application_id: number; code: string; amount_fen: number; kind: string },
  method: RepaymentMethod,
  now: Date,
) {
  await tx.execute(sql`update financing_repayments set state = 'paid', paid_at = ${now}, updated_at = ${now}
    where tenant_id = ${tenantId} and id = ${row.id}`);
  const app = (await lockById(tx, tenantId, Number(row.application_id)))!;
  if (app.state !== 'S7') {
    // Paid after the financing was closed (the money was taken): kept as an unallocated payment.
    await recordActivity(
      tx,
      caller,
      app,
      'repayment',
      { amount: yuanText(Number(row.amount_fen)), repayment: row.code, method },
      now,
      'unallocated',
    );
    return;
  }
  if (row.kind === 'payoff') {
    await applyPayoff(tx, caller, app, { id: Number(row.id), code: row.code, amountFen: Number(row.amount_fen) }, now);
    return;
  }
  await allocateRepayment(
    tx,
    caller,
    app,
    { id: Number(row.id), code: row.code, amountFen: Number(row.amount_fen), method },
    now,
  );
}

/** The financier confirms (or refuses) a transfer the applicant declared. */
export async function confirmRepayment(
  deps: AppDeps,
  caller: Side,
  id: number,
  decision: { approve: boolean; note?: string | null },
) {
  requireSide(caller, 'financier');
  const now = deps.clock.now();
  await deps.events.transaction(async (tx) => {
    const [row] = await rowsOf<{
      tenant_id: number;
      id: number;
      application_id: number;
      code: string;
      amount_fen: number;
      state: string;
      kind: string;
      method: string;
    }>(
      tx,
      sql`select r.tenant_id, r.id, r.application_id, r.code, r.amount_fen, r.state, r.kind, r.method
        from financing_repayments r where r.id = ${id} and ${scopeOf(caller, 'r')} for update`,
    );
    if (!row) throw new NotFoundError('financingMoney.repaymentNotFound');
    if (row.state !== 'pending' || row.method !== 'transfer')
      throw new ConflictError('financingMoney.repaymentState', { state: row.state });
    if (decision.approve) {
      await markPaid(tx, caller, Number(row.tenant_id), row, 'transfer', now);
    } else {
      await tx.execute(sql`update financing_repayments r set state = 'failed', note = ${decision.note ?? null}, updated_at = ${now}
        where r.id = ${id} and ${scopeOf(caller, 'r')}`);
    }
  });
  return repaymentOf(deps.db, caller, id);
}

// ---------------------------------------------------------------------------------------------------- reading

const SELECT = sql`select r.id, r.tenant_id, r.code, r.application_id, a.code as application_code, t.name as tenant_name,
    r.rent_id, rt.name as rent_name, a.plate, r.kind, r.amount_fen, r.method, r.state, r.charge_id, r.paid_at, r.note,
    r.created_by_name, r.created_at
  from financing_repayments r
  join financing_applications a on a.tenant_id = r.tenant_id and a.id = r.application_id
  join tenants t on t.id = r.tenant_id
  join rents rt on rt.tenant_id = r.tenant_id and rt.id = r.rent_id`;

function toRepayment(r: Record<string, unknown>): Repayment {
  return {
    id: Number(r.id),
    code: String(r.code),
    applicationId: Number(r.application_id),
    applicationCode: String(r.application_code),
    tenantName: String(r.tenant_name),
    rentId: Number(r.rent_id),
    rentName: String(r.rent_name),
    plate: (r.plate as string | null) ?? null,
    kind: r.kind as RepaymentKind,
    amount: fenToYuan(Number(r.amount_fen)),
    method: r.method as RepaymentMethod,
    state: r.state as RepaymentState,
    chargeId: r.charge_id === null ? null : Number(r.charge_id),
    paidAt: r.paid_at ? new Date(r.paid_at as string).toISOString() : null,
    note: (r.note as string | null) ?? null,
    createdByName: (r.created_by_name as string | null) ?? null,
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

async function repaymentRaw(db: DbOrTx, caller: Side, id: number): Promise<Record<string, unknown>> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`${SELECT} where r.id = ${id} and ${scopeOf(caller, 'r')}`,
  );
  if (!row) throw new NotFoundError('financingMoney.repaymentNotFound');
  return row;
}

async function repaymentOf(db: DbOrTx, caller: Side, id: number): Promise<Repayment> {
  return toRepayment(await repaymentRaw(db, caller, id));
}

export async function getRepayment(deps: AppDeps, caller: Side, id: number, req: ReadRequest): Promise<Repayment> {
  const row = await repaymentRaw(deps.db, caller, id);
  await logRead(deps, caller, req, { targetId: String(row.application_code), tenantId: Number(row.tenant_id) });
  return toRepayment(row);
}

export async function repaymentDetail(
  deps: AppDeps,
  caller: Side,
  id: number,
  req: ReadRequest,
): Promise<RepaymentDetail> {
  const r = await getRepayment(deps, caller, id, req);
  const lines = await rowsOf<Record<string, unknown>>(
    deps.db,
    sql`select l.id, l.instalment_id, i.code as instalment_code, i.period, l.principal_fen, l.interest_fen, l.late_fee_fen
      from financing_repayment_lines l
      join financing_repayments r on r.tenant_id = l.tenant_id and r.id = l.repayment_id
      join financing_instalments i on i.tenant_id = l.tenant_id and i.id = l.instalment_id
      where l.repayment_id = ${id} and ${scopeOf(caller, 'r')} order by i.period, l.id`,
  );
  return {
    ...r,
    lines: lines.map((l) => ({
      id: Number(l.id),
      instalmentId: Number(l.instalment_id),
      instalmentCode: String(l.instalment_code),
      period: Number(l.period),
      principal: fenToYuan(Number(l.principal_fen)),
      interest: fenToYuan(Number(l.interest_fen)),
      lateFee: fenToYuan(Number(l.late_fee_fen)),
      total: fenToYuan(Number(l.principal_fen) + Number(l.interest_fen) + Number(l.late_fee_fen)),
    })),
  };
}

export interface RepaymentFilter {
  pageNum: number;
  pageSize: number;
  applicationId?: number;
  rentId?: number;
  tenantId?: number;
  state?: RepaymentState;
  kind?: RepaymentKind;
  from?: string;
  to?: string;
}

export async function listRepayments(deps: AppDeps, caller: Side, q: RepaymentFilter, req: ReadRequest) {
  const where: SQL[] = [scopeOf(caller, 'r')];
  if (q.applicationId) where.push(sql`r.application_id = ${q.applicationId}`);
  if (q.rentId) where.push(sql`r.rent_id = ${q.rentId}`);
  if (q.tenantId) where.push(sql`r.tenant_id = ${q.tenantId}`);
  if (q.state) where.push(sql`r.state = ${q.state}`);
  if (q.kind) where.push(sql`r.kind = ${q.kind}`);
  if (q.from || q.to) {
    const days = await tenantDays(deps.db, caller.ctx.tenantId, deps.clock.now());
    if (q.from) where.push(sql`r.created_at >= ${days.startOf(q.from)}`);
    if (q.to) where.push(sql`r.created_at < ${days.startOf(days.plusDays(1, q.to))}`);
  }
  const cond = sql.join(where, sql` and `);
  const [rows, total] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      deps.db,
      sql`${SELECT} where ${cond} order by r.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    listTotal(deps.db, caller, sql`select count(*)::int as n from financing_repayments r where ${cond}`),
  ]);
  await logRead(deps, caller, req, { targetId: null, summary: { list: 'repayments', ...q } });
  return { rows: rows.map(toRepayment), total };
}

/**
 * `rentFinancingCar/payoff/{id}`: pays the payoff (the amount must be today's total, else 409 with the total):
 * recorded by the financier (applied at once), or by the applicant online or as a declared transfer (applied when
 * paid). A repayment of kind `payoff`.
 */
export async function payOff(
  deps: AppDeps,
  caller: Side,
  id: number,
  input: { version: number; method: RepaymentMethod; amountFen: number; note?: string | null },
): Promise<PayAnswer> {
  if (!hasPermission(caller.ctx.permissions, 'finance:pay')) throw new ForbiddenError();
  await deps.db.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    if (app.state !== 'S7') throw stateRefusal(caller.ctx.lang, app.state, 'payoff');
    if (input.version !== app.version) throw new ConflictError('error.financing.version');
    const today = (await tenantDays(tx, app.tenantId, deps.clock.now())).today;
    const p = await payoffOf(tx, app, today);
    if (p.totalFen !== input.amountFen || p.totalFen <= 0)
      throw new ConflictError('financingMoney.payoffAmount', { total: yuanText(p.totalFen) });
  });
  return pay(deps, caller, id, { ...input, kind: 'payoff' });
}
