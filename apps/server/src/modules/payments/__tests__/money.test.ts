import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../core/db.js';
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { translate } from '../../../core/i18n.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { auditLedger, charge, priceService, refundCharge, type ChargeActor } from '../payments.service.js';
import { balanceFen, fundBalance, tenantId, userId } from './helpers.js';

let t: TestApp;
let demo: number;
let other: number;
let admin: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await tenantId(t, 'DEMO');
  other = await tenantId(t, 'OTHER');
  admin = await userId(t, 'admin');
});
afterAll(async () => t.close());

const actor = (): ChargeActor => ({ tenantId: demo, userId: admin });

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('priceService', () => {
  it("prices units at the tenant plan's unit price and shows the balance before and after", async () => {
    const before = await balanceFen(t, demo);
    const p = await priceService(t.deps.db, demo, 'S10', 7);
    // The demo tenant is on Enterprise: 1.00 yuan per car.
    expect(p).toEqual({
      serviceCode: 'S10',
      count: 7,
      unitPriceFen: 100,
      totalFen: 700,
      balanceFen: before,
      balanceAfterFen: before - 700,
    });
    // Other Rentals is on Professional: 1.20 yuan.
    expect((await priceService(t.deps.db, other, 'S10', 1)).unitPriceFen).toBe(120);
  });

  it('refuses a service the plan does not have, and counts outside 1..100000', async () => {
    const err = await caught(priceService(t.deps.db, other, 'S30', 1));
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).messageKey).toBe('payments.serviceNotInPlan');
    for (const n of [0, -1, 1.5, 100_001]) {
      expect(((await caught(priceService(t.deps.db, demo, 'S10', n))) as ConflictError).messageKey).toBe(
        'payments.badCount',
      );
    }
  });
});

