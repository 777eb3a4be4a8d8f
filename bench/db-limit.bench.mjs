// Issue 28: each list call against its physical limit, measured in one run (the machine is shared and noisy).
// For every list: the statements that one warm call runs are captured from the server's pool (BENCH_CAPTURE_SQL,
// core/db.ts), written into a pgbench script with their values inlined, and replayed by pgbench at 20 clients
// (`-M prepared -c 20 -j 2`): that is what PostgreSQL alone answers. Then the call itself at 20 connections and at
// 1 (autocannon). Ratio = the call's requests/s / pgbench's transactions/s; target >= 0.5. Two rounds, interleaved.
// Data: the demo company with 100,000 more cars and 100,000 more drivers (BENCH_CARS, BENCH_DRIVERS).
// Results: bench/results/db-limit.json. Needs PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL) and pgbench.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDrivers } from './lib/driver-generator.mjs';
import { generateFleet, openBenchDatabase } from './lib/fleet-generator.mjs';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  load,
  machine,
  postgresReachable,
  ROOT,
  signIn,
  startServer,
} from './lib/server.mjs';

const CARS = Number(process.env.BENCH_CARS ?? 100_000);
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_LISTS?.split(',');

/** The list calls of every area: the first page of 20, as a screen opens it. */
const LISTS = [
  { name: 'cars', method: 'POST', path: '/api/ccwadmin/rentCar/list', body: { pageSize: 20 } },
  { name: 'cars, idle', method: 'POST', path: '/api/ccwadmin/rentCar/list', body: { status: ['idle'], pageSize: 20 } },
  { name: 'drivers', method: 'POST', path: '/api/ccwadmin/rentDriver/list', body: { pageSize: 20 } },
  { name: 'contracts', method: 'POST', path: '/api/ccwadmin/rentContract/list', body: { pageSize: 20 } },
  { name: 'violations', method: 'POST', path: '/api/ccwadmin/peccancyDetail/list', body: { pageSize: 20 } },
  { name: 'policies', method: 'GET', path: '/api/ccwadmin/rentCar/insurance/policy/list?pageNum=1&pageSize=20' },
  { name: 'GPS devices', method: 'POST', path: '/api/ccwgps/device/all', body: { pageNum: 1, pageSize: 20 } },
  { name: 'alarms', method: 'GET', path: '/api/ccwgps/alarm?pageNum=1&pageSize=20' },
  {
    name: 'approvals',
    method: 'GET',
    path: '/api/ccwadmin/oa/approval/request/list?box=waiting&pageNum=1&pageSize=20',
  },
  { name: 'operation log', method: 'GET', path: '/api/ccwadmin/operationLog/list?pageNum=1&pageSize=20' },
].filter((l) => !ONLY || ONLY.includes(l.name));

ensureBuilt();
const ratio = (a, b) => Math.round((a / b) * 100) / 100;

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
function scriptOf(statements) {
  return statements.map((s) => `${inline(s).replace(/\s+/g, ' ').trim()};\n`).join('');
}

function pgbench(url, script, seconds) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-pgbench-')), 'call.sql');
  writeFileSync(file, script);
  const out = execFileSync(
    'pgbench',
    ['-n', '-M', 'prepared', '-c', '20', '-j', '2', '-T', String(seconds), '-f', file, url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tps) throw new Error(`pgbench said:\n${out}`);
  return Math.round(Number(tps[1]));
}

if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: db-limit needs it (pgbench replays on PostgreSQL).');
  process.exit(0);
}
const pgdb = await freshPostgres('fd_bench_db_limit');
const captureFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-capture-')), 'sql.jsonl');
const env = {
  DATABASE_URL: pgdb.url,
  SEED_DEMO: 'true',
  // startServer waits for the "listening" line of the log.
  LOG_LEVEL: 'info',
  RATE_LIMIT_PER_MINUTE: '0',
  // Nothing but the calls in the pool: the job worker and the GPS gateway stay off.
  RUN_WORKER: 'false',
  GPS_GATEWAY: 'off',
};
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  data: { cars: CARS, drivers: DRIVERS, over: 'the demo company' },
  target: 'call requests/s at 20 connections >= 0.5 of pgbench transactions/s replaying its statements at 20 clients',
  lists: [],
};
try {
  await (await startServer(env)).stop();
  const db = await openBenchDatabase({ url: pgdb.url });
  if (CARS) console.log(`cars: ${(await generateFleet(db, { count: CARS })).seconds} s`);
  if (DRIVERS) await generateDrivers(db, { count: DRIVERS });
  await db.query('vacuum analyze');
  await db.close();
  // First a server that writes its pool's statements: one warm call of each list is captured.
  const captured = new Map();
  const capturing = await startServer({ ...env, BENCH_CAPTURE_SQL: captureFile });
  try {
    const headers = authHeaders(await signIn(capturing.base));
    for (const list of LISTS) {
      const once = async () => {
        const res = await fetch(`${capturing.base}${list.path}`, {
          method: list.method,
          headers,
          ...(list.body ? { body: JSON.stringify(list.body) } : {}),
        });
        if (!res.ok) throw new Error(`${list.name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      // Warm (session, counts, prepared statements), then one call with the capture emptied just before.
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
  // Then the measurement, on a server that captures nothing.
  const server = await startServer(env);
  try {
    const headers = authHeaders(await signIn(server.base));
    for (const list of LISTS) {
      const call = {
        url: `${server.base}${list.path}`,
        method: list.method,
        headers,
        ...(list.body ? { body: JSON.stringify(list.body) } : {}),
      };
      const statements = captured.get(list.name);
      const script = scriptOf(statements);
      console.log(`\n${list.name}:`);
      const out = {
        name: list.name,
        call: `${list.method} ${list.path}`,
        body: list.body,
        statements: statements.map((s) => s.text),
        rounds: [],
      };
      await load({ ...call, duration: 3 });
      pgbench(pgdb.url, script, 3);
      for (let i = 0; i < ROUNDS; i++) {
        const limitTps = pgbench(pgdb.url, script, DURATION);
        const at20 = await load({ ...call, duration: DURATION });
        const at1 = await load({ ...call, duration: DURATION, connections: 1 });
        if (at20.non2xx || at20.errors) throw new Error(`${list.name}: ${at20.non2xx} non-2xx, ${at20.errors} errors`);
        const round = {
          limitTps,
          rps: at20.rps,
          ratio: ratio(at20.rps, limitTps),
          p99Ms1: at1.p99Ms,
          p50Ms1: at1.p50Ms,
        };
        console.log(
          `  round ${i + 1}: pgbench ${limitTps} tps, call ${at20.rps} rps: ${round.ratio}; 1 connection p99 ${at1.p99Ms} ms`,
        );
        out.rounds.push(round);
      }
      results.lists.push(out);
    }
  } finally {
    await server.stop();
  }
} finally {
  await pgdb.drop();
}
console.log('\n| list | statements | pgbench tps | call rps | ratio | 1-conn p99 ms |');
for (const l of results.lists) {
  for (const r of l.rounds) {
    console.log(`| ${l.name} | ${l.statements.length} | ${r.limitTps} | ${r.rps} | ${r.ratio} | ${r.p99Ms1} |`);
  }
}
writeFileSync(path.join(ROOT, 'bench/results/db-limit.json'), `${JSON.stringify(results, null, 2)}\n`);
