import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let roleIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.deps.database.query<{ key: string; id: number }>(
    `select t.code || ':' || r.code as key, r.id from roles r join tenants t on t.id = r.tenant_id`,
  );
  roleIds = Object.fromEntries(rows.map((r) => [r.key, Number(r.id)]));
});
afterAll(async () => t.close());

describe('sysMenu/all', () => {
  it('lists the whole catalogue with titles in both languages and icons', async () => {
    const res = await t.request('GET', '/api/ccwadmin/sysMenu/all', { as: 'clerk' });
    const menus = res.json().data;
    expect(menus).toHaveLength(MENUS.length);
    expect(menus.find((m: { code: string }) => m.code === 'oaDepart')).toMatchObject({
      parentCode: 'oa',
      path: '/oa/depart',
      titles: { 'zh-CN': '通讯录', 'en-US': 'Address book' },
      icon: 'ContactsOutlined',
    });
  });
});

describe('sysPermission/tenant', () => {
  it("answers the plan's menus and their elements", async () => {
    const codes = (await t.request('GET', '/api/ccwadmin/sysPermission/tenant', { as: 'other' }))
      .json()
      .data.map((p: { permissionCode: string }) => p.permissionCode);
    expect(codes).toContain('finance');
    expect(codes).toContain('finance:apply');
    expect(codes).not.toContain('notarization');
  });
});

describe('sysMenu/tree', () => {
  it('checks what the clerk role grants', async () => {
    const res = await t.request('GET', `/api/ccwadmin/sysMenu/tree/${roleIds['DEMO:clerk']}`, {
      as: 'admin',
      lang: 'en-US',
    });
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as {
      code: string;
      checked: boolean;
      children: { code: string; checked: boolean }[];
    }[];
    const car = tree.find((n) => n.code === 'rentCar')!;
    expect(car.checked).toBe(true);
    expect(car.children.find((c) => c.code === 'rentCar:view')!.checked).toBe(true);
    expect(car.children.find((c) => c.code === 'rentCar:add')!.checked).toBe(false);
    expect(tree.find((n) => n.code === 'crm')!.checked).toBe(false);
    const oa = tree.find((n) => n.code === 'oa')!;
    expect(oa.children.map((c) => c.code)).toContain('oaDepart');
  });

  it("needs oaSetting:role, and answers 404 for another tenant's role", async () => {
    expect(
      (await t.request('GET', `/api/ccwadmin/sysMenu/tree/${roleIds['DEMO:clerk']}`, { as: 'clerk' })).statusCode,
    ).toBe(403);
    const foreign = await t.request('GET', `/api/ccwadmin/sysMenu/tree/${roleIds['OTHER:admin']}`, { as: 'admin' });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an expired tenant with 403 40302 (a business call)', async () => {
    const res = await t.request('GET', `/api/ccwadmin/sysMenu/tree/${roleIds['EXPIRED:admin']}`, { as: 'expired' });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(40302);
  });
});
