// Issue 10, soak: ten minutes of a steady mix of reads and writes across the built areas at half the measured
// maximum rate, on PostgreSQL. Pass: no errors, p99 stable (last minute within 1.5x the first), the server's RSS
// flat (growth under 50 MB after the first minute), no connection leak (pg_stat_activity stable).
// Traffic goes to the server this script starts on 127.0.0.1 only; every load is bounded in time.
// BENCH_SOAK_MINUTES shortens it for a trial. Results: bench/results/soak.json.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateFleet, openBenchDatabase } from './lib/fleet-generator.mjs';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  machine,
  postgresReachable,
  ROOT,
  rssMb,
  signIn,
  startServer,
} from './lib/server.mjs';

const require = createRequire(import.meta.url);
const autocannon = require(path.join(ROOT, 'node_modules/autocannon'));
const pg = require(path.join(ROOT, 'node_modules/pg'));
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const CARS = Number(process.env.BENCH_CARS ?? 20_000);
const CONNECTIONS = 20;

ensureBuilt();
if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: the soak runs on PostgreSQL only; skipped');
  process.exit(0);
}

/**
 * One connection's round: reads of every built area and two writes (the key details of a car, changed each
 * round, which also moves the tenant's car version and so the list's cached counts; a saved filter replaced by
 * name). autocannon starts each round with a fresh `context`, where the round keeps its car.
 */
function mix(headers, rents, cars) {
  let nextCar = 0;
  const car = (context) => (context.car ??= cars[nextCar++ % cars.length]);
  const json = (method, p, body) => ({ method, path: p, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const api = '/api/ccwadmin';
  const requests = [
    json('GET', `${api}/commonArea/province`),
    json('POST', `${api}/rentCar/list`, { status: ['idle'], rentId: rents[0], pageSize: 20 }),
    {
      ...json('GET', `${api}/rentCar/0`),
      setupRequest: (req, ctx) => ({ ...req, path: `${api}/rentCar/${car(ctx)}` }),
    },
    json('GET', `${api}/employee/list?pageSize=20`),
    {
      ...json('POST', `${api}/rentCar/update/car/key/info`, {}),
      setupRequest: (req, ctx) => ({
        ...req,
        body: JSON.stringify({ carId: car(ctx), keyCount: 1 + (nextCar % 3), keyLocation: '前台钥匙柜' }),
      }),
    },
    json('GET', `${api}/role/list`),
    json('POST', `${api}/rentCar/list`, { keyword: 'A1', pageSize: 20 }),
    json('GET', '/api/admin/client/user/front/info'),
    json('GET', `${api}/task/progress/list`),
    json('POST', `${api}/filter/save/rentCar`, { name: 'soak', filter: { status: ['idle'] } }),
    json('GET', `${api}/operationLog/list?pageSize=20`),
    json('GET', `${api}/rent/list`),
  ];
  // The first few failures are kept to be reported.
  return requests.map((r) => ({
    ...r,
    onResponse: (status, body) => {
      if (status >= 400 && failures.length < 10)
        failures.push({ path: r.path, status, body: String(body).slice(0, 300) });
    },
  }));
}
const failures = [];

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('error', reject);
  });
}

const figures = (r) => ({
  requests: r.requests.total,
  rps: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  maxMs: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

const pgdb = await freshPostgres('fd_bench_soak');
const results = { when: new Date().toISOString(), machine: machine(), minutes: MINUTES, cars: CARS };
try {
  const env = { DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
  await (await startServer({ ...env, LOG_LEVEL: 'info' })).stop();
  const db = await openBenchDatabase({ url: pgdb.url });
  const fleet = await generateFleet(db, { count: CARS });
  const { rows } = await db.query(
    `select id from cars where tenant_id = ${fleet.tenantId} and deleted_at is null order by id limit 1000`,
  );
  await db.close();
  const cars = rows.map((r) => Number(r.id));

  const server = await startServer({ ...env, LOG_LEVEL: 'info' });
  const watcher = new pg.Client({ connectionString: pgdb.url });
  await watcher.connect();
  const connectionsNow = async () =>
    Number(
      (
        await watcher.query(
          `select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rows[0].count,
    );
  try {
    const headers = authHeaders(await signIn(server.base));
    const requests = mix(headers, fleet.rents, cars);
    const base = { url: server.base, connections: CONNECTIONS, requests };
    await run({ ...base, duration: 5 });
    const max = figures(await run({ ...base, duration: 20 }));
    if (max.non2xx || max.errors) throw new Error(`the mix fails at full speed: ${JSON.stringify({ max, failures })}`);
    const rate = Math.max(1, Math.round(max.rps / 2));
    results.maximum = max;
    results.rate = rate;
    console.log(`maximum ${max.rps} rps (p99 ${max.p99Ms} ms); soaking at ${rate} rps for ${MINUTES} min`);

    results.perMinute = [];
    for (let m = 0; m < MINUTES; m++) {
      const samples = [];
      const timer = setInterval(async () => {
        try {
          samples.push({ rssMb: rssMb(server.pid), connections: await connectionsNow() });
        } catch {
          /* a sample missed */
        }
      }, 5000);
      const r = figures(await run({ ...base, duration: 60, overallRate: rate }));
      clearInterval(timer);
      const minute = {
        minute: m + 1,
        ...r,
        rssMb: rssMb(server.pid),
        rssMaxMb: Math.max(...samples.map((s) => s.rssMb)),
        connectionsMax: Math.max(...samples.map((s) => s.connections)),
        connectionsEnd: await connectionsNow(),
      };
      results.perMinute.push(minute);
      console.log(JSON.stringify(minute));
    }
    const first = results.perMinute[0];
    const last = results.perMinute.at(-1);
    const rssAfterFirst = first.rssMb;
    const rssPeakLater = Math.max(...results.perMinute.slice(1).map((x) => x.rssMaxMb));
    results.verdict = {
      errors: results.perMinute.reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0),
      p99FirstMs: first.p99Ms,
      p99LastMs: last.p99Ms,
      p99Stable: last.p99Ms <= 1.5 * first.p99Ms,
      rssAfterFirstMinuteMb: rssAfterFirst,
      rssPeakLaterMb: rssPeakLater,
      rssGrowthMb: rssPeakLater - rssAfterFirst,
      rssFlat: rssPeakLater - rssAfterFirst < 50,
      connectionsFirst: first.connectionsEnd,
      connectionsLast: last.connectionsEnd,
      connectionsMax: Math.max(...results.perMinute.map((x) => x.connectionsMax)),
      noLeak: last.connectionsEnd <= first.connectionsEnd,
    };
    results.failures = failures;
    results.verdict.pass =
      results.verdict.errors === 0 && results.verdict.p99Stable && results.verdict.rssFlat && results.verdict.noLeak;
    console.log(`verdict: ${JSON.stringify(results.verdict)}`);
  } finally {
    await watcher.end();
    await server.stop();
  }
} finally {
  await pgdb.drop();
}
writeFileSync(path.join(ROOT, 'bench/results/soak.json'), `${JSON.stringify(results, null, 2)}\n`);
