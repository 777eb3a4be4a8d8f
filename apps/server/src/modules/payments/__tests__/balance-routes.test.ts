import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { charge, refundCharge } from '../payments.service.js';
import { balanceFen, fundBalance, tenantId, userId } from './helpers.js';

let t: TestApp;
let demo: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await tenantId(t, 'DEMO');
  other = await tenantId(t, 'OTHER');
});
afterAll(async () => t.close());

const PRICE = '/api/ccwadmin/service/price/compute';

describe('service/price/compute/{serviceCode}/{count}', () => {
  it('answers the unit price, total and the balance before and after in yuan', async () => {
    await fundBalance(t, demo, 12_345);
    const balance = (await balanceFen(t, demo)) / 100;
    const res = await t.request('GET', `${PRICE}/S10/1`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      serviceCode: 'S10',
      count: 1,
      unitPrice: 1,
      total: 1,
      balance,
      balanceAfter: Math.round((balance - 1) * 100) / 100,
    });
    const many = (await t.request('GET', `${PRICE}/S40/12`, { as: 'admin' })).json().data;
    expect(many).toMatchObject({ unitPrice: 1.5, total: 18 });
  });

  it('is open to any signed-in user of a tenant whose plan has the service', async () => {
    // The clerk holds no billing permission but may price a violation query.
    expect((await t.request('GET', `${PRICE}/S10/3`, { as: 'clerk' })).statusCode).toBe(200);
    // Other Rentals' plan (Professional) has no notarization.
    const res = await t.request('GET', `${PRICE}/S30/1`, { as: 'other', lang: 'en-US' });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(40301);
    // A short balance is a negative balance after, not an error: the price is still asked before topping up.
    const short = (await t.request('GET', `${PRICE}/S10/2`, { as: 'other' })).json().data;
    expect(short).toMatchObject({ unitPrice: 1.2, total: 2.4, balance: 0, balanceAfter: -2.4 });
  });

  it('refuses an unknown service, a bad count, no token and an expired membership', async () => {
    const bad = await t.request('GET', `${PRICE}/S99/1`, { as: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['serviceCode']);
    for (const count of ['0', '1.5', 'x', '100001']) {
      const res = await t.request('GET', `${PRICE}/S10/${count}`, { as: 'admin' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('count');
    }
    expect((await t.request('GET', `${PRICE}/S10/1`)).statusCode).toBe(401);
    const expired = await t.request('GET', `${PRICE}/S10/1`, { as: 'expired' });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().status).toBe(40302);
  });
});

describe('paid services price list', () => {
  it("lists every service with the plan's unit price, or unavailable, and every plan's price", async () => {
    const list = (await t.request('GET', '/api/ccwadmin/service/price/list', { as: 'other', lang: 'en-US' })).json()
      .data;
    expect(list.map((s: { code: string }) => s.code)).toEqual(['S10', 'S20', 'S30', 'S40']);
    const s10 = list.find((s: { code: string }) => s.code === 'S10');
    expect(s10).toMatchObject({ name: 'Violation query', unit: 'car', unitPrice: 1.2, available: true });
    expect(s10.prices.map((p: { planCode: string; unitPrice: number }) => [p.planCode, p.unitPrice])).toEqual([
      ['STANDARD', 1.5],
      ['PROFESSIONAL', 1.2],
      ['ENTERPRISE', 1],
    ]);
    expect(list.find((s: { code: string }) => s.code === 'S30')).toMatchObject({ available: false, unitPrice: null });
    expect(list.find((s: { code: string }) => s.code === 'S20')).toMatchObject({ includedPerMonth: 2000 });
  });
});

describe('balance and ledger', () => {
  it('shows the balance and the ledger newest first, each row with the balance after it', async () => {
    const admin = await userId(t, 'admin');
    await fundBalance(t, demo, 5_000);
    const { chargeId } = await t.deps.db.transaction((tx) =>
      charge(tx, { tenantId: demo, userId: admin }, 'S10', 4, { type: 'peccancyOrder', id: '9' }),
    );
    await t.deps.db.transaction((tx) =>
      refundCharge(tx, { tenantId: demo, userId: admin }, chargeId, { count: 1, reason: '查询失败', key: 'car:1' }),
    );
    const balance = (await t.request('GET', '/api/ccwadmin/balance/info', { as: 'admin' })).json().data;
    expect(balance.balance).toBe((await balanceFen(t, demo)) / 100);
    const ledger = (await t.request('GET', '/api/ccwadmin/balance/ledger/list', { as: 'admin', lang: 'en-US' })).json()
      .data;
    const [refund, debit, topUp] = ledger.rows;
    expect(refund).toMatchObject({
      kind: 'chargeRefund',
      amount: 1,
      balanceAfter: balance.balance,
      serviceCode: 'S10',
      serviceName: 'Violation query',
      count: 1,
      description: '查询失败',
      createdByName: '张伟',
    });
    // A charge has no note: what it is reads from its kind and service, in the reader's language.
    expect(debit).toMatchObject({
      kind: 'charge',
      amount: -4,
      balanceAfter: balance.balance - 1,
      count: 4,
      description: '',
    });
    expect(debit.orderNo).toMatch(/^S\d{20}$/);
    expect(topUp).toMatchObject({ kind: 'topUp', amount: 50, balanceAfter: balance.balance + 3 });
    expect(ledger.total).toBeGreaterThanOrEqual(3);
  });

  it('filters the ledger by kind, service and days in the tenant zone', async () => {
    const q = (query: Record<string, string>) =>
      t.request('GET', '/api/ccwadmin/balance/ledger/list', { as: 'admin', query });
    const charges = (await q({ kind: 'charge' })).json().data;
    expect(charges.rows.every((r: { kind: string }) => r.kind === 'charge')).toBe(true);
    expect((await q({ serviceCode: 'S40' })).json().data.total).toBe(0);
    const day = (at: Date | string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(at));
    const today = day(t.clock.now());
    const all = (await q({ pageSize: '100' })).json().data;
    const todays = all.rows.filter((r: { createdAt: string }) => day(r.createdAt) === today).length;
    expect(todays).toBeGreaterThan(0);
    expect(all.total).toBeGreaterThan(todays); // the demo seed's rows are older
    expect((await q({ from: today, to: today })).json().data.total).toBe(todays);
    expect((await q({ to: '2000-01-01' })).json().data.total).toBe(0);
    const bad = await q({ from: '2026-13-01', kind: 'gift' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['from', 'kind']);
  });

  it('exports the ledger as a spreadsheet with the same rows', async () => {
    const res = await t.request('POST', '/api/ccwadmin/balance/ledger/export', {
      as: 'admin',
      body: { kind: 'charge' },
      lang: 'en-US',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // Named with the tenant's day of the test clock, not the machine's.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t.clock.now());
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`Balance ledger-${day}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['Time', 'Kind', 'Amount (yuan)', 'Balance (yuan)', 'Service', 'Order no.']),
    );
    const total = (
      await t.request('GET', '/api/ccwadmin/balance/ledger/list', { as: 'admin', query: { kind: 'charge' } })
    ).json().data.total;
    expect(sheet.actualRowCount - 1).toBe(total);
    expect(sheet.getRow(2).getCell(2).value).toBe('Service charge');
  });

  it('needs billing:view to read and billing:export to export; each tenant sees only its own', async () => {
    for (const url of ['/api/ccwadmin/balance/info', '/api/ccwadmin/balance/ledger/list']) {
      expect((await t.request('GET', url, { as: 'clerk' })).statusCode).toBe(403);
    }
    expect((await t.request('POST', '/api/ccwadmin/balance/ledger/export', { as: 'clerk', body: {} })).statusCode).toBe(
      403,
    );
    await fundBalance(t, other, 700);
    const mine = (await t.request('GET', '/api/ccwadmin/balance/ledger/list', { as: 'other' })).json().data;
    expect(mine.rows.map((r: { amount: number }) => r.amount)).toEqual([7]);
    expect((await t.request('GET', '/api/ccwadmin/balance/info', { as: 'other' })).json().data.balance).toBe(7);
    expect(await balanceFen(t, other)).toBe(700);
  });
});
