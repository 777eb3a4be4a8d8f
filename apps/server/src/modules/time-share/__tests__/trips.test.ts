import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../core/tenant-time.js';
import { createTestApp, testStart, type TestApp } from '../../../test/harness.js';
import { runTimeShareMinutely } from '../time-share.jobs.js';
import { adm, balance, drive, freshRenters, ids, ok, q, reserve, T, topUp } from './fixtures.js';

let t: TestApp;
let I: Awaited<ReturnType<typeof ids>>;
const MIN = 60_000;
/** 10:00 in Shanghai on the day after the template was seeded (a day-rate time, after every seeded position). */
const morning = () => new Date(`${addDays(localDate('Asia/Shanghai', testStart()), 1)}T10:00:00+08:00`);
/** The centre of the seeded circle zone 文一西路站 (radius 400 m). */
const WENYI = { lat: 30.279, lon: 120.11 };

beforeAll(async () => {
  t = await createTestApp();
  I = await ids(t);
});
afterAll(async () => t?.close());

async function startAt(carId: number, driverId: number, at: Date) {
  t.clock.set(new Date(at.getTime() - 5 * MIN));
  const trip = ok<{ id: number; state: string; reserveUntil: string }>(await reserve(t, carId, driverId));
  expect(trip.state).toBe('reserved');
  t.clock.set(at);
  const started = ok<{ state: string; startKm: number }>(
    await t.request('POST', `${T}/start/${trip.id}`, { token: await adm(t) }),
  );
  expect(started.state).toBe('inUse');
  return { id: trip.id, startKm: started.startKm };
}

