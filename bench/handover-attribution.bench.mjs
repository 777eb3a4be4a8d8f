// Issue 16: attributing 100,000 violations against 1,000,000 usage periods on PostgreSQL (target <= 30 s).
// The database is migrated and seeded by the built server; then, with nobody else holding it:
// - BENCH_CARS cars (10,000) from bench/lib/fleet-generator.mjs, one completed contract each, and
//   BENCH_PERIODS usage periods (1,000,000): 100 a car, a week each with a day between, each with a driver of the
//   car's rent; written through the period trigger (which attributes any violation already there: none yet);
// - BENCH_VIOLATIONS violations (100,000) over the same two years, inserted in one statement: the BEFORE INSERT
//   trigger gives each the driver of the period covering its minute (the path of every new record);
// - the same 100,000 attributed again set-based, in one UPDATE ... FROM car_usage_periods (what a repair of the
//   attribution would run), and a check that both ways agree;
// - a period corrected (closed two days early), timed: the violations it no longer covers lose their driver.
// Results: bench/results/handover-attribution.json (and the summary in docs/handover.md).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateFleet, openBenchDatabase } from './lib/fleet-generator.mjs';
import { ensureBuilt, freshPostgres, machine, postgresReachable, ROOT, startServer } from './lib/server.mjs';

const CARS = Number(process.env.BENCH_CARS ?? 10_000);
const PERIODS = Number(process.env.BENCH_PERIODS ?? 1_000_000);
const VIOLATIONS = Number(process.env.BENCH_VIOLATIONS ?? 100_000);
const PER_CAR = Math.ceil(PERIODS / CARS);
const BATCH_CARS = Math.max(1, Math.floor(100_000 / PER_CAR));

const seconds = (started) => Math.round((performance.now() - started) / 100) / 10;

async function timed(db, label, text) {
  const started = performance.now();
  const res = await db.query(text);
  const s = seconds(started);
  console.log(`${label}: ${s} s (${res.rowCount ?? res.rows?.length ?? 0} rows)`);
  return { seconds: s, rows: res.rowCount ?? null };
}

