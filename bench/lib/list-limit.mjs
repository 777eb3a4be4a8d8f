// Shared by the list benchmarks (db-limit, financing, maintenance, crm): a call's statements captured from the server's pool
// (BENCH_CAPTURE_SQL, core/db.ts) become a pgbench script with their values inlined, replayed by pgbench at 20
// clients: what PostgreSQL alone answers. Then the call itself at 20 connections and at 1 (autocannon).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { SESSION_OPTIONS, throughPg, throughPostgresJs } from './driver-compare.mjs';
import { authHeaders, load, ROOT, signIn, startServer } from './server.mjs';

const require = createRequire(import.meta.url);

export const ratio = (a, b) => (b ? Math.round((a / b) * 100) / 100 : null);

/**
 * The server of a list benchmark: the demo seed on the bench's PostgreSQL database, no rate limit, no worker and
 * no GPS gateway; a fixed port when the machine is shared (BENCH_PORT; the servers run one after another).
 */
export function listServerEnv(databaseUrl) {
  return {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '0',
    RUN_WORKER: 'false',
    GPS_GATEWAY: 'off',
    ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
  };
}

/**
 * The request headers of a list's user (`list.as`), signed in once per server: sign-ins are slow (scrypt).
 * `clear()` forgets them (a fixed BENCH_PORT gives the next server the same base).
 */
export function signedHeaders() {
  const sessions = new Map();
  const headersOf = async (base, list) => {
    const key = `${base} ${list.as.username}`;
    if (!sessions.has(key)) sessions.set(key, authHeaders(await signIn(base, list.as.username, list.as.password)));
    return sessions.get(key);
  };
  headersOf.clear = () => sessions.clear();
  return headersOf;
}

/**
 * A value as an SQL literal (what node-postgres sent, as text; null as NULL). pgbench reads `:name` (`:00` of a
 * time too) as a variable, so a colon is written as the escape `\072` of an E'' string, still an untyped literal.
 */
function literal(v) {
  if (v === null) return 'NULL';
  const text = String(v).replace(/'/g, "''");
  return /[:\\]/.test(text) ? `E'${text.replace(/\\/g, '\\\\').replace(/:/g, '\\072')}'` : `'${text}'`;
}

/** The statement's own string literals with a colon (`'HH24:MI:SS'`) written as E'' strings, as values are. */
function escapeColons(text) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "'") {
      out += text[i];
      continue;
    }
    let body = '';
    let j = i + 1;
    for (; j < text.length; j++) {
      if (text[j] === "'" && text[j + 1] === "'") {
        body += "''";
        j++;
      } else if (text[j] === "'") break;
      else body += text[j];
    }
    const escaped = /(^|\W)[eE]$/.test(out);
    if (!body.includes(':')) out += `'${body}'`;
    else if (escaped) out += `'${body.replace(/:/g, '\\072')}'`;
    else out += `E'${body.replace(/\\/g, '\\\\').replace(/:/g, '\\072')}'`;
    i = j;
  }
  return out;
}

/** The statement with its `$n` replaced by the values it was sent with. */
function inline({ text, values }) {
  return escapeColons(text).replace(/\$(\d+)/g, (_, n) => literal(values[Number(n) - 1]));
}

/** A pgbench script of the captured statements (each ends with `;`; pgbench reads `:name` as a variable). */
export function scriptOf(statements) {
  return statements.map((s) => `${inline(s).replace(/\s+/g, ' ').trim()};\n`).join('');
}

export function pgbench(url, script, seconds) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-pgbench-')), 'call.sql');
  writeFileSync(file, script);
  const out = execFileSync(
    'pgbench',
    ['-n', '-M', 'prepared', '-c', '20', '-j', '2', '-T', String(seconds), '-f', file, url],
    // The session settings of the server's own connections (core/db.ts SESSION_OPTIONS: no JIT, no parallel workers).
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PGOPTIONS: SESSION_OPTIONS } },
  );
  const tps = /tps = ([\d.]+)/.exec(out);
  // A call slower than the run (seconds at 20 clients) ends none: pgbench then prints no tps.
  if (!tps && /actually processed: 0\b/.test(out)) return 0;
  if (!tps) throw new Error(`pgbench said:\n${out}`);
  // A tenth under 100 tps: a slow call's few transactions a second would round to 0.
  const value = Number(tps[1]);
  return value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
}

/**
 * The call of a list for autocannon and fetch. `list.timeoutS`: autocannon's wait for an answer (default 10 s)
 * for a call that takes longer at 20 connections, where a timeout would count as an error.
 */
export const callOf = (base, list, headers) => ({
  url: `${base}${list.path}`,
  method: list.method,
  headers,
  ...(list.body ? { body: JSON.stringify(list.body) } : {}),
  ...(list.timeoutS ? { timeout: list.timeoutS } : {}),
});

/**
 * EXPLAIN ANALYZE of each captured statement of a call (values inlined as pgbench replays them, the server's
 * session settings, run once first to warm the cache), slowest first: which statement a call's time in PostgreSQL
 * goes to. The plan is kept for the `plans` slowest; statements other than reads are not run.
 */
