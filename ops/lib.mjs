// Shared by the operations scripts (`npm run ops:check`): real server processes from the build, a private
// PostgreSQL instance, a round-robin proxy standing for the load balancer, HTTP helpers, and a report that ends
// with PASS/FAIL per check. Everything a script starts is registered for cleanup, which runs on exit, on a
// signal and on failure (children killed, the PostgreSQL instance stopped, mounts undone, temp dirs removed).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(ROOT, 'apps/server');
// The server's own dependencies (node-postgres, ExcelJS), resolved as the server resolves them.
const requireServer = createRequire(path.join(SERVER_DIR, 'package.json'));
export const pg = requireServer('pg');
export const ExcelJS = requireServer('exceljs');
/** A module of the built server (`dist/<rel>`), e.g. the simulated JT/T 808 terminal. */
export const serverModule = (rel) => import(pathToFileURL(path.join(SERVER_DIR, 'dist', rel)).href);

const run = promisify(execFile);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const now = () => performance.now();
export const seconds = (ms) => Math.round(ms / 100) / 10;
export const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

// ---------------------------------------------------------------------------------------------------------------
// Cleanup: synchronous steps, last registered first, run once on exit (normal, failure or signal).

const cleanups = [];
/** Registers a synchronous cleanup step; answers a function that runs it now (and unregisters it). */
export function onCleanup(fn) {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
    fn();
  };
}
export function cleanupAll() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      fn();
    } catch (err) {
      console.error(`cleanup: ${err.message}`);
    }
  }
}
process.on('exit', cleanupAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`${signal}: cleaning up`);
    cleanupAll();
    process.exit(130);
  });
}

/** A temp dir removed at cleanup (unless `keep()` was called on it, e.g. the logs of a failed run). */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `fleetdesk-ops-${prefix}-`));
  let kept = false;
  onCleanup(() => kept || rmSync(dir, { recursive: true, force: true }));
  return { dir, keep: () => (kept = true) };
}

// ---------------------------------------------------------------------------------------------------------------
// The report: one line per check as it is decided, a summary at the end, exit code 1 on any failure.

export function createReport(name) {
  const started = now();
  const checks = [];
  const numbers = {};
  const print = (c) => console.log(`[${name}] ${c.outcome.padEnd(7)} ${c.title}${c.detail ? ` — ${c.detail}` : ''}`);
  const add = (outcome, title, detail = '') => {
    const c = { outcome, title, detail: typeof detail === 'string' ? detail : JSON.stringify(detail) };
    checks.push(c);
    print(c);
    return outcome !== 'FAIL';
  };
  return {
    name,
    checks,
    numbers,
    log: (text) => console.log(`[${name}] ${text}`),
    /** PASS when `ok`, else FAIL; answers `ok`. */
    check: (title, ok, detail) => add(ok ? 'PASS' : 'FAIL', title, detail),
    fail: (title, detail) => add('FAIL', title, detail),
    skip: (title, reason) => add('SKIPPED', title, reason),
    /** A figure for the summary (and the JSON result). */
    number: (key, value) => (numbers[key] = value),
    summary() {
      const count = (o) => checks.filter((c) => c.outcome === o).length;
      const totals = { pass: count('PASS'), fail: count('FAIL'), skipped: count('SKIPPED') };
      return { name, ...totals, seconds: seconds(now() - started), checks, numbers };
    },
    /** Prints the summary, writes it to OPS_RESULT_FILE when set, answers the exit code. */
    async finish() {
      const s = this.summary();
      console.log(`\n=== ${name}: summary`);
      for (const c of checks) print(c);
      console.log(`[${name}] numbers: ${JSON.stringify(numbers)}`);
      console.log(`=== ${name}: ${s.pass} PASS, ${s.fail} FAIL, ${s.skipped} SKIPPED in ${s.seconds} s`);
      if (process.env.OPS_RESULT_FILE) await writeFile(process.env.OPS_RESULT_FILE, JSON.stringify(s, null, 2));
      return s.fail ? 1 : 0;
    },
  };
}

/** Runs a script's body with a report; an exception is a FAIL; cleanup always runs; exits with the code. */
export async function main(name, body) {
  const report = createReport(name);
  let code = 1;
  try {
    await body(report);
  } catch (err) {
    report.fail('script ran to its end', err.stack ?? String(err));
  }
  try {
    code = await report.finish();
  } finally {
    cleanupAll();
  }
  process.exit(code);
}

// ---------------------------------------------------------------------------------------------------------------
// Ports and the server processes.

