#!/usr/bin/env node
// Faults, from outside the processes: an API process and a worker (dist/main.js, dist/worker.js) on a private
// PostgreSQL instance, then
//   1. PostgreSQL stopped (pg_ctl stop -m fast) for about 5 s under a read/write load, and started again;
//   2. the worker SIGKILLed in the middle of a driver import and of an SMS notice, and a new one started;
//   3. the disk of DATA_DIR/files full (a 2 MB tmpfs) during an upload;
//   4. slow providers: SMS (Aliyun), OCR (Baidu) and payments (Alipay) pointed at a stand-in that accepts
//      connections and never answers.
// Each prints PASS/FAIL with its numbers; the exit code is 1 on any failure. Run as root (tmpfs mount, initdb
// as the postgres user).
//
//   node ops/faults.mjs [1 2 3 4]      (the faults named, default all; about two minutes)
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  answerText,
  call,
  CLIENT_BASIC,
  client,
  driverRows,
  driverWorkbook,
  ensureDir,
  filesUnder,
  main,
  now,
  onCleanup,
  pdfBytes,
  PNG_1X1,
  seconds,
  serverModule,
  signIn,
  sleep,
  startPostgres,
  startProcess,
  stats,
  taskProgress,
  tempDir,
  waitFor,
  XLSX_TYPE,
} from './lib.mjs';

const DB = 'fleetdesk_faults';
const wanted = process.argv.slice(2).filter((a) => /^[1-4]$/.test(a));
const runs = (n) => !wanted.length || wanted.includes(String(n));
/** The sandbox SMS gateway's time per message in these runs: a notice of ~700 messages takes ~10 s. */
const SMS_DELAY_MS = 150;

await main('faults', async (report) => {
  const t0 = now();
  const pgi = await startPostgres();
  if (!pgi) {
    report.skip('faults', startPostgres.reason);
    return;
  }
  const url = await pgi.createDatabase(DB);
  const work = tempDir('faults');
  const logDir = ensureDir(path.join(work.dir, 'logs'));
  const dataDir = ensureDir(path.join(work.dir, 'data'));
  report.log(`private PostgreSQL on port ${pgi.port}; DATA_DIR ${dataDir}; logs in ${logDir}`);
  const shared = { DATABASE_URL: url, DATA_DIR: dataDir, SMS_SANDBOX_DELAY_MS: String(SMS_DELAY_MS) };
  const api = await startProcess(
    'api',
    { ...shared, SEED_DEMO: 'true', RUN_WORKER: 'false', GPS_GATEWAY: 'off' },
    { name: 'api', logDir },
  );
  const ctx = { report, pgi, shared, logDir, dataDir, api, worker: null };
  ctx.worker = await startProcess('worker', shared, { name: 'worker', logDir });
  report.log(`api ${api.base} (${api.startMs} ms, migrated and seeded), worker pid ${ctx.worker.pid}`);
  ctx.token = await signIn(api.base);
  ctx.a = client(api.base, ctx.token);
  const steps = [
    [1, 'PostgreSQL restarted while serving', databaseRestart],
    [2, 'worker SIGKILLed mid-task', workerKilled],
    [3, 'disk of DATA_DIR full during an upload', diskFull],
    [4, 'slow providers', slowProviders],
  ];
  for (const [n, title, fn] of steps) {
    if (!runs(n)) continue;
    await ensureRunning(ctx);
    const t = now();
    report.log(`--- fault ${n}: ${title}`);
    try {
      await fn(ctx);
    } catch (err) {
      report.fail(`fault ${n} (${title}) ran to its end`, err.stack ?? String(err));
    }
    report.log(`--- fault ${n} took ${seconds(now() - t)} s`);
  }
  for (const p of [ctx.api, ctx.worker]) if (p.alive) await p.stop('SIGTERM');
  if (report.checks.some((c) => c.outcome === 'FAIL')) work.keep();
  report.number('totalSeconds', seconds(now() - t0));
});

