import { sql } from 'drizzle-orm';
import { addDays } from '@fleetdesk/contracts/dates';
import { earlyPayoff, lateFeeFen, overdueDays } from '@fleetdesk/contracts/financing-schedule';
import { quoteFenOf, type FinancingProduct } from '@fleetdesk/contracts/financing';
import { rowsOf } from '../core/db.js';
import { localDate } from '../core/tenant-time.js';
import {
  financingActivities,
  financingApplications,
  financingApplyItems,
  financingDepositReturns,
  financingInstalments,
  financingRepaymentLines,
  financingRepayments,
  financingVouchers,
} from '../db/schema/index.js';
import { scheduleOf, termsOf } from '../modules/financing/loans.service.js';
import type { DemoContext } from './context.js';

/**
 * The money side's demo (docs/financing.md "Demo"): four more applications of 演示租车 (杭州) to 鑫达融资租赁, past
 * the applications side's S1-S4: S5 (the loan requested), S6 (confirmed, awaiting disbursement), S7 (disbursed 100
 * days ago: instalment 1 paid on its day, instalment 2 paid 6 days late with its late fee, instalment 3 overdue and
 * unpaid with its fee so far, the rest to come) and S8 (paid off early, its deposit return applied for). Written
 * directly, as the other seeds write theirs (no events: the demo's message centre is the messages seed's).
 */
