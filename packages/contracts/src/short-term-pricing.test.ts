import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, weekday } from './dates.js';
import { DEFAULT_SHORT_TERM_RULES } from './organisation.js';
import {
  cancellationFee,
  earlyReturnRefund,
  fuelFee,
  lateReturnFee,
  localDay,
  overMileageFee,
  quoteStay,
  stayDays,
  stayDiscountBp,
  unusedWholeDays,
  type QuoteStayInput,
  type StayPrice,
} from './short-term-pricing.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ZONE = 'Asia/Shanghai';
const rules = DEFAULT_SHORT_TERM_RULES;

/** Instants from 2024 to 2030 (two leap days inside), to the minute. */
const instant = fc
  .integer({ min: Date.UTC(2024, 0, 1) / MIN, max: Date.UTC(2030, 11, 31) / MIN })
  .map((m) => new Date(m * MIN));
const fen = (max = 500_000) => fc.integer({ min: 0, max });
const bp = fc.integer({ min: 0, max: 9000 });

const price: fc.Arbitrary<StayPrice> = fc.record({
  weekdayFen: fen(),
  weekendFen: fen(),
  discount7Bp: bp,
  discount15Bp: bp,
  discount30Bp: bp,
  mileageLimitKm: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  damageDepositFen: fen(),
  violationDepositFen: fen(),
});

/** A stay of up to 90 days, with some of its days holidays and some with a special price. */
const stay = fc
  .record({
    pickUpAt: instant,
    minutes: fc.integer({ min: 1, max: 90 * 1440 }),
    graceMinutes: fc.integer({ min: 0, max: 360 }),
    price,
    holidayOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 91 }), { maxLength: 12 }),
    specialOffsets: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 91 }), fen()), {
      maxLength: 8,
      selector: (x) => x[0],
    }),
    protectionDayFen: fc.option(fen(20_000), { nil: null }),
    extras: fc.array(
      fc.record({
        dayFen: fen(10_000),
        maxFen: fc.option(fen(50_000), { nil: null }),
        count: fc.integer({ min: 1, max: 5 }),
      }),
      { maxLength: 3 },
    ),
    deliveryFen: fen(20_000),
  })
  .map((s): QuoteStayInput => {
    const first = localDay(s.pickUpAt, ZONE);
    return {
      pickUpAt: s.pickUpAt,
      returnAt: new Date(s.pickUpAt.getTime() + s.minutes * MIN),
      zone: ZONE,
      graceMinutes: s.graceMinutes,
      price: s.price,
      holidays: s.holidayOffsets.map((o) => addDays(first, o)),
      specialDays: Object.fromEntries(s.specialOffsets.map(([o, f]) => [addDays(first, o), f])),
      protectionDayFen: s.protectionDayFen,
      extras: s.extras,
      deliveryFen: s.deliveryFen,
    };
  });

describe('stayDays', () => {
  it('counts started 24 h blocks, at least one, the minutes within the grace starting no new day', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 200 * 1440 }), fc.integer({ min: 0, max: 360 }), (at, m, g) => {
        const days = stayDays(at, new Date(at.getTime() + m * MIN), g);
        const whole = Math.floor(m / 1440);
        expect(days).toBe(Math.max(1, whole + (m % 1440 > g ? 1 : 0)));
        expect(days).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('starts a new day one minute past the grace, not at it', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 89 }),
        fc.integer({ min: 0, max: 360 }),
        fc.constantFrom(-1, 0, 1),
        (at, whole, g, delta) => {
          const m = whole * 1440 + g + delta;
          const days = stayDays(at, new Date(at.getTime() + m * MIN), g);
          expect(days).toBe(delta > 0 ? whole + 1 : whole);
        },
      ),
    );
  });

  it('is monotone in the return time', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 100 * 1440 }),
        fc.integer({ min: 0, max: 3000 }),
        (at, m, more) => {
          const a = stayDays(at, new Date(at.getTime() + m * MIN));
          const b = stayDays(at, new Date(at.getTime() + (m + more) * MIN));
          expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
    );
  });

  it('keeps the grace edge: 24 h + grace is one day, a minute more two, a started second counting as a minute', () => {
    const at = new Date('2026-12-04T10:00:00+08:00');
    expect(stayDays(at, new Date(at.getTime() + DAY + 60 * MIN), 60)).toBe(1);
    expect(stayDays(at, new Date(at.getTime() + DAY + 61 * MIN), 60)).toBe(2);
    expect(stayDays(at, new Date(at.getTime() + DAY + 60 * MIN + 1_000), 60)).toBe(2);
    expect(stayDays(at, new Date(at.getTime() + 3 * DAY), 0)).toBe(3);
    expect(stayDays(at, new Date(at.getTime() + 3 * DAY + MIN), 0)).toBe(4);
    expect(stayDays(at, at, 60)).toBe(1);
    expect(stayDays('2026-12-04T10:00:00+08:00', '2026-12-05T09:00:00+08:00')).toBe(1);
  });
});

