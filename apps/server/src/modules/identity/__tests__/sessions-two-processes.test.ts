import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../core/db.js';
import { CLIENT_BASIC, openTestDatabase, PASSWORDS } from '../../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';

/**
 * Two API processes on one PostgreSQL, each with its session cache: a change made through one refuses the
 * cached session in the other within 100 ms (the announcement travels by LISTEN/NOTIFY). PGlite has one
 * process by design; its in-process announcements are tested in sessions.test.ts.
 */
const PROVINCES = '/api/ccwadmin/commonArea/province';

let database: Database;
let dataDir: string;
const servers: ServerProcess[] = [];

function startServer(url: string): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', RUN_WORKER: 'false', DATABASE_URL: url });
}

async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORDS[username] ?? 'Staff@123', grant_type: 'password' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const call = (base: string, token: string, method = 'GET', url = PROVINCES, body?: unknown) =>
  fetch(base + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-user-type': 'manager',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));

/** Calls `base` every 5 ms until it answers `status`; answers the milliseconds it took. */
async function msUntil(base: string, token: string, status: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 2000) {
    if ((await call(base, token)).status === status) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 5));
  }
  return Infinity;
}

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-sessions-'));
    database = await openTestDatabase();
    servers.push(...(await Promise.all([startServer(database.url!), startServer(database.url!)])));
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(
      servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))),
    );
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a sign-out in one refuses the token in the other within 100 ms, and at once in the one that served it', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const token = await signIn(a.base, 'clerk');
    expect((await call(a.base, token)).status).toBe(200);
    expect((await call(b.base, token)).status).toBe(200);
    expect((await call(b.base, token)).status).toBe(200); // cached in b now
    const out = await fetch(`${a.base}/api/auth/oauth/token?access_token=${encodeURIComponent(token)}`, {
      method: 'DELETE',
    });
    expect(out.status).toBe(200);
    expect((await call(a.base, token)).status).toBe(401);
    expect(await msUntil(b.base, token, 401)).toBeLessThanOrEqual(100);
  });

  it('disabling an employee in one refuses his cached session in the other within 100 ms', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const { rows } = await database.query<{ id: number }>(`select id from users where username = 'liuyang'`);
    const token = await signIn(b.base, 'liuyang');
    expect((await call(b.base, token)).status).toBe(200);
    expect((await call(b.base, token)).status).toBe(200);
    const admin = await signIn(a.base, 'admin');
    const off = await call(a.base, admin, 'PUT', `/api/ccwadmin/employee/status/${rows[0]!.id}`, {
      status: 'disabled',
    });
    expect(off.status, off.body).toBe(200);
    expect(await msUntil(b.base, token, 401)).toBeLessThanOrEqual(100);
  });
});
