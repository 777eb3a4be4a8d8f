// Issue 28 item 3: does a long statement on the embedded database stop every other request? PGlite runs its SQL on
// the server's only thread. With 100,000 cars (BENCH_CARS) on PGlite, one client exports every car (POST
// rentCar/exportCar, about 20 s) while another asks /healthz, then the car list, one at a time, without pause:
// the slowest answer and the p99 during the export, against the same loop with no export running.
// Since the fix, PGlite runs in a worker thread (PGLITE_WORKER, default true); PGLITE_WORKER=false measures it in
// the server's thread as before. During the export a second client also asks /healthz back to back (the loop above
// asks it less often once the list waits for the database). Also the car list's throughput at 20 connections
// (autocannon, 10 s, no export running): the cost of the worker's round trips. Results:
// bench/results/pglite-stall.json (worker) or bench/results/pglite-stall-in-thread.json (PGLITE_WORKER=false).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateFleet, openBenchDatabase } from './lib/fleet-generator.mjs';
import { authHeaders, ensureBuilt, load, machine, ROOT, signIn, startServer } from './lib/server.mjs';

const COUNT = Number(process.env.BENCH_CARS ?? 100_000);
const BASELINE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WORKER = process.env.PGLITE_WORKER !== 'false';

ensureBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-stall-'));
const env = {
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  RUN_WORKER: 'false',
  GPS_GATEWAY: 'off',
  PGLITE_WORKER: String(WORKER),
};

const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? null;
  return { calls: s.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: s.at(-1) ?? null };
};

/** Calls one after another until `until()` is true; answers each call's time in ms. */
async function loop(call, until) {
  const times = [];
  while (!until()) {
    const started = performance.now();
    const res = await call();
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(Math.round((performance.now() - started) * 10) / 10);
  }
  return times;
}

await (await startServer(env)).stop();
const db = await openBenchDatabase({ dataDir: path.join(dataDir, 'pgdata') });
console.log(`${COUNT} cars generated in ${(await generateFleet(db, { count: COUNT })).seconds} s`);
await db.close();
const server = await startServer(env);
const results = {
  when: new Date().toISOString(),
  machine: machine(),
  cars: COUNT,
  database: 'pglite',
  pgliteWorker: WORKER,
};
try {
  const headers = authHeaders(await signIn(server.base));
  const health = () => fetch(`${server.base}/healthz`);
  const list = () =>
    fetch(`${server.base}/api/ccwadmin/rentCar/list`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ pageSize: 20 }),
    });
  const both = async () => {
    const h = await health();
    await h.arrayBuffer();
    return list();
  };
  await loop(
    both,
    (
      (n) => () =>
        n-- <= 0
    )(20),
  );
  // Without an export: the same loop for BENCH_SECONDS.
  const healthAlone = [];
  const listAlone = [];
  const stopAt = performance.now() + BASELINE_SECONDS * 1000;
  while (performance.now() < stopAt) {
    healthAlone.push(
      ...(await loop(
        health,
        (
          (n) => () =>
            n-- <= 0
        )(1),
      )),
    );
    listAlone.push(
      ...(await loop(
        list,
        (
          (n) => () =>
            n-- <= 0
        )(1),
      )),
    );
  }
  results.withoutExport = { healthz: summary(healthAlone), carList: summary(listAlone) };
  console.log('without an export:', JSON.stringify(results.withoutExport));
  // The car list's throughput at 20 connections, no export running (3 s of warm-up first).
  const listCall = {
    url: `${server.base}/api/ccwadmin/rentCar/list`,
    method: 'POST',
    headers,
    body: JSON.stringify({ pageSize: 20 }),
  };
  await load({ ...listCall, duration: 3 });
  results.carList20 = await load(listCall);
  console.log('car list, 20 connections:', JSON.stringify(results.carList20));
  // During an export of every car.
  let done = false;
  const started = performance.now();
  const exporting = fetch(`${server.base}/api/ccwadmin/rentCar/exportCar`, {
    method: 'POST',
    headers,
    body: JSON.stringify({}),
  })
    .then(async (res) => {
      const bytes = (await res.arrayBuffer()).byteLength;
      return { status: res.status, bytes, seconds: Math.round((performance.now() - started) / 100) / 10 };
    })
    .finally(() => (done = true));
  // Beside the loop below, a probe of its own asks /healthz back to back: the sequential loop waits for each car
  // list, so once the list waits for the database (the worker) it asks /healthz less often.
  const probe = loop(health, () => done);
  const healthDuring = [];
  const listDuring = [];
  while (!done) {
    healthDuring.push(
      ...(await loop(
        health,
        (
          (n) => () =>
            done || n-- <= 0
        )(1),
      )),
    );
    listDuring.push(
      ...(await loop(
        list,
        (
          (n) => () =>
            done || n-- <= 0
        )(1),
      )),
    );
  }
  results.export = await exporting;
  results.duringExport = {
    healthz: summary(healthDuring),
    carList: summary(listDuring),
    healthzProbe: summary(await probe),
  };
  console.log('export:', JSON.stringify(results.export));
  console.log('during the export:', JSON.stringify(results.duringExport));
  results.stallTargetMs = 100;
  const ratio = (a, b) => Math.round((a / b) * 100) / 100;
  results.ratios = {
    healthzP99VsTarget: ratio(results.duringExport.healthz.p99Ms, 100),
    healthzMaxVsTarget: ratio(results.duringExport.healthz.maxMs, 100),
    carListP99VsTarget: ratio(results.duringExport.carList.p99Ms, 100),
    carListMaxVsTarget: ratio(results.duringExport.carList.maxMs, 100),
    healthzProbeP99VsTarget: ratio(results.duringExport.healthzProbe.p99Ms, 100),
    healthzProbeMaxVsTarget: ratio(results.duringExport.healthzProbe.maxMs, 100),
  };
  console.log('ratios:', JSON.stringify(results.ratios));
} finally {
  await server.stop();
  // The 100,000 cars' data directory (about 480 MB).
  rmSync(dataDir, { recursive: true, force: true });
}
writeFileSync(
  path.join(ROOT, `bench/results/pglite-stall${WORKER ? '' : '-in-thread'}.json`),
  `${JSON.stringify(results, null, 2)}\n`,
);
