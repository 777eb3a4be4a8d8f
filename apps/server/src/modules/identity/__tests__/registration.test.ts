import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function codeFor(phone: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/client/user/checkPhone/${phone}`,
    query: { scene: 'register' },
    headers: { authorization: CLIENT_BASIC },
  });
  expect(res.json().data.sent).toBe(true);
  const { rows } = await t.deps.database.query<{ content: string }>(
    `select content from sms_messages where phone = $1 order by id desc limit 1`,
    [phone],
  );
  return /(\d{6})/.exec(rows[0]!.content)![1]!;
}

const register = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/client/register',
    headers: { authorization: CLIENT_BASIC },
    payload: body,
  });

const company = {
  companyName: '西湖出行汽车租赁有限公司',
  city: '杭州',
  contactName: '周敏',
  username: 'zhoumin',
  password: 'Xihu2026!',
};

describe('registration', () => {
  it('creates a trial tenant with its head office and admin, signed in at once', async () => {
    const verify = await codeFor('13612345678');
    const res = await register({ ...company, phone: '13612345678', verify, referral: 'agent-007' });
    expect(res.statusCode).toBe(200);
    const token = res.json();
    expect(token).toMatchObject({
      tenant: '西湖出行汽车租赁有限公司',
      username: 'zhoumin',
      rent: { city: '杭州', code: 'HQ' },
    });
    const info = await t.request('GET', '/api/ccwadmin/associatorTenant/info', { token: token.access_token });
    expect(info.json().data).toMatchObject({ associatorCode: 'TRIAL', days: 15 });
    const menus = (await t.request('GET', '/api/admin/client/user/front/info', { token: token.access_token })).json()
      .data.menus;
    expect(menus.length).toBeGreaterThan(20);
    const { rows } = await t.deps.database.query<{ referral: string }>(`select referral from tenants where id = $1`, [
      token.tenantId,
    ]);
    expect(rows[0]!.referral).toBe('agent-007');
    expect((await t.signIn('zhoumin', 'Xihu2026!')).statusCode).toBe(200);
  });

  it('keeps the new tenant apart from the others', async () => {
    const token = (await t.signIn('zhoumin', 'Xihu2026!')).json().access_token;
    const logs = (await t.request('GET', '/api/ccwadmin/operationLog/list', { token })).json().data;
    expect(logs.total).toBe(0);
  });

  it('refuses a wrong code, a taken username, and a registered phone without telling it apart from a wrong code', async () => {
    const verify = await codeFor('13612340000');
    const wrongCode = await register({
      ...company,
      username: 'newbie',
      phone: '13612340000',
      verify: verify === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors[0].path).toBe('verify');
    const taken = await register({ ...company, username: 'ADMIN', phone: '13612340000', verify });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toEqual({ path: 'username', message: '用户名已被占用' });
    // A registered phone is told so only by its own SMS: without its code the answer is a wrong code.
    const phone = await register({ ...company, username: 'newbie2', phone: '13800000001', verify: '123456' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors[0].path).toBe('verify');
  });

  it('validates every field', async () => {
    const res = await register({
      phone: '123',
      verify: 'abc',
      companyName: 'x',
      city: '',
      contactName: '',
      username: '1bad',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .errors.map((e: { path: string }) => e.path)
      .sort();
    expect(paths).toEqual(
      expect.arrayContaining(['city', 'companyName', 'contactName', 'password', 'phone', 'username', 'verify']),
    );
  });
});
