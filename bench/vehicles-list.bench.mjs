// Issue 5: the vehicle list at 100,000 cars in one tenant, on PostgreSQL and on PGlite.
// - rentCar/list: p50, p99 and throughput with autocannon (20 connections) for a filtered page, and a few
//   other shapes of the same call; on PostgreSQL the same SQL timed in psql beside it (the floor);
// - exportCar of every car: time, size, rows read back, and the server's peak RSS growth;
// - an import of 10,000 rows: from the upload to the end of its task.
// Results: bench/results/vehicles-list.json (and the summary in docs/vehicles.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { generateFleet, openBenchDatabase } from './lib/fleet-generator.mjs';
import {
  authHeaders,
  ensureBuilt,
  freshPostgres,
  load,
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
const COUNT = Number(process.env.BENCH_CARS ?? 100_000);
const IMPORT_ROWS = 10_000;
const only = process.env.BENCH_DB; // 'postgres' or 'pglite' to run one

ensureBuilt();
// The server's prepared statement for the list's rows, timed in psql as the server runs it.
const { LIST_ROWS_SQL } = await import(path.join(ROOT, 'apps/server/dist/modules/vehicles/vehicles.repository.js'));
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  cars: COUNT,
  targets: { listP99Ms: 20, exportSeconds: 15, exportRssGrowthMb: 150 },
  runs: [],
};

/** The list shapes we measure; `filtered` is the headline (a status tab of one rent). */
function scenarios(rents) {
  return {
    filtered: { status: ['idle'], rentId: rents[0], pageSize: 20 },
    statusTab: { status: ['rented'], pageSize: 20 },
    firstPage: { pageSize: 20 },
    plateSearch: { keyword: 'KD001', pageSize: 20 },
    deepPage: { status: ['idle'], rentId: rents[0], pageSize: 20, pageNum: 100 },
  };
}

/**
 * The SQL the list call runs for `filtered`, for psql: the page's ids with the version, the rows by id (the
 * prepared statement of the server, executed as such) and the count (run only when the version moved).
 */
function floorSql(tenantId, rents, pageIds) {
  const scope = `cars.tenant_id = ${tenantId} and cars.rent_id = any('{${rents.join(',')}}') and cars.deleted_at is null
    and cars.status = any('{idle}') and cars.rent_id = ${rents[0]}`;
  return {
    ids: `select coalesce((select v.version from car_list_versions v where v.tenant_id = ${tenantId}), 0)::int8,
      array(select cars.id from cars where ${scope} order by cars.id desc limit 20 offset 0)`,
    rowsSetup: `prepare list_rows as ${LIST_ROWS_SQL}`,
    rows: `execute list_rows(${tenantId}, '{${pageIds.join(',')}}')`,
    count: `select count(*) from cars where ${scope}`,
  };
}

function psqlTimes(url, sql, n = 200, setup = '') {
  const script = [
    setup && `${setup.replace(/\s+/g, ' ')};`,
    '\\timing on',
    ...Array.from({ length: n }, () => `${sql.replace(/\s+/g, ' ')};`),
  ].join('\n');
  const out = execFileSync('psql', [url, '-q', '-o', '/dev/null'], { input: script, encoding: 'utf8' });
  const times = [...out.matchAll(/Time: ([\d.]+) ms/g)]
    .map((m) => Number(m[1]))
    .slice(5)
    .sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100;
  return { runs: times.length, p50Ms: at(0.5), p99Ms: at(0.99) };
}

function explain(url, sql) {
  const out = execFileSync('psql', [url, '-At', '-c', `explain (analyze, buffers) ${sql.replace(/\s+/g, ' ')}`], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((l) => /Index|Scan|Execution Time|Limit|Sort|Aggregate/.test(l))
    .slice(0, 8)
    .map((l) => l.trim());
}

async function countRows(buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {});
  let rows = 0;
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows;
}

