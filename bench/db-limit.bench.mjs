// Issue 28: each list call against its physical limit, measured in one run (the machine is shared and noisy).
// For every list: the statements that one warm call runs are captured from the server's pool (BENCH_CAPTURE_SQL,
// core/db.ts), written into a pgbench script with their values inlined, and replayed by pgbench at 20 clients
// (`-M prepared -c 20 -j 2`): that is what PostgreSQL alone answers. Then the call itself at 20 connections and at
// 1 (autocannon). Ratio = the call's requests/s / pgbench's transactions/s; target >= 0.5. Two rounds, interleaved.
// Data: the demo company with 100,000 more cars and 100,000 more drivers (BENCH_CARS, BENCH_DRIVERS).
// Issue 37: the home dashboard's calls too (`BENCH_LISTS=dashboard` runs them alone), on a year of daily reports
// recomputed after the data is generated. Results: bench/results/db-limit.json, the dashboard's calls in
// bench/results/db-limit-dashboard.json (a run writes only the file of what it measured).
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL) and pgbench.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateDrivers } from './lib/driver-generator.mjs';
import { generateContracts } from './lib/contract-generator.mjs';
import { callOf, captureStatements, explainStatements, measureList, printRounds } from './lib/list-limit.mjs';
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
const DRIVER_SECONDS = Number(process.env.BENCH_DRIVER_SECONDS ?? 5);
const ONLY = process.env.BENCH_LISTS?.split(',');
const PHASES = (process.env.BENCH_PHASES ?? 'limit,deep').split(',');
const DEEP_SECONDS = Number(process.env.BENCH_DEEP_SECONDS ?? 5);
/** EXPLAIN ANALYZE of the statements of the calls `under` the target (default), of `all`, or of `none`. */
const EXPLAIN = process.env.BENCH_EXPLAIN ?? 'under';
const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 30);

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);
/** The list calls of every area: the first page of 20, as a screen opens it (the bill lists join after the data). */
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
  { name: 'debtors', method: 'GET', path: '/api/ccwadmin/rentContract/debtors?pageNum=1&pageSize=20' },
];
/** The bills of one contract among the generated ones: not paged (a contract has 100 lines). */
const billListsOf = ({ id, month }) => [
  {
    name: 'bills of a month',
    method: 'GET',
    path: `/api/ccwadmin/rentContractBills/month/${id}?month=${month}`,
    paged: false,
  },
  { name: 'contract lines', method: 'GET', path: `/api/ccwadmin/rentContract/lines/${id}`, paged: false },
];
/**
 * The home dashboard's calls (issue 37), as the home opens them: today's figures, a year of daily reports per day and
 * per month (12 months), the risk board, the fleet report and the year's violations. Not paged. The days are the
 * tenant's (its zone): today, 364 days before and the first day of the month 11 months before.
 */
const dashboardOf = ({ today, yearAgo, monthsAgo }) =>
  [
    // The three slow ones (about 1 s of statements a call) in windows of 30 s (BENCH_SLOW_SECONDS).
    { name: 'home today', method: 'GET', path: '/api/ccwadmin/index/operation', seconds: SLOW_SECONDS },
    {
      name: 'reports by day',
      method: 'GET',
      path: `/api/ccwadmin/rentalReportDay/list?from=${yearAgo}&to=${today}&granularity=day`,
      seconds: SLOW_SECONDS,
    },
    {
      name: 'reports by month',
      method: 'GET',
      path: `/api/ccwadmin/rentalReportDay/list?from=${monthsAgo}&to=${today}&granularity=month`,
      seconds: SLOW_SECONDS,
    },
    { name: 'risk board', method: 'GET', path: '/api/ccwadmin/risk/board' },
    { name: 'fleet report', method: 'GET', path: '/api/ccwadmin/rentCar/report' },
    {
      name: 'violations by year',
      method: 'GET',
      path: `/api/ccwadmin/statisticsPeccancy/getByYear?year=${today.slice(0, 4)}`,
    },
  ]
    // Those take seconds at 20 connections: autocannon waits for them instead of counting errors.
    .map((l) => ({ ...l, group: 'dashboard', paged: false, timeoutS: 120 }));
