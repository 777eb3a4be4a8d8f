import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { normaliseGrants } from '../../../core/permissions.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser, R, seedIds } from '../../../test/users.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

type RoleJson = { id: number; code: string; name: string; grants: string[]; users: number; dataScope: string };

const add = (body: Record<string, unknown>, as = 'admin') => t.request('POST', `${R}/add`, { as, body });
const update = (id: number, body: Record<string, unknown>, o: { as?: string; token?: string } = { as: 'admin' }) =>
  t.request('PUT', `${R}/update/${id}`, { ...o, body });
const get = (id: number, as = 'admin') => t.request('GET', `${R}/${id}`, { as });

async function created(body: Record<string, unknown>): Promise<RoleJson> {
  const res = await add(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('role list and detail', () => {
  it('lists the roles with the employees holding each, built-in first', async () => {
    const res = await t.request('GET', `${R}/list`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as (RoleJson & { builtin: boolean; allPermissions: boolean })[];
    expect(rows[0]).toMatchObject({ code: 'admin', builtin: true, allPermissions: true, users: 1, dataScope: 'all' });
    expect(rows.find((r) => r.code === 'clerk')).toMatchObject({ users: 1 });
    const { rows: office } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from user_roles x join users u on u.tenant_id = x.tenant_id and u.id = x.user_id
       where x.role_id = ${ids.role('DEMO:office')} and u.status <> 'left'`,
    );
    expect(office[0]!.n).toBeGreaterThan(0);
    expect(rows.find((r) => r.code === 'office')).toMatchObject({ users: Number(office[0]!.n) });
    // Only the caller's tenant.
    expect(rows.map((r) => r.id)).not.toContain(ids.role('OTHER:admin'));
  });

  it('answers a role with its grants; the all-permissions role with every code of the plan', async () => {
    const clerk = (await get(ids.role('DEMO:clerk'))).json().data;
    expect(clerk.grants).toEqual(['rentCar', 'rentCar:view', 'rentDriver', 'rentDriver:view']);
    const admin = (await get(ids.role('DEMO:admin'))).json().data;
    expect(admin.grants).toContain('oaSetting:role');
    expect(admin.grants).toContain('notarization:apply');
    const other = (await t.request('GET', `${R}/${ids.role('OTHER:admin')}`, { as: 'other' })).json().data;
    expect(other.grants).not.toContain('notarization');
  });

  it("answers 404 for another tenant's role, 403 to a user without oaSetting:role", async () => {
    const foreign = ids.role('OTHER:admin');
    expect((await get(foreign)).statusCode).toBe(404);
    expect((await update(foreign, { name: 'x' })).statusCode).toBe(404);
    expect((await t.request('POST', `${R}/copy/${foreign}`, { as: 'admin', body: { name: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await t.request('DELETE', `${R}/delete/${foreign}`, { as: 'admin' })).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['GET', `${R}/list`],
      ['GET', `${R}/${ids.role('DEMO:clerk')}`],
      ['GET', `${R}/permissionTree`],
      ['POST', `${R}/add`, { name: 'x' }],
      ['PUT', `${R}/update/${ids.role('DEMO:clerk')}`, { name: 'x' }],
      ['POST', `${R}/copy/${ids.role('DEMO:clerk')}`, { name: 'x' }],
      ['DELETE', `${R}/delete/${ids.role('DEMO:office')}`],
    ] as const) {
      const res = await t.request(method, url, { as: 'clerk', ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().status).toBe(40301);
    }
  });
});

describe('permission tree', () => {
  it("is the catalogue as a tree in both languages, limited to the tenant's plan", async () => {
    const tree = (await t.request('GET', `${R}/permissionTree`, { as: 'admin' })).json().data;
    expect(tree.map((n: { code: string }) => n.code)).toEqual(MENUS.filter((m) => !m.parent).map((m) => m.code));
    const oa = tree.find((n: { code: string }) => n.code === 'oa');
    expect(oa.children[0]).toMatchObject({
      code: 'oaDepart',
      kind: 'menu',
      title: { 'zh-CN': '通讯录', 'en-US': 'Address book' },
    });
    expect(oa.children.at(-1)).toMatchObject({ code: 'oa:view', kind: 'element', children: [] });
    const other = (await t.request('GET', `${R}/permissionTree`, { as: 'other' })).json().data;
    expect(other.map((n: { code: string }) => n.code)).not.toContain('notarization');
  });
});

describe('create, edit, copy, delete', () => {
  it('creates a role with a generated code and normalised grants, and logs it', async () => {
    const role = await created({
      name: '调度员',
      description: '车辆调度',
      dataScope: 'assigned',
      grants: ['oaDepart:view', 'rentCar:add', 'rentCar:add'],
    });
    expect(role.code).toMatch(/^r[a-z2-7]{10}$/);
    expect(role).toMatchObject({ name: '调度员', dataScope: 'assigned', users: 0 });
    expect(role.grants).toEqual(['rentCar', 'rentCar:add', 'oa', 'oaDepart', 'oaDepart:view']);
    expect((await get(role.id)).json().data.grants).toEqual(role.grants);
    const listed = (await t.request('GET', `${R}/list`, { as: 'admin' })).json().data;
    expect(listed.map((r: { id: number }) => r.id)).toContain(role.id);
  });

  it('validates the body and refuses codes outside the catalogue or the plan (400 grants)', async () => {
    const bad = await add({ name: '', dataScope: 'some' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['dataScope', 'name']);
    for (const grants of [['rentCar:fly'], ['nothing'], ['rentCar:view', 'oa:role']]) {
      const res = await add({ name: `x${grants.join()}`, grants });
      expect(res.statusCode, grants.join()).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'grants', message: expect.any(String) }]);
    }
    // PROFESSIONAL has no notarization: its admin may not grant it, neither the menu nor an element.
    for (const grants of [['notarization'], ['notarization:view']]) {
      const res = await add({ name: 'Notary', grants }, 'other');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('grants');
      expect(res.json().message).toContain('notarization');
    }
    expect((await add({ name: 'Finance', grants: ['finance:view'] }, 'other')).statusCode).toBe(200);
  });

  it('refuses a name in use (409), also when renaming', async () => {
    const res = await add({ name: '车务专员' });
    expect(res.statusCode).toBe(409);
    const role = await created({ name: '临时角色' });
    expect((await update(role.id, { name: '办公人员' })).statusCode).toBe(409);
    // The same name in another tenant is fine.
    expect((await add({ name: '车务专员' }, 'other')).statusCode).toBe(200);
  });

  it('edits name, description, scope and grants; logs only the changed fields before and after', async () => {
    const role = await created({ name: '财务', grants: ['finance:view'] });
    const res = await update(role.id, {
      name: '财务专员',
      description: null,
      dataScope: 'assigned',
      grants: ['finance:view', 'finance:pay'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '财务专员',
      dataScope: 'assigned',
      grants: ['finance', 'finance:view', 'finance:pay'],
    });
    const { rows } = await t.deps.database.query<{ action: string; target_id: string; summary: unknown }>(
      `select action, target_id, summary from operation_logs where action = 'role.update' order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ target_id: String(role.id) });
    expect(rows[0]!.summary).toEqual({
      before: { name: '财务', dataScope: 'all', grants: [] },
      after: { name: '财务专员', dataScope: 'assigned', grants: ['finance:pay'] },
    });
  });

  it('keeps the all-permissions role: grants and scope fixed (409), renaming only to a free name', async () => {
    const adminRole = ids.role('DEMO:admin');
    const current = (await get(adminRole)).json().data;
    expect((await update(adminRole, { name: '管理员', grants: ['rentCar'] })).statusCode).toBe(409);
    expect((await update(adminRole, { name: '管理员', dataScope: 'assigned' })).statusCode).toBe(409);
    expect((await update(adminRole, { name: '车务专员' })).statusCode).toBe(409);
    // Sent back as answered, or without grants: fine.
    expect((await update(adminRole, { name: '超级管理员', grants: current.grants })).statusCode).toBe(200);
    const renamed = await update(adminRole, { name: '管理员', description: '全部权限' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '管理员', allPermissions: true, grants: current.grants });
    const del = await t.request('DELETE', `${R}/delete/${adminRole}`, { as: 'admin' });
    expect(del.statusCode).toBe(409);
    expect((await get(adminRole)).statusCode).toBe(200);
  });

  it('copies a role under a new name with the same grants and scope', async () => {
    const source = await created({ name: '维修主管', dataScope: 'assigned', grants: ['maintenance:complete'] });
    const res = await t.request('POST', `${R}/copy/${source.id}`, { as: 'admin', body: { name: '维修主管（上海）' } });
    expect(res.statusCode).toBe(200);
    const copy = res.json().data;
    expect(copy).toMatchObject({ name: '维修主管（上海）', dataScope: 'assigned', grants: source.grants, users: 0 });
    expect(copy.id).not.toBe(source.id);
    expect(copy.code).not.toBe(source.code);
    const clash = await t.request('POST', `${R}/copy/${source.id}`, { as: 'admin', body: { name: '维修主管' } });
    expect(clash.statusCode).toBe(409);
    const empty = await t.request('POST', `${R}/copy/${source.id}`, { as: 'admin', body: { name: ' ' } });
    expect(empty.statusCode).toBe(400);
    // A copy of the all-permissions role grants everything too, but is not built-in: it can go.
    const admin2 = await t.request('POST', `${R}/copy/${ids.role('DEMO:admin')}`, {
      as: 'admin',
      body: { name: '副管理员' },
    });
    expect(admin2.json().data).toMatchObject({ allPermissions: true, builtin: false });
    expect((await t.request('DELETE', `${R}/delete/${admin2.json().data.id}`, { as: 'admin' })).statusCode).toBe(200);
  });

  it('deletes a role nobody holds; one an employee holds is 409', async () => {
    const inUse = await t.request('DELETE', `${R}/delete/${ids.role('DEMO:clerk')}`, { as: 'admin' });
    expect(inUse.statusCode).toBe(409);
    const role = await created({ name: '待删除', grants: ['crm:view'] });
    const res = await t.request('DELETE', `${R}/delete/${role.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect((await get(role.id)).statusCode).toBe(404);
    const { rows } = await t.deps.database.query<{ summary: { before: { name: string } } }>(
      `select summary from operation_logs where action = 'role.delete' order by id desc limit 1`,
    );
    expect(rows[0]!.summary.before.name).toBe('待删除');
  });
});

describe('guards of a role manager', () => {
  it('refuses grants beyond his own, and any change of the grants of a role he holds (403)', async () => {
    const mgrRole = await created({ name: '角色管理员', grants: ['oaSetting:role', 'oaSetting:view', 'rentCar:view'] });
    const mgr = await addUser(t, 'rolemgr', { roleIds: [mgrRole.id], rentIds: [ids.hz] });
    const as = { token: mgr.token };
    // Changing the grants of his own role, even taking some away: refused, it is another's to do.
    const lose = await update(mgrRole.id, { name: '角色管理员', grants: ['oaSetting:view', 'rentCar:view'] }, as);
    expect(lose.statusCode).toBe(403);
    expect((await get(mgrRole.id)).json().data.grants).toContain('oaSetting:role');
    // Name and description: fine.
    const keep = await update(mgrRole.id, { name: '角色管理员', description: '只管角色', grants: mgrRole.grants }, as);
    expect(keep.statusCode, keep.body).toBe(200);
    // He may not add what he does not hold himself (to his role or another), but may keep what a role has.
    const escalate = await update(mgrRole.id, { name: '角色管理员', grants: [...mgrRole.grants, 'rentCar:add'] }, as);
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().errors[0].path).toBe('grants');
    const other = await t.request('POST', `${R}/add`, { ...as, body: { name: '越权', grants: ['finance:view'] } });
    expect(other.statusCode).toBe(400);
    const clerkRole = ids.role('DEMO:clerk');
    const clerkGrants = (await get(clerkRole)).json().data.grants;
    const rename = await update(clerkRole, { name: '车务专员', description: '只读', grants: clerkGrants }, as);
    expect(rename.statusCode, rename.body).toBe(200);
    // Another role manager may change it, even to take oaSetting:role away.
    expect((await update(mgrRole.id, { name: '角色管理员', grants: ['rentCar:view'] })).statusCode).toBe(200);
  });

  it('data scope is a grant: an "assigned" manager widens neither his role nor himself (Hardening 2, item 3)', async () => {
    const grants = ['oaSetting:role', 'oaSetting:view', 'oaDepart:view', 'oaDepart:edit', 'rentCar:view'];
    const role = await created({ name: '杭州主管', dataScope: 'assigned', grants });
    const mgr = await addUser(t, 'hzmgr', { roleIds: [role.id], rentIds: [ids.hz] });
    const as = { token: mgr.token };
    const cars = async () =>
      (await t.request('POST', '/api/ccwadmin/rentCar/list', { ...as, body: { pageSize: 1 } })).json().data.total;
    const seen = await cars();
    // His own role to "all": refused (the scope he lacks, and a role he holds).
    const widen = await update(role.id, { name: '杭州主管', dataScope: 'all', grants: role.grants }, as);
    expect(widen.statusCode).toBe(400);
    expect(widen.json().errors[0].path).toBe('dataScope');
    const zh = await update(role.id, { name: '杭州主管', dataScope: 'all', grants: role.grants }, { ...as });
    expect(zh.json().message).toContain('全部公司');
    // A new role of scope "all": refused; of scope "assigned", made, but he cannot give it to himself.
    const wide = await t.request('POST', `${R}/add`, {
      ...as,
      lang: 'en-US',
      body: { name: '全公司', dataScope: 'all', grants: ['rentCar:view'] },
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(
      'You see only the companies you are assigned to: you cannot grant or take away the data scope "all companies"',
    );
    const narrow = await t.request('POST', `${R}/add`, {
      ...as,
      body: { name: '杭州只读', dataScope: 'assigned', grants: ['rentCar:view'] },
    });
    expect(narrow.statusCode, narrow.body).toBe(200);
    const self = await t.request('GET', `/api/ccwadmin/employee/${mgr.id}`, { as: 'admin' });
    const me = self.json().data;
    const body = {
      name: me.name,
      username: me.username,
      phone: me.phone,
      rentIds: me.rentIds,
      roleIds: [role.id, narrow.json().data.id],
    };
    const own = await t.request('PUT', `/api/ccwadmin/employee/update/${mgr.id}`, { ...as, body, lang: 'en-US' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot change your own roles; ask another administrator');
    // Nor a role of scope "all" to someone else, even one granting only what he holds.
    const allScope = await created({ name: '全公司车辆', dataScope: 'all', grants: ['rentCar:view'] });
    const peer = await addUser(t, 'hzpeer', { roleIds: [narrow.json().data.id], rentIds: [ids.hz] });
    const give = await t.request('PUT', `/api/ccwadmin/employee/update/${peer.id}`, {
      ...as,
      body: {
        name: 'hzpeer',
        username: 'hzpeer',
        phone: (await t.request('GET', `/api/ccwadmin/employee/${peer.id}`, { as: 'admin' })).json().data.phone,
        rentIds: [ids.hz],
        roleIds: [narrow.json().data.id, allScope.id],
      },
    });
    expect(give.statusCode).toBe(400);
    expect(give.json().errors[0].path).toBe('roleIds');
    expect(await cars()).toBe(seen);
    // The administrator (scope "all") still widens it.
    expect((await update(role.id, { name: '杭州主管', dataScope: 'all', grants: role.grants })).statusCode).toBe(200);
    expect(await cars()).toBeGreaterThan(seen);
  });
});

describe('copying and stripping roles (Hardening 2, item 10)', () => {
  it('a role editor copies only a role within his own rights, and takes away only grants he holds', async () => {
    const mgrRole = await created({ name: '角色编辑', grants: ['oaSetting:role', 'oaSetting:view', 'rentCar:view'] });
    const mgr = await addUser(t, 'roleeditor', { roleIds: [mgrRole.id], rentIds: [ids.hz] });
    const as = { token: mgr.token };
    const copy = (id: number, name: string, lang?: 'en-US') =>
      t.request('POST', `${R}/copy/${id}`, { ...as, body: { name }, ...(lang ? { lang } : {}) });
    // The all-permissions role: refused (before: a second administrator role for the taking).
    const admin = await copy(ids.role('DEMO:admin'), '我的管理员', 'en-US');
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe(
      'You can only copy a role that grants no more than you hold yourself (permissions and data scope)',
    );
    expect((await copy(ids.role('DEMO:admin'), '我的管理员')).json().message).toContain('只能复制');
    // The clerk's role gives rentDriver:view, which he lacks: refused. One within his rights: copied.
    expect((await copy(ids.role('DEMO:clerk'), '车务副本')).statusCode).toBe(403);
    const own = await created({ name: '车辆只读', grants: ['rentCar:view'] });
    const copied = await copy(own.id, '车辆只读（副本）');
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().data.grants).toEqual(own.grants);
    // Stripping what he does not hold from the clerk's role: refused (400 at grants, naming the codes).
    const clerkRole = ids.role('DEMO:clerk');
    const clerk = (await get(clerkRole)).json().data;
    const strip = await update(
      clerkRole,
      { name: clerk.name, dataScope: clerk.dataScope, grants: ['rentCar', 'rentCar:view'] },
      { ...as },
    );
    expect(strip.statusCode).toBe(400);
    expect(strip.json().errors[0].path).toBe('grants');
    expect(strip.json().message).toContain('rentDriver:view');
    expect((await get(clerkRole)).json().data.grants).toEqual(clerk.grants);
    // What he holds himself he may take away.
    const ok = await update(
      clerkRole,
      { name: clerk.name, dataScope: clerk.dataScope, grants: ['rentDriver', 'rentDriver:view'] },
      { ...as },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.grants).toEqual(['rentDriver', 'rentDriver:view']);
    await update(clerkRole, { name: clerk.name, dataScope: clerk.dataScope, grants: clerk.grants });
  });
});

describe('normaliseGrants', () => {
  it('adds the menu of each element and the parent of each child menu; refuses what the plan lacks', () => {
    expect(normaliseGrants(['oaMessage:send'], ['oa', 'oaMessage'])).toEqual({
      codes: ['oa', 'oaMessage', 'oaMessage:send'],
      refused: [],
    });
    expect(normaliseGrants(['oaMessage:send', 'crm'], ['oaMessage', 'crm']).refused).toEqual(['oaMessage:send']);
  });
});
