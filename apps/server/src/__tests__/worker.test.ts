import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock.js';
import type { Database } from '../core/db.js';
import { registerSchedule, schedules } from '../core/schedules.js';
import type { TaskKind } from '../core/tasks.js';
import { approvalType } from '../modules/approvals/approvals.service.js';
import { IMPORT_TASK_KIND } from '../modules/excel-import/excel-import.service.js';
import { SMS_TASK_KIND } from '../modules/sms-notices/sms-notices.service.js';
import { VIOLATION_TASK_KIND } from '../modules/violations/violations.service.js';
import { startWorker, type StartedWorker } from '../runtime.js';
import { openTestDatabase, testStart } from '../test/harness.js';
import { testConfig } from '../test/test-config.js';

// The worker process of `npm run worker`, started as worker.ts starts it but on this file's database copy: it
// builds no Fastify app, registers every area itself and works task runs and schedules.
let database: Database;
let dataDir: string;
let worker: StartedWorker;
let failing = true;
let failures = 0;
let offFailing: () => void;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleetdesk-worker-'));
  database = await openTestDatabase();
  // A schedule of this file that fails: it must fail (and be retried) alone. Taken out again in afterAll.
  offFailing = registerSchedule({
    name: 'test.failing',
    cron: '0 0 1 1 *',
    description: 'fails while `failing` is set',
    async run() {
      failures++;
      if (failing) throw new Error('this schedule fails');
    },
  });
  worker = await startWorker(testConfig({ DATA_DIR: dataDir }), database, pino({ level: 'silent' }), {
    clock: new ManualClock(testStart()),
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  offFailing?.();
  await worker?.stop();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const jobState = async (queue: string, id: string) =>
  (await worker.deps.jobs.boss.getJobById(queue, id))?.state ?? 'missing';

describe('the worker process', () => {
  it('registers every task kind, type and schedule without building the app', async () => {
    expect(worker).not.toHaveProperty('app');
    expect(worker.deps.tasks.kindNames().sort()).toEqual([IMPORT_TASK_KIND, SMS_TASK_KIND, VIOLATION_TASK_KIND].sort());
    for (const code of ['purchase', 'expense', 'leave', 'trip', 'fuelCut', 'contractDiscount']) {
      expect(approvalType(code), code).toBeDefined();
    }
    // The settlement's type has the contracts' outcome and the documents' statement, added to it once.
    expect(approvalType('settlement')).toMatchObject({
      onOutcome: expect.any(Function),
      afterOutcome: expect.any(Function),
    });
    // Every registered schedule is stored in pg-boss with its cron, on a queue of its own.
    const stored = (await worker.deps.jobs.boss.getSchedules()) as { name: string; cron: string }[];
    expect(stored.map((s) => [s.name, s.cron]).sort()).toEqual(
      schedules()
        .map((s) => [s.name, s.cron])
        .sort(),
    );
    for (const s of schedules()) expect(await worker.deps.jobs.boss.getQueue(s.name), s.name).toBeTruthy();
  });

  it('works a task run', async () => {
    const seen: number[] = [];
    const kind: TaskKind<{ v: number }> = {
      kind: 'test.worker',
      category: 3,
      batchSize: 5,
      async process(_ctx, items) {
        seen.push(...items.map((i) => i.payload.v));
        return items.map(() => ({ ok: true }));
      },
      async finish(_ctx, counts) {
        return counts;
      },
    };
    worker.deps.tasks.register(kind);
    const { rows } = await database.query<{ tenant_id: number; id: number }>(
      `select tenant_id, id from users where username = 'admin'`,
    );
    const owner = { tenantId: Number(rows[0]!.tenant_id), userId: Number(rows[0]!.id) };
    const task = await worker.deps.db.transaction((tx) =>
      worker.deps.tasks.create(tx, owner, {
        kind: kind.kind,
        targetId: 'test.worker:1',
        title: 'worker',
        items: Array.from({ length: 12 }, (_, i) => ({ v: i })),
      }),
    );
    await worker.deps.tasks.dispatch(task);
    await expect
      .poll(
        async () =>
          (await database.query<{ state: string }>(`select state from task_progress where id = ${task.id}`)).rows[0]
            ?.state,
        { timeout: 15_000, interval: 200 },
      )
      .toBe('completed');
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('works each schedule on its own queue: a failing one is retried by pg-boss, the others still run', async () => {
    const failed = (await worker.deps.jobs.send('test.failing', {}))!;
    // The queue is 'stately': when its schedule (every minute, and at start) has a job waiting already, send answers
    // null and that job is the one to watch.
    const purge =
      (await worker.deps.jobs.send('core.rateLimits', {})) ??
      (
        await worker.deps.database.query<{ id: string }>(
          `select id from pgboss.job where name = 'core.rateLimits' order by created_on desc limit 1`,
        )
      ).rows[0]!.id;
    await expect.poll(() => jobState('core.rateLimits', purge), { timeout: 20_000, interval: 250 }).toBe('completed');
    await expect.poll(() => jobState('test.failing', failed), { timeout: 20_000, interval: 250 }).toBe('retry');
    expect(failures).toBeGreaterThanOrEqual(1);
    failing = false;
  });
});

describe('docs/operations.md', () => {
  it('lists exactly the registered schedules, with their crons', async () => {
    const doc = await readFile(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### Schedules'));
    const rows = [...section.matchAll(/^\| `([^`]+)` \| `([^`]+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]]);
    const registered = schedules()
      .filter((s) => !s.name.startsWith('test.'))
      .map((s) => [s.name, s.cron]);
    expect(rows).toEqual(registered);
  });
});