const DASHBOARD_NAMES = new Set(dashboardOf({ today: '2000-01-01' }).map((l) => l.name));
const isDashboard = (l) => DASHBOARD_NAMES.has(l.name);
/** By name, or by group (`dashboard`: every call of the home). */
const chosen = (lists) => lists.filter((l) => !ONLY || ONLY.includes(l.name) || (l.group && ONLY.includes(l.group)));
const dist = (p) => import(pathToFileURL(path.join(ROOT, 'apps/server/dist', p)).href);

/**
 * A year of daily reports for the tenant, by the server's own `computeDays` (what the nightly job stores): the demo
 * seed stored 400 days before the generator added its cars and contracts, so the last 365 days (to yesterday) are
 * computed again over them. Answers the tenant's calendar and the seconds it took.
 */
async function yearOfReports(url) {
  const { openPostgres } = await dist('core/db.js');
  const { computeDays } = await dist('modules/dashboard/daily-report.service.js');
  const { addDays, localDate } = await dist('core/tenant-time.js');
  const pool = await openPostgres(url, { max: 2 });
  try {
    const { rows } = await pool.query(`select id, time_zone from tenants where code = 'DEMO'`);
    const [{ id, time_zone: zone }] = rows;
    const today = localDate(zone, new Date());
    const started = performance.now();
    // One transaction, as the seed computes its history.
    await pool.db.transaction((tx) =>
      computeDays(
        { db: tx, clock: { now: () => new Date() } },
        Number(id),
        addDays(today, -365),
        addDays(today, -1),
        zone,
      ),
    );
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const [{ days }] = (
      await pool.query(
        `select count(distinct day)::int as days from rental_report_days where tenant_id = $1 and day >= $2::date`,
        [id, addDays(today, -365)],
      )
    ).rows;
    const [y, m] = today.split('-').map(Number);
    const monthsAgo = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
    return { today, yearAgo: addDays(today, -364), monthsAgo, from: addDays(today, -365), days, seconds };
  } finally {
    await pool.close();
  }
}

ensureBuilt();

/**
 * Two small rents of old records (20 cars and 20 drivers each, created in 2019) for the deep-paging phase, and the
 * demo clerk scoped to just those two (data scope `assigned`), with every view of the tenant's plan granted.
 */
async function smallOldRents(db) {
  const [{ id: tenantId }] = (await db.query(`select id from tenants where code = 'DEMO'`)).rows;
  const [{ id: clerkId, role_id: roleId }] = (
    await db.query(
      `select u.id, x.role_id from users u join user_roles x on x.tenant_id = u.tenant_id and x.user_id = u.id
        where u.tenant_id = ${tenantId} and u.username = 'clerk'`,
    )
  ).rows;
  const rentIds = [];
  for (const code of ['OLD1', 'OLD2']) {
    const { rows } = await db.query(
      `insert into rents (tenant_id, name, short_name, code, city) values (${tenantId}, '老城${code}门店', '${code}', '${code}', '杭州')
        returning id`,
    );
    const rentId = rows[0].id;
    rentIds.push(rentId);
    for (const table of ['cars', 'drivers']) {
      await db.query(
        `update ${table} set rent_id = ${rentId}, created_at = timestamptz '2019-03-01 09:00+08' + (id % 300) * interval '1 hour'
          where tenant_id = ${tenantId} and id in (select id from ${table} where tenant_id = ${tenantId} order by id limit 20 offset ${rentIds.length * 20})`,
      );
    }
  }
  await db.query(`delete from user_rents where tenant_id = ${tenantId} and user_id = ${clerkId}`);
  await db.query(
    `insert into user_rents (tenant_id, user_id, rent_id) values ${rentIds.map((r) => `(${tenantId}, ${clerkId}, ${r})`).join(', ')}`,
  );
  // Every menu of the plan and every element of those menus (the catalogue of packages/contracts).
  const { MENUS } = await import(path.join(ROOT, 'packages/contracts/dist/permissions.js'));
  const plan = new Set(
    (await db.query(`select code from tenant_permissions where tenant_id = ${tenantId}`)).rows.map((r) => r.code),
  );
  const codes = MENUS.filter((m) => plan.has(m.code)).flatMap((m) => [m.code, ...m.elements.map((e) => e.code)]);
  await db.query(
    `insert into role_grants (tenant_id, role_id, code) values ${codes.map((c) => `(${tenantId}, ${roleId}, '${c}')`).join(', ')}
      on conflict do nothing`,
  );
}

