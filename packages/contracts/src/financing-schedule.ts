import { dayOfMonth, toDays } from './dates.js';

/**
 * The arithmetic of vehicle financing (pure; money in integer fen, dates `YYYY-MM-DD`): the instalment schedule of
 * the three repayment methods, the effective annual rate of a quote, the late fee of an overdue instalment, its
 * ageing bucket, and the early-payoff amount. The server computes schedules and payoffs with it; the application
 * wizard shows the same quote before it is submitted.
 *
 * Notation: P the amount financed, B the balloon (尾付, paid with the last instalment), n the number of instalments,
 * r the rate of one period (annual rate / 12 x months per period).
 *
 * - 等额本息 (`annuity`): the payment A = (P(1+r)^n - B) r / ((1+r)^n - 1), rounded to the fen; each period's
 *   interest is the remaining principal x r (rounded to the fen) and its principal A minus that; the last
 *   instalment repays whatever principal remains, the balloon included, so the principal sums to P exactly. At a
 *   zero rate the principal is (P - B) / n, the remainder in the last instalment.
 * - 等额本金 (`equalPrincipal`): principal (P - B) / n each period (rounded down to the fen), interest the remaining
 *   principal x r; the last instalment absorbs the rounding remainder and the balloon.
 * - 等本等息 (`flat`): principal P / n each period (rounded up to the fen, the last one smaller), interest P x r every
 *   period, on the original principal. Its nominal rate understates its cost, so a quote shows the effective annual
 *   rate (IRR) beside it. No balloon.
 *
 * Due dates: in arrears (期末) the first instalment falls on the repayment day of the month after the loan; in
 * advance (期初) on this month's repayment day when it is not yet past, else next month's. Each later instalment is
 * `monthsPerPeriod` months on, on the same day, clamped to the month's length (day 31 falls on 30 April).
 */
export const REPAY_METHODS = ['annuity', 'equalPrincipal', 'flat'] as const;
export type RepayMethod = (typeof REPAY_METHODS)[number];
export const DUE_TIMINGS = ['arrears', 'advance'] as const;
export type DueTiming = (typeof DUE_TIMINGS)[number];

/** The highest annual rate a schedule takes. */
export const MAX_ANNUAL_RATE = 0.36;

export interface ScheduleInput {
  method: RepayMethod;
  /** The amount financed, in fen (> 0). */
  financedFen: number;
  /** Paid with the last instalment (annuity and equal principal only); 0 when absent. */
  balloonFen?: number;
  /** Number of instalments (>= 1). */
  periods: number;
  /** The nominal annual rate as a fraction (0.0645 for 6.45 %). */
  annualRate: number;
  /** 1 (monthly), 3 (quarterly) ...; 1 when absent. */
  monthsPerPeriod?: number;
  /** The loan's date (disbursement). */
  loanDate: string;
  /** Day of the month instalments fall on (1-31; clamped to shorter months). */
  repayDay: number;
  timing: DueTiming;
}

export interface Instalment {
  period: number;
  dueDate: string;
  principalFen: number;
  interestFen: number;
  /** principal + interest. */
  paymentFen: number;
  /** Principal still owed after this instalment. */
  remainingFen: number;
}

export interface Schedule {
  instalments: Instalment[];
  totalInterestFen: number;
  totalPaymentFen: number;
  /**
   * The effective annual rate of the schedule: the per-period rate at which the payments are worth the amount
   * financed (their internal rate of return), compounded over a year. Equal to (1 + r)^(12/m) - 1 for the annuity
   * and equal-principal methods up to the fen rounding; higher than the nominal rate for a flat quote.
   */
  effectiveAnnualRate: number;
  /** The same per-period rate times the periods of a year (the APR beside a nominal rate). */
  aprRate: number;
}

