// Issue 14: the violation list at 1,000,000 violations in one tenant, on PostgreSQL and on PGlite, in the same run
// as the signed-in floor (GET commonArea/province: the session lookup and a 2 KB answer), like
// vehicles-list.bench.mjs and drivers-list.bench.mjs:
// - peccancyDetail/list, filtered (unhandled violations of one rent): 1 connection (target p99 <= 10 ms on
//   PostgreSQL) and 20 connections (target: at least half the floor's throughput), and the floor at 20;
// - peccancyDetail/export of 100,000 violations (the parking offence, one in ten): time, size, rows read back, the
//   server's peak RSS growth (targets: <= 15 s, <= 150 MB).
// Results: bench/results/violations-list.json (and the summary in docs/violations.md).
// BENCH_DB=postgres|pglite runs one; BENCH_VIOLATIONS changes the count (the export takes a tenth of it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openBenchDatabase } from './lib/fleet-generator.mjs';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  listAgainstFloor,
  machine,
  postgresReachable,
  ROOT,
  rssMb,
  rssSampler,
  signIn,
  startServer,
} from './lib/server.mjs';

const require = createRequire(import.meta.url);
const ExcelJS = require(path.join(ROOT, 'node_modules/exceljs'));
const COUNT = Number(process.env.BENCH_VIOLATIONS ?? 1_000_000);
const BATCH = 100_000;
const only = process.env.BENCH_DB;

ensureBuilt();
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  violations: COUNT,
  targets: { listOneConnectionP99Ms: 10, listVsFloorThroughput: 0.5, exportSeconds: 15, exportRssGrowthMb: 150 },
  runs: [],
};

async function countRows(buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {});
  let rows = 0;
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows;
}

/**
 * COUNT violations for the demo tenant's live cars, in batches of 100,000 (one statement each): offences of
 * the 122 platform in turn (every tenth is 1039, the export's filter), a third handled, over two years.
 */
async function generate(db) {
  const started = performance.now();
  const [tenant] = (await db.query(`select id from tenants where code = 'DEMO'`)).rows;
  const T = Number(tenant.id);
  for (let from = 1; from <= COUNT; from += BATCH) {
    const to = Math.min(COUNT, from + BATCH - 1);
    await db.query(`with c as (
        select array_agg(id order by id) as ids, array_agg(rent_id order by id) as rents,
          array_agg(plate order by id) as plates, count(*)::int as n
        from cars where tenant_id = ${T} and deleted_at is null)
      insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
        offence_text, fine_fen, points, late_fee_fen, handled, handled_at, authority, source, created_at, updated_at)
      select ${T}, c.rents[1 + g % c.n], c.ids[1 + g % c.n], c.plates[1 + g % c.n], 'BENCH' || lpad(g::text, 9, '0'),
        now() - ((g * 37) % 730) * interval '1 day' - (g % 86400) * interval '1 second',
        (array['文三路与学院路交叉口', '天目山路古荡段', '延安高架西向东', '东三环国贸桥', '深南大道科技园段'])[1 + g % 5],
        case when g % 10 = 0 then '1039' else (array['1625', '1352', '1345', '1344', '1208', '1301', '6095', '1357', '10391'])[1 + g % 9] end,
        case when g % 10 = 0 then '机动车违反规定停放、临时停车，妨碍其它车辆、行人通行的' else '驾驶机动车违反道路交通信号灯通行的' end,
        (1 + g % 4) * 5000, (g % 4) * 2, case when g % 7 = 0 then 1500 else 0 end, g % 3 = 0,
        case when g % 3 = 0 then now() end, '杭州市公安局交通警察支队', 'demo', now(), now()
      from c, generate_series(${from}, ${to}) g`);
    console.log(`  ${db.kind}: ${to}/${COUNT} violations`);
  }
  await db.query('analyze violations');
  const rents = (await db.query(`select id from rents where tenant_id = ${T} order by id`)).rows.map((r) =>
    Number(r.id),
  );
  return { seconds: Math.round((performance.now() - started) / 100) / 10, rents };
}

async function run(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-violations-'));
  const pgdb = kind === 'postgres' ? await freshPostgres(process.env.BENCH_PG_DB ?? 'fd_bench_violations') : null;
  const env = pgdb
    ? { DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }
    : { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const out = { database: kind };
  try {
    // Migrate and seed, then write the violations with nobody else holding the database.
    await (await startServer({ ...env, LOG_LEVEL: 'info' })).stop();
    const db = await openBenchDatabase(pgdb ? { url: pgdb.url } : { dataDir: path.join(dataDir, 'pgdata') });
    const made = await generate(db);
    await db.close();
    out.generateSeconds = made.seconds;
    console.log(`${kind}: ${COUNT} violations generated in ${made.seconds} s`);

    const server = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      const token = await signIn(server.base);
      const headers = authHeaders(token);
      const url = `${server.base}/api/ccwadmin/peccancyDetail/list`;
      const body = JSON.stringify({ handled: 'unhandled', rentId: made.rents[0], pageSize: 20 });
      const check = await (await fetch(url, { method: 'POST', headers, body })).json();
      if (check.status !== 200) throw new Error(JSON.stringify(check));
      // The list alone (1 connection), the list at 20, the floor at 20, back to back.
      const figures = await listAgainstFloor({ base: server.base, headers, url, method: 'POST', body, label: kind });
      out.listOneConnection = { body: JSON.parse(body), total: check.data.total, ...figures.listOneConnection };
      out.list20 = { total: check.data.total, ...figures.list20 };
      out.signedInFloor = figures.signedInFloor;
      out.ratios = figures.ratios;

      // Export a tenth (the parking offence, 1039; its text, since `offence` also matches 10391 by code): time to
      // the last byte, rows read back, the server's peak RSS growth.
      await new Promise((r) => setTimeout(r, 1000));
      const rssBefore = rssMb(server.pid);
      const sampler = rssSampler(server.pid, 50);
      const started = performance.now();
      const filter = `offence=${encodeURIComponent('违反规定停放')}`;
      const res = await fetch(`${server.base}/api/ccwadmin/peccancyDetail/export?${filter}`, { headers });
      const file = Buffer.from(await res.arrayBuffer());
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      const peak = sampler.stop();
      out.export = {
        status: res.status,
        filter: 'offence=违反规定停放',
        seconds,
        bytes: file.length,
        rows: (await countRows(file)) - 1,
        rssBeforeMb: rssBefore,
        rssPeakMb: peak,
        rssGrowthMb: peak - rssBefore,
      };
      console.log(`${kind} export: ${JSON.stringify(out.export)}`);
      out.rssAfterMb = rssMb(server.pid);
    } finally {
      await server.stop();
    }
  } finally {
    if (pgdb) await pgdb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  results.runs.push(out);
}

if (only !== 'pglite') {
  if (await postgresReachable()) await run('postgres');
  else console.log('PostgreSQL not reachable: skipped');
}
if (only !== 'postgres') await run('pglite');
writeFileSync(path.join(ROOT, 'bench/results/violations-list.json'), `${JSON.stringify(results, null, 2)}\n`);
