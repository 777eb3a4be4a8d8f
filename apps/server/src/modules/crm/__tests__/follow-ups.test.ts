import type { FollowUpRow, LeadDetail } from '@fleetdesk/contracts/crm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addLead, addRole, addSales, driverInput, F, ids, L, SALES_GRANTS } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
let sales: { id: number; token: string };
let viewer: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  sales = await addSales(t, 'fusales', await addRole(t, r.demo, SALES_GRANTS, 'own'), r.hz);
  // may edit leads, may not add drivers
  viewer = await addSales(t, 'fuviewer', await addRole(t, r.demo, ['crm', 'crm:view', 'crm:edit'], 'assigned'), r.hz);
});
afterAll(async () => t.close());

const get = async (id: number) => (await t.request('GET', `${L}/get/${id}`, { as: 'admin' })).json().data as LeadDetail;

describe('follow-ups', () => {
  it('the first follow-up makes a new lead following; the lead keeps the last one and the next time', async () => {
    const lead = await addLead(t, { rentId: r.hz }, { token: sales.token });
    const now = t.clock.now();
    const at = new Date(now.getTime() - 3_600_000).toISOString();
    const nextAt = new Date(now.getTime() + 2 * 86_400_000).toISOString();
    const res = await t.request('POST', `${F}/create`, {
      token: sales.token,
      body: {
        leadId: lead.id,
        at,
        way: 'phone',
        content: '客户想要比亚迪秦 PLUS，月租预算 4000 元左右，'.repeat(3),
        nextStep: '约到店试驾',
        nextAt,
        intent: 'strong',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data as FollowUpRow;
    expect(row).toMatchObject({ leadId: lead.id, userId: sales.id, way: 'phone', nextAt, leadState: 'following' });
    const after = await get(lead.id);
    expect(after).toMatchObject({
      state: 'following',
      intent: 'strong',
      followUpCount: 1,
      lastFollowUpAt: at,
      nextFollowUpAt: nextAt,
    });
    expect(Array.from(after.lastFollowUpText!)).toHaveLength(60);
    const timeline = await t.request('GET', `${F}/list`, { token: sales.token, query: { leadId: lead.id } });
    expect(timeline.json().data.rows.map((x: FollowUpRow) => x.id)).toEqual([row.id]);
    const mine = await t.request('GET', `${F}/list`, { token: sales.token, query: { mine: true } });
    expect(mine.json().data.total).toBe(1);
  });

  it('validates: future time, next before it, content, a closed lead (409), the list without a filter', async () => {
    const lead = await addLead(t, { rentId: r.hz }, { token: sales.token });
    const now = t.clock.now().getTime();
    const post = (body: Record<string, unknown>) =>
      t.request('POST', `${F}/create`, {
        token: sales.token,
        body: { leadId: lead.id, way: 'visit', content: '面谈', ...body },
      });
    expect((await post({ at: new Date(now + 86_400_000).toISOString() })).statusCode).toBe(400);
    const before = await post({
      at: new Date(now - 60_000).toISOString(),
      nextAt: new Date(now - 120_000).toISOString(),
    });
    expect(before.statusCode).toBe(400);
    expect((await post({ content: '' })).statusCode).toBe(400);
    expect((await post({ way: 'fax' })).statusCode).toBe(400);
    expect((await t.request('GET', `${F}/list`, { token: sales.token })).statusCode).toBe(400);
    await t.request('POST', `${L}/state/${lead.id}`, { token: sales.token, body: { state: 'lost', reason: '价格' } });
    expect((await post({})).statusCode).toBe(409);
    expect(
      (await t.request('POST', `${F}/create`, { as: 'clerk', body: { leadId: lead.id, way: 'phone', content: 'x' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('state changes', () => {
  it('follows LEAD_TRANSITIONS: paused, resumed, lost with a reason, reopened; won only by conversion', async () => {
    const lead = await addLead(t, { rentId: r.hz });
    const move = (body: Record<string, unknown>) => t.request('POST', `${L}/state/${lead.id}`, { as: 'admin', body });
    expect((await move({ state: 'paused' })).json().data.state).toBe('paused');
    expect((await move({ state: 'paused' })).statusCode).toBe(409);
    expect((await move({ state: 'following' })).json().data.transitions).toEqual(['paused', 'lost']);
    expect((await move({ state: 'lost' })).statusCode).toBe(400);
    expect((await move({ state: 'lost', reason: 'x'.repeat(201) })).statusCode).toBe(400);
    const lost = (await move({ state: 'lost', reason: '已购车' })).json().data as LeadDetail;
    expect(lost).toMatchObject({ state: 'lost', lostReason: '已购车', transitions: ['following'] });
    expect((await move({ state: 'paused' })).statusCode).toBe(409);
    expect((await move({ state: 'won' })).statusCode).toBe(400);
    expect((await move({ state: 'following' })).json().data).toMatchObject({ state: 'following', lostReason: null });
  });
});

describe('conversion', () => {
  it('makes a driver through the drivers area, marks the lead won, once', async () => {
    const lead = await addLead(t, { rentId: r.hz, name: '转化客户' }, { token: sales.token });
    const body = driverInput({ name: '转化客户', phone: lead.phone });
    delete (body as Record<string, unknown>).rentId;
    const res = await t.request('POST', `${L}/convert/${lead.id}`, { token: sales.token, body });
    expect(res.statusCode, res.body).toBe(200);
    const driverId = res.json().data.driverId as number;
    const after = await get(lead.id);
    expect(after).toMatchObject({ state: 'won', driverId, driverName: '转化客户', transitions: [] });
    expect(after.wonAt).not.toBeNull();
    expect(after.ownerLog[0]!.action).toBe('convert');
    const driver = await t.request('GET', `/api/ccwadmin/rentDriver/${driverId}`, { as: 'admin' });
    expect(driver.json().data).toMatchObject({ phone: lead.phone, rentId: r.hz, state: 'prospect' });
    const twice = await t.request('POST', `${L}/convert/${lead.id}`, { token: sales.token, body: driverInput() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('crm.alreadyWon');
    // a won lead is not edited, deleted or moved
    expect((await t.request('POST', `${L}/delete/${lead.id}`, { as: 'admin' })).statusCode).toBe(409);
    expect(
      (await t.request('POST', `${L}/state/${lead.id}`, { as: 'admin', body: { state: 'paused' } })).statusCode,
    ).toBe(409);
  });

  it('answers 409 crm.driverExists with the driver holding the phone or the ID number, and changes nothing', async () => {
    const first = await addLead(t, { rentId: r.hz });
    const input = driverInput({ phone: first.phone });
    expect((await t.request('POST', `${L}/convert/${first.id}`, { as: 'admin', body: input })).statusCode).toBe(200);
    const driverId = (await get(first.id)).driverId;
    const second = await addLead(t, { rentId: r.hz });
    // the same ID number, another phone
    const res = await t.request('POST', `${L}/convert/${second.id}`, {
      as: 'admin',
      body: { ...input, phone: second.phone },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'crm.driverExists', data: { driverId, driverName: input.name } });
    expect((await get(second.id)).state).toBe('new');
  });

  it('needs crm:edit and rentDriver:add (403), and validates the driver form (400)', async () => {
    const lead = await addLead(t, { rentId: r.hz });
    const res = await t.request('POST', `${L}/convert/${lead.id}`, {
      token: viewer.token,
      body: driverInput({ phone: lead.phone }),
    });
    expect(res.statusCode).toBe(403);
    const bad = await t.request('POST', `${L}/convert/${lead.id}`, {
      as: 'admin',
      body: { ...driverInput(), idNumber: '123' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
