import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../bootstrap.js';
import { CLIENT_BASIC, createTestApp, PASSWORDS, type TestApp } from '../../test/harness.js';

/**
 * The shared layer's answers to hostile input (issue "Hardening"): text PostgreSQL cannot store, broken and
 * oversized bodies, prototype keys, LIKE wildcards, secrets in the log and the order of the per-IP limit.
 */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ log: pino(loggerOptions({ LOG_LEVEL: 'info' }), sink) });
});
afterAll(async () => t.close());

const NUL = '\u0000';

describe('text that cannot be stored', () => {
  it('refuses NUL in the token endpoint, before sign-in, with the field named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: `admin${NUL}`, password: 'x', grant_type: 'password' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'username', message: expect.stringContaining('空字符') }]);
  });

  it('refuses NUL in path parameters and the query', async () => {
    const phone = await t.app.inject({
      method: 'POST',
      url: `/api/admin/client/user/checkPhone/${encodeURIComponent(`138${NUL}`)}`,
      headers: { authorization: CLIENT_BASIC },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors[0].path).toBe('phone');
    const complete = await t.request('POST', `/api/ccwadmin/task/progress/complete/${encodeURIComponent(`a${NUL}`)}`, {
      as: 'admin',
    });
    expect(complete.statusCode).toBe(400);
    expect(complete.json().errors[0].path).toBe('targetId');
    for (const key of ['keyword', 'plate', 'vin']) {
      const list = await t.request('POST', '/api/ccwadmin/rentCar/list', { as: 'admin', body: { [key]: `A${NUL}` } });
      expect(list.statusCode, key).toBe(400);
      expect(list.json().errors, key).toEqual([{ path: key, message: expect.any(String) }]);
    }
    const brand = await t.request('GET', '/api/ccwadmin/commonCar/brand', {
      as: 'admin',
      lang: 'en-US',
      query: { keyword: NUL },
    });
    expect(brand.json().errors).toEqual([
      { path: 'keyword', message: 'Contains characters that cannot be stored (a NUL or a broken Unicode character)' },
    ]);
  });

  it('refuses NUL and lone surrogates anywhere in a JSON body, naming the nested field', async () => {
    const nul = await t.request('POST', '/api/ccwadmin/rentCarType/create', {
      as: 'admin',
      body: { carTypeName: `Economy${NUL}`, monthlyRent: 3000, deposit: 5000 },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].path).toBe('carTypeName');
    // JSON's \ud800 escape is a lone surrogate once parsed.
    const lone = await t.app.inject({
      method: 'POST',
      url: '/api/ccwadmin/rentCarType/create',
      headers: {
        authorization: `Bearer ${await t.token('admin')}`,
        'x-user-type': 'manager',
        'content-type': 'application/json',
      },
      payload: '{"carTypeName":"Eco","monthlyRent":1,"deposit":1,"remark":"x\\ud800y"}',
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors[0].path).toBe('remark');
    const nested = await t.request('POST', '/api/ccwadmin/filter/save', {
      as: 'admin',
      body: { type: 'car', name: 'mine', content: { list: [{ a: `b${NUL}` }] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors[0].path).toMatch(/content\.list\.0\.a$|^[a-z]/);
    // A well-formed pair is not a lone surrogate.
    const emoji = await t.request('POST', '/api/ccwadmin/rentCarType/create', {
      as: 'admin',
      body: { carTypeName: 'Eco 🚗', monthlyRent: 3000, deposit: 5000 },
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses NUL in a stored header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/client/user/front/info',
      headers: {
        authorization: `Bearer ${await t.token('admin')}`,
        'x-user-type': 'manager',
        'x-request-id': 'a\u0000b',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('headers.x-request-id');
  });
});

describe('bodies that cannot be read', () => {
  const post = async (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ccwadmin/rentCarType/create',
      headers: {
        authorization: `Bearer ${await t.token('admin')}`,
        'x-user-type': 'manager',
        'content-type': contentType,
        'accept-language': 'en-US',
      },
      payload,
    });

  it('answers broken JSON, an empty body and a wrong content type with a 400 that names what is wrong', async () => {
    const broken = await post('{"carTypeName":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toEqual([{ path: 'body', message: 'The body is not valid JSON' }]);
    const empty = await post('', 'application/json');
    expect(empty.json().errors).toEqual([{ path: 'body', message: 'The body is empty; send a JSON object' }]);
    const xml = await post('<a/>', 'text/xml');
    expect(xml.statusCode).toBe(400);
    expect(xml.json().errors[0].path).toBe('headers.content-type');
  });

  it('refuses __proto__ and constructor keys, in JSON and in forms, and pollutes nothing', async () => {
    const proto = await post(
      '{"carTypeName":"A","monthlyRent":1,"deposit":1,"__proto__":{"polluted":1}}',
      'application/json',
    );
    expect(proto.statusCode).toBe(400);
    expect(proto.json().errors).toEqual([{ path: '__proto__', message: 'This field name is not allowed' }]);
    const ctor = await post('{"remark":{"constructor":{"prototype":{"polluted":1}}}}', 'application/json');
    expect(ctor.json().errors[0].path).toBe('remark.constructor');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '__proto__=1&username=admin&password=x&grant_type=password',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().errors[0].path).toBe('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers an oversized body with 413 naming the limit', async () => {
    const res = await post(JSON.stringify({ carTypeName: 'x'.repeat(3 * 1024 * 1024) }), 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, message: 'The request body is too large; at most 2 MB' });
  });

  it('gives every 400 an errors list, field or not', async () => {
    const unknown = await t.request('GET', '/api/ccwadmin/excel/data/header/nothing', { as: 'admin' });
    expect(unknown.statusCode).toBe(404);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/ccwadmin/excel/data/check/car/data',
      headers: {
        authorization: `Bearer ${await t.token('admin')}`,
        'x-user-type': 'manager',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual([{ path: '', message: noFile.json().message }]);
  });
});

describe('LIKE wildcards in searches', () => {
  it('takes _, % and \\ literally in the car keyword, plate and VIN filters', async () => {
    const all = await t.request('POST', '/api/ccwadmin/rentCar/list', { as: 'admin', body: {} });
    expect(all.json().data.total).toBeGreaterThan(5);
    for (const query of [
      { keyword: '_' },
      { keyword: '%' },
      { keyword: '\\' },
      { plate: '_' },
      { vin: '%' },
      { keyword: '__' },
    ]) {
      const res = await t.request('POST', '/api/ccwadmin/rentCar/list', { as: 'admin', body: query });
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      expect(res.json().data.total, JSON.stringify(query)).toBe(0);
    }
  });
});

describe('secrets in the log', () => {
  it('logs no password, token or code of a sign-in, a refresh, a reset or a sign-out', async () => {
    lines.length = 0;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      query: { username: 'clerk', password: PASSWORDS.clerk!, grant_type: 'password' },
      headers: { authorization: CLIENT_BASIC },
    });
    expect(signIn.statusCode).toBe(200);
    const { access_token: access, refresh_token: refresh } = signIn.json() as Record<string, string>;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: refresh! },
      headers: { authorization: CLIENT_BASIC },
    });
    expect(refreshed.statusCode).toBe(200);
    const newAccess = refreshed.json().access_token as string;
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/client/user/front/info',
      headers: { authorization: `Bearer ${newAccess}`, 'x-user-type': 'manager' },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admin/client/user/forgetPassword',
      query: { phone: '13800000002', verify: '424242', password: 'Secret-Pass-77' },
      headers: { authorization: CLIENT_BASIC },
    });
    expect(reset.statusCode).toBe(400);
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/oauth/token',
      query: { access_token: newAccess },
    });
    expect(signOut.statusCode).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain('/api/auth/oauth/token?');
    expect(log).toContain('access_token=***');
    for (const secret of [
      PASSWORDS.clerk!,
      encodeURIComponent(PASSWORDS.clerk!),
      access,
      refresh,
      newAccess,
      '424242',
      'Secret-Pass-77',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

describe('the per-IP limit', () => {
  it('counts requests before authentication, so refused ones count too', async () => {
    const limited = await createTestApp({ config: { RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await limited.app.inject({
          method: 'GET',
          url: '/api/admin/client/user/front/info',
          headers: { authorization: 'Bearer not-a-token', 'x-user-type': 'manager' },
          remoteAddress: '10.20.30.40',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const other = await limited.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.20.30.41' });
      expect(other.statusCode).toBe(200);
      // Health probes from the limited address are not counted, and the limited address still gets them.
      for (const url of ['/healthz', '/readyz', '/healthz?probe=1']) {
        for (let i = 0; i < 8; i++) {
          const probe = await limited.app.inject({ method: 'GET', url, remoteAddress: '10.20.30.40' });
          expect(probe.statusCode, url).toBe(200);
        }
      }
      const still = await limited.app.inject({
        method: 'GET',
        url: '/api/admin/client/user/front/info',
        remoteAddress: '10.20.30.42',
      });
      expect(still.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
