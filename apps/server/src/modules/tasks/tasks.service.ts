import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TaskProgress } from '@fleetdesk/contracts/tasks';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import type { TaskRow } from '../../core/tasks.js';
import { taskProgress } from '../../db/schema/tasks.js';

export function toProgress(row: TaskRow): TaskProgress {
  return {
    id: row.id,
    targetId: row.targetId,
    category: row.category,
    title: row.title,
    state: row.state as TaskProgress['state'],
    processedNum: row.processedNum,
    total: row.total,
    successNum: row.successNum,
    failNum: row.failNum,
    result: (row.result as Record<string, unknown> | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A task is its starter's: other users, even of the same tenant, do not see it. */
const mine = (ctx: RequestContext) =>
  and(eq(taskProgress.tenantId, ctx.tenantId), eq(taskProgress.createdBy, ctx.userId));

/** The caller's tasks that the web still has to show: unfinished, or finished and not yet acknowledged. */
export async function listMyTasks(deps: AppDeps, ctx: RequestContext): Promise<TaskProgress[]> {
  const rows = await deps.db
    .select()
    .from(taskProgress)
    .where(and(mine(ctx), isNull(taskProgress.acknowledgedAt)))
    .orderBy(asc(taskProgress.createdAt), asc(taskProgress.id));
  return rows.map(toProgress);
}

async function myTask(deps: AppDeps, ctx: RequestContext, where: ReturnType<typeof eq>): Promise<TaskRow> {
  const [row] = await deps.db
    .select()
    .from(taskProgress)
    .where(and(mine(ctx), where));
  if (!row) throw new NotFoundError();
  return row;
}

export async function getMyTask(deps: AppDeps, ctx: RequestContext, id: number): Promise<TaskProgress> {
  return toProgress(await myTask(deps, ctx, eq(taskProgress.id, id)));
}

/** Removes a task from the caller's list; an unfinished one is cancelled (its worker stops after the batch). */
export async function removeMyTask(deps: AppDeps, ctx: RequestContext, id: number): Promise<TaskProgress> {
  const row = await myTask(deps, ctx, eq(taskProgress.id, id));
  const now = deps.clock.now();
  const set: Partial<typeof taskProgress.$inferInsert> = { acknowledgedAt: now };
  if (row.state === 'queued' && !row.leaseOwner) Object.assign(set, { state: 'cancelled', finishedAt: now });
  else if (row.state === 'queued' || row.state === 'running') set.cancelRequested = true;
  const [updated] = await deps.db
    .update(taskProgress)
    .set(set)
    .where(and(mine(ctx), eq(taskProgress.id, id)))
    .returning();
  return toProgress(updated!);
}

/** The web's completion call: the task is done and its notice shown; it leaves the caller's list. */
export async function completeMyTask(deps: AppDeps, ctx: RequestContext, targetId: string): Promise<TaskProgress> {
  const row = await myTask(deps, ctx, eq(taskProgress.targetId, targetId));
  if (row.state === 'queued' || row.state === 'running') throw new ConflictError('task.notFinished');
  const [updated] = await deps.db
    .update(taskProgress)
    .set({ acknowledgedAt: row.acknowledgedAt ?? deps.clock.now() })
    .where(and(mine(ctx), eq(taskProgress.id, row.id)))
    .returning();
  return toProgress(updated!);
}
