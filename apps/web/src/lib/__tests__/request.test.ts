import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import * as feedback from '../feedback';
import { setLanguage } from '../i18n';
import { installFailureReporting } from '../report-failure';
import { REQUEST_TIMEOUT_MS, request, RequestError } from '../request';
import { saveTokens, tokenExpiresAt } from '../session';

// What main.tsx does at app start: the request layer announces failures, the catalogue shows them.
installFailureReporting();

const token = (access: string, refresh = `r-${access}`, expiresIn = 7200) => ({
  access_token: access,
  refresh_token: refresh,
  token_type: 'bearer' as const,
  expires_in: expiresIn,
  refresh_expires_in: 2592000,
  scope: 'server',
  rent: { id: 7, name: '演示租车杭州分公司', shortName: '杭州公司', code: 'HZ', city: '杭州' },
  tenant: '演示租车 Demo Rentals',
  tenantId: 3,
  userId: 1,
  username: 'admin',
});

let shown: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await setLanguage('zh-CN');
  shown = vi.spyOn(feedback, 'showFeedback').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request headers', () => {
  it('signed out: the basic client credential, user type manager, the language; no rent', async () => {
    const server = fakeServer({ 'GET /api/x': () => ok(1) });
    await request('/api/x');
    const h = server.requests[0]!.headers;
    expect(h.get('Authorization')).toBe(`Basic ${btoa('fleetdesk-web:fleetdesk-web')}`);
    expect(h.get('X-User-Type')).toBe('manager');
    expect(h.get('Accept-Language')).toBe('zh-CN');
    expect(h.get('X-Rent-Id')).toBeNull();
  });

  it('signed in: the Bearer token and the rent; the no-token flag sends the client credential instead', async () => {
    saveTokens(token('abc'));
    const server = fakeServer({ 'GET /api/x': () => ok(1) });
    await setLanguage('en-US');
    await request('/api/x');
    await request('/api/x', { noToken: true });
    const [signedIn, noToken] = server.requests;
    expect(signedIn!.headers.get('Authorization')).toBe('Bearer abc');
    expect(signedIn!.headers.get('X-Rent-Id')).toBe('7');
    expect(signedIn!.headers.get('Accept-Language')).toBe('en-US');
    expect(noToken!.headers.get('Authorization')).toMatch(/^Basic /);
    expect(noToken!.headers.get('X-Rent-Id')).toBeNull();
  });

  it("a caller's token (a handed-over one) goes instead of the session's: no rent, never renewed", async () => {
    saveTokens(token('session', 'r-session', 60)); // due for renewal
    const server = fakeServer({
      'POST /api/auth/oauth/token': () => ({ body: token('renewed') }),
      'GET /api/x': () => ({ status: 401, body: { status: 40101, message: 'invalid token' } }),
    });
    await expect(request('/api/x', { token: 'handed', silent: true })).rejects.toMatchObject({ status: 40101 });
    expect(server.calls('GET', '/api/x')).toHaveLength(1);
    const h = server.requests[0]!.headers;
    expect(h.get('Authorization')).toBe('Bearer handed');
    expect(h.get('X-Rent-Id')).toBeNull();
    // The session's refresh token was not spent on it, and the session is as it was.
    expect(server.calls('POST', '/api/auth/oauth/token')).toHaveLength(0);
    expect(localStorage.getItem('AccessToken')).toBe('session');
    expect(shown).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it('unwraps the envelope; the token endpoint answers unwrapped', async () => {
    fakeServer({
      'GET /api/x': () => ok({ a: 1 }),
      'POST /api/auth/oauth/token': () => ({ body: token('t') }),
    });
    await expect(request('/api/x')).resolves.toEqual({ a: 1 });
    await expect(request('/api/auth/oauth/token', { method: 'POST', envelope: false })).resolves.toMatchObject({
      access_token: 't',
    });
  });

  it('a 200 whose body status is not 200 is a failure shown with its message', async () => {
    fakeServer({ 'GET /api/x': () => ({ status: 200, body: { status: 30101, message: '不能删除' } }) });
    await expect(request('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'notification', title: '失败', text: '不能删除' }),
    );
  });

  it('shows a failure through the catalogue and still rejects; a silent call shows nothing', async () => {
    fakeServer({ 'GET /api/x': () => ({ status: 404, body: { status: 404, message: '不存在' } }) });
    await expect(request('/api/x')).rejects.toMatchObject({ httpStatus: 404, status: 404, serverMessage: '不存在' });
    expect(shown).toHaveBeenCalledTimes(1);
    await expect(request('/api/x', { silent: true })).rejects.toBeInstanceOf(RequestError);
    await expect(request('/api/x', { silent: (e) => e.httpStatus === 404 })).rejects.toBeInstanceOf(RequestError);
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('a server that does not answer: the 60-second timeout, then the timed-out message', async () => {
    vi.useFakeTimers();
    fakeServer({ 'GET /api/slow': () => 'hang' });
    const pending = request('/api/slow');
    const assertion = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(shown).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ text: '服务请求超时', duration: 3 }));
  });

  it('an unreachable server is "connection lost", not a timeout', async () => {
    fakeServer({ 'GET /api/x': () => 'network-error' });
    await expect(request('/api/x')).rejects.toMatchObject({ kind: 'network' });
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ text: '网络连接已断开，请检查网络后重试' }));
  });

  it('a call its caller aborts rejects quietly', async () => {
    fakeServer({ 'GET /api/slow': () => 'hang' });
    const controller = new AbortController();
    const pending = request('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(shown).not.toHaveBeenCalled();
  });
});

