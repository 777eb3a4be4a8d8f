import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockMinutes,
  isNightMinute,
  localMinuteOfDay,
  runningAmount,
  tripAmount,
  type TripAmountInput,
  type TripRate,
} from './time-share-pricing.js';

const MIN = 60_000;

/** Instants from 2024 to 2030, to the second (a trip may start in the middle of a minute). */
const instant = fc
  .integer({ min: Date.UTC(2024, 0, 1) / 1000, max: Date.UTC(2030, 11, 31) / 1000 })
  .map((s) => new Date(s * 1000));
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const rate: fc.Arbitrary<TripRate> = fc
  .record({
    dayMinuteFen: fc.integer({ min: 0, max: 300 }),
    nightMinuteFen: fc.integer({ min: 0, max: 300 }),
    kmFen: fc.integer({ min: 0, max: 500 }),
    minFen: fc.integer({ min: 0, max: 5_000 }),
    maxExtra: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
    dailyCapFen: fc.integer({ min: 0, max: 50_000 }),
  })
  .map(({ maxExtra, ...r }) => ({ ...r, maxFen: maxExtra === null ? null : r.minFen + maxExtra }));
const zone = fc.constantFrom('Asia/Shanghai', 'Asia/Urumqi', 'UTC', 'America/New_York', 'Europe/Berlin');

const trip = fc
  .record({
    startAt: instant,
    seconds: fc.integer({ min: 0, max: 4 * 86_400 }),
    km: fc.double({ min: 0, max: 2000, noNaN: true }),
    rate,
    zone,
    nightFrom: hhmm,
    nightTo: hhmm,
    parkingFen: fc.integer({ min: 0, max: 2_000 }),
    offZoneFen: fc.integer({ min: 0, max: 10_000 }),
  })
  .map((x): TripAmountInput => ({
    ...x,
    endAt: new Date(x.startAt.getTime() + x.seconds * 1000),
  }));

/** The oracle: each minute after the whole days, classified by asking Intl for its own wall clock. */
function bruteSplit(input: TripAmountInput, minutes: number) {
  const rest = minutes % 1440;
  const from = new Date(input.startAt).getTime() + Math.floor(minutes / 1440) * 1440 * MIN;
  const nf = clockMinutes(input.nightFrom);
  const nt = clockMinutes(input.nightTo);
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone: input.zone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  let night = 0;
  for (let i = 0; i < rest; i++) {
    const parts = f.formatToParts(new Date(from + i * MIN));
    const h = Number(parts.find((p) => p.type === 'hour')!.value);
    const m = Number(parts.find((p) => p.type === 'minute')!.value);
    if (isNightMinute(h * 60 + m, nf, nt)) night++;
  }
  return { day: rest - night, night };
}

