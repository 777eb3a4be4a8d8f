import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('plans', () => {
  it('lists the plans with prices in yuan and marks the current one', async () => {
    const plans = (await t.request('GET', '/api/ccwadmin/associatorTenant/plans', { as: 'other' })).json().data;
    expect(plans.map((p: { code: string }) => p.code)).toEqual(['TRIAL', 'STANDARD', 'PROFESSIONAL', 'ENTERPRISE']);
    expect(plans.find((p: { code: string }) => p.code === 'PROFESSIONAL')).toMatchObject({
      price: 9800,
      current: true,
      name: '专业版',
    });
    expect(plans[0]).toMatchObject({ purchasable: false, price: 0 });
  });
});

describe('membership orders', () => {
  it('lets an expired tenant order a plan; the order is unpaid for 30 minutes', async () => {
    const res = await t.request('POST', '/api/ccwadmin/order/membership', {
      as: 'expired',
      body: { planCode: 'PROFESSIONAL', years: 2 },
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      type: 'membership',
      planCode: 'PROFESSIONAL',
      planName: '专业版',
      years: 2,
      amount: 19600,
      status: 'unpaid',
    });
    expect(order.orderNo).toMatch(/^M\d{20}$/);
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(30 * 60_000);
    t.clock.advance(31 * 60_000);
    expect((await t.request('GET', `/api/ccwadmin/order/${order.id}`, { as: 'expired' })).json().data.status).toBe(
      'closed',
    );
    t.clock.advance(-31 * 60_000);
  });

  it('closes an earlier unpaid membership order when a new one is made', async () => {
    const first = (
      await t.request('POST', '/api/ccwadmin/order/membership', { as: 'other', body: { planCode: 'PROFESSIONAL' } })
    ).json().data;
    const second = (
      await t.request('POST', '/api/ccwadmin/order/membership', { as: 'other', body: { planCode: 'ENTERPRISE' } })
    ).json().data;
    expect(second.amount).toBe(19800);
    const list = (await t.request('GET', '/api/ccwadmin/order/list', { as: 'other' })).json().data;
    expect(list.rows.map((o: { id: number; status: string }) => [o.id, o.status])).toEqual([
      [second.id, 'unpaid'],
      [first.id, 'closed'],
    ]);
  });

  it('refuses the trial, an unknown plan and a downgrade while the membership runs', async () => {
    for (const planCode of ['TRIAL', 'GOLD']) {
      const res = await t.request('POST', '/api/ccwadmin/order/membership', { as: 'admin', body: { planCode } });
      expect(res.statusCode).toBe(409);
    }
    const down = await t.request('POST', '/api/ccwadmin/order/membership', {
      as: 'admin',
      body: { planCode: 'STANDARD' },
      lang: 'en-US',
    });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toEqual({
      status: 30101,
      message: 'A lower plan can only be bought after the current membership ends',
    });
  });

  it('cancels an unpaid order once', async () => {
    const order = (
      await t.request('POST', '/api/ccwadmin/order/membership', { as: 'admin', body: { planCode: 'ENTERPRISE' } })
    ).json().data;
    const res = await t.request('PUT', `/api/ccwadmin/order/cancel/${order.id}`, { as: 'admin' });
    expect(res.json().data.status).toBe('cancelled');
    expect((await t.request('PUT', `/api/ccwadmin/order/cancel/${order.id}`, { as: 'admin' })).statusCode).toBe(409);
  });

  it("needs billing:buy, and never shows another tenant's order", async () => {
    expect(
      (await t.request('POST', '/api/ccwadmin/order/membership', { as: 'clerk', body: { planCode: 'ENTERPRISE' } }))
        .statusCode,
    ).toBe(403);
    const order = (
      await t.request('POST', '/api/ccwadmin/order/membership', { as: 'admin', body: { planCode: 'ENTERPRISE' } })
    ).json().data;
    expect((await t.request('GET', `/api/ccwadmin/order/${order.id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('PUT', `/api/ccwadmin/order/cancel/${order.id}`, { as: 'other' })).statusCode).toBe(404);
  });

  it('validates the years', async () => {
    const res = await t.request('POST', '/api/ccwadmin/order/membership', {
      as: 'admin',
      body: { planCode: 'ENTERPRISE', years: 9 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('years');
  });
});
