import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../lib/request';
import { exampleAmount, DEFAULT_EXAMPLE } from '../model/amount';
import { timeShareTabs, tripActions } from '../model/tabs';
import { outsideZoneOf } from '../components/trip-dialogs';
import { routePath } from '../pages/trip-page';
import { tripFilter } from '../pages/trips-tab';

const can = (...codes: string[]) => ({ can: (c: string) => codes.includes(c) });
const NIGHT = { nightFrom: '23:00', nightTo: '07:00' };
const RATE = { dayMinutePrice: 0.5, nightMinutePrice: 0.3, kmPrice: 1.2, minPrice: 10, maxPrice: null, dailyCap: 120 };

describe('time-share model', () => {
  it('offers the tabs with sevenGo:view only', () => {
    expect(timeShareTabs(can('sevenGo:view'))).toEqual(['trips', 'zones', 'rates', 'renters']);
    expect(timeShareTabs(can('sevenGo:edit'))).toEqual([]);
  });

  it('offers the actions the state allows, only with sevenGo:edit', () => {
    const edit = can('sevenGo:view', 'sevenGo:edit');
    expect(tripActions('reserved', edit)).toEqual(['start', 'cancel']);
    expect(tripActions('inUse', edit)).toEqual(['end']);
    expect(tripActions('ended', edit)).toEqual(['pay']);
    expect(tripActions('paid', edit)).toEqual([]);
    expect(tripActions('cancelled', edit)).toEqual([]);
    for (const state of ['reserved', 'inUse', 'ended'] as const)
      expect(tripActions(state, can('sevenGo:view'))).toEqual([]);
  });

  it('prices the worked example with the contracts’ tripAmount: 22:30 for 90 minutes is 30 by day, 60 at night', () => {
    const a = exampleAmount(RATE, DEFAULT_EXAMPLE, NIGHT);
    expect(a.minutes).toBe(90);
    expect(a.dayMinutes).toBe(30);
    expect(a.nightMinutes).toBe(60);
    expect(a.timeFen).toBe(30 * 50 + 60 * 30);
    expect(a.kmFen).toBe(1500); // 12.5 km × ¥1.20
    expect(a.subtotalFen).toBe(4800);
  });

  it('caps each whole day and the rest, and clamps to the minimum and maximum', () => {
    // 25 h from 08:00: one whole day at the cap, then 60 day minutes (08:00-09:00) = ¥30.
    const long = exampleAmount(RATE, { startTime: '08:00', minutes: 1500, km: 0 }, NIGHT);
    expect(long.wholeDays).toBe(1);
    expect(long.timeFen).toBe(12000 + 3000);
    // A short trip costs the minimum; a maximum cuts a long one.
    expect(exampleAmount(RATE, { startTime: '12:00', minutes: 5, km: 0 }, NIGHT).subtotalFen).toBe(1000);
    expect(
      exampleAmount({ ...RATE, maxPrice: 100 }, { startTime: '12:00', minutes: 600, km: 50 }, NIGHT).subtotalFen,
    ).toBe(10000);
    // Other night hours move the split.
    const early = exampleAmount(RATE, DEFAULT_EXAMPLE, { nightFrom: '22:00', nightTo: '06:00' });
    expect([early.dayMinutes, early.nightMinutes]).toEqual([0, 90]);
  });

  it('reads the nearest zone of an outside-zone refusal, and nothing of another failure', () => {
    const away = new RequestError('http', 'outside', 409, {
      status: 409,
      message: 'The car is outside every zone',
      code: 'outsideZone',
      data: { zoneId: 3, zoneName: 'West Lake', distanceM: 420, offZoneFee: 50 },
    });
    expect(outsideZoneOf(away)).toEqual({
      message: 'The car is outside every zone',
      zoneId: 3,
      zoneName: 'West Lake',
      distanceM: 420,
      offZoneFee: 50,
    });
    expect(outsideZoneOf(new RequestError('http', 'busy', 409, { message: 'busy', code: 'carBusy' }))).toBeNull();
    expect(outsideZoneOf(new Error('x'))).toBeNull();
  });

  it('draws the route inside its box, north up', () => {
    const xy = routePath([
      { lat: 30.25, lon: 120.15 },
      { lat: 30.26, lon: 120.16 },
      { lat: 30.27, lon: 120.15 },
    ]);
    for (const p of xy) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(600);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(300);
    }
    expect(xy[2]!.y).toBeLessThan(xy[0]!.y);
    expect(routePath([])).toEqual([]);
  });

  it('reads the URL filters of the trip list', () => {
    expect(tripFilter({ state: 'inUse', zoneId: '4', keyword: 'T2026', from: '2026-12-01', to: '' })).toEqual({
      state: 'inUse',
      zoneId: 4,
      keyword: 'T2026',
      from: '2026-12-01',
    });
    expect(tripFilter({ state: 'bogus', zoneId: 'x' })).toEqual({});
  });
});
