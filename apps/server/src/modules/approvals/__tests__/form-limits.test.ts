import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { caller } from '../../../test/office.js';
import { A, ids as seedIds, staff } from './fixtures.js';

/**
 * Issue "Hardening 2", items 7 and 8 in approval forms: a money field takes whole fen only (the shared money
 * schema) and a date field the shared date range.
 */
let t: TestApp;
let as: ReturnType<typeof staff>;
let ids: Awaited<ReturnType<typeof seedIds>>;
beforeAll(async () => {
  t = await createTestApp();
  as = staff(t);
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const call = caller(
  () => t,
  A,
  () => as,
);
const expense = (amount: unknown, spentOn = '2026-11-01') => ({
  costCentreId: ids.centre('OPS-HZ'),
  category: 'travel',
  amount,
  spentOn,
});

describe('approval form fields at their limits', () => {
  it('refuses money below a fen or with more than two decimals', async () => {
    for (const amount of [1e-9, 0.001, 12.345]) {
      const res = await call('POST', '/request/save', 'zhengkai', {
        businessType: 'expense',
        summary: '报销',
        form: expense(amount),
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors[0].path).toBe('form.amount');
    }
    const ok = await call('POST', '/request/save', 'zhengkai', {
      businessType: 'expense',
      summary: '报销',
      form: expense(0.01),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses dates outside 1900-2200', async () => {
    for (const day of ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      const res = await call('POST', '/request/save', 'zhengkai', {
        businessType: 'expense',
        summary: '报销',
        form: expense(10, day),
      });
      expect(res.statusCode, day).toBe(400);
      expect(res.json().errors[0].path).toBe('form.spentOn');
    }
  });
});
