// Issue 31: the maintenance due list against its physical limit at 100,000 cars with a year of history each, on
// PostgreSQL, in one run. As db-limit (lib/list-limit.mjs): the statements of one warm call are captured from the
// server's pool and replayed by pgbench at 20 clients; then the call at 20 connections and at 1. Ratio = the call's
// requests/s over pgbench's transactions/s; target >= 0.5. Lists: the due list as the demo admin (every rent) and as
// the demo clerk scoped to two of the ten rents, each at its first page and at a deep page.
// Data: the demo company with eight more rents, 100,000 generated cars (lib/fleet-generator.mjs), their plans, a
// year of work orders (about 300,000) with their lines (about 1,000,000) and trackers with odometers on 3 cars in 10
// (lib/maintenance-generator.mjs); then `refreshDue` of the server (timed: the hourly schedule's work) fills
// `maintenance_due`.
// Results: bench/results/maintenance.json. Needs PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL) and pgbench.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFleet, openBenchDatabase } from './lib/fleet-generator.mjs';
import { captureStatements, listServerEnv, measureList, printRounds, signedHeaders } from './lib/list-limit.mjs';
import { generateMaintenance } from './lib/maintenance-generator.mjs';
import { ensureBuilt, freshPostgres, machine, postgresReachable, ROOT, startServer } from './lib/server.mjs';

