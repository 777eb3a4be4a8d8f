// Issue 33: quotes per second (`shortBooking/quote`) for one store with 500 cars over a 30-day stay, on PostgreSQL,
// in one run. As the list benches (lib/list-limit.mjs): the statements of one warm quote are captured from the
// server's pool and replayed by pgbench at 20 clients (what PostgreSQL alone answers); then the call at 20
// connections and at 1. Ratio = the call's requests/s over pgbench's transactions/s.
// Data: the demo company with a store 压测门店 of BENCH_CARS cars (default 500) of one type, most of them booked for
// part of the next 40 days, plus two past bookings each (lib/short-term-generator.mjs).
// Results: bench/results/short-term.json. Needs PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL) and pgbench.
// A smoke run: BENCH_CARS=50 BENCH_SECONDS=2 BENCH_ROUNDS=1 BENCH_DRIVER_SECONDS=1 node bench/short-term.bench.mjs
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openBenchDatabase } from './lib/fleet-generator.mjs';
import { captureStatements, listServerEnv, measureList, printRounds, signedHeaders } from './lib/list-limit.mjs';
import { generateShortTerm } from './lib/short-term-generator.mjs';
import { ensureBuilt, freshPostgres, machine, postgresReachable, ROOT, startServer } from './lib/server.mjs';

const CARS = Number(process.env.BENCH_CARS ?? 500);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const DRIVER_SECONDS = Number(process.env.BENCH_DRIVER_SECONDS ?? 5);
const LABEL = process.env.BENCH_LABEL ?? 'current';

const A = '/api/ccwadmin';
const ADMIN = { username: 'admin', password: 'Admin@123' };
const DAY = 86_400_000;

/** 10:00 in Shanghai `days` after today there. */
function shanghaiAt(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  return new Date(new Date(`${today}T10:00:00+08:00`).getTime() + days * DAY).toISOString();
}

ensureBuilt();

if (!(await postgresReachable())) {
  console.log('PostgreSQL not reachable: the short-term bench needs it (pgbench replays on PostgreSQL).');
  process.exit(0);
}
const pgdb = await freshPostgres(process.env.BENCH_DB ?? 'fd_bench_short_term');
const env = listServerEnv(pgdb.url);
const results = {
  label: LABEL,
  when: new Date().toISOString(),
  machine: machine(),
  data: { cars: CARS, stayDays: DAYS, over: 'the demo company' },
  target: 'quotes per second at 20 connections, beside pgbench replaying the quote’s statements at 20 clients',
  lists: [],
};
const headersOf = signedHeaders();
try {
  await (await startServer(env)).stop();
  const db = await openBenchDatabase({ url: pgdb.url });
  const made = await generateShortTerm(db, { cars: CARS });
  console.log(`short-term: ${JSON.stringify(made)}`);
  await db.query('vacuum analyze');
  await db.close();
  const quote = {
    name: `quote, ${made.cars} cars, ${DAYS} days`,
    as: ADMIN,
    method: 'POST',
    path: `${A}/shortBooking/quote`,
    body: { storeId: made.storeId, carTypeId: made.carTypeId, pickUpAt: shanghaiAt(3), returnAt: shanghaiAt(3 + DAYS) },
  };
  const probe = await startServer(env);
  try {
    const res = await fetch(`${probe.base}${quote.path}`, {
      method: 'POST',
      headers: await headersOf(probe.base, quote),
      body: JSON.stringify(quote.body),
    });
    if (!res.ok) throw new Error(`quote: ${res.status} ${await res.text()}`);
    const answer = (await res.json()).data;
    results.data = { ...results.data, ...made, available: answer.available, quoteDays: answer.quote.days.length };
    console.log(`quote: ${answer.quote.days.length} days, ${answer.available} cars free, total ${answer.quote.total}`);
  } finally {
    await probe.stop();
  }
  headersOf.clear();
  const captured = await captureStatements(env, [quote], headersOf);
  headersOf.clear();
  const measuring = await startServer(env);
  try {
    results.lists.push(
      await measureList({
        pgUrl: pgdb.url,
        base: measuring.base,
        list: quote,
        headers: await headersOf(measuring.base, quote),
        statements: captured.get(quote.name),
        rounds: ROUNDS,
        seconds: DURATION,
        driverSeconds: DRIVER_SECONDS,
      }),
    );
  } finally {
    await measuring.stop();
  }
} finally {
  if (!process.env.BENCH_KEEP_DB) await pgdb.drop();
}
printRounds(results.lists);
const file = path.join(ROOT, 'bench/results/short-term.json');
const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { runs: {} };
kept.runs = { ...kept.runs, [LABEL]: results };
writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`);
