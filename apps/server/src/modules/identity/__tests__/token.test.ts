import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CODES } from '@fleetdesk/contracts/permissions';
import { CLIENT_BASIC, createTestApp, PASSWORDS, type TestApp } from '../../../test/harness.js';

const TOKEN = '/api/auth/oauth/token';
const FRONT_INFO = '/api/admin/client/user/front/info';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function form(fields: Record<string, string>, authorization = CLIENT_BASIC) {
  return t.app.inject({
    method: 'POST',
    url: TOKEN,
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('password grant', () => {
  it('answers the token pair with rent and tenant, and the token opens front/info', async () => {
    const res = await t.signIn('admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      refresh_expires_in: 30 * 86400,
      tenant: '演示租车 Demo Rentals',
      username: 'admin',
      rent: { city: '杭州', shortName: '杭州公司' },
    });
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(typeof body.tenantId).toBe('number');
    const info = await t.request('GET', FRONT_INFO, { token: body.access_token });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.menus.map((m: { code: string }) => m.code)).toEqual([...MENU_CODES]);
  });

  it('trims the username and ignores its case', async () => {
    const res = await t.signIn('  ADMIN ', 'Admin@123');
    expect(res.statusCode).toBe(200);
  });

  it('accepts the phone number as the username', async () => {
    expect((await t.signIn('13800000002', 'Clerk@123')).statusCode).toBe(200);
  });

  it('answers invalid_grant 40402 for a wrong password or an unknown user', async () => {
    for (const [u, p] of [
      ['clerk', 'wrong-password'],
      ['nobody', 'Whatever@1'],
    ] as const) {
      const res = await t.signIn(u, p);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '40402' });
    }
  });

  it('answers invalid_grant when neither password nor code is given', async () => {
    const res = await t.signIn('admin', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('40402');
  });

  it('refuses a missing or wrong client credential with 401 40101', async () => {
    const fields = { username: 'admin', password: 'Admin@123', grant_type: 'password' };
    const none = await t.app.inject({ method: 'POST', url: TOKEN, payload: fields });
    expect(none.statusCode).toBe(401);
    expect(none.json().status).toBe(40101);
    const wrong = await form(fields, `Basic ${Buffer.from('fleetdesk-web:nope').toString('base64')}`);
    expect(wrong.statusCode).toBe(401);
  });

  it('answers 400 with field errors for an unknown grant type', async () => {
    const res = await form({ grant_type: 'client_credentials', username: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ path: 'grant_type' }] });
  });

  it('records the sign-in with its method and address', async () => {
    const res = await t.signIn('clerk');
    const rows = await t.deps.database.query<{ method: string; ip: string }>(
      `select method, ip from login_records where token_id = (select id from oauth_tokens where user_id = (select id from users where username = 'clerk') order by id desc limit 1)`,
    );
    expect(res.statusCode).toBe(200);
    expect(rows.rows[0]).toMatchObject({ method: 'password', ip: '127.0.0.1' });
  });

  it('refuses a disabled user with 401 40001, and their live token too', async () => {
    const token = await t.token('other');
    await t.deps.database.query(`update users set status = 'disabled' where username = 'other'`);
    try {
      const res = await t.signIn('other');
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(40001);
      const info = await t.request('GET', FRONT_INFO, { token });
      expect(info.statusCode).toBe(401);
      expect(info.json().status).toBe(40001);
    } finally {
      await t.deps.database.query(`update users set status = 'active' where username = 'other'`);
    }
  });
});

describe('sign-in limits', () => {
  it('locks an account after five wrong passwords, even for the right one, until the window passes', async () => {
    for (let i = 0; i < 5; i++) expect((await t.signIn('expired', 'bad-password-1')).statusCode).toBe(400);
    const locked = await t.signIn('expired');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(15 * 60 * 1000);
    expect((await t.signIn('expired')).statusCode).toBe(200);
  });

  it('counts wrong answers per account, whichever of its names is typed', async () => {
    t.clock.advance(15 * 60 * 1000);
    const names = ['other', 'OTHER', '13900000001', ' Other ', '13900000001'];
    for (const name of names) expect((await t.signIn(name, 'bad-password-1')).statusCode, name).toBe(400);
    expect((await t.signIn('13900000001', PASSWORDS.other)).statusCode).toBe(429);
    expect((await t.signIn('other')).statusCode).toBe(429);
    t.clock.advance(15 * 60 * 1000);
    expect((await t.signIn('other')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP', async () => {
    t.clock.advance(15 * 60 * 1000);
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await t.signIn(`ghost${i}`, 'x')).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
    t.clock.advance(15 * 60 * 1000);
  });
});

describe('refresh and revoke', () => {
  it('rotates the pair on refresh; the old access token keeps its own life, the old refresh token dies', async () => {
    const first = (await t.signIn('admin')).json();
    const res = await form({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.request('GET', FRONT_INFO, { token: second.access_token })).statusCode).toBe(200);
    // The rotated (old) pair is revoked.
    expect((await t.request('GET', FRONT_INFO, { token: first.access_token })).statusCode).toBe(401);
  });

  it('takes the refresh token in the query, as the web client sends it', async () => {
    const first = (await t.signIn('clerk')).json();
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      query: { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      headers: { authorization: CLIENT_BASIC },
    });
    expect(res.json()).toMatchObject({ token_type: 'bearer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });

  it('treats a reused refresh token as theft: 401 and the whole family is revoked', async () => {
    const first = (await t.signIn('admin')).json();
    const second = (await form({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
    const replay = await form({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().status).toBe(40101);
    expect((await t.request('GET', FRONT_INFO, { token: second.access_token })).statusCode).toBe(401);
  });

  it('refuses an unknown or expired refresh token with 401 40101', async () => {
    expect((await form({ grant_type: 'refresh_token', refresh_token: 'nope' })).statusCode).toBe(401);
    const pair = (await t.signIn('clerk')).json();
    t.clock.advance(31 * 86400 * 1000);
    const res = await form({ grant_type: 'refresh_token', refresh_token: pair.refresh_token });
    t.clock.advance(-31 * 86400 * 1000);
    expect(res.statusCode).toBe(401);
  });

  it('expires the access token after two hours', async () => {
    const pair = (await t.signIn('clerk')).json();
    t.clock.advance(7200 * 1000 - 1000);
    expect((await t.request('GET', FRONT_INFO, { token: pair.access_token })).statusCode).toBe(200);
    t.clock.advance(2000);
    const res = await t.request('GET', FRONT_INFO, { token: pair.access_token });
    t.clock.advance(-7201 * 1000);
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(40101);
  });

  it('revokes: the token answers 401 40101 afterwards; revoking again is harmless', async () => {
    const pair = (await t.signIn('admin')).json();
    const res = await t.app.inject({ method: 'DELETE', url: TOKEN, query: { access_token: pair.access_token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'ok', data: true });
    const after = await t.request('GET', FRONT_INFO, { token: pair.access_token });
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(40101);
    const again = await t.app.inject({ method: 'DELETE', url: TOKEN, query: { access_token: pair.access_token } });
    expect(again.json().data).toBe(false);
    // The revoked pair's refresh token is dead too.
    expect((await form({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).statusCode).toBe(401);
  });

  it('answers 401 40101 without a token, and localises the message', async () => {
    const zh = await t.request('GET', FRONT_INFO);
    expect(zh.statusCode).toBe(401);
    expect(zh.json()).toEqual({ status: 40101, message: '登录已失效，请重新登录' });
    const en = await t.request('GET', FRONT_INFO, { lang: 'en-US' });
    expect(en.json().message).toBe('Your session has expired; please sign in again');
  });
});
