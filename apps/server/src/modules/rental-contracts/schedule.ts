import {
  PERIOD_MONTHS,
  type BillingMode,
  type LineType,
  type PaymentPeriod,
} from '@fleetdesk/contracts/rental-contracts';
import { addDays, addMonths, dayOfMonth, daysInMonth, fromDays, toDays, weekday } from '@fleetdesk/contracts/dates';

/**
 * The bill schedule of a contract (pure; dates are YYYY-MM-DD, money integer fen). The rules are issue 15's:
 *
 * - Deposit and management-fee lines are due on the start date (when above 0).
 * - Rent periods: period 1 starts on the start date and is extended by the free days; period i (i >= 2) starts
 *   at the anchor (start + free days) plus (i - 1) intervals. Months are added to the anchor with the day
 *   clamped to the month's end (31 January + 1 month = 28/29 February, + 2 months = 31 March), so month ends
 *   never drift. A period ends the day before the next one starts.
 * - The contract's end date cuts the last period; the number of instalments is the number of periods needed
 *   to reach it.
 * - Due date: prepaid = the period start, moved from the second period on to the payment day on or before
 *   the period start; postpaid = the period end, moved to the payment day on or after it. The payment day is a
 *   weekday (1 = Monday .. 7) for weekly periods, else a day of the month (clamped to the month's length).
 * - Amounts are equal (the rent per period); with pro-rating on, a partial last period costs its whole months
 *   at the monthly rent and the remaining days at the monthly rent / 30 per day (weekly: rent / 7 per day),
 *   never more than the rent.
 * - Short-term: one rent line of daily rent x (rental days - free days) and the insurance fees, on the start.
 * - Rent-to-own: the buy-out price is due on the end date.
 */
export interface ScheduleTerms {
  type: 'longTerm' | 'shortTerm' | 'rentToOwn';
  period: PaymentPeriod;
  billing: BillingMode;
  paymentDay: number | null;
  startDate: string;
  endDate: string;
  freeDays: number;
  depositFen: number;
  managementFeeFen: number;
  rentFen: number;
  insuranceBaseFen: number;
  insuranceExtraFen: number;
  buyOutFen: number | null;
  proRating: boolean;
}

export interface ScheduleLineOut {
  type: LineType;
  period: number | null;
  periodStart: string | null;
  periodEnd: string | null;
  dueDate: string;
  amountFen: number;
  remark: string;
}

export interface Schedule {
  lines: ScheduleLineOut[];
  instalments: number;
  rentalDays: number;
  totalRentFen: number;
  totalFen: number;
}

// The calendar arithmetic is the shared one (packages/contracts/src/dates.ts); re-exported for this module's users.
export { addDays, addMonths, daysInMonth, fromDays, toDays, weekday };

/** The payment day on or before `date` (prepaid). */
export function paymentDayOnOrBefore(date: string, period: PaymentPeriod, day: number): string {
  if (period === 'weekly') return addDays(date, -((weekday(date) - day + 7) % 7));
  const same = dayOfMonth(date, day, 0);
  return same <= date ? same : dayOfMonth(date, day, -1);
}
/** The payment day on or after `date` (postpaid). */
export function paymentDayOnOrAfter(date: string, period: PaymentPeriod, day: number): string {
  if (period === 'weekly') return addDays(date, (day - weekday(date) + 7) % 7);
  const same = dayOfMonth(date, day, 0);
  return same >= date ? same : dayOfMonth(date, day, 1);
}

/** Start of period i (0-based) of a contract. */
function periodStart(t: Pick<ScheduleTerms, 'startDate' | 'freeDays' | 'period'>, i: number): string {
  if (i === 0) return t.startDate;
  const anchor = addDays(t.startDate, t.freeDays);
  const months = PERIOD_MONTHS[t.period];
  return months === 0 ? addDays(anchor, 7 * i) : addMonths(anchor, months * i);
}

