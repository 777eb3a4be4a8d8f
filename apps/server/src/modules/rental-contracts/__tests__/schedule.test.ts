import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_PERIODS, PERIOD_MONTHS, type PaymentPeriod } from '@fleetdesk/contracts/rental-contracts';
import {
  addDays,
  addMonths,
  buildSchedule,
  daysInMonth,
  lateFeeFen,
  proRated,
  toDays,
  weekday,
  type ScheduleTerms,
} from '../schedule.js';

const dateArb = fc
  .date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
// Month ends, February and leap days are drawn on purpose, besides any day.
const edgeDateArb = fc.oneof(
  dateArb,
  fc.constantFrom('2024-01-31', '2024-02-29', '2023-02-28', '2024-03-31', '2025-08-31', '2028-02-29', '2024-12-31'),
);

const termsArb = fc
  .record({
    type: fc.constantFrom<'longTerm' | 'rentToOwn'>('longTerm', 'rentToOwn'),
    period: fc.constantFrom(...PAYMENT_PERIODS),
    billing: fc.constantFrom<'prepaid' | 'postpaid'>('prepaid', 'postpaid'),
    dayRaw: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
    startDate: edgeDateArb,
    count: fc.integer({ min: 1, max: 30 }),
    extraDays: fc.integer({ min: -20, max: 20 }),
    freeDays: fc.integer({ min: 0, max: 30 }),
    rentFen: fc.integer({ min: 1, max: 5_000_000 }),
    depositFen: fc.integer({ min: 0, max: 1_000_000 }),
    feeFen: fc.integer({ min: 0, max: 100_000 }),
    proRating: fc.boolean(),
  })
  .map((r): ScheduleTerms => {
    const months = PERIOD_MONTHS[r.period];
    const anchor = addDays(r.startDate, r.freeDays);
    const naturalEnd = addDays(months === 0 ? addDays(anchor, 7 * r.count) : addMonths(anchor, months * r.count), -1);
    let endDate = addDays(naturalEnd, r.extraDays);
    if (endDate < addDays(r.startDate, r.freeDays)) endDate = addDays(r.startDate, r.freeDays);
    const paymentDay = r.dayRaw === null ? null : r.period === 'weekly' ? ((r.dayRaw - 1) % 7) + 1 : r.dayRaw;
    return {
      type: r.type,
      period: r.period,
      billing: r.billing,
      paymentDay,
      startDate: r.startDate,
      endDate,
      freeDays: r.freeDays,
      depositFen: r.depositFen,
      managementFeeFen: r.feeFen,
      rentFen: r.rentFen,
      insuranceBaseFen: 0,
      insuranceExtraFen: 0,
      buyOutFen: r.type === 'rentToOwn' ? 3_000_000 : null,
      proRating: r.proRating,
    };
  });

function intervalEnd(start: string, period: PaymentPeriod): string {
  const m = PERIOD_MONTHS[period];
  return addDays(m === 0 ? addDays(start, 7) : addMonths(start, m), -1);
}

const RUNS = { numRuns: 400 };