async function run() {
  if (!(await postgresReachable())) {
    console.log('PostgreSQL is not reachable: nothing measured');
    return { skipped: 'PostgreSQL not reachable' };
  }
  const pgdb = await freshPostgres('fd_bench_handover');
  const out = { database: 'postgres', cars: CARS, periods: PERIODS, violations: VIOLATIONS };
  try {
    // Its own JT/T 808 port (0: any free one), as other processes on this machine may hold the default.
    await (
      await startServer({ DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'info', GPS_TCP_PORT: '0' })
    ).stop();
    const db = await openBenchDatabase({ url: pgdb.url });
    const [{ id: T }] = (await db.query(`select id from tenants where code = 'DEMO'`)).rows;
    const [{ max: before }] = (await db.query(`select coalesce(max(id), 0) as max from cars`)).rows;
    let started = performance.now();
    await generateFleet(db, { count: CARS, seed: 16 });
    out.fleetSeconds = seconds(started);
    console.log(`${CARS} cars in ${out.fleetSeconds} s`);

    // One completed contract per generated car, with a driver of the car's rent.
    started = performance.now();
    await db.query(`create temporary table bench_cars as
      select c.id as car_id, c.rent_id, c.plate, row_number() over (order by c.id) as n
      from cars c where c.tenant_id = ${T} and c.deleted_at is null and c.id > ${Number(before)}
      order by c.id limit ${CARS}`);
    await db.query(`create temporary table bench_drivers as
      select rent_id, array_agg(id order by id) as ids from drivers where tenant_id = ${T} and deleted_at is null
      group by rent_id`);
    await db.query(`insert into rental_contracts (tenant_id, rent_id, number, group_no, driver_id, car_id, type, period,
        billing, start_date, end_date, instalments, rental_days, rent_fen, total_rent_fen, total_fen, state, dispatched)
      select ${T}, b.rent_id, 'BENCH' || b.n, 'BENCH' || b.n, d.ids[1 + (b.n % array_length(d.ids, 1))], b.car_id,
        'longTerm', 'monthly', 'prepaid', date '2024-01-01', date '2025-12-31', 24, 731, 300000, 7200000, 7200000,
        'completed', true
      from bench_cars b join bench_drivers d on d.rent_id = b.rent_id`);
    await db.query(`create temporary table bench_contracts as
      select k.id, k.car_id, k.rent_id, k.driver_id, b.n from rental_contracts k join bench_cars b on b.car_id = k.car_id
      where k.tenant_id = ${T} and k.number like 'BENCH%'`);
    const [{ n: contracts }] = (await db.query(`select count(*)::int as n from bench_contracts`)).rows;
    out.contracts = contracts;

    // The periods: PER_CAR a car, a week each from 2024-01-01 with a day between; the driver changes each time.
    for (let from = 1; from <= contracts; from += BATCH_CARS) {
      await db.query(`insert into car_usage_periods (tenant_id, car_id, contract_id, driver_id, rent_id, from_at, to_at)
        select ${T}, c.car_id, c.id, d.ids[1 + ((c.n + g) % array_length(d.ids, 1))], c.rent_id,
          timestamptz '2024-01-01 08:00+08' + g * interval '8 days',
          timestamptz '2024-01-01 08:00+08' + g * interval '8 days' + interval '7 days'
        from bench_contracts c join bench_drivers d on d.rent_id = c.rent_id
        cross join generate_series(0, ${PER_CAR - 1}) g
        where c.n between ${from} and ${from + BATCH_CARS - 1}`);
    }
    out.periodsSeconds = seconds(started);
    const [{ n: periods }] = (await db.query(`select count(*)::int as n from car_usage_periods where tenant_id = ${T}`))
      .rows;
    out.periodsWritten = periods;
    console.log(`${periods} usage periods (with ${contracts} contracts) in ${out.periodsSeconds} s`);
    await db.query('vacuum analyze car_usage_periods');
    await db.query('vacuum analyze violations');

    // New records: one statement, the BEFORE INSERT trigger attributes each. About one in eight falls in a gap.
    const span = PER_CAR * 8 * 86_400;
    out.insertWithAttribution = await timed(
      db,
      `${VIOLATIONS} violations inserted, each attributed by the trigger`,
      `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
         offence_text, fine_fen, points, source)
       select ${T}, b.rent_id, b.car_id, b.plate, 'BENCHV' || i,
         timestamptz '2024-01-01 08:00+08' + ((i * 7919) % ${span}) * interval '1 second',
         '杭州市文三路', '1039', '违反规定停放', 20000, 0, 'demo'
       from generate_series(1, ${VIOLATIONS}) i join bench_cars b on b.n = 1 + (i * 31) % ${contracts}`,
    );
    const [counts] = (
      await db.query(`select count(*)::int as n, count(usage_period_id)::int as attributed from violations
        where tenant_id = ${T} and violation_no like 'BENCHV%'`)
    ).rows;
    out.attributed = counts.attributed;
    out.unattributed = counts.n - counts.attributed;

    // The same, set-based: every generated violation attributed again in one UPDATE.
    await db.query(`update violations set driver_id = null, usage_period_id = null
      where tenant_id = ${T} and violation_no like 'BENCHV%'`);
    await db.query('vacuum analyze violations');
    out.bulkAttribution = await timed(
      db,
      `${VIOLATIONS} violations attributed again, set-based`,
      `update violations v set driver_id = p.driver_id, usage_period_id = p.id
       from car_usage_periods p
       where v.tenant_id = ${T} and v.violation_no like 'BENCHV%' and p.tenant_id = v.tenant_id
         and p.car_id = v.car_id and p.from_at <= v.occurred_at and (p.to_at is null or p.to_at > v.occurred_at)`,
    );
    const [again] = (
      await db.query(`select count(usage_period_id)::int as attributed from violations
        where tenant_id = ${T} and violation_no like 'BENCHV%'`)
    ).rows;
    out.bulkAgrees = again.attributed === out.attributed;

    // A period corrected: the busiest one closed two days early.
    const [busy] = (
      await db.query(`select usage_period_id as id, count(*)::int as n from violations where tenant_id = ${T}
        and usage_period_id is not null group by usage_period_id order by n desc limit 1`)
    ).rows;
    out.correction = await timed(
      db,
      `a period with ${busy.n} violations closed two days early`,
      `update car_usage_periods set to_at = to_at - interval '2 days' where tenant_id = ${T} and id = ${busy.id}`,
    );
    const plan = (
      await db.query(`explain (analyze, buffers, format text)
        select p.id from car_usage_periods p where p.tenant_id = ${T} and p.car_id = (select car_id from bench_cars limit 1)
          and p.from_at <= timestamptz '2024-06-01 12:00+08' and (p.to_at is null or p.to_at > timestamptz '2024-06-01 12:00+08')
        order by p.from_at desc limit 1`)
    ).rows.map((r) => r['QUERY PLAN']);
    out.lookupPlan = plan;
    console.log(plan.join('\n'));
    await db.close();
  } finally {
    await pgdb.drop();
  }
  return out;
}

ensureBuilt();
const results = { when: new Date().toISOString(), machine: machine(), targets: { attributionSeconds: 30 } };
results.run = await run();
writeFileSync(path.join(ROOT, 'bench/results/handover-attribution.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
