import { and, eq, sql } from 'drizzle-orm';
import { addDays } from '@fleetdesk/contracts/dates';
import { lateFeeFen, overdueDays } from '@fleetdesk/contracts/financing-schedule';
import { rowsOf } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import {
  financingApplyItems,
  financingDepositReturns,
  financingInstalments,
  financingRepaymentLines,
  financingRepayments,
  financingVouchers,
} from '../db/schema/index.js';
import { activity, type Actor } from '../modules/financing/activity.js';
import { lockById, transition } from '../modules/financing/applications.service.js';
import { scheduleOf, termsOf } from '../modules/financing/loans.service.js';
import type { DemoContext } from './context.js';
import { seedDemoApplication, XINDA } from './financing.seed.js';

type Move = { set?: Parameters<typeof transition>[4]['set']; params?: Record<string, string | number> };

/**
 * The money side's demo (docs/financing.md "Demo"): four more applications of 演示租车 (杭州) to 鑫达融资租赁, past
 * the applications side's S1-S4: S5 (the loan requested), S6 (confirmed, awaiting disbursement), S7 (disbursed 100
 * days ago: instalment 1 paid on its day, instalment 2 paid 6 days late with its late fee, instalment 3 overdue and
 * unpaid with its fee so far, the rest to come; its early payoff can be quoted and paid) and S8 (every instalment
 * paid, its deposit return applied for). Each starts
 * as the applications side's `seedDemoApplication` in S4 and moves on through `transition` (dated as it happened);
 * the schedules and payments are written directly, as the other seeds write theirs (no events: the demo's
 * message centre is the messages seed's).
 */
