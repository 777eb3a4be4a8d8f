import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../core/tenant-time.js';
import { createTestApp, testStart, type TestApp } from '../../../test/harness.js';
import { runTimeShareMinutely } from '../time-share.jobs.js';
import { adm, balance, drive, freshRenters, ids, ok, q, reserve, RN, T, topUp } from './fixtures.js';

let t: TestApp;
let I: Awaited<ReturnType<typeof ids>>;
const MIN = 60_000;
const WENYI = { lat: 30.279, lon: 120.11 };

beforeAll(async () => {
  t = await createTestApp();
  I = await ids(t);
});
afterAll(async () => t?.close());

describe('a renter whose balance runs short', () => {
  it('is warned (SMS, staff message), the car locked (a queued fuel cut), recovery asked; the trip ends owed and is paid after a top-up', async () => {
    const car = I.car('浙AD73S02');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 20);
    const start = new Date(`${addDays(localDate('Asia/Shanghai', testStart()), 1)}T09:00:00+08:00`);
    await drive(t, car.imei, new Date(start.getTime() - MIN), [{ ...WENYI, odometerM: 1_000_000, speed: 0 }]);
    t.clock.set(new Date(start.getTime() - 2 * MIN));
    const trip = ok<{ id: number }>(await reserve(t, car.id, renter!));
    t.clock.set(start);
    ok(await t.request('POST', `${T}/start/${trip.id}`, { token: await adm(t) }));

    // 30 minutes by day: 15.00 of 20.00, nothing yet.
    const at = (m: number) => new Date(start.getTime() + m * MIN);
    expect(await runTimeShareMinutely(t.deps, at(30))).toMatchObject({ warned: 0, locked: 0 });
    // 41 minutes: 20.50 > 20.00 (warnBelow 0): warned once.
    expect(await runTimeShareMinutely(t.deps, at(41))).toMatchObject({ warned: 1, locked: 0 });
    expect(await runTimeShareMinutely(t.deps, at(42))).toMatchObject({ warned: 0, locked: 0 });
    const [warned] = await q<{ warned_at: Date }>(t, `select warned_at from ts_trips where id = $1`, [trip.id]);
    expect(new Date(warned!.warned_at).getTime()).toBe(at(41).getTime());
    const sms = await q<{ source: string; total: number; content: string }>(
      t,
      `select b.source, b.total, b.content from sms_batches b where b.source = 'timeShare'`,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ total: 1 });
    expect(sms[0]!.content).toContain('{balance}');
    const staff = await q<{ user_id: number; title_key: string; link: string }>(
      t,
      `select user_id, title_key, link from push_records where link = $1 order by id`,
      [`/sevenTime/trip/${trip.id}`],
    );
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((m) => m.title_key === 'timeShare.lowBalanceTitle')).toBe(true);
    const running = ok<{ warned: boolean; running: { total: number }; balance: number }>(
      await t.request('GET', `${T}/get/${trip.id}`, { token: await adm(t) }),
    );
    expect(running).toMatchObject({ warned: true, balance: 20 });

    // lockAfterMinutes (60) after the warning, still short: locked, a fuel cut queued on the car's tracker.
    expect(await runTimeShareMinutely(t.deps, at(100))).toMatchObject({ locked: 0 });
    expect(await runTimeShareMinutely(t.deps, at(101))).toMatchObject({ locked: 1 });
    const cuts = await q<{ command_type: string; reason: string; status: string }>(
      t,
      `select c.command_type, c.reason, c.status from gps_commands c join gps_devices d on d.tenant_id = c.tenant_id
        and d.id = c.device_id where d.imei = $1 order by c.id`,
      [car.imei],
    );
    expect(cuts.map((c) => [c.command_type, c.reason])).toEqual([['fuelCut', 'time-share balance']]);
    expect(ok<{ locked: boolean }>(await t.request('GET', `${T}/get/${trip.id}`, { token: await adm(t) })).locked).toBe(
      true,
    );
    // recoverAfterHours (6) after locking: staff asked to recover the car, once.
    expect(await runTimeShareMinutely(t.deps, at(101 + 359))).toMatchObject({ recover: 0 });
    expect(await runTimeShareMinutely(t.deps, at(101 + 360))).toMatchObject({ recover: 1 });
    expect(await runTimeShareMinutely(t.deps, at(101 + 361))).toMatchObject({ recover: 0 });
    const recover = await q<{ n: number }>(
      t,
      `select count(*)::int as n from push_records where link = $1 and title_key = 'timeShare.recoverTitle'`,
      [`/sevenTime/trip/${trip.id}`],
    );
    expect(recover[0]!.n).toBeGreaterThan(0);

    // Staff end it (the car stood in the zone): 462 minutes, over the balance → ended and owed; the fuel restored.
    t.clock.set(at(462));
    const end = ok<{ state: string; owed: number; balance: number; amount: { total: number } }>(
      await t.request('POST', `${T}/end/${trip.id}`, { token: await adm(t), body: {} }),
    );
    expect(end.state).toBe('ended');
    expect(end.owed).toBe(end.amount.total);
    expect(end.balance).toBe(20);
    expect(end.amount.total).toBeGreaterThan(20);
    const commands = await q<{ command_type: string }>(
      t,
      `select c.command_type from gps_commands c join gps_devices d on d.tenant_id = c.tenant_id
        and d.id = c.device_id where d.imei = $1 order by c.id`,
      [car.imei],
    );
    expect(commands.map((c) => c.command_type)).toEqual(['fuelCut', 'fuelRestore']);
    const renterRow = ok<{ owed: number; liveTripId: number | null }>(
      await t.request('GET', `${RN}/get/${renter}`, { token: await adm(t) }),
    );
    expect(renterRow).toMatchObject({ owed: end.amount.total, liveTripId: null });

    // Paying now: still short (409, nothing moves); after a top-up: paid.
    const short = await t.request('POST', `${T}/pay/${trip.id}`, { token: await adm(t) });
    expect(short.statusCode).toBe(409);
    expect(await balance(t, renter!)).toBe(20);
    await topUp(t, renter!, 300);
    const paid = ok<{ state: string; balance: number }>(
      await t.request('POST', `${T}/pay/${trip.id}`, { token: await adm(t) }),
    );
    expect(paid.state).toBe('paid');
    expect(paid.balance).toBe(Math.round((320 - end.amount.total) * 100) / 100);
    expect(ok<{ state: string }>(await t.request('GET', `${T}/get/${trip.id}`, { token: await adm(t) })).state).toBe(
      'paid',
    );
    // The car is free for the next renter.
    expect((await q<{ status: string }>(t, `select status from cars where id = $1`, [car.id]))[0]!.status).toBe('idle');
  });

  it('a top-up during the trip clears the warning', async () => {
    const car = I.car('浙A73S03');
    const [renter] = await freshRenters(t, 1);
    await topUp(t, renter!, 20);
    const start = new Date(`${addDays(localDate('Asia/Shanghai', testStart()), 3)}T09:00:00+08:00`);
    await drive(t, car.imei, new Date(start.getTime() - MIN), [
      { lat: 30.247, lon: 120.21, odometerM: 2_000_000, speed: 0 },
    ]);
    t.clock.set(new Date(start.getTime() - 2 * MIN));
    const trip = ok<{ id: number }>(await reserve(t, car.id, renter!));
    t.clock.set(start);
    ok(await t.request('POST', `${T}/start/${trip.id}`, { token: await adm(t) }));
    // 舒适型 by day at 0.80: 26 minutes = 20.80 > 20.00.
    expect(await runTimeShareMinutely(t.deps, new Date(start.getTime() + 26 * MIN))).toMatchObject({ warned: 1 });
    t.clock.set(new Date(start.getTime() + 27 * MIN));
    await topUp(t, renter!, 100);
    await runTimeShareMinutely(t.deps, new Date(start.getTime() + 28 * MIN));
    const [row] = await q<{ warned_at: Date | null }>(t, `select warned_at from ts_trips where id = $1`, [trip.id]);
    expect(row!.warned_at).toBeNull();
    t.clock.set(new Date(start.getTime() + 30 * MIN));
    const end = ok<{ state: string; amount: { total: number } }>(
      await t.request('POST', `${T}/end/${trip.id}`, { token: await adm(t), body: {} }),
    );
    // 30 minutes × 0.80 + the parking fee of 钱江新城站 (3.00).
    expect(end).toMatchObject({ state: 'paid', amount: { total: 27 } });
  });
});
