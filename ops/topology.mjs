#!/usr/bin/env node
// The production topology of the compose file, as processes on loopback (no containers): a private PostgreSQL,
// the one-shot setup (dist/cli/migrate.js, dist/cli/seed-demo.js), two API processes (RUN_WORKER=false,
// GPS_GATEWAY=off), one worker (dist/worker.js), one JT/T 808 gateway (dist/gps-gateway.js), all sharing DATA_DIR
// for files (compose uses an S3 store, MinIO, instead), and a round-robin proxy with the retry rules of compose's
// nginx standing for the load balancer. It proves that the API processes are interchangeable (a token, a
// write, a file of one are good on the other), that background tasks and positions are handled by their own
// processes, and that API processes can be added and stopped under load with no failed request.
//
//   node ops/topology.mjs        (root, or a user that may run initdb; about a minute)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  answerText,
  client,
  driverRows,
  driverWorkbook,
  ensureDir,
  freePort,
  main,
  now,
  pdfBytes,
  runOnce,
  seconds,
  serverModule,
  sha256,
  signIn,
  sleep,
  startPostgres,
  startProcess,
  startProxy,
  stats,
  taskProgress,
  tempDir,
  waitFor,
  XLSX_TYPE,
} from './lib.mjs';

const IMPORT_ROWS = 600;

/** Prometheus's token (compose: METRICS_TOKEN on every service). */
const METRICS_TOKEN = `topology-metrics-${randomBytes(12).toString('hex')}`;

await main('topology', async (report) => {
  const t0 = now();
  const pgi = await startPostgres();
  if (!pgi) {
    report.skip('topology', startPostgres.reason);
    return;
  }
  const url = await pgi.createDatabase('fleetdesk_topology');
  const work = tempDir('topology');
  const logDir = ensureDir(path.join(work.dir, 'logs'));
  const dataDir = ensureDir(path.join(work.dir, 'data'));
  report.log(`private PostgreSQL on port ${pgi.port} (${pgi.initMs} ms to initdb and start); logs in ${logDir}`);
  // What every process of the topology shares (compose: the same environment on every service).
  const shared = { DATABASE_URL: url, DATA_DIR: dataDir, TRUST_PROXY: 'true', METRICS_TOKEN };
  const apiEnv = { ...shared, RUN_WORKER: 'false', GPS_GATEWAY: 'off' };
  try {
    await run(report, { pgi, shared, apiEnv, logDir });
  } catch (err) {
    work.keep();
    throw err;
  }
  if (report.checks.some((c) => c.outcome === 'FAIL')) work.keep();
  report.number('totalSeconds', seconds(now() - t0));
});

