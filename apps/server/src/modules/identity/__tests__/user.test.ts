import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CODES } from '@fleetdesk/contracts/permissions';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const FRONT_INFO = '/api/admin/client/user/front/info';
let t: TestApp;
let ids: Record<string, { userId: number; tenantId: number }>;
let rents: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const u = await t.deps.database.query<{ username: string; id: number; tenant_id: number }>(
    `select username, id, tenant_id from users`,
  );
  ids = Object.fromEntries(u.rows.map((r) => [r.username, { userId: Number(r.id), tenantId: Number(r.tenant_id) }]));
  const r = await t.deps.database.query<{ code: string; id: number }>(`select code, id from rents`);
  rents = Object.fromEntries(r.rows.map((x) => [x.code, Number(x.id)]));
});
afterAll(async () => t.close());

describe('front/info', () => {
  it('lists every menu for admin, with titles in the language asked and icons', async () => {
    const en = (await t.request('GET', FRONT_INFO, { as: 'admin', lang: 'en-US' })).json().data;
    expect(en.menus.map((m: { code: string }) => m.code)).toEqual([...MENU_CODES]);
    expect(en.menus[0]).toMatchObject({ code: 'rentCar', title: 'Vehicles', icon: 'CarOutlined', path: '/rentCar' });
    expect(en.type).toEqual(['admin']);
    expect(en.elements.map((e: { code: string }) => e.code)).toContain('rentCar:add');
    const zh = (await t.request('GET', FRONT_INFO, { as: 'admin' })).json().data;
    expect(zh.menus[0].title).toBe('车辆管理');
  });

  it('lists only rentCar and rentDriver, read-only, for clerk', async () => {
    const data = (await t.request('GET', FRONT_INFO, { as: 'clerk' })).json().data;
    expect(data.menus.map((m: { code: string }) => m.code)).toEqual(['rentCar', 'rentDriver']);
    expect(data.elements).toEqual([{ code: 'rentCar:view' }, { code: 'rentDriver:view' }]);
    expect(data).toMatchObject({
      username: 'clerk',
      name: '李娜',
      type: ['clerk'],
      tenantName: '演示租车 Demo Rentals',
    });
  });

  it('answers for an expired tenant (the web then shows /gameover)', async () => {
    const res = await t.request('GET', FRONT_INFO, { as: 'expired' });
    expect(res.statusCode).toBe(200);
  });

  it('limits menus to the plan: Other Rentals (Professional) has no notarization', async () => {
    const data = (await t.request('GET', FRONT_INFO, { as: 'other' })).json().data;
    const codes = data.menus.map((m: { code: string }) => m.code);
    expect(codes).toContain('finance');
    expect(codes).not.toContain('notarization');
    expect(codes).not.toContain('sevenGo');
  });
});