/** A port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const ENTRY = { api: 'dist/main.js', worker: 'dist/worker.js', gateway: 'dist/gps-gateway.js' };
/** What a kind of process logs once it serves (JSON lines of pino). */
const READY = {
  api: (line) => line.msg?.startsWith('Fleetdesk is ready'),
  worker: (line) => line.msg === 'worker started',
  gateway: (line) => line.msg === 'JT/T 808 gateway listening',
};

/**
 * Starts `node apps/server/dist/<main|worker|gps-gateway>.js` with the production defaults and `env`, and waits
 * until it serves (API: "Fleetdesk is ready", its address from "Server listening at"; worker: "worker started";
 * gateway: "JT/T 808 gateway listening" with its port). Its output goes to `<logDir>/<name>.log` and is kept for
 * `grep`. Killed at cleanup if still running.
 */
export function startProcess(kind, env, { name = kind, logDir, readyTimeoutMs = 180_000 } = {}) {
  const started = now();
  const child = spawn(process.execPath, [path.join(SERVER_DIR, ENTRY[kind])], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      // Production refuses to start on the payment sandbox unless it is named.
      PAY_PROVIDER: 'sandbox',
      // New password hashes (the demo seed) at a lower scrypt cost: sign-ins take milliseconds, not 0.3 s each.
      PASSWORD_SCRYPT_LOG_N: '12',
      GPS_TCP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const removeCleanup = onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines = [];
  const file = logDir ? createWriteStream(path.join(logDir, `${name}.log`)) : null;
  let exited = null;
  const exitWaiters = [];
  child.on('exit', (code, signal) => {
    exited = { code, signal, at: now() };
    file?.end();
    for (const w of exitWaiters.splice(0)) w(exited);
  });
  let readyResolve;
  let readyReject;
  const ready = new Promise((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  let base = null;
  let port = null;
  const onLine = (text) => {
    if (lines.length < 50_000) lines.push(text);
    let line;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    const m = /Server listening at (http:\/\/127\.0\.0\.1:(\d+))/.exec(line.msg ?? '');
    if (m) {
      base = m[1];
      port = Number(m[2]);
    }
    if (kind === 'gateway' && READY.gateway(line)) port = line.port;
    if (READY[kind](line)) readyResolve();
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      file?.write(chunk);
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop();
      for (const p of parts) onLine(p);
    });
  }
  const timer = setTimeout(
    () => readyReject(new Error(`${name} not ready after ${readyTimeoutMs} ms:\n${lines.slice(-30).join('\n')}`)),
    readyTimeoutMs,
  );
  child.on('exit', (code, signal) =>
    readyReject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${lines.slice(-30).join('\n')}`)),
  );
  const proc = {
    kind,
    name,
    child,
    pid: child.pid,
    get base() {
      return base;
    },
    get port() {
      return port;
    },
    get alive() {
      return exited === null;
    },
    /** `{ code, signal }` once exited, else null. */
    get exit() {
      return exited && { code: exited.code, signal: exited.signal };
    },
    startMs: 0,
    /** Log lines matching `re` (raw JSON text). */
    grep: (re) => lines.filter((l) => re.test(l)),
    /** How many lines were logged so far: a mark for `linesSince`. */
    mark: () => lines.length,
    linesSince: (mark) => lines.slice(mark),
    waitExit: () => (exited ? Promise.resolve(exited) : new Promise((r) => exitWaiters.push(r))),
    /** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`); answers `{ code, signal, ms }`. */
    async stop(signal = 'SIGTERM', timeoutMs = 20_000) {
      if (exited) return { ...exited, ms: 0 };
      const t0 = now();
      child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const e = await proc.waitExit();
      clearTimeout(killer);
      removeCleanup();
      return { code: e.code, signal: e.signal, ms: Math.round(now() - t0) };
    },
  };
  return ready.then(
    () => {
      clearTimeout(timer);
      proc.startMs = Math.round(now() - started);
      return proc;
    },
    (err) => {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      throw err;
    },
  );
}

/**
 * Runs a one-shot of the build (`dist/cli/migrate.js`, `dist/cli/seed-demo.js`, as compose's `setup` service
 * does), its output in `<logDir>/<name>.log`. Answers `{ ms, exited }`; throws when it exits with a failure.
 * `doneWhen(line)` names its last line: a one-shot still running `graceMs` after it is killed, and answers
 * `exited: false` (a setup step that never ends holds back every service that waits for it).
 */