describe('quoteStay', () => {
  it('prices every rental day by its calendar day: special, else holiday or weekend, else weekday; the days sum to the rent', () => {
    fc.assert(
      fc.property(stay, (input) => {
        const q = quoteStay(input);
        const n = stayDays(input.pickUpAt, input.returnAt, input.graceMinutes);
        expect(q.days).toHaveLength(n);
        const first = localDay(input.pickUpAt, ZONE);
        const holidays = new Set(input.holidays);
        const special = input.specialDays as Record<string, number>;
        q.days.forEach((d, i) => {
          // Shanghai has no daylight saving: each 24 h block starts on the next calendar day.
          expect(d.date).toBe(addDays(first, i));
          if (d.date in special) expect(d).toMatchObject({ kind: 'special', priceFen: special[d.date] });
          else if (holidays.has(d.date)) expect(d).toMatchObject({ kind: 'holiday', priceFen: input.price.weekendFen });
          else if (weekday(d.date) >= 6) expect(d).toMatchObject({ kind: 'weekend', priceFen: input.price.weekendFen });
          else expect(d).toMatchObject({ kind: 'weekday', priceFen: input.price.weekdayFen });
        });
        expect(q.rentFen).toBe(q.days.reduce((s, d) => s + d.priceFen, 0));
      }),
    );
  });

  it('applies the long-rental discount only from 7, 15 and 30 days (the highest reached), and adds up the totals', () => {
    fc.assert(
      fc.property(stay, (input) => {
        const q = quoteStay(input);
        const n = q.days.length;
        const { discount7Bp: d7, discount15Bp: d15, discount30Bp: d30 } = input.price;
        const expected = n >= 30 ? Math.max(d7, d15, d30) : n >= 15 ? Math.max(d7, d15) : n >= 7 ? d7 : 0;
        expect(q.discountPct * 100).toBeCloseTo(expected, 9);
        expect(q.discountFen).toBe(Math.round((q.rentFen * expected) / 10_000));
        expect(q.discountFen).toBeLessThanOrEqual(q.rentFen);
        if (n < 7) expect(q.discountFen).toBe(0);
        expect(q.protectionFen).toBe((input.protectionDayFen ?? 0) * n);
        // Each unit of an extra costs its day price × days, at most its cap.
        const extras = input.extras ?? [];
        expect(q.extrasFen).toBe(
          extras.reduce((s, e) => s + Math.min(e.dayFen * n, e.maxFen ?? Infinity) * e.count, 0),
        );
        expect(q.extrasFen).toBeLessThanOrEqual(extras.reduce((s, e) => s + e.dayFen * n * e.count, 0));
        expect(q.totalFen).toBe(q.rentFen - q.discountFen + q.protectionFen + q.extrasFen + q.deliveryFen);
        expect(q.payNowFen).toBe(q.totalFen + input.price.damageDepositFen + input.price.violationDepositFen);
        expect(q.mileageLimitKm).toBe(input.price.mileageLimitKm === null ? null : input.price.mileageLimitKm * n);
        expect(Number.isInteger(q.totalFen)).toBe(true);
      }),
    );
  });

  it('is monotone in the days: a later return never lowers the rent nor the discount rate', () => {
    fc.assert(
      fc.property(stay, fc.integer({ min: 1, max: 40 * 1440 }), (input, more) => {
        const longer = { ...input, returnAt: new Date(new Date(input.returnAt).getTime() + more * MIN) };
        const a = quoteStay(input);
        const b = quoteStay(longer);
        expect(b.days.length).toBeGreaterThanOrEqual(a.days.length);
        expect(b.rentFen).toBeGreaterThanOrEqual(a.rentFen);
        expect(b.discountPct).toBeGreaterThanOrEqual(a.discountPct);
        // The first days keep their dates and prices.
        expect(b.days.slice(0, a.days.length)).toEqual(a.days);
      }),
    );
  });

  it('discount thresholds: 6 days none, 7 days discount7, 15 days the better of 7/15, 30 days the best', () => {
    const p = { discount7Bp: 500, discount15Bp: 300, discount30Bp: 1500 };
    expect([1, 6, 7, 14, 15, 29, 30, 90].map((d) => stayDiscountBp(d, p))).toEqual([
      0, 0, 500, 500, 500, 500, 1500, 1500,
    ]);
  });

  it('caps each unit of an extra and prices a known week', () => {
    const q = quoteStay({
      pickUpAt: '2026-12-04T10:00:00+08:00', // a Friday
      returnAt: '2026-12-11T10:30:00+08:00', // 7 days and 30 minutes: within the grace
      zone: ZONE,
      graceMinutes: 60,
      price: {
        weekdayFen: 20_000,
        weekendFen: 30_000,
        discount7Bp: 500,
        discount15Bp: 1000,
        discount30Bp: 1500,
        mileageLimitKm: 300,
        damageDepositFen: 300_000,
        violationDepositFen: 200_000,
      },
      specialDays: new Map([['2026-12-10', 50_000]]),
      holidays: ['2026-12-08'],
      protectionDayFen: 5_000,
      extras: [
        { dayFen: 3_000, maxFen: 15_000, count: 2 },
        { dayFen: 1_000, maxFen: null, count: 1 },
      ],
      deliveryFen: 2_000,
    });
    expect(q.days.map((d) => `${d.date.slice(8)}:${d.kind}`)).toEqual([
      '04:weekday',
      '05:weekend',
      '06:weekend',
      '07:weekday',
      '08:holiday',
      '09:weekday',
      '10:special',
    ]);
    expect(q).toMatchObject({
      rentFen: 200_000,
      discountPct: 5,
      discountFen: 10_000,
      protectionFen: 35_000,
      extrasFen: 2 * 15_000 + 7_000,
      deliveryFen: 2_000,
      mileageLimitKm: 2100,
      totalFen: 200_000 - 10_000 + 35_000 + 37_000 + 2_000,
      payNowFen: 264_000 + 500_000,
    });
  });

  it('prices a stay across 29 February and New Year on the right calendar days', () => {
    const q = quoteStay({
      pickUpAt: '2028-02-28T09:00:00+08:00',
      returnAt: '2028-03-01T09:00:00+08:00',
      zone: ZONE,
      graceMinutes: 60,
      price: {
        weekdayFen: 100,
        weekendFen: 200,
        discount7Bp: 0,
        discount15Bp: 0,
        discount30Bp: 0,
        mileageLimitKm: null,
        damageDepositFen: 0,
        violationDepositFen: 0,
      },
    });
    expect(q.days.map((d) => d.date)).toEqual(['2028-02-28', '2028-02-29']);
    // A block starting late in the evening belongs to that day, in the tenant's zone (not UTC).
    const eve = quoteStay({
      pickUpAt: '2026-12-31T23:30:00+08:00',
      returnAt: '2027-01-02T23:30:00+08:00',
      zone: ZONE,
      graceMinutes: 60,
      price: defaultPrice(),
      holidays: ['2027-01-01'],
    });
    expect(eve.days.map((d) => `${d.date}:${d.kind}`)).toEqual(['2026-12-31:weekday', '2027-01-01:holiday']);
  });
});

