import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../core/access.js';
import { rowsOf } from '../../../core/db.js';
import { AppError, type ConflictError } from '../../../core/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  auditRenterLedger,
  createRenterTopUp,
  creditRenter,
  debitRenter,
  renterBalance,
  renterBalancesOf,
  renterLedger,
} from '../renter-balance.service.js';
import { balanceFen, tenantId, userId } from './helpers.js';

let t: TestApp;
let demo: number;
let other: number;
let ctx: RequestContext;
let renters: number[];
let otherDriver: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await tenantId(t, 'DEMO');
  other = await tenantId(t, 'OTHER');
  ctx = { tenantId: demo, userId: await userId(t, 'admin'), lang: 'zh-CN', rentIds: [] } as unknown as RequestContext;
  const rows = await rowsOf<{ id: number }>(
    t.deps.db,
    sql`select id from drivers where tenant_id = ${demo} and deleted_at is null order by id limit 4`,
  );
  renters = rows.map((r) => Number(r.id));
  const [o] = await rowsOf<{ id: number }>(t.deps.db, sql`select id from drivers where tenant_id = ${other} limit 1`);
  otherDriver = Number(o!.id);
});
afterAll(async () => t.close());

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function token(payUrl: string): string {
  return new URL(payUrl).searchParams.get('token')!;
}

