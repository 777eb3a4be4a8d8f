import { sql } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { earlyPayoff, type Instalment, type Payoff } from '@fleetdesk/contracts/financing-schedule';
import type { PayoffQuote } from '@fleetdesk/contracts/financing';
import { rowsOf, type DbOrTx, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { tenantDays } from '../../core/tenant-time.js';
import { yuanText } from '../payments/payments.service.js';
import { financingPayoffs } from '../../db/schema/index.js';
import { refreshLateFees } from './late-fees.service.js';
import { termsOf } from './loans.service.js';
import { applicationOf, logRead, type ReadRequest, type ApplicationRow, type Side } from './money.side.js';
import { owedOf } from './repayments.allocation.js';
import { openInstalments } from './instalments.service.js';
import { announceSettled, moveApplication } from './money.flow.js';
import { stateRefusal } from './applications.service.js';
import './money.messages.js';

/**
 * Early payoff (提前结清, docs/financing.md "Money"): `earlyPayoff` of the schedule on the payer's today: the
 * principal of the instalments not yet due, a break fee on it (the terms' early rate up to instalment 24, the late
 * rate after, never below the floor), the overdue instalments whole with their late fees, less the deposit still
 * held (what the deposit covers beyond that goes back through the deposit return). Paying it closes every open
 * instalment (the overdue ones paid, the rest `settled`) and settles the financing (S7 → S8).
 */

/** The deposit still held: the terms' deposit less what earlier payoffs set against it. */
export async function depositHeldFen(db: DbOrTx, app: ApplicationRow): Promise<number> {
  const [row] = await rowsOf<{ used: string | number | null }>(
    db,
    sql`select coalesce(sum(deposit_used_fen), 0) as used from financing_payoffs
      where tenant_id = ${app.tenantId} and application_id = ${app.id}`,
  );
  return Math.max(0, termsOf(app).depositFen - Number(row?.used ?? 0));
}

/** The payoff of an application on `today` (fees brought to today first: pass a transaction to keep them). */
export async function payoffOf(db: DbOrTx, app: ApplicationRow, today: string): Promise<Payoff> {
  await refreshLateFees(db, app.tenantId, today, app.id);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select period, due_date::text as due_date, principal_fen, interest_fen, amount_fen, remaining_principal_fen,
        paid_fen, late_fee_fen, late_fee_paid_fen, late_fee_waived_fen, state
      from financing_instalments where tenant_id = ${app.tenantId} and application_id = ${app.id} order by period`,
  );
  const schedule: Instalment[] = rows.map((r) => ({
    period: Number(r.period),
    dueDate: String(r.due_date),
    principalFen: Number(r.principal_fen),
    interestFen: Number(r.interest_fen),
    paymentFen: Number(r.amount_fen),
    remainingFen: Number(r.remaining_principal_fen),
  }));
  const principalPaidFen: Record<number, number> = {};
  let overdueFen = 0;
  let lateFeesFen = 0;
  for (const r of rows) {
    const open = r.state === 'pending' || r.state === 'partial';
    const owed = owedOf({
      id: 0,
      period: Number(r.period),
      principalFen: Number(r.principal_fen),
      interestFen: Number(r.interest_fen),
      paidFen: Number(r.paid_fen),
      lateFeeFen: Number(r.late_fee_fen),
      lateFeePaidFen: Number(r.late_fee_paid_fen),
      lateFeeWaivedFen: Number(r.late_fee_waived_fen),
    });
    // Closed instalments count as wholly repaid; open ones not yet due by the principal paid on them.
    principalPaidFen[Number(r.period)] = open
      ? Math.max(0, Number(r.paid_fen) - Number(r.interest_fen))
      : Number(r.principal_fen);
    if (!open) continue;
    lateFeesFen += owed.lateFeeFen;
    if (String(r.due_date) < today) overdueFen += owed.interestFen + owed.principalFen;
  }
  const terms = termsOf(app);
  return earlyPayoff(
    { schedule, principalPaidFen, overdueFen, lateFeesFen, depositFen: await depositHeldFen(db, app), date: today },
    { breakRateEarly: terms.breakRateEarly, breakRateLate: terms.breakRateLate, breakFloorFen: terms.breakFloorFen },
  );
}

function toQuote(app: ApplicationRow, date: string, p: Payoff): PayoffQuote {
  return {
    applicationId: app.id,
    date,
    currentPeriod: p.currentPeriod,
    remainingPrincipal: fenToYuan(p.remainingPrincipalFen),
    breakFee: fenToYuan(p.breakFeeFen),
    overdue: fenToYuan(p.overdueFen),
    lateFees: fenToYuan(p.lateFeesFen),
    deposit: fenToYuan(p.depositFen),
    total: fenToYuan(p.totalFen),
    refund: fenToYuan(p.refundFen),
  };
}

/** `rentFinancingCar/payoff/quote/{id}` (both sides; S7 only). */
export async function payoffQuote(deps: AppDeps, caller: Side, id: number, req: ReadRequest): Promise<PayoffQuote> {
  const quote = await deps.db.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    if (app.state !== 'S7') throw stateRefusal(caller.ctx.lang, app.state, 'payoff');
    const today = (await tenantDays(tx, app.tenantId, deps.clock.now())).today;
    return { app, quote: toQuote(app, today, await payoffOf(tx, app, today)) };
  });
  // After the transaction: the log is written on its own connection.
  await logRead(deps, caller, req, { targetId: quote.app.code, tenantId: quote.app.tenantId });
  return quote.quote;
}

/**
 * Applies a paid payoff repayment (in the paying transaction, the application locked, S7): lines for what each
 * open instalment still owed (an instalment not yet due: its principal only), the instalments closed (overdue:
 * `paid`; the rest: `settled`), the breakdown in `financing_payoffs`, and S7 → S8.
 */
export async function applyPayoff(
  tx: Tx,
  caller: Side | null,
  app: ApplicationRow,
  repayment: { id: number; code: string; amountFen: number },
  now: Date,
): Promise<void> {
  const today = (await tenantDays(tx, app.tenantId, now)).today;
  const p = await payoffOf(tx, app, today);
  const open = await openInstalments(tx, app);
  for (const i of open) {
    const owed = owedOf(i);
    const overdue = i.dueDate < today;
    const line = overdue ? owed : { lateFeeFen: owed.lateFeeFen, interestFen: 0, principalFen: owed.principalFen };
    if (line.lateFeeFen + line.interestFen + line.principalFen > 0)
      await tx.execute(sql`insert into financing_repayment_lines
          (tenant_id, repayment_id, instalment_id, principal_fen, interest_fen, late_fee_fen)
        values (${app.tenantId}, ${repayment.id}, ${i.id}, ${line.principalFen}, ${line.interestFen}, ${line.lateFeeFen})`);
    await tx.execute(sql`update financing_instalments set paid_fen = paid_fen + ${line.interestFen + line.principalFen},
        late_fee_paid_fen = late_fee_paid_fen + ${line.lateFeeFen}, state = ${overdue ? 'paid' : 'settled'},
        paid_at = ${now}, version = version + 1, updated_at = ${now}
      where tenant_id = ${app.tenantId} and id = ${i.id}`);
  }
  await tx.insert(financingPayoffs).values({
    tenantId: app.tenantId,
    repaymentId: repayment.id,
    applicationId: app.id,
    currentPeriod: p.currentPeriod,
    remainingPrincipalFen: p.remainingPrincipalFen,
    breakFeeFen: p.breakFeeFen,
    overdueFen: p.overdueFen,
    lateFeesFen: p.lateFeesFen,
    depositUsedFen: Math.min(p.depositFen, p.remainingPrincipalFen + p.breakFeeFen + p.overdueFen + p.lateFeesFen),
    totalFen: p.totalFen,
  });
  await moveApplication(tx, caller, app, 'S8', 'payoff', {
    now,
    set: { settledAt: now },
    params: {
      amount: yuanText(repayment.amountFen),
      principal: yuanText(p.remainingPrincipalFen),
      breakFee: yuanText(p.breakFeeFen),
    },
  });
  await announceSettled(tx, app, 'payoff', now);
}
