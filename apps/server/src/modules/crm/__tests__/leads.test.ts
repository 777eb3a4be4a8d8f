import type { LeadDetail, LeadListAnswer } from '@fleetdesk/contracts/crm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addLead, addRole, addSales, ids, L, nextPhone, SALES_GRANTS } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
let sales: { id: number; token: string };
let sales2: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  const role = await addRole(t, r.demo, SALES_GRANTS, 'own');
  sales = await addSales(t, 'crmsales1', role, r.hz);
  sales2 = await addSales(t, 'crmsales2', role, r.hz);
});
afterAll(async () => t.close());

const list = async (query: Record<string, string | number | boolean>, as: { as?: string; token?: string }) => {
  const res = await t.request('GET', `${L}/list`, { ...as, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LeadListAnswer;
};

describe('leads: create, read, list', () => {
  it('creates a lead owned by the caller, with its owner log, and lists it under mine', async () => {
    const lead = await addLead(t, {
      rentId: r.hz,
      intent: 'strong',
      wantedCar: '比亚迪秦 PLUS',
      budgetYuan: 4500.5,
      contractKind: 'rentToOwn',
      remark: '下周来店',
    });
    expect(lead).toMatchObject({
      state: 'new',
      ownerId: r.adminId,
      ownerName: '张伟',
      budgetYuan: 4500.5,
      phoneMasked: false,
      transitions: ['following', 'paused', 'lost'],
      followUpCount: 0,
    });
    expect(lead.ownerLog.map((g) => g.action)).toEqual(['create']);
    expect(lead.daysToPool).toBe(15);
    const mine = await list({ view: 'mine', withCounts: true, pageSize: 500 }, { as: 'admin' });
    expect(mine.rows.map((x) => x.id)).toContain(lead.id);
    expect(mine.counts!.mine).toBeGreaterThanOrEqual(1);
    expect(mine.counts!.all).toBeGreaterThanOrEqual(mine.counts!.mine);
    const byKeyword = await list({ view: 'all', keyword: lead.phone.slice(0, 7) }, { as: 'admin' });
    expect(byKeyword.rows.map((x) => x.id)).toContain(lead.id);
    const get = await t.request('GET', `${L}/get/${lead.id}`, { as: 'admin' });
    expect(get.json().data.id).toBe(lead.id);
  });

  it('puts a lead into the pool (ownerId null) and masks its phone in the list', async () => {
    const lead = await addLead(t, { rentId: r.hz, ownerId: null });
    expect(lead.ownerId).toBeNull();
    const pool = await list({ view: 'pool', pageSize: 500 }, { as: 'admin' });
    const row = pool.rows.find((x) => x.id === lead.id)!;
    expect(row.phoneMasked).toBe(true);
    expect(row.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(row.daysToPool).toBeNull();
    // whoever may assign reads the whole number on the lead's page
    expect((await t.request('GET', `${L}/get/${lead.id}`, { as: 'admin' })).json().data.phoneMasked).toBe(false);
  });

  it('refuses a second open lead with the phone: 409 crm.duplicatePhone naming the lead and its owner', async () => {
    const lead = await addLead(t, { rentId: r.hz });
    const res = await t.request('POST', `${L}/create`, {
      as: 'admin',
      body: { name: '另一个', phone: lead.phone, source: 'phone', rentId: r.sh },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'crm.duplicatePhone', data: { leadId: lead.id, ownerName: '张伟' } });
    // once lost, the phone is free again
    const lost = await t.request('POST', `${L}/state/${lead.id}`, {
      as: 'admin',
      body: { state: 'lost', reason: '已选择其他公司' },
    });
    expect(lost.statusCode, lost.body).toBe(200);
    const again = await addLead(t, { rentId: r.sh, phone: lead.phone });
    // and the lost one cannot reopen while the new one holds it
    const reopen = await t.request('POST', `${L}/state/${lead.id}`, { as: 'admin', body: { state: 'following' } });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().data.leadId).toBe(again.id);
  });

  it('validates: 400 for a bad phone, a company without its name, a budget too high, an unknown label', async () => {
    const bad = async (body: Record<string, unknown>, path: string) => {
      const res = await t.request('POST', `${L}/create`, {
        as: 'admin',
        body: { name: '某人', phone: nextPhone(), source: 'walkIn', rentId: r.hz, ...body },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    };
    await bad({ phone: '12345' }, 'phone');
    await bad({ kind: 'company' }, 'companyName');
    await bad({ budgetYuan: 100_001 }, 'budgetYuan');
    await bad({ source: 'fax' }, 'source');
    await bad({ labelIds: [999999] }, 'labelIds');
    const list400 = await t.request('GET', `${L}/list`, {
      as: 'admin',
      query: { createdFrom: '2026-02-01', createdTo: '2026-01-01' },
    });
    expect(list400.statusCode).toBe(400);
  });

  it('counts customer labels in use', async () => {
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select id from labels where tenant_id = $1 and kind = 'customer' order by id limit 1`,
      [r.demo],
    );
    const labelId = Number(rows[0]!.id);
    const before = await t.request('GET', `${A_LABELS}`, { as: 'admin', query: { kind: 'customer' } });
    const used = (before.json().data as { id: number; used: number }[]).find((l) => l.id === labelId)!.used;
    const lead = await addLead(t, { rentId: r.hz, labelIds: [labelId] });
    expect(lead.labels.map((l) => l.id)).toEqual([labelId]);
    const after = await t.request('GET', `${A_LABELS}`, { as: 'admin', query: { kind: 'customer' } });
    expect((after.json().data as { id: number; used: number }[]).find((l) => l.id === labelId)!.used).toBe(used + 1);
  });

  it('updates at a version (409 when stale)', async () => {
    const lead = await addLead(t, { rentId: r.hz });
    const body = { id: lead.id, version: lead.version, name: '改名', phone: lead.phone, source: 'phone', rentId: r.hz };
    const ok = await t.request('PUT', `${L}/update`, { as: 'admin', body });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: '改名', version: lead.version + 1 });
    expect((await t.request('PUT', `${L}/update`, { as: 'admin', body })).statusCode).toBe(409);
  });
});

describe('leads: permissions and scope', () => {
  it('refuses callers without the elements (403)', async () => {
    expect((await t.request('GET', `${L}/list`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('POST', `${L}/create`, { as: 'clerk', body: {} })).statusCode).toBe(403);
    const lead = await addLead(t, { rentId: r.hz });
    // sales may not delete, assign or import
    expect((await t.request('POST', `${L}/delete/${lead.id}`, { token: sales.token })).statusCode).toBe(403);
    expect(
      (await t.request('POST', `${L}/assign`, { token: sales.token, body: { ids: [lead.id], ownerId: sales.id } }))
        .statusCode,
    ).toBe(403);
    // making someone else the owner needs crm:assign
    const res = await t.request('POST', `${L}/create`, {
      token: sales.token,
      body: { name: '王', phone: nextPhone(), source: 'walkIn', rentId: r.hz, ownerId: sales2.id },
    });
    expect(res.statusCode).toBe(403);
  });

  it('own scope: sees his own leads and the pool, never all (403 crm.ownScope) nor another’s lead (404)', async () => {
    const mine = await addLead(t, { rentId: r.hz }, { token: sales.token });
    const theirs = await addLead(t, { rentId: r.hz }, { token: sales2.token });
    const pooled = await addLead(t, { rentId: r.hz, ownerId: null }, { token: sales.token });
    expect(mine.ownerId).toBe(sales.id);
    const seen = await list({ view: 'mine', withCounts: true, pageSize: 500 }, { token: sales.token });
    expect(seen.rows.map((x) => x.id)).toEqual([mine.id]);
    expect(seen.counts!.all).toBeNull();
    const pool = await list({ view: 'pool', pageSize: 500 }, { token: sales.token });
    expect(pool.rows.map((x) => x.id)).toContain(pooled.id);
    expect(pool.rows.find((x) => x.id === pooled.id)!.phoneMasked).toBe(true);
    const all = await t.request('GET', `${L}/list`, { token: sales.token, query: { view: 'all' } });
    expect(all.statusCode).toBe(403);
    expect((await t.request('GET', `${L}/get/${theirs.id}`, { token: sales.token })).statusCode).toBe(404);
    expect(
      (await t.request('POST', `${L}/state/${theirs.id}`, { token: sales.token, body: { state: 'paused' } }))
        .statusCode,
    ).toBe(404);
    // the pool lead: seen, but masked and not his to change until claimed
    const detail = (await t.request('GET', `${L}/get/${pooled.id}`, { token: sales.token })).json().data as LeadDetail;
    expect(detail.phoneMasked).toBe(true);
    expect(
      (await t.request('POST', `${L}/state/${pooled.id}`, { token: sales.token, body: { state: 'paused' } }))
        .statusCode,
    ).toBe(403);
    // the admin sees all of them
    const adminAll = await list({ view: 'all', pageSize: 500 }, { as: 'admin' });
    expect(adminAll.rows.map((x) => x.id)).toEqual(expect.arrayContaining([mine.id, theirs.id, pooled.id]));
  });

  it('a view-only role reads but changes nothing (crm:edit, add, delete, export, assign: 403)', async () => {
    const viewer = await addSales(t, 'crmviewer', await addRole(t, r.demo, ['crm', 'crm:view'], 'assigned'), r.hz);
    const lead = await addLead(t, { rentId: r.hz, ownerId: null });
    const as = { token: viewer.token };
    expect((await t.request('GET', `${L}/list`, { ...as, query: { view: 'pool' } })).statusCode).toBe(200);
    expect((await t.request('GET', `${L}/get/${lead.id}`, as)).statusCode).toBe(200);
    const refused: [string, string, unknown][] = [
      ['POST', `${L}/create`, { name: 'x', phone: nextPhone(), source: 'walkIn', rentId: r.hz }],
      [
        'PUT',
        `${L}/update`,
        { id: lead.id, version: 0, name: 'x', phone: nextPhone(), source: 'walkIn', rentId: r.hz },
      ],
      ['POST', `${L}/state/${lead.id}`, { state: 'paused' }],
      ['POST', `${L}/claim`, { ids: [lead.id] }],
      ['POST', `${L}/release/${lead.id}`, undefined],
      ['POST', `${L}/assign`, { ids: [lead.id], ownerId: null }],
      ['POST', `${L}/delete/${lead.id}`, undefined],
      ['POST', `${L}/convert/${lead.id}`, {}],
      ['POST', `/api/ccwadmin/crmFollowUp/create`, { leadId: lead.id, way: 'phone', content: 'x' }],
      ['GET', `${L}/export`, undefined],
    ];
    for (const [method, url, body] of refused) {
      const res = await t.request(method as 'POST', url, { ...as, ...(body === undefined ? {} : { body }) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('a rent outside the caller’s scope: 403', async () => {
    const res = await t.request('POST', `${L}/create`, {
      token: sales.token,
      body: { name: '王', phone: nextPhone(), source: 'walkIn', rentId: r.sh },
    });
    expect(res.statusCode).toBe(403);
  });

  it("another tenant's lead is 404", async () => {
    const res = await t.request('POST', `${L}/create`, {
      as: 'other',
      body: { name: '他家', phone: nextPhone(), source: 'walkIn', rentId: r.otherRent },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    expect((await t.request('GET', `${L}/get/${id}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('POST', `${L}/claim`, { as: 'admin', body: { ids: [id] } })).statusCode).toBe(404);
    expect(
      (await t.request('POST', `${L}/state/${id}`, { as: 'admin', body: { state: 'lost', reason: 'x' } })).statusCode,
    ).toBe(404);
    const all = await list({ view: 'all', pageSize: 500 }, { as: 'admin' });
    expect(all.rows.map((x) => x.id)).not.toContain(id);
  });
});

describe('leads: filters, owners, delete', () => {
  it('filters by state, source, intent, owner, rent, creation day and the next follow-up', async () => {
    const now = t.clock.now().getTime();
    const a = await addLead(t, {
      rentId: r.sh,
      name: '筛选甲',
      source: 'referral',
      intent: 'weak',
      nextFollowUpAt: new Date(now).toISOString(),
    });
    const b = await addLead(t, { rentId: r.sh, name: '筛选乙', source: 'platform', intent: 'weak' });
    await t.request('POST', `${L}/state/${b.id}`, { as: 'admin', body: { state: 'paused' } });
    const ids = async (query: Record<string, string | number | boolean>) =>
      (await list({ view: 'all', pageSize: 500, keyword: '筛选', ...query }, { as: 'admin' })).rows.map((x) => x.id);
    expect(await ids({ rentId: r.sh, source: 'referral' })).toEqual([a.id]);
    expect(await ids({ rentId: r.sh, state: 'paused' })).toEqual([b.id]);
    expect(await ids({ rentId: r.sh, intent: 'weak' })).toEqual([b.id, a.id]);
    expect(await ids({ ownerId: r.adminId, rentId: r.sh, intent: 'weak' })).toEqual([b.id, a.id]);
    expect(await ids({ rentId: r.sh, followUp: 'today' })).toContain(a.id);
    const today = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids({ rentId: r.sh, intent: 'weak', createdFrom: today, createdTo: today })).toEqual([b.id, a.id]);
    expect(await ids({ rentId: r.sh, createdTo: '2000-01-01' })).toEqual([]);
    expect((await t.request('GET', `${L}/list`, { as: 'admin', query: { rentId: 999999 } })).statusCode).toBe(403);
  });

  it('answers the employees who may own leads of a rent', async () => {
    const res = await t.request('GET', `${L}/owners`, { as: 'admin', query: { rentId: r.hz } });
    expect(res.statusCode, res.body).toBe(200);
    const owners = res.json().data as { id: number; name: string; openLeads: number }[];
    expect(owners.map((o) => o.id)).toEqual(expect.arrayContaining([r.adminId, sales.id, sales2.id]));
    // the clerk holds no crm permission
    const { rows } = await t.deps.database.query<{ id: number }>(`select id from users where username = 'clerk'`);
    expect(owners.map((o) => o.id)).not.toContain(Number(rows[0]!.id));
    // the own scope: himself only
    const own = await t.request('GET', `${L}/owners`, { token: sales.token });
    expect(own.json().data.map((o: { id: number }) => o.id)).toEqual([sales.id]);
  });

  it('deletes (crm:delete): gone from lists and reads, its phone free again', async () => {
    const lead = await addLead(t, { rentId: r.hz });
    const res = await t.request('POST', `${L}/delete/${lead.id}`, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.request('GET', `${L}/get/${lead.id}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('POST', `${L}/delete/${lead.id}`, { as: 'admin' })).statusCode).toBe(404);
    await addLead(t, { rentId: r.hz, phone: lead.phone });
  });

  it('moves a lead to another rent on update only within the caller’s rents', async () => {
    const lead = await addLead(t, { rentId: r.hz });
    const body = {
      id: lead.id,
      version: lead.version,
      name: lead.name,
      phone: lead.phone,
      source: 'walkIn',
      rentId: r.sh,
    };
    const res = await t.request('PUT', `${L}/update`, { as: 'admin', body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rentId).toBe(r.sh);
    const mine = await addLead(t, { rentId: r.hz }, { token: sales.token });
    const refused = await t.request('PUT', `${L}/update`, {
      token: sales.token,
      body: { id: mine.id, version: mine.version, name: mine.name, phone: mine.phone, source: 'walkIn', rentId: r.sh },
    });
    expect(refused.statusCode).toBe(403);
  });
});

const A_LABELS = '/api/ccwadmin/label/list';
