import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { taskItems, taskProgress } from '../../db/schema/tasks.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { LEASE_SECONDS, TaskEngine, type TaskKind } from '../tasks.js';

let t: TestApp;
let tenantId: number;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.deps.database.query<{ tenant_id: number; id: number }>(
    `select tenant_id, id from users where username = 'admin'`,
  );
  tenantId = Number(rows[0]!.tenant_id);
  userId = Number(rows[0]!.id);
});
afterAll(async () => t.close());

/** A kind that records how often each item's side effect ran, fails items whose value is odd, and can hang. */
function countingKind(name: string, effects: Map<number, number>, hangOnBatch?: number): TaskKind<{ v: number }> {
  let batch = 0;
  return {
    kind: name,
    category: 3,
    batchSize: 10,
    async process(_ctx, items) {
      batch++;
      for (const i of items) effects.set(i.seq, (effects.get(i.seq) ?? 0) + 1);
      if (batch === hangOnBatch) await new Promise(() => undefined);
      return items.map((i) =>
        i.payload.v % 2 ? { ok: false, error: 'odd' } : { ok: true, result: { doubled: i.payload.v * 2 } },
      );
    },
    async finish(_ctx, counts) {
      return { ...counts, note: 'done' };
    },
  };
}

async function createTask(engine: TaskEngine, kind: string, n: number) {
  return t.deps.db.transaction((tx) =>
    engine.create(
      tx,
      { tenantId, userId },
      { kind, targetId: `${kind}:${Date.now()}`, title: kind, items: Array.from({ length: n }, (_, i) => ({ v: i })) },
    ),
  );
}

const taskRow = async (id: number) =>
  (
    await t.deps.db
      .select()
      .from(taskProgress)
      .where(and(eq(taskProgress.tenantId, tenantId), eq(taskProgress.id, id)))
  )[0]!;

describe('task engine', () => {
  it('processes every item once, counts outcomes and records the result', async () => {
    const effects = new Map<number, number>();
    t.deps.tasks.register(countingKind('count.a', effects));
    const task = await createTask(t.deps.tasks, 'count.a', 35);
    expect(task).toMatchObject({ state: 'queued', total: 35, processedNum: 0 });
    expect(await t.deps.tasks.run(tenantId, task.id, new AbortController().signal)).toBe(true);
    const done = await taskRow(task.id);
    expect(done).toMatchObject({ state: 'completed', processedNum: 35, successNum: 18, failNum: 17, leaseOwner: null });
    expect(done.result).toEqual({ success: 18, failed: 17, note: 'done' });
    expect([...effects.values()].every((n) => n === 1)).toBe(true);
    expect(effects.size).toBe(35);
    const items = await t.deps.db
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.tenantId, tenantId), eq(taskItems.taskId, task.id)));
    expect(items.find((i) => i.seq === 3)).toMatchObject({ state: 'done', result: { doubled: 4 } });
    expect(items.find((i) => i.seq === 2)).toMatchObject({ state: 'failed', result: { error: 'odd' } });
  });

  it('resumes a task whose worker died once its lease runs out, without recording any item twice', async () => {
    const effects = new Map<number, number>();
    const dead = new TaskEngine(t.deps.db, t.clock, t.deps.jobs, pino({ level: 'silent' }));
    dead.register(countingKind('count.b', effects, 3));
    const task = await createTask(dead, 'count.b', 45);
    void dead.run(tenantId, task.id, new AbortController().signal);
    await expect.poll(async () => (await taskRow(task.id)).processedNum, { timeout: 5000 }).toBe(20);

    const survivor = new TaskEngine(t.deps.db, t.clock, t.deps.jobs, pino({ level: 'silent' }));
    survivor.register(countingKind('count.b', effects));
    // The dead worker's lease still holds.
    expect(await survivor.run(tenantId, task.id, new AbortController().signal)).toBe(false);
    t.clock.advance((LEASE_SECONDS + 1) * 1000);
    expect(await survivor.run(tenantId, task.id, new AbortController().signal)).toBe(true);
    const done = await taskRow(task.id);
    expect(done).toMatchObject({ state: 'completed', processedNum: 45, successNum: 23, failNum: 22 });
    // The batch in flight when the worker died ran again (side effects must be idempotent); nothing else did.
    expect(Array.from({ length: 45 }, (_, i) => effects.get(i + 1))).toEqual(
      Array.from({ length: 45 }, (_, i) => (i >= 20 && i < 30 ? 2 : 1)),
    );
  });

  it('stops on abort, releasing the lease so that another worker continues at once', async () => {
    const effects = new Map<number, number>();
    t.deps.tasks.register(countingKind('count.c', effects));
    const task = await createTask(t.deps.tasks, 'count.c', 30);
    const abort = new AbortController();
    abort.abort();
    expect(await t.deps.tasks.run(tenantId, task.id, abort.signal)).toBe(false);
    expect(await taskRow(task.id)).toMatchObject({ state: 'running', leaseOwner: null });
    expect(await t.deps.tasks.run(tenantId, task.id, new AbortController().signal)).toBe(true);
    expect((await taskRow(task.id)).processedNum).toBe(30);
  });

  it('cancels a task on request after the current batch', async () => {
    const effects = new Map<number, number>();
    t.deps.tasks.register(countingKind('count.d', effects));
    const task = await createTask(t.deps.tasks, 'count.d', 30);
    await t.deps.db.update(taskProgress).set({ cancelRequested: true }).where(eq(taskProgress.id, task.id));
    expect(await t.deps.tasks.run(tenantId, task.id, new AbortController().signal)).toBe(true);
    expect(await taskRow(task.id)).toMatchObject({ state: 'cancelled', processedNum: 0 });
  });

  it('leaves a task the database interrupted to its lease, and takes it again once the lease has run out', async () => {
    const engine = new TaskEngine(t.deps.db, t.clock, t.deps.jobs, pino({ level: 'silent' }), {
      resumeAfterOutageMs: 300,
    });
    let restarts = 1;
    engine.register({
      kind: 'outage',
      category: 3,
      batchSize: 5,
      async process(_ctx, items) {
        if (restarts-- > 0)
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        return items.map(() => ({ ok: true }));
      },
    });
    const task = await createTask(engine, 'outage', 7);
    const dispatched = vi.spyOn(engine, 'dispatch').mockResolvedValue(undefined);
    expect(await engine.run(tenantId, task.id, new AbortController().signal)).toBe(false);
    // Its lease runs out before the engine looks again (in production the look comes a second after the lease).
    t.clock.advance((LEASE_SECONDS + 1) * 1000);
    await expect.poll(() => dispatched.mock.calls.map(([d]) => d.id), { timeout: 5000 }).toContain(task.id);
    // Not failed: still running, left where the database stopped it.
    expect(await taskRow(task.id)).toMatchObject({ state: 'running', processedNum: 0, error: null });
    dispatched.mockRestore();
    expect(await engine.run(tenantId, task.id, new AbortController().signal)).toBe(true);
    expect(await taskRow(task.id)).toMatchObject({ state: 'completed', processedNum: 7, successNum: 7 });
  });

  it('marks a task failed when its kind throws', async () => {
    t.deps.tasks.register({
      kind: 'boom',
      category: 3,
      batchSize: 5,
      async process() {
        throw new Error('gateway exploded');
      },
    });
    const task = await createTask(t.deps.tasks, 'boom', 3);
    await t.deps.tasks.run(tenantId, task.id, new AbortController().signal);
    expect(await taskRow(task.id)).toMatchObject({ state: 'failed', error: 'gateway exploded' });
  });
});