describe('a trip from reservation to payment', () => {
  it('reserves, starts, ends in a zone with the km the tracker reported meanwhile, and pays from the balance', async () => {
    const car = I.car('浙AD73S02');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 200);
    expect(await balance(t, renter!)).toBe(200);
    const start = morning();
    // Parked at the zone just before (the odometer reads 5,000.0 km), then 30 minutes of driving, 500 m a minute.
    await drive(t, car.imei, new Date(start.getTime() - 2 * MIN), [{ ...WENYI, odometerM: 5_000_000, speed: 0 }]);
    const { id, startKm } = await startAt(car.id, renter!, start);
    expect(startKm).toBe(5000);
    expect((await q<{ status: string }>(t, `select status from cars where id = $1`, [car.id]))[0]!.status).toBe(
      'rented',
    );
    await drive(
      t,
      car.imei,
      new Date(start.getTime() + MIN),
      Array.from({ length: 30 }, (_, i) => ({
        lat: WENYI.lat + (i < 15 ? i : 29 - i) * 0.002,
        lon: WENYI.lon,
        odometerM: 5_000_000 + (i + 1) * 500,
      })),
    );
    // Positions of another time (before the start) do not count.
    await drive(t, car.imei, new Date(start.getTime() - 60 * MIN), [{ lat: 30.1, lon: 120.1, odometerM: 4_000_000 }]);
    t.clock.set(new Date(start.getTime() + 31 * MIN + 20_000));
    const end = ok<{ state: string; amount: Record<string, number>; balance: number; owed: number }>(
      await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {} }),
    );
    // 32 started minutes by day at 0.50, 15.0 km at 0.80, no parking fee at 文一西路站.
    expect(end).toEqual({
      state: 'paid',
      amount: {
        minutes: 32,
        dayMinutes: 32,
        nightMinutes: 0,
        wholeDays: 0,
        time: 16,
        km: 12,
        subtotal: 28,
        parking: 0,
        offZone: 0,
        total: 28,
      },
      balance: 172,
      owed: 0,
    });
    const detail = ok<Record<string, unknown>>(await t.request('GET', `${T}/get/${id}`, { token: await adm(t) }));
    expect(detail).toMatchObject({ state: 'paid', km: 15, total: 28, endZoneName: '文一西路站', offZone: false });
    // The route: the parked position at the start, then the 30 reported while the trip ran.
    expect((detail.route as unknown[]).length).toBe(31);
    const period = await q<{ from_at: Date; to_at: Date; driver_id: number }>(
      t,
      `select from_at, to_at, driver_id from car_usage_periods where trip_id = $1`,
      [id],
    );
    expect(period).toHaveLength(1);
    expect(Number(period[0]!.driver_id)).toBe(renter);
    expect(new Date(period[0]!.to_at).getTime()).toBe(start.getTime() + 31 * MIN + 20_000);
    const car2 = await q<{ status: string; zone_id: number }>(
      t,
      `select k.status, c.zone_id from cars k join ts_cars c on c.tenant_id = k.tenant_id and c.car_id = k.id where k.id = $1`,
      [car.id],
    );
    expect(car2[0]).toMatchObject({ status: 'idle' });
    expect(Number(car2[0]!.zone_id)).toBe(I.zone('文一西路站'));
    const ledger = ok<{ rows: { kind: string; amount: number; balanceAfter: number; referenceId: string }[] }>(
      await t.request('GET', `${T.replace('shareTrip', 'shareRenter')}/ledger`, {
        as: 'admin',
        query: { driverId: renter },
      }),
    );
    expect(ledger.rows.map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([
      ['trip', -28, 172],
      ['topUp', 200, 200],
    ]);
    expect(ledger.rows[0]!.referenceId).toBe(String(id));
    // Ended and paid: neither ends nor pays again.
    expect((await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {} })).statusCode).toBe(409);
    expect((await t.request('POST', `${T}/pay/${id}`, { token: await adm(t) })).statusCode).toBe(409);
  });

  it('sums the legs when the tracker sends no odometer; outside every zone: 409 with the nearest, then the off-zone fee', async () => {
    const car = I.car('浙A73S03');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 300);
    const start = new Date(morning().getTime() + 3 * 3_600_000);
    const from = { lat: 30.2, lon: 120.3 };
    await drive(t, car.imei, new Date(start.getTime() - MIN), [{ ...from, speed: 0 }]);
    const { id } = await startAt(car.id, renter!, start);
    // Ten legs north of 0.009° each (1,001.9 m on the sphere of R = 6,378,137 m): 10.0 km.
    await drive(
      t,
      car.imei,
      new Date(start.getTime() + MIN),
      Array.from({ length: 10 }, (_, i) => ({ lat: from.lat + (i + 1) * 0.009, lon: from.lon })),
    );
    t.clock.set(new Date(start.getTime() + 20 * MIN));
    const refused = await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {}, lang: 'en-US' });
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.code).toBe('outsideZone');
    expect(body.data).toMatchObject({ zoneName: '钱江新城站', offZoneFee: 50 });
    expect(body.data.distanceM).toBeGreaterThan(5000);
    expect(body.message).toContain('钱江新城站');
    const end = ok<{ state: string; amount: Record<string, number> }>(
      await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: { acceptOffZone: true } }),
    );
    // 20 minutes of 舒适型 at 0.80 + 10.0 km at 1.20 = 28.00, the off-zone fee 50.00.
    expect(end.amount).toMatchObject({ minutes: 20, time: 16, km: 12, subtotal: 28, offZone: 50, total: 78 });
    expect(end.state).toBe('paid');
    const trip = ok<Record<string, unknown>>(await t.request('GET', `${T}/get/${id}`, { token: await adm(t) }));
    expect(trip).toMatchObject({ km: 10, offZone: true, endZoneName: null });
    const [parked] = await q<{ zone_id: number | null }>(t, `select zone_id from ts_cars where car_id = $1`, [car.id]);
    expect(parked!.zone_id).toBeNull();
  });

  it('ends inside a GPS geofence zone (polygon) with its parking fee; a circle counts by its radius', async () => {
    const car = I.car('浙A73S03');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 300);
    const start = new Date(morning().getTime() + 6 * 3_600_000);
    await drive(t, car.imei, new Date(start.getTime() - MIN), [{ lat: 30.2, lon: 120.3, speed: 0 }]);
    let { id } = await startAt(car.id, renter!, start);
    // Inside 西湖景区 (a polygon of the GPS demo), far from its centre point.
    await drive(t, car.imei, new Date(start.getTime() + MIN), [{ lat: 30.2605, lon: 120.1315, odometerM: null }]);
    t.clock.set(new Date(start.getTime() + 10 * MIN));
    let end = ok<{ amount: Record<string, number> }>(
      await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {} }),
    );
    expect(end.amount).toMatchObject({ parking: 5, offZone: 0 });
    expect(
      ok<{ endZoneName: string }>(await t.request('GET', `${T}/get/${id}`, { token: await adm(t) })).endZoneName,
    ).toBe('西湖景区站');
    // 文一西路站: radius 400 m. 0.0040° north (445 m) is outside, 0.0030° (334 m) inside.
    ({ id } = await startAt(car.id, renter!, new Date(start.getTime() + 20 * MIN)));
    await drive(t, car.imei, new Date(start.getTime() + 21 * MIN), [{ lat: WENYI.lat + 0.004, lon: WENYI.lon }]);
    t.clock.set(new Date(start.getTime() + 25 * MIN));
    const out = await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {} });
    expect(out.statusCode).toBe(409);
    expect(out.json().data).toMatchObject({ zoneName: '文一西路站', distanceM: 45 });
    await drive(t, car.imei, new Date(start.getTime() + 26 * MIN), [{ lat: WENYI.lat + 0.003, lon: WENYI.lon }]);
    t.clock.set(new Date(start.getTime() + 27 * MIN));
    end = ok(await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {} }));
    expect(end.amount).toMatchObject({ parking: 0, offZone: 0 });
  });

  it('prices night minutes at the night rate and a long trip as whole days at the daily cap plus the rest', async () => {
    const car = I.car('浙AD73S02');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 500);
    // 22:50 → 23:10 local: 10 minutes at 0.50 and 10 at 0.30; no km (the car stood still).
    const day = addDays(localDate('Asia/Shanghai', testStart()), 2);
    const evening = new Date(`${day}T22:50:00+08:00`);
    await drive(t, car.imei, new Date(evening.getTime() - MIN), [{ ...WENYI, odometerM: 7_000_000, speed: 0 }]);
    let { id } = await startAt(car.id, renter!, evening);
    t.clock.set(new Date(evening.getTime() + 20 * MIN));
    let end = ok<{ amount: Record<string, number> }>(
      await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {} }),
    );
    // time 8.00 + km 0, below the minimum of 10.00: the subtotal is the minimum.
    expect(end.amount).toMatchObject({
      minutes: 20,
      dayMinutes: 10,
      nightMinutes: 10,
      time: 8,
      km: 0,
      subtotal: 10,
      total: 10,
    });
    // A day and 100 minutes from 10:00: one daily cap (199.00) + 100 day minutes (50.00).
    const next = new Date(`${addDays(day, 1)}T10:00:00+08:00`);
    ({ id } = await startAt(car.id, renter!, next));
    t.clock.set(new Date(next.getTime() + (1440 + 100) * MIN));
    end = ok(await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: {} }));
    expect(end.amount).toMatchObject({
      minutes: 1540,
      wholeDays: 1,
      dayMinutes: 100,
      nightMinutes: 0,
      time: 249,
      total: 249,
    });
    expect(await balance(t, renter!)).toBe(500 - 10 - 249);
  });

  it('sums the legs when the odometer jumps (another count: a replaced tracker, the simulator)', async () => {
    const car = I.car('浙A73S03');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 300);
    const start = new Date(morning().getTime() + 80 * 3_600_000);
    const from = { lat: 30.2, lon: 120.3 };
    // Parked with the odometer at 1,000.0 km; the positions while the trip runs count from 10,000 km.
    await drive(t, car.imei, new Date(start.getTime() - MIN), [{ ...from, odometerM: 1_000_000, speed: 0 }]);
    const { id } = await startAt(car.id, renter!, start);
    await drive(
      t,
      car.imei,
      new Date(start.getTime() + MIN),
      Array.from({ length: 10 }, (_, i) => ({
        lat: from.lat + (i + 1) * 0.009,
        lon: from.lon,
        odometerM: 10_000_000 + (i + 1) * 1000,
      })),
    );
    t.clock.set(new Date(start.getTime() + 20 * MIN));
    const end = ok<{ amount: Record<string, number> }>(
      await t.request('POST', `${T}/end/${id}`, { token: await adm(t), body: { acceptOffZone: true } }),
    );
    // 9,010 km in 11 minutes cannot be driven: the ten legs of 1,001.9 m count, 10.0 km at 1.20.
    expect(end.amount).toMatchObject({ minutes: 20, km: 12 });
    const trip = ok<Record<string, unknown>>(await t.request('GET', `${T}/get/${id}`, { token: await adm(t) }));
    expect(trip).toMatchObject({ km: 10 });
  });
});