describe('charge', () => {
  it('debits the balance in the caller transaction: one service order, one ledger row with the balance after', async () => {
    const start = await fundBalance(t, demo, 1_000);
    const result = await t.deps.db.transaction((tx) =>
      charge(tx, actor(), 'S10', 3, { type: 'peccancyOrder', id: '42' }),
    );
    expect(result).toMatchObject({ unitPriceFen: 100, amountFen: 300, balanceAfterFen: start - 300 });
    expect(await balanceFen(t, demo)).toBe(start - 300);
    const [order] = await rowsOf<Record<string, unknown>>(
      t.deps.db,
      sql`select type, status, pay_method, service_code, units, unit_price_fen, amount_fen, reference_type,
                 reference_id, created_by, order_no
          from orders where tenant_id = ${demo} and id = ${result.chargeId}`,
    );
    expect(order).toMatchObject({
      type: 'service',
      status: 'paid',
      pay_method: 'balance',
      service_code: 'S10',
      units: 3,
      reference_type: 'peccancyOrder',
      reference_id: '42',
    });
    expect(Number(order!.amount_fen)).toBe(300);
    expect(order!.order_no).toMatch(/^S\d{20}$/);
    const ledger = await rowsOf<Record<string, unknown>>(
      t.deps.db,
      sql`select kind, amount_fen, balance_after_fen, service_code, units from balance_ledger
          where tenant_id = ${demo} and order_id = ${result.chargeId}`,
    );
    expect(ledger.map((r) => [r.kind, Number(r.amount_fen), Number(r.balance_after_fen), r.units])).toEqual([
      ['charge', -300, start - 300, 3],
    ]);
    expect((await auditLedger(t.deps.db, demo)).ok).toBe(true);
  });

  it('rolls back with the caller: an order that fails after its charge leaves no trace', async () => {
    const before = await balanceFen(t, demo);
    const [{ n: ordersBefore }] = (await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where tenant_id = ${demo}`,
    )) as [{ n: number }];
    await expect(
      t.deps.db.transaction(async (tx) => {
        await charge(tx, actor(), 'S10', 2, { type: 'peccancyOrder', id: '43' });
        throw new Error('the provider refused the batch');
      }),
    ).rejects.toThrow('the provider refused');
    expect(await balanceFen(t, demo)).toBe(before);
    const [{ n: ordersAfter }] = (await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where tenant_id = ${demo}`,
    )) as [{ n: number }];
    expect(ordersAfter).toBe(ordersBefore);
  });

  it('refuses a short balance with 30101 payments.insufficientBalance naming the amount and the balance', async () => {
    const balance = await balanceFen(t, demo);
    const count = Math.floor(balance / 100) + 5;
    const err = (await caught(
      t.deps.db.transaction((tx) => charge(tx, actor(), 'S10', count, { type: 'x', id: '1' })),
    )) as ConflictError;
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.httpStatus).toBe(409);
    expect(err.status).toBe(30101);
    expect(err.code).toBe('payments.insufficientBalance');
    const need = (count * 100) / 100;
    expect(translate('zh-CN', err.messageKey, err.params)).toBe(
      `余额不足：本次需 ¥${need.toFixed(2)}，当前余额 ¥${(balance / 100).toFixed(2)}，请先充值`,
    );
    expect(translate('en-US', err.messageKey, err.params)).toBe(
      `Insufficient balance: this needs ¥${need.toFixed(2)} and the balance is ¥${(balance / 100).toFixed(2)}; top up first`,
    );
    expect(await balanceFen(t, demo)).toBe(balance);
  });

  it('charges nothing to a tenant without a balance row, and refuses it', async () => {
    const err = (await caught(
      t.deps.db.transaction((tx) => charge(tx, { tenantId: other, userId: null }, 'S10', 1, { type: 'x', id: '1' })),
    )) as ConflictError;
    expect(err.code).toBe('payments.insufficientBalance');
    expect(err.params).toEqual({ need: '1.20', balance: '0.00' });
  });

  it('never overdraws and never loses an update under concurrent charges', async () => {
    // Spend down to a known balance first, then race 80 one-car charges (1.00 yuan each) for 50.00 yuan.
    const current = await balanceFen(t, demo);
    if (current > 0) {
      await t.deps.db.transaction(async (tx) => {
        const whole = Math.floor(current / 100);
        if (whole > 0) await charge(tx, actor(), 'S10', whole, { type: 'drain', id: '1' });
      });
    }
    const rest = await balanceFen(t, demo);
    await fundBalance(t, demo, 5_000 - rest);
    expect(await balanceFen(t, demo)).toBe(5_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 80 }, (_, i) =>
        t.deps.db.transaction((tx) => charge(tx, actor(), 'S10', 1, { type: 'race', id: String(i) })),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(((r as PromiseRejectedResult).reason as ConflictError).code).toBe('payments.insufficientBalance');
    }
    expect(await balanceFen(t, demo)).toBe(0);
    // Every success saw a distinct balance after it: 49.00 down to 0.00, none lost.
    const afters = ok.map((o) => (o as PromiseFulfilledResult<{ balanceAfterFen: number }>).value.balanceAfterFen);
    expect(afters.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i * 100));
    const audit = await auditLedger(t.deps.db, demo);
    expect(audit).toMatchObject({ ok: true, balanceFen: 0, breaks: 0 });
  });

  it('adds up concurrent charges of different sizes exactly', async () => {
    await fundBalance(t, demo, 100_000);
    const start = await balanceFen(t, demo);
    const counts = Array.from({ length: 40 }, (_, i) => (i % 7) + 1);
    await Promise.all(
      counts.map((n, i) =>
        t.deps.db.transaction((tx) => charge(tx, actor(), 'S40', n, { type: 'contract', id: String(i) })),
      ),
    );
    const total = counts.reduce((a, b) => a + b, 0) * 150;
    expect(await balanceFen(t, demo)).toBe(start - total);
    expect((await auditLedger(t.deps.db, demo)).ok).toBe(true);
  });
});