/** The list at page `pageNum`: in the body of a POST, in the query of a GET. */
function atPage(list, pageNum) {
  if (list.method === 'GET') return { ...list, path: list.path.replace(/pageNum=\d+/, `pageNum=${pageNum}`) };
  return { ...list, body: { ...list.body, pageNum } };
}

/**
 * For every list: the clerk (two small rents of old records) at 1 connection; then the admin pages deep at 20
 * connections (pages 500, 1,000 and 5,000: what makes a named statement's plan go generic); then the clerk again.
 * A plan made for the admin's values would walk the whole tenant to find the clerk's 40 old records.
 */
async function deepPaging(base) {
  const admin = authHeaders(await signIn(base));
  const clerk = authHeaders(await signIn(base, 'clerk', 'Clerk@123'));
  const out = [];
  for (const list of LISTS.filter((l) => l.paged !== false)) {
    const small = callOf(base, list, clerk);
    const probe = await fetch(small.url, { method: small.method, headers: clerk, body: small.body });
    if (!probe.ok) throw new Error(`${list.name} as the clerk: ${probe.status} ${await probe.text()}`);
    await probe.arrayBuffer();
    const before = await load({ ...small, duration: DEEP_SECONDS, connections: 1 });
    for (const pageNum of list.paged === false ? [] : [500, 1000, 5000]) {
      const deep = await load({ ...callOf(base, atPage(list, pageNum), admin), duration: 2 });
      if (deep.non2xx || deep.errors) throw new Error(`${list.name} page ${pageNum}: ${deep.non2xx} non-2xx`);
    }
    const after = await load({ ...small, duration: DEEP_SECONDS, connections: 1 });
    const row = {
      name: list.name,
      before: { p50Ms: before.p50Ms, p99Ms: before.p99Ms, rps: before.rps },
      after: { p50Ms: after.p50Ms, p99Ms: after.p99Ms, rps: after.rps },
    };
    console.log(
      `  ${list.name}: the clerk's list p50/p99 ${before.p50Ms}/${before.p99Ms} ms, after deep paging ${after.p50Ms}/${after.p99Ms} ms`,
    );
    out.push(row);
  }
  return out;
}