async function run(report, { pgi, shared, apiEnv, logDir }) {
  // compose's `setup`: the migrations and the catalogue, then the demo, each a one-shot; then the services.
  const migrate = await runOnce('cli/migrate.js', shared, { logDir });
  const seed = await runOnce('cli/seed-demo.js', shared, {
    logDir,
    // Its last lines are the demo accounts; then it should exit.
    doneWhen: (line) => line.includes('"msg":"demo account: '),
    graceMs: 5000,
  });
  report.check(
    'the setup one-shots (dist/cli/migrate.js, seed-demo.js) finish and exit by themselves',
    migrate.exited && seed.exited,
    `migrate.js exited after ${migrate.ms} ms; seed-demo.js seeded in ${seed.ms} ms and ` +
      (seed.exited
        ? 'exited'
        : `was still running ${seed.graceMs / 1000} s later (killed): compose's setup service would never complete`),
  );
  const migrateMs = migrate.ms;
  const seedMs = seed.ms;
  // The services start side by side, as compose starts them once setup is done; one that exits is started
  // again, as compose's restart policy would (and the check says so).
  const gpsPort = await freePort();
  // The worker and the gateway serve no HTTP app: their /metrics is on a port of their own (compose: 9464).
  const gatewayMetricsPort = await freePort();
  const workerMetricsPort = await freePort();
  const services = [
    ['api', { ...apiEnv, SEED_DEMO: 'false' }, 'api1'],
    ['api', { ...apiEnv, SEED_DEMO: 'false' }, 'api2'],
    ['gateway', { ...shared, GPS_TCP_PORT: String(gpsPort), METRICS_PORT: String(gatewayMetricsPort) }, 'gateway'],
  ];
  const first = await Promise.allSettled(services.map(([k, env, name]) => startProcess(k, env, { name, logDir })));
  const crashed = [];
  const procs = [];
  for (const [i, r] of first.entries()) {
    if (r.status === 'fulfilled') {
      procs.push(r.value);
      continue;
    }
    const [k, env, name] = services[i];
    const cause = r.reason.message.split('\n').find((l) => /^\w*(error|Error)\b.*:/.test(l)) ?? r.reason.message;
    crashed.push(`${name}: ${cause.trim()}`);
    procs.push(await startProcess(k, env, { name: `${name}-restarted`, logDir }));
  }
  const [api1, api2, gateway] = procs;
  report.check(
    'the API processes and the gateway, started side by side on the new database, all start',
    crashed.length === 0,
    crashed.length ? `exited at start (started again): ${crashed.join('; ')}` : 'api1, api2 and the gateway ready',
  );
  report.number('startMs', { migrateMs, seedMs, api1: api1.startMs, api2: api2.startMs, gateway: gateway.startMs });
  report.log(`setup: migrate.js ${migrateMs} ms, seed-demo.js ${seedMs} ms`);
  report.log(
    `api1 ${api1.base} (${api1.startMs} ms), api2 ${api2.base} (${api2.startMs} ms), JT/T 808 gateway on ` +
      `port ${gateway.port} (${gateway.startMs} ms), started side by side`,
  );
  const proxy = await startProxy([
    { name: 'api1', base: api1.base },
    { name: 'api2', base: api2.base },
  ]);
  report.log(`load balancer (round-robin proxy) at ${proxy.base}`);

  // 1. A token of API 1 works on API 2.
  const token = await signIn(api1.base);
  const a1 = client(api1.base, token);
  const a2 = client(api2.base, token);
  const lb = client(proxy.base, token);
  const info = await a2.get('/api/admin/client/user/front/info');
  report.check(
    'a token issued by API 1 is accepted by API 2',
    info.status === 200 && info.body?.data?.username === 'admin',
    `front/info on api2: ${answerText(info)}, user ${info.body?.data?.username ?? '?'}`,
  );

  // 2. A write through API 2 is read through API 1.
  const [row] = await driverRows(1, { phonePrefix: '1650', from: 1 });
  const created = await a2.post('/api/ccwadmin/rentDriver/add', { ...row, state: undefined });
  const id = created.body?.data?.id;
  const t1 = now();
  const read = id ? await a1.get(`/api/ccwadmin/rentDriver/${id}`) : created;
  report.check(
    'a write through API 2 is read through API 1',
    created.status === 200 && read.status === 200 && read.body?.data?.phone === row.phone,
    `driver ${id} created on api2 (${answerText(created)}), read on api2 -> api1 ${answerText(read)} in ${Math.round(now() - t1)} ms`,
  );

  // 3. A background task started through the API is done by the worker process, and by nothing else: the
  // import is sent before any worker runs, stays queued while only API processes run, and is taken by the
  // worker once it starts.
  const rows = await driverRows(IMPORT_ROWS, { phonePrefix: '1651' });
  const imported = await lb.upload(
    '/api/ccwadmin/excel/data/import/driver/data',
    await driverWorkbook(rows),
    'drivers.xlsx',
    XLSX_TYPE,
  );
  const taskId = imported.body?.data?.taskId;
  let worker = null;
  if (!taskId) {
    report.fail('the worker process runs the import task', `import answered ${answerText(imported)}`);
  } else {
    await sleep(3000);
    const before = await taskProgress(a1, taskId);
    const workerStart = now();
    worker = await startProcess(
      'worker',
      { ...shared, METRICS_PORT: String(workerMetricsPort) },
      { name: 'worker', logDir },
    );
    let owner = null;
    const done = await waitFor(
      'the import task',
      async () => {
        const [t] = await pgi.query(
          'fleetdesk_topology',
          'select state, lease_owner, processed_num from task_progress where id = $1',
          [taskId],
        );
        if (t?.lease_owner) owner = t.lease_owner;
        return t && ['completed', 'failed', 'cancelled'].includes(t.state) ? t : null;
      },
      { everyMs: 50, timeoutMs: 120_000 },
    );
    const after = await taskProgress(a1, taskId);
    const [{ n }] = await pgi.query(
      'fleetdesk_topology',
      `select count(*)::int as n from drivers where phone like '1651%'`,
    );
    const ownerPid = owner ? Number(owner.split(':')[1]) : null;
    const doneMs = Math.round(now() - workerStart);
    report.number('importTask', {
      rows: IMPORT_ROWS,
      stateWithoutWorkerAfter3s: before?.state,
      workerStartMs: worker.startMs,
      workerStartToDoneMs: doneMs,
    });
    report.check(
      'with only API processes running, the import task waits (queued, nothing processed)',
      before?.state === 'queued' && before.processedNum === 0,
      `after 3 s: ${before?.state}, ${before?.processedNum}/${before?.total}`,
    );
    report.check(
      'the worker process (dist/worker.js) takes and finishes the import task',
      done.state === 'completed' && ownerPid === worker.pid && after?.successNum === IMPORT_ROWS && n === IMPORT_ROWS,
      `lease owner pid ${ownerPid} (worker pid ${worker.pid}), ${after?.state} ${after?.successNum}/${after?.total} ` +
        `rows, ${n} drivers in the database, ${doneMs} ms from the worker's start (${worker.startMs} ms to start)`,
    );
    report.check(
      'the API processes run no task and no worker',
      [api1, api2].every((p) => p.grep(/"msg":"worker started"|task failed/).length === 0),
      'no worker or task lines in the API logs',
    );
  }

  // 4. A JT/T 808 position sent to the gateway process is visible through the API.
  const imei = `13${String(Date.now()).slice(-10)}`;
  const device = await lb.post('/api/ccwgps/device/create', { imei, model: 'JT-W100', protocol: 'jt808' });
  const deviceId = device.body?.data?.id;
  if (!deviceId) {
    report.fail('a JT/T 808 position sent to the gateway is visible through the API', answerText(device));
  } else {
    const { SimTerminal } = await serverModule('modules/gps/jt808/terminal.js');
    const term = new SimTerminal(imei);
    await term.connect('127.0.0.1', gateway.port);
    await term.login();
    const fix = { lat: 30.27415, lon: 120.15515, speed: 42, direction: 90, time: new Date(), status: 3, satellites: 9 };
    const sent = now();
    term.location(fix);
    const seen = await waitFor(
      'the position through the API',
      async () => {
        const r = await a2.get(`/api/ccwgps/device/get/${deviceId}`);
        const last = r.body?.data?.last;
        return last && Math.abs(last.lat - fix.lat) < 1e-5 && Math.abs(last.lon - fix.lon) < 1e-5 ? last : null;
      },
      { everyMs: 50, timeoutMs: 20_000 },
    ).catch(() => null);
    const visibleMs = Math.round(now() - sent);
    term.close?.();
    report.number('gpsFrameToApiMs', visibleMs);
    report.check(
      'a JT/T 808 position sent to the gateway process is visible through the API',
      !!seen,
      seen
        ? `device ${imei} registered and authenticated on the gateway, 0x0200 at ${fix.lat},${fix.lon} read on api2 ` +
            `after ${visibleMs} ms (speed ${seen.speed})`
        : 'not visible within 20 s',
    );
  }

  // 5. A file uploaded through API 1 downloads through API 2 (shared DATA_DIR here; S3 in compose).
  const file = pdfBytes(256 * 1024);
  const up = await a1.upload('/api/tool/oss/upload/document', file, 'topology.pdf', 'application/pdf');
  const signedUrl = up.body?.data?.signedUrl;
  const down = signedUrl ? await a2.get(signedUrl, { raw: true }) : up;
  report.check(
    'a file uploaded through API 1 downloads through API 2',
    up.status === 200 && down.status === 200 && sha256(down.bytes) === sha256(file),
    `upload ${answerText(up)} (${file.length} bytes), download on api2 ${down.status}, ` +
      `sha256 ${down.bytes && sha256(down.bytes) === sha256(file) ? 'equal' : 'DIFFERENT'}`,
  );

  // 6. What Prometheus scrapes (deploy/prometheus.yml) and the dashboard shows: every process's /metrics with the
  // token, and every metric the Grafana dashboard queries exported by at least one of them.
  await checkMetrics(report, {
    api: `${api1.base}/metrics`,
    worker: `http://127.0.0.1:${workerMetricsPort}/metrics`,
    gateway: `http://127.0.0.1:${gatewayMetricsPort}/metrics`,
  });

  // 7. The operator's backup and restore (`npm run backup`, `npm run restore`): the running company's database and
  // files into one file, then restored into a new database and files folder, where the same records are found.
  await checkBackup(report, { pgi, shared, logDir });

  // 8. Scaling: a third API process joins under load and serves; one is stopped with SIGTERM under load.
  const load = startLoad(lb);
  await sleep(1500);
  const api3 = await startProcess('api', { ...apiEnv, SEED_DEMO: 'false' }, { name: 'api3', logDir });
  proxy.add('api3', api3.base);
  const servedBefore = proxy.served();
  await sleep(3000);
  const servedWith3 = proxy.served();
  const api3Served = servedWith3.api3 - (servedBefore.api3 ?? 0);
  const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
  report.check(
    'a third API process started later serves through the load balancer',
    api3Served > 0 && load.failures() === 0,
    `api3 ready in ${api3.startMs} ms, served ${api3Served} of the next ${sum(servedWith3) - sum(servedBefore)} requests ` +
      `(per process: ${JSON.stringify(servedWith3)})`,
  );
  const beforeStop = { ...proxy.served() };
  const stopAt = load.count();
  const stopped = await api1.stop('SIGTERM');
  await sleep(3000);
  const afterStop = proxy.served();
  const loadResult = await load.stop();
  report.number('scaling', {
    requests: loadResult.requests,
    failures: loadResult.failures,
    latencyMs: loadResult.latency,
    servedPerProcess: afterStop,
    proxyRetries: proxy.totals.retries,
    api1SigtermExitMs: stopped.ms,
  });
  report.check(
    'API 1 stopped with SIGTERM exits cleanly, the others keep serving with no failed request',
    stopped.code === 0 &&
      loadResult.failures === 0 &&
      afterStop.api1 - beforeStop.api1 <= 4 &&
      afterStop.api2 > beforeStop.api2 &&
      afterStop.api3 > beforeStop.api3,
    `api1 exit ${stopped.code ?? stopped.signal} after ${stopped.ms} ms; ${loadResult.requests - stopAt} requests ` +
      `after the signal, ${loadResult.failures} failed of ${loadResult.requests} in all (${loadResult.writes} writes), ` +
      `${proxy.totals.retries} passed to another process by the proxy (nginx rules); ` +
      `latency p50 ${loadResult.latency.p50} ms, max ${loadResult.latency.max} ms` +
      (loadResult.failures
        ? `; failed: ${loadResult.failed
            .slice(0, 3)
            .map(
              (f) =>
                `${f.text} from ${f.backend ?? 'the proxy'}${f.write ? ' (a write)' : ''}` +
                (f.text === '503 "Service Unavailable"' ? " (Fastify's answer while the process closes)" : ''),
            )
            .join(', ')}`
        : ''),
  );

  // Every process stops cleanly.
  const exits = {};
  for (const p of [api2, api3, gateway, worker].filter(Boolean)) exits[p.name] = await p.stop('SIGTERM');
  report.check(
    'API processes, the worker and the gateway stop on SIGTERM with exit code 0',
    Object.values(exits).every((e) => e.code === 0),
    Object.entries(exits)
      .map(([k, e]) => `${k} ${e.code ?? e.signal} in ${e.ms} ms`)
      .join(', '),
  );
  const unhandled = [api1, api2, api3, gateway, worker]
    .filter(Boolean)
    .flatMap((p) => p.grep(/"level":50|unhandled error/));
  report.check(
    'no error logged by any process',
    unhandled.length === 0,
    unhandled.length ? unhandled.slice(0, 3).join('\n') : 'none',
  );
  proxy.close();
}