describe('bill schedule (properties)', () => {
  it('periods are contiguous from the start to the end date, the first extended by the free days', () => {
    fc.assert(
      fc.property(termsArb, (t) => {
        const s = buildSchedule(t);
        const rents = s.lines.filter((l) => l.type === 'rent');
        expect(rents.length).toBe(s.instalments);
        expect(rents[0]!.periodStart).toBe(t.startDate);
        expect(rents.at(-1)!.periodEnd).toBe(t.endDate);
        rents.forEach((l, i) => {
          expect(l.period).toBe(i + 1);
          expect(l.periodStart! <= l.periodEnd!).toBe(true);
          if (i > 0) expect(l.periodStart).toBe(addDays(rents[i - 1]!.periodEnd!, 1));
          const full = rents.length - 1 > i;
          const anchor = addDays(t.startDate, t.freeDays);
          const months = PERIOD_MONTHS[t.period];
          // Period i (i >= 1) starts at the anchor plus i intervals, month ends clamped, never drifting.
          if (i > 0) {
            expect(l.periodStart).toBe(months === 0 ? addDays(anchor, 7 * i) : addMonths(anchor, months * i));
          }
          if (i === 0 && full) expect(l.periodEnd).toBe(intervalEnd(anchor, t.period));
          // A full period ends the day before the next anchored start (a clamped month end does not shorten it).
          const next = months === 0 ? addDays(anchor, 7 * (i + 1)) : addMonths(anchor, months * (i + 1));
          if (full) expect(l.periodEnd).toBe(addDays(next, -1));
        });
        expect(s.rentalDays).toBe(toDays(t.endDate) - toDays(t.startDate) + 1);
      }),
      RUNS,
    );
  });

  it('due dates follow the billing mode and the payment day', () => {
    fc.assert(
      fc.property(termsArb, (t) => {
        const rents = buildSchedule(t).lines.filter((l) => l.type === 'rent');
        rents.forEach((l, i) => {
          const weekly = t.period === 'weekly';
          const matchesDay = (d: string) => {
            if (weekly) return weekday(d) === t.paymentDay;
            const y = Number(d.slice(0, 4));
            const m0 = Number(d.slice(5, 7)) - 1;
            return Number(d.slice(8, 10)) === Math.min(t.paymentDay!, daysInMonth(y, m0));
          };
          if (t.billing === 'prepaid') {
            if (i === 0 || !t.paymentDay) expect(l.dueDate).toBe(l.periodStart);
            else {
              expect(l.dueDate <= l.periodStart!).toBe(true);
              expect(matchesDay(l.dueDate)).toBe(true);
              // The payment day on or before the start: the latest such day.
              const span = weekly ? 7 : 31;
              expect(toDays(l.periodStart!) - toDays(l.dueDate)).toBeLessThan(span);
            }
          } else if (!t.paymentDay) {
            expect(l.dueDate).toBe(l.periodEnd);
          } else {
            expect(l.dueDate >= l.periodEnd!).toBe(true);
            expect(matchesDay(l.dueDate)).toBe(true);
            expect(toDays(l.dueDate) - toDays(l.periodEnd!)).toBeLessThan(weekly ? 7 : 31);
          }
        });
      }),
      RUNS,
    );
  });

  it('amounts are equal; only a partial last period with pro-rating costs less; totals add up', () => {
    fc.assert(
      fc.property(termsArb, (t) => {
        const s = buildSchedule(t);
        const rents = s.lines.filter((l) => l.type === 'rent');
        rents.forEach((l, i) => {
          const last = i === rents.length - 1;
          const anchor = addDays(t.startDate, t.freeDays);
          const months = PERIOD_MONTHS[t.period];
          const next = months === 0 ? addDays(anchor, 7 * (i + 1)) : addMonths(anchor, months * (i + 1));
          const partial = last && addDays(next, -1) !== l.periodEnd;
          if (partial && t.proRating) {
            expect(l.amountFen).toBe(proRated(t.rentFen, t.period, l.periodStart!, l.periodEnd!));
            expect(l.amountFen).toBeLessThanOrEqual(t.rentFen);
            expect(l.amountFen).toBeGreaterThanOrEqual(0);
          } else {
            expect(l.amountFen).toBe(t.rentFen);
          }
        });
        if (!t.proRating) expect(s.totalRentFen).toBe(s.instalments * t.rentFen);
        expect(s.totalFen).toBe(s.lines.reduce((a, l) => a + l.amountFen, 0));
        const upFront = s.lines.filter((l) => l.type === 'deposit' || l.type === 'managementFee');
        for (const l of upFront) expect(l.dueDate).toBe(t.startDate);
        expect(upFront.length).toBe((t.depositFen > 0 ? 1 : 0) + (t.managementFeeFen > 0 ? 1 : 0));
        const buyOut = s.lines.filter((l) => l.type === 'buyOut');
        expect(buyOut.length).toBe(t.type === 'rentToOwn' ? 1 : 0);
        if (buyOut[0]) expect(buyOut[0].dueDate).toBe(t.endDate);
      }),
      RUNS,
    );
  });

  it('short-term: one rent line of daily rent x (rental days - free days), insurance on the start date', () => {
    fc.assert(
      fc.property(
        edgeDateArb,
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 100, max: 100_000 }),
        (start, days, free, daily) => {
          fc.pre(free < days);
          const s = buildSchedule({
            type: 'shortTerm',
            period: 'monthly',
            billing: 'prepaid',
            paymentDay: null,
            startDate: start,
            endDate: addDays(start, days - 1),
            freeDays: free,
            depositFen: 0,
            managementFeeFen: 0,
            rentFen: daily,
            insuranceBaseFen: 5000,
            insuranceExtraFen: 1000,
            buyOutFen: null,
            proRating: true,
          });
          expect(s.rentalDays).toBe(days);
          expect(s.totalRentFen).toBe(daily * (days - free));
          expect(s.lines.map((l) => [l.type, l.dueDate, l.amountFen])).toEqual([
            ['rent', start, daily * (days - free)],
            ['insurance', start, 6000],
          ]);
        },
      ),
      RUNS,
    );
  });
});