if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: db-limit needs it (pgbench replays on PostgreSQL).');
  process.exit(0);
}
const pgdb = await freshPostgres('fd_bench_db_limit');
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
  data: { cars: CARS, drivers: DRIVERS, contracts: CONTRACTS, over: 'the demo company' },
  target: 'call requests/s at 20 connections >= 0.5 of pgbench transactions/s replaying its statements at 20 clients',
  lists: [],
  deep: [],
};
let deepPhase = false;
try {
  await (await startServer(env)).stop();
  const db = await openBenchDatabase({ url: pgdb.url });
  if (CARS) console.log(`cars: ${(await generateFleet(db, { count: CARS })).seconds} s`);
  if (DRIVERS) await generateDrivers(db, { count: DRIVERS });
  if (CONTRACTS) {
    const generated = await generateContracts(db, { contracts: CONTRACTS });
    console.log(`contracts: ${generated.contracts}, bill lines: ${generated.lines}, ${generated.seconds} s`);
    results.data.billLines = generated.lines;
    const { rows } = await db.query(
      `select id, to_char(start_date + 400, 'YYYY-MM') as month from rental_contracts where number = 'BENCH${Math.ceil(CONTRACTS / 2)}'`,
    );
    LISTS.push(...billListsOf(rows[0]));
    // The debtor list is empty unless the tenant collects debts here (its setting).
    await db.query(
      `insert into tenant_settings (tenant_id, rules) select id, '{"settingDebtorPaying": true}'::jsonb from tenants where code = 'DEMO'
        on conflict (tenant_id) do update set rules = tenant_settings.rules || excluded.rules`,
    );
  }
  if (chosen(dashboardOf({ today: '2000-01-01' })).length) {
    // Before the vacuum: the reports' own table is analysed with the rest.
    const year = await yearOfReports(pgdb.url);
    console.log(`daily reports: ${year.days} days from ${year.from} computed again in ${year.seconds} s`);
    results.data.reportDays = { from: year.from, to: year.today, stored: year.days, computeSeconds: year.seconds };
    LISTS.push(...dashboardOf(year));
  }
  LISTS.splice(0, LISTS.length, ...chosen(LISTS));
  // Deep paging needs a paged list (none of the dashboard's calls is one).
  deepPhase = PHASES.includes('deep') && LISTS.some((l) => l.paged !== false);
  if (deepPhase) await smallOldRents(db);
  await db.query('vacuum analyze');
  await db.close();
  // First a server that writes its pool's statements: one warm call of each list is captured.
  const captured = await captureStatements(env, LISTS, async (base) => authHeaders(await signIn(base)));
  // Then the measurement, on a server that captures nothing.
  const server = await startServer(env);
  try {
    const headers = authHeaders(await signIn(server.base));
    for (const list of PHASES.includes('limit') ? LISTS : []) {
      results.lists.push(
        await measureList({
          pgUrl: pgdb.url,
          base: server.base,
          list,
          headers,
          statements: captured.get(list.name),
          rounds: ROUNDS,
          seconds: DURATION,
          driverSeconds: DRIVER_SECONDS,
        }),
      );
    }
  } finally {
    await server.stop();
  }
  // Where a call's time in PostgreSQL goes, with no server running: the slowest of its statements.
  for (const list of results.lists) {
    if (EXPLAIN === 'none' || (EXPLAIN === 'under' && list.rounds.every((r) => r.ratio >= 0.5))) continue;
    list.profile = await explainStatements(pgdb.url, captured.get(list.name));
    const [top] = list.profile;
    if (!top || top.skipped) continue;
    const share = Math.round((top.executionMs / list.profile.reduce((a, p) => a + (p.executionMs ?? 0), 0)) * 100);
    console.log(
      `${list.name}: slowest statement #${top.index} ${top.executionMs} ms (${share} % of the call's execution)`,
    );
  }
  if (deepPhase) {
    // As the server runs now (pages unnamed), then as it ran before issue 28 (every repeated statement named).
    for (const [label, names] of [
      ['pages unnamed (now)', 'on'],
      ['pages named (before)', 'all'],
    ]) {
      const deepServer = await startServer({ ...env, PG_STATEMENT_NAMES: names });
      try {
        results.deep.push({ label, lists: await deepPaging(deepServer.base) });
      } finally {
        await deepServer.stop();
      }
    }
  }
} finally {
  // BENCH_KEEP_DB=1 keeps the database for a look at the plans afterwards.
  if (!process.env.BENCH_KEEP_DB) await pgdb.drop();
}
printRounds(results.lists);
for (const d of results.deep) {
  console.log(`\n${d.label}: | list | clerk p50 / p99 ms | after deep paging p50 / p99 ms |`);
  for (const l of d.lists) {
    console.log(`| ${l.name} | ${l.before.p50Ms} / ${l.before.p99Ms} | ${l.after.p50Ms} / ${l.after.p99Ms} |`);
  }
}
// Each file only from the part that ran: a run of the dashboard alone keeps the lists' figures, and the other way.
const write = (file, out) => writeFileSync(path.join(ROOT, 'bench/results', file), `${JSON.stringify(out, null, 2)}\n`);
const lists = results.lists.filter((l) => !isDashboard(l));
if (lists.length || results.deep.some((d) => d.lists.length)) write('db-limit.json', { ...results, lists });
const dashboard = results.lists.filter(isDashboard);
if (dashboard.length) write('db-limit-dashboard.json', { ...results, lists: dashboard, deep: undefined });