describe('token renewal', () => {
  it('renews the access token before it expires (refresh_token grant, client credential) and keeps the rent', async () => {
    const now = Date.now();
    saveTokens(token('old', 'r1', 200), { now: now - 0 });
    localStorage.setItem('RentId', '9');
    const server = fakeServer({
      'POST /api/auth/oauth/token': () => ({ body: token('new', 'r2') }),
      'GET /api/x': () => ok(1),
    });
    await request('/api/x');
    const refresh = server.calls('POST', '/api/auth/oauth/token')[0]!;
    expect(refresh.query.get('grant_type')).toBe('refresh_token');
    expect(refresh.query.get('refresh_token')).toBe('r1');
    expect(refresh.headers.get('Authorization')).toMatch(/^Basic /);
    expect(server.calls('GET', '/api/x')[0]!.headers.get('Authorization')).toBe('Bearer new');
    expect(localStorage.getItem('RefreshToken')).toBe('r2');
    expect(localStorage.getItem('RentId')).toBe('9');
    expect(tokenExpiresAt()).toBeGreaterThan(now + 7000 * 1000);
  });

  it('another tab renewed the pair while this one waited for the lock: no second renewal', async () => {
    saveTokens(token('old', 'r1', 60));
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, callback: () => Promise<void>) => {
          // The other tab held the lock and wrote its renewal first.
          localStorage.setItem('AccessToken', 'from-other-tab');
          localStorage.setItem('RefreshToken', 'r2');
          return callback();
        },
      },
    });
    const server = fakeServer({ 'GET /api/x': () => ok(1) });
    await request('/api/x');
    expect(server.calls('POST', '/api/auth/oauth/token')).toHaveLength(0);
    expect(server.calls('GET', '/api/x')[0]!.headers.get('Authorization')).toBe('Bearer from-other-tab');
    expect(tokenExpiresAt()).toBeNull();
  });

  it('does not renew a token far from expiry', async () => {
    saveTokens(token('fresh'));
    const server = fakeServer({ 'GET /api/x': () => ok(1) });
    await request('/api/x');
    expect(server.calls('POST', '/api/auth/oauth/token')).toHaveLength(0);
  });

  it('a 40101 (expiry unknown after a reload): renews once and repeats the call, showing nothing', async () => {
    localStorage.setItem('AccessToken', 'stale');
    localStorage.setItem('RefreshToken', 'r1');
    const server = fakeServer({
      'POST /api/auth/oauth/token': () => ({ body: token('new', 'r2') }),
      'GET /api/x': (req) =>
        req.headers.get('Authorization') === 'Bearer new'
          ? ok('done')
          : { status: 401, body: { status: 40101, message: 'expired' } },
    });
    await expect(request('/api/x')).resolves.toBe('done');
    expect(server.calls('GET', '/api/x')).toHaveLength(2);
    expect(shown).not.toHaveBeenCalled();
  });

  it('parallel 40101s share one renewal', async () => {
    localStorage.setItem('AccessToken', 'stale');
    localStorage.setItem('RefreshToken', 'r1');
    const server = fakeServer({
      'POST /api/auth/oauth/token': () => ({ body: token('new', 'r2'), delayMs: 20 }),
      'GET /api/x': (req) =>
        req.headers.get('Authorization') === 'Bearer new'
          ? ok(1)
          : { status: 401, body: { status: 40101, message: '' } },
    });
    await Promise.all([request('/api/x'), request('/api/x'), request('/api/x')]);
    expect(server.calls('POST', '/api/auth/oauth/token')).toHaveLength(1);
  });

  it('a revoked session (the refresh refused too): the relogin box', async () => {
    localStorage.setItem('AccessToken', 'revoked');
    localStorage.setItem('RefreshToken', 'revoked-too');
    fakeServer({
      'POST /api/auth/oauth/token': () => ({ status: 401, body: { status: 40101, message: 'refresh token invalid' } }),
      'GET /api/x': () => ({ status: 401, body: { status: 40101, message: 'token revoked' } }),
    });
    await expect(request('/api/x')).rejects.toMatchObject({ httpStatus: 401, status: 40101 });
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ kind: 'relogin', title: '超时提醒' }));
  });

  it('without a refresh token a 40101 goes straight to the relogin box', async () => {
    localStorage.setItem('AccessToken', 'x');
    const server = fakeServer({ 'GET /api/x': () => ({ status: 401, body: { status: 40101, message: '' } }) });
    await expect(request('/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(server.calls('POST', '/api/auth/oauth/token')).toHaveLength(0);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ kind: 'relogin' }));
  });
});