export async function seedFinancingMoney(ctx: DemoContext): Promise<void> {
  const { tx, clock, demo } = ctx;
  const [financier] = await rowsOf<{ id: number; name: string }>(
    tx,
    sql`select f.id, f.name from financiers f join tenants t on t.id = f.id where t.code = 'XINDA'`,
  );
  if (!financier) return;
  const financierId = Number(financier.id);
  const [p] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select * from financing_products where tenant_id = ${financierId} and method = 'annuity' and active
      order by id limit 1`,
  );
  if (!p) return;
  const hz = demo.rentIds.HZ!;
  const cars = await rowsOf<{ id: number; plate: string | null; vin: string; engine_no: string | null }>(
    tx,
    sql`select c.id, c.plate, c.vin, c.engine_no from cars c
      where c.tenant_id = ${demo.tenantId} and c.rent_id = ${hz} and c.deleted_at is null
        and not exists (select 1 from financing_applications a where a.tenant_id = c.tenant_id and a.car_id = c.id)
      order by c.id desc limit 4`,
  );
  if (cars.length < 4) return;
  const product = productOf(p, financierId, financier.name);
  const now = clock.now();
  const today = localDate('Asia/Shanghai', now);
  const month = `RZ${today.slice(0, 4)}${today.slice(5, 7)}`;
  const [seq] = await rowsOf<{ last: number }>(
    tx,
    sql`select last from financing_numbers where tenant_id = ${demo.tenantId} and prefix = ${month}`,
  );
  let next = Number(seq?.last ?? 0);
  const plans = [
    { state: 'S5', total: 129_800, ratio: 0.3, term: 36, carType: '比亚迪 宋PLUS DM-i 110KM 旗舰型', loanDaysAgo: 0 },
    { state: 'S6', total: 139_900, ratio: 0.35, term: 36, carType: '吉利 星越L 2.0TD 高能版', loanDaysAgo: 0 },
    { state: 'S7', total: 109_800, ratio: 0.3, term: 36, carType: '比亚迪 秦PLUS DM-i 55KM 领先型', loanDaysAgo: 100 },
    { state: 'S8', total: 99_800, ratio: 0.4, term: 12, carType: '丰田 卡罗拉 1.2T 精英版', loanDaysAgo: 200 },
  ] as const;
  for (const [i, plan] of plans.entries()) {
    const car = cars[i]!;
    const loanDate = addDays(today, -plan.loanDaysAgo);
    const q = quoteFenOf(product, {
      totalAmount: plan.total,
      payProportion: plan.ratio,
      stagingNumber: plan.term,
      loanDate,
    });
    const { schedule: _schedule, ...quote } = q;
    next += 1;
    const code = `${month}${String(next).padStart(5, '0')}`;
    const day = (date: string, hour = 10) => new Date(`${date}T${String(hour - 8).padStart(2, '0')}:00:00Z`);
    const submittedAt = day(addDays(loanDate, -12));
    const disbursed = plan.state === 'S7' || plan.state === 'S8';
    const [app] = await tx
      .insert(financingApplications)
      .values({
        tenantId: demo.tenantId,
        rentId: hz,
        financierId,
        productId: product.id,
        code,
        state: plan.state,
        carId: Number(car.id),
        plate: car.plate,
        vin: car.vin,
        engineNo: car.engine_no,
        carTypeName: plan.carType,
        totalAmountFen: quote.totalFen,
        payProportion: plan.ratio,
        stagingNumber: plan.term,
        installMobile: '13800000001',
        installAddress: '浙江省杭州市西湖区文三路 398 号',
        username: '张伟',
        idNo: '330106198507150013',
        contact: '13800000001',
        quote,
        submittedAt,
        decidedAt: day(addDays(loanDate, -8)),
        disbursedAt: disbursed ? day(loanDate) : null,
        createdBy: demo.adminId,
        createdAt: day(addDays(loanDate, -14)),
        updatedAt: now,
      })
      .returning({ id: financingApplications.id });
    const applicationId = app!.id;
    await tx.insert(financingApplyItems).values({
      tenantId: demo.tenantId,
      applicationId,
      code: 'A3',
      amountFen: quote.financedFen,
      loanState: plan.state === 'S5' || plan.state === 'S6' ? 'requested' : 'disbursed',
      requestedAt: day(addDays(loanDate, -5)),
      disbursedAt: disbursed ? day(loanDate) : null,
      disbursedFen: disbursed ? quote.financedFen : null,
    });
    await tx.insert(financingVouchers).values({
      tenantId: demo.tenantId,
      applicationId,
      invoiceNo: `0${33_001_000 + i}`,
      invoiceDate: addDays(loanDate, -13),
      checkState: plan.state === 'S5' ? 'pending' : 'passed',
      checkedAt: plan.state === 'S5' ? null : day(addDays(loanDate, -3)),
      checkedByName: plan.state === 'S5' ? null : '吴敏',
    });
    const log = async (
      action: string,
      from: string | null,
      to: string | null,
      side: string,
      key: string,
      at: Date,
      params: Record<string, string | number> = {},
    ) =>
      tx.insert(financingActivities).values({
        tenantId: demo.tenantId,
        applicationId,
        action,
        fromState: from,
        toState: to,
        side,
        actorId: side === 'applicant' ? demo.adminId : null,
        actorName: side === 'applicant' ? '张伟' : side === 'financier' ? '周鑫' : null,
        textKey: key,
        textParams: params,
        at,
      });
    await log('create', null, 'S1', 'applicant', 'financing.activity.create', day(addDays(loanDate, -14)), { code });
    await log('submit', 'S1', 'S2', 'applicant', 'financing.activity.submit', submittedAt, {
      financed: (quote.financedFen / 100).toFixed(2),
    });
    await log('approve', 'S2', 'S4', 'financier', 'financing.activity.approve', day(addDays(loanDate, -8)));
    await log('loanApply', 'S4', 'S5', 'applicant', 'financingMoney.activity.loanApply', day(addDays(loanDate, -5)), {
      items: 'A3',
    });
    if (plan.state === 'S5') continue;
    await log(
      'loanConfirm',
      'S5',
      'S6',
      'financier',
      'financingMoney.activity.loanConfirm',
      day(addDays(loanDate, -3)),
    );
    if (plan.state === 'S6') continue;
    const terms = termsOf({ quote });
    const schedule = scheduleOf(terms, loanDate).instalments;
    await log('disburse', 'S6', 'S7', 'financier', 'financingMoney.activity.disburse', day(loanDate, 15), {
      amount: (quote.financedFen / 100).toFixed(2),
      date: loanDate,
      periods: schedule.length,
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
    const repay = async (
      paidOn: string,
      kind: 'instalment' | 'payoff',
      lines: { period: number; principalFen: number; interestFen: number; lateFeeFen: number }[],
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
          kind,
          amountFen,
          method: 'recorded',
          state: 'paid',
          paidAt: day(paidOn, 14),
          note: kind === 'payoff' ? '提前结清' : '对公转账到账',
          createdByName: '周鑫',
          createdAt: day(paidOn, 14),
        })
        .returning({ id: financingRepayments.id, code: financingRepayments.code });
      await tx.insert(financingRepaymentLines).values(
        lines.map((l) => ({
          tenantId: demo.tenantId,
          repaymentId: r!.id,
          instalmentId: idOf(l.period),
          principalFen: l.principalFen,
          interestFen: l.interestFen,
          lateFeeFen: l.lateFeeFen,
        })),
      );
      await log('repayment', null, null, 'financier', 'financingMoney.activity.repayment', day(paidOn, 14), {
        amount: (amountFen / 100).toFixed(2),
        repayment: r!.code,
        method: 'recorded',
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
        'instalment',
        [{ period, principalFen: s.principalFen, interestFen: s.interestFen, lateFeeFen: fee }],
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
    // S8: six instalments paid on their days, then paid off early on the seventh's month (no overdue, no fees).
    for (let k = 1; k <= 6; k++) await payWhole(k, schedule[k - 1]!.dueDate);
    const payoffDay = addDays(schedule[5]!.dueDate, 10);
    const remaining = schedule.slice(6);
    const payoff = earlyPayoff(
      {
        schedule,
        principalPaidFen: Object.fromEntries(schedule.slice(0, 6).map((r) => [r.period, r.principalFen])),
        overdueFen: 0,
        lateFeesFen: 0,
        depositFen: terms.depositFen,
        date: payoffDay,
      },
      terms,
    );
    const principal = payoff.remainingPrincipalFen;
    const breakFee = payoff.breakFeeFen;
    const total = Math.max(1, payoff.totalFen);
    await repay(
      payoffDay,
      'payoff',
      remaining.map((r) => ({ period: r.period, principalFen: r.principalFen, interestFen: 0, lateFeeFen: 0 })),
      total,
    );
    await tx.execute(sql`update financing_instalments set paid_fen = principal_fen, state = 'settled',
        paid_at = ${day(payoffDay, 14)}
      where tenant_id = ${demo.tenantId} and application_id = ${applicationId} and period > 6`);
    await tx.execute(sql`insert into financing_payoffs (tenant_id, repayment_id, application_id, current_period,
        remaining_principal_fen, break_fee_fen, overdue_fen, late_fees_fen, deposit_used_fen, total_fen)
      select ${demo.tenantId}, id, ${applicationId}, ${payoff.currentPeriod}, ${principal}, ${breakFee}, 0, 0,
        ${Math.min(terms.depositFen, principal + breakFee)}, ${total}
      from financing_repayments where tenant_id = ${demo.tenantId} and application_id = ${applicationId} and kind = 'payoff'`);
    await tx.execute(sql`update financing_applications set settled_at = ${day(payoffDay, 14)}
      where tenant_id = ${demo.tenantId} and id = ${applicationId}`);
    await log('payoff', 'S7', 'S8', 'financier', 'financingMoney.activity.payoff', day(payoffDay, 14), {
      amount: (total / 100).toFixed(2),
      principal: (principal / 100).toFixed(2),
      breakFee: (breakFee / 100).toFixed(2),
    });
    const held = Math.max(0, terms.depositFen - Math.min(terms.depositFen, principal + breakFee));
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
  await tx.execute(sql`insert into financing_numbers (tenant_id, prefix, last) values (${demo.tenantId}, ${month}, ${next})
    on conflict (tenant_id, prefix) do update set last = excluded.last`);
}

function productOf(p: Record<string, unknown>, financierId: number, financierName: string): FinancingProduct {
  return {
    id: Number(p.id),
    financierId,
    financierName,
    code: String(p.code),
    name: String(p.name),
    nameEn: String(p.name_en),
    method: p.method as FinancingProduct['method'],
    dueMode: p.due_mode as FinancingProduct['dueMode'],
    repayDay: p.repay_day === null ? null : Number(p.repay_day),
    annualRate: Number(p.annual_rate),
    terms: (p.terms as number[]).map(Number),
    minDownRatio: Number(p.min_down_ratio),
    maxDownRatio: Number(p.max_down_ratio),
    maxBalloonRatio: Number(p.max_balloon_ratio),
    lateFeeDailyRate: Number(p.late_fee_daily_rate),
    gpsFee: Number(p.gps_fee_fen) / 100,
    mortgageFee: Number(p.mortgage_fee_fen) / 100,
    serviceFeeRate: Number(p.service_fee_rate),
    depositRatio: Number(p.deposit_ratio),
    breakRateEarly: Number(p.break_rate_early),
    breakRateLate: Number(p.break_rate_late),
    breakFloor: Number(p.break_floor_fen) / 100,
    carTypes: (p.car_types as string[]) ?? [],
    active: Boolean(p.active),
    version: Number(p.version ?? 0),
  } as FinancingProduct;
}