describe('refundCharge', () => {
  it('gives back part, then the rest, of a charge; never more, never the same key twice', async () => {
    await fundBalance(t, demo, 2_000);
    const start = await balanceFen(t, demo);
    const { chargeId } = await t.deps.db.transaction((tx) =>
      charge(tx, actor(), 'S10', 5, { type: 'peccancyOrder', id: '77' }),
    );
    const first = await t.deps.db.transaction((tx) =>
      refundCharge(tx, actor(), chargeId, { count: 2, reason: '查询失败：接口超时', key: 'item:1' }),
    );
    expect(first).toEqual({ amountFen: 200, balanceAfterFen: start - 500 + 200 });
    const [row] = await rowsOf<Record<string, unknown>>(
      t.deps.db,
      sql`select status, refunded_units, refunded_fen from orders where tenant_id = ${demo} and id = ${chargeId}`,
    );
    expect(row).toMatchObject({ status: 'partRefunded', refunded_units: 2 });

    const again = (await caught(
      t.deps.db.transaction((tx) => refundCharge(tx, actor(), chargeId, { count: 1, reason: 'x', key: 'item:1' })),
    )) as ConflictError;
    expect(again.code).toBe('payments.refundRepeated');

    const tooMany = (await caught(
      t.deps.db.transaction((tx) => refundCharge(tx, actor(), chargeId, { count: 4, reason: 'x', key: 'item:2' })),
    )) as ConflictError;
    expect(tooMany.messageKey).toBe('payments.refundTooMuch');
    expect(translate('en-US', tooMany.messageKey, tooMany.params)).toBe(
      'At most 3 units can be given back; 4 were asked',
    );

    // No count: whatever is left.
    const rest = await t.deps.db.transaction((tx) =>
      refundCharge(tx, actor(), chargeId, { reason: '订单取消', key: 'order:cancel' }),
    );
    expect(rest.amountFen).toBe(300);
    expect(await balanceFen(t, demo)).toBe(start);
    const [done] = await rowsOf<Record<string, unknown>>(
      t.deps.db,
      sql`select status, refunded_units from orders where tenant_id = ${demo} and id = ${chargeId}`,
    );
    expect(done).toMatchObject({ status: 'refunded', refunded_units: 5 });
    const none = (await caught(
      t.deps.db.transaction((tx) => refundCharge(tx, actor(), chargeId, { count: 1, reason: 'x', key: 'item:3' })),
    )) as ConflictError;
    expect(none.messageKey).toBe('payments.notRefundable');

    const ledger = await rowsOf<{ kind: string; amount_fen: number }>(
      t.deps.db,
      sql`select kind, amount_fen from balance_ledger where tenant_id = ${demo} and order_id = ${chargeId} order by id`,
    );
    expect(ledger.map((r) => [r.kind, Number(r.amount_fen)])).toEqual([
      ['charge', -500],
      ['chargeRefund', 200],
      ['chargeRefund', 300],
    ]);
    expect((await auditLedger(t.deps.db, demo)).ok).toBe(true);
  });

  it('gives back the same units once when two refunds with one key race', async () => {
    await fundBalance(t, demo, 1_000);
    const { chargeId } = await t.deps.db.transaction((tx) =>
      charge(tx, actor(), 'S10', 4, { type: 'peccancyOrder', id: '78' }),
    );
    const before = await balanceFen(t, demo);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        t.deps.db.transaction((tx) => refundCharge(tx, actor(), chargeId, { count: 1, reason: 'x', key: 'same' })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceFen(t, demo)).toBe(before + 100);
  });

  it("refuses another tenant's charge (not found) and an order that is not a charge", async () => {
    const { chargeId } = await t.deps.db.transaction((tx) =>
      charge(tx, actor(), 'S10', 1, { type: 'peccancyOrder', id: '79' }),
    );
    const err = await caught(
      t.deps.db.transaction((tx) =>
        refundCharge(tx, { tenantId: other, userId: null }, chargeId, { reason: 'x', key: 'k' }),
      ),
    );
    expect(err).toBeInstanceOf(NotFoundError);
    const [topUp] = await rowsOf<{ id: number }>(
      t.deps.db,
      sql`select id from orders where tenant_id = ${demo} and type = 'topUp' limit 1`,
    );
    const notCharge = (await caught(
      t.deps.db.transaction((tx) => refundCharge(tx, actor(), Number(topUp!.id), { reason: 'x', key: 'k' })),
    )) as ConflictError;
    expect(notCharge.messageKey).toBe('payments.notACharge');
  });
});