/** A fault that killed the API or the worker (or left PostgreSQL down) must not spoil the next one. */
async function ensureRunning(ctx) {
  const { report, shared, logDir, pgi } = ctx;
  if (!pgi.running) {
    report.log('PostgreSQL was left stopped: starting it');
    await pgi.start();
  }
  if (!ctx.api.alive) {
    report.log(`the API process had exited (${JSON.stringify(ctx.api.exit)}): starting another`);
    ctx.api = await startProcess(
      'api',
      { ...shared, SEED_DEMO: 'false', RUN_WORKER: 'false', GPS_GATEWAY: 'off' },
      { name: `api-restarted-${Date.now()}`, logDir },
    );
    ctx.token = await signIn(ctx.api.base);
    ctx.a = client(ctx.api.base, ctx.token);
  }
  if (!ctx.worker.alive) {
    report.log(`the worker had exited (${JSON.stringify(ctx.worker.exit)}): starting another`);
    ctx.worker = await startProcess('worker', shared, { name: `worker-restarted-${Date.now()}`, logDir });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. PostgreSQL restarted while serving.

async function databaseRestart({ report, pgi, api, worker, a }) {
  const apiMark = api.mark();
  const workerMark = worker.mark();
  const events = [];
  const ready = [];
  let stop = false;
  let seq = 0;
  // Two clients, each a list (read) then a driver with a new phone (write), then 200 ms; and /readyz every 200 ms.
  const loop = async () => {
    while (!stop && api.alive) {
      const t = now();
      const r = await a.post('/api/ccwadmin/rentDriver/list', { pageNum: 1, pageSize: 10 }, { timeoutMs: 20_000 });
      events.push({ t, kind: 'read', status: r.status, ms: r.ms, text: answerText(r) });
      const [row] = await driverRows(1, { phonePrefix: '1690', from: seq++ });
      const tw = now();
      const w = await a.post('/api/ccwadmin/rentDriver/add', { ...row, state: undefined }, { timeoutMs: 20_000 });
      events.push({ t: tw, kind: 'write', status: w.status, ms: w.ms, phone: row.phone, text: answerText(w) });
      await sleep(200);
    }
  };
  const poll = async () => {
    while (!stop && api.alive) {
      const r = await a.get('/readyz', { timeoutMs: 5000 });
      ready.push({ t: now(), status: r.status });
      await sleep(200);
    }
  };
  // A background task running across the outage: the worker's job fails while PostgreSQL is away (pg-boss records
  // that failure without awaiting it: unhandled before the fix, the worker ended) and the task is dispatched again
  // when its lease has run out (the schedule core.resumeTasks, every minute).
  const ACROSS_ROWS = 3000;
  // Prospects: the SMS notice of fault 2 goes to the active drivers, and stays the size its timings assume.
  const acrossRows = await driverRows(ACROSS_ROWS, { phonePrefix: '1693', state: 'prospect' });
  const acrossTask = await importDrivers(a, acrossRows, 'across-the-restart.xlsx');
  const loops = [loop(), loop(), poll()];
  const tLoad = now();
  const atStop = await waitFor(
    'the import running',
    async () => {
      const p = await taskProgress(a, acrossTask);
      return p && p.processedNum > 0 && now() - tLoad >= 3000 ? p : null;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  const tStop = now();
  const stopMs = await pgi.stop('fast');
  const tDown = now();
  report.log(`PostgreSQL stopped (pg_ctl stop -m fast: ${stopMs} ms); load goes on for 5 s`);
  await sleep(5000);
  const tStart = now();
  const startMs = await pgi.start();
  const tUp = now();
  report.log(`PostgreSQL started again (${startMs} ms)`);
  const until = (what, fn) =>
    waitFor(what, () => fn() ?? (!api.alive ? 'dead' : null), { timeoutMs: 30_000, everyMs: 50 }).then(
      (v) => (v === 'dead' ? null : v),
      () => null,
    );
  const readyAgain = await until('/readyz 200', () => ready.find((r) => r.t > tUp && r.status === 200));
  const writeAgain = await until('a write answered 2xx', () =>
    events.find((e) => e.kind === 'write' && e.t > tUp && e.status >= 200 && e.status < 300),
  );
  if (api.alive) await sleep(3000);
  stop = true;
  await Promise.all(loops);
  let across = null;
  const acrossFinished = await waitFor(
    'the import across the restart finished',
    async () => {
      // A worker that ended will not finish it: no need to wait out the timeout.
      if (!worker.alive) throw new Error('the worker exited');
      across = await taskProgress(a, acrossTask);
      return across && ['completed', 'failed', 'cancelled'].includes(across.state) ? now() : null;
    },
    { timeoutMs: 150_000, everyMs: 500 },
  ).catch(() => null);
  const [acrossDb] = await importedDrivers(pgi, '1693');

  const ok = (e) => e.status >= 200 && e.status < 300;
  const outage = events.filter((e) => e.t >= tDown && e.t < tStart);
  const others = events.filter((e) => !ok(e) && e.status !== 503);
  const writes = events.filter((e) => e.kind === 'write');
  const accepted = writes.filter(ok).map((e) => e.phone);
  const refused = writes.filter((e) => !ok(e)).map((e) => e.phone);
  const found = await pgi.query(DB, 'select phone from drivers where phone = any($1)', [accepted]);
  const refusedFound = await pgi.query(DB, 'select phone from drivers where phone = any($1)', [refused]);
  const readyDuring = ready.filter((r) => r.t >= tDown && r.t < tStart);
  const recoverMs = readyAgain ? Math.round(readyAgain.t - tUp) : null;
  const firstWriteMs = writeAgain ? Math.round(writeAgain.t + writeAgain.ms - tUp) : null;
  const counts = {
    requests: events.length,
    ok2xx: events.filter(ok).length,
    s503: events.filter((e) => e.status === 503).length,
    other: others.length,
    duringOutage: outage.length,
    duringOutage503: outage.filter((e) => e.status === 503).length,
    outageLatencyMs: stats(outage.map((e) => e.ms)),
    writesAccepted: accepted.length,
    writesFound: found.length,
    writesRefused: refused.length,
    refusedButCommitted: refusedFound.length,
    readyz503DuringOutage: readyDuring.filter((r) => r.status === 503).length,
    readyzChecksDuringOutage: readyDuring.length,
    outageSeconds: seconds(tStart - tStop),
    recoverReadyzMs: recoverMs,
    recoverFirstWriteMs: firstWriteMs,
  };
  counts.taskAcross = {
    rows: ACROSS_ROWS,
    atStop: `${atStop.processedNum}/${atStop.total}`,
    state: across?.state ?? null,
    success: across?.successNum ?? null,
    failed: across?.failNum ?? null,
    finishedAfterUpMs: acrossFinished ? Math.round(acrossFinished - tUp) : null,
    drivers: acrossDb,
  };
  report.number('databaseRestart', counts);
  // What a process printed that is not a log line (an uncaught error's trace), or logged as a 500.
  const crashOf = (p, mark) => {
    const trace = p.linesSince(mark).filter((l) => !l.startsWith('{') && l.trim());
    const keep = trace.filter(
      (l, i) =>
        /^\w*(Error|error)\b.*:/.test(l) ||
        /Emitted 'error' event/.test(l) ||
        /Emitted 'error'/.test(trace[i - 1] ?? ''),
    );
    return (keep.length ? keep : trace.slice(0, 4)).map((l) => l.trim()).join(' / ');
  };
  const fiveHundreds = api.linesSince(apiMark).filter((l) => /unhandled error|"statusCode":500/.test(l));
  report.check(
    'the API and the worker survive the outage and reconnect with no restart',
    api.alive && worker.alive,
    [
      `api pid ${api.pid} ${api.alive ? 'alive' : `EXITED (${api.exit?.code ?? api.exit?.signal}): ${crashOf(api, apiMark)}`}`,
      `worker pid ${worker.pid} ${worker.alive ? 'alive' : `EXITED (${worker.exit?.code ?? worker.exit?.signal}): ${crashOf(worker, workerMark)}`}`,
    ].join('; '),
  );
  const t = counts.taskAcross;
  report.check(
    'an import running across the restart finishes exactly once: imported rows = file rows, no duplicates',
    atStop.processedNum < atStop.total &&
      t.state === 'completed' &&
      t.success === ACROSS_ROWS &&
      acrossDb.n === ACROSS_ROWS &&
      acrossDb.phones === ACROSS_ROWS &&
      acrossDb.events === ACROSS_ROWS,
    `at ${t.atStop} when PostgreSQL stopped; ${t.state} ${t.success} ok / ${t.failed} failed, ` +
      `${t.finishedAfterUpMs === null ? 'not finished' : `${t.finishedAfterUpMs} ms after PostgreSQL was up`}; ` +
      `${acrossDb.n} drivers (${acrossDb.phones} phones, ${acrossDb.events} import events) for ${ACROSS_ROWS} rows`,
  );
  report.check(
    'during the outage every answer is 503, never 500 (other statuses: 0)',
    counts.other === 0 && outage.length > 0 && counts.duringOutage503 === outage.length,
    `${counts.requests} requests: ${counts.ok2xx} 2xx, ${counts.s503} 503, ${counts.other} other; ` +
      `${outage.length} sent while PostgreSQL was down, ${counts.duringOutage503} of them 503 ` +
      `(latency p50 ${counts.outageLatencyMs.p50} ms, max ${counts.outageLatencyMs.max} ms)` +
      (others.length ? `; other answers: ${[...new Set(others.map((e) => e.text))].slice(0, 3).join(' | ')}` : '') +
      (fiveHundreds.length ? `; server log: ${fiveHundreds[0].slice(0, 400)}` : ''),
  );
  report.check(
    '/readyz answers 503 during the outage and 200 again by itself within a few seconds',
    readyDuring.length > 0 &&
      counts.readyz503DuringOutage === readyDuring.length &&
      recoverMs !== null &&
      recoverMs < 10_000,
    `${counts.readyz503DuringOutage}/${readyDuring.length} readyz 503 while down; 200 again ${recoverMs} ms after ` +
      `PostgreSQL was up; first write accepted ${firstWriteMs} ms after`,
  );
  report.check(
    'every write answered 2xx is in the database',
    accepted.length > 0 && found.length === accepted.length,
    `${accepted.length} writes accepted, ${found.length} found; ${refused.length} refused, ` +
      `${refusedFound.length} of which committed anyway`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// 2. The worker SIGKILLed in the middle of an import and of an SMS notice.

async function workerKilled(ctx) {
  const { report, pgi, shared, logDir, a } = ctx;
  // The recipients: drivers imported first (a background task too).
  const prep = await driverRows(700, { phonePrefix: '1691' });
  const prepTask = await importDrivers(a, prep, 'recipients.xlsx');
  await waitFor('the recipients import', async () => (await taskProgress(a, prepTask))?.state === 'completed', {
    timeoutMs: 120_000,
    everyMs: 250,
  });
  const resolved = await a.post('/api/ccwadmin/smsNotice/recipient/resolve', {
    source: 'driver',
    filter: { state: ['active'] },
  });
  const recipients = Array.isArray(resolved.body?.data) ? resolved.body.data : [];
  if (recipients.length < 700) throw new Error(`recipients: ${answerText(resolved)}, ${recipients.length}`);

  const { LEASE_SECONDS } = await serverModule('core/tasks.js');
  const IMPORT_ROWS = 3000;
  const rows = await driverRows(IMPORT_ROWS, { phonePrefix: '1692' });
  const sent = await a.post('/api/ccwadmin/smsNotice/send', {
    content: '{name}您好，这是一条运维测试通知。',
    recipients,
    source: 'driver',
  });
  const smsTask = sent.body?.data?.taskId;
  const batchId = sent.body?.data?.batchId;
  if (!smsTask) throw new Error(`SMS notice: ${answerText(sent)}`);
  const importTask = await importDrivers(a, rows, 'big.xlsx');

  // Kill when both have done some of their work and neither is finished.
  const atKill = await waitFor(
    'both tasks halfway',
    async () => {
      const [s, i] = await Promise.all([taskProgress(a, smsTask), taskProgress(a, importTask)]);
      const mid = (p) => p && p.processedNum > 0 && p.processedNum < p.total && p.state === 'running';
      return mid(s) && mid(i) ? { sms: s, imp: i } : null;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  const tKill = now();
  await ctx.worker.stop('SIGKILL');
  report.log(
    `worker SIGKILLed: SMS ${atKill.sms.processedNum}/${atKill.sms.total}, import ` +
      `${atKill.imp.processedNum}/${atKill.imp.total}`,
  );
  const afterKill = await Promise.all([taskProgress(a, smsTask), taskProgress(a, importTask)]);
  ctx.worker = await startProcess('worker', shared, { name: 'worker2', logDir });
  const tNew = now();
  const resumed = {};
  const finished = {};
  await waitFor(
    'both tasks completed',
    async () => {
      const [s, i] = await Promise.all([taskProgress(a, smsTask), taskProgress(a, importTask)]);
      for (const [k, p, before] of [
        ['sms', s, afterKill[0]],
        ['import', i, afterKill[1]],
      ]) {
        if (p && p.processedNum > before.processedNum && !resumed[k]) resumed[k] = now();
        if (p && ['completed', 'failed', 'cancelled'].includes(p.state) && !finished[k]) finished[k] = now();
      }
      return finished.sms && finished.import;
    },
    { timeoutMs: 150_000, everyMs: 200 },
  );
  const [sms, imp] = await Promise.all([taskProgress(a, smsTask), taskProgress(a, importTask)]);
  const [drivers] = await importedDrivers(pgi, '1692');
  const [messages] = await pgi.query(
    DB,
    `select count(*)::int as n, count(distinct idempotency_key)::int as keys, count(distinct phone)::int as phones,
       count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed,
       count(*) filter (where status = 'queued')::int as queued
     from sms_messages where batch_id = $1`,
    [batchId],
  );
  const pending = await pgi.query(
    DB,
    `select task_id, count(*)::int as n from task_items where task_id = any($1) and state = 'pending' group by task_id`,
    [[smsTask, importTask]],
  );
  const since = (t) => (t ? Math.round(t - tKill) : null);
  const figures = {
    killedAt: {
      sms: `${atKill.sms.processedNum}/${atKill.sms.total}`,
      import: `${atKill.imp.processedNum}/${IMPORT_ROWS}`,
    },
    newWorkerReadyAfterKillMs: Math.round(tNew - tKill),
    resumedAfterKillMs: { sms: since(resumed.sms), import: since(resumed.import) },
    resumedAfterNewWorkerMs: {
      sms: resumed.sms ? Math.round(resumed.sms - tNew) : null,
      import: resumed.import ? Math.round(resumed.import - tNew) : null,
    },
    finishedAfterKillMs: { sms: since(finished.sms), import: since(finished.import) },
    leaseSeconds: LEASE_SECONDS,
  };
  report.number('workerKilled', { ...figures, drivers, messages });
  report.check(
    'the import finishes exactly once after the kill: imported rows = file rows, no duplicates',
    imp.state === 'completed' &&
      imp.successNum === IMPORT_ROWS &&
      imp.failNum === 0 &&
      drivers.n === IMPORT_ROWS &&
      drivers.phones === IMPORT_ROWS &&
      drivers.events === IMPORT_ROWS,
    `killed at ${figures.killedAt.import}; ${imp.state} ${imp.successNum} ok / ${imp.failNum} failed; ` +
      `${drivers.n} drivers (${drivers.phones} phones, ${drivers.events} import events) for ${IMPORT_ROWS} rows`,
  );
  report.check(
    'the SMS notice finishes exactly once: each recipient once in sms_messages',
    sms.state === 'completed' &&
      sms.processedNum === recipients.length &&
      messages.n === recipients.length &&
      messages.keys === recipients.length &&
      messages.phones === recipients.length &&
      messages.queued === 0,
    `killed at ${figures.killedAt.sms}; ${sms.state} ${sms.successNum} sent / ${sms.failNum} failed of ` +
      `${recipients.length} recipients; sms_messages: ${messages.n} rows, ${messages.phones} phones, ` +
      `${messages.keys} keys (${messages.sent} sent, ${messages.failed} failed, ${messages.queued} queued)`,
  );
  report.check(
    'no item left pending',
    pending.length === 0,
    pending.length ? JSON.stringify(pending) : 'task_items: none pending',
  );
  report.check(
    `a new worker resumes both tasks once their lease (${LEASE_SECONDS} s) runs out`,
    !!resumed.sms && !!resumed.import,
    `new worker ready ${figures.newWorkerReadyAfterKillMs} ms after the kill; resumed ` +
      `${figures.resumedAfterKillMs.sms} ms (SMS) and ${figures.resumedAfterKillMs.import} ms (import) after the kill; ` +
      `done ${figures.finishedAfterKillMs.sms} / ${figures.finishedAfterKillMs.import} ms after it`,
  );
}

/** The drivers whose phones start with `prefix`: how many, distinct phones, and their import events. */
async function importedDrivers(pgi, prefix) {
  return pgi.query(
    DB,
    `select count(*)::int as n, count(distinct phone)::int as phones,
       (select count(*)::int from driver_events e join drivers d on d.tenant_id = e.tenant_id and d.id = e.driver_id
        where d.phone like $1) as events
     from drivers where phone like $1`,
    [`${prefix}%`],
  );
}

async function importDrivers(a, rows, fileName) {
  const r = await a.upload(
    '/api/ccwadmin/excel/data/import/driver/data',
    await driverWorkbook(rows),
    fileName,
    XLSX_TYPE,
  );
  const taskId = r.body?.data?.taskId;
  if (!taskId) throw new Error(`import of ${rows.length} rows: ${answerText(r)}`);
  return taskId;
}

// ---------------------------------------------------------------------------------------------------------------
// 3. The disk of DATA_DIR/files full during an upload.

async function diskFull({ report, dataDir, a, pgi }) {
  const filesDir = path.join(dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', filesDir], { stdio: 'pipe' });
  } catch (err) {
    report.skip(
      'disk of DATA_DIR full during an upload',
      `mount -t tmpfs failed: ${err.stderr?.toString().trim() || err.message}`,
    );
    return;
  }
  const unmount = onCleanup(() => execFileSync('umount', ['-l', filesDir], { stdio: 'ignore' }));
  try {
    const df = () => {
      const [, line] = execFileSync('df', ['-B1', '--output=size,used,avail', filesDir], { encoding: 'utf8' }).split(
        '\n',
      );
      const [size, used, avail] = line.trim().split(/\s+/).map(Number);
      return { size, used, avail };
    };
    const [{ n: rowsBefore }] = await pgi.query(DB, 'select count(*)::int as n from files');
    const first = await a.upload('/api/tool/oss/upload/document', pdfBytes(1_000_000), 'first.pdf', 'application/pdf');
    const space = df();
    const bigSize = space.avail + 512 * 1024;
    const big = await a.upload('/api/tool/oss/upload/document', pdfBytes(bigSize), 'too-big.pdf', 'application/pdf');
    await sleep(200);
    const left = filesUnder(filesDir);
    const after = df();
    const small = await a.upload('/api/tool/oss/upload/document', pdfBytes(10_000), 'small.pdf', 'application/pdf');
    const back = small.body?.data?.signedUrl ? await a.get(small.body.data.signedUrl, { raw: true }) : small;
    const [{ n: rowsAfter }] = await pgi.query(DB, 'select count(*)::int as n from files');
    report.number('diskFull', {
      tmpfsBytes: space.size,
      availBeforeBigUpload: space.avail,
      bigUploadBytes: bigSize,
      bigUploadAnswer: answerText(big),
      bigUploadMs: big.ms,
      filesLeft: left,
      usedAfterFailure: after.used,
      fileRowsAdded: rowsAfter - rowsBefore,
    });
    report.check(
      'an upload larger than the space left is answered 507 "storage full" (not a bare 500, not a bad file)',
      first.status === 200 && big.status === 507 && big.body?.status === 507 && typeof big.body?.message === 'string',
      `1,000,000 bytes stored first (${answerText(first)}); ${bigSize} bytes with ${space.avail} left: ` +
        `${answerText(big)} in ${big.ms} ms`,
    );
    report.check(
      'no half file is left in the directory',
      left.length === 1 && left[0].size === 1_000_000,
      `files left: ${left.map((f) => `${f.path} (${f.size} B)`).join(', ')}; ${after.used} bytes used of ${after.size}`,
    );
    report.check(
      'a later small upload still works',
      small.status === 200 && back.status === 200 && back.bytes?.length === 10_000 && rowsAfter - rowsBefore === 2,
      `10,000 bytes: ${answerText(small)}, read back ${answerText(back)} (${back.bytes?.length} bytes); ` +
        `${rowsAfter - rowsBefore} file rows added (the refused one has none)`,
    );
  } finally {
    unmount();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Slow providers: a stand-in that accepts connections and never answers.

async function slowProviders({ report, shared, logDir, a: fast }) {
  // The stand-in: accepts, reads the request line (to tell the providers apart), never answers.
  const sockets = new Set();
  let accepted = 0;
  const perPath = {};
  const standIn = net.createServer((s) => {
    accepted++;
    sockets.add(s);
    s.once('data', (d) => {
      const [method, target] = d.toString('latin1').split(' ');
      s.path = `${method} ${new URL(target, 'http://x').pathname}`;
      perPath[s.path] = (perPath[s.path] ?? 0) + 1;
    });
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((r) => standIn.listen(0, '127.0.0.1', r));
  onCleanup(() => {
    for (const s of sockets) s.destroy();
    standIn.close();
  });
  const at = `http://127.0.0.1:${standIn.address().port}`;
  const rsa = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
  const app = rsa();
  const alipay = rsa();
  const slow = await startProcess(
    'api',
    {
      ...shared,
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
      GPS_GATEWAY: 'off',
      SMS_PROVIDER: 'aliyun',
      SMS_ALIYUN_ACCESS_KEY_ID: 'ops-id',
      SMS_ALIYUN_ACCESS_KEY_SECRET: 'ops-secret',
      SMS_ALIYUN_SIGN_NAME: '演示租车',
      SMS_ALIYUN_CODE_TEMPLATE: 'SMS_OPS_CODE',
      SMS_ALIYUN_ENDPOINT: `${at}/`,
      OCR_PROVIDER: 'baidu',
      OCR_BAIDU_API_KEY: 'ops-key',
      OCR_BAIDU_SECRET_KEY: 'ops-secret',
      OCR_BAIDU_ENDPOINT: at,
      PAY_PROVIDER: 'alipay',
      PAY_ALIPAY_APP_ID: '2021000000000000',
      PAY_ALIPAY_PRIVATE_KEY: app.privateKey,
      PAY_ALIPAY_PUBLIC_KEY: alipay.publicKey,
      PAY_ALIPAY_GATEWAY: `${at}/gateway.do`,
    },
    { name: 'api-slow-providers', logDir },
  );
  try {
    const token = await signIn(slow.base);
    const a = client(slow.base, token);
    const image = await a.upload('/api/tool/oss/upload/license', PNG_1X1, 'licence.png', 'image/png');
    if (image.status !== 200) throw new Error(`licence image upload: ${answerText(image)}`);
    const orders = [];
    for (let i = 0; i < 4; i++) {
      const o = await a.post('/api/ccwadmin/order/topUp', { amount: 100 });
      if (o.status !== 200) throw new Error(`top-up order: ${answerText(o)}`);
      orders.push(o.body.data.id);
    }
    const wave = async (n) => {
      const calls = [
        ...[0, 1, 2, 3].map((i) => [
          'sms',
          () =>
            call(slow.base, 'POST', `/api/admin/client/user/checkPhone/1693${n}00000${i}?scene=register`, {
              headers: { authorization: CLIENT_BASIC },
            }),
        ]),
        ...[0, 1, 2, 3].map(() => [
          'ocr',
          () =>
            a.post('/api/ccwadmin/ocr/recognition', {
              type: 'vehicleLicense',
              side: 'front',
              url: image.body.data.url,
            }),
        ]),
        ...orders.map((id) => ['pay', () => a.post(`/api/ccwadmin/order/pay/${id}`)]),
      ];
      // The list call's latency meanwhile, on the same process and on the other one.
      let busy = true;
      const latency = { slowProcess: [], otherProcess: [], statuses: [], maxOpen: 0 };
      const probe = (async () => {
        while (busy) {
          const [x, y] = await Promise.all([
            a.post('/api/ccwadmin/rentDriver/list', { pageNum: 1, pageSize: 10 }),
            fast.post('/api/ccwadmin/rentDriver/list', { pageNum: 1, pageSize: 10 }),
          ]);
          latency.slowProcess.push(x.ms);
          latency.otherProcess.push(y.ms);
          latency.statuses.push(x.status, y.status);
          latency.maxOpen = Math.max(latency.maxOpen, sockets.size);
          await sleep(200);
        }
      })();
      const t = now();
      const answers = await Promise.all(calls.map(async ([kind, fn]) => ({ kind, ...(await fn()) })));
      const ms = Math.round(now() - t);
      busy = false;
      await probe;
      // Connections still carrying a request (a pile-up), and idle ones the client keeps (undici's pool).
      await sleep(300);
      const withRequest = [...sockets].filter((x) => x.path).length;
      const idle = sockets.size - withRequest;
      const t2 = now();
      await waitFor('the stand-in connections closed', () => sockets.size === 0, {
        timeoutMs: 10_000,
        everyMs: 100,
      }).catch(() => null);
      return {
        answers,
        ms,
        latency,
        withRequest,
        idle,
        idleClosedMs: Math.round(now() - t2),
        openAfter: sockets.size,
        openWhileBusy: latency.maxOpen,
      };
    };
    const w = await wave(1);
    const byKind = (kind) => w.answers.filter((x) => x.kind === kind);
    const describe = (kind) => {
      const xs = byKind(kind);
      const ms = xs.map((x) => x.ms);
      return `${xs.length} x ${[...new Set(xs.map(answerText))].join(' | ')} in ${Math.min(...ms)}-${Math.max(...ms)} ms`;
    };
    // The providers' own timeouts (core/providers/sms-aliyun.ts, ocr-baidu.ts, payments/providers/alipay.ts).
    const limits = { sms: 10_000, ocr: 15_000, pay: 10_000 };
    const clear = (x) =>
      x.status >= 400 && x.status !== 500 && typeof x.body?.message === 'string' && x.ms < limits[x.kind] + 3000;
    const lat = w.latency.slowProcess;
    const bad = w.latency.statuses.filter((st) => st !== 200).length;
    report.number('slowProviders', {
      configuredTimeoutsMs: limits,
      observed: Object.fromEntries(
        ['sms', 'ocr', 'pay'].map((k) => [k, byKind(k).map((x) => `${x.status} in ${x.ms} ms`)]),
      ),
      waveMs: w.ms,
      listLatencyDuringMs: { slowProcess: stats(lat), otherProcess: stats(w.latency.otherProcess) },
      standIn: {
        accepted,
        requests: perPath,
        maxOpenWhileWaiting: w.openWhileBusy,
        openWithRequestAfter: w.withRequest,
        idlePoolConnectionsAfter: w.idle,
        idleClosedWithinMs: w.idleClosedMs,
        openAtEnd: w.openAfter,
      },
    });
    report.check(
      'each provider call fails within its timeout with a clear error (status and message)',
      w.answers.every(clear),
      `SMS code ${describe('sms')}; OCR ${describe('ocr')}; payment ${describe('pay')} ` +
        `(timeouts ${limits.sms / 1000} s, ${limits.ocr / 1000} s, ${limits.pay / 1000} s)`,
    );
    report.check(
      'other routes keep answering meanwhile',
      bad === 0 && lat.length > 5 && stats(lat).p90 < 1000,
      `driver list during the calls: ${lat.length} calls on the same process, p50 ${stats(lat).p50} ms, ` +
        `p90 ${stats(lat).p90} ms, max ${stats(lat).max} ms (other process p50 ${stats(w.latency.otherProcess).p50} ms); ` +
        `${bad} not 200`,
    );
    report.check(
      'no connections pile up at the stand-in',
      w.withRequest === 0 && w.openAfter === 0,
      `${accepted} connections for ${w.answers.length} calls (at most ${w.openWhileBusy} open while waiting); ` +
        `after the calls ${w.withRequest} still carrying a request, ${w.idle} idle ones of the client's pool ` +
        `(undici), closed by it within ${w.idleClosedMs} ms; ${w.openAfter} open at the end`,
    );
  } finally {
    await slow.stop('SIGTERM');
  }
}