async function importFile() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('车辆');
  ws.addRow([
    '车牌号',
    '车架号',
    '品牌',
    '车系',
    '车型',
    '能源类型',
    '车辆状态',
    '交强险公司',
    '交强险到期日',
    '年检到期日',
  ]);
  const serial = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const plate = `皖A${Array.from({ length: 5 }, (_, j) => serial[Math.floor(i / 34 ** j) % 34]).join('')}`;
    const body = `LSVAU2180N2${String(i).padStart(6, '0')}`;
    ws.addRow([
      plate,
      vinWithCheck(body),
      '大众',
      '朗逸',
      '朗逸 2023款 1.5L 自动新逸版',
      '汽油',
      '空闲',
      '人保财险',
      '2027-06-30',
      '2027-05-31',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function vinWithCheck(vin) {
  const values = Object.fromEntries(
    [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [
      c,
      [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i],
    ]),
  );
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) if (i !== 8) sum += (/\d/.test(vin[i]) ? Number(vin[i]) : values[vin[i]]) * weights[i];
  const r = sum % 11;
  return `${vin.slice(0, 8)}${r === 10 ? 'X' : r}${vin.slice(9)}`;
}

async function run(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-vehicles-'));
  const pgdb = kind === 'postgres' ? await freshPostgres('fd_bench_vehicles') : null;
  const env = pgdb
    ? { DATABASE_URL: pgdb.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }
    : { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const out = { database: kind };
  try {
    // Migrate and seed, then write the fleet with nobody else holding the database.
    await (await startServer({ ...env, LOG_LEVEL: 'info' })).stop();
    const db = await openBenchDatabase(pgdb ? { url: pgdb.url } : { dataDir: path.join(dataDir, 'pgdata') });
    const fleet = await generateFleet(db, {
      count: COUNT,
      onProgress: (n, all) => n % 20_000 === 0 && console.log(`  ${kind}: ${n}/${all} cars`),
    });
    await db.close();
    out.generateSeconds = fleet.seconds;
    console.log(`${kind}: ${COUNT} cars generated in ${fleet.seconds} s`);

    const server = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      const token = await signIn(server.base);
      const headers = authHeaders(token);
      const url = `${server.base}/api/ccwadmin/rentCar/list`;
      out.list = {};
      for (const [name, body] of Object.entries(scenarios(fleet.rents))) {
        const check = await (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).json();
        if (check.status !== 200) throw new Error(`${name}: ${JSON.stringify(check)}`);
        await load({ url, method: 'POST', headers, body: JSON.stringify(body), duration: 3 });
        const figures = await load({ url, method: 'POST', headers, body: JSON.stringify(body), duration: 10 });
        out.list[name] = { body, total: check.data.total, ...figures };
        if (name === 'filtered') {
          // The same call one at a time: the service time of a request when nothing queues.
          out.list.filteredOneConnection = {
            body,
            total: check.data.total,
            ...(await load({ url, method: 'POST', headers, body: JSON.stringify(body), duration: 10, connections: 1 })),
          };
          console.log(`${kind} list filtered, 1 connection: ${JSON.stringify(out.list.filteredOneConnection)}`);
        }
        console.log(`${kind} list ${name}: total ${check.data.total}, ${JSON.stringify(figures)}`);
      }
      // The floor of any signed-in call on this machine: the session lookup and a 2 KB answer, no car.
      const floorUrl = `${server.base}/api/ccwadmin/commonArea/province`;
      await load({ url: floorUrl, headers, duration: 3 });
      out.signedInFloor = {
        call: 'GET commonArea/province (session lookup only)',
        ...(await load({ url: floorUrl, headers, duration: 10 })),
      };
      console.log(`${kind} signed-in floor: ${JSON.stringify(out.signedInFloor)}`);
      if (pgdb) {
        const first = await (
          await fetch(url, { method: 'POST', headers, body: JSON.stringify(scenarios(fleet.rents).filtered) })
        ).json();
        const sql = floorSql(
          fleet.tenantId,
          fleet.rents,
          first.data.rows.map((r) => r.id),
        );
        out.psqlFloor = {
          query:
            'the filtered page: its ids (with the version), its rows by id (prepared) and its count, each timed alone in psql (\\timing)',
          ids: psqlTimes(pgdb.url, sql.ids),
          rows: psqlTimes(pgdb.url, sql.rows, 200, sql.rowsSetup),
          count: psqlTimes(pgdb.url, sql.count),
          idsPlan: explain(pgdb.url, sql.ids),
          countPlan: explain(pgdb.url, sql.count),
        };
        console.log(
          `${kind} psql floor: ${JSON.stringify({ ids: out.psqlFloor.ids, rows: out.psqlFloor.rows, count: out.psqlFloor.count })}`,
        );
      }

      // Export every car: time to the last byte, rows read back, the server's peak RSS growth.
      await new Promise((r) => setTimeout(r, 1000));
      const rssBefore = rssMb(server.pid);
      const sampler = rssSampler(server.pid, 50);
      const started = performance.now();
      const res = await fetch(`${server.base}/api/ccwadmin/rentCar/exportCar`, { method: 'POST', headers, body: '{}' });
      const file = Buffer.from(await res.arrayBuffer());
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      const peak = sampler.stop();
      out.export = {
        seconds,
        bytes: file.length,
        rows: (await countRows(file)) - 1,
        rssBeforeMb: rssBefore,
        rssPeakMb: peak,
        rssGrowthMb: peak - rssBefore,
      };
      console.log(`${kind} export: ${JSON.stringify(out.export)}`);

      // Import 10,000 rows: upload, the task, its end.
      const xlsx = await importFile();
      const form = new FormData();
      form.append(
        'file',
        new Blob([xlsx], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
        'cars.xlsx',
      );
      const importStarted = performance.now();
      const { authorization } = headers;
      const accepted = await (
        await fetch(`${server.base}/api/ccwadmin/excel/data/import/car/data`, {
          method: 'POST',
          headers: { authorization, 'x-user-type': 'manager' },
          body: form,
        })
      ).json();
      if (accepted.status !== 200) throw new Error(JSON.stringify(accepted));
      const acceptedMs = Math.round(performance.now() - importStarted);
      let task;
      for (;;) {
        task = (
          await (
            await fetch(`${server.base}/api/ccwadmin/task/progress/get/${accepted.data.taskId}`, { headers })
          ).json()
        ).data;
        if (task.state !== 'queued' && task.state !== 'running') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      out.import = {
        rows: IMPORT_ROWS,
        acceptedMs,
        seconds: Math.round((performance.now() - importStarted) / 10) / 100,
        state: task.state,
        imported: task.successNum,
        failed: task.failNum,
      };
      console.log(`${kind} import: ${JSON.stringify(out.import)}`);
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
writeFileSync(path.join(ROOT, 'bench/results/vehicles-list.json'), `${JSON.stringify(results, null, 2)}\n`);