/**
 * Four clients through the load balancer, each a call then 100 ms: reads (the driver list, the signed-in user)
 * and one write in four (a driver with a unique phone).
 */
function startLoad(lb) {
  let stopped = false;
  const results = [];
  let n = 0;
  const one = async () => {
    while (!stopped) {
      const i = n++;
      let r;
      let write = false;
      if (i % 4 === 3) {
        write = true;
        const [row] = await driverRows(1, { phonePrefix: '1652', from: i });
        r = await lb.post('/api/ccwadmin/rentDriver/add', { ...row, state: undefined });
      } else if (i % 2) r = await lb.get('/api/admin/client/user/front/info');
      else r = await lb.post('/api/ccwadmin/rentDriver/list', { pageNum: 1, pageSize: 10 });
      results.push({
        write,
        status: r.status,
        ms: r.ms,
        backend: r.headers?.get('x-ops-backend'),
        text: r.status === 200 ? '' : answerText(r),
      });
      await sleep(100);
    }
  };
  const clients = [0, 1, 2, 3].map(one);
  const failed = () => results.filter((r) => r.status !== 200);
  return {
    count: () => results.length,
    failures: () => failed().length,
    async stop() {
      stopped = true;
      await Promise.all(clients);
      return {
        requests: results.length,
        writes: results.filter((r) => r.write).length,
        failures: failed().length,
        failed: failed(),
        latency: stats(results.map((r) => r.ms)),
      };
    },
  };
}

