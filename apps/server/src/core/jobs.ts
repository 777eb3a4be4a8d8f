import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db.js';

/** pg-boss needs one call that runs SQL; multi-statement SQL (its migrations, locked commands) has no parameters. */
function bossDb(database: Database): PgBoss.Db {
  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length) return pglite.query(text, values as unknown[]) as Promise<{ rows: unknown[] }>;
        const results = await pglite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
      },
    };
  }
  const pool = database.pool!;
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) };
}

export interface JobHandlerContext {
  signal: AbortSignal;
}

/** `task.run`, or a schedule's own queue (named after the schedule, `core/schedules.ts`). */
export type QueueName = 'task.run' | `${string}.${string}`;

/** The one queue of every schedule until they got their own; its schedule is removed at start. */
const LEGACY_QUEUES = ['maintenance'];

/**
 * Background jobs on pg-boss, in the same database. Every process can send; a worker process (or the embedded
 * process) also works the queues. Jobs here are triggers: the state that must survive a crash lives in our
 * own tables (task_progress, task_items), and handlers are idempotent.
 */
export class Jobs {
  readonly boss: PgBoss;
  private started = false;
  private readonly abort = new AbortController();
  private readonly workers: Promise<string>[] = [];

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { worker: boolean; pollingIntervalSeconds?: number },
  ) {
    this.boss = new PgBoss({
      db: bossDb(database),
      schema: 'pgboss',
      supervise: options.worker,
      schedule: options.worker,
      migrate: true,
      // Crash recovery is ours (task leases); pg-boss's expiry only cleans up jobs whose process died.
      expireInHours: 4,
      retryLimit: 2,
      retryDelay: 10,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (err: Error) => this.log.error({ err }, 'job queue error'));
  }

  get isWorker(): boolean {
    return this.options.worker;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    await this.createQueue('task.run');
    this.started = true;
  }

  /**
   * Creates a queue unless it exists (pg-boss needs it before `send`, `work` or `schedule`). `stately` keeps at
   * most one job waiting and one running: a schedule that overruns its period is not stacked up.
   */
  async createQueue(name: QueueName, policy: 'standard' | 'stately' = 'standard'): Promise<void> {
    if (await this.boss.getQueue(name)) return;
    await this.boss.createQueue(name, { name, policy });
  }

  async send(queue: QueueName, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return this.boss.send(queue, data, options);
  }

  /** Works a queue with `concurrency` parallel loops (worker processes only). */
  async work<T extends object>(
    queue: QueueName,
    concurrency: number,
    handler: (data: T, ctx: JobHandlerContext) => Promise<void>,
    options: { pollingIntervalSeconds?: number } = {},
  ): Promise<void> {
    if (!this.options.worker) return;
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 1;
    for (let i = 0; i < concurrency; i++) {
      this.workers.push(
        this.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
          if (job) await handler(job.data, { signal: this.abort.signal });
        }),
      );
    }
    await Promise.all(this.workers);
  }

  async schedule(queue: QueueName, cron: string): Promise<void> {
    if (this.options.worker) await this.boss.schedule(queue, cron, {}, { tz: 'UTC' });
  }

  /**
   * Removes the stored cron schedules that are not among `keep` (a schedule renamed or dropped, and the old
   * single `maintenance` one), so that nothing fills a queue that nobody works any more.
   */
  async unscheduleOthers(keep: Iterable<string>): Promise<void> {
    if (!this.options.worker) return;
    const wanted = new Set(keep);
    const stored = (await this.boss.getSchedules()) as { name: string }[];
    for (const { name } of stored) {
      if (!wanted.has(name) || LEGACY_QUEUES.includes(name)) await this.boss.unschedule(name);
    }
  }

  /** Stops taking jobs, lets running handlers see the abort signal, and waits for them. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.abort.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    this.started = false;
  }
}