function defaultPrice(): StayPrice {
  return {
    weekdayFen: 100,
    weekendFen: 200,
    discount7Bp: 0,
    discount15Bp: 0,
    discount30Bp: 0,
    mileageLimitKm: null,
    damageDepositFen: 0,
    violationDepositFen: 0,
  };
}

describe('cancellationFee', () => {
  const cancel = fc.record({
    pickUpAt: instant,
    beforeMinutes: fc.integer({ min: -3 * 1440, max: 10 * 1440 }),
    rentFen: fen(),
    firstDayFen: fen(100_000),
    holiday: fc.boolean(),
  });

  it('is free while the cancellation comes early enough (holiday: earlier), else days × the first day, never above the rent', () => {
    fc.assert(
      fc.property(cancel, (c) => {
        const cancelAt = new Date(c.pickUpAt.getTime() - c.beforeMinutes * MIN);
        const fee = cancellationFee({ ...c, cancelAt, rules });
        const freeHours = c.holiday ? rules.holidayFreeCancelHours : rules.freeCancelHours;
        const days = c.holiday ? rules.holidayCancelFeeDays : rules.cancelFeeDays;
        if (c.beforeMinutes >= freeHours * 60) expect(fee).toBe(0);
        else expect(fee).toBe(Math.min(days * c.firstDayFen, c.rentFen));
        expect(fee).toBeLessThanOrEqual(c.rentFen);
        expect(fee).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never costs less on a holiday, and never less the later it comes', () => {
    fc.assert(
      fc.property(cancel, fc.integer({ min: 0, max: 5 * 1440 }), (c, later) => {
        const at = (m: number) => new Date(c.pickUpAt.getTime() - m * MIN);
        const normal = cancellationFee({ ...c, holiday: false, cancelAt: at(c.beforeMinutes), rules });
        const holiday = cancellationFee({ ...c, holiday: true, cancelAt: at(c.beforeMinutes), rules });
        expect(holiday).toBeGreaterThanOrEqual(normal);
        const later1 = cancellationFee({ ...c, cancelAt: at(c.beforeMinutes - later), rules });
        const now1 = cancellationFee({ ...c, cancelAt: at(c.beforeMinutes), rules });
        expect(later1).toBeGreaterThanOrEqual(now1);
      }),
    );
  });

  it('keeps the edge of the free window to the millisecond', () => {
    const pickUpAt = new Date('2026-10-01T10:00:00+08:00');
    const base = { pickUpAt, rentFen: 90_000, firstDayFen: 30_000, rules };
    expect(cancellationFee({ ...base, holiday: false, cancelAt: new Date(pickUpAt.getTime() - 24 * HOUR) })).toBe(0);
    expect(cancellationFee({ ...base, holiday: false, cancelAt: new Date(pickUpAt.getTime() - 24 * HOUR + 1) })).toBe(
      30_000,
    );
    expect(cancellationFee({ ...base, holiday: true, cancelAt: new Date(pickUpAt.getTime() - 72 * HOUR) })).toBe(0);
    expect(cancellationFee({ ...base, holiday: true, cancelAt: new Date(pickUpAt.getTime() - 48 * HOUR) })).toBe(
      60_000,
    );
    // Never above the rent (a one-day stay on a holiday).
    expect(cancellationFee({ ...base, rentFen: 30_000, holiday: true, cancelAt: pickUpAt })).toBe(30_000);
  });
});

describe('lateReturnFee', () => {
  it('is nothing within the grace; else whole days × the day price + started hours, the rest capped at a day', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -1440, max: 10 * 1440 }), fen(100_000), (plannedAt, late, dayFen) => {
        const fee = lateReturnFee({ plannedAt, returnedAt: new Date(plannedAt.getTime() + late * MIN), dayFen, rules });
        if (late <= rules.graceMinutes) {
          expect(fee).toBe(0);
          return;
        }
        const whole = Math.floor(late / 1440);
        const rest = fee - whole * dayFen;
        expect(rest).toBeGreaterThanOrEqual(0);
        expect(rest).toBeLessThanOrEqual(dayFen);
        expect(rest).toBe(
          Math.min(Math.ceil((late % 1440) / 60) * Math.ceil((dayFen * rules.lateHourPct) / 100), dayFen),
        );
        expect(fee).toBeLessThanOrEqual((whole + 1) * dayFen);
      }),
    );
  });

  it('never falls when the car comes back later', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 5 * 1440 }),
        fc.integer({ min: 0, max: 3000 }),
        fen(50_000),
        (p, a, more, dayFen) => {
          const f = (m: number) =>
            lateReturnFee({ plannedAt: p, returnedAt: new Date(p.getTime() + m * MIN), dayFen, rules });
          expect(f(a + more)).toBeGreaterThanOrEqual(f(a));
        },
      ),
    );
  });

  it('charges known cases', () => {
    const plannedAt = new Date('2026-12-10T10:00:00+08:00');
    const at = (m: number) => new Date(plannedAt.getTime() + m * MIN);
    const f = (m: number) => lateReturnFee({ plannedAt, returnedAt: at(m), dayFen: 20_000, rules });
    expect(f(60)).toBe(0); // the grace
    expect(f(61)).toBe(2 * 4_000); // two started hours at 20 %
    expect(f(4 * 60 + 1)).toBe(20_000); // five hours would be 100 %: capped at a day
    expect(f(1440)).toBe(20_000); // one whole day
    expect(f(1440 + 30)).toBe(20_000 + 4_000); // past the grace: the started hour counts
  });
});

