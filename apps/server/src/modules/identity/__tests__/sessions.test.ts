import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../core/db.js';
import { CLIENT_BASIC, createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser, R, seedIds } from '../../../test/users.js';

/**
 * The session cache (core/session-cache.ts): a signed-in call with a known token makes no round trip for its
 * session, and every change to what a session carries applies from the caller's next call.
 */
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const PROVINCES = '/api/ccwadmin/commonArea/province';
const CARS = '/api/ccwadmin/rentCar/list';
const O = '/api/ccwadmin';

/** Counts the statements sent to the database (PGlite: queries and execs; PostgreSQL: the pool's queries). */
function countRoundTrips(database: Database): { readonly count: number; stop(): void } {
  let count = 0;
  const target = (database.pglite ?? database.pool) as unknown as Record<string, (...a: unknown[]) => unknown>;
  const names = database.pglite ? ['query', 'exec', 'transaction'] : ['query'];
  const originals = names.map((n) => [n, target[n]!] as const);
  for (const [n, f] of originals) {
    target[n] = function (this: unknown, ...args: unknown[]) {
      count++;
      return f.apply(this, args);
    };
  }
  return {
    get count() {
      return count;
    },
    stop() {
      for (const [n, f] of originals) target[n] = f;
    },
  };
}

async function roundTripsOf(call: () => Promise<{ statusCode: number }>) {
  const counter = countRoundTrips(t.deps.database);
  try {
    expect((await call()).statusCode).toBe(200);
    return counter.count;
  } finally {
    counter.stop();
  }
}

describe('round trips of a signed-in read', () => {
  it('reads the session once; later calls with the same token make none', async () => {
    // Another token first: the session statement is prepared once per connection.
    await t.request('GET', PROVINCES, { as: 'admin' });
    const token = (await t.signIn('clerk')).json().access_token as string;
    expect(await roundTripsOf(() => t.request('GET', PROVINCES, { token }))).toBe(1);
    expect(await roundTripsOf(() => t.request('GET', PROVINCES, { token }))).toBe(0);
    expect(await roundTripsOf(() => t.request('GET', PROVINCES, { token }))).toBe(0);
  });

  it('a list makes only its own queries once the session is cached', async () => {
    const token = (await t.signIn('admin')).json().access_token as string;
    const list = () => t.request('POST', CARS, { token, body: { status: ['idle'], pageSize: 20 } });
    const cold = await roundTripsOf(list);
    const warm = await roundTripsOf(list);
    // The car list: the page's ids (with the tenant's car version) and its rows; the count is cached by version.
    expect(warm).toBe(2);
    expect(cold).toBeGreaterThan(warm);
  });

  it('a read sent as POST does not wait for the session cache; a write does', async () => {
    const token = (await t.signIn('admin')).json().access_token as string;
    const settled = vi.spyOn(t.deps.sessions, 'settled');
    try {
      const list = await t.request('POST', CARS, { token, body: { pageSize: 5 } });
      expect(list.statusCode).toBe(200);
      expect(settled).not.toHaveBeenCalled();
      // A write (a saved filter of the caller's) waits, so that a session change it made applies next call.
      const saved = await t.request('POST', '/api/ccwadmin/filter/save/rentCar', {
        token,
        body: { name: 'idle cars', filter: { status: ['idle'] } },
      });
      expect(saved.statusCode).toBe(200);
      expect(settled).toHaveBeenCalledTimes(1);
    } finally {
      settled.mockRestore();
    }
  });

  it('reads every call when SESSION_CACHE_SECONDS=0', async () => {
    const off = await createTestApp({ config: { SESSION_CACHE_SECONDS: '0' } });
    try {
      const token = await off.token('clerk');
      await off.request('GET', PROVINCES, { token });
      const counter = countRoundTrips(off.deps.database);
      await off.request('GET', PROVINCES, { token });
      counter.stop();
      expect(counter.count).toBe(1);
    } finally {
      await off.close();
    }
  });
});

