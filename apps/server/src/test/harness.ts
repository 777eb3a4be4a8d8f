import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { inject } from 'vitest';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '@fleetdesk/contracts/auth';
import { buildApp } from '../app.js';
import { createDeps } from '../bootstrap.js';
import type { Config } from '../config.js';
import { ManualClock } from '../core/clock.js';
import { openPglite, openPostgres, type Database } from '../core/db.js';
import { HeldDump } from '../core/pglite-instance.js';
import type { AppDeps } from '../core/deps.js';
import { SmsService } from '../core/sms.js';
import type { SmsProvider } from '../core/providers/sms.js';
import { startJobs } from '../runtime.js';
import { testConfig } from './test-config.js';

export const PASSWORDS: Record<string, string> = {
  admin: 'Admin@123',
  clerk: 'Clerk@123',
  other: 'Other@123',
  expired: 'Expired@123',
  // The CRM's sales advisers (data scope own).
  sales1: 'Admin@123',
  sales2: 'Admin@123',
  // The fleet leader of the teams' demo (data scope team).
  fleet1: 'Admin@123',
  // The demo financier's admin, and the platform operator (docs/dashboard.md).
  xinda: 'Admin@123',
  operator: 'Admin@123',
};

export const CLIENT_BASIC = `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`;

let template: { file: string; dump: Promise<HeldDump> } | undefined;

/**
 * The template's dump, read once per test process (the files of a worker share module state: `isolate: false`),
 * not once per file: 60 MB read again cost 0.1-0.3 s each time. PGlite only reads it, and as a `HeldDump` without
 * the 0.4 s a Blob takes to give its bytes back.
 */
function templateDump(): Promise<HeldDump> {
  const file = inject('pgliteTemplate');
  if (template?.file !== file) {
    template = {
      file,
      dump: readFile(file).then(
        (b) => new HeldDump(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer),
      ),
    };
  }
  return template.dump;
}

/** A copy of the seeded template database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject('postgresTemplate');
  if (pgTemplate) {
    const base = process.env.DATABASE_URL!;
    const name = `fd_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { max: 5 });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
    return database;
  }
  // In the test's thread by default (a copy opens faster); TEST_PGLITE_WORKER=true runs a suite through the
  // worker thread the server uses (core/pglite-host.ts).
  // shared_buffers of 32MB, not 128MB: each copy zeroes them at its start (0.3 s less a test file).
  return openPglite({
    loadDataDir: await templateDump(),
    sharedBuffers: '32MB',
    worker: process.env.TEST_PGLITE_WORKER === 'true',
  });
}

export interface RequestOptions {
  /** Username whose token to send (signed in on first use), or a raw token. */
  as?: string;
  token?: string;
  rent?: number | string;
  lang?: 'zh-CN' | 'en-US';
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: ManualClock;
  config: Config;
  dataDir: string;
  /** Signs in with the seed password and returns the token answer. */
  signIn(username: string, password?: string, extraForm?: Record<string, string>): Promise<LightMyRequestResponse>;
  token(username: string): Promise<string>;
  request(method: InjectOptions['method'], url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The moment every test's clock starts: one second after the template was seeded (its demo dates are relative to
 * that moment). A test's "today" comes from here or from `t.clock`, never from the wall clock, which may pass
 * midnight while the run goes on.
 */
export function testStart(): Date {
  return new Date(new Date(inject('seededAt')).getTime() + 1_000);
}

/**
 * The app on a fresh copy of the seeded database, with a manual clock, for `inject()` tests. Every request
 * made through `request` carries `X-User-Type: manager` like the web client's.
 */
export async function createTestApp(
  options: {
    config?: Record<string, string>;
    sms?: SmsProvider;
    worker?: boolean;
    /** The server's logger (a test that reads the log); else silent unless TEST_LOG is set. */
    log?: Logger;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ...options.config });
  const database = await openTestDatabase();
  // The test's today is the day the template was seeded (its demo dates are relative to that moment); it starts
  // one second later, so that what the seed made "now" (the trackers' last positions) lies in the past.
  const clock = new ManualClock(testStart());
  // TEST_LOG=debug (or info, warn...) shows the server's log while a test runs.
  const log = options.log ?? pino({ level: process.env.TEST_LOG ?? 'silent' });
  const deps = await createDeps(config, database, log, {
    clock,
    worker: options.worker ?? false,
    pollingIntervalSeconds: 0.5,
  });
  if (options.sms) deps.sms = new SmsService(database.db, options.sms, log);
  const app = await buildApp(deps, { web: false, logger: options.log || process.env.TEST_LOG ? log : false });
  await app.ready();
  await startJobs(deps);
  const tokens = new Map<string, string>();

  const signIn = (username: string, password = PASSWORDS[username] ?? '', extraForm: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password, grant_type: 'password', type: '1', ...extraForm }).toString(),
    });

  const token = async (username: string) => {
    const cached = tokens.get(username);
    if (cached) return cached;
    const res = await signIn(username);
    if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    const t = res.json().access_token as string;
    tokens.set(username, t);
    return t;
  };

  const request = async (method: InjectOptions['method'], url: string, o: RequestOptions = {}) => {
    const headers: Record<string, string> = {
      'x-user-type': 'manager',
      ...(o.lang ? { 'accept-language': o.lang } : {}),
    };
    const bearer = o.token ?? (o.as ? await token(o.as) : undefined);
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (o.rent !== undefined) headers['x-rent-id'] = String(o.rent);
    Object.assign(headers, o.headers);
    const query = o.query
      ? Object.fromEntries(
          Object.entries(o.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined;
    if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return app.inject({
        method,
        url,
        headers,
        ...(query ? { query } : {}),
        payload: new URLSearchParams(o.form).toString(),
      });
    }
    return app.inject({
      method,
      url,
      headers,
      ...(query ? { query } : {}),
      ...(o.body !== undefined ? { payload: o.body as never } : {}),
    });
  };

  return {
    app,
    deps,
    clock,
    config,
    dataDir,
    signIn,
    token,
    request,
    async close() {
      await deps.jobs.stop();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
