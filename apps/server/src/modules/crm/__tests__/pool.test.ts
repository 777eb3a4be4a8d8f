import { MessageCategory } from '@fleetdesk/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../core/clock.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { runCrmHourly } from '../crm.jobs.js';
import { createLead } from '../leads.service.js';
import { claimLeads } from '../pool.js';
import { addLead, addRole, addSales, ctxOf, ids, L, nextPhone, SALES_GRANTS, setCrmRules } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
let sales: { id: number; token: string };
let sales2: { id: number; token: string };
let sales3: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  const role = await addRole(t, r.demo, SALES_GRANTS, 'own');
  sales = await addSales(t, 'poolsales1', role, r.hz);
  sales2 = await addSales(t, 'poolsales2', role, r.hz);
  // claims only on the moved clock (the run's own day may be 29 February 2028: FLEETDESK_TEST_NOW)
  sales3 = await addSales(t, 'poolsales3', role, r.hz);
});
afterAll(async () => t.close());

const claim = (ids: number[], token: string) => t.request('POST', `${L}/claim`, { token, body: { ids } });
const ownerOf = async (id: number) => (await t.request('GET', `${L}/get/${id}`, { as: 'admin' })).json().data;

describe('the pool: claim, assign, release', () => {
  it('claims pool leads (owner log claim), refuses an owned one (409 crm.notInPool)', async () => {
    const a = await addLead(t, { rentId: r.hz, ownerId: null });
    const b = await addLead(t, { rentId: r.hz, ownerId: null });
    const res = await claim([a.id, b.id], sales.token);
    expect(res.statusCode, res.body).toBe(200);
    const after = await ownerOf(a.id);
    expect(after).toMatchObject({ ownerId: sales.id, daysToPool: 15 });
    expect(after.ownerLog.map((g: { action: string }) => g.action)).toEqual(['claim', 'create']);
    // another sales no longer sees it (his own leads and the pool only); the admin sees it owned
    expect((await claim([a.id], sales2.token)).statusCode).toBe(404);
    const owned = await claim([b.id], await t.token('admin'));
    expect(owned.statusCode).toBe(409);
    expect(owned.json().code).toBe('crm.notInPool');
    // validation: an empty list
    expect((await claim([], sales.token)).statusCode).toBe(400);
  });

  it('holds crm.claimPerDay and crm.maxOwned (409)', async () => {
    await setCrmRules(t, r.demo, { claimPerDay: 3, maxOwned: 4 });
    const pool = await Promise.all([0, 1, 2, 3].map(() => addLead(t, { rentId: r.hz, ownerId: null })));
    // sales2 owns nothing yet and claimed nothing today
    expect((await claim([pool[0]!.id, pool[1]!.id], sales2.token)).statusCode).toBe(200);
    const over = await claim([pool[2]!.id, pool[3]!.id], sales2.token);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('crm.claimLimit');
    expect((await claim([pool[2]!.id], sales2.token)).statusCode).toBe(200);
    // maxOwned: assigning two more to sales2 (owns 3) goes beyond 4
    const extra = await Promise.all([0, 1].map(() => addLead(t, { rentId: r.hz, ownerId: null })));
    const assign = await t.request('POST', `${L}/assign`, {
      as: 'admin',
      body: { ids: extra.map((x) => x.id), ownerId: sales2.id },
    });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().code).toBe('crm.maxOwned');
    const one = await t.request('POST', `${L}/assign`, {
      as: 'admin',
      body: { ids: [extra[0]!.id], ownerId: sales2.id },
    });
    expect(one.statusCode, one.body).toBe(200);
    const log = (await ownerOf(extra[0]!.id)).ownerLog[0];
    expect(log).toMatchObject({ action: 'assign', toUserId: sales2.id, byUserName: '张伟' });
    await setCrmRules(t, r.demo, { claimPerDay: 20, maxOwned: null });
  });

  it('assigns to an employee who may see the rent only (400 otherwise), and back to the pool', async () => {
    const lead = await addLead(t, { rentId: r.sh });
    // sales are in HZ only
    const refused = await t.request('POST', `${L}/assign`, {
      as: 'admin',
      body: { ids: [lead.id], ownerId: sales.id },
    });
    expect(refused.statusCode).toBe(400);
    const toPool = await t.request('POST', `${L}/assign`, { as: 'admin', body: { ids: [lead.id], ownerId: null } });
    expect(toPool.statusCode).toBe(200);
    expect((await ownerOf(lead.id)).ownerId).toBeNull();
  });

  it('releases: the owner may, another sales may not', async () => {
    const lead = await addLead(t, { rentId: r.hz }, { token: sales.token });
    expect((await t.request('POST', `${L}/release/${lead.id}`, { token: sales2.token })).statusCode).toBe(404);
    const res = await t.request('POST', `${L}/release/${lead.id}`, { token: sales.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ownerId: null, phoneMasked: true });
    expect(res.json().data.ownerLog[0]).toMatchObject({ action: 'release', fromUserId: sales.id });
  });
});