const CARS = Number(process.env.BENCH_CARS ?? 100_000);
const RENTS = Number(process.env.BENCH_RENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const DRIVER_SECONDS = Number(process.env.BENCH_DRIVER_SECONDS ?? 5);
const ONLY = process.env.BENCH_LISTS?.split(',');
/** Runs are kept in the results file under a label (the due list's SQL before and after a change). */
const LABEL = process.env.BENCH_LABEL ?? 'current';

const A = '/api/ccwadmin';
const ADMIN = { username: 'admin', password: 'Admin@123' };
const CLERK = { username: 'clerk', password: 'Clerk@123' };
const due = (pageNum) => `${A}/maintainDue/list?pageNum=${pageNum}&pageSize=20`;
/** Deep pages are set once the due rows are known (the middle of the admin's and of the clerk's list). */
const LISTS = [
  { name: 'due, admin', as: ADMIN, method: 'GET', path: due(1) },
  { name: 'due, admin, deep page', as: ADMIN, method: 'GET', deep: 'admin' },
  { name: 'due, clerk', as: CLERK, method: 'GET', path: due(1) },
  { name: 'due, clerk, deep page', as: CLERK, method: 'GET', deep: 'clerk' },
  { name: 'overdue, admin', as: ADMIN, method: 'GET', path: `${due(1)}&state=overdue` },
];

ensureBuilt();
const dist = (p) => import(pathToFileURL(path.join(ROOT, 'apps/server/dist', p)).href);

/** Eight more rents (ten in all), before the fleet is generated, so that its cars are spread over them. */
async function moreRents(db) {
  const [{ id: tenantId }] = (await db.query(`select id from tenants where code = 'DEMO'`)).rows;
  const { rows } = await db.query(`select count(*)::int as n from rents where tenant_id = ${tenantId}`);
  const cities = ['杭州', '上海', '宁波', '苏州', '南京', '温州', '嘉兴', '无锡', '绍兴', '合肥'];
  for (let i = rows[0].n; i < RENTS; i++) {
    const code = `M${String(i + 1).padStart(2, '0')}`;
    await db.query(
      `insert into rents (tenant_id, name, short_name, code, city) values (${tenantId}, '演示租车${cities[i % cities.length]}${code}门店', '${code}', '${code}', '${cities[i % cities.length]}')`,
    );
  }
}

/** The demo clerk (data scope `assigned`) scoped to two of the generated rents, with the maintenance views. */
async function clerkOnTwoRents(db) {
  const [{ id: tenantId }] = (await db.query(`select id from tenants where code = 'DEMO'`)).rows;
  const [{ id: clerkId, role_id: roleId }] = (
    await db.query(
      `select u.id, x.role_id from users u join user_roles x on x.tenant_id = u.tenant_id and x.user_id = u.id
        where u.tenant_id = ${tenantId} and u.username = 'clerk'`,
    )
  ).rows;
  const rentIds = (
    await db.query(`select id from rents where tenant_id = ${tenantId} and code like 'M%' order by id limit 2`)
  ).rows.map((r) => r.id);
  await db.query(`delete from user_rents where tenant_id = ${tenantId} and user_id = ${clerkId}`);
  await db.query(
    `insert into user_rents (tenant_id, user_id, rent_id) values ${rentIds.map((r) => `(${tenantId}, ${clerkId}, ${r})`).join(', ')}`,
  );
  await db.query(
    `insert into role_grants (tenant_id, role_id, code) values (${tenantId}, ${roleId}, 'maintenance'), (${tenantId}, ${roleId}, 'maintenance:view')
      on conflict do nothing`,
  );
  return rentIds;
}

if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: the maintenance bench needs it (pgbench replays on PostgreSQL).');
  process.exit(0);
}
const pgdb = await freshPostgres(process.env.BENCH_DB ?? 'fd_bench_maintenance');
const env = listServerEnv(pgdb.url);
const results = {
  label: LABEL,
  when: new Date().toISOString(),
  machine: machine(),
  data: { cars: CARS, rents: RENTS, over: 'the demo company' },
  target: 'call requests/s at 20 connections >= 0.5 of pgbench transactions/s replaying its statements at 20 clients',
  lists: [],
};
const headersOf = signedHeaders();
try {
  await (await startServer(env)).stop();
  const db = await openBenchDatabase({ url: pgdb.url });
  await moreRents(db);
  console.log(`cars: ${(await generateFleet(db, { count: CARS })).seconds} s`);
  const made = await generateMaintenance(db);
  console.log(
    `maintenance: ${made.plans} plans, ${made.workshops} workshops, ${made.orders} work orders, ${made.lines} lines, ${made.trackersWithOdometer} odometers, ${made.seconds} s`,
  );
  const clerkRents = await clerkOnTwoRents(db);
  await db.query('vacuum analyze');

  // The due rows, by the server's own refreshDue over the whole tenant (what the hourly schedule does), timed.
  const { openPostgres } = await dist('core/db.js');
  const { refreshDue } = await dist('modules/maintenance/due.service.js');
  const pool = await openPostgres(pgdb.url, { max: 2 });
  const t0 = performance.now();
  await pool.db.transaction((tx) => refreshDue(tx, made.tenantId, undefined, new Date()));
  const refreshMs = Math.round(performance.now() - t0);
  const t1 = performance.now();
  await pool.db.transaction((tx) => refreshDue(tx, made.tenantId, undefined, new Date()));
  const refreshAgainMs = Math.round(performance.now() - t1);
  await pool.close();
  await db.query('vacuum analyze maintenance_due');
  const [share] = (
    await db.query(`select count(*)::int as rows, count(*) filter (where km_source = 'gps')::int as km_from_gps,
      count(*) filter (where last_service_on is null)::int as no_history
      from maintenance_due where tenant_id = ${made.tenantId}`)
  ).rows;
  await db.close();

  // The lists' totals as the server counts them (its day, the tenant's lead days); deep pages: the middle of each.
  const probe = await startServer(env);
  const totals = {};
  try {
    for (const [key, as, query] of [
      ['admin', ADMIN, ''],
      ['adminOverdue', ADMIN, '&state=overdue'],
      ['clerk', CLERK, ''],
    ]) {
      const res = await fetch(`${probe.base}${due(1)}${query}`, { headers: await headersOf(probe.base, { as }) });
      if (!res.ok) throw new Error(`due list as ${as.username}: ${res.status} ${await res.text()}`);
      totals[key] = (await res.json()).data.total;
    }
  } finally {
    await probe.stop();
  }
  console.log(
    `refreshDue: ${refreshMs} ms (again: ${refreshAgainMs} ms); due rows: ${JSON.stringify(share)}; lists: ${JSON.stringify(totals)}`,
  );
  results.data = {
    ...results.data,
    ...made,
    clerkRents: clerkRents.length,
    refreshDueMs: refreshMs,
    refreshDueAgainMs: refreshAgainMs,
    dueRows: share,
    listTotals: totals,
  };
  const middle = (n) => Math.max(1, Math.floor(n / 20 / 2));
  for (const l of LISTS) {
    if (l.deep === 'admin') l.path = due(middle(totals.admin));
    if (l.deep === 'clerk') l.path = due(middle(totals.clerk));
  }
  const lists = LISTS.filter((l) => !ONLY || ONLY.includes(l.name));
  // With a fixed port every server has the same base: its sessions are not the previous server's.
  headersOf.clear();
  const captured = await captureStatements(env, lists, headersOf);
  headersOf.clear();
  const measuring = await startServer(env);
  try {
    for (const list of lists) {
      results.lists.push(
        await measureList({
          pgUrl: pgdb.url,
          base: measuring.base,
          list,
          headers: await headersOf(measuring.base, list),
          statements: captured.get(list.name),
          rounds: ROUNDS,
          seconds: DURATION,
          driverSeconds: DRIVER_SECONDS,
        }),
      );
    }
  } finally {
    await measuring.stop();
  }
} finally {
  if (!process.env.BENCH_KEEP_DB) await pgdb.drop();
}
printRounds(results.lists);
const file = path.join(ROOT, 'bench/results/maintenance.json');
const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { runs: {} };
kept.runs = { ...kept.runs, [LABEL]: results };
writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