async function topUpPaid(driverId: number, fen: number) {
  const info = await createRenterTopUp(t.deps, ctx, driverId, fen);
  expect(info).toMatchObject({ amount: fen / 100, provider: 'sandbox', sandbox: true });
  expect(info.orderNo).toMatch(/^P\d{20}$/);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/trade/${info.orderNo}/decide`,
    payload: { token: token(info.payUrl!), action: 'approve' },
  });
  expect(res.statusCode).toBe(200);
  const st = await t.request('GET', `/api/ccwadmin/order/pay/status/${info.orderId}`, { as: 'admin' });
  expect(st.json().data.status).toBe('paid');
  return info;
}

describe('renter balances', () => {
  it('credits a paid renterTopUp order once, whatever asks about the payment again; not the tenant balance', async () => {
    const driver = renters[0]!;
    const tenantBefore = await balanceFen(t, demo);
    expect(await renterBalance(t.deps.db, demo, driver)).toEqual({ fen: 0, updatedAt: null });
    const info = await topUpPaid(driver, 20_000);
    expect((await renterBalance(t.deps.db, demo, driver)).fen).toBe(20_000);
    // Polling again and the sandbox notifying again change nothing.
    await t.request('GET', `/api/ccwadmin/order/pay/status/${info.orderId}`, { as: 'admin' });
    const order = (await t.request('GET', `/api/ccwadmin/order/${info.orderId}`, { as: 'admin' })).json().data;
    expect(order).toMatchObject({
      type: 'renterTopUp',
      status: 'paid',
      reference: { type: 'driver', id: String(driver) },
    });
    expect((await renterBalance(t.deps.db, demo, driver)).fen).toBe(20_000);
    const rows = await rowsOf<{ kind: string; amount_fen: number; order_id: number }>(
      t.deps.db,
      sql`select kind, amount_fen, order_id from renter_ledger where tenant_id = ${demo} and driver_id = ${driver}`,
    );
    expect(rows.map((r) => [r.kind, Number(r.amount_fen), Number(r.order_id)])).toEqual([
      ['topUp', 20_000, info.orderId],
    ]);
    expect(await balanceFen(t, demo)).toBe(tenantBefore);
  });

  it('debits a trip once; a short balance is 409 renterInsufficient and moves nothing; the ledger replays the balance', async () => {
    const driver = renters[1]!;
    const now = t.clock.now();
    await t.deps.db.transaction((tx) =>
      creditRenter(tx, { tenantId: demo, driverId: driver, amountFen: 5_000, kind: 'adjust', now }),
    );
    const after = await t.deps.db.transaction((tx) =>
      debitRenter(tx, {
        tenantId: demo,
        driverId: driver,
        amountFen: 3_210,
        referenceType: 'timeShareTrip',
        referenceId: '7',
        now,
      }),
    );
    expect(after).toBe(1_790);
    const twice = await refusal(
      t.deps.db.transaction((tx) =>
        debitRenter(tx, {
          tenantId: demo,
          driverId: driver,
          amountFen: 100,
          referenceType: 'timeShareTrip',
          referenceId: '7',
          now,
        }),
      ),
    );
    expect(twice.httpStatus).toBe(409);
    expect(twice.messageKey).toBe('payments.renterDebitRepeated');
    const short = await refusal(
      t.deps.db.transaction((tx) =>
        debitRenter(tx, {
          tenantId: demo,
          driverId: driver,
          amountFen: 1_791,
          referenceType: 'timeShareTrip',
          referenceId: '8',
          now,
        }),
      ),
    );
    expect(short.httpStatus).toBe(409);
    expect(short.messageKey).toBe('payments.renterInsufficient');
    expect(short.params).toEqual({ need: '17.91', balance: '17.90' });
    expect((short as ConflictError).data).toEqual({ needFen: 1_791, balanceFen: 1_790 });
    expect((await renterBalance(t.deps.db, demo, driver)).fen).toBe(1_790);
    // A renter who never had a balance is short too.
    const none = await refusal(
      t.deps.db.transaction((tx) =>
        debitRenter(tx, {
          tenantId: demo,
          driverId: renters[3]!,
          amountFen: 1,
          referenceType: 'timeShareTrip',
          referenceId: '9',
          now,
        }),
      ),
    );
    expect(none.messageKey).toBe('payments.renterInsufficient');
    await t.deps.db.transaction((tx) =>
      debitRenter(tx, {
        tenantId: demo,
        driverId: driver,
        amountFen: 1_790,
        referenceType: 'timeShareTrip',
        referenceId: '8',
        now,
      }),
    );
    expect(await auditRenterLedger(t.deps.db, demo, driver)).toEqual({
      ok: true,
      balanceFen: 0,
      ledgerFen: 0,
      brokenAt: null,
    });
    const page = await renterLedger(t.deps.db, demo, { driverId: driver, pageNum: 1, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([
      ['trip', -17.9, 0],
      ['trip', -32.1, 17.9],
    ]);
    expect(page.rows[0]).toMatchObject({ referenceType: 'timeShareTrip', referenceId: '8', orderId: null });
    const trips = await renterLedger(t.deps.db, demo, { driverId: driver, kind: 'adjust', pageNum: 1, pageSize: 20 });
    expect(trips.rows.map((r) => r.amount)).toEqual([50]);
  });

  it('never overdraws when two debits race', async () => {
    const driver = renters[2]!;
    const now = t.clock.now();
    await t.deps.db.transaction((tx) =>
      creditRenter(tx, { tenantId: demo, driverId: driver, amountFen: 1_000, kind: 'adjust', now }),
    );
    const debit = (ref: string) =>
      t.deps.db.transaction((tx) =>
        debitRenter(tx, {
          tenantId: demo,
          driverId: driver,
          amountFen: 700,
          referenceType: 'trip',
          referenceId: ref,
          now,
        }),
      );
    const results = await Promise.allSettled([debit('a'), debit('b')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await renterBalance(t.deps.db, demo, driver)).fen).toBe(300);
    expect((await auditRenterLedger(t.deps.db, demo, driver)).ok).toBe(true);
    expect(await renterBalancesOf(t.deps.db, demo, [driver, renters[3]!])).toEqual(new Map([[driver, 300]]));
  });

  it('does not top up another tenant’s driver', async () => {
    const err = await refusal(createRenterTopUp(t.deps, ctx, otherDriver, 1_000));
    expect(err.httpStatus).toBe(404);
    const orders = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where tenant_id = ${demo} and type = 'renterTopUp' and reference_id = ${String(otherDriver)}`,
    );
    expect(Number(orders[0]!.n)).toBe(0);
  });
});