/** Amount of a partial last period [from, to] with pro-rating (never above the rent). */
export function proRated(rentFen: number, period: PaymentPeriod, from: string, to: string): number {
  const days = toDays(to) - toDays(from) + 1;
  if (period === 'weekly') return Math.min(rentFen, Math.round((rentFen * days) / 7));
  const monthly = rentFen / PERIOD_MONTHS[period];
  let whole = 0;
  while (addMonths(from, whole + 1) <= addDays(to, 1)) whole++;
  const rest = toDays(to) - toDays(addMonths(from, whole)) + 1;
  return Math.min(rentFen, Math.round(whole * monthly + (rest * monthly) / 30));
}

const MAX_PERIODS = 600;

export function buildSchedule(t: ScheduleTerms): Schedule {
  const lines: ScheduleLineOut[] = [];
  const rentalDays = toDays(t.endDate) - toDays(t.startDate) + 1;
  const upFront = (type: LineType, amountFen: number, remark: string) => {
    if (amountFen > 0) {
      lines.push({ type, period: null, periodStart: null, periodEnd: null, dueDate: t.startDate, amountFen, remark });
    }
  };
  upFront('deposit', t.depositFen, '押金');
  upFront('managementFee', t.managementFeeFen, '管理费');
  let totalRentFen = 0;
  let instalments = 0;
  if (t.type === 'shortTerm') {
    totalRentFen = t.rentFen * (rentalDays - t.freeDays);
    instalments = 1;
    lines.push({
      type: 'rent',
      period: 1,
      periodStart: t.startDate,
      periodEnd: t.endDate,
      dueDate: t.startDate,
      amountFen: totalRentFen,
      remark: `租金(${rentalDays}天,免租${t.freeDays}天)`,
    });
    upFront('insurance', t.insuranceBaseFen + t.insuranceExtraFen, '保险费');
  } else {
    for (let i = 0; i < MAX_PERIODS; i++) {
      const start = periodStart(t, i);
      if (start > t.endDate) break;
      const natural = addDays(periodStart(t, i + 1), -1);
      const partial = natural > t.endDate;
      const end = partial ? t.endDate : natural;
      let due: string;
      if (t.billing === 'prepaid') {
        due = i > 0 && t.paymentDay ? paymentDayOnOrBefore(start, t.period, t.paymentDay) : start;
      } else {
        due = t.paymentDay ? paymentDayOnOrAfter(end, t.period, t.paymentDay) : end;
      }
      const amountFen = partial && t.proRating ? proRated(t.rentFen, t.period, start, end) : t.rentFen;
      const days = toDays(end) - toDays(start) + 1;
      lines.push({
        type: 'rent',
        period: i + 1,
        periodStart: start,
        periodEnd: end,
        dueDate: due,
        amountFen,
        remark: `第${i + 1}期租金(${days}天,账单周期：${start} ~ ${end})`,
      });
      totalRentFen += amountFen;
      instalments++;
    }
    if (t.type === 'rentToOwn' && t.buyOutFen && t.buyOutFen > 0) {
      lines.push({
        type: 'buyOut',
        period: null,
        periodStart: null,
        periodEnd: null,
        dueDate: t.endDate,
        amountFen: t.buyOutFen,
        remark: '买断款(租期届满，车辆过户给司机)',
      });
    }
  }
  const totalFen = lines.reduce((s, l) => s + l.amountFen, 0);
  return { lines, instalments, rentalDays, totalRentFen, totalFen };
}

/** Late fee of an outstanding amount `days` past its overdue deadline: daily ratio x days x amount, capped. */
export function lateFeeFen(
  outstandingFen: number,
  days: number,
  dailyRatePermille: number,
  capPercent: number,
): number {
  if (days <= 0 || outstandingFen <= 0) return 0;
  const fee = Math.round((outstandingFen * dailyRatePermille * days) / 1000);
  const cap = Math.round((outstandingFen * capPercent) / 100);
  return Math.min(fee, cap);
}
