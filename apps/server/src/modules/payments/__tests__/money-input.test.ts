import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Yuan, yuan, yuanToFen } from '@fleetdesk/contracts/common';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { fundBalance, tenantId } from './helpers.js';

/**
 * Issue "Hardening 2", item 8: money is integer fen at every boundary. Amounts below a fen passed "more than
 * 0" (1e-9 yuan is 0 fen), and the manual bill line took any number up to ±1e9.
 */
let t: TestApp;
let demo: number;
beforeAll(async () => {
  t = await createTestApp();
  demo = await tenantId(t, 'DEMO');
});
afterAll(async () => t.close());

const C = '/api/ccwadmin/rentContract';

async function openLine() {
  const [row] = await rowsOf<{ id: number; version: number; contract_id: number; rent_id: number }>(
    t.deps.db,
    sql`select id, version, contract_id, rent_id from rental_payment_lines
         where tenant_id = ${demo} and state = 'unpaid' and valid and amount_fen > 100 order by id limit 1`,
  );
  return { id: Number(row!.id), version: Number(row!.version), contractId: Number(row!.contract_id) };
}

async function account(): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    t.deps.db,
    sql`select id from collection_accounts where tenant_id = ${demo} order by id limit 1`,
  );
  return Number(row!.id);
}

describe('the shared money schema', () => {
  it('takes whole fen only: two decimals (with binary rounding noise), nothing below a fen', () => {
    for (const ok of [0, 0.01, 0.07, 0.1 + 0.2, 99.99 * 3, 19.99, 1234567.89, 999_999_999.99, 1_000_000_000]) {
      expect(Yuan.safeParse(ok).success, String(ok)).toBe(true);
      expect(Number.isInteger(yuanToFen(ok))).toBe(true);
    }
    for (const bad of [1e-9, 4e-9, 1e-20, 0.001, 0.005, 10.005, -0.01, 1_000_000_000.01, Number.NaN, Infinity]) {
      expect(Yuan.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(yuan(100, -100).safeParse(-99.99).success).toBe(true);
    expect(yuan(100, -100).safeParse(-100.01).success).toBe(false);
  });
});

describe('collections', () => {
  it('refuse an amount below one fen instead of recording a collection of 0', async () => {
    const line = await openLine();
    const accountId = await account();
    for (const amount of [1e-9, 0.001, 0]) {
      const res = await t.request('POST', `${C}/collect/${line.id}`, {
        as: 'admin',
        body: { amount, accountId, version: line.version },
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors[0].path).toBe('amount');
    }
    const [count] = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from rental_collections where tenant_id = ${demo} and line_id = ${line.id}`,
    );
    expect(count!.n).toBe(0);
    const fen = await t.request('POST', `${C}/collect/${line.id}`, {
      as: 'admin',
      body: { amount: 0.01, accountId, version: line.version },
    });
    expect(fen.statusCode, fen.body).toBe(200);
    expect(fen.json().data).toMatchObject({ paid: 0.01 });
  });
});

describe('withdraw', () => {
  it('refuses 1e-9 yuan with 400 (was a 500)', async () => {
    await fundBalance(t, demo, 10_000);
    const [order] = await rowsOf<{ id: number }>(
      t.deps.db,
      sql`select id from orders where tenant_id = ${demo} and type = 'topUp' and status = 'paid' order by id desc limit 1`,
    );
    for (const amount of [1e-9, 0.001]) {
      const res = await t.request('POST', `/api/ccwadmin/order/refund/${order!.id}`, {
        as: 'admin',
        lang: 'en-US',
        body: { amount, reason: 'x' },
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'amount', message: expect.any(String) });
    }
  });

  it('refuses a top-up of a fraction of a fen', async () => {
    const res = await t.request('POST', '/api/ccwadmin/order/topUp', { as: 'admin', body: { amount: 10.001 } });
    expect(res.statusCode).toBe(400);
  });
});

describe('manual bill lines', () => {
  it('take at most two decimals and at most ten million yuan either way', async () => {
    const line = await openLine();
    for (const amount of [10.005, 1e-9, 1_000_000_000, -1_000_000_000, 10_000_000.01, -10_000_000.01]) {
      const res = await t.request('POST', `${C}/line/add/${line.contractId}`, {
        as: 'admin',
        lang: 'en-US',
        body: { type: 'other', dueDate: '2026-03-01', amount },
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors[0].path).toBe('amount');
    }
    for (const amount of [-5.5, 10_000_000]) {
      const res = await t.request('POST', `${C}/line/add/${line.contractId}`, {
        as: 'admin',
        body: { type: 'other', dueDate: '2026-03-01', amount },
      });
      expect(res.statusCode, `${amount} ${res.body}`).toBe(200);
    }
  });
});
