import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { BASE, data, makeApplication, makeFinancier, type Financier } from './money.fixture.js';

let t: TestApp;
let f: Financier;
let other: Financier;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeFinancier(t);
  other = await makeFinancier(t);
});
afterAll(async () => t.close());

const post = (url: string, as: string, body: unknown) => t.request('POST', `${BASE}${url}`, { as, body });
const get = (url: string, as: string, query?: Record<string, string | number>) =>
  t.request('GET', `${BASE}${url}`, { as, ...(query ? { query } : {}) });

const SALE = {
  use: 'sale',
  buyerName: '王建国',
  buyerIdNo: '110101199003077715',
  buyerPhone: '13812345678',
  salePrice: 118000,
  saleTerms: 36,
  note: '以租代购给网约车司机',
  files: [],
};

describe('rent or sale', () => {
  it('the applicant declares the use of collateral, the financier returns it, agrees after the supplement', async () => {
    const a = await makeApplication(t, f, { state: 'S7' });
    const made = data<{ id: number; state: string; version: number; salePrice: number; applicationCode: string }>(
      await post('/rentFinancingCar/rentOrSale', 'admin', { applicationId: a.id, ...SALE }),
    );
    expect(made).toMatchObject({ state: 'applied', salePrice: 118000, applicationCode: a.code, version: 0 });
    // One open declaration per car.
    const twice = await post('/rentFinancingCar/rentOrSale', 'admin', { applicationId: a.id, use: 'rent' });
    expect(twice.statusCode).toBe(409);
    // The applicant cannot decide; the financier's work list holds it; another financier sees nothing.
    expect(
      (await post('/rentFinancingCar/rentOrSale/audit', 'admin', { id: made.id, version: 0, outcome: 'agree' }))
        .statusCode,
    ).toBe(403);
    const work = data<{ rows: { id: number }[] }>(await get('/rentFinancingCar/rentOrSale/admin', f.risk));
    expect(work.rows.map((r) => r.id)).toContain(made.id);
    expect(data<{ total: number }>(await get('/rentFinancingCar/rentOrSale/admin', other.admin)).total).toBe(0);
    expect((await get(`/rentFinancingCar/rentOrSale/get/${made.id}`, other.admin)).statusCode).toBe(404);
    expect((await get('/rentFinancingCar/rentOrSale/admin', 'admin')).statusCode).toBe(403);
    // Return needs a reason; then the applicant supplements and it waits again.
    const noReason = await post('/rentFinancingCar/rentOrSale/audit', f.risk, {
      id: made.id,
      version: 0,
      outcome: 'return',
    });
    expect(noReason.statusCode).toBe(400);
    const returned = data<{ state: string; reason: string; version: number }>(
      await post('/rentFinancingCar/rentOrSale/audit', f.risk, {
        id: made.id,
        version: 0,
        outcome: 'return',
        reason: '请补充购车人的驾驶证',
      }),
    );
    expect(returned).toMatchObject({ state: 'supplementing', reason: '请补充购车人的驾驶证', version: 1 });
    const stale = await post('/rentFinancingCar/rentOrSale/supplement', 'admin', {
      id: made.id,
      version: 0,
      files: [],
    });
    expect(stale.statusCode).toBe(409);
    const supplemented = data<{ state: string; version: number; note: string }>(
      await post('/rentFinancingCar/rentOrSale/supplement', 'admin', {
        id: made.id,
        version: 1,
        note: '已补充驾驶证',
        files: [],
      }),
    );
    expect(supplemented).toMatchObject({ state: 'applied', version: 2, note: '已补充驾驶证' });
    const agreed = data<{ state: string; conditions: string; decidedByName: string }>(
      await post('/rentFinancingCar/rentOrSale/audit', f.risk, {
        id: made.id,
        version: 2,
        outcome: 'agreeWithConditions',
        conditions: '售价不低于剩余本金',
      }),
    );
    expect(agreed).toMatchObject({ state: 'agreedWithConditions', conditions: '售价不低于剩余本金' });
    expect(agreed.decidedByName).toBeTruthy();
    // Decided: neither side may act on it again; a new declaration may follow.
    expect(
      (
        await post('/rentFinancingCar/rentOrSale/audit', f.risk, {
          id: made.id,
          version: 3,
          outcome: 'refuse',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409);
    expect((await post('/rentFinancingCar/rentOrSale', 'admin', { applicationId: a.id, use: 'rent' })).statusCode).toBe(
      200,
    );
    // The history of the application has each step; the financier's reads are in its operation log.
    const history = data<{ action: string; side: string }[]>(
      await get(`/financingActivityLog/history/${a.id}`, 'admin'),
    );
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['rentOrSale', 'rentOrSaleAudit', 'rentOrSaleSupplement']),
    );
    const reads = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from operation_logs where tenant_id = ${f.id} and action = 'financing.read'
        and target_type = 'financingRentOrSale'`,
    );
    expect(Number(reads[0]!.n)).toBeGreaterThanOrEqual(1);
  });

  it('refuses a car that is not collateral, a sale without its buyer, and another tenant', async () => {
    const draft = await makeApplication(t, f, { state: 'S2' });
    const notYet = await post('/rentFinancingCar/rentOrSale', 'admin', { applicationId: draft.id, use: 'rent' });
    expect(notYet.statusCode).toBe(409);
    const a = await makeApplication(t, f, { state: 'S5' });
    const noBuyer = await post('/rentFinancingCar/rentOrSale', 'admin', { applicationId: a.id, use: 'sale' });
    expect(noBuyer.statusCode).toBe(400);
    expect(noBuyer.json().errors.map((e: { path: string }) => e.path)).toContain('buyerName');
    expect((await post('/rentFinancingCar/rentOrSale', 'other', { applicationId: a.id, use: 'rent' })).statusCode).toBe(
      404,
    );
    // A user without finance:apply (the clerk reads only) is refused.
    expect((await post('/rentFinancingCar/rentOrSale', 'clerk', { applicationId: a.id, use: 'rent' })).statusCode).toBe(
      403,
    );
    const made = data<{ id: number }>(
      await post('/rentFinancingCar/rentOrSale', 'admin', { applicationId: a.id, use: 'rent' }),
    );
    expect((await get(`/rentFinancingCar/rentOrSale/get/${made.id}`, 'other')).statusCode).toBe(404);
    expect(data<{ total: number }>(await get('/rentFinancingCar/rentOrSale/list', 'other')).total).toBe(0);
  });
});

describe('certificates', () => {
  it('the financier records what it holds and returns it; the applicant reads them', async () => {
    const a = await makeApplication(t, f, { state: 'S7' });
    const held = data<{ id: number; state: string }>(
      await post('/rentFinancingCar/rentOrSale/cert/save', f.risk, {
        applicationId: a.id,
        kind: 'registration',
        number: '330100123456',
        receivedAt: '2026-03-02',
      }),
    );
    expect(held.state).toBe('held');
    const bad = await post('/rentFinancingCar/rentOrSale/cert/save', f.risk, {
      id: held.id,
      applicationId: a.id,
      kind: 'registration',
      receivedAt: '2026-03-02',
      returnedAt: '2026-03-01',
      state: 'returned',
    });
    expect(bad.statusCode).toBe(400);
    const back = data<{ state: string; returnedAt: string }>(
      await post('/rentFinancingCar/rentOrSale/cert/save', f.risk, {
        id: held.id,
        applicationId: a.id,
        kind: 'registration',
        number: '330100123456',
        receivedAt: '2026-03-02',
        returnedAt: '2026-09-30',
        state: 'returned',
      }),
    );
    expect(back).toMatchObject({ state: 'returned', returnedAt: '2026-09-30' });
    const mine = data<{ rows: { id: number; applicationCode: string }[] }>(
      await get('/rentFinancingCar/rentOrSale/cert', 'admin', { applicationId: a.id }),
    );
    expect(mine.rows).toEqual([expect.objectContaining({ id: held.id, applicationCode: a.code })]);
    // Only the application's financier records; the applicant may not; another tenant sees none.
    expect(
      (await post('/rentFinancingCar/rentOrSale/cert/save', other.admin, { applicationId: a.id, kind: 'invoice' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/rentFinancingCar/rentOrSale/cert/save', 'admin', { applicationId: a.id, kind: 'invoice' }))
        .statusCode,
    ).toBe(403);
    expect(
      data<{ total: number }>(await get('/rentFinancingCar/rentOrSale/cert', 'other', { applicationId: a.id })).total,
    ).toBe(0);
  });
});

describe('booked cars', () => {
  it('books a model with its earnest, pays, buys; refuses bad moves, stale versions, other tenants', async () => {
    const made = data<{ id: number; code: string; state: string; earnest: number; rentName: string }>(
      await post('/car/booked/create', 'admin', {
        brand: '比亚迪',
        series: '秦PLUS',
        model: '秦PLUS DM-i 2024款 55KM 领先型',
        colour: '白',
        quantity: 5,
        guidePrice: 99800,
        earnest: 25000,
        expectedDate: '2027-01-15',
        contactName: '赵经理',
        contactPhone: '13900001111',
        financierId: f.id,
      }),
    );
    expect(made).toMatchObject({ state: 'booked', earnest: 25000 });
    expect(made.code).toMatch(/^YD\d{6}\d{4}$/);
    const tooMuch = await post('/car/booked/create', 'admin', {
      brand: '比亚迪',
      model: 'x',
      guidePrice: 1000,
      earnest: 5000,
    });
    expect(tooMuch.statusCode).toBe(400);
    const badPhone = await post('/car/booked/create', 'admin', { brand: '比亚迪', model: 'x', contactPhone: '123' });
    expect(badPhone.statusCode).toBe(400);
    const paid = data<{ state: string; version: number }>(
      await post(`/car/booked/state/${made.id}`, 'admin', { version: 0, state: 'earnestPaid' }),
    );
    expect(paid).toMatchObject({ state: 'earnestPaid', version: 1 });
    expect((await post(`/car/booked/state/${made.id}`, 'admin', { version: 0, state: 'purchased' })).statusCode).toBe(
      409,
    );
    expect((await post(`/car/booked/state/${made.id}`, 'admin', { version: 1, state: 'booked' })).statusCode).toBe(409);
    expect(
      data<{ state: string }>(await post(`/car/booked/state/${made.id}`, 'admin', { version: 1, state: 'purchased' }))
        .state,
    ).toBe('purchased');
    const list = data<{ rows: { id: number }[] }>(await get('/car/booked/list/rent', 'admin', { keyword: '秦PLUS' }));
    expect(list.rows.map((r) => r.id)).toContain(made.id);
    expect((await get(`/car/booked/get/${made.id}`, 'other')).statusCode).toBe(404);
    expect(data<{ total: number }>(await get('/car/booked/list/rent', 'other')).total).toBe(0);
    // A financier keeps no bookings; the clerk (read only) may not book.
    expect((await get('/car/booked/list/rent', f.admin)).statusCode).toBe(403);
    expect((await post('/car/booked/create', 'clerk', { brand: '比亚迪', model: 'x' })).statusCode).toBe(403);
  });
});
