import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser, R, seedIds } from '../../../test/users.js';

const CARS = '/api/ccwadmin/rentCar';
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;
let roleId: number;
let scoped: { id: number; token: string };
let shCarId: number;
let hzCount: number;
let allCount: number;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
  const res = await t.request('POST', `${R}/add`, {
    as: 'admin',
    body: { name: '杭州车管', dataScope: 'assigned', grants: ['rentCar:view', 'rentCar:export'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  roleId = res.json().data.id;
  scoped = await addUser(t, 'hzonly', { roleIds: [roleId], rentIds: [ids.hz] });
  const q = async (sql: string) => (await t.deps.database.query<{ n: number; id: number }>(sql)).rows[0]!;
  shCarId = Number((await q(`select id from cars where rent_id = ${ids.sh} and deleted_at is null limit 1`)).id);
  hzCount = Number((await q(`select count(*)::int as n from cars where rent_id = ${ids.hz} and deleted_at is null`)).n);
  allCount = Number(
    (await q(`select count(*)::int as n from cars where tenant_id = ${ids.demo} and deleted_at is null`)).n,
  );
});
afterAll(async () => t.close());

const list = (o: { token?: string; as?: string; rent?: number }, body: Record<string, unknown> = {}) =>
  t.request('POST', `${CARS}/list`, { ...o, body: { pageSize: 500, ...body } });

async function exported(o: { token?: string; as?: string }, body: Record<string, unknown> = {}) {
  const res = await t.request('POST', `${CARS}/exportCar`, { ...o, body });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  const head = rows[0]!;
  return rows.slice(1).map((r) => r[head.indexOf('所属公司')]);
}

async function setScope(dataScope: 'all' | 'assigned') {
  const res = await t.request('PUT', `${R}/update/${roleId}`, {
    as: 'admin',
    body: { name: '杭州车管', dataScope, grants: ['rentCar:view', 'rentCar:export'] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('data scope', () => {
  it('limits a user of an "assigned" role to his rents: list, detail, export, rent filter, X-Rent-Id', async () => {
    expect(hzCount).toBeGreaterThan(0);
    expect(allCount).toBeGreaterThan(hzCount);
    const page = (await list({ token: scoped.token })).json().data;
    expect(page.total).toBe(hzCount);
    expect(page.rows.every((r: { rentName: string }) => r.rentName === '杭州公司')).toBe(true);
    expect((await t.request('GET', `${CARS}/${shCarId}`, { token: scoped.token })).statusCode).toBe(404);
    const companies = await exported({ token: scoped.token });
    expect(companies).toHaveLength(hzCount);
    expect(new Set(companies)).toEqual(new Set(['杭州公司']));
    // Naming the other rent's car in an export does not bring it.
    expect(await exported({ token: scoped.token }, { ids: [shCarId] })).toEqual([]);
    expect((await list({ token: scoped.token }, { rentId: ids.sh })).statusCode).toBe(403);
    expect((await t.request('GET', `${CARS}/${shCarId}`, { token: scoped.token, rent: ids.sh })).statusCode).toBe(403);
  });

  it('lets an "all" user (and the all-permissions admin) see every rent of the tenant', async () => {
    expect((await list({ as: 'admin' })).json().data.total).toBe(allCount);
    expect((await exported({ as: 'admin' })).length).toBe(allCount);
    const allScope = await t.request('POST', `${R}/add`, {
      as: 'admin',
      body: { name: '全公司只读', dataScope: 'all', grants: ['rentCar:view'] },
    });
    // Assigned to Hangzhou only, but the role sees all: Shanghai's cars too, and he may act in Shanghai.
    const wide = await addUser(t, 'allrents', { roleIds: [allScope.json().data.id], rentIds: [ids.hz] });
    expect((await list({ token: wide.token })).json().data.total).toBe(allCount);
    expect((await t.request('GET', `${CARS}/${shCarId}`, { token: wide.token })).statusCode).toBe(200);
    const inSh = await list({ token: wide.token, rent: ids.sh }, { rentId: ids.sh });
    expect(inSh.statusCode).toBe(200);
    // Without the header, the call acts in his own (assigned) rent, not the tenant's first.
    const info = await t.request('GET', '/api/admin/client/user/front/info', { token: wide.token });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.rentId).toBe(ids.hz);
    const actingInSh = await t.request('GET', '/api/admin/client/user/front/info', { token: wide.token, rent: ids.sh });
    expect(actingInSh.json().data.rentId).toBe(ids.sh);
    // Another tenant's rent stays out of reach.
    expect((await t.request('GET', `${CARS}/${shCarId}`, { token: wide.token, rent: ids.bj })).statusCode).toBe(403);
  });

  it('applies a change of the role on the next call (no permission cache), with the same token', async () => {
    await setScope('all');
    expect((await list({ token: scoped.token })).json().data.total).toBe(allCount);
    expect((await t.request('GET', `${CARS}/${shCarId}`, { token: scoped.token })).statusCode).toBe(200);
    await setScope('assigned');
    expect((await list({ token: scoped.token })).json().data.total).toBe(hzCount);
    expect((await t.request('GET', `${CARS}/${shCarId}`, { token: scoped.token })).statusCode).toBe(404);
    // Grants too: without rentCar:export the export is refused at once.
    await t.request('PUT', `${R}/update/${roleId}`, {
      as: 'admin',
      body: { name: '杭州车管', dataScope: 'assigned', grants: ['rentCar:view'] },
    });
    expect((await t.request('POST', `${CARS}/exportCar`, { token: scoped.token, body: {} })).statusCode).toBe(403);
  });

  it('limits the seeded clerk to Hangzhou ("assigned"), and widens him to every rent once his role is "all"', async () => {
    const clerkRole = ids.role('DEMO:clerk');
    expect((await list({ as: 'clerk' })).json().data.total).toBe(hzCount);
    expect((await list({ as: 'clerk' }, { rentId: ids.sh })).statusCode).toBe(403);
    const role = (await t.request('GET', `${R}/${clerkRole}`, { as: 'admin' })).json().data;
    expect(role.dataScope).toBe('assigned');
    const widen = await t.request('PUT', `${R}/update/${clerkRole}`, {
      as: 'admin',
      body: { name: role.name, description: role.description, dataScope: 'all', grants: role.grants },
    });
    expect(widen.statusCode, widen.body).toBe(200);
    expect((await list({ as: 'clerk' })).json().data.total).toBe(allCount);
    const res = await t.request('PUT', `${R}/update/${clerkRole}`, {
      as: 'admin',
      body: { name: role.name, description: role.description, dataScope: 'assigned', grants: role.grants },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list({ as: 'clerk' })).json().data.total).toBe(hzCount);
    const info = await t.request('GET', '/api/admin/client/user/front/info', { as: 'clerk', rent: ids.sh });
    expect(info.statusCode).toBe(403);
    expect(info.json().status).toBe(40301);
  });

  it('lets a user of scope "own" (his leads only) make roles of that scope only, and give no broader one', async () => {
    const own = await t.request('POST', `${R}/add`, {
      as: 'admin',
      body: {
        name: '销售主管（本人）',
        dataScope: 'own',
        grants: ['crm:view', 'oaSetting:view', 'oaSetting:role', 'oaDepart:view', 'oaDepart:add'],
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const lead = await addUser(t, 'ownlead', { roleIds: [own.json().data.id], rentIds: [ids.hz] });
    const grants = ['crm:view'];
    for (const dataScope of ['assigned', 'all', 'workshop']) {
      const res = await t.request('POST', `${R}/add`, {
        token: lead.token,
        body: { name: `x-${dataScope}`, dataScope, grants },
      });
      expect(res.statusCode, `${dataScope}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/scope|范围/i);
    }
    const made = await t.request('POST', `${R}/add`, {
      token: lead.token,
      body: { name: '销售（本人）', dataScope: 'own', grants },
    });
    expect(made.statusCode, made.body).toBe(200);
    // Nor does he give an employee a role of a broader scope, even one of grants he holds.
    const assigned = await t.request('POST', `${R}/add`, {
      as: 'admin',
      body: { name: '销售（分配公司）', dataScope: 'assigned', grants },
    });
    let phone = 13_600_000_900;
    const employee = (roleIds: number[]) =>
      t.request('POST', '/api/ccwadmin/employee/add', {
        token: lead.token,
        body: { name: '新销售', username: `sales${++phone}`, phone: String(phone), rentIds: [ids.hz], roleIds },
      });
    const refused = await employee([assigned.json().data.id]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors[0].path).toBe('roleIds');
    const given = await employee([made.json().data.id]);
    expect(given.statusCode, given.body).toBe(200);
  });
});
