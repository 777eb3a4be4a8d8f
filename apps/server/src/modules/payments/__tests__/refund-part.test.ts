import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../core/access.js';
import { rowsOf } from '../../../core/db.js';
import { AppError } from '../../../core/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createReferenceOrder, refundOrderPart } from '../orders.service.js';
import { payOrder } from '../pay.service.js';
import { auditLedger } from '../payments.repository.js';
import { payProviders } from '../providers/index.js';
import { ProviderError } from '../providers/provider.js';
import { followUpRefunds } from '../withdraw.service.js';
import { balanceFen, tenantId, userId } from './helpers.js';

let t: TestApp;
let demo: number;
let other: number;
let ctx: RequestContext;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  demo = await tenantId(t, 'DEMO');
  other = await tenantId(t, 'OTHER');
  ctx = {
    tenantId: demo,
    userId: await userId(t, 'admin'),
    lang: 'zh-CN',
    rentIds: [],
  } as unknown as RequestContext;
});
afterAll(async () => t.close());

/** An order of `type` for `fen`, offered to the sandbox; paid (the payer approves) unless `paid` is false. */
async function bookingOrder(fen: number, paid = true, type: 'booking' | 'topUp' = 'booking') {
  serial++;
  const row = await t.deps.db.transaction((tx) =>
    createReferenceOrder(tx, ctx, {
      type: type as 'booking',
      referenceType: 'shortBooking',
      referenceId: `S20261206${String(serial).padStart(4, '0')}`,
      amountFen: fen,
      prefix: 'B',
      now: t.clock.now(),
    }),
  );
  expect(row.orderNo).toMatch(/^B\d{20}$/);
  const info = await payOrder(t.deps, ctx, row.id);
  if (paid) {
    const token = new URL(info.payUrl!).searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/trade/${row.orderNo}/decide`,
      payload: { token, action: 'approve' },
    });
    expect(res.statusCode).toBe(200);
    const st = await t.request('GET', `/api/ccwadmin/order/pay/status/${row.id}`, { as: 'admin' });
    expect(st.json().data.status).toBe('paid');
  }
  return row;
}

async function orderState(id: number) {
  const [row] = await rowsOf<{ status: string; refunded_fen: number }>(
    t.deps.db,
    sql`select status, refunded_fen from orders where tenant_id = ${demo} and id = ${id}`,
  );
  return { status: row!.status, refundedFen: Number(row!.refunded_fen) };
}

async function refunds(id: number) {
  const rows = await rowsOf<{ status: string; amount_fen: number; refund_key: string | null; channel: string }>(
    t.deps.db,
    sql`select status, amount_fen, refund_key, channel from order_refunds where tenant_id = ${demo} and order_id = ${id} order by id`,
  );
  return rows.map((r) => ({ status: r.status, fen: Number(r.amount_fen), key: r.refund_key, channel: r.channel }));
}

async function sandboxRefunded(orderNo: string) {
  const [row] = await rowsOf<{ refunded_fen: number }>(
    t.deps.db,
    sql`select refunded_fen from pay_sandbox_trades where order_no = ${orderNo}`,
  );
  return Number(row!.refunded_fen);
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('refundOrderPart', () => {
  it('gives back part, then the rest, of a paid booking order through the provider; the tenant balance stays', async () => {
    const o = await bookingOrder(50_000);
    const balanceBefore = await balanceFen(t, demo);
    const first = await refundOrderPart(t.deps, {
      tenantId: demo,
      orderId: o.id,
      amountFen: 12_000,
      reason: '取消订单：扣除首日租金',
      key: `booking:${o.id}:cancel`,
    });
    expect(first).toMatchObject({ amountFen: 12_000, status: 'succeeded' });
    expect(first.refundNo).toMatch(/^R\d{20}$/);
    expect(await orderState(o.id)).toEqual({ status: 'partRefunded', refundedFen: 12_000 });
    expect(await sandboxRefunded(o.orderNo)).toBe(12_000);

    const tooMuch = await refusal(
      refundOrderPart(t.deps, { tenantId: demo, orderId: o.id, amountFen: 38_001, reason: 'x', key: 'more' }),
    );
    expect(tooMuch.httpStatus).toBe(409);
    expect(tooMuch.messageKey).toBe('order.refundTooMuch');
    expect(tooMuch.params).toEqual({ max: '380.00' });

    await refundOrderPart(t.deps, {
      tenantId: demo,
      orderId: o.id,
      amountFen: 38_000,
      reason: '押金退还',
      key: 'rest',
    });
    expect(await orderState(o.id)).toEqual({ status: 'refunded', refundedFen: 50_000 });
    expect(await sandboxRefunded(o.orderNo)).toBe(50_000);
    expect(await refunds(o.id)).toEqual([
      { status: 'succeeded', fen: 12_000, key: `booking:${o.id}:cancel`, channel: 'provider' },
      { status: 'succeeded', fen: 38_000, key: 'rest', channel: 'provider' },
    ]);
    // Nothing is left: a further refund is refused as too much.
    const none = await refusal(
      refundOrderPart(t.deps, { tenantId: demo, orderId: o.id, amountFen: 1, reason: 'x', key: 'again' }),
    );
    expect(none.messageKey).toBe('order.notPartRefundable');
    expect(await balanceFen(t, demo)).toBe(balanceBefore);
    expect((await auditLedger(t.deps.db, demo)).ok).toBe(true);
  });

  it('refuses the same key twice, also when two requests race, and refunds once', async () => {
    const o = await bookingOrder(20_000);
    const input = { tenantId: demo, orderId: o.id, amountFen: 5_000, reason: '提前还车退款', key: 'early' };
    await refundOrderPart(t.deps, input);
    const again = await refusal(refundOrderPart(t.deps, input));
    expect(again.httpStatus).toBe(409);
    expect(again.messageKey).toBe('order.refundRepeated');

    const race = await Promise.allSettled([
      refundOrderPart(t.deps, { ...input, key: 'race' }),
      refundOrderPart(t.deps, { ...input, key: 'race' }),
    ]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = race.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as AppError).messageKey).toBe('order.refundRepeated');
    expect(await orderState(o.id)).toEqual({ status: 'partRefunded', refundedFen: 10_000 });
    expect(await sandboxRefunded(o.orderNo)).toBe(10_000);
  });

  it('answers 409 providerFailed when the provider refuses, records nothing as done, and frees the key', async () => {
    const o = await bookingOrder(30_000);
    // The provider's books say it was all given back already: it refuses.
    await t.deps.db.execute(sql`update pay_sandbox_trades set refunded_fen = amount_fen where order_no = ${o.orderNo}`);
    const failed = await refusal(
      refundOrderPart(t.deps, { tenantId: demo, orderId: o.id, amountFen: 8_000, reason: '取消', key: 'cancel' }),
    );
    expect(failed.httpStatus).toBe(409);
    expect(failed.messageKey).toBe('order.providerFailed');
    expect(await orderState(o.id)).toEqual({ status: 'paid', refundedFen: 0 });
    expect(await refunds(o.id)).toEqual([{ status: 'failed', fen: 8_000, key: null, channel: 'provider' }]);

    // Once the provider takes it, the same key refunds.
    await t.deps.db.execute(sql`update pay_sandbox_trades set refunded_fen = 0 where order_no = ${o.orderNo}`);
    await refundOrderPart(t.deps, { tenantId: demo, orderId: o.id, amountFen: 8_000, reason: '取消', key: 'cancel' });
    expect(await orderState(o.id)).toEqual({ status: 'partRefunded', refundedFen: 8_000 });
  });

  it('leaves an unanswered refund processing; the follow-up finishes it without touching the tenant balance', async () => {
    const o = await bookingOrder(10_000);
    const provider = payProviders(t.deps).active;
    const original = provider.refund.bind(provider);
    provider.refund = async () => {
      throw new ProviderError('sandbox', 'NETWORK', 'timeout');
    };
    let result;
    try {
      result = await refundOrderPart(t.deps, {
        tenantId: demo,
        orderId: o.id,
        amountFen: 4_000,
        reason: 'x',
        key: 'k',
      });
    } finally {
      provider.refund = original;
    }
    expect(result.status).toBe('processing');
    expect(await orderState(o.id)).toEqual({ status: 'partRefunded', refundedFen: 4_000 });
    const balanceBefore = await balanceFen(t, demo);
    // The provider never got it (the sandbox has no refund of the trade): the follow-up learns it failed.
    t.clock.advance(2 * 60_000);
    expect(await followUpRefunds(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await orderState(o.id)).toEqual({ status: 'paid', refundedFen: 0 });
    expect(await refunds(o.id)).toMatchObject([{ status: 'failed', key: null }]);
    expect(await balanceFen(t, demo)).toBe(balanceBefore);
    const reversals = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from balance_ledger where tenant_id = ${demo} and order_id = ${o.id}`,
    );
    expect(Number(reversals[0]!.n)).toBe(0);
  });

  it('refuses an unpaid order and an order of another type, and does not find another tenant’s order', async () => {
    const unpaid = await bookingOrder(10_000, false);
    const a = await refusal(
      refundOrderPart(t.deps, { tenantId: demo, orderId: unpaid.id, amountFen: 100, reason: 'x', key: 'k' }),
    );
    expect(a.messageKey).toBe('order.notPartRefundable');
    const topUp = await bookingOrder(10_000, true, 'topUp');
    const b = await refusal(
      refundOrderPart(t.deps, { tenantId: demo, orderId: topUp.id, amountFen: 100, reason: 'x', key: 'k' }),
    );
    expect(b.messageKey).toBe('order.notPartRefundable');
    const c = await refusal(
      refundOrderPart(t.deps, { tenantId: other, orderId: unpaid.id, amountFen: 100, reason: 'x', key: 'k' }),
    );
    expect(c.httpStatus).toBe(404);
    expect(await refunds(topUp.id)).toEqual([]);
  });
});