describe('bill schedule (examples)', () => {
  const base: ScheduleTerms = {
    type: 'longTerm',
    period: 'monthly',
    billing: 'prepaid',
    paymentDay: null,
    startDate: '2024-01-31',
    endDate: '2024-07-30',
    freeDays: 0,
    depositFen: 500_000,
    managementFeeFen: 20_000,
    rentFen: 300_000,
    insuranceBaseFen: 0,
    insuranceExtraFen: 0,
    buyOutFen: null,
    proRating: false,
  };

  it('keeps the 31st through February of a leap year', () => {
    const rents = buildSchedule(base).lines.filter((l) => l.type === 'rent');
    expect(rents.map((l) => [l.periodStart, l.periodEnd])).toEqual([
      ['2024-01-31', '2024-02-28'],
      ['2024-02-29', '2024-03-30'],
      ['2024-03-31', '2024-04-29'],
      ['2024-04-30', '2024-05-30'],
      ['2024-05-31', '2024-06-29'],
      ['2024-06-30', '2024-07-30'],
    ]);
  });

  it('moves due dates to the payment day: prepaid on or before the start, postpaid on or after the end', () => {
    const pre = buildSchedule({ ...base, startDate: '2024-03-10', endDate: '2024-06-09', paymentDay: 15 });
    expect(pre.lines.filter((l) => l.type === 'rent').map((l) => l.dueDate)).toEqual([
      '2024-03-10',
      '2024-03-15',
      '2024-04-15',
    ]);
    const post = buildSchedule({
      ...base,
      billing: 'postpaid',
      startDate: '2024-03-10',
      endDate: '2024-06-09',
      paymentDay: 31,
    });
    expect(post.lines.filter((l) => l.type === 'rent').map((l) => l.dueDate)).toEqual([
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
    ]);
    // Weekly, Monday: 2024-01-03 is a Wednesday.
    const weekly = buildSchedule({
      ...base,
      period: 'weekly',
      startDate: '2024-01-03',
      endDate: '2024-01-23',
      paymentDay: 1,
    });
    expect(weekly.lines.filter((l) => l.type === 'rent').map((l) => l.dueDate)).toEqual([
      '2024-01-03',
      '2024-01-08',
      '2024-01-15',
    ]);
  });

  it('extends the first period by the free days and pro-rates a partial last month when asked', () => {
    const s = buildSchedule({
      ...base,
      startDate: '2024-01-01',
      freeDays: 5,
      endDate: '2024-03-20',
      proRating: true,
    });
    const rents = s.lines.filter((l) => l.type === 'rent');
    expect(rents.map((l) => [l.periodStart, l.periodEnd, l.amountFen])).toEqual([
      ['2024-01-01', '2024-02-05', 300_000],
      ['2024-02-06', '2024-03-05', 300_000],
      // 15 days at 3,000 / 30 a day.
      ['2024-03-06', '2024-03-20', 150_000],
    ]);
    expect(s.totalRentFen).toBe(750_000);
    expect(s.totalFen).toBe(750_000 + 520_000);
  });
});

describe('late fee', () => {
  it('is daily ratio x days x amount, never above the cap', () => {
    expect(lateFeeFen(300_000, 10, 5, 20)).toBe(15_000);
    expect(lateFeeFen(300_000, 100, 5, 20)).toBe(60_000);
    expect(lateFeeFen(300_000, 0, 5, 20)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (amount, days, permille, cap) => {
          const fee = lateFeeFen(amount, days, permille, cap);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(fee).toBeLessThanOrEqual(Math.round((amount * cap) / 100));
          expect(fee).toBeLessThanOrEqual(Math.round((amount * permille * days) / 1000));
        },
      ),
    );
  });
});
