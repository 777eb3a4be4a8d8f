// Issue 32: the CRM lead list (`crmLead/list`) against its physical limit at 500,000 leads, on PostgreSQL, in one run.
// As db-limit and maintenance (lib/list-limit.mjs): the statements of one warm call are captured from the server's
// pool and replayed by pgbench at 20 clients; then the call at 20 connections and at 1. Ratio = the call's
// requests/s over pgbench's transactions/s; target >= 0.5. Lists: a sales user of data scope `own` on his leads
// (view mine) and on the pool, the admin on every lead with a keyword and with the overdue follow-ups.
// Data: the demo company with four more rents (six in all), 40 sales employees and 500,000 leads with their
// follow-ups, owner log and labels (lib/crm-generator.mjs).
// Results: bench/results/crm.json. Needs PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL) and pgbench.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openBenchDatabase } from './lib/fleet-generator.mjs';
import { captureStatements, listServerEnv, measureList, printRounds, signedHeaders } from './lib/list-limit.mjs';
import { generateCrm } from './lib/crm-generator.mjs';
import { ensureBuilt, freshPostgres, machine, postgresReachable, ROOT, startServer } from './lib/server.mjs';

const LEADS = Number(process.env.BENCH_LEADS ?? 500_000);
const SALES = Number(process.env.BENCH_SALES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const DRIVER_SECONDS = Number(process.env.BENCH_DRIVER_SECONDS ?? 5);
const ONLY = process.env.BENCH_LISTS?.split(',');
/** Runs are kept in the results file under a label (the list's SQL before and after a change). */
const LABEL = process.env.BENCH_LABEL ?? 'current';
/** The keyword of the admin's search: a common surname (a name prefix, as the list's keyword is). */
const KEYWORD = process.env.BENCH_KEYWORD ?? '王';

const A = '/api/ccwadmin';
const ADMIN = { username: 'admin', password: 'Admin@123' };
/** The first generated sales employee (role of data scope `own`); the generator gives them the clerk's password. */
const SALES_USER = { username: 'bench_sales01', password: 'Clerk@123' };
const list = (query) => `${A}/crmLead/list?pageNum=1&pageSize=20&${query}`;
const LISTS = [
  { name: 'mine, sales (own scope)', as: SALES_USER, method: 'GET', path: list('view=mine') },
  { name: 'pool, sales (own scope)', as: SALES_USER, method: 'GET', path: list('view=pool') },
  {
    name: 'all, admin, keyword',
    as: ADMIN,
    method: 'GET',
    path: list(`view=all&keyword=${encodeURIComponent(KEYWORD)}`),
  },
  { name: 'all, admin, overdue', as: ADMIN, method: 'GET', path: list('view=all&followUp=overdue') },
  // The sub-views' badges, as the screen asks them (one row and the counts of mine, pool and all).
  {
    name: 'counts, admin',
    as: ADMIN,
    method: 'GET',
    path: `${A}/crmLead/list?pageNum=1&pageSize=1&view=mine&withCounts=true`,
  },
];

ensureBuilt();

if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: the CRM bench needs it (pgbench replays on PostgreSQL).');
  process.exit(0);
}
const pgdb = await freshPostgres(process.env.BENCH_DB ?? 'fd_bench_crm');
const env = listServerEnv(pgdb.url);
const results = {
  label: LABEL,
  when: new Date().toISOString(),
  machine: machine(),
  data: { leads: LEADS, sales: SALES, over: 'the demo company' },
  target: 'call requests/s at 20 connections >= 0.5 of pgbench transactions/s replaying its statements at 20 clients',
  lists: [],
};
const headersOf = signedHeaders();
try {
  await (await startServer(env)).stop();
  const db = await openBenchDatabase({ url: pgdb.url });
  const made = await generateCrm(db, { leads: LEADS, sales: SALES });
  console.log(`crm: ${JSON.stringify(made)}`);
  await db.query('vacuum analyze');
  await db.close();

  // The lists' totals as the server counts them.
  const probe = await startServer(env);
  const totals = {};
  try {
    for (const l of LISTS) {
      const res = await fetch(`${probe.base}${l.path}`, { headers: await headersOf(probe.base, l) });
      if (!res.ok) throw new Error(`${l.name}: ${res.status} ${await res.text()}`);
      totals[l.name] = (await res.json()).data.total;
    }
  } finally {
    await probe.stop();
  }
  console.log(`lists: ${JSON.stringify(totals)}`);
  results.data = { ...results.data, ...made, listTotals: totals };
  const lists = LISTS.filter((l) => !ONLY || ONLY.some((o) => l.name.startsWith(o)));
  // With a fixed port every server has the same base: its sessions are not the previous server's.
  headersOf.clear();
  const captured = await captureStatements(env, lists, headersOf);
  headersOf.clear();
  const measuring = await startServer(env);
  try {
    for (const l of lists) {
      results.lists.push(
        await measureList({
          pgUrl: pgdb.url,
          base: measuring.base,
          list: l,
          headers: await headersOf(measuring.base, l),
          statements: captured.get(l.name),
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
const file = path.join(ROOT, 'bench/results/crm.json');
const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { runs: {} };
kept.runs = { ...kept.runs, [LABEL]: results };
writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
