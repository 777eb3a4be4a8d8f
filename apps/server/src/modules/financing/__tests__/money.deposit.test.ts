import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { appState, BASE, data, disbursedApplication, makeFinancier, type Financier } from './money.fixture.js';

let t: TestApp;
let f: Financier;
let g: Financier;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeFinancier(t);
  g = await makeFinancier(t);
});
afterAll(async () => t?.close());

async function settled() {
  const a = await disbursedApplication(t, f);
  const all = a.instalments.reduce((s, i) => s + i.amountFen, 0);
  data(
    await t.request('POST', `${BASE}/rentFinancingRepayment/create`, {
      as: f.admin,
      body: { applicationId: a.id, amount: all / 100, method: 'recorded' },
    }),
  );
  expect(await appState(t, a.id)).toBe('S8');
  return a;
}

describe('the deposit return after settlement', () => {
  it('is refused before S8', async () => {
    const a = await disbursedApplication(t, f);
    const res = await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
      as: 'admin',
      body: { deductions: [] },
    });
    expect(res.statusCode).toBe(409);
  });

  it('returns the deposit less the deductions, once, when the financier approves', async () => {
    const a = await settled();
    // Deductions above the deposit are refused.
    expect(
      (
        await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
          as: 'admin',
          body: { deductions: [{ reason: '车辆损伤', amount: 5000.01 }] },
        })
      ).statusCode,
    ).toBe(400);
    // The financier does not apply.
    expect(
      (
        await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
          as: f.admin,
          body: { deductions: [] },
        })
      ).statusCode,
    ).toBe(403);
    const applied = data<{ id: number; deposit: number; returnAmount: number; state: string; deductions: unknown[] }>(
      await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
        as: 'admin',
        body: {
          deductions: [
            { reason: '违章未处理', amount: 300 },
            { reason: 'GPS 设备拆除费', amount: 200 },
          ],
          reason: '已结清',
        },
      }),
    );
    expect(applied).toMatchObject({ deposit: 5000, returnAmount: 4500, state: 'applied' });
    expect(applied.deductions).toHaveLength(2);
    expect(
      (
        await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
          as: 'admin',
          body: { deductions: [] },
        })
      ).statusCode,
    ).toBe(409);
    // Another financier does not see it; the applicant cannot decide; the risk officer (finance:audit) can.
    expect(
      (
        await t.request('POST', `${BASE}/financingDeductDeposit/return/decide/${applied.id}`, {
          as: g.admin,
          body: { approve: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request('POST', `${BASE}/financingDeductDeposit/return/decide/${applied.id}`, {
          as: 'admin',
          body: { approve: true },
        })
      ).statusCode,
    ).toBe(403);
    const decided = data<{ state: string; decidedByName: string }>(
      await t.request('POST', `${BASE}/financingDeductDeposit/return/decide/${applied.id}`, {
        as: f.risk,
        body: { approve: true },
      }),
    );
    expect(decided.state).toBe('approved');
    expect(
      (
        await t.request('POST', `${BASE}/financingDeductDeposit/return/decide/${applied.id}`, {
          as: f.risk,
          body: { approve: false, note: 'x' },
        })
      ).statusCode,
    ).toBe(409);
    const list = data<{ rows: { id: number }[] }>(
      await t.request('GET', `${BASE}/financingDeductDeposit/return/list`, { as: f.risk }),
    );
    expect(list.rows.map((r) => r.id)).toContain(applied.id);
    const foreign = data<{ rows: unknown[] }>(
      await t.request('GET', `${BASE}/financingDeductDeposit/return/list`, { as: 'other' }),
    );
    expect(foreign.rows).toHaveLength(0);
    const acts = await rowsOf<{ action: string; side: string }>(
      t.deps.db,
      sql`select action, side from financing_activities where application_id = ${a.id} and action like 'deposit%' order by id`,
    );
    expect(acts).toEqual([
      { action: 'depositApplied', side: 'applicant' },
      { action: 'depositApproved', side: 'financier' },
    ]);
  });

  it('lets a refused return be applied for again', async () => {
    const a = await settled();
    const first = data<{ id: number }>(
      await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
        as: 'admin',
        body: { deductions: [] },
      }),
    );
    data(
      await t.request('POST', `${BASE}/financingDeductDeposit/return/decide/${first.id}`, {
        as: f.admin,
        body: { approve: false, note: '请补充结清证明' },
      }),
    );
    const second = data<{ state: string }>(
      await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
        as: 'admin',
        body: { deductions: [] },
      }),
    );
    expect(second.state).toBe('applied');
  });
});

describe('isolation and permissions', () => {
  it('answers another rental tenant 404 on every record call of an application, and 403 to a user without finance', async () => {
    const a = await disbursedApplication(t, f);
    const i1 = a.instalments[0]!;
    for (const [method, url, body] of [
      ['GET', `${BASE}/rentFinancingCar/payoff/quote/${a.id}`, undefined],
      ['POST', `${BASE}/rentFinancingDetail/pay/${i1.id}?amount=1&method=transfer`, undefined],
      ['POST', `${BASE}/rentFinancingDetail/waive/${i1.id}`, { amount: 1, reason: 'x' }],
      ['GET', `${BASE}/rentFinancingDetail/get/code/${a.code}-01`, undefined],
    ] as const) {
      const res = await t.request(method, url, { as: 'other', ...(body ? { body } : {}) });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const clerk = await t.request('GET', `${BASE}/rentFinancingDetail/list`, { as: 'clerk' });
    expect(clerk.statusCode).toBe(403);
    // The applicant's side only in its data scope: a rent not his is refused or empty.
    const notPaying = data<{ applicationId: number }[]>(
      await t.request('GET', `${BASE}/rentFinancingDetail/get/not/paying`, { as: 'other' }),
    );
    expect(notPaying.filter((x) => x.applicationId === a.id)).toHaveLength(0);
  });
});
