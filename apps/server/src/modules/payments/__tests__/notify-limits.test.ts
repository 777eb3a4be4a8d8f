import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { purgeRefusedNotifications } from '../pay.service.js';
import { payProviders } from '../providers/index.js';
import type { IncomingNotification } from '../providers/provider.js';

/**
 * Issue "Hardening 2", item 12: a signed notification with a fractional amount gave 500, and every refused
 * notification was stored (30 days) one row each, so that anyone could fill the table.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (n: IncomingNotification) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: n.headers as Record<string, string>,
    payload: n.body,
  });

async function unpaidTopUp() {
  const res = await t.request('POST', '/api/ccwadmin/order/topUp', { as: 'admin', body: { amount: 30 } });
  expect(res.statusCode).toBe(200);
  const o = res.json().data as { id: number; orderNo: string };
  expect((await t.request('POST', `/api/ccwadmin/order/pay/${o.id}`, { as: 'admin' })).statusCode).toBe(200);
  return o;
}

async function refusedRows() {
  return rowsOf<{ outcome: string; count: number; error: string }>(
    t.deps.db,
    sql`select outcome, (detail ->> 'count')::int as count, detail ->> 'error' as error
          from pay_notifications where notify_id like 'rejected-%' order by outcome`,
  );
}

describe('payment notifications', () => {
  it('refuses a signed notification whose amount is not whole fen, as malformed, without a 500', async () => {
    const o = await unpaidTopUp();
    for (const amountFen of [3000.5, 1e-9, -3000, 2 ** 53 + 2]) {
      const n = payProviders(t.deps).sandbox.notification({
        id: `N-${amountFen}-${o.orderNo}`,
        orderNo: o.orderNo,
        tradeNo: 'SBX1',
        amountFen,
        state: 'paid',
      });
      const res = await post(n);
      expect(res.statusCode, String(amountFen)).toBe(400);
      expect(res.json()).toEqual({ code: 'FAIL', message: 'refused' });
    }
    const order = (await t.request('GET', `/api/ccwadmin/order/${o.id}`, { as: 'admin' })).json().data;
    expect(order.status).toBe('unpaid');
    const malformed = (await refusedRows()).find((r) => r.outcome === 'malformed');
    expect(malformed).toMatchObject({ count: 4, error: expect.stringContaining('whole number of fen') });
  });

  it('refuses a polled answer whose amount is not whole fen the same way: counted, the order unpaid, no 500', async () => {
    const o = await unpaidTopUp();
    const sandbox = payProviders(t.deps).sandbox;
    const real = sandbox.query.bind(sandbox);
    sandbox.query = async () => ({ state: 'paid', tradeNo: 'SBX-FRACTION', amountFen: 3000.5, paidAt: t.clock.now() });
    onTestFinished(() => {
      sandbox.query = real;
    });
    const malformed = async () => (await refusedRows()).find((r) => r.outcome === 'malformed')?.count ?? 0;
    const before = await malformed();
    // The pay page's status call asks the provider while the order is unpaid.
    const res = await t.request('GET', `/api/ccwadmin/order/pay/status/${o.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', `/api/ccwadmin/order/${o.id}`, { as: 'admin' })).json().data.status).toBe('unpaid');
    expect(await malformed()).toBe(before + 1);
    expect((await refusedRows()).find((r) => r.outcome === 'malformed')!.error).toContain(o.orderNo);
  });

  it('counts refused notifications per reason and hour instead of storing each', async () => {
    const o = await unpaidTopUp();
    const before = await refusedRows();
    const good = payProviders(t.deps).sandbox.notification({ id: 'N-x', orderNo: o.orderNo, amountFen: 3000 });
    for (let i = 0; i < 40; i++) {
      expect((await post({ ...good, body: good.body.replace('3000', String(3001 + i)) })).statusCode).toBe(400);
      expect((await post({ headers: { 'content-type': 'application/json' }, body: `{"n":${i}}` })).statusCode).toBe(
        400,
      );
    }
    const after = await refusedRows();
    expect(after.length - before.length).toBeLessThanOrEqual(2);
    const count = (rows: typeof after, outcome: string) => rows.find((r) => r.outcome === outcome)?.count ?? 0;
    expect(count(after, 'badSignature') - count(before, 'badSignature')).toBe(40);
    expect(count(after, 'malformed') - count(before, 'malformed')).toBe(40);
    // The next hour starts new counts; 30 days later the purge drops them.
    t.clock.advance(3_600_000);
    await post({ headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await refusedRows()).length).toBe(after.length + 1);
    t.clock.advance(31 * 86_400_000);
    expect(await purgeRefusedNotifications(t.deps)).toBe(after.length + 1);
    expect(await refusedRows()).toEqual([]);
  });
});
