import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth } from './dates.js';
import {
  ageingOf,
  buildFinancingSchedule,
  dueDates,
  earlyPayoff,
  lateFeeFen,
  overdueDays,
  periodicIrr,
  scheduleInputProblem,
  type PayoffInput,
  type Schedule,
  type ScheduleInput,
} from './financing-schedule.js';

const base: ScheduleInput = {
  method: 'annuity',
  financedFen: 10_000_000, // ¥100,000.00
  periods: 12,
  annualRate: 0.12,
  loanDate: '2026-01-15',
  repayDay: 15,
  timing: 'arrears',
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('the three repayment methods, by hand', () => {
  it('等额本息: ¥100,000 over 12 months at 12 % pays ¥8,884.88 a month, ¥6,618.55 of interest in all', () => {
    // A = 100000 x 0.01 x 1.01^12 / (1.01^12 - 1) = 8884.8788 -> 8884.88; the first month's interest 1% of
    // 100000 = 1000.00, its principal 7884.88.
    const s = buildFinancingSchedule(base);
    expect(s.instalments).toHaveLength(12);
    expect(s.instalments.slice(0, 11).every((row) => row.paymentFen === 888_488)).toBe(true);
    expect(s.instalments[0]).toMatchObject({ period: 1, interestFen: 100_000, principalFen: 788_488 });
    expect(s.instalments[1]).toMatchObject({ interestFen: 92_115, principalFen: 796_373 }); // 1% of 92115.12
    // The last takes the principal left: within a few fen of the others.
    expect(Math.abs(s.instalments[11]!.paymentFen - 888_488)).toBeLessThanOrEqual(12);
    expect(s.instalments[11]!.remainingFen).toBe(0);
    expect(s.totalInterestFen).toBe(s.totalPaymentFen - 10_000_000);
    expect(s.totalInterestFen).toBeGreaterThanOrEqual(661_850);
    expect(s.totalInterestFen).toBeLessThanOrEqual(661_860);
    // Its effective annual rate is the nominal one compounded monthly: 1.01^12 - 1 = 12.68 %.
    expect(s.effectiveAnnualRate).toBeCloseTo(1.01 ** 12 - 1, 5);
    expect(s.aprRate).toBeCloseTo(0.12, 5);
  });

  it('等额本息 with a balloon: the last instalment repays it on top of the monthly payment', () => {
    // A = (100000 x 1.01^12 - 20000) x 0.01 / (1.01^12 - 1) = 926.825 / 0.126825 = 7307.90; the last A + 20000.
    const s = buildFinancingSchedule({ ...base, balloonFen: 2_000_000 });
    expect(s.instalments[0]!.paymentFen).toBe(730_790);
    expect(Math.abs(s.instalments[11]!.paymentFen - (730_790 + 2_000_000))).toBeLessThanOrEqual(12);
    expect(sum(s.instalments.map((row) => row.principalFen))).toBe(10_000_000);
  });

  it('等额本金: ¥8,333.33 of principal a month, interest on what remains, the last absorbing the remainder', () => {
    const s = buildFinancingSchedule({ ...base, method: 'equalPrincipal' });
    expect(s.instalments[0]).toMatchObject({ principalFen: 833_333, interestFen: 100_000, paymentFen: 933_333 });
    // Month 2: 1% of 91666.67 = 916.67.
    expect(s.instalments[1]).toMatchObject({ principalFen: 833_333, interestFen: 91_667 });
    // 100000 - 11 x 8333.33 = 8333.37; its interest 1% of it = 83.33.
    expect(s.instalments[11]).toMatchObject({ principalFen: 833_337, interestFen: 8_333, remainingFen: 0 });
    // Interest: 1% x (100000 + 91666.67 + ... ) = 6500.00 give or take the rounding of each month.
    expect(Math.abs(s.totalInterestFen - 650_000)).toBeLessThanOrEqual(12);
  });

  it('等本等息: ¥120,000 over 12 months at a flat 6 %: ¥10,600 a month, and an effective rate near 11.5 %', () => {
    const s = buildFinancingSchedule({ ...base, method: 'flat', financedFen: 12_000_000, annualRate: 0.06 });
    expect(s.instalments.every((row) => row.principalFen === 1_000_000 && row.interestFen === 60_000)).toBe(true);
    expect(s.totalInterestFen).toBe(720_000);
    // The per-month rate i with 10600 x (1 - (1+i)^-12) / i = 120000 is 0.908 %: 10.90 % a year nominal,
    // 11.46 % effective; far above the 6 % quoted.
    expect(s.aprRate).toBeGreaterThan(0.1085);
    expect(s.aprRate).toBeLessThan(0.1095);
    expect(s.effectiveAnnualRate).toBeGreaterThan(0.114);
    expect(s.effectiveAnnualRate).toBeLessThan(0.116);
  });

  it('a zero rate: the principal in equal parts, the remainder in the last, no interest', () => {
    const s = buildFinancingSchedule({ ...base, financedFen: 1_000_001, periods: 3, annualRate: 0 });
    expect(s.instalments.map((row) => row.principalFen)).toEqual([333_333, 333_333, 333_335]);
    expect(s.totalInterestFen).toBe(0);
    expect(s.effectiveAnnualRate).toBe(0);
  });
});

describe('due dates', () => {
  it('in arrears: from the month after the loan, on the repayment day, clamped to short months', () => {
    expect(dueDates({ loanDate: '2026-01-15', repayDay: 31, timing: 'arrears', periods: 4 })).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    // A leap year's February.
    expect(dueDates({ loanDate: '2028-01-31', repayDay: 30, timing: 'arrears', periods: 2 })).toEqual([
      '2028-02-29',
      '2028-03-30',
    ]);
  });

  it('in advance: this month while the day is not past, else next month; quarterly adds three months', () => {
    expect(dueDates({ loanDate: '2026-01-15', repayDay: 20, timing: 'advance', periods: 2 })).toEqual([
      '2026-01-20',
      '2026-02-20',
    ]);
    expect(dueDates({ loanDate: '2026-01-15', repayDay: 15, timing: 'advance', periods: 1 })).toEqual(['2026-01-15']);
    expect(dueDates({ loanDate: '2026-01-15', repayDay: 10, timing: 'advance', periods: 1 })).toEqual(['2026-02-10']);
    expect(
      dueDates({ loanDate: '2026-11-30', repayDay: 30, timing: 'arrears', periods: 3, monthsPerPeriod: 3 }),
    ).toEqual(['2026-12-30', '2027-03-30', '2027-06-30']);
  });

  it('in advance costs more than the same amounts in arrears', () => {
    const arrears = buildFinancingSchedule(base);
    const advance = buildFinancingSchedule({ ...base, timing: 'advance' });
    expect(advance.totalPaymentFen).toBe(arrears.totalPaymentFen);
    expect(advance.effectiveAnnualRate).toBeGreaterThan(arrears.effectiveAnnualRate);
  });
});

describe('any input', () => {
  const inputs = fc.record({
    method: fc.constantFrom('annuity' as const, 'equalPrincipal' as const, 'flat' as const),
    financedFen: fc.integer({ min: 100, max: 2_000_000_000 }),
    balloonShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    periods: fc.integer({ min: 1, max: 60 }),
    annualRate: fc.double({ min: 0, max: 0.36, noNaN: true }),
    monthsPerPeriod: fc.constantFrom(1, 3, 6, 12),
    repayDay: fc.integer({ min: 1, max: 31 }),
    timing: fc.constantFrom('arrears' as const, 'advance' as const),
    loanDay: fc.integer({ min: 0, max: 3650 }),
  });
  type Raw = typeof inputs extends fc.Arbitrary<infer T> ? T : never;
  const toInput = (x: Raw) =>
    ({
      method: x.method,
      financedFen: x.financedFen,
      balloonFen: x.method === 'flat' ? 0 : Math.floor(x.financedFen * x.balloonShare),
      // Paid in advance, one instalment is refused (see refused inputs).
      periods: x.timing === 'advance' ? Math.max(2, x.periods) : x.periods,
      annualRate: x.annualRate,
      monthsPerPeriod: x.monthsPerPeriod,
      repayDay: x.repayDay,
      timing: x.timing,
      loanDate: new Date(Date.UTC(2026, 0, 1) + x.loanDay * 86_400_000).toISOString().slice(0, 10),
    }) satisfies ScheduleInput;
  /** `check` holds for the schedule of any input. */
  const forAny = (runs: number, check: (input: ScheduleInput, s: Schedule) => void) =>
    fc.assert(
      fc.property(inputs, (x) => {
        const input = toInput(x);
        check(input, buildFinancingSchedule(input));
      }),
      { numRuns: runs },
    );

  it('the principal sums to the amount financed to the fen; nothing negative; nothing left owed', () => {
    forAny(300, (input, s) => {
      expect(s.instalments).toHaveLength(input.periods);
      expect(sum(s.instalments.map((row) => row.principalFen))).toBe(input.financedFen);
      for (const row of s.instalments) {
        expect(Number.isInteger(row.principalFen) && Number.isInteger(row.interestFen)).toBe(true);
        expect(row.principalFen).toBeGreaterThanOrEqual(0);
        expect(row.interestFen).toBeGreaterThanOrEqual(0);
        expect(row.remainingFen).toBeGreaterThanOrEqual(0);
      }
      expect(s.instalments.at(-1)!.remainingFen).toBe(0);
      expect(s.totalPaymentFen).toBe(input.financedFen + s.totalInterestFen);
      // Due dates rise, each on the repayment day or its month's last day.
      const dates = s.instalments.map((row) => row.dueDate);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      for (const date of dates) {
        const [y, m, d] = date.split('-').map(Number) as [number, number, number];
        expect(d).toBe(Math.min(input.repayDay, daysInMonth(y, m - 1)));
      }
    });
  });

  it('an annuity pays the same each period but the last; equal principal repays the same principal but the last', () => {
    forAny(300, (input, s) => {
      const head = s.instalments.slice(0, -1);
      if (input.method === 'annuity' && input.annualRate > 0 && head.every((row) => row.remainingFen > 0))
        expect(new Set(head.map((row) => row.paymentFen)).size).toBeLessThanOrEqual(1);
      if (input.method === 'equalPrincipal')
        expect(new Set(head.map((row) => row.principalFen)).size).toBeLessThanOrEqual(1);
    });
  });

  it('the effective rate discounts the payments back to the amount financed', () => {
    forAny(200, (input, s) => {
      const i = (1 + s.effectiveAnnualRate) ** ((input.monthsPerPeriod ?? 1) / 12) - 1;
      const first = input.timing === 'advance' ? 0 : 1;
      const npv = sum(s.instalments.map((row, k) => row.paymentFen / (1 + i) ** (k + first)));
      expect(Math.abs(npv - input.financedFen)).toBeLessThanOrEqual(Math.max(1, input.financedFen * 1e-6));
    });
  });
});

describe('refused inputs', () => {
  it('names the field', () => {
    expect(scheduleInputProblem({ ...base, financedFen: 0 })).toBe('financedFen');
    expect(scheduleInputProblem({ ...base, financedFen: 1.5 })).toBe('financedFen');
    expect(scheduleInputProblem({ ...base, balloonFen: 10_000_000 })).toBe('balloonFen');
    expect(scheduleInputProblem({ ...base, method: 'flat', balloonFen: 1 })).toBe('balloonFen');
    expect(scheduleInputProblem({ ...base, periods: 0 })).toBe('periods');
    expect(scheduleInputProblem({ ...base, annualRate: -0.01 })).toBe('annualRate');
    expect(scheduleInputProblem({ ...base, annualRate: 0.3601 })).toBe('annualRate');
    expect(scheduleInputProblem({ ...base, timing: 'advance', periods: 1 })).toBe('periods');
    expect(scheduleInputProblem({ ...base, monthsPerPeriod: 13 })).toBe('monthsPerPeriod');
    expect(scheduleInputProblem({ ...base, loanDate: '2026-1-5' })).toBe('loanDate');
    expect(scheduleInputProblem({ ...base, repayDay: 32 })).toBe('repayDay');
    expect(scheduleInputProblem(base)).toBeNull();
    expect(() => buildFinancingSchedule({ ...base, periods: 0 })).toThrow(RangeError);
  });
});

describe('late fees and ageing', () => {
  it('counts overdue days from the due date; none on the day itself', () => {
    expect(overdueDays('2026-02-28', '2026-02-28')).toBe(0);
    expect(overdueDays('2026-02-28', '2026-03-01')).toBe(1);
    expect(overdueDays('2028-02-28', '2028-03-01')).toBe(2);
    expect(overdueDays('2026-03-01', '2026-02-01')).toBe(0);
  });

  it('is the payment x the daily rate x the days, rounded up to the yuan', () => {
    // 8884.88 x 0.05 % x 3 = 13.33 -> 14.00.
    expect(lateFeeFen(888_488, 0.0005, 3)).toBe(1_400);
    // An exact yuan stays: 10000.00 x 0.1 % x 2 = 20.00.
    expect(lateFeeFen(1_000_000, 0.001, 2)).toBe(2_000);
    expect(lateFeeFen(1_000_000, 0.001, 0)).toBe(0);
  });

  it('puts an overdue instalment in its bucket', () => {
    expect([0, 1, 7, 8, 15, 16, 30, 31, 60, 61, 90, 91].map(ageingOf)).toEqual([
      null,
      'd1to7',
      'd1to7',
      'd8to15',
      'd8to15',
      'd16to30',
      'd16to30',
      'd31to60',
      'd31to60',
      'd61to90',
      'd61to90',
      'd90plus',
    ]);
  });
});

describe('early payoff', () => {
  const schedule = buildFinancingSchedule({ ...base, periods: 36 }).instalments;
  const terms = { breakRateEarly: 0.03, breakRateLate: 0.02, breakFloorFen: 200_000 };
  /** A payoff on the day instalment `period` falls due, nothing overdue or held unless given. */
  const payoffOn = (period: number, given: Partial<PayoffInput> = {}) =>
    earlyPayoff(
      {
        schedule,
        principalPaidFen: {},
        overdueFen: 0,
        lateFeesFen: 0,
        depositFen: 0,
        date: schedule[period - 1]!.dueDate,
        ...given,
      },
      terms,
    );

  it('the principal of the instalments not yet due, a break fee on it, the overdue amounts, less the deposit', () => {
    // Paying off on the day the 5th instalment falls due: instalments 5..36's principal.
    const remaining = sum(schedule.slice(4).map((row) => row.principalFen));
    const p = payoffOn(5, { overdueFen: 332_100, lateFeesFen: 1_400, depositFen: 500_000 });
    expect(p.currentPeriod).toBe(5);
    expect(p.remainingPrincipalFen).toBe(remaining);
    expect(p.breakFeeFen).toBe(Math.round(remaining * 0.03));
    expect(p.totalFen).toBe(remaining + Math.round(remaining * 0.03) + 332_100 + 1_400 - 500_000);
    expect(p.refundFen).toBe(0);
  });

  it('the late rate from the 25th instalment, never below the floor; a deposit above the debt is refunded', () => {
    const late = payoffOn(35);
    expect(late.currentPeriod).toBe(35);
    const remaining = schedule[34]!.principalFen + schedule[35]!.principalFen;
    expect(late.breakFeeFen).toBe(Math.max(200_000, Math.round(remaining * 0.02)));
    const covered = payoffOn(36, { principalPaidFen: { 36: schedule[35]!.principalFen }, depositFen: 5_000_000 });
    // The last instalment's principal was paid ahead: nothing left, no break fee, the deposit all back.
    expect(covered).toMatchObject({ remainingPrincipalFen: 0, breakFeeFen: 0, totalFen: 0, refundFen: 5_000_000 });
  });
});

describe('the internal rate of return', () => {
  it('is the rate that discounts the payments to the amount', () => {
    // 1000 now for 1100 in a period: 10 %.
    expect(periodicIrr(1000, [1100])).toBeCloseTo(0.1, 9);
    // Paid back less than lent: 0.
    expect(periodicIrr(1000, [500, 400])).toBe(0);
  });
});
