import type { Logger } from 'pino';
import { createDeps, type DepsOptions } from './bootstrap.js';
import type { Config } from './config.js';
import type { Database } from './core/db.js';
import type { AppDeps } from './core/deps.js';
import { runAllSchedules, schedules } from './core/schedules.js';
import { LEASE_SECONDS } from './core/tasks.js';
import { registerAll } from './modules/register.js';

/**
 * The periodic jobs are schedules (`core/schedules.ts`), each on its own pg-boss queue and cron: an area adds
 * one with `registerSchedule({ name, cron, description, run })` in its `register.ts` (called by
 * `modules/register.ts`), and a row in the table of `docs/operations.md` (a test keeps the two equal).
 *
 * `maintenance` runs every registered schedule once, each in its own try/catch (tests and scripts; the worker
 * runs each on its own queue).
 */
export async function maintenance(deps: AppDeps): Promise<void> {
  await runAllSchedules(deps);
}

/** How often a worker looks into a schedule's queue: a cron fires once a minute at most. */
const SCHEDULE_POLL_SECONDS = 5;

/**
 * Starts the job queues. A worker process (the embedded process by default, or `npm run worker`) also works
 * them: task runs, every registered schedule on its own queue, and the tasks that were left unfinished.
 * `registerAll(deps)` must have run first (buildApp or `startWorker` does it), so that every area has
 * registered its task kinds and schedules.
 */
export async function startJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.start();
  if (!deps.jobs.isWorker) return;
  await deps.jobs.work<{ tenantId: number; taskId: number }>('task.run', 2, async (data, { signal }) => {
    await deps.tasks.run(data.tenantId, data.taskId, signal);
  });
  const all = schedules();
  for (const schedule of all) {
    const queue = schedule.name as `${string}.${string}`;
    await deps.jobs.createQueue(queue, 'stately');
    await deps.jobs.work(
      queue,
      1,
      async () => {
        try {
          await schedule.run(deps);
        } catch (err) {
          // Failed: pg-boss retries it (retryLimit, retryDelay of core/jobs.ts); the other schedules run as usual.
          deps.log.error({ err, schedule: schedule.name }, 'schedule failed');
          throw err;
        }
      },
      { pollingIntervalSeconds: SCHEDULE_POLL_SECONDS },
    );
    await deps.jobs.schedule(queue, schedule.cron);
    if (schedule.atStart) await deps.jobs.send(queue, {});
  }
  await deps.jobs.unscheduleOthers(all.map((s) => s.name));
  // Domain events: failed deliveries retried (their sweep is the schedule `events.sweep`).
  await deps.events.start();
  // Embedded: no other process can hold a lease, so what a killed process held resumes at once. Otherwise a
  // lease of a dead worker runs out within LEASE_SECONDS; look again then.
  const resumed = await deps.tasks.resume({ stealLeases: deps.database.kind === 'pglite' });
  if (resumed) deps.log.info({ resumed }, 'resuming unfinished tasks');
  setTimeout(
    () => void deps.tasks.resume().catch((err: unknown) => deps.log.error({ err }, 'resume failed')),
    (LEASE_SECONDS + 1) * 1000,
  ).unref();
}

export interface StartedWorker {
  deps: AppDeps;
  /** Stops taking jobs and waits for the running ones (the database stays open: its opener closes it). */
  stop(): Promise<void>;
}

/**
 * A process that only works the job queues (`npm run worker`): no Fastify app, no HTTP routes. It makes the
 * dependencies on an open, migrated database, registers every area (`registerAll`) and starts the jobs.
 */
export async function startWorker(
  config: Config,
  database: Database,
  log: Logger,
  options: Omit<DepsOptions, 'worker'> = {},
): Promise<StartedWorker> {
  const deps = await createDeps(config, database, log, { ...options, worker: true });
  registerAll(deps);
  await startJobs(deps);
  return { deps, stop: () => deps.jobs.stop() };
}
