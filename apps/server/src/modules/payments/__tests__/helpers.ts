import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db.js';
import type { TestApp } from '../../../test/harness.js';
import { credit, insertLedger } from '../payments.repository.js';

export async function tenantId(t: TestApp, code: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(t.deps.db, sql`select id from tenants where code = ${code}`);
  return Number(row!.id);
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(t.deps.db, sql`select id from users where username = ${username}`);
  return Number(row!.id);
}

/**
 * A paid top-up of `fen` for a tenant, written as the settlement of a payment writes it (a paid top-up order,
 * the credit and its ledger row), for tests that need money on the balance without paying through a provider.
 */
export async function fundBalance(t: TestApp, tenant: number, fen: number): Promise<number> {
  return t.deps.db.transaction(async (tx) => {
    const now = t.clock.now();
    const [order] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into orders (tenant_id, order_no, type, amount_fen, status, pay_method, created_at, expires_at, paid_at)
          values (${tenant}, 'T' || lpad(nextval('order_no_seq')::text, 20, '0'), 'topUp', ${fen}, 'paid', 'sandbox',
                  ${now}, ${now}, ${now})
          returning id`,
    );
    const after = await credit(tx, tenant, fen, now);
    await insertLedger(tx, tenant, {
      kind: 'topUp',
      amountFen: fen,
      balanceAfterFen: after,
      orderId: Number(order!.id),
      description: 'test top-up',
      createdBy: null,
      now,
    });
    return after;
  });
}

export async function balanceFen(t: TestApp, tenant: number): Promise<number> {
  const [row] = await rowsOf<{ balance_fen: number }>(
    t.deps.db,
    sql`select balance_fen from tenant_balances where tenant_id = ${tenant}`,
  );
  return Number(row?.balance_fen ?? 0);
}