describe('reservations', () => {
  it('expire after reserveMinutes: start refused, the job cancels them and the car is idle again', async () => {
    const car = I.car('浙AD73S02');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 50);
    const at = new Date(morning().getTime() + 100 * 3_600_000);
    t.clock.set(at);
    const trip = ok<{ id: number; reserveUntil: string }>(await reserve(t, car.id, renter!));
    expect(trip.reserveUntil).toBe(new Date(at.getTime() + 15 * MIN).toISOString());
    expect((await q<{ status: string }>(t, `select status from cars where id = $1`, [car.id]))[0]!.status).toBe(
      'reserved',
    );
    // The same car or the same renter again: one live trip each.
    const [other] = await freshRenters(t, 1);
    await topUp(t, other!, 50);
    expect((await reserve(t, car.id, other!)).statusCode).toBe(409);
    t.clock.set(new Date(at.getTime() + 15 * MIN));
    const late = await t.request('POST', `${T}/start/${trip.id}`, { token: await adm(t) });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('expired');
    expect(await runTimeShareMinutely(t.deps, new Date(at.getTime() + 14 * MIN))).toMatchObject({ expired: 0 });
    expect(await runTimeShareMinutely(t.deps, t.clock.now())).toMatchObject({ expired: 1 });
    const after = ok<{ state: string; cancelReason: string }>(
      await t.request('GET', `${T}/get/${trip.id}`, { token: await adm(t), lang: 'en-US' }),
    );
    expect(after).toMatchObject({ state: 'cancelled', cancelReason: 'Reservation expired' });
    expect((await q<{ status: string }>(t, `select status from cars where id = $1`, [car.id]))[0]!.status).toBe('idle');
    // Staff cancel another one by hand.
    const again = ok<{ id: number }>(await reserve(t, car.id, other!));
    const cancelled = ok<{ state: string; cancelReason: string }>(
      await t.request('POST', `${T}/cancel/${again.id}`, { token: await adm(t), body: { reason: '客户改约' } }),
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: '客户改约' });
  });

  it('refuses a renter below the minimum, a blacklisted one, and a car that is not idle', async () => {
    const car = I.car('浙AD73S02');
    const [poor] = await freshRenters(t, 1);
    await topUp(t, poor!, 5);
    const low = await reserve(t, car.id, poor!);
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({ code: 'balanceLow' });
    const [black] = await q<{ id: number }>(t, `select id from drivers where state = 'blacklisted' limit 1`);
    const refused = await reserve(t, car.id, Number(black!.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('黑名单');
    const busy = I.car('浙AD73S01');
    const [rich] = await freshRenters(t, 1);
    await topUp(t, rich!, 100);
    expect((await reserve(t, busy.id, rich!)).statusCode).toBe(409);
  });

  it('one live trip per car under concurrency: of five reservations at once exactly one wins', async () => {
    const car = I.car('浙A73S03');
    const renters = await freshRenters(t, 5);
    for (const r of renters) await topUp(t, r, 50);
    t.clock.set(new Date(morning().getTime() + 120 * 3_600_000));
    const answers = await Promise.all(renters.map((r) => reserve(t, car.id, r)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const live = await q<{ n: number }>(
      t,
      `select count(*)::int as n from ts_trips where car_id = $1 and state in ('reserved', 'inUse')`,
      [car.id],
    );
    expect(live[0]!.n).toBe(1);
    // The database holds the rule too: a second live trip of the car is refused by its unique index.
    await expect(
      q(
        t,
        `insert into ts_trips (tenant_id, code, rent_id, car_id, driver_id, state, rate, reserved_at)
          select tenant_id, 'T000000009999', rent_id, car_id, $2, 'inUse', rate, reserved_at from ts_trips
          where car_id = $1 and state = 'reserved'`,
        [car.id, renters[answers.findIndex((a) => a.statusCode === 409)]],
      ),
    ).rejects.toThrow(/ts_trips_live_car_uq/);
    // And one live trip per renter: the winner cannot hold a second car at the same time.
    const winner = renters[answers.findIndex((a) => a.statusCode === 200)]!;
    const second = await reserve(t, I.car('浙AD73S02').id, winner);
    expect(second.statusCode).toBe(409);
  });
});