export async function seedFinancingMoney(ctx: DemoContext): Promise<void> {
  const { tx, clock, demo } = ctx;
  const [financier] = await rowsOf<{ id: number }>(
    tx,
    sql`select f.id from financiers f join tenants t on t.id = f.id where t.code = ${XINDA.code}`,
  );
  if (!financier) return;
  const financierId = Number(financier.id);
  const hz = demo.rentIds.HZ!;
  const cars = await rowsOf<{ id: number }>(
    tx,
    sql`select c.id from cars c
      where c.tenant_id = ${demo.tenantId} and c.rent_id = ${hz} and c.deleted_at is null
        and not exists (select 1 from financing_applications a where a.tenant_id = c.tenant_id and a.car_id = c.id)
      order by c.id desc limit 4`,
  );
  if (cars.length < 4) return;
  const now = clock.now();
  const today = localDate('Asia/Shanghai', now);
  const plans = [
    { state: 'S5', total: 129_800, ratio: 0.3, term: 36, carType: '比亚迪 宋PLUS DM-i 110KM 旗舰型', loanDaysAgo: 0 },
    { state: 'S6', total: 139_900, ratio: 0.35, term: 36, carType: '吉利 星越L 2.0TD 高能版', loanDaysAgo: 0 },
    { state: 'S7', total: 109_800, ratio: 0.3, term: 36, carType: '比亚迪 秦PLUS DM-i 55KM 领先型', loanDaysAgo: 100 },
    { state: 'S8', total: 99_800, ratio: 0.4, term: 12, carType: '丰田 卡罗拉 1.2T 精英版', loanDaysAgo: 400 },
  ] as const;
  const applicant = { side: 'applicant' as const, userId: demo.adminId, name: '张伟' };
  const system = { side: 'system' as const, userId: null, name: null };
  const financierActor = { side: 'financier' as const, userId: null, name: XINDA.admin.name };
  for (const [i, plan] of plans.entries()) {
    const loanDate = addDays(today, -plan.loanDaysAgo);
    const day = (date: string, hour = 10) => new Date(`${date}T${String(hour - 8).padStart(2, '0')}:00:00Z`);
    const disbursed = plan.state === 'S7' || plan.state === 'S8';
    // The application as the applications side's calls leave it in S4, approved a week before the loan.
    const { id: applicationId, code } = await seedDemoApplication(ctx, {
      rentId: hz,
      carId: Number(cars[i]!.id),
      state: 'S4',
      productCode: 'XD-A36',
      total: plan.total,
      ratio: plan.ratio,
      term: plan.term,
      carType: plan.carType,
      daysAgo: plan.loanDaysAgo + 14,
    });
    let app = (await lockById(tx, demo.tenantId, applicationId))!;
    const move = async (to: 'S5' | 'S6' | 'S7' | 'S8', action: string, actor: Actor, at: Date, o: Move = {}) => {
      app = await transition(tx, actor, app, to, {
        action,
        now: at,
        set: o.set,
        text: { key: `financingMoney.activity.${action}`, params: o.params ?? {} },
      });
    };
    await move('S5', 'loanApply', applicant, day(addDays(loanDate, -5)), { params: { items: 'A3' } });
    await tx
      .update(financingApplyItems)
      .set({
        loanState: disbursed ? 'disbursed' : 'requested',
        requestedAt: day(addDays(loanDate, -5)),
        disbursedAt: disbursed ? day(loanDate, 15) : null,
        disbursedFen: disbursed ? termsOf(app).financedFen : null,
      })
      .where(
        and(eq(financingApplyItems.tenantId, demo.tenantId), eq(financingApplyItems.applicationId, applicationId)),
      );
    await tx
      .update(financingVouchers)
      .set({
        invoiceNo: `0${33_001_000 + i}`,
        invoiceDate: addDays(loanDate, -13),
        checkState: plan.state === 'S5' ? 'pending' : 'passed',
        checkedAt: plan.state === 'S5' ? null : day(addDays(loanDate, -3)),
        checkedByName: plan.state === 'S5' ? null : XINDA.risk.name,
      })
      .where(and(eq(financingVouchers.tenantId, demo.tenantId), eq(financingVouchers.applicationId, applicationId)));
    if (plan.state === 'S5') continue;
    await move('S6', 'loanConfirm', { ...financierActor, name: XINDA.risk.name }, day(addDays(loanDate, -3)));
    if (plan.state === 'S6') continue;
    const terms = termsOf(app);
    const schedule = scheduleOf(terms, loanDate).instalments;
    await move('S7', 'disburse', financierActor, day(loanDate, 15), {
      set: { disbursedAt: day(loanDate, 15) },
      params: { amount: (terms.financedFen / 100).toFixed(2), date: loanDate, periods: schedule.length },
    });
    const rows = await tx
      .insert(financingInstalments)
      .values(
        schedule.map((s) => ({
          tenantId: demo.tenantId,
          applicationId,
          rentId: hz,
          financierId,
          code: `${code}-${String(s.period).padStart(2, '0')}`,
          period: s.period,
          dueDate: s.dueDate,
          principalFen: s.principalFen,
          interestFen: s.interestFen,
          amountFen: s.paymentFen,
          remainingPrincipalFen: s.remainingFen,
        })),
      )
      .returning({ id: financingInstalments.id, period: financingInstalments.period });
    const idOf = (period: number) => rows.find((r) => r.period === period)!.id;
    let hk = 0;
    // A payment recorded by the financier on `paidOn`, allocated to one instalment.
    const repay = async (
      paidOn: string,
      line: { period: number; principalFen: number; interestFen: number; lateFeeFen: number },
      amountFen: number,
    ) => {
      hk += 1;
      const prefix = `HK${paidOn.replace(/-/g, '')}`;
      const n = i * 10 + hk;
      await tx.execute(sql`insert into financing_numbers (tenant_id, prefix, last) values (${demo.tenantId}, ${prefix}, ${n})
        on conflict (tenant_id, prefix) do update set last = greatest(financing_numbers.last, excluded.last)`);
      const [r] = await tx
        .insert(financingRepayments)
        .values({
          tenantId: demo.tenantId,
          applicationId,
          rentId: hz,
          financierId,
          code: `${prefix}${String(n).padStart(4, '0')}`,
          kind: 'instalment',
          amountFen,
          method: 'recorded',
          state: 'paid',
          paidAt: day(paidOn, 14),
          note: '对公转账到账',
          createdByName: '周鑫',
          createdAt: day(paidOn, 14),
        })
        .returning({ id: financingRepayments.id, code: financingRepayments.code });
      await tx.insert(financingRepaymentLines).values({
        tenantId: demo.tenantId,
        repaymentId: r!.id,
        instalmentId: idOf(line.period),
        principalFen: line.principalFen,
        interestFen: line.interestFen,
        lateFeeFen: line.lateFeeFen,
      });
      await activity(tx, financierActor, {
        tenantId: demo.tenantId,
        applicationId,
        action: 'repayment',
        text: {
          key: 'financingMoney.activity.repayment',
          params: { amount: (amountFen / 100).toFixed(2), repayment: r!.code, method: 'recorded' },
        },
        at: day(paidOn, 14),
      });
    };
    const payWhole = async (period: number, paidOn: string) => {
      const s = schedule[period - 1]!;
      const days = overdueDays(s.dueDate, paidOn);
      const fee = lateFeeFen(s.paymentFen, terms.lateFeeDailyRate, days);
      await tx.execute(sql`update financing_instalments set paid_fen = amount_fen, late_fee_fen = ${fee},
          late_fee_paid_fen = ${fee}, overdue_days = ${days}, state = 'paid', paid_at = ${day(paidOn, 14)}
        where tenant_id = ${demo.tenantId} and id = ${idOf(period)}`);
      await repay(
        paidOn,
        { period, principalFen: s.principalFen, interestFen: s.interestFen, lateFeeFen: fee },
        s.paymentFen + fee,
      );
    };
    if (plan.state === 'S7') {
      // Instalment 1 paid on its day, 2 paid six days late with its fee, 3 overdue and unpaid (its fee to today).
      await payWhole(1, schedule[0]!.dueDate);
      await payWhole(2, addDays(schedule[1]!.dueDate, 6));
      const third = schedule[2]!;
      const days = overdueDays(third.dueDate, today);
      await tx.execute(sql`update financing_instalments set overdue_days = ${days},
          late_fee_fen = ${lateFeeFen(third.paymentFen, terms.lateFeeDailyRate, days)}
        where tenant_id = ${demo.tenantId} and id = ${idOf(3)}`);
      continue;
    }
    // S8: every instalment paid on its day; settled with the last one.
    for (const row of schedule) await payWhole(row.period, row.dueDate);
    const lastDay = schedule.at(-1)!.dueDate;
    await move('S8', 'settle', system, day(lastDay, 15), { set: { settledAt: day(lastDay, 15) } });
    const held = terms.depositFen;
    if (held > 0) {
      await tx.insert(financingDepositReturns).values({
        tenantId: demo.tenantId,
        applicationId,
        depositFen: held,
        deductions: [],
        returnFen: held,
        state: 'applied',
        createdBy: demo.adminId,
      });
    }
  }
}