describe('the pool on a moved clock', () => {
  it('counts claims per tenant day: the limit starts again at midnight in Shanghai (29 February 2028)', async () => {
    await setCrmRules(t, r.demo, { claimPerDay: 2 });
    const clock = new ManualClock(new Date('2028-02-29T15:58:00Z')); // 23:58 on 29 Feb in Shanghai
    const deps = { db: t.deps.db, clock };
    const admin = ctxOf(r.adminId, r.demo, [r.hz, r.sh]);
    const me = ctxOf(sales3.id, r.demo, [r.hz], { ownOnly: true, elements: ['crm:view', 'crm:edit'] });
    const pool = [];
    for (let i = 0; i < 4; i++)
      pool.push(
        await createLead(deps, admin, {
          kind: 'person',
          name: `闰日${i}`,
          phone: nextPhone(),
          source: 'phone',
          intent: 'medium',
          rentId: r.hz,
          ownerId: null,
          labelIds: [],
        }),
      );
    await claimLeads(deps, me, { ids: [pool[0]!.id, pool[1]!.id] });
    await expect(claimLeads(deps, me, { ids: [pool[2]!.id] })).rejects.toMatchObject({ messageKey: 'crm.claimLimit' });
    clock.set(new Date('2028-02-29T16:01:00Z')); // 00:01 on 1 March in Shanghai
    await expect(claimLeads(deps, me, { ids: [pool[2]!.id] })).resolves.toEqual({ ids: [pool[2]!.id] });
    await setCrmRules(t, r.demo, { claimPerDay: 20 });
  });

  it('returns a lead without follow-up after crm.poolDays (across a month end), once, and tells the former owner', async () => {
    await setCrmRules(t, r.demo, { poolDays: 15 });
    const start = new Date('2027-01-31T02:00:00Z');
    const deps = { db: t.deps.db, clock: new ManualClock(start) };
    const me = ctxOf(sales.id, r.demo, [r.hz], { ownOnly: true, elements: ['crm:view', 'crm:add', 'crm:edit'] });
    const lead = await createLead(deps, me, {
      kind: 'person',
      name: '月末客户',
      phone: nextPhone(),
      source: 'walkIn',
      intent: 'weak',
      rentId: r.hz,
      labelIds: [],
    });
    const before = new Date(start.getTime() + 15 * 86_400_000 - 60_000); // 2027-02-15 01:59Z
    await runCrmHourly(t.deps, before);
    expect((await ownerOf(lead.id)).ownerId).toBe(sales.id);
    const due = new Date(start.getTime() + 15 * 86_400_000);
    const first = await runCrmHourly(t.deps, due);
    expect(first.returned).toBeGreaterThanOrEqual(1);
    const after = await ownerOf(lead.id);
    expect(after.ownerId).toBeNull();
    expect(after.ownerLog[0]).toMatchObject({ action: 'return', fromUserId: sales.id, byUserId: null });
    const again = await runCrmHourly(t.deps, due);
    expect(again.returned).toBe(0);
    const { rows } = await t.deps.database.query<{ category: number; link: string; content: string }>(
      `select category, link, content from push_records where user_id = $1 and link = $2`,
      [sales.id, `/crm/lead/${lead.id}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: MessageCategory.customers });
    expect(rows[0]!.content).toContain('月末客户');
  });

  it('a follow-up restarts the pool clock; a paused lead never returns (29 February)', async () => {
    const start = new Date('2028-02-14T12:00:00Z');
    const clock = new ManualClock(start);
    const deps = { db: t.deps.db, clock };
    const me = ctxOf(sales.id, r.demo, [r.hz], { ownOnly: true, elements: ['crm:view', 'crm:add', 'crm:edit'] });
    const base = {
      kind: 'person' as const,
      source: 'walkIn' as const,
      intent: 'medium' as const,
      rentId: r.hz,
      labelIds: [],
    };
    const followed = await createLead(deps, me, { ...base, name: '跟进过', phone: nextPhone() });
    const paused = await createLead(deps, me, { ...base, name: '暂停的', phone: nextPhone() });
    const { createFollowUp } = await import('../follow-ups.service.js');
    const { setLeadState } = await import('../leads.service.js');
    clock.set(new Date('2028-02-20T12:00:00Z'));
    await createFollowUp(deps, me, { leadId: followed.id, way: 'phone', content: '电话沟通，客户考虑中' });
    await setLeadState(deps, me, paused.id, { state: 'paused' });
    // 15 days after 14 Feb is 29 Feb: neither returns (the follow-up moved it to 6 March)
    await runCrmHourly(t.deps, new Date('2028-02-29T12:00:00Z'));
    expect((await ownerOf(followed.id)).ownerId).toBe(sales.id);
    expect((await ownerOf(paused.id)).ownerId).toBe(sales.id);
    await runCrmHourly(t.deps, new Date('2028-03-06T12:00:00Z'));
    expect((await ownerOf(followed.id)).ownerId).toBeNull();
    expect((await ownerOf(paused.id)).ownerId).toBe(sales.id);
  });

  it('tells the owner of an overdue follow-up once per due time', async () => {
    const now = t.clock.now();
    const next = new Date(now.getTime() + 3_600_000).toISOString();
    const lead = await addLead(t, { rentId: r.hz, nextFollowUpAt: next }, { token: sales2.token });
    const count = async () =>
      (
        await t.deps.database.query(`select 1 from push_records where user_id = $1 and link = $2 and category = $3`, [
          sales2.id,
          `/crm/lead/${lead.id}`,
          MessageCategory.customers,
        ])
      ).rows.length;
    await runCrmHourly(t.deps, now);
    expect(await count()).toBe(0);
    const later = new Date(now.getTime() + 2 * 3_600_000);
    await runCrmHourly(t.deps, later);
    expect(await count()).toBe(1);
    await runCrmHourly(t.deps, later);
    expect(await count()).toBe(1);
    // the list flags a lead whose time has passed
    const late = await addLead(
      t,
      { rentId: r.hz, nextFollowUpAt: new Date(now.getTime() - 60_000).toISOString() },
      { token: sales2.token },
    );
    const list = await t.request('GET', `${L}/list`, {
      token: sales2.token,
      query: { followUp: 'overdue', pageSize: 500 },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data.rows as { id: number; overdue: boolean }[];
    expect(rows.map((x) => [x.id, x.overdue])).toEqual([[late.id, true]]);
  });
});
