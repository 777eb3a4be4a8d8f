// Issue 30: the financing lists against their physical limit at 100,000 financed cars with their schedules, on
// PostgreSQL, in one run. As db-limit (lib/list-limit.mjs): the statements of one warm call are captured from the
// server's pool and replayed by pgbench at 20 clients; then the call at 20 connections and at 1. Ratio = the call's
// requests/s over pgbench's transactions/s; target >= 0.5. Lists: the applicant's repayments and instalments (the
// demo admin, every rent), and the financier's work list (applications waiting for its review) and repayments
// (XINDA, across its applicants).
// Data: the demo company, 100,000 generated cars, each financed (BENCH_FINANCED): 80 % repaying over 36 months with
// the months due paid, 6 % waiting for the financier (lib/financing-generator.mjs).
// Results: bench/results/financing.json. Needs PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL) and pgbench.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateFinancing } from './lib/financing-generator.mjs';
import { generateFleet, openBenchDatabase } from './lib/fleet-generator.mjs';
import { captureStatements, listServerEnv, measureList, printRounds, signedHeaders } from './lib/list-limit.mjs';
import { ensureBuilt, freshPostgres, machine, postgresReachable, ROOT, startServer } from './lib/server.mjs';

const FINANCED = Number(process.env.BENCH_FINANCED ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const DRIVER_SECONDS = Number(process.env.BENCH_DRIVER_SECONDS ?? 5);
const ONLY = process.env.BENCH_LISTS?.split(',');

const A = '/api/ccwadmin';
const TENANT = { username: 'admin', password: 'Admin@123' };
const FINANCIER = { username: 'xinda', password: 'Admin@123' };
const LISTS = [
  { name: 'repayments', as: TENANT, method: 'GET', path: `${A}/rentFinancingRepayment/list?pageNum=1&pageSize=20` },
  { name: 'instalments', as: TENANT, method: 'GET', path: `${A}/rentFinancingDetail/list?pageNum=1&pageSize=20` },
  {
    name: "financier's work list",
    as: FINANCIER,
    method: 'GET',
    path: `${A}/rentFinancingCar/list?state=S2&reviewStage=financier&pageNum=1&pageSize=20`,
  },
  {
    name: "financier's repayments",
    as: FINANCIER,
    method: 'GET',
    path: `${A}/rentFinancingRepayment/list?pageNum=1&pageSize=20`,
  },
].filter((l) => !ONLY || ONLY.includes(l.name));

ensureBuilt();
if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: the financing bench needs it (pgbench replays on PostgreSQL).');
  process.exit(0);
}
const pgdb = await freshPostgres('fd_bench_financing');
const env = listServerEnv(pgdb.url);
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  data: { financedCars: FINANCED, over: 'the demo company and its financier XINDA' },
  target: 'call requests/s at 20 connections >= 0.5 of pgbench transactions/s replaying its statements at 20 clients',
  lists: [],
};
const headersOf = signedHeaders();
try {
  await (await startServer(env)).stop();
  const db = await openBenchDatabase({ url: pgdb.url });
  console.log(`cars: ${(await generateFleet(db, { count: FINANCED })).seconds} s`);
  const made = await generateFinancing(db, { count: FINANCED });
  console.log(
    `financing: ${made.applications} applications, ${made.instalments} instalments, ${made.repayments} repayments, ${made.lines} lines, ${made.seconds} s`,
  );
  results.data = { ...results.data, ...made };
  await db.query('vacuum analyze');
  await db.close();
  const captured = await captureStatements(env, LISTS, headersOf);
  const server = await startServer(env);
  try {
    for (const list of LISTS) {
      results.lists.push(
        await measureList({
          pgUrl: pgdb.url,
          base: server.base,
          list,
          headers: await headersOf(server.base, list),
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
} finally {
  await pgdb.drop();
}
printRounds(results.lists);
writeFileSync(path.join(ROOT, 'bench/results/financing.json'), `${JSON.stringify(results, null, 2)}\n`);
