import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../core/db.js';
import { planMenus } from '../../access/access.service.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { purgeRefusedNotifications, sweepUnpaidOrders } from '../pay.service.js';
import { auditLedger } from '../payments.repository.js';
import { payProviders } from '../providers/index.js';
import { balanceFen, tenantId } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function order(as: string, body: object, path = '/api/ccwadmin/order/membership') {
  const res = await t.request('POST', path, { as, body });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; orderNo: string; amount: number };
}

async function pay(as: string, id: number) {
  const res = await t.request('POST', `/api/ccwadmin/order/pay/${id}`, { as });
  expect(res.statusCode).toBe(200);
  return res.json().data as { codeUrl: string; payUrl: string; qrImage: string; orderNo: string; provider: string };
}

function tokenOf(payUrl: string): string {
  return new URL(payUrl).searchParams.get('token')!;
}

async function decide(orderNo: string, token: string, action: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/trade/${orderNo}/decide`,
    payload: { token, action },
  });
}

async function status(as: string, id: number) {
  return (await t.request('GET', `/api/ccwadmin/order/pay/status/${id}`, { as })).json().data;
}

async function notifications(orderNo: string) {
  return rowsOf<{ outcome: string; amount_fen: number }>(
    t.deps.db,
    sql`select outcome, amount_fen from pay_notifications where order_no = ${orderNo} order by id`,
  );
}

async function membership(code: string) {
  const [row] = await rowsOf<{ plan_code: string; expires_at: Date }>(
    t.deps.db,
    sql`select m.plan_code, m.expires_at from memberships m join tenants t on t.id = m.tenant_id where t.code = ${code}`,
  );
  return { planCode: row!.plan_code, expiresAt: new Date(row!.expires_at) };
}

function plusYears(d: Date, n: number): Date {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() + n);
  return x;
}

describe('the sandbox payment of a membership', () => {
  it('lets the expired tenant pay through the sandbox page; the membership runs from now and /gameover is lifted', async () => {
    const before = await t.request('GET', '/api/ccwadmin/operationLog/list', { as: 'expired' });
    expect(before.json().status).toBe(40302);
    const o = await order('expired', { planCode: 'STANDARD', years: 1 });
    const info = await pay('expired', o.id);
    expect(info.provider).toBe('sandbox');
    expect(info.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(info.payUrl).toBe(info.codeUrl);
    expect(info.payUrl).toMatch(new RegExp(`/pay/sandbox/${o.orderNo}\\?token=`));
    // Paying again shows the same code.
    expect((await pay('expired', o.id)).codeUrl).toBe(info.codeUrl);
    expect(await status('expired', o.id)).toMatchObject({ status: 'unpaid', payerState: 'waiting' });

    const token = tokenOf(info.payUrl);
    const wrong = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/trade/${o.orderNo}?token=nope` });
    expect(wrong.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/trade/${o.orderNo}?token=${token}` });
    expect(page.json().data).toMatchObject({ orderNo: o.orderNo, amount: o.amount, state: 'scanned' });
    expect(await status('expired', o.id)).toMatchObject({ status: 'unpaid', payerState: 'scanned' });

    const now = t.clock.now();
    const res = await decide(o.orderNo, token, 'approve');
    expect(res.json().data.state).toBe('approved');
    const st = await status('expired', o.id);
    expect(st).toMatchObject({ status: 'paid', payerState: null, membershipTo: plusYears(now, 1).toISOString() });
    expect(await membership('EXPIRED')).toEqual({ planCode: 'STANDARD', expiresAt: plusYears(now, 1) });
    expect((await notifications(o.orderNo)).map((n) => n.outcome)).toEqual(['settled']);
    const after = await t.request('GET', '/api/ccwadmin/operationLog/list', { as: 'expired' });
    expect(after.statusCode).toBe(200);
    // The plan's menus apply: exactly the Standard plan's.
    const codes = await rowsOf<{ code: string }>(
      t.deps.db,
      sql`select p.code from tenant_permissions p join tenants t on t.id = p.tenant_id where t.code = 'EXPIRED'`,
    );
    expect(codes.map((c) => c.code).sort()).toEqual([...planMenus('STANDARD')].sort());
    const detail = (await t.request('GET', `/api/ccwadmin/order/${o.id}`, { as: 'expired' })).json().data;
    expect(detail).toMatchObject({ status: 'paid', payMethod: 'sandbox', membershipFrom: now.toISOString() });
    expect(detail.providerTradeNo).toMatch(/^SBX/);
  });

  it('extends a running membership from its current end', async () => {
    const current = await membership('DEMO');
    expect(current.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const o = await order('admin', { planCode: 'ENTERPRISE', years: 2 });
    const info = await pay('admin', o.id);
    await decide(o.orderNo, tokenOf(info.payUrl), 'approve');
    const detail = (await t.request('GET', `/api/ccwadmin/order/${o.id}`, { as: 'admin' })).json().data;
    expect(detail.membershipFrom).toBe(current.expiresAt.toISOString());
    expect(detail.membershipTo).toBe(plusYears(current.expiresAt, 2).toISOString());
    expect(await membership('DEMO')).toEqual({ planCode: 'ENTERPRISE', expiresAt: plusYears(current.expiresAt, 2) });
  });

  it('finds a payment whose notification never came when the page polls (approveSilently)', async () => {
    const o = await order('other', { amount: 100 }, '/api/ccwadmin/order/topUp');
    const info = await pay('other', o.id);
    const tenant = await tenantId(t, 'OTHER');
    const before = await balanceFen(t, tenant);
    await decide(o.orderNo, tokenOf(info.payUrl), 'approveSilently');
    expect(await notifications(o.orderNo)).toEqual([]);
    expect((await status('other', o.id)).status).toBe('paid');
    expect(await balanceFen(t, tenant)).toBe(before + 10_000);
    // Polling again changes nothing.
    expect((await status('other', o.id)).status).toBe('paid');
    expect(await balanceFen(t, tenant)).toBe(before + 10_000);
    expect((await auditLedger(t.deps.db, tenant)).ok).toBe(true);
  });

  it('refuses and logs a notification of another amount; the order stays unpaid', async () => {
    const o = await order('other', { amount: 50 }, '/api/ccwadmin/order/topUp');
    const info = await pay('other', o.id);
    const tenant = await tenantId(t, 'OTHER');
    const before = await balanceFen(t, tenant);
    await decide(o.orderNo, tokenOf(info.payUrl), 'approveWrongAmount');
    expect(await notifications(o.orderNo)).toEqual([{ outcome: 'amountMismatch', amount_fen: 5001 }]);
    expect((await status('other', o.id)).status).toBe('unpaid');
    expect(await balanceFen(t, tenant)).toBe(before);
  });

  it('shows a declined payment to the polling page', async () => {
    const o = await order('other', { amount: 20 }, '/api/ccwadmin/order/topUp');
    const info = await pay('other', o.id);
    await decide(o.orderNo, tokenOf(info.payUrl), 'decline');
    expect(await status('other', o.id)).toMatchObject({ status: 'unpaid', payerState: 'declined' });
  });
});

describe('notifications', () => {
  const post = (headers: Record<string, string | string[] | undefined>, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: headers as Record<string, string>,
      payload: body,
    });

  async function paidTrade() {
    const o = await order('other', { amount: 30 }, '/api/ccwadmin/order/topUp');
    await pay('other', o.id);
    await t.deps.db.execute(
      sql`update pay_sandbox_trades set state = 'approved', paid_at = now() where order_no = ${o.orderNo}`,
    );
    const payload = { id: `N-${o.orderNo}`, orderNo: o.orderNo, tradeNo: 'SBX1', amountFen: 3000, state: 'paid' };
    return { o, payload };
  }

  it('settles once: a replayed notification is answered as taken and changes nothing', async () => {
    const { o, payload } = await paidTrade();
    const tenant = await tenantId(t, 'OTHER');
    const before = await balanceFen(t, tenant);
    const n = payProviders(t.deps).sandbox.notification(payload);
    const first = await post(n.headers, n.body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 'SUCCESS' });
    const again = payProviders(t.deps).sandbox.notification(payload);
    expect((await post(again.headers, again.body)).statusCode).toBe(200);
    expect(await balanceFen(t, tenant)).toBe(before + 3000);
    // A second notification of the same payment under a new id: already paid, nothing moves.
    const other = payProviders(t.deps).sandbox.notification({ ...payload, id: `N2-${o.orderNo}` });
    expect((await post(other.headers, other.body)).statusCode).toBe(200);
    expect(await balanceFen(t, tenant)).toBe(before + 3000);
    expect((await notifications(o.orderNo)).map((r) => r.outcome)).toEqual(['settled', 'alreadyPaid']);
    const ledger = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from balance_ledger where order_id = ${o.id} and tenant_id = ${tenant}`,
    );
    expect(ledger[0]!.n).toBe(1);
  });

  it('refuses a bad signature and a late (replayed) notification, and logs both', async () => {
    const { o, payload } = await paidTrade();
    const n = payProviders(t.deps).sandbox.notification(payload);
    const forged = await post(n.headers, n.body.replace('3000', '300000'));
    expect(forged.statusCode).toBe(400);
    const late = payProviders(t.deps).sandbox.notification(payload, new Date(t.clock.now().getTime() - 6 * 60_000));
    expect((await post(late.headers, late.body)).statusCode).toBe(400);
    const bare = await post({ 'content-type': 'application/json' }, n.body);
    expect(bare.statusCode).toBe(400);
    expect((await status('other', o.id)).status).toBe('paid'); // the poll finds the real payment
    const rejected = await rowsOf<{ outcome: string }>(
      t.deps.db,
      sql`select outcome from pay_notifications where notify_id like 'rejected-%' order by id desc limit 3`,
    );
    expect(rejected.map((r) => r.outcome).sort()).toEqual(['badSignature', 'late', 'malformed']);
    // Refused ones are kept 30 days.
    expect(await purgeRefusedNotifications(t.deps)).toBe(0);
    t.clock.advance(31 * 86_400_000);
    try {
      expect(await purgeRefusedNotifications(t.deps)).toBeGreaterThanOrEqual(3);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
    expect((await notifications(o.orderNo)).length).toBeGreaterThan(0);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await post({ 'content-type': 'application/json' }, '{}');
    expect(res.statusCode).toBe(400);
    const wechat = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', payload: '{}' });
    expect(wechat.statusCode).toBe(404);
  });
});