/** The scrape of each process, as Prometheus makes it, against the metrics the dashboard queries. */
async function checkMetrics(report, targets) {
  const scraped = {};
  const refused = [];
  for (const [name, url] of Object.entries(targets)) {
    const anonymous = await fetch(url).catch(() => null);
    if (anonymous?.status !== 401) refused.push(`${name} without the token: ${anonymous?.status ?? 'no answer'}`);
    const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => null);
    scraped[name] = res?.status === 200 ? await res.text() : '';
    if (res?.status !== 200) refused.push(`${name} with the token: ${res?.status ?? 'no answer'}`);
  }
  const dashboard = JSON.parse(
    readFileSync(new URL('../deploy/grafana/dashboards/fleetdesk.json', import.meta.url), 'utf8'),
  );
  const queried = new Set(
    dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) => [...t.expr.matchAll(/fleetdesk_[a-z0-9_]+/g)].map((m) => m[0])),
    ),
  );
  const exported = (text, metric) => {
    const base = metric.replace(/_(bucket|sum|count)$/, '');
    return text.includes(`# TYPE ${base} `) || text.includes(`# TYPE ${metric} `);
  };
  const missing = [...queried].filter((m) => !Object.values(scraped).some((text) => exported(text, m)));
  const value = (text, series) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };
  const frames = value(scraped.gateway ?? '', 'fleetdesk_gps_frames_total{protocol="jt808"}');
  const routes = new Set(
    [...(scraped.api ?? '').matchAll(/fleetdesk_http_requests_total\{[^}]*route="([^"]+)"/g)].map((m) => m[1]),
  );
  const workerQueues = new Set(
    [...(scraped.worker ?? '').matchAll(/fleetdesk_job_queue_\w+\{queue="([^"]+)"/g)].map((m) => m[1]),
  );
  report.number('metrics', {
    seriesLines: Object.fromEntries(
      Object.entries(scraped).map(([k, t]) => [k, t.split('\n').filter((l) => l && !l.startsWith('#')).length]),
    ),
    dashboardMetrics: queried.size,
    gatewayFrames: frames,
    apiRoutes: routes.size,
  });
  report.check(
    'every process answers /metrics to the token only, and exports every metric the dashboard queries',
    refused.length === 0 && missing.length === 0 && frames > 0 && routes.size > 3,
    `${Object.keys(targets).join(', ')}: ${refused.length ? refused.join('; ') : '401 without the token, 200 with it'}; ` +
      `${queried.size - missing.length} of ${queried.size} dashboard metrics exported` +
      (missing.length ? ` (missing: ${missing.join(', ')})` : '') +
      `; gateway counted ${frames} JT/T 808 frames; api1 counted ${routes.size} routes; worker read ${workerQueues.size} queues`,
  );
}

