// Shared by the benchmarks: start the built server on a spare port, sign in, read its memory, run autocannon.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const require = createRequire(import.meta.url);

export const CLIENT_BASIC = `Basic ${Buffer.from('fleetdesk-web:fleetdesk-web').toString('base64')}`;
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function ensureBuilt() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });
}

/** A fresh PostgreSQL database for a run; answers its URL (and drops it with drop()). */
export async function freshPostgres(name) {
  const pg = require(path.join(ROOT, 'node_modules/pg'));
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function postgresReachable() {
  const pg = require(path.join(ROOT, 'node_modules/pg'));
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Starts `node [nodeArgs] apps/server/dist/main.js`; resolves once it listens. */
export function startServer(env = {}, nodeArgs = []) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      PAY_PROVIDER: 'sandbox',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let logBytes = 0;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 120_000);
    const onData = (d) => {
      log += d.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m && /Fleetdesk is ready/.test(log)) {
        clearTimeout(timer);
        // From here on the log is drained, not kept (only its size is counted): a benchmark must not measure its
        // own bookkeeping.
        child.stdout.off('data', onData);
        child.stdout.on('data', (d) => (logBytes += d.length));
        child.stdout.resume();
        resolve({
          base: m[1],
          pid: child.pid,
          startMs: Math.round(performance.now() - started),
          log: () => log,
          /** Bytes the server logged (stdout) since it was ready. */
          loggedBytes: () => logBytes,
          async stop() {
            child.kill('SIGTERM');
            await new Promise((r) => child.once('exit', r));
            rmSync(dataDir, { recursive: true, force: true });
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (log += d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${log}`)));
  });
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/** Samples a process's RSS every `ms` until stopped; answers the peak. */
export function rssSampler(pid, ms = 100) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* process gone */
    }
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export async function signIn(base, username = 'admin', password = 'Admin@123') {
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, grant_type: 'password' }),
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

export function authHeaders(token) {
  return { authorization: `Bearer ${token}`, 'x-user-type': 'manager', 'content-type': 'application/json' };
}

/** autocannon with the figures we report. */
export async function load(options) {
  const autocannon = require(path.join(ROOT, 'node_modules/autocannon'));
  const result = await autocannon({ duration: 10, connections: 20, ...options });
  return {
    connections: options.connections ?? 20,
    durationS: options.duration ?? 10,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
  };
}

/**
 * A list call against the signed-in floor (`commonArea/province`: the session lookup alone) in one run: both
 * warmed, then the list alone at 1 connection, the list at 20, the floor at 20, back to back; and the ratios the
 * issues' targets are written in (throughput against the floor, 1-connection p99 against 10 ms).
 */
export async function listAgainstFloor({ base, headers, url, method = 'GET', body, label = '', p99TargetMs = 10 }) {
  const call = { url, method, headers, ...(body === undefined ? {} : { body }) };
  const floorUrl = `${base}/api/ccwadmin/commonArea/province`;
  await load({ ...call, duration: 3 });
  await load({ url: floorUrl, headers, duration: 2 });
  const out = {};
  out.listOneConnection = await load({ ...call, duration: 10, connections: 1 });
  console.log(`${label} list, 1 connection: ${JSON.stringify(out.listOneConnection)}`);
  out.list20 = await load({ ...call, duration: 10 });
  console.log(`${label} list, 20 connections: ${JSON.stringify(out.list20)}`);
  out.signedInFloor = {
    call: 'GET commonArea/province (session lookup only)',
    ...(await load({ url: floorUrl, headers, duration: 10 })),
  };
  console.log(`${label} signed-in floor: ${JSON.stringify(out.signedInFloor)}`);
  out.ratios = {
    listVsFloorThroughput: Math.round((out.list20.rps / out.signedInFloor.rps) * 100) / 100,
    listOneConnectionP99VsTarget: Math.round((out.listOneConnection.p99Ms / p99TargetMs) * 100) / 100,
  };
  console.log(`${label} ratios: ${JSON.stringify(out.ratios)}`);
  return out;
}

export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memGb: Math.round(os.totalmem() / 2 ** 30),
  };
}