describe('earlyReturnRefund, unusedWholeDays, fuelFee, overMileageFee', () => {
  it('refunds the percentage of the last unused days, never more than those days cost', () => {
    fc.assert(
      fc.property(
        fc.array(fen(100_000), { minLength: 1, maxLength: 90 }),
        fc.integer({ min: 0, max: 100 }),
        (days, unused) => {
          const r = earlyReturnRefund({ unusedDays: unused, dayFens: days, rules });
          const tail = days.slice(Math.max(0, days.length - unused)).reduce((s, d) => s + d, 0);
          expect(r).toBe(unused === 0 ? 0 : Math.floor((tail * rules.earlyReturnRefundPct) / 100));
          expect(r).toBeLessThanOrEqual(tail);
        },
      ),
    );
  });

  it('counts whole unused days only', () => {
    const planned = new Date('2026-12-10T10:00:00+08:00');
    expect(unusedWholeDays(new Date(planned.getTime() - 47 * HOUR), planned)).toBe(1);
    expect(unusedWholeDays(new Date(planned.getTime() - 48 * HOUR), planned)).toBe(2);
    expect(unusedWholeDays(new Date(planned.getTime() + HOUR), planned)).toBe(0);
  });

  it('charges missing fuel and kilometres over the limit, nothing otherwise', () => {
    expect(fuelFee(80, 60, rules)).toBe(20 * 500);
    expect(fuelFee(60, 80, rules)).toBe(0);
    expect(fuelFee(50, 49, { fuelPerPct: 0.01 })).toBe(1);
    expect(overMileageFee(950, 300, 3, 150)).toBe(50 * 150);
    expect(overMileageFee(900, 300, 3, 150)).toBe(0);
    expect(overMileageFee(5000, null, 3, 150)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (out, back) => {
        expect(fuelFee(out, back, rules)).toBe(Math.max(0, out - back) * 500);
      }),
    );
  });
});
