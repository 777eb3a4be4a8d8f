import { sql } from 'drizzle-orm';
import { buildFinancingSchedule, type RepayMethod, type DueTiming } from '@fleetdesk/contracts/financing-schedule';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { rowsOf, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, invalidField } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { tenantDays } from '../../core/tenant-time.js';
import { yuanText } from '../payments/payments.service.js';
import { financingInstalments } from '../../db/schema/index.js';
import { applicationOf, requireSide, type AppRow, type Caller } from './money.side.js';
import { moveApplication, tellSide } from './money.flow.js';
import './money.messages.js';

/**
 * The loan (docs/financing.md "Money"): the applicant requests it per apply item (S4 → S5), the financier confirms
 * it after checking the vouchers (S5 → S6) and records the disbursement (S6 → S7), at which moment the instalment
 * schedule is made from the approved terms (`conditions` over the `quote`) by `buildFinancingSchedule`.
 */

/** The terms the schedule is made from: the submitted quote, revised by the conditions the applicant accepted. */
export interface LoanTerms {
  method: RepayMethod;
  dueMode: DueTiming;
  annualRate: number;
  stagingNumber: number;
  financedFen: number;
  balloonFen: number;
  depositFen: number;
  lateFeeDailyRate: number;
  breakRateEarly: number;
  breakRateLate: number;
  breakFloorFen: number;
  repayDay: number | null;
}

export function termsOf(app: Pick<AppRow, 'quote' | 'conditions'>): LoanTerms {
  const merged = {
    ...(app.quote ?? {}),
    ...Object.fromEntries(Object.entries(app.conditions ?? {}).filter(([, v]) => v !== null && v !== undefined)),
  } as Record<string, unknown>;
  const n = (k: string, d = 0) => (typeof merged[k] === 'number' ? (merged[k] as number) : Number(merged[k] ?? d));
  return {
    method: (merged.method as RepayMethod) ?? 'annuity',
    dueMode: (merged.dueMode as DueTiming) ?? 'arrears',
    annualRate: n('annualRate'),
    stagingNumber: n('stagingNumber', 12),
    financedFen: n('financedFen'),
    balloonFen: n('balloonFen'),
    depositFen: n('depositFen'),
    lateFeeDailyRate: n('lateFeeDailyRate'),
    breakRateEarly: n('breakRateEarly'),
    breakRateLate: n('breakRateLate'),
    breakFloorFen: n('breakFloorFen'),
    repayDay: merged.repayDay === null || merged.repayDay === undefined ? null : Number(merged.repayDay),
  };
}

/** The schedule of an application disbursed on `loanDate` (the pure module's, exactly). */
export function scheduleOf(terms: LoanTerms, loanDate: string) {
  return buildFinancingSchedule({
    method: terms.method,
    financedFen: terms.financedFen,
    balloonFen: terms.method === 'flat' ? 0 : terms.balloonFen,
    periods: terms.stagingNumber,
    annualRate: terms.annualRate,
    loanDate,
    repayDay: terms.repayDay ?? Number(loanDate.slice(8, 10)),
    timing: terms.dueMode,
  });
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

export async function applyItemsOfApp(db: Tx | AppDeps['db'], app: AppRow): Promise<ApplyItemRow[]> {
  const rows = await rowsOf<ApplyItemRow>(
    db,
    sql`select id, code, amount_fen, loan_state, requested_at, disbursed_at, disbursed_fen
      from financing_apply_items where tenant_id = ${app.tenant_id} and application_id = ${app.id} order by code desc`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    amount_fen: Number(r.amount_fen),
    disbursed_fen: r.disbursed_fen === null ? null : Number(r.disbursed_fen),
  }));
}

