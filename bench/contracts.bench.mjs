// Issue 15: rental contracts, on PostgreSQL, in the same run as the signed-in floor (GET commonArea/province).
// - generating the bill schedules of 10,000 contracts (the pure schedule of the built server);
// - the daily overdue job (late fees) over 1,000,000 payment lines (target <= 60 s);
// - the bill list of a contract (`rentContractBills/month/{id}`) at 1,000,000 lines: 1 connection (target p99
//   <= 10 ms) and 20 connections (target: at least half the floor's throughput).
// The bench database drops the "one live contract per car" index so that 10,000 signed contracts can share the
// demo cars. Results: bench/results/contracts.json (and the summary in docs/contracts.md).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { generateContracts, LINES_PER_CONTRACT } from './lib/contract-generator.mjs';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  listAgainstFloor,
  machine,
  postgresReachable,
  ROOT,
  signIn,
  startServer,
} from './lib/server.mjs';

const require = createRequire(import.meta.url);
const pg = require(path.join(ROOT, 'node_modules/pg'));
const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);
const LINES_PER = LINES_PER_CONTRACT;

ensureBuilt();
const { buildSchedule } = await import(path.join(ROOT, 'apps/server/dist/modules/rental-contracts/schedule.js'));
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  targets: { overdueJobSeconds: 60, billListOneConnectionP99Ms: 10, billListVsFloorThroughput: 0.5 },
};

// 1. Schedules.
{
  const periods = ['weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'];
  const started = performance.now();
  let lines = 0;
  for (let i = 0; i < 10_000; i++) {
    const start = `202${4 + (i % 3)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const s = buildSchedule({
      type: i % 3 === 0 ? 'rentToOwn' : 'longTerm',
      period: periods[i % 5],
      billing: i % 2 ? 'prepaid' : 'postpaid',
      paymentDay: i % 4 ? 1 + (i % 28) : null,
      startDate: start,
      endDate: `${Number(start.slice(0, 4)) + 3}${start.slice(4)}`,
      freeDays: i % 7,
      depositFen: 500_000,
      managementFeeFen: 20_000,
      rentFen: 300_000,
      insuranceBaseFen: 0,
      insuranceExtraFen: 0,
      buyOutFen: 2_000_000,
      proRating: i % 2 === 0,
    });
    lines += s.lines.length;
  }
  results.schedules = { contracts: 10_000, lines, ms: Math.round(performance.now() - started) };
  console.log(`schedules: ${JSON.stringify(results.schedules)}`);
}

if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: skipped');
} else {
  const pgdb = await freshPostgres('fd_bench_contracts');
  const env = { DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn', TEST_ROUTES: 'true' };
  try {
    await (await startServer({ ...env, LOG_LEVEL: 'info' })).stop();
    const c = new pg.Client({ connectionString: pgdb.url });
    await c.connect();
    const generated = await generateContracts(c, { contracts: CONTRACTS, linesPer: LINES_PER });
    results.lines = generated.lines;
    results.generateSeconds = generated.seconds;
    const [{ id: contractId, month }] = (
      await c.query(
        `select id, to_char(start_date + 400, 'YYYY-MM') as month from rental_contracts where number = 'BENCH5000'`,
      )
    ).rows;
    await c.end();
    console.log(`${results.lines} lines generated in ${results.generateSeconds} s`);

    const server = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      // The daily job over every line (late fees of ~50,000 overdue lines written).
      const jobStarted = performance.now();
      const job = await (await fetch(`${server.base}/api/test/contracts/daily`, { method: 'POST' })).json();
      results.overdueJob = { seconds: Math.round((performance.now() - jobStarted) / 10) / 100, ...job.data };
      const again = performance.now();
      await fetch(`${server.base}/api/test/contracts/daily`, { method: 'POST' });
      results.overdueJob.secondRunSeconds = Math.round((performance.now() - again) / 10) / 100;
      console.log(`overdue job: ${JSON.stringify(results.overdueJob)}`);

      const token = await signIn(server.base);
      const headers = authHeaders(token);
      const url = `${server.base}/api/ccwadmin/rentContractBills/month/${contractId}?month=${month}`;
      const check = await (await fetch(url, { headers })).json();
      if (check.status !== 200) throw new Error(JSON.stringify(check));
      const figures = await listAgainstFloor({ base: server.base, headers, url, label: 'bill' });
      results.billListOneConnection = { lines: check.data.length, ...figures.listOneConnection };
      results.billList20 = figures.list20;
      results.signedInFloor = figures.signedInFloor;
      results.ratios = {
        billListVsFloorThroughput: figures.ratios.listVsFloorThroughput,
        billListOneConnectionP99VsTarget: figures.ratios.listOneConnectionP99VsTarget,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await pgdb.drop();
  }
}
writeFileSync(path.join(ROOT, 'bench/results/contracts.json'), `${JSON.stringify(results, null, 2)}\n`);