export async function explainStatements(url, statements, { plans = 3 } = {}) {
  const pg = require(path.join(ROOT, 'node_modules/pg'));
  const client = new pg.Client({ connectionString: url, options: SESSION_OPTIONS });
  await client.connect();
  const out = [];
  try {
    for (const [index, s] of statements.entries()) {
      const text = inline(s);
      const statement = text.replace(/\s+/g, ' ').trim();
      if (!/^(select|with)\b/i.test(statement)) {
        out.push({ index, statement: statement.slice(0, 300), skipped: true });
        continue;
      }
      await client.query(`explain (analyze) ${text}`);
      const plan = (await client.query(`explain (analyze, buffers) ${text}`)).rows.map((r) => r['QUERY PLAN']);
      const ms = (name) => Number(new RegExp(`${name} Time: ([\\d.]+) ms`).exec(plan.join('\n'))?.[1]);
      out.push({
        index,
        statement: statement.slice(0, 300),
        executionMs: ms('Execution'),
        planningMs: ms('Planning'),
        plan,
      });
    }
  } finally {
    await client.end();
  }
  const ranked = out.filter((p) => !p.skipped).sort((a, b) => b.executionMs - a.executionMs);
  ranked.slice(plans).forEach((p) => delete p.plan);
  return [...ranked, ...out.filter((p) => p.skipped)];
}

/**
 * Starts a server that writes its pool's statements and answers, for each list, the statements of one warm call
 * (two calls first: session, counts, prepared statements; then one with the capture emptied just before).
 * `headersOf(base, list)` signs in as the list's user.
 */
export async function captureStatements(env, lists, headersOf) {
  const captureFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-capture-')), 'sql.jsonl');
  const captured = new Map();
  const capturing = await startServer({ ...env, BENCH_CAPTURE_SQL: captureFile });
  try {
    for (const list of lists) {
      const call = callOf(capturing.base, list, await headersOf(capturing.base, list));
      const once = async () => {
        const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body });
        if (!res.ok) throw new Error(`${list.name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      await once();
      await once();
      writeFileSync(captureFile, '');
      await once();
      await new Promise((r) => setTimeout(r, 50));
      const statements = readFileSync(captureFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      captured.set(list.name, statements);
      console.log(`${list.name}: ${statements.length} statement(s)`);
    }
  } finally {
    await capturing.stop();
  }
  return captured;
}

/**
 * One list against its limit, `rounds` times interleaved: pgbench replaying its statements, the call at 20
 * connections and at 1, the signed-in floor (a call that needs no database) and the statements replayed from one
 * Node process through node-postgres and postgres.js. `list.seconds`: longer windows for pgbench and the call, for
 * a call that takes seconds at 20 connections (in 10 s, 20 clients of it end a few transactions, or none).
 */
export async function measureList({ pgUrl, base, list, headers, statements, rounds, seconds, driverSeconds }) {
  const call = callOf(base, list, headers);
  const callSeconds = list.seconds ?? seconds;
  const script = scriptOf(statements);
  console.log(`\n${list.name}:`);
  const out = {
    name: list.name,
    call: `${list.method} ${list.path}`,
    body: list.body,
    seconds: callSeconds,
    statements: statements.map((s) => s.text),
    rounds: [],
  };
  await load({ ...call, duration: 3 });
  pgbench(pgUrl, script, 3);
  for (let i = 0; i < rounds; i++) {
    const limitTps = pgbench(pgUrl, script, callSeconds);
    const at20 = await load({ ...call, duration: callSeconds });
    const at1 = await load({ ...call, duration: callSeconds, connections: 1 });
    if (at20.non2xx || at20.errors) throw new Error(`${list.name}: ${at20.non2xx} non-2xx, ${at20.errors} errors`);
    // The signed-in floor in the same round: no list can answer more than a call that needs no database.
    const floor = await load({ url: `${base}/api/ccwadmin/commonArea/province`, headers, duration: seconds });
    const pgDriver = await throughPg(pgUrl, statements, { seconds: driverSeconds, concurrency: 20 });
    const pgJs = await throughPostgresJs(pgUrl, statements, { seconds: driverSeconds, concurrency: 20 });
    // A tenth under 100 requests/s (the answers over the window): a slow call's 1 or 2 a second would round.
    const callRps = at20.rps < 100 ? Math.round((at20.requests / callSeconds) * 10) / 10 : at20.rps;
    const round = {
      limitTps,
      rps: callRps,
      ratio: ratio(callRps, limitTps),
      p99Ms1: at1.p99Ms,
      p50Ms1: at1.p50Ms,
      floorRps: floor.rps,
      floorOfLimit: ratio(floor.rps, limitTps),
      pg: pgDriver,
      postgresJs: pgJs,
    };
    console.log(
      `  round ${i + 1}: pgbench ${limitTps} tps, call ${callRps} rps: ${round.ratio}; 1 connection p99 ${at1.p99Ms} ms;` +
        ` floor ${floor.rps} rps (${round.floorOfLimit} of the limit); statements from Node: pg ${pgDriver.callsPerS}/s` +
        ` ${pgDriver.clientCpuUsPerCall} µs CPU, postgres.js ${pgJs.callsPerS}/s ${pgJs.clientCpuUsPerCall} µs CPU`,
    );
    out.rounds.push(round);
  }
  return out;
}

/** The table of a run's rounds, as the closing notes quote it. */
export function printRounds(lists) {
  console.log(
    '\n| list | statements | pgbench tps | call rps | ratio | 1-conn p99 ms | floor rps (of limit) | pg calls/s, µs | postgres.js calls/s, µs |',
  );
  for (const l of lists) {
    for (const r of l.rounds) {
      console.log(
        `| ${l.name} | ${l.statements.length} | ${r.limitTps} | ${r.rps} | ${r.ratio} | ${r.p99Ms1} | ${r.floorRps} (${r.floorOfLimit}) |` +
          ` ${r.pg.callsPerS}, ${r.pg.clientCpuUsPerCall} | ${r.postgresJs.callsPerS}, ${r.postgresJs.clientCpuUsPerCall} |`,
      );
    }
  }
}
