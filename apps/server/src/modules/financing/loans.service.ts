import { sql } from 'drizzle-orm';
import { buildFinancingSchedule } from '@fleetdesk/contracts/financing-schedule';
import { rowsOf, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, invalidField } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { tenantDays } from '../../core/tenant-time.js';
import { yuanText } from '../payments/payments.service.js';
import { financingInstalments, type FinancingQuoteJson } from '../../db/schema/index.js';
import { scheduleInputOf, stateRefusal } from './applications.service.js';
import { applicationOf, requireSide, type ApplicationRow, type Side } from './money.side.js';
import { moveApplication, tellSide } from './money.flow.js';
import './money.messages.js';

/**
 * The loan (docs/financing.md "Money"): the applicant requests it per apply item (S4 → S5), the financier confirms
 * it after checking the vouchers (S5 → S6) and records the disbursement (S6 → S7), at which moment the instalment
 * schedule is made from the approved terms (the `quote`) by `buildFinancingSchedule`.
 */

/**
 * The approved terms an application is financed on: its `quote`, fixed at submit and remade when the applicant
 * accepted the financier's conditions (S3 → S4). Numbers read from jsonb as numbers.
 */
export type LoanTerms = FinancingQuoteJson;

export function termsOf(app: { quote: unknown }): LoanTerms {
  const q = (app.quote ?? {}) as Record<string, unknown>;
  const n = (k: string) => Number(q[k] ?? 0);
  return {
    ...(q as unknown as FinancingQuoteJson),
    annualRate: n('annualRate'),
    stagingNumber: n('stagingNumber'),
    financedFen: n('financedFen'),
    balloonFen: n('balloonFen'),
    depositFen: n('depositFen'),
    lateFeeDailyRate: n('lateFeeDailyRate'),
    breakRateEarly: n('breakRateEarly'),
    breakRateLate: n('breakRateLate'),
    breakFloorFen: n('breakFloorFen'),
    repayDay: q.repayDay === null || q.repayDay === undefined ? null : Number(q.repayDay),
  };
}

/** The schedule of an application disbursed on `loanDate` (the applications side's input, the pure module's schedule). */
export function scheduleOf(terms: LoanTerms, loanDate: string) {
  return buildFinancingSchedule(scheduleInputOf(terms, loanDate));
}

export interface ApplyItemRow {
  id: number;
  code: string;
  amount_fen: number;
  loan_state: string;
  requested_at: Date | null;
  disbursed_at: Date | null;
  disbursed_fen: number | null;
}

export async function applyItemsOfApp(db: Tx | AppDeps['db'], app: ApplicationRow): Promise<ApplyItemRow[]> {
  const rows = await rowsOf<ApplyItemRow>(
    db,
    sql`select id, code, amount_fen, loan_state, requested_at, disbursed_at, disbursed_fen
      from financing_apply_items where tenant_id = ${app.tenantId} and application_id = ${app.id} order by code desc`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amount_fen: Number(r.amount_fen),
    disbursed_fen: r.disbursed_fen === null ? null : Number(r.disbursed_fen),
  }));
}

/** The applicant requests the loan for some of the application's items (S4 → S5). */
export async function applyLoan(deps: AppDeps, caller: Side, id: number, items: readonly string[], version?: number) {
  requireSide(caller, 'applicant');
  if (items.length === 0) throw invalidField('items', 'financingMoney.noItems');
  const now = deps.clock.now();
  return deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    if (app.state !== 'S4') throw stateRefusal(caller.ctx.lang, app.state, 'loanApply');
    const own = await applyItemsOfApp(tx, app);
    for (const code of items)
      if (!own.some((i) => i.code === code)) throw invalidField('items', 'financingMoney.unknownItem', { code });
    const moved = await moveApplication(tx, caller, app, 'S5', 'loanApply', {
      now,
      version,
      params: { items: items.join(', ') },
    });
    await tx.execute(sql`update financing_apply_items set loan_state = 'requested', requested_at = ${now},
        updated_at = ${now}
      where tenant_id = ${app.tenantId} and application_id = ${app.id} and code = any(${`{${items.join(',')}}`}::text[])`);
    await tellSide(tx, app, 'financier', { what: 'loanApply' });
    return moved;
  });
}

/** The financier confirms the loan after checking the vouchers (S5 → S6). */
export async function confirmLoan(deps: AppDeps, caller: Side, id: number, note?: string | null, version?: number) {
  requireSide(caller, 'financier');
  const now = deps.clock.now();
  return deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    if (app.state !== 'S5') throw stateRefusal(caller.ctx.lang, app.state, 'loanConfirm');
    return moveApplication(tx, caller, app, 'S6', 'loanConfirm', { now, version, note: note ?? null });
  });
}

