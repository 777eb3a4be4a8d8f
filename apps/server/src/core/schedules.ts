import type { AppDeps } from './deps.js';
import { purgeExpired } from './rate-limit.js';

/**
 * A periodic job: its own pg-boss queue (named after it) and cron schedule, so that each runs, fails and is
 * retried on its own (a throw is logged and retried by pg-boss; the other schedules run as usual). Areas
 * register theirs in their `register.ts`; `docs/operations.md` lists them all (a test keeps the two equal).
 */
export interface Schedule {
  /** Also the queue's name: lower case, dot-separated words (`payments.unpaidOrders`). */
  name: string;
  /** Five-field cron expression, in UTC. */
  cron: string;
  /** One line for the operations page. */
  description: string;
  /**
   * Also run once when a worker starts (an hourly job: reminders and late fees appear within a minute of the
   * start, not at the next full hour). The run must be idempotent, as every starting worker asks for one.
   */
  atStart?: boolean;
  run(deps: AppDeps): Promise<void>;
}

export const SCHEDULE_NAME = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;
const CRON = /^\S+ \S+ \S+ \S+ \S+$/;

export const EVERY_MINUTE = '* * * * *';
export const HOURLY = '0 * * * *';

const registry = new Map<string, Schedule>();

/**
 * Adds (or replaces, for the same name) a schedule; the answer takes it out again (a test's own schedule, gone
 * with its test). Registering the same schedule twice is harmless, as `registerAll` may run once per app.
 */
export function registerSchedule(schedule: Schedule): () => void {
  if (!SCHEDULE_NAME.test(schedule.name)) throw new Error(`bad schedule name ${schedule.name}`);
  if (!CRON.test(schedule.cron)) throw new Error(`schedule ${schedule.name}: bad cron ${schedule.cron}`);
  registry.set(schedule.name, schedule);
  return () => {
    if (registry.get(schedule.name) === schedule) registry.delete(schedule.name);
  };
}

/** Every registered schedule, in the order of registration. */
export function schedules(): Schedule[] {
  return [...registry.values()];
}

/**
 * Runs every registered schedule once, one after the other, each in its own try/catch (tests and scripts; the
 * worker runs each on its own queue). Answers the names of those that failed; their errors are logged.
 */
export async function runAllSchedules(deps: AppDeps): Promise<string[]> {
  const failed: string[] = [];
  for (const schedule of schedules()) {
    try {
      await schedule.run(deps);
    } catch (err) {
      failed.push(schedule.name);
      deps.log.error({ err, schedule: schedule.name }, 'schedule failed');
    }
  }
  return failed;
}

/** The schedules of core itself (registered by `modules/register.ts`, since core registers nothing on import). */
export function registerCoreSchedules(): void {
  registerSchedule({
    name: 'core.rateLimits',
    cron: EVERY_MINUTE,
    description: 'Deletes expired rate-limit windows (sign-in, codes, resets).',
    run: (deps) => purgeExpired(deps.db, deps.clock),
  });
  registerSchedule({
    name: 'core.resumeTasks',
    cron: EVERY_MINUTE,
    description: 'Dispatches again the background tasks whose worker died (their lease ran out).',
    run: (deps) => deps.tasks.resume().then(() => undefined),
  });
  registerSchedule({
    name: 'events.sweep',
    cron: EVERY_MINUTE,
    description:
      'Delivers the domain events a process left between commit and delivery, and deletes delivered events after 7 days.',
    run: async (deps) => {
      await deps.events.sweep();
      await deps.events.purge();
    },
    atStart: true,
  });
}