describe('a change applies from the next call', () => {
  it('sign-out refuses the token at once', async () => {
    const token = (await t.signIn('clerk')).json().access_token as string;
    expect((await t.request('GET', PROVINCES, { token })).statusCode).toBe(200);
    const out = await t.request('DELETE', '/api/auth/oauth/token', { query: { access_token: token } });
    expect(out.statusCode).toBe(200);
    expect((await t.request('GET', PROVINCES, { token })).statusCode).toBe(401);
  });

  it('a refresh revokes the access token it replaces', async () => {
    const signedIn = (await t.signIn('clerk')).json();
    const token = signedIn.access_token as string;
    expect((await t.request('GET', PROVINCES, { token })).statusCode).toBe(200);
    const refreshed = await t.request('POST', '/api/auth/oauth/token', {
      headers: { authorization: CLIENT_BASIC },
      form: { grant_type: 'refresh_token', refresh_token: signedIn.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await t.request('GET', PROVINCES, { token })).statusCode).toBe(401);
    expect((await t.request('GET', PROVINCES, { token: refreshed.json().access_token })).statusCode).toBe(200);
  });

  it("a role's grants and data scope, and a user's roles, apply on the next call", async () => {
    const role = (
      await t.request('POST', `${R}/add`, {
        as: 'admin',
        body: { name: 'Sessions', dataScope: 'assigned', grants: ['rentCar', 'rentCar:view'] },
      })
    ).json().data as { id: number };
    const user = await addUser(t, 'session_user', { roleIds: [role.id], rentIds: [ids.hz] });
    const cars = () => t.request('POST', CARS, { token: user.token, body: { pageSize: 5 } });
    expect((await cars()).statusCode).toBe(200);
    expect((await t.request('GET', PROVINCES, { token: user.token, rent: ids.sh })).statusCode).toBe(403);

    // Grants taken away: the car list is refused at once.
    const bare = await t.request('PUT', `${R}/update/${role.id}`, {
      as: 'admin',
      body: { name: 'Sessions', dataScope: 'assigned', grants: [] },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((await cars()).statusCode).toBe(403);

    // Given back with data scope all: another rent is allowed at once.
    await t.request('PUT', `${R}/update/${role.id}`, {
      as: 'admin',
      body: { name: 'Sessions', dataScope: 'all', grants: ['rentCar', 'rentCar:view'] },
    });
    expect((await cars()).statusCode).toBe(200);
    expect((await t.request('GET', PROVINCES, { token: user.token, rent: ids.sh })).statusCode).toBe(200);
  });

  it('disabling an employee refuses his cached session at once', async () => {
    const role = ids.role('DEMO:clerk');
    const user = await addUser(t, 'session_disabled', { roleIds: [role], rentIds: [ids.hz] });
    expect((await t.request('GET', PROVINCES, { token: user.token })).statusCode).toBe(200);
    const off = await t.request('PUT', `${O}/employee/status/${user.id}`, {
      as: 'admin',
      body: { status: 'disabled' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.request('GET', PROVINCES, { token: user.token })).statusCode).toBe(401);
  });

  it('a change written straight to the database applies once the process has heard it', async () => {
    const token = await t.token('other');
    expect((await t.request('GET', PROVINCES, { token })).statusCode).toBe(200);
    await t.deps.database.query(
      `update memberships set expires_at = now() - interval '1 day' where tenant_id = ${ids.other}`,
    );
    // PGlite hears it within the statement; PostgreSQL through the listening connection.
    await t.deps.sessions.settled();
    const res = await t.request('GET', PROVINCES, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(40302);
    await t.deps.database.query(
      `update memberships set expires_at = now() + interval '1 year' where tenant_id = ${ids.other}`,
    );
    await t.deps.sessions.settled();
    expect((await t.request('GET', PROVINCES, { token })).statusCode).toBe(200);
  });
});
