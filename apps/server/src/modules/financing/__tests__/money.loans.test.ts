import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFinancingSchedule } from '@fleetdesk/contracts/financing-schedule';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { specEndpoints } from '../../../test/spec.js';
import {
  BASE,
  data,
  makeApplication,
  makeFinancier,
  TERMS,
  today,
  versionOf,
  type Financier,
} from './money.fixture.js';

let t: TestApp;
let f: Financier;
let g: Financier;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeFinancier(t);
  g = await makeFinancier(t);
});
afterAll(async () => t?.close());

describe('the loan: request, confirmation, disbursement', () => {
  it('takes an application from S4 to S7 and saves the schedule the pure module computes', async () => {
    const a = await makeApplication(t, f);
    // The applicant requests the loan for its items (S4 → S5); the items answer their loan states.
    const applied = data<{ state: string; version: number }>(
      await t.request('POST', `${BASE}/rentFinancingCar/loan/apply/${a.id}`, {
        as: 'admin',
        query: { items: 'A3', version: await versionOf(t, a.id) },
      }),
    );
    expect(applied.state).toBe('S5');
    const items = data<{ code: string; loanState: string; amount: number }[]>(
      await t.request('GET', `${BASE}/financing/apply/item/loan/amount/items/${a.id}`, { as: f.admin }),
    );
    expect(items).toEqual([expect.objectContaining({ code: 'A3', loanState: 'requested', amount: 140000 })]);
    // The applicant cannot confirm; the financier's risk officer can (S5 → S6).
    const refused = await t.request('POST', `${BASE}/rentFinancingCar/loan/confirm/${a.id}`, {
      as: 'admin',
      body: { version: applied.version },
    });
    expect(refused.statusCode).toBe(403);
    const confirmed = data<{ state: string; version: number }>(
      await t.request('POST', `${BASE}/rentFinancingCar/loan/confirm/${a.id}`, {
        as: f.risk,
        body: { version: applied.version, note: '凭证齐全' },
      }),
    );
    expect(confirmed.state).toBe('S6');
    // Disbursing is a money step: the risk officer (no finance:pay) may not; a wrong amount is refused.
    const day = await today(t, a.tenantId);
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingCar/disburse/${a.id}`, {
          as: f.risk,
          body: { version: confirmed.version, disbursedDate: day },
        })
      ).statusCode,
    ).toBe(403);
    const wrong = await t.request('POST', `${BASE}/rentFinancingCar/disburse/${a.id}`, {
      as: f.admin,
      body: { version: confirmed.version, disbursedDate: day, amount: 139999.99 },
    });
    expect(wrong.statusCode).toBe(400);
    const disbursed = data<{ state: string }>(
      await t.request('POST', `${BASE}/rentFinancingCar/disburse/${a.id}`, {
        as: f.admin,
        body: { version: confirmed.version, disbursedDate: day, amount: 140000 },
      }),
    );
    expect(disbursed.state).toBe('S7');

    const expected = buildFinancingSchedule({
      method: 'annuity',
      financedFen: TERMS.financedFen,
      periods: 12,
      annualRate: TERMS.annualRate,
      loanDate: day,
      repayDay: Number(day.slice(8, 10)),
      timing: 'arrears',
    });
    const saved = await rowsOf<Record<string, unknown>>(
      t.deps.db,
      sql`select code, period, due_date::text as due_date, principal_fen, interest_fen, amount_fen, remaining_principal_fen, state
        from financing_instalments where application_id = ${a.id} order by period`,
    );
    expect(
      saved.map((r) => ({
        period: Number(r.period),
        dueDate: r.due_date,
        principalFen: Number(r.principal_fen),
        interestFen: Number(r.interest_fen),
        paymentFen: Number(r.amount_fen),
        remainingFen: Number(r.remaining_principal_fen),
      })),
    ).toEqual(expected.instalments);
    expect(saved.map((r) => r.code)).toEqual(
      expected.instalments.map((i) => `${a.code}-${String(i.period).padStart(2, '0')}`),
    );
    expect(saved.reduce((s, r) => s + Number(r.principal_fen), 0)).toBe(TERMS.financedFen);

    // Both sides read the schedule; the financier's reads are in its operation log.
    const mine = data<{ total: number; rows: { code: string }[] }>(
      await t.request('GET', `${BASE}/rentFinancingDetail/list`, { as: 'admin', query: { applicationId: a.id } }),
    );
    expect(mine.total).toBe(12);
    const theirs = data<{ total: number }>(
      await t.request('GET', `${BASE}/rentFinancingDetail/list`, { as: f.admin, query: { applicationId: a.id } }),
    );
    expect(theirs.total).toBe(12);
    const byCode = data<{ period: number; tenantName: string }>(
      await t.request('GET', `${BASE}/rentFinancingDetail/get/code/${a.code}-03`, { as: f.risk }),
    );
    expect(byCode.period).toBe(3);
    const logged = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from operation_logs where tenant_id = ${f.id} and action = 'financing.read'
        and target_id = ${a.code}`,
    );
    expect(Number(logged[0]!.n)).toBeGreaterThan(0);
    // Another financier sees none of it; another rental tenant neither.
    expect(
      (await t.request('GET', `${BASE}/rentFinancingDetail/get/code/${a.code}-03`, { as: g.admin })).statusCode,
    ).toBe(404);
    const foreign = data<{ total: number }>(
      await t.request('GET', `${BASE}/rentFinancingDetail/list`, { as: 'other', query: { applicationId: a.id } }),
    );
    expect(foreign.total).toBe(0);
    expect(
      (await t.request('GET', `${BASE}/financing/apply/item/loan/amount/items/${a.id}`, { as: 'other' })).statusCode,
    ).toBe(404);

    // The activity history has each step.
    const acts = await rowsOf<{ action: string; to_state: string | null; side: string }>(
      t.deps.db,
      sql`select action, to_state, side from financing_activities where application_id = ${a.id} order by id`,
    );
    expect(acts).toEqual([
      { action: 'loanApply', to_state: 'S5', side: 'applicant' },
      { action: 'loanConfirm', to_state: 'S6', side: 'financier' },
      { action: 'disburse', to_state: 'S7', side: 'financier' },
    ]);
  });

  it('lets the financier return a loan request to the applicant (S5 → S4) with a note, and the applicant ask again', async () => {
    const a = await makeApplication(t, f, { state: 'S5' });
    await t.deps.db.execute(
      sql`update financing_apply_items set loan_state = 'requested', requested_at = now() where application_id = ${a.id}`,
    );
    const noNote = await t.request('POST', `${BASE}/rentFinancingCar/loan/return/${a.id}`, {
      as: f.risk,
      body: { version: await versionOf(t, a.id), note: '' },
    });
    expect(noNote.statusCode).toBe(400);
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingCar/loan/return/${a.id}`, {
          as: 'admin',
          body: { version: await versionOf(t, a.id), note: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const back = data<{ state: string; version: number }>(
      await t.request('POST', `${BASE}/rentFinancingCar/loan/return/${a.id}`, {
        as: f.risk,
        body: { version: await versionOf(t, a.id), note: '发票金额与申请不符' },
      }),
    );
    expect(back.state).toBe('S4');
    const items = await rowsOf<{ loan_state: string }>(
      t.deps.db,
      sql`select loan_state from financing_apply_items where application_id = ${a.id}`,
    );
    expect(items.map((i) => i.loan_state)).toEqual(['none']);
    const again = data<{ state: string }>(
      await t.request('POST', `${BASE}/rentFinancingCar/loan/apply/${a.id}`, {
        as: 'admin',
        query: { version: back.version },
      }),
    );
    expect(again.state).toBe('S5');
  });

  it('refuses a step in the wrong state and a stale version (409)', async () => {
    const a = await makeApplication(t, f, { state: 'S4' });
    const early = await t.request('POST', `${BASE}/rentFinancingCar/loan/confirm/${a.id}`, {
      as: f.admin,
      body: { version: 0 },
    });
    expect(early.statusCode).toBe(409);
    const stale = await t.request('POST', `${BASE}/rentFinancingCar/loan/apply/${a.id}`, {
      as: 'admin',
      query: { items: 'A3', version: 7 },
    });
    expect(stale.statusCode).toBe(409);
    // Another financier's application is not found.
    expect(
      (await t.request('POST', `${BASE}/rentFinancingCar/loan/confirm/${a.id}`, { as: g.admin, body: { version: 0 } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the calls', () => {
  it("documents the money side's calls of the spec in the OpenAPI document with their permission", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const money = /rentFinancingDetail|rentFinancingRepayment|loan\/apply|financingDeductDeposit/;
    const mine = specEndpoints().filter(({ area, path }) => area === 'financing' && money.test(path));
    expect(mine.length).toBe(10);
    for (const { method, path } of mine) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/ccwadmin/rentFinancingDetail/pay/{id}'].post['x-permission']).toBe('finance:pay');
    expect(doc.paths['/api/ccwadmin/rentFinancingDetail/list'].get['x-permission']).toBe('finance');
    expect(doc.paths['/api/ccwadmin/rentFinancingCar/loan/apply/{id}'].post['x-permission']).toBe('finance:apply');
  });
});