describe('closing and cancelling', () => {
  it('the sweeper closes unpaid orders past their time here and at the provider, and settles one paid meanwhile', async () => {
    const a = await order('other', { amount: 10 }, '/api/ccwadmin/order/topUp');
    const infoA = await pay('other', a.id);
    const b = await order('other', { amount: 11 }, '/api/ccwadmin/order/topUp');
    const infoB = await pay('other', b.id);
    const c = await order('other', { amount: 12 }, '/api/ccwadmin/order/topUp');
    await decide(b.orderNo, tokenOf(infoB.payUrl), 'approveSilently');
    t.clock.advance(31 * 60_000);
    try {
      const result = await sweepUnpaidOrders(t.deps);
      expect(result.settled).toBe(1);
      expect(result.closed).toBeGreaterThanOrEqual(2);
      const rows = await rowsOf<{ id: number; status: string }>(
        t.deps.db,
        sql`select id, status from orders where id in (${a.id}, ${b.id}, ${c.id}) order by id`,
      );
      expect(rows.map((r) => r.status)).toEqual(['closed', 'paid', 'closed']);
      const [trade] = await rowsOf<{ state: string }>(
        t.deps.db,
        sql`select state from pay_sandbox_trades where order_no = ${a.orderNo}`,
      );
      expect(trade!.state).toBe('closed');
      // The payer can no longer pay the closed order.
      expect((await decide(a.orderNo, tokenOf(infoA.payUrl), 'approve')).json().data.state).toBe('closed');
      expect((await t.request('POST', `/api/ccwadmin/order/pay/${a.id}`, { as: 'other' })).statusCode).toBe(409);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it('cancelling closes the trade at the provider', async () => {
    const o = await order('other', { amount: 10 }, '/api/ccwadmin/order/topUp');
    const info = await pay('other', o.id);
    const res = await t.request('PUT', `/api/ccwadmin/order/cancel/${o.id}`, { as: 'other' });
    expect(res.json().data.status).toBe('cancelled');
    expect((await decide(o.orderNo, tokenOf(info.payUrl), 'approve')).json().data.state).toBe('closed');
  });

  it('refuses to cancel an order paid meanwhile, and settles it', async () => {
    const o = await order('other', { amount: 10 }, '/api/ccwadmin/order/topUp');
    const info = await pay('other', o.id);
    await decide(o.orderNo, tokenOf(info.payUrl), 'approveSilently');
    const res = await t.request('PUT', `/api/ccwadmin/order/cancel/${o.id}`, { as: 'other' });
    expect(res.statusCode).toBe(409);
    expect((await status('other', o.id)).status).toBe('paid');
  });
});

describe('permissions and tenants', () => {
  it('needs billing:buy to pay, and never pays or shows another tenant’s order', async () => {
    const o = await order('admin', { amount: 10 }, '/api/ccwadmin/order/topUp');
    expect((await t.request('POST', `/api/ccwadmin/order/pay/${o.id}`, { as: 'clerk' })).statusCode).toBe(403);
    const other = await t.request('POST', `/api/ccwadmin/order/pay/${o.id}`, { as: 'other' });
    expect(other.statusCode).toBe(404);
    expect((await t.request('GET', `/api/ccwadmin/order/pay/status/${o.id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/ccwadmin/pay/provider', { as: 'clerk' })).json().data).toEqual({
      name: 'sandbox',
      sandbox: true,
    });
  });
});

describe('withdraw (refund unused top-up to the payer)', () => {
  async function paidTopUp(as: string, amount: number) {
    const o = await order(as, { amount }, '/api/ccwadmin/order/topUp');
    const info = await pay(as, o.id);
    await decide(o.orderNo, tokenOf(info.payUrl), 'approve');
    return o;
  }

  it('refunds part of a top-up through the provider, debiting the balance; the ledger balances', async () => {
    const tenant = await tenantId(t, 'DEMO');
    const o = await paidTopUp('admin', 100);
    const before = await balanceFen(t, tenant);
    const res = await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, {
      as: 'admin',
      body: { amount: 30, reason: '多充了' },
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ status: 'partRefunded', refundedAmount: 30, refundable: 70 });
    expect(detail.refunds).toMatchObject([{ channel: 'provider', amount: 30, status: 'succeeded', reason: '多充了' }]);
    expect(await balanceFen(t, tenant)).toBe(before - 3000);
    const [trade] = await rowsOf<{ refunded_fen: number }>(
      t.deps.db,
      sql`select refunded_fen from pay_sandbox_trades where order_no = ${o.orderNo}`,
    );
    expect(Number(trade!.refunded_fen)).toBe(3000);
    const rest = await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, {
      as: 'admin',
      body: { amount: 70.01, reason: 'x' },
      lang: 'en-US',
    });
    expect(rest.statusCode).toBe(409);
    expect(rest.json().message).toContain('¥70.00');
    const all = await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, {
      as: 'admin',
      body: { amount: 70, reason: 'x' },
    });
    expect(all.json().data).toMatchObject({ status: 'refunded', refundable: 0 });
    expect((await auditLedger(t.deps.db, tenant)).ok).toBe(true);
  });

  it('gives the money back to the balance when the provider refuses the refund', async () => {
    const tenant = await tenantId(t, 'DEMO');
    const o = await paidTopUp('admin', 40);
    await t.deps.db.execute(sql`update pay_sandbox_trades set refunded_fen = amount_fen where order_no = ${o.orderNo}`);
    const before = await balanceFen(t, tenant);
    const res = await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, {
      as: 'admin',
      body: { amount: 10, reason: '测试' },
    });
    expect(res.json().data).toMatchObject({ status: 'paid', refundedAmount: 0, refundable: 40 });
    expect(res.json().data.refunds).toMatchObject([{ status: 'failed', amount: 10 }]);
    expect(await balanceFen(t, tenant)).toBe(before);
    const kinds = await rowsOf<{ kind: string; amount_fen: number }>(
      t.deps.db,
      sql`select kind, amount_fen from balance_ledger where tenant_id = ${tenant} and order_id = ${o.id} order by id`,
    );
    expect(kinds.map((k) => [k.kind, Number(k.amount_fen)])).toEqual([
      ['topUp', 4000],
      ['withdraw', -1000],
      ['withdrawReversal', 1000],
    ]);
    expect((await auditLedger(t.deps.db, tenant)).ok).toBe(true);
  });

  it('refuses a membership order, needs billing:withdraw, and hides other tenants', async () => {
    const o = await paidTopUp('admin', 10);
    const membershipOrder = await order('admin', { planCode: 'ENTERPRISE' });
    const body = { amount: 1, reason: 'x' };
    expect(
      (await t.request('POST', `/api/ccwadmin/order/refund/${membershipOrder.id}`, { as: 'admin', body })).statusCode,
    ).toBe(409);
    expect((await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, { as: 'clerk', body })).statusCode).toBe(403);
    expect((await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, { as: 'other', body })).statusCode).toBe(404);
    const bad = await t.request('POST', `/api/ccwadmin/order/refund/${o.id}`, {
      as: 'admin',
      body: { amount: 0, reason: '' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
