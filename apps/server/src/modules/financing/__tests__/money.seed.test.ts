import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, PASSWORDS, type TestApp } from '../../../test/harness.js';
import { BASE, data } from './money.fixture.js';

let t: TestApp;
beforeAll(async () => {
  PASSWORDS.xinda = 'Admin@123';
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the money side of the demo', () => {
  it('has applications of 演示租车 to 鑫达 in S5, S6, S7 and S8', async () => {
    const rows = await rowsOf<{ state: string; n: number }>(
      t.deps.db,
      sql`select a.state, count(*)::int as n from financing_applications a join tenants t on t.id = a.tenant_id
        where t.code = 'DEMO' and a.state in ('S5', 'S6', 'S7', 'S8') group by a.state order by a.state`,
    );
    expect(rows.map((r) => r.state)).toEqual(['S5', 'S6', 'S7', 'S8']);
  });

  it('repays the S7 one: two instalments paid (one late with its fee), one overdue with its fee, the rest to come', async () => {
    const [app] = await rowsOf<{ id: number; code: string }>(
      t.deps.db,
      sql`select a.id, a.code from financing_applications a join tenants t on t.id = a.tenant_id
        where t.code = 'DEMO' and a.state = 'S7'`,
    );
    const list = data<{
      rows: {
        period: number;
        state: string;
        lateFee: number;
        lateFeePaid: number;
        overdueDays: number;
        ageing: string | null;
      }[];
    }>(
      await t.request('GET', `${BASE}/rentFinancingDetail/list`, {
        as: 'xinda',
        query: { applicationId: app!.id, pageSize: 5 },
      }),
    );
    const [i1, i2, i3, i4] = list.rows;
    expect(i1).toMatchObject({ period: 1, state: 'paid', lateFee: 0 });
    expect(i2).toMatchObject({ period: 2, state: 'paid', overdueDays: 6 });
    expect(i2!.lateFee).toBeGreaterThan(0);
    expect(i2!.lateFeePaid).toBe(i2!.lateFee);
    expect(i3).toMatchObject({ period: 3, state: 'pending' });
    expect(i3!.overdueDays).toBeGreaterThan(0);
    expect(i3!.lateFee).toBeGreaterThan(0);
    expect(i3!.ageing).not.toBeNull();
    expect(i4).toMatchObject({ period: 4, state: 'pending', overdueDays: 0 });
    const repayments = data<{ total: number }>(
      await t.request('GET', `${BASE}/rentFinancingRepayment/list`, { as: 'admin', query: { applicationId: app!.id } }),
    );
    expect(repayments.total).toBe(2);
    // The payoff quote of today answers (the S7 one is payable off).
    const quote = data<{ overdue: number; total: number }>(
      await t.request('GET', `${BASE}/rentFinancingCar/payoff/quote/${app!.id}`, { as: 'admin' }),
    );
    expect(quote.overdue).toBeGreaterThan(0);
  });

  it('has the S8 one repaid in full with its deposit return applied for', async () => {
    const [app] = await rowsOf<{ id: number }>(
      t.deps.db,
      sql`select a.id from financing_applications a join tenants t on t.id = a.tenant_id
        where t.code = 'DEMO' and a.state = 'S8'`,
    );
    const states = await rowsOf<{ state: string; n: number }>(
      t.deps.db,
      sql`select state, count(*)::int as n from financing_instalments where application_id = ${app!.id}
        group by state order by state`,
    );
    expect(states).toEqual([{ state: 'paid', n: 12 }]);
    const returns = data<{ rows: { applicationId: number; state: string }[] }>(
      await t.request('GET', `${BASE}/financingDeductDeposit/return/list`, { as: 'xinda' }),
    );
    expect(returns.rows.filter((r) => r.applicationId === app!.id).map((r) => r.state)).toEqual(['applied']);
  });
});
