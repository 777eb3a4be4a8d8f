import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATES, type BoardDayAnswer, type BookingDetail } from '@fleetdesk/contracts/short-term';
import { localDate } from '../../../core/tenant-time.js';
import { holidaysFrom } from '../../../seed/short-term.seed.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { ids, ok, P, q } from './fixtures.js';

let t: TestApp;
let id: Awaited<ReturnType<typeof ids>>;

beforeAll(async () => {
  t = await createTestApp();
  id = await ids(t);
});
afterAll(async () => t.close());

describe('the short-term demo', () => {
  it('has 西湖店 and 虹桥店 with 8-10 idle-bookable cars each, prices for their types', async () => {
    const stores = await q<{ id: number; name: string; rent_id: number; cars: number; typed: number; priced: number }>(
      t,
      `select s.id, s.name, s.rent_id,
         (select count(*)::int from st_store_cars sc where sc.tenant_id = s.tenant_id and sc.store_id = s.id) as cars,
         (select count(distinct c.car_type_id)::int from st_store_cars sc join cars c on c.tenant_id = sc.tenant_id
            and c.id = sc.car_id where sc.store_id = s.id) as typed,
         (select count(*)::int from st_prices p where p.tenant_id = s.tenant_id and p.store_id = s.id) as priced
       from st_stores s where s.tenant_id = $1 order by s.id`,
      [id.demo],
    );
    expect(stores.map((s) => s.name)).toEqual(['西湖店', '虹桥店']);
    expect(stores.map((s) => Number(s.rent_id))).toEqual([id.hz, id.sh]);
    for (const s of stores) {
      expect(s.cars).toBeGreaterThanOrEqual(8);
      expect(s.cars).toBeLessThanOrEqual(10);
      expect(s.priced).toBe(s.typed);
    }
    const [onContract] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from st_store_cars sc join rental_contracts k on k.tenant_id = sc.tenant_id
         and k.car_id = sc.car_id and k.state in ('pending', 'signed') where sc.tenant_id = $1`,
      [id.demo],
    );
    expect(onContract!.n).toBe(0);
  });

  it('has the holidays of the next twelve months from the real calendar, two protections and two extras', async () => {
    const today = localDate('Asia/Shanghai', t.clock.now());
    const days = await q<{ day: string; name: string }>(
      t,
      `select day::text as day, name from st_holidays where tenant_id = $1 order by day`,
      [id.demo],
    );
    // The seed ran a second before the clock's start: the same calendar day but at midnight.
    expect(days.length).toBeGreaterThan(15);
    expect(new Set(days.map((d) => d.name))).toEqual(
      new Set(['元旦', '春节', '清明节', '劳动节', '端午节', '中秋节', '国庆节']),
    );
    expect(days.every((d) => d.day >= today.slice(0, 4) && d.day < `${Number(today.slice(0, 4)) + 2}`)).toBe(true);
    // The table itself: 国庆 always on 1 October, 春节 2027 on 6 February.
    const next = holidaysFrom('2027-01-10');
    expect(next.find((h) => h.day === '2027-02-06')?.name).toBe('春节');
    expect(next.find((h) => h.day === '2027-10-01')?.name).toBe('国庆节');
    expect(next.every((h) => h.day >= '2027-01-10' && h.day < '2028-01-10')).toBe(true);
    const [p] = await q<{ n: number }>(t, `select count(*)::int as n from st_protections where tenant_id = $1`, [
      id.demo,
    ]);
    const [e] = await q<{ n: number }>(t, `select count(*)::int as n from st_extras where tenant_id = $1`, [id.demo]);
    expect([p!.n, e!.n]).toEqual([2, 2]);
  });

  it("keeps each booking car's odometer at or above its inspections (the next inspection's floor)", async () => {
    const rows = await q<{ plate: string; car_km: number; inspected_km: number }>(
      t,
      `select c.plate, c.mileage_km as car_km, max(i.mileage_km)::int as inspected_km
         from handover_inspections i join cars c on c.tenant_id = i.tenant_id and c.id = i.car_id
         where i.tenant_id = $1 and i.booking_id is not null group by c.plate, c.mileage_km`,
      [id.demo],
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r.car_km, r.plate).toBeGreaterThanOrEqual(r.inspected_km);
  });

  it('has bookings in every state, settled ones with a held deposit and a violation in a booking', async () => {
    const rows = await q<{
      id: number;
      state: string;
      settled_at: Date | null;
      violation_hold_until: string | null;
      violation_released_at: Date | null;
    }>(
      t,
      `select id, state, settled_at, violation_hold_until::text, violation_released_at from st_bookings where tenant_id = $1`,
      [id.demo],
    );
    expect(rows.length).toBeGreaterThanOrEqual(13);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(BOOKING_STATES));
    const completed = rows.filter((r) => r.state === 'completed');
    expect(completed.every((r) => r.settled_at !== null)).toBe(true);
    expect(completed.some((r) => r.violation_released_at === null && r.violation_hold_until !== null)).toBe(true);
    const [v] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from violations v join car_usage_periods p on p.tenant_id = v.tenant_id
         and p.id = v.usage_period_id join st_bookings b on b.tenant_id = p.tenant_id and b.id = p.booking_id
       where v.tenant_id = $1 and v.driver_id = b.driver_id`,
      [id.demo],
    );
    expect(v!.n).toBeGreaterThanOrEqual(1);
    // Every demo booking reads through the API, and an in-use one shows its pick-up inspection.
    for (const r of rows) {
      const b = await ok<BookingDetail>(
        await t.request('GET', P.bookingGet.replace(':id', String(r.id)), { as: 'admin' }),
      );
      expect(b.quote.total).toBe(b.total);
      if (b.state === 'inUse') expect(b.dispatchInspectionId).not.toBeNull();
    }
    const [store] = await q<{ id: number }>(t, `select id from st_stores where tenant_id = $1 and name = '西湖店'`, [
      id.demo,
    ]);
    const day = await ok<BoardDayAnswer>(
      await t.request('GET', P.boardDay, { as: 'admin', query: { storeId: store!.id } }),
    );
    expect(day.availableByType.length).toBeGreaterThan(0);
    expect(id.otherBookingId).toBeGreaterThan(0);
  });
});