/** The applicant requests the loan for some of the application's items (S4 → S5). */
export async function applyLoan(deps: AppDeps, caller: Caller, id: number, items: readonly string[], version?: number) {
  requireSide(caller, 'applicant');
  if (items.length === 0) throw invalidField('items', 'financingMoney.noItems');
  const now = deps.clock.now();
  return deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    const own = await applyItemsOfApp(tx, app);
    for (const code of items)
      if (!own.some((i) => i.code === code)) throw invalidField('items', 'financingMoney.unknownItem', { code });
    const moved = await moveApplication(tx, caller, app, 'S5', 'loanApply', {
      version,
      params: { items: items.join(', ') },
    });
    await tx.execute(sql`update financing_apply_items set loan_state = 'requested', requested_at = ${now},
        updated_at = ${now}
      where tenant_id = ${app.tenant_id} and application_id = ${app.id} and code = any(${`{${items.join(',')}}`}::text[])`);
    await tellSide(tx, app, 'financier', { what: 'loanApply' });
    return moved;
  });
}

/** The financier confirms the loan after checking the vouchers (S5 → S6). */
export async function confirmLoan(deps: AppDeps, caller: Caller, id: number, note?: string | null, version?: number) {
  requireSide(caller, 'financier');
  return deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    return moveApplication(tx, caller, app, 'S6', 'loanConfirm', { version, note: note ?? null });
  });
}

/**
 * The financier records the disbursement (S6 → S7): the day (not after today, not before the submission) and the
 * amount, which must be the amount financed by the approved terms. The schedule is made and saved then.
 */
export async function disburse(
  deps: AppDeps,
  caller: Caller,
  id: number,
  input: { date: string; amountFen: number; version?: number; note?: string | null },
) {
  requireSide(caller, 'financier');
  const now = deps.clock.now();
  return deps.events.transaction(async (tx) => {
    const app = await applicationOf(tx, caller, id, true);
    const days = await tenantDays(tx, app.tenant_id, now);
    if (input.date > days.today) throw invalidField('date', 'financingMoney.disburseDate');
    if (app.submitted_at && input.date < (await tenantDays(tx, app.tenant_id, new Date(app.submitted_at))).today)
      throw invalidField('date', 'financingMoney.disburseDate');
    const terms = termsOf(app);
    if (input.amountFen !== terms.financedFen)
      throw invalidField('amount', 'financingMoney.disburseAmount', { amount: yuanText(terms.financedFen) });
    if (terms.financedFen <= 0) throw new BadRequestError('financingMoney.disburseAmount', { amount: '0.00' });
    const periods = scheduleOf(terms, input.date).instalments.length;
    const moved = await moveApplication(tx, caller, app, 'S7', 'disburse', {
      version: input.version,
      note: input.note ?? null,
      set: sql`disbursed_at = ${days.startOf(input.date)}`,
      params: { amount: yuanText(terms.financedFen), date: input.date, periods },
    });
    const schedule = await saveSchedule(tx, app, terms, input.date);
    await tx.execute(sql`update financing_apply_items set loan_state = 'disbursed', disbursed_at = ${now},
        disbursed_fen = amount_fen, updated_at = ${now}
      where tenant_id = ${app.tenant_id} and application_id = ${app.id} and loan_state = 'requested'`);
    await publish(tx, {
      tenantId: app.tenant_id,
      name: 'financing.disbursed',
      payload: {
        applicationId: app.id,
        rentId: app.rent_id,
        financierId: app.financier_id,
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
export async function saveSchedule(tx: Tx, app: AppRow, terms: LoanTerms, loanDate: string) {
  const schedule = scheduleOf(terms, loanDate);
  await tx.insert(financingInstalments).values(
    schedule.instalments.map((i) => ({
      tenantId: app.tenant_id,
      applicationId: app.id,
      rentId: app.rent_id,
      financierId: app.financier_id,
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

/** The apply items with their amounts and loan states (both sides). */
export async function loanItems(deps: AppDeps, caller: Caller, id: number) {
  const app = await applicationOf(deps.db, caller, id);
  const items = await applyItemsOfApp(deps.db, app);
  return {
    app,
    items: items.map((i) => ({
      code: i.code,
      amount: fenToYuan(i.amount_fen),
      loanState: i.loan_state,
      requestedAt: i.requested_at ? new Date(i.requested_at).toISOString() : null,
      disbursedAt: i.disbursed_at ? new Date(i.disbursed_at).toISOString() : null,
      disbursed: i.disbursed_fen === null ? null : fenToYuan(i.disbursed_fen),
    })),
  };
}