/** `npm run backup` of the running topology, `npm run restore` into a new database and DATA_DIR, and the counts. */
async function checkBackup(report, { pgi, shared, logDir }) {
  const cli = (name) => new URL(`../apps/server/dist/cli/${name}.js`, import.meta.url).pathname;
  const file = path.join(logDir, 'topology-backup.tar');
  const restoredDir = ensureDir(path.join(path.dirname(logDir), 'restored'));
  const restoredUrl = pgi.url('fleetdesk_restored');
  const run = (name, args, env) => {
    const t0 = now();
    execFileSync(process.execPath, [cli(name), ...args], {
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PAY_PROVIDER: 'sandbox', ...env },
      stdio: 'pipe',
    });
    return Math.round(now() - t0);
  };
  const counts = async (db) => {
    const [row] = await pgi.query(
      db,
      `select (select count(*) from drivers)::int as drivers, (select count(*) from files)::int as files,
              (select count(*) from cars)::int as cars, (select count(*) from rental_contracts)::int as contracts`,
    );
    return row;
  };
  let detail;
  let ok = false;
  try {
    const backupMs = run('backup', ['--out', file], shared);
    const restoreMs = run('restore', [file], { ...shared, DATABASE_URL: restoredUrl, DATA_DIR: restoredDir });
    const [source, restored] = [await counts('fleetdesk_topology'), await counts('fleetdesk_restored')];
    const filesBack = filesUnder(path.join(restoredDir, 'files')).length;
    ok = JSON.stringify(source) === JSON.stringify(restored) && filesBack === source.files && source.drivers > 0;
    report.number('backup', { backupMs, restoreMs, bytes: statSync(file).size, source, restored, filesBack });
    detail =
      `backup ${backupMs} ms (${statSync(file).size} bytes), restore into a new database ${restoreMs} ms; ` +
      `source ${JSON.stringify(source)}, restored ${JSON.stringify(restored)}, ${filesBack} files back on disk`;
  } catch (err) {
    detail = `failed: ${(err.stderr?.toString() || err.message).trim().split('\n').slice(-3).join(' | ')}`;
  }
  report.check(
    'npm run backup of the running company, npm run restore into a new database, the same records and files',
    ok,
    detail,
  );
}

function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(d, entry.name));
      else out.push(path.join(d, entry.name));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}
