import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { freshRenters, ids, ok, q, RN, T, Z } from './fixtures.js';

let t: TestApp;
let I: Awaited<ReturnType<typeof ids>>;

beforeAll(async () => {
  t = await createTestApp();
  I = await ids(t);
});
afterAll(async () => t?.close());

describe('the time-share demo', () => {
  it('has zones in Hangzhou (3) and Shanghai (2), two of them geofences, and one of the other tenant', async () => {
    const zones = ok<{ rows: { city: string; geofenceId: number | null; carsParked: number }[]; total: number }>(
      await t.request('GET', `${Z}/list`, { as: 'admin', query: { pageSize: 50 } }),
    );
    expect(zones.total).toBe(5);
    expect(zones.rows.filter((z) => z.city === '杭州')).toHaveLength(3);
    expect(zones.rows.filter((z) => z.geofenceId !== null)).toHaveLength(2);
    const [other] = await q<{ n: number }>(t, `select count(*)::int as n from ts_zones where tenant_id = $1`, [
      I.other,
    ]);
    expect(other!.n).toBe(1);
  });

  it('has six tracked cars (one on a trip, the rest parked at zones) and rates for two car types per city', async () => {
    const cars = ok<{
      rows: { status: string; zoneId: number | null; hasDevice: boolean; liveTripId: number | null }[];
    }>(await t.request('GET', `${Z}/cars`, { as: 'admin', query: { pageSize: 50 } }));
    expect(cars.rows).toHaveLength(6);
    expect(cars.rows.every((c) => c.hasDevice)).toBe(true);
    expect(cars.rows.filter((c) => c.liveTripId !== null).map((c) => c.status)).toEqual(['rented']);
    expect(cars.rows.filter((c) => c.liveTripId === null).every((c) => c.status === 'idle' && c.zoneId !== null)).toBe(
      true,
    );
    const rates = ok<{ total: number }>(
      await t.request('GET', `${T.replace('shareTrip', 'shareRate')}/list`, { as: 'admin' }),
    );
    expect(rates.total).toBe(4);
  });

  it('has trips in every state: paid ones with routes and km, one owed, one under way, one expired', async () => {
    const trips = ok<{
      rows: { id: number; state: string; km: number | null; total: number | null; running: number | null }[];
      total: number;
    }>(await t.request('GET', `${T}/list`, { as: 'admin', query: { pageSize: 50 } }));
    expect(trips.total).toBe(12);
    const states = trips.rows.map((r) => r.state);
    expect(states.filter((s) => s === 'inUse')).toHaveLength(1);
    expect(states.filter((s) => s === 'ended')).toHaveLength(1);
    expect(states.filter((s) => s === 'cancelled')).toHaveLength(1);
    expect(states.filter((s) => s === 'paid')).toHaveLength(9);
    const paid = trips.rows.find((r) => r.state === 'paid')!;
    expect(paid.km).toBeGreaterThan(0);
    const detail = ok<{ route: unknown[]; amount: { total: number } }>(
      await t.request('GET', `${T}/get/${paid.id}`, { as: 'admin' }),
    );
    expect(detail.route.length).toBeGreaterThan(10);
    expect(detail.amount.total).toBe(paid.total);
    const live = trips.rows.find((r) => r.state === 'inUse')!;
    // The list carries the running amount of the trip in use only.
    expect(live.running).toBeGreaterThan(0);
    expect(trips.rows.filter((r) => r.running != null)).toHaveLength(1);
    const running = ok<{ running: { minutes: number; total: number } }>(
      await t.request('GET', `${T}/get/${live.id}`, { as: 'admin' }),
    );
    expect(running.running.minutes).toBeGreaterThan(30);
  });

  it('keeps the renters’ balances equal to their ledgers', async () => {
    const renters = ok<{ rows: { driverId: number; balance: number }[] }>(
      await t.request('GET', `${RN}/list`, { as: 'admin', query: { withBalance: true, pageSize: 50 } }),
    );
    expect(renters.rows.length).toBe(5);
    for (const r of renters.rows) {
      const ledger = ok<{ rows: { amount: number; balanceAfter: number }[] }>(
        await t.request('GET', `${RN}/ledger`, { as: 'admin', query: { driverId: r.driverId, pageSize: 100 } }),
      );
      const sum = ledger.rows.reduce((s, l) => s + Math.round(l.amount * 100), 0);
      expect(sum / 100).toBe(r.balance);
      expect(ledger.rows[0]!.balanceAfter).toBe(r.balance);
    }
  });
});

describe('a renter top-up', () => {
  it('is polled through shareRenter/topUpStatus until paid; another order is 404 there', async () => {
    const [renterId] = await freshRenters(t, 1);
    const renter = { id: renterId! };
    const res = await t.request('POST', `${RN}/topUp`, { as: 'admin', body: { driverId: renter!.id, amount: 66 } });
    const info = ok<{ orderId: number; orderNo: string; payUrl: string }>(res);
    const status = () => t.request('GET', `${RN}/topUpStatus/${info.orderId}`, { as: 'admin' });
    expect(ok<{ status: string }>(await status()).status).toBe('unpaid');
    const token = new URL(info.payUrl).searchParams.get('token')!;
    await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/trade/${info.orderNo}?token=${token}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/trade/${info.orderNo}/decide`,
      payload: { token, action: 'approve' },
    });
    expect(ok<{ status: string }>(await status()).status).toBe('paid');
    const renterRow = ok<{ balance: number }>(await t.request('GET', `${RN}/get/${renter!.id}`, { as: 'admin' }));
    expect(renterRow.balance).toBe(66);
    const [other] = await q<{ id: number }>(t, `select id from orders where type <> 'renterTopUp' limit 1`);
    if (other) expect((await t.request('GET', `${RN}/topUpStatus/${other.id}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('GET', `${RN}/topUpStatus/99999999`, { as: 'admin' })).statusCode).toBe(404);
  });
});
