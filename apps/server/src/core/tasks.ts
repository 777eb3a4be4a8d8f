import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { FastifyBaseLogger } from 'fastify';
import { taskItems, taskProgress } from '../db/schema/tasks.js';
import type { RequestContext } from './access.js';
import type { Clock } from './clock.js';
import { isDatabaseUnreachable } from './errors.js';
import type { Db, DbOrTx } from './db.js';
import type { Jobs } from './jobs.js';

export type TaskRow = typeof taskProgress.$inferSelect;

export interface TaskItem<P> {
  seq: number;
  payload: P;
}

export type ItemOutcome = { ok: true; result?: unknown } | { ok: false; error: string; result?: unknown };

export interface TaskRunContext {
  task: TaskRow;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * A kind of background task. `process` handles a batch of pending items and answers one outcome per item,
 * in order. It must be idempotent per item: after a crash, the items of the interrupted batch come again.
 */
export interface TaskKind<P> {
  kind: string;
  /** 1 SMS sending, 2 violation query, 3 import, 4 export. */
  category: number;
  /** Items per batch; a function of the task's total lets a small task report progress in several steps. */
  batchSize: number | ((total: number) => number);
  process(ctx: TaskRunContext, items: TaskItem<P>[]): Promise<ItemOutcome[]>;
  /** The result summary, once every item is processed. */
  finish?(ctx: TaskRunContext, counts: { success: number; failed: number }): Promise<Record<string, unknown>>;
}

export const LEASE_SECONDS = 15;
const INSERT_CHUNK = 1000;

/**
 * Runs tasks whose items live in `task_items`. A worker takes a task's lease, processes pending items batch by
 * batch (each batch's outcomes and the progress counters in one transaction, renewing the lease), and
 * releases the lease when done, cancelled or stopped. A task whose worker died is picked up again once its
 * lease runs out (at once in embedded mode, where no other process can hold it).
 */
export class TaskEngine {
  private readonly kinds = new Map<string, TaskKind<unknown>>();
  private readonly running = new Set<string>();
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private resumeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
    /** How long after a run the database interrupted this process looks for the tasks to take again. */
    private readonly options: { resumeAfterOutageMs?: number } = {},
  ) {}

  register<P>(kind: TaskKind<P>): void {
    if (this.kinds.has(kind.kind)) throw new Error(`task kind ${kind.kind} registered twice`);
    this.kinds.set(kind.kind, kind as TaskKind<unknown>);
  }

  /** The kinds registered (`modules/register.ts` registers the areas' kinds). */
  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /**
   * Creates a task with its items inside the caller's transaction. Call `dispatch` after the transaction
   * commits; if the process dies in between, `resume` dispatches it.
   */
  async create<P>(
    tx: DbOrTx,
    ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
    input: { kind: string; targetId: string; title: string; items: P[] },
  ): Promise<TaskRow> {
    const kind = this.kinds.get(input.kind);
    if (!kind) throw new Error(`unknown task kind ${input.kind}`);
    const [task] = await tx
      .insert(taskProgress)
      .values({
        tenantId: ctx.tenantId,
        targetId: input.targetId,
        kind: kind.kind,
        category: kind.category,
        title: input.title,
        total: input.items.length,
        createdBy: ctx.userId,
        createdAt: this.clock.now(),
      })
      .returning();
    for (let i = 0; i < input.items.length; i += INSERT_CHUNK) {
      await tx.insert(taskItems).values(
        input.items.slice(i, i + INSERT_CHUNK).map((payload, j) => ({
          tenantId: ctx.tenantId,
          taskId: task!.id,
          seq: i + j + 1,
          payload: payload as object,
        })),
      );
    }
    return task!;
  }

  async dispatch(task: Pick<TaskRow, 'tenantId' | 'id'>): Promise<void> {
    await this.jobs.send('task.run', { tenantId: task.tenantId, taskId: task.id });
  }

  /** Sends a run for every unfinished task that no live worker holds. */
  async resume(options: { stealLeases?: boolean } = {}): Promise<number> {
    const now = this.clock.now();
    if (options.stealLeases) {
      await this.db
        .update(taskProgress)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(inArray(taskProgress.state, ['queued', 'running']));
    }
    const rows = await this.db
      .select({ tenantId: taskProgress.tenantId, id: taskProgress.id })
      .from(taskProgress)
      .where(
        and(
          inArray(taskProgress.state, ['queued', 'running']),
          or(isNull(taskProgress.leaseUntil), lt(taskProgress.leaseUntil, now)),
        ),
      );
    for (const row of rows) await this.dispatch(row);
    return rows.length;
  }

  private async claim(tenantId: number, taskId: number): Promise<TaskRow | undefined> {
    const now = this.clock.now();
    const [task] = await this.db
      .update(taskProgress)
      .set({
        leaseOwner: this.owner,
        leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
        state: sql`case when ${taskProgress.state} = 'queued' then 'running' else ${taskProgress.state} end`,
        startedAt: sql`coalesce(${taskProgress.startedAt}, ${now})`,
      })
      .where(
        and(
          eq(taskProgress.tenantId, tenantId),
          eq(taskProgress.id, taskId),
          inArray(taskProgress.state, ['queued', 'running']),
          // Exclusive: a second run of the same task (jobs are delivered at least once) waits its turn, even here.
          or(isNull(taskProgress.leaseUntil), lt(taskProgress.leaseUntil, now)),
        ),
      )
      .returning();
    return task;
  }