/** Why a schedule input is refused (the form's validation names the field). */
export function scheduleInputProblem(input: ScheduleInput): string | null {
  const balloon = input.balloonFen ?? 0;
  const m = input.monthsPerPeriod ?? 1;
  if (!Number.isSafeInteger(input.financedFen) || input.financedFen <= 0) return 'financedFen';
  if (!Number.isSafeInteger(balloon) || balloon < 0 || balloon >= input.financedFen) return 'balloonFen';
  if (input.method === 'flat' && balloon > 0) return 'balloonFen';
  if (!Number.isInteger(input.periods) || input.periods < 1 || input.periods > 360) return 'periods';
  // Paid in advance, a single instalment would be paid the day the money is lent: not a financing.
  if (input.timing === 'advance' && input.periods < 2) return 'periods';
  // 36 % a year is the most a Chinese court upholds on a loan.
  if (!Number.isFinite(input.annualRate) || input.annualRate < 0 || input.annualRate > MAX_ANNUAL_RATE)
    return 'annualRate';
  if (!Number.isInteger(m) || m < 1 || m > 12) return 'monthsPerPeriod';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.loanDate) || Number.isNaN(toDays(input.loanDate))) return 'loanDate';
  if (!Number.isInteger(input.repayDay) || input.repayDay < 1 || input.repayDay > 31) return 'repayDay';
  return null;
}

/** The due date of every instalment. */
export function dueDates(
  input: Pick<ScheduleInput, 'loanDate' | 'repayDay' | 'timing' | 'periods' | 'monthsPerPeriod'>,
) {
  const m = input.monthsPerPeriod ?? 1;
  const thisMonth = dayOfMonth(input.loanDate, input.repayDay, 0);
  const first = input.timing === 'advance' && thisMonth >= input.loanDate ? 0 : 1;
  return Array.from({ length: input.periods }, (_, i) => dayOfMonth(input.loanDate, input.repayDay, first + i * m));
}

/** The instalment schedule. Throws on an input `scheduleInputProblem` refuses. */
export function buildFinancingSchedule(input: ScheduleInput): Schedule {
  const problem = scheduleInputProblem(input);
  if (problem) throw new RangeError(`financing schedule: bad ${problem}`);
  const P = input.financedFen;
  const B = input.balloonFen ?? 0;
  const n = input.periods;
  const m = input.monthsPerPeriod ?? 1;
  const r = (input.annualRate / 12) * m;
  const dates = dueDates(input);
  const rows: Instalment[] = [];
  let remaining = P;
  const push = (principal: number, interest: number) => {
    remaining -= principal;
    rows.push({
      period: rows.length + 1,
      dueDate: dates[rows.length]!,
      principalFen: principal,
      interestFen: interest,
      paymentFen: principal + interest,
      remainingFen: remaining,
    });
  };
  if (input.method === 'annuity') {
    const growth = (1 + r) ** n;
    const payment = r === 0 ? Math.floor((P - B) / n) : Math.round(((P * growth - B) * r) / (growth - 1));
    for (let k = 1; k <= n; k++) {
      const interest = Math.round(remaining * r);
      // Never more principal than is left; the last instalment takes what remains, balloon included.
      push(k === n ? remaining : Math.min(remaining, Math.max(0, payment - interest)), interest);
    }
  } else if (input.method === 'equalPrincipal') {
    const principal = Math.floor((P - B) / n);
    for (let k = 1; k <= n; k++) push(k === n ? remaining : principal, Math.round(remaining * r));
  } else {
    const principal = Math.ceil(P / n);
    const interest = Math.round(P * r);
    for (let k = 1; k <= n; k++) push(k === n ? remaining : Math.min(principal, remaining), interest);
  }
  // Paid in advance, each instalment comes a period earlier than the same amounts paid in arrears: dearer.
  const periodic = periodicIrr(
    P,
    rows.map((row) => row.paymentFen),
    input.timing === 'advance',
  );
  const perYear = 12 / m;
  return {
    instalments: rows,
    totalInterestFen: rows.reduce((sum, row) => sum + row.interestFen, 0),
    totalPaymentFen: rows.reduce((sum, row) => sum + row.paymentFen, 0),
    effectiveAnnualRate: (1 + periodic) ** perYear - 1,
    aprRate: periodic * perYear,
  };
}

/**
 * The per-period rate i at which `payments` (one a period, the first one period after the loan, or at once when
 * `firstNow`) are worth `financed`: the root of NPV(i) = sum(payment_k / (1+i)^t_k) - financed, which falls as i
 * grows. Bisection to 1e-12, so it never diverges.
 */