export function runOnce(script, env, { name = path.basename(script, '.js'), logDir, doneWhen, graceMs = 10_000 } = {}) {
  const t0 = now();
  const child = spawn(process.execPath, [path.join(SERVER_DIR, 'dist', script)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', PASSWORD_SCRYPT_LOG_N: '12', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onCleanup(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  const out = [];
  const file = logDir ? createWriteStream(path.join(logDir, `${name}.log`)) : null;
  let doneAt = null;
  let killer = null;
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (d) => {
      out.push(d);
      file?.write(d);
      if (
        doneAt === null &&
        doneWhen &&
        d
          .toString()
          .split('\n')
          .some((l) => l && doneWhen(l))
      ) {
        doneAt = now();
        killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      }
    });
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) => {
      clearTimeout(killer);
      file?.end();
      const ms = Math.round((doneAt ?? now()) - t0);
      if (code === 0) resolve({ ms, exited: true });
      else if (signal === 'SIGKILL' && doneAt !== null) resolve({ ms, exited: false, graceMs });
      else reject(new Error(`${script} exited ${code ?? signal}:\n${Buffer.concat(out).toString().slice(-3000)}`));
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A private PostgreSQL instance (initdb into a temp dir, pg_ctl on a free port), never the machine's shared one.

/** The PostgreSQL programs' folder: `pg_config --bindir`, else the newest /usr/lib/postgresql/<v>/bin. */
export function postgresBinDir() {
  const has = (dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if (has(dir.trim())) return dir.trim();
  } catch {
    /* no pg_config */
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (has(path.join(base, v, 'bin'))) return path.join(base, v, 'bin');
  return null;
}

/**
 * initdb + pg_ctl start of a private instance on a free port of 127.0.0.1 (as the `postgres` user when we are
 * root: PostgreSQL refuses to run as root). Answers null (with the reason in `startPostgres.reason`) when the
 * programs are missing. `stop(mode)` and `start()` act on the instance; cleanup stops it (immediate) and removes
 * its directory.
 */
export async function startPostgres({ maxConnections = 300 } = {}) {
  const bin = postgresBinDir();
  if (!bin) {
    startPostgres.reason = 'no PostgreSQL programs (pg_config --bindir, /usr/lib/postgresql/*/bin)';
    return null;
  }
  const { dir } = tempDir('pg');
  const data = path.join(dir, 'data');
  const root = process.getuid?.() === 0;
  let as = (cmd, args) => [cmd, args];
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    as = (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
  }
  const exec = (name, args, opts = {}) => run(...as(path.join(bin, name), args), { timeout: 60_000, ...opts });
  const execSync = (name, args) =>
    execFileSync(...as(path.join(bin, name), args), { stdio: 'ignore', timeout: 30_000 });
  const t0 = now();
  await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    `-c max_connections=${maxConnections}`,
  ].join(' ');
  const logFile = path.join(dir, 'postgres.log');
  let running = false;
  const instance = {
    port,
    dir,
    bin,
    logFile,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    get running() {
      return running;
    },
    async start() {
      const t = now();
      await exec('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
      return Math.round(now() - t);
    },
    /** pg_ctl stop -m <mode> (fast: disconnects the clients, rolls back their transactions, checkpoints). */
    async stop(mode = 'fast') {
      const t = now();
      await exec('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
      return Math.round(now() - t);
    },
    async createDatabase(name) {
      await instance.query('postgres', `create database ${name}`);
      return instance.url(name);
    },
    /** One statement on a fresh connection (fails when the instance is down). */
    async query(db, text, params = []) {
      const client = new pg.Client({ connectionString: instance.url(db), connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
  onCleanup(() => {
    if (!existsSync(path.join(data, 'postmaster.pid'))) return;
    try {
      execSync('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
  });
  await instance.start();
  instance.initMs = Math.round(now() - t0);
  return instance;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP: sign in, JSON calls, uploads.

export const CLIENT_BASIC = `Basic ${Buffer.from('fleetdesk-web:fleetdesk-web').toString('base64')}`;

/** Signs in with the password grant of the web client (the demo admin by default); answers the access token. */
export async function signIn(base, username = 'admin', password = 'Admin@123') {
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.json().catch(() => ({}));
  if (!body.access_token) throw new Error(`sign-in at ${base} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * One call; never throws: answers `{ status, body, ms, error }` (status 0 and `error` when no answer came).
 * `body` is the parsed JSON (or the text); `raw: true` answers the bytes in `bytes`.
 */
export async function call(base, method, url, { token, json, form, headers = {}, timeoutMs = 30_000, raw } = {}) {
  const t0 = now();
  const h = { 'accept-language': 'en-US', ...headers };
  if (token) Object.assign(h, { authorization: `Bearer ${token}`, 'x-user-type': 'manager' });
  let body;
  if (json !== undefined) {
    h['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  try {
    const res = await fetch(base + url, { method, headers: h, body, signal: AbortSignal.timeout(timeoutMs) });
    const out = { status: res.status, headers: res.headers };
    if (raw) out.bytes = Buffer.from(await res.arrayBuffer());
    else {
      const text = await res.text();
      try {
        out.body = JSON.parse(text);
      } catch {
        out.body = text;
      }
    }
    return { ...out, ms: Math.round(now() - t0) };
  } catch (err) {
    return { status: 0, error: err.cause?.code ?? err.name ?? String(err), ms: Math.round(now() - t0) };
  }
}

/** A client bound to a base address and a token. */
export function client(base, token) {
  return {
    base,
    get: (url, opts) => call(base, 'GET', url, { token, ...opts }),
    post: (url, json, opts) => call(base, 'POST', url, { token, json, ...opts }),
    put: (url, json, opts) => call(base, 'PUT', url, { token, json, ...opts }),
    upload: (url, bytes, fileName, contentType) => upload(base + url, token, bytes, fileName, contentType),
  };
}

/**
 * A multipart upload (field `file`) on a connection of its own, closed after the answer, as a browser does when a
 * server answers before the body is sent: a refused upload (413, a full disk) may be answered while its body is
 * still on the way, and the next request on that keep-alive connection would wait for it. Answers like `call`.
 */
export function upload(url, token, bytes, fileName, contentType, timeoutMs = 60_000) {
  const t0 = now();
  const boundary = `----fleetdesk-ops-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const body = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        timeout: timeoutMs,
        headers: {
          'accept-language': 'en-US',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
          connection: 'close',
          ...(token ? { authorization: `Bearer ${token}`, 'x-user-type': 'manager' } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, body: parsed, ms: Math.round(now() - t0) });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('TimeoutError')));
    // The server may answer and close before the whole body is sent: the answer counts, not the EPIPE.
    req.on('error', (err) => resolve({ status: 0, error: err.code ?? err.message, ms: Math.round(now() - t0) }));
    req.end(body);
  });
}

/** The short text of an answer for a report: status and message. */
export function answerText(r) {
  if (r.status === 0) return `no answer (${r.error}) after ${r.ms} ms`;
  const b = r.body;
  const msg =
    b && typeof b === 'object' ? (b.message ?? b.error_description ?? b.error ?? '') : String(b ?? '').slice(0, 80);
  return `${r.status}${msg ? ` "${msg}"` : ''}`;
}

/** Polls `fn` every `everyMs` until it answers a truthy value; answers it, or throws after `timeoutMs`. */
export async function waitFor(what, fn, { timeoutMs = 60_000, everyMs = 200 } = {}) {
  const until = now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Percentiles of a list of numbers. */
export function stats(values) {
  if (!values.length) return { n: 0 };
  const s = [...values].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  return { n: s.length, p50: at(50), p90: at(90), max: s[s.length - 1] };
}

// ---------------------------------------------------------------------------------------------------------------
// The load balancer: a round-robin HTTP proxy on loopback.

/**
 * A round-robin HTTP reverse proxy standing for the load balancer, with the retry rules of compose's nginx
 * (deploy/nginx.conf, `proxy_next_upstream error timeout http_502 http_503`): each request goes to the next
 * backend that is up, on a connection of its own (no upstream keep-alive), with `X-Forwarded-For`. A refused
 * connection is passed to the next backend whatever the method (the request never left); an answer 502 or 503,
 * or a connection lost before the answer, is passed on only for an idempotent method (nginx never passes on a
 * POST, LOCK or PATCH that was sent). A backend is taken out when a connection to it is refused or its `/readyz`
 * stops answering 200 (checked every 250 ms), and back in when it answers 200. Counts what each backend served
 * and adds `x-ops-backend` (its name) to the answer.
 */
export async function startProxy(backends = []) {
  const list = [];
  let next = 0;
  const totals = { requests: 0, retries: 0, failed: 0 };
  const add = (name, base) => {
    const u = new URL(base);
    list.push({ name, base, host: u.hostname, port: Number(u.port), up: true, served: 0 });
  };
  for (const b of backends) add(b.name, b.base);
  const pick = (tried) => {
    const up = list.filter((b) => b.up && !tried.has(b));
    if (!up.length) return null;
    return up[next++ % up.length];
  };
  const server = http.createServer((req, res) => {
    totals.requests++;
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, new Set()));
  });
  const forward = (req, body, res, tried) => {
    const b = pick(tried);
    if (!b) {
      totals.failed++;
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 502, message: 'no backend up' }));
      return;
    }
    tried.add(b);
    const idempotent = !['POST', 'LOCK', 'PATCH'].includes(req.method);
    const more = () => list.some((x) => x.up && !tried.has(x));
    const headers = { ...req.headers, connection: 'close', 'x-forwarded-for': req.socket.remoteAddress };
    const up = http.request(
      { host: b.host, port: b.port, method: req.method, path: req.url, headers, agent: false },
      (ures) => {
        if ((ures.statusCode === 502 || ures.statusCode === 503) && idempotent && more()) {
          totals.retries++;
          ures.resume();
          forward(req, body, res, tried);
          return;
        }
        b.served++;
        res.writeHead(ures.statusCode, { ...ures.headers, 'x-ops-backend': b.name });
        ures.pipe(res);
      },
    );
    up.on('error', (err) => {
      if (res.headersSent) {
        totals.failed++;
        res.destroy(err);
        return;
      }
      if (err.code === 'ECONNREFUSED') b.up = false;
      if (err.code === 'ECONNREFUSED' || idempotent) {
        totals.retries++;
        forward(req, body, res, tried);
        return;
      }
      totals.failed++;
      res.writeHead(502, { 'content-type': 'application/json', 'x-ops-backend': b.name });
      res.end(JSON.stringify({ status: 502, message: `backend ${b.name}: ${err.code}` }));
    });
    up.end(body);
  };
  const health = setInterval(() => {
    for (const b of list) {
      const r = http.get({ host: b.host, port: b.port, path: '/readyz', agent: false, timeout: 1000 }, (res) => {
        b.up = res.statusCode === 200;
        res.resume();
      });
      r.on('timeout', () => r.destroy());
      r.on('error', () => (b.up = false));
    }
  }, 250);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const close = () => {
    clearInterval(health);
    server.close();
    server.closeAllConnections();
  };
  onCleanup(close);
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    add,
    backends: list,
    totals,
    served: () => Object.fromEntries(list.map((b) => [b.name, b.served])),
    close,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Test data.

/**
 * `n` distinct valid drivers: phones `<prefix><from + i>` (11 digits), ID numbers with a real birth date and check
 * digit, distinct for distinct prefixes (two-digit tail) and `from + i` below 100,000.
 */
export async function driverRows(n, { phonePrefix, from = 0, state = 'active' }) {
  const { withIdCardCheckDigit } = await import(
    pathToFileURL(path.join(ROOT, 'packages/contracts/dist/identifiers.js')).href
  );
  const rows = [];
  const day0 = Date.UTC(1970, 0, 1);
  // The ID numbers differ between prefixes too (an active driver's ID number is unique in the tenant).
  const base = (Number(phonePrefix) % 100) * 100_000;
  for (let i = 0; i < n; i++) {
    const k = base + from + i;
    const birth = new Date(day0 + (k % 12_000) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const seq = String(100 + (Math.floor(k / 12_000) % 900));
    const idNumber = withIdCardCheckDigit(`330106${birth}${seq}0`);
    rows.push({
      name: `运维测试${from + i}`,
      gender: Number(seq[2]) % 2 === 1 ? 'male' : 'female',
      phone: `${phonePrefix}${String(from + i).padStart(11 - phonePrefix.length, '0')}`,
      idNumber,
      state,
    });
  }
  return rows;
}

/** An .xlsx of driver rows for the driver import (header: the column keys, which the import accepts). */
export async function driverWorkbook(rows) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('drivers');
  ws.columns = ['name', 'gender', 'phone', 'idNumber', 'state'].map((key) => ({ header: key, key }));
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A PDF-signed blob of `size` bytes (the upload checks the first bytes only). */
export function pdfBytes(size) {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Regular files under `dir` with their sizes. */
export function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push({ path: path.relative(dir, p), size: statSync(p).size });
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The current task progress (`task/progress/get/:id`). */
export async function taskProgress(api, taskId) {
  const r = await api.get(`/api/ccwadmin/task/progress/get/${taskId}`);
  return r.status === 200 ? r.body.data : null;
}