describe('tripAmount', () => {
  const R: TripRate = {
    dayMinuteFen: 50,
    nightMinuteFen: 30,
    kmFen: 100,
    minFen: 500,
    maxFen: null,
    dailyCapFen: 20_000,
  };
  const base = { rate: R, zone: 'Asia/Shanghai', nightFrom: '23:00', nightTo: '07:00', km: 0 };

  it('counts started minutes; whole days and the day/night split add up to them', () => {
    fc.assert(
      fc.property(trip, (input) => {
        const a = tripAmount(input);
        const ms = new Date(input.endAt).getTime() - new Date(input.startAt).getTime();
        expect(a.minutes).toBe(Math.ceil(ms / MIN));
        expect(a.wholeDays).toBe(Math.floor(a.minutes / 1440));
        expect(a.wholeDays * 1440 + a.dayMinutes + a.nightMinutes).toBe(a.minutes);
        expect(a.dayMinutes).toBeGreaterThanOrEqual(0);
        expect(a.nightMinutes).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('splits day and night minutes as the wall clock of the zone says, across midnight and clock changes', () => {
    fc.assert(
      fc.property(trip, (input) => {
        const a = tripAmount(input);
        expect({ day: a.dayMinutes, night: a.nightMinutes }).toEqual(bruteSplit(input, a.minutes));
      }),
      { numRuns: 60 },
    );
  });

  it('splits correctly when the clock changes inside the trip (daylight saving)', () => {
    const changes = fc.constantFrom(
      { zone: 'America/New_York', at: Date.parse('2026-03-08T07:00:00Z') },
      { zone: 'America/New_York', at: Date.parse('2026-11-01T06:00:00Z') },
      { zone: 'Europe/Berlin', at: Date.parse('2026-03-29T01:00:00Z') },
      { zone: 'Europe/Berlin', at: Date.parse('2026-10-25T01:00:00Z') },
    );
    fc.assert(
      fc.property(
        changes,
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 2 * 1440 }),
        hhmm,
        hhmm,
        (c, before, minutes, nightFrom, nightTo) => {
          const startAt = new Date(c.at - before * MIN);
          const input = {
            ...base,
            zone: c.zone,
            startAt,
            endAt: new Date(startAt.getTime() + minutes * MIN),
            nightFrom,
            nightTo,
          };
          const a = tripAmount(input);
          expect({ day: a.dayMinutes, night: a.nightMinutes }).toEqual(bruteSplit(input, a.minutes));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('caps the time at the daily cap per whole day and for the rest; a long trip costs days × cap + the rest', () => {
    fc.assert(
      fc.property(trip, (input) => {
        const a = tripAmount(input);
        const r = input.rate;
        const restFen = a.dayMinutes * r.dayMinuteFen + a.nightMinutes * r.nightMinuteFen;
        expect(a.timeFen).toBe(a.wholeDays * r.dailyCapFen + Math.min(restFen, r.dailyCapFen));
        expect(a.timeFen).toBeLessThanOrEqual((a.wholeDays + 1) * r.dailyCapFen);
        // Without the cap the minutes would cost at least as much.
        const uncapped = tripAmount({ ...input, rate: { ...r, dailyCapFen: Number.MAX_SAFE_INTEGER / 4 } });
        expect(uncapped.timeFen).toBeGreaterThanOrEqual(a.timeFen - a.wholeDays * r.dailyCapFen);
      }),
    );
  });

  it('prices kilometres to 0.1 km, clamps time + km to [min, max] and adds parking and the off-zone fee', () => {
    fc.assert(
      fc.property(trip, (input) => {
        const a = tripAmount(input);
        const r = input.rate;
        expect(a.kmFen).toBe(Math.round((Math.round(input.km * 10) * r.kmFen) / 10));
        const raw = a.timeFen + a.kmFen;
        expect(a.subtotalFen).toBeGreaterThanOrEqual(r.minFen);
        if (r.maxFen !== null) expect(a.subtotalFen).toBeLessThanOrEqual(r.maxFen);
        if (raw >= r.minFen && (r.maxFen === null || raw <= r.maxFen)) expect(a.subtotalFen).toBe(raw);
        expect(a.totalFen).toBe(a.subtotalFen + (input.parkingFen ?? 0) + (input.offZoneFen ?? 0));
        for (const v of [a.timeFen, a.kmFen, a.subtotalFen, a.totalFen]) expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  it('never falls as the trip goes on (running amounts grow)', () => {
    fc.assert(
      fc.property(trip, fc.integer({ min: 0, max: 3 * 86_400 }), (input, more) => {
        const now1 = new Date(input.endAt);
        const now2 = new Date(now1.getTime() + more * 1000);
        const a = runningAmount({ ...input, now: now1 });
        const b = runningAmount({ ...input, now: now2 });
        expect(b.minutes).toBeGreaterThanOrEqual(a.minutes);
        expect(b.subtotalFen).toBeGreaterThanOrEqual(a.subtotalFen);
        expect(a.parkingFen + a.offZoneFen).toBe(0);
      }),
    );
  });

  it('prices a trip over midnight minute by minute', () => {
    const a = tripAmount({
      ...base,
      startAt: '2026-12-04T22:30:00+08:00',
      endAt: '2026-12-05T00:10:00+08:00',
      km: 12.34,
    });
    expect(a).toMatchObject({ minutes: 100, dayMinutes: 30, nightMinutes: 70, wholeDays: 0 });
    expect(a.timeFen).toBe(30 * 50 + 70 * 30);
    expect(a.kmFen).toBe(1230);
    expect(a.totalFen).toBe(3600 + 1230);
    // Night to the morning: 06:50-07:10 is ten night and ten day minutes.
    expect(
      tripAmount({ ...base, startAt: '2026-12-05T06:50:00+08:00', endAt: '2026-12-05T07:10:00+08:00' }),
    ).toMatchObject({
      nightMinutes: 10,
      dayMinutes: 10,
    });
    // A started minute counts; the minimum applies to a short trip.
    const short = tripAmount({ ...base, startAt: '2026-12-05T12:00:00+08:00', endAt: '2026-12-05T12:00:01+08:00' });
    expect(short).toMatchObject({ minutes: 1, dayMinutes: 1, timeFen: 50, subtotalFen: 500 });
  });

  it('prices a trip across 29 February: a whole day at the cap and the last two hours by the clock', () => {
    const a = tripAmount({ ...base, startAt: '2028-02-28T23:00:00+08:00', endAt: '2028-03-01T01:00:00+08:00' });
    expect(a).toMatchObject({ minutes: 26 * 60, wholeDays: 1, nightMinutes: 120, dayMinutes: 0 });
    expect(a.timeFen).toBe(20_000 + 120 * 30);
    // Three days and an hour by day: 3 × cap + the hour.
    const long = tripAmount({ ...base, startAt: '2028-02-27T10:00:00+08:00', endAt: '2028-03-01T11:00:00+08:00' });
    expect(long).toMatchObject({ wholeDays: 3, dayMinutes: 60, timeFen: 3 * 20_000 + 60 * 50 });
    // The rest capped too: 23 hours by day would be 69,000.
    const capped = tripAmount({ ...base, startAt: '2028-02-29T08:00:00+08:00', endAt: '2028-03-01T07:00:00+08:00' });
    expect(capped.timeFen).toBe(20_000);
    // A maximum clamps time + km.
    expect(
      tripAmount({
        ...base,
        rate: { ...R, maxFen: 15_000 },
        startAt: '2028-02-29T08:00:00+08:00',
        endAt: '2028-03-01T07:00:00+08:00',
        km: 80,
      }).subtotalFen,
    ).toBe(15_000);
  });

  it('reads the wall clock of the zone and the night window with and without wrapping', () => {
    expect(localMinuteOfDay('2026-12-05T00:10:00+08:00', 'Asia/Shanghai')).toBe(10);
    expect(localMinuteOfDay('2026-12-05T00:10:00+08:00', 'UTC')).toBe(16 * 60 + 10);
    expect(localMinuteOfDay('2026-03-08T07:30:00Z', 'America/New_York')).toBe(3 * 60 + 30); // after the spring change
    expect(isNightMinute(clockMinutes('23:30'), clockMinutes('23:00'), clockMinutes('07:00'))).toBe(true);
    expect(isNightMinute(clockMinutes('07:00'), clockMinutes('23:00'), clockMinutes('07:00'))).toBe(false);
    expect(isNightMinute(clockMinutes('01:00'), clockMinutes('00:00'), clockMinutes('06:00'))).toBe(true);
    expect(isNightMinute(clockMinutes('12:00'), clockMinutes('12:00'), clockMinutes('12:00'))).toBe(false);
  });
});