/** The financier returns the loan request to the applicant (S5 → S4, a note required): the items are no longer requested. */
export async function returnLoan(deps: AppDeps, caller: Side, id: number, note: string, version?: number) {
  requireSide(caller, 'financier');
  const now = deps.clock.now();
  return deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    if (app.state !== 'S5') throw stateRefusal(caller.ctx.lang, app.state, 'loanReturn');
    const moved = await moveApplication(tx, caller, app, 'S4', 'loanReturn', { now, version, note });
    await tx.execute(sql`update financing_apply_items set loan_state = 'none', requested_at = null, updated_at = ${now}
      where tenant_id = ${app.tenantId} and application_id = ${app.id} and loan_state = 'requested'`);
    await tellSide(tx, app, 'applicant', {
      title: 'financingMoney.msg.loanReturnedTitle',
      key: 'financingMoney.msg.loanReturned',
      params: { code: app.code, note },
    });
    return moved;
  });
}

/**
 * The financier records the disbursement (S6 → S7): the day (not after today, not before the submission) and the
 * amount, which must be the amount financed by the approved terms. The schedule is made and saved then.
 */
export async function disburse(
  deps: AppDeps,
  caller: Side,
  id: number,
  input: { date: string; amountFen: number; version?: number; note?: string | null },
) {
  requireSide(caller, 'financier');
  const now = deps.clock.now();
  return deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    if (app.state !== 'S6') throw stateRefusal(caller.ctx.lang, app.state, 'disburse');
    const days = await tenantDays(tx, app.tenantId, now);
    if (input.date > days.today) throw invalidField('date', 'financingMoney.disburseDate');
    if (app.submittedAt && input.date < (await tenantDays(tx, app.tenantId, new Date(app.submittedAt))).today)
      throw invalidField('date', 'financingMoney.disburseDate');
    const terms = termsOf(app);
    if (input.amountFen !== terms.financedFen)
      throw invalidField('amount', 'financingMoney.disburseAmount', { amount: yuanText(terms.financedFen) });
    if (terms.financedFen <= 0) throw new BadRequestError('financingMoney.disburseAmount', { amount: '0.00' });
    const periods = scheduleOf(terms, input.date).instalments.length;
    const moved = await moveApplication(tx, caller, app, 'S7', 'disburse', {
      now,
      version: input.version,
      note: input.note ?? null,
      set: { disbursedAt: days.startOf(input.date) },
      params: { amount: yuanText(terms.financedFen), date: input.date, periods },
    });
    const schedule = await saveSchedule(tx, app, terms, input.date);
    await tx.execute(sql`update financing_apply_items set loan_state = 'disbursed', disbursed_at = ${now},
        disbursed_fen = amount_fen, updated_at = ${now}
      where tenant_id = ${app.tenantId} and application_id = ${app.id} and loan_state = 'requested'`);
    await publish(tx, {
      tenantId: app.tenantId,
      name: 'financing.disbursed',
      payload: {
        applicationId: app.id,
        rentId: app.rentId,
        financierId: app.financierId,
        code: app.code,
        amountFen: terms.financedFen,
        date: input.date,
        firstDueDate: schedule.instalments[0]!.dueDate,
      },
    });
    await tellSide(tx, app, 'applicant', {
      title: 'financingMoney.msg.disbursedTitle',
      key: 'financingMoney.msg.disbursed',
      params: {
        code: app.code,
        date: input.date,
        amount: yuanText(terms.financedFen),
        first: schedule.instalments[0]!.dueDate,
      },
    });
    return moved;
  });
}

/** Saves the schedule of a disbursed application: one `financing_instalments` row per instalment. */
export async function saveSchedule(tx: Tx, app: ApplicationRow, terms: LoanTerms, loanDate: string) {
  const schedule = scheduleOf(terms, loanDate);
  await tx.insert(financingInstalments).values(
    schedule.instalments.map((i) => ({
      tenantId: app.tenantId,
      applicationId: app.id,
      rentId: app.rentId,
      financierId: app.financierId,
      code: `${app.code}-${String(i.period).padStart(2, '0')}`,
      period: i.period,
      dueDate: i.dueDate,
      principalFen: i.principalFen,
      interestFen: i.interestFen,
      amountFen: i.paymentFen,
      remainingPrincipalFen: i.remainingFen,
    })),
  );
  return schedule;
}