describe('request scope headers', () => {
  it('refuses a call without X-User-Type: manager with 401 40001', async () => {
    for (const value of [undefined, 'driver']) {
      const token = await t.token('admin');
      const res = await t.app.inject({
        method: 'GET',
        url: FRONT_INFO,
        headers: { authorization: `Bearer ${token}`, ...(value ? { 'x-user-type': value } : {}) },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(40001);
    }
  });

  it('acts in the rent of X-Rent-Id when the user may, else answers 403', async () => {
    const own = await t.request('GET', FRONT_INFO, { as: 'admin', rent: rents.SH });
    expect(own.json().data.rentId).toBe(rents.SH);
    const notMine = await t.request('GET', FRONT_INFO, { as: 'clerk', rent: rents.SH });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().status).toBe(40301);
    const otherTenant = await t.request('GET', FRONT_INFO, { as: 'admin', rent: rents.BJ });
    expect(otherTenant.statusCode).toBe(403);
    const garbage = await t.request('GET', FRONT_INFO, { as: 'admin', rent: 'abc' });
    expect(garbage.statusCode).toBe(403);
  });

  it("uses the user's default rent without the header", async () => {
    expect((await t.request('GET', FRONT_INFO, { as: 'admin' })).json().data.rentId).toBe(rents.HZ);
  });
});

describe('userInfo', () => {
  it("answers the caller's own profile with the rent in use and every rent", async () => {
    const res = await t.request('GET', `/api/admin/client/user/userInfo/${ids.admin!.userId}`, {
      as: 'admin',
      rent: rents.SH,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      username: 'admin',
      mobilePhone: '13800000001',
      tenantName: '演示租车 Demo Rentals',
      rentId: rents.SH,
      rentName: '演示租车上海分公司',
      rentCity: '上海',
      shortRentName: '上海公司',
      rentCode: 'SH',
    });
    expect(res.json().data.rents.map((r: { code: string }) => r.code)).toEqual(['HZ', 'SH']);
  });

  it("needs the address-book permission for a colleague's profile", async () => {
    expect(
      (await t.request('GET', `/api/admin/client/user/userInfo/${ids.clerk!.userId}`, { as: 'admin' })).statusCode,
    ).toBe(200);
    const res = await t.request('GET', `/api/admin/client/user/userInfo/${ids.admin!.userId}`, { as: 'clerk' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 40301, message: '你没有相应权限，请联系管理员开通权限！' });
  });

  it("answers 404, never data, for another tenant's user", async () => {
    const res = await t.request('GET', `/api/admin/client/user/userInfo/${ids.other!.userId}`, { as: 'admin' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: '数据不存在' });
  });

  it("says whether the user's company is the platform operator (the feedback desk's entry)", async () => {
    const own = (as: string) =>
      t.request('GET', `/api/admin/client/user/userInfo/${ids[as]!.userId}`, { as }).then((r) => r.json().data);
    expect((await own('operator')).platformOperator).toBe(true);
    expect((await own('admin')).platformOperator).toBe(false);
    expect((await own('clerk')).platformOperator).toBe(false);
    expect((await own('other')).platformOperator).toBe(false);
    // A colleague's profile says it of the caller's company as well.
    const colleague = await t.request('GET', `/api/admin/client/user/userInfo/${ids.clerk!.userId}`, { as: 'admin' });
    expect(colleague.json().data.platformOperator).toBe(false);
  });

  it('validates the id', async () => {
    const res = await t.request('GET', '/api/admin/client/user/userInfo/abc', { as: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('id');
  });
});

describe('saveLoginInfo', () => {
  it("completes this sign-in's record with the platform and version headers", async () => {
    const token = (await t.signIn('clerk')).json().access_token;
    const res = await t.request('POST', '/api/admin/client/user/saveLoginInfo', {
      token,
      headers: { platform: 'Web', version: '2.4' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ platform: 'Web', version: '2.4' });
    const { rows } = await t.deps.database.query<{ platform: string; version: string; method: string }>(
      `select platform, version, method from login_records where id = $1`,
      [res.json().data.id],
    );
    expect(rows[0]).toEqual({ platform: 'Web', version: '2.4', method: 'password' });
  });
});

describe('password and profile', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const other = (await t.signIn('clerk')).json().access_token;
    const mine = (await t.signIn('clerk')).json().access_token;
    const wrong = await t.request('POST', '/api/admin/client/user/changePassword', {
      token: mine,
      body: { oldPassword: 'nope', newPassword: 'Changed123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toEqual({ path: 'oldPassword', message: '原密码错误' });
    const res = await t.request('POST', '/api/admin/client/user/changePassword', {
      token: mine,
      body: { oldPassword: 'Clerk@123', newPassword: 'Changed123' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', FRONT_INFO, { token: mine })).statusCode).toBe(200);
    expect((await t.request('GET', FRONT_INFO, { token: other })).statusCode).toBe(401);
    await t.request('POST', '/api/admin/client/user/changePassword', {
      token: mine,
      body: { oldPassword: 'Changed123', newPassword: 'Clerk@123' },
    });
  });

  it('updates the name and e-mail, and refuses a bad e-mail', async () => {
    const res = await t.request('PUT', '/api/admin/client/user/profile', {
      as: 'admin',
      body: { name: ' 张伟伟 ', email: 'zw@example.cn' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '张伟伟', email: 'zw@example.cn' });
    const bad = await t.request('PUT', '/api/admin/client/user/profile', {
      as: 'admin',
      body: { name: '张伟', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('email');
    await t.request('PUT', '/api/admin/client/user/profile', { as: 'admin', body: { name: '张伟' } });
  });
});

describe('profile photo', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
    'hex',
  );
  /** Uploads the PNG as `type` with a fresh token (the password test above ends older sessions). */
  async function upload(token: string, type: string) {
    const boundary = 'profile-photo';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.request('POST', `/api/tool/oss/upload/${type}`, {
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
  }
  const profile = (token: string, profilePhoto: string | null) =>
    t.request('PUT', '/api/admin/client/user/profile', { token, body: { name: '李娜', profilePhoto } });

  it("takes only an avatar the caller uploaded himself; another's file is a field error", async () => {
    const clerk = (await t.signIn('clerk')).json().access_token as string;
    const admin = (await t.signIn('admin')).json().access_token as string;
    const own = await upload(clerk, 'avatar');
    expect(own.statusCode).toBe(200);
    const colleagues = (await upload(admin, 'avatar')).json().data.url as string;
    const refused = await profile(clerk, colleagues);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'profilePhoto', message: '文件不存在，请重新上传' }]);
    // A car photo of his own is not an avatar either.
    const carPhoto = (await upload(admin, 'car')).json().data.url as string;
    expect((await profile(admin, carPhoto)).json().errors[0].path).toBe('profilePhoto');

    const set = await profile(clerk, own.json().data.signedUrl);
    expect(set.statusCode).toBe(200);
    const key = own.json().data.url.replace('/api/tool/oss/file/', '');
    expect(set.json().data.profilePhoto).toContain(key);
    // The form sends the photo it shows back unchanged: still accepted.
    expect((await profile(clerk, set.json().data.profilePhoto)).statusCode).toBe(200);
    const { rows } = await t.deps.database.query<{ avatar: string }>(`select avatar from users where id = $1`, [
      ids.clerk!.userId,
    ]);
    expect(rows[0]!.avatar).toBe(own.json().data.url);
    expect((await profile(clerk, null)).json().data.profilePhoto).toBeNull();
  });

  it('answers a bad file address with the same field error as the car calls', async () => {
    const admin = (await t.signIn('admin')).json().access_token as string;
    const { rows } = await t.deps.database.query<{ id: string }>(
      `select id from cars where tenant_id = $1 and deleted_at is null order by id limit 1`,
      [ids.admin!.tenantId],
    );
    const foreignToken = (await t.signIn('other')).json().access_token as string;
    const foreign = (await upload(foreignToken, 'avatar')).json().data.url as string;
    for (const url of ['/api/tool/oss/file/t1/avatar/2024/01/none.png', foreign, 'https://example.com/a.png']) {
      const car = await t.request('POST', '/api/ccwadmin/rentCar/edit/img', {
        token: admin,
        body: { carId: Number(rows[0]!.id), images: [{ kind: 'front', url }] },
      });
      const own = await t.request('PUT', '/api/admin/client/user/profile', {
        token: admin,
        lang: 'en-US',
        body: { name: '张伟', profilePhoto: url },
      });
      const carEn = await t.request('POST', '/api/ccwadmin/rentCar/edit/img', {
        token: admin,
        lang: 'en-US',
        body: { carId: Number(rows[0]!.id), images: [{ kind: 'front', url }] },
      });
      expect([car.statusCode, own.statusCode], url).toEqual([400, 400]);
      expect(car.json().errors).toEqual([{ path: 'images.0.url', message: '文件不存在，请重新上传' }]);
      expect(own.json().errors).toEqual([{ path: 'profilePhoto', message: carEn.json().errors[0].message }]);
      expect(own.json().message).toBe(carEn.json().message);
    }
  });
});
