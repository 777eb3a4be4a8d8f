// Issue 10: the cost of a signed-in call, as ratios measured in one run (the machine is shared and noisy).
// - ceiling: GET /api/bench/ceiling, the same 2 KB answer as commonArea/province through the same app, without
//   sign-in or database (registered only with BENCH_ROUTES=true);
// - signed-in floor: GET commonArea/province (the session and a 2 KB answer);
// - the vehicle list: rentCar/list, a filtered page among 100,000 cars, at 20 connections and at 1.
// Targets (PostgreSQL): floor >= 50% of the ceiling's requests/s; list >= 50% of the floor's; list p99 at 1
// connection <= 5 ms. PGlite is reported. On PostgreSQL also: the ceiling and the floor with the per-IP rate limiter
// on (it is off in every other measurement), and all of it again with WEB_CONCURRENCY=2 (node:cluster).
// Each measurement runs twice, interleaved (ceiling, floor, list, ceiling, floor, list), and the ratios are
// taken round by round. Results: bench/results/throughput.json.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

const COUNT = Number(process.env.BENCH_CARS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_DB; // 'postgres' or 'pglite' to run one

ensureBuilt();
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  cars: COUNT,
  targets: { floorOfCeiling: 0.5, listOfFloor: 0.5, listOneConnectionP99Ms: 5 },
  runs: [],
};

async function measure(name, options) {
  await load({ ...options, duration: 3 }); // warm-up
  const figures = await load({ ...options, duration: DURATION });
  console.log(
    `  ${name}: ${figures.rps} rps, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, non-2xx ${figures.non2xx}`,
  );
  if (figures.non2xx || figures.errors) throw new Error(`${name}: ${figures.non2xx} non-2xx, ${figures.errors} errors`);
  return figures;
}

const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;

async function rounds(server, rents, withList, count = ROUNDS) {
  const token = await signIn(server.base);
  const headers = authHeaders(token);
  const ceiling = { url: `${server.base}/api/bench/ceiling` };
  const floor = { url: `${server.base}/api/ccwadmin/commonArea/province`, headers };
  const body = JSON.stringify({ status: ['idle'], rentId: rents[0], pageSize: 20 });
  const list = { url: `${server.base}/api/ccwadmin/rentCar/list`, method: 'POST', headers, body };
  const out = [];
  for (let i = 0; i < count; i++) {
    const round = { ceiling: await measure('ceiling', ceiling), floor: await measure('signed-in floor', floor) };
    if (withList) {
      round.list = await measure('vehicle list, 20 connections', list);
      round.listOneConnection = await measure('vehicle list, 1 connection', { ...list, connections: 1 });
    }
    round.floorOfCeiling = ratio(round.floor.rps, round.ceiling.rps);
    if (withList) round.listOfFloor = ratio(round.list.rps, round.floor.rps);
    console.log(
      `  round ${i + 1}: floor/ceiling ${round.floorOfCeiling}${withList ? `, list/floor ${round.listOfFloor}` : ''}`,
    );
    out.push(round);
  }
  return out;
}

async function run(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-throughput-'));
  const pgdb = kind === 'postgres' ? await freshPostgres('fd_bench_throughput') : null;
  const env = pgdb
    ? { DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn', BENCH_ROUTES: 'true' }
    : { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', BENCH_ROUTES: 'true' };
  const out = { database: kind };
  try {
    await (await startServer({ ...env, LOG_LEVEL: 'info' })).stop();
    const db = await openBenchDatabase(pgdb ? { url: pgdb.url } : { dataDir: path.join(dataDir, 'pgdata') });
    const fleet = await generateFleet(db, { count: COUNT });
    await db.close();
    console.log(`${kind}: ${COUNT} cars generated in ${fleet.seconds} s`);
    const server = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      console.log(`${kind}, one process:`);
      out.oneProcess = await rounds(server, fleet.rents, true);
    } finally {
      await server.stop();
    }
    if (pgdb) {
      // The per-IP limiter is off in the rounds above (as in every benchmark); its cost, with a limit no run reaches:
      const limited = await startServer({ ...env, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000000' });
      try {
        console.log(`${kind}, with the per-IP rate limiter:`);
        const [round] = await rounds(limited, fleet.rents, false, 1);
        out.withRateLimiter = round;
      } finally {
        await limited.stop();
      }
      const cluster = await startServer({ ...env, LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' });
      try {
        console.log(`${kind}, WEB_CONCURRENCY=2:`);
        out.twoProcesses = await rounds(cluster, fleet.rents, true);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await pgdb?.drop();
  }
  results.runs.push(out);
}

if (only !== 'pglite') {
  if (await postgresReachable()) await run('postgres');
  else console.log('PostgreSQL not reachable: skipped');
}
if (only !== 'postgres') await run('pglite');
writeFileSync(path.join(ROOT, 'bench/results/throughput.json'), `${JSON.stringify(results, null, 2)}\n`);