  private async release(task: TaskRow, set: Partial<typeof taskProgress.$inferInsert> = {}): Promise<void> {
    await this.db
      .update(taskProgress)
      .set({ leaseOwner: null, leaseUntil: null, ...set })
      .where(
        and(
          eq(taskProgress.tenantId, task.tenantId),
          eq(taskProgress.id, task.id),
          eq(taskProgress.leaseOwner, this.owner),
        ),
      );
  }

  /**
   * Works a task until it is finished, cancelled, its lease is lost or `signal` aborts. Answers whether
   * this call finished it.
   */
  async run(tenantId: number, taskId: number, signal: AbortSignal): Promise<boolean> {
    const key = `${tenantId}:${taskId}`;
    if (this.running.has(key)) return false;
    this.running.add(key);
    try {
      return await this.work(tenantId, taskId, signal);
    } finally {
      this.running.delete(key);
    }
  }

  private async work(tenantId: number, taskId: number, signal: AbortSignal): Promise<boolean> {
    let task = await this.claim(tenantId, taskId);
    if (!task) return false;
    const kind = this.kinds.get(task.kind);
    if (!kind) {
      await this.release(task, {
        state: 'failed',
        error: `unknown task kind ${task.kind}`,
        finishedAt: this.clock.now(),
      });
      return false;
    }
    const ctx = (): TaskRunContext => ({ task: task!, signal, log: this.log });
    try {
      for (;;) {
        if (signal.aborted) {
          await this.release(task);
          return false;
        }
        if (task.cancelRequested) {
          await this.release(task, { state: 'cancelled', finishedAt: this.clock.now() });
          return true;
        }
        const items = await this.db
          .select({ seq: taskItems.seq, payload: taskItems.payload })
          .from(taskItems)
          .where(and(eq(taskItems.tenantId, tenantId), eq(taskItems.taskId, taskId), eq(taskItems.state, 'pending')))
          .orderBy(asc(taskItems.seq))
          .limit(typeof kind.batchSize === 'number' ? kind.batchSize : kind.batchSize(task.total));
        if (!items.length) {
          const counts = { success: task.successNum, failed: task.failNum };
          const result = kind.finish ? await kind.finish(ctx(), counts) : counts;
          await this.release(task, { state: 'completed', finishedAt: this.clock.now(), result });
          return true;
        }
        const outcomes = await kind.process(ctx(), items as TaskItem<unknown>[]);
        const next = await this.record(task, items, outcomes);
        if (!next) return false;
        task = next;
      }
    } catch (err) {
      // The database went away (a restart, a failover): the task is not at fault. It keeps its lease, which runs out,
      // and is taken again then, where it stopped (the batch in flight runs again: kinds are idempotent).
      if (isDatabaseUnreachable(err)) {
        this.log.warn({ err, taskId, tenantId }, 'task interrupted: the database is away');
        this.resumeAfterOutage();
        return false;
      }
      this.log.error({ err, taskId, tenantId }, 'task failed');
      await this.release(task, {
        state: 'failed',
        error: (err as Error).message.slice(0, 500),
        finishedAt: this.clock.now(),
      });
      return true;
    }
  }

  /**
   * Once the interrupted lease has run out, dispatches the unfinished tasks again (`resume`); while the database is
   * still away, tries again as long later. Without it they would wait for the minute's `core.resumeTasks`.
   */
  private resumeAfterOutage(): void {
    if (this.resumeTimer) return;
    this.resumeTimer = setTimeout(
      () => {
        this.resumeTimer = null;
        this.resume().catch((err: unknown) => {
          if (!isDatabaseUnreachable(err)) return this.log.error({ err }, 'resume failed');
          this.resumeAfterOutage();
        });
      },
      this.options.resumeAfterOutageMs ?? (LEASE_SECONDS + 1) * 1000,
    );
    this.resumeTimer.unref();
  }

  /** Stores a batch's outcomes and counts them, renewing the lease; answers undefined if the lease was lost. */
  private async record(task: TaskRow, items: { seq: number }[], outcomes: ItemOutcome[]): Promise<TaskRow | undefined> {
    if (outcomes.length !== items.length) throw new Error('a task kind must answer one outcome per item');
    const now = this.clock.now();
    return this.db
      .transaction(async (tx) => {
        const values = sql.join(
          items.map((item, i) => {
            const o = outcomes[i]!;
            const result = JSON.stringify(
              o.ok ? (o.result ?? null) : { error: o.error, ...(o.result ? { detail: o.result } : {}) },
            );
            return sql`(${item.seq}::int, ${o.ok ? 'done' : 'failed'}::text, ${result}::jsonb)`;
          }),
          sql`, `,
        );
        const changed = (await tx.execute(sql`
        update task_items as i set state = v.state, result = v.result, updated_at = ${now}
        from (values ${values}) as v(seq, state, result)
        where i.tenant_id = ${task.tenantId} and i.task_id = ${task.id} and i.seq = v.seq and i.state = 'pending'
        returning i.state`)) as unknown as { rows: { state: string }[] };
        const done = changed.rows.filter((r) => r.state === 'done').length;
        const failed = changed.rows.length - done;
        const [updated] = await tx
          .update(taskProgress)
          .set({
            processedNum: sql`${taskProgress.processedNum} + ${done + failed}`,
            successNum: sql`${taskProgress.successNum} + ${done}`,
            failNum: sql`${taskProgress.failNum} + ${failed}`,
            leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
          })
          .where(
            and(
              eq(taskProgress.tenantId, task.tenantId),
              eq(taskProgress.id, task.id),
              eq(taskProgress.leaseOwner, this.owner),
            ),
          )
          .returning();
        // Another worker took the task (our lease ran out): undo this batch's bookkeeping; it holds the items now.
        if (!updated) tx.rollback();
        return updated;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return undefined;
        throw err;
      });
  }
}
