import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const list = (as: string, query: Record<string, string | number> = {}) =>
  t.request('GET', '/api/ccwadmin/operationLog/list', { as, query });

describe('operation log', () => {
  it('records a successful write with who, rent, action, target, redacted summary and IP', async () => {
    await t.request('PUT', '/api/admin/client/user/profile', {
      as: 'admin',
      body: { name: '张伟', email: 'zw@demo.cn' },
    });
    await t.request('POST', '/api/admin/client/user/changePassword', {
      as: 'admin',
      body: { oldPassword: 'Admin@123', newPassword: 'Admin@123x' },
    });
    await t.request('POST', '/api/admin/client/user/changePassword', {
      as: 'admin',
      body: { oldPassword: 'Admin@123x', newPassword: 'Admin@123' },
    });
    const res = await list('admin', { action: 'user.' });
    expect(res.statusCode).toBe(200);
    const { rows, total, pageNum, pageSize } = res.json().data;
    expect({ total, pageNum, pageSize }).toEqual({ total: 3, pageNum: 1, pageSize: 20 });
    const profile = rows.find((r: { action: string }) => r.action === 'user.profile');
    expect(profile).toMatchObject({
      username: 'admin',
      method: 'PUT',
      path: '/api/admin/client/user/profile',
      targetType: 'user',
      ip: '127.0.0.1',
      summary: { name: '张伟', email: 'zw@demo.cn' },
    });
    expect(profile.rentId).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('Admin@123');
  });

  it("names each entry as a clerk reads it, from the permission its route requires, in the reader's language", async () => {
    const res = await t.request('POST', '/api/ccwadmin/rentCarType/create', {
      as: 'admin',
      body: { carTypeName: '日志测试车型', monthlyRent: 3000, deposit: 5000 },
    });
    expect(res.statusCode).toBe(200);
    const entry = async (lang: 'zh-CN' | 'en-US') => {
      const rows = (await t.request('GET', '/api/ccwadmin/operationLog/list', { as: 'admin', lang })).json().data.rows;
      return rows.find((r: { path: string }) => r.path === '/api/ccwadmin/rentCarType/create');
    };
    // rentCar:add: the module and the operation, never the API path.
    expect((await entry('zh-CN')).actionTitle).toBe('车辆管理 · 新增');
    expect((await entry('en-US')).actionTitle).toBe('Vehicles · Add');
    // An entry a module writes itself (a command that expired) by the title the module gave it.
    await t.deps.database.query(
      `insert into operation_logs (tenant_id, action, method, path, target_type, target_id)
       select tenant_id, 'deviceCommand.expire', 'JOB', 'maintenance', 'gpsCommand', '1' from users where username = 'admin'`,
    );
    const expired = (await list('admin', { action: 'deviceCommand.expire' })).json().data.rows[0];
    expect(expired.actionTitle).toBe('风控 · 指令超时');
    // An entry of a route that names no permission of a menu (the profile) has none: the screen names it.
    const profile = (await list('admin', { action: 'user.profile' })).json().data.rows[0];
    expect(profile.actionTitle).toBeNull();
  });

  it('does not record failed writes or reads', async () => {
    const before = (await list('admin')).json().data.total;
    await t.request('POST', '/api/admin/client/user/changePassword', {
      as: 'admin',
      body: { oldPassword: 'x', newPassword: 'Valid12345' },
    });
    await t.request('GET', '/api/admin/client/user/front/info', { as: 'admin' });
    expect((await list('admin')).json().data.total).toBe(before);
  });

  it('filters by user, target and time range, and pages', async () => {
    const users = await t.deps.database.query<{ id: number }>(`select id from users where username = 'admin'`);
    const adminId = Number(users.rows[0]!.id);
    // The demo's own entries (e.g. its GPS commands, by admin) are other actions: this file's are the user.* ones.
    expect((await list('admin', { userId: adminId, action: 'user.' })).json().data.total).toBe(3);
    expect((await list('admin', { userId: adminId })).json().data.total).toBeGreaterThanOrEqual(3);
    expect((await list('admin', { userId: adminId + 999 })).json().data.total).toBe(0);
    expect((await list('admin', { target: 'user' })).json().data.total).toBe(3);
    expect((await list('admin', { target: `user:${adminId}` })).json().data.total).toBe(3);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await list('admin', { from: future })).json().data.total).toBe(0);
    const paged = (await list('admin', { action: 'user.', pageSize: 2, pageNum: 2 })).json().data;
    expect(paged).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(paged.rows).toHaveLength(1);
    const bad = await list('admin', { pageSize: 501 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('pageSize');
  });

  it('shows a tenant only its own entries, and needs oaLog:view', async () => {
    await t.request('PUT', '/api/admin/client/user/profile', { as: 'other', body: { name: '王芳' } });
    const other = (await list('other')).json().data;
    expect(other.total).toBe(1);
    expect(other.rows[0].username).toBe('other');
    const clerk = await list('clerk');
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json().status).toBe(40301);
  });

  it('lists sign-in records of the tenant', async () => {
    const res = await t.request('GET', '/api/ccwadmin/loginRecord/list', { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as { username: string; method: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => ['admin', 'clerk'].includes(r.username))).toBe(true);
  });
});