export function periodicIrr(financed: number, payments: number[], firstNow = false): number {
  const npv = (i: number) => payments.reduce((sum, p, k) => sum + p / (1 + i) ** (firstNow ? k : k + 1), 0) - financed;
  let low = 0;
  let high = 1;
  if (npv(low) <= 0) return 0;
  while (npv(high) > 0 && high < 1e6) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-12; step++) {
    const mid = (low + high) / 2;
    if (npv(mid) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Days an instalment is overdue on `today` (0 when not yet due or due today). */
export function overdueDays(dueDate: string, today: string): number {
  return Math.max(0, toDays(today) - toDays(dueDate));
}

/**
 * The late fee (罚息) of an overdue instalment: payment x daily rate x days, rounded up to the yuan (to a multiple
 * of 100 fen); 0 when not overdue.
 */
export function lateFeeFen(paymentFen: number, dailyRate: number, days: number): number {
  if (days <= 0 || paymentFen <= 0 || dailyRate <= 0) return 0;
  // The product in fen, less a hair, so that an exact yuan (float noise above it) is not rounded up a yuan more.
  return Math.ceil((paymentFen * dailyRate * days) / 100 - 1e-9) * 100;
}

export const FINANCING_AGEING = ['d1to7', 'd8to15', 'd16to30', 'd31to60', 'd61to90', 'd90plus'] as const;
export type FinancingAgeing = (typeof FINANCING_AGEING)[number];

/** The ageing bucket of an instalment `days` overdue (null when not overdue). */
export function ageingOf(days: number): FinancingAgeing | null {
  if (days <= 0) return null;
  if (days <= 7) return 'd1to7';
  if (days <= 15) return 'd8to15';
  if (days <= 30) return 'd16to30';
  if (days <= 60) return 'd31to60';
  if (days <= 90) return 'd61to90';
  return 'd90plus';
}

export interface PayoffTerms {
  /** The break-fee rate while the current instalment is 1-24, and from 25 on. */
  breakRateEarly: number;
  breakRateLate: number;
  /** The break fee is never below this (fen). */
  breakFloorFen: number;
}

export interface PayoffInput {
  schedule: Instalment[];
  /** Principal already repaid ahead of time on instalments not yet due (fen), by period number. */
  principalPaidFen: Record<number, number>;
  /** Overdue instalments' unpaid amounts and their unpaid late fees (fen). */
  overdueFen: number;
  lateFeesFen: number;
  /** Security deposit held (fen), deducted. */
  depositFen: number;
  /** The day of the payoff. */
  date: string;
}

export interface Payoff {
  /** The period the payoff falls in: the first instalment due on or after `date`. */
  currentPeriod: number;
  remainingPrincipalFen: number;
  breakFeeFen: number;
  overdueFen: number;
  lateFeesFen: number;
  depositFen: number;
  /** remaining principal + break fee + overdue + late fees - deposit (never below 0). */
  totalFen: number;
  /** What the deposit covers beyond the amount owed, returned to the tenant. */
  refundFen: number;
}

/**
 * Early payoff (提前还款): the principal not yet repaid, a break fee on it (the early rate up to instalment 24, the
 * late rate from 25, never below the floor), the overdue instalments and their late fees, less the deposit.
 */
export function earlyPayoff(input: PayoffInput, terms: PayoffTerms): Payoff {
  const { schedule } = input;
  const current = schedule.find((row) => row.dueDate >= input.date)?.period ?? schedule.length + 1;
  // The principal of the instalments not yet due (the overdue ones are in `overdueFen`, whole).
  const remaining = schedule
    .filter((row) => row.period >= current)
    .reduce((sum, row) => sum + Math.max(0, row.principalFen - (input.principalPaidFen[row.period] ?? 0)), 0);
  const rate = current <= 24 ? terms.breakRateEarly : terms.breakRateLate;
  const breakFee = remaining > 0 ? Math.max(terms.breakFloorFen, Math.round(remaining * rate)) : 0;
  const owed = remaining + breakFee + input.overdueFen + input.lateFeesFen;
  return {
    currentPeriod: current,
    remainingPrincipalFen: remaining,
    breakFeeFen: breakFee,
    overdueFen: input.overdueFen,
    lateFeesFen: input.lateFeesFen,
    depositFen: input.depositFen,
    totalFen: Math.max(0, owed - input.depositFen),
    refundFen: Math.max(0, input.depositFen - owed),
  };
}
