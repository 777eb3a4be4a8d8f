// Issue 11: the driver list at 100,000 drivers in one tenant, on PostgreSQL and on PGlite, in the same run as the
// signed-in floor (GET commonArea/province: the session lookup and a 2 KB answer).
// - rentDriver/list, filtered (active drivers of one rent): 1 connection (target p99 <= 10 ms on PostgreSQL) and
//   20 connections (target: at least half the floor's throughput), and the floor at 20 connections;
// - rentDriver/exportDriver of every driver: time, size, rows read back, the server's peak RSS growth
//   (targets: <= 15 s, <= 150 MB).
// Results: bench/results/drivers-list.json (and the summary in docs/drivers.md).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { generateDrivers } from './lib/driver-generator.mjs';
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
const COUNT = Number(process.env.BENCH_DRIVERS ?? 100_000);
const only = process.env.BENCH_DB; // 'postgres' or 'pglite' to run one

ensureBuilt();
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  drivers: COUNT,
  targets: { listOneConnectionP99Ms: 10, listVsFloorThroughput: 0.5, exportSeconds: 15, exportRssGrowthMb: 150 },
  runs: [],
};

async function countRows(buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {});
  let rows = 0;
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows;
}

async function run(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-drivers-'));
  const pgdb = kind === 'postgres' ? await freshPostgres('fd_bench_drivers') : null;
  const env = pgdb
    ? { DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }
    : { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const out = { database: kind };
  try {
    // Migrate and seed, then write the drivers with nobody else holding the database.
    await (await startServer({ ...env, LOG_LEVEL: 'info' })).stop();
    const db = await openBenchDatabase(pgdb ? { url: pgdb.url } : { dataDir: path.join(dataDir, 'pgdata') });
    const pool = await generateDrivers(db, {
      count: COUNT,
      onProgress: (n, all) => n % 20_000 === 0 && console.log(`  ${kind}: ${n}/${all} drivers`),
    });
    await db.close();
    out.generateSeconds = pool.seconds;
    console.log(`${kind}: ${COUNT} drivers generated in ${pool.seconds} s`);

    const server = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      const token = await signIn(server.base);
      const headers = authHeaders(token);
      const url = `${server.base}/api/ccwadmin/rentDriver/list`;
      const body = JSON.stringify({ state: ['active'], rentId: pool.rents[0], pageSize: 20 });
      const check = await (await fetch(url, { method: 'POST', headers, body })).json();
      if (check.status !== 200) throw new Error(JSON.stringify(check));
      // The list alone (1 connection), the list at 20, the floor at 20, back to back.
      const figures = await listAgainstFloor({ base: server.base, headers, url, method: 'POST', body, label: kind });
      out.listOneConnection = { body: JSON.parse(body), total: check.data.total, ...figures.listOneConnection };
      out.list20 = { total: check.data.total, ...figures.list20 };
      out.signedInFloor = figures.signedInFloor;
      out.ratios = figures.ratios;

      // Export every driver: time to the last byte, rows read back, the server's peak RSS growth.
      await new Promise((r) => setTimeout(r, 1000));
      const rssBefore = rssMb(server.pid);
      const sampler = rssSampler(server.pid, 50);
      const started = performance.now();
      const res = await fetch(`${server.base}/api/ccwadmin/rentDriver/exportDriver`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      const file = Buffer.from(await res.arrayBuffer());
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      const peak = sampler.stop();
      out.export = {
        status: res.status,
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
writeFileSync(path.join(ROOT, 'bench/results/drivers-list.json'), `${JSON.stringify(results, null, 2)}\n`);
