import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rowsOf } from '../db.js';
import { EventBus, publish, subscribe, type DomainEvent, type NewEvent } from '../events.js';

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.deps.database.query<{ tenant_id: number }>(
    `select tenant_id from users where username = 'admin'`,
  );
  tenantId = Number(rows[0]!.tenant_id);
});
afterAll(async () => t.close());

let seq = 0;
/** An event of its own for each test (the test subscribers look only at theirs). */
function testEvent(): NewEvent<'approval.decided'> {
  seq++;
  return {
    tenantId,
    name: 'approval.decided',
    payload: {
      approvalId: 900_000 + seq,
      kind: 'test',
      result: 'approved',
      decidedBy: null,
      at: t.clock.now().toISOString(),
    },
  };
}

/** A subscriber (left with its test) that records the events it got, optionally throwing the first `fail` times. */
function recorder(name: string, options: { durable?: boolean; fail?: number } = {}) {
  const got: DomainEvent<'approval.decided'>[] = [];
  let fail = options.fail ?? 0;
  onTestFinished(
    subscribe(
      'approval.decided',
      name,
      async (events) => {
        if (fail > 0) {
          fail--;
          throw new Error(`${name} is down`);
        }
        got.push(...events.filter((e) => e.payload.kind === 'test'));
      },
      { durable: options.durable ?? false },
    ),
  );
  return got;
}

async function deliveries(eventId: number) {
  return rowsOf<{ subscriber: string; delivered_at: string | null; attempts: number; last_error: string | null }>(
    t.deps.db,
    sql`select subscriber, delivered_at, attempts, last_error from domain_event_deliveries
      where event_id = ${eventId} order by subscriber`,
  );
}

describe('domain events', () => {
  it('delivers after the commit, to each subscriber once, with the tenant', async () => {
    const inProcess = recorder('test.inProcess');
    const durable = recorder('test.durable', { durable: true });
    const event = testEvent();
    let id = 0;
    await t.deps.events.transaction(async (tx) => {
      id = (await publish(tx, event))[0]!;
      // Not before the commit.
      await new Promise((r) => setTimeout(r, 20));
      expect(inProcess).toHaveLength(0);
      expect(durable).toHaveLength(0);
    });
    await t.deps.events.settled();
    for (const got of [inProcess, durable]) {
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ id, tenantId, name: 'approval.decided', payload: event.payload });
    }
    // Only the durable subscriber has a delivery row, delivered.
    const rows = await deliveries(id);
    expect(rows.filter((r) => r.subscriber.startsWith('test.'))).toEqual([
      expect.objectContaining({ subscriber: 'test.durable', attempts: 1, last_error: null }),
    ]);
    expect(rows.find((r) => r.subscriber === 'test.durable')!.delivered_at).not.toBeNull();
    // A sweep finds nothing more to do for it.
    await t.deps.events.sweep();
    expect(durable).toHaveLength(1);
  });

  it('delivers nothing from a transaction that rolls back', async () => {
    const inProcess = recorder('test.inProcess');
    const durable = recorder('test.durable', { durable: true });
    const event = testEvent();
    await expect(
      t.deps.events.transaction(async (tx) => {
        await publish(tx, event);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.deps.events.settled();
    await t.deps.events.sweep();
    expect(inProcess).toHaveLength(0);
    expect(durable).toHaveLength(0);
    const [row] = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from domain_events where payload->>'approvalId' = ${String(event.payload.approvalId)}`,
    );
    expect(row!.n).toBe(0);
  });

  it('keeps the event of a subscriber that throws, and delivers it on a later try', async () => {
    const flaky = recorder('test.flaky', { durable: true, fail: 2 });
    const steady = recorder('test.steady', { durable: true });
    let id = 0;
    await t.deps.events.transaction(async (tx) => {
      id = (await publish(tx, testEvent()))[0]!;
    });
    await t.deps.events.settled();
    // The other subscriber is not held up by the failing one.
    expect(steady).toHaveLength(1);
    expect(flaky).toHaveLength(0);
    let row = (await deliveries(id)).find((r) => r.subscriber === 'test.flaky')!;
    expect(row).toMatchObject({ delivered_at: null, attempts: 1, last_error: 'test.flaky is down' });

    // Not again before its retry wait (10 s) ...
    expect(await t.deps.events.sweep()).toBe(0);
    // ... then again (the `events.deliver` job, or the sweep); a second failure waits 20 s.
    t.clock.advance(11_000);
    expect(await t.deps.events.deliverPending('test.flaky', [id])).toBe(0);
    row = (await deliveries(id)).find((r) => r.subscriber === 'test.flaky')!;
    expect(row).toMatchObject({ delivered_at: null, attempts: 2 });
    t.clock.advance(21_000);
    expect(await t.deps.events.sweep()).toBe(1);
    expect(flaky.map((e) => e.id)).toEqual([id]);
    row = (await deliveries(id)).find((r) => r.subscriber === 'test.flaky')!;
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(row.delivered_at).not.toBeNull();
    // Once delivered, never again.
    t.clock.advance(3600_000);
    expect(await t.deps.events.sweep()).toBe(0);
    expect(await t.deps.events.deliverPending('test.flaky', [id])).toBe(0);
    expect(flaky).toHaveLength(1);
    expect(steady).toHaveLength(1);
  });

  it('delivers exactly once after a crash between the commit and the delivery', async () => {
    const durable = recorder('test.durable', { durable: true });
    const other = recorder('test.other', { durable: true });
    // The process "dies" after the commit: its in-process dispatch never happens.
    t.deps.events.paused = true;
    onTestFinished(() => {
      t.deps.events.paused = false;
    });
    let id = 0;
    await t.deps.events.transaction(async (tx) => {
      id = (await publish(tx, testEvent()))[0]!;
    });
    await t.deps.events.settled();
    expect(durable).toHaveLength(0);
    // Fresh deliverers (a restarted worker, and a second one racing it) sweep what was left.
    const restarted = new EventBus(t.deps);
    const second = new EventBus(t.deps);
    const [a, b] = await Promise.all([restarted.sweep(), second.sweep()]);
    expect(a + b).toBe(2);
    expect(durable.map((e) => e.id)).toEqual([id]);
    expect(other.map((e) => e.id)).toEqual([id]);
    expect(durable[0]!.tenantId).toBe(tenantId);
    // And never again, whoever sweeps.
    t.clock.advance(3600_000);
    expect((await restarted.sweep()) + (await t.deps.events.sweep())).toBe(0);
    expect(durable).toHaveLength(1);
    expect(other).toHaveLength(1);
  });

  it('purges delivered events after a week, never an undelivered one', async () => {
    const flaky = recorder('test.purge', { durable: true, fail: 1 });
    let id = 0;
    await t.deps.events.transaction(async (tx) => {
      id = (await publish(tx, testEvent()))[0]!;
    });
    await t.deps.events.settled();
    const exists = async () =>
      (await rowsOf<{ n: number }>(t.deps.db, sql`select count(*)::int as n from domain_events where id = ${id}`))[0]!
        .n;
    // Far ahead of the event: still undelivered, so kept.
    t.clock.advance(8 * 86_400_000);
    await t.deps.events.purge();
    expect(await exists()).toBe(1);
    await t.deps.events.sweep();
    expect(flaky).toHaveLength(1);
    await t.deps.events.purge();
    expect(await exists()).toBe(0);
  });

  it('registers a subscriber once, and takes it away with its unsubscribe', async () => {
    const handler = async () => undefined;
    const off = subscribe('approval.decided', 'test.once', handler, { durable: true });
    onTestFinished(off);
    expect(subscribe('approval.decided', 'test.once', handler, { durable: true })).toBeTypeOf('function');
    expect(() => subscribe('approval.decided', 'test.once', async () => undefined)).toThrow(/already subscribes/);
    off();
    const got = recorder('test.after');
    await t.deps.events.transaction(async (tx) => {
      await publish(tx, testEvent());
    });
    await t.deps.events.settled();
    expect(got).toHaveLength(1);
    const [row] = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from domain_event_deliveries where subscriber = 'test.once'`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('domain events on a worker', () => {
  it("retries a failed durable delivery on the worker (the events.deliver job, or the minute's sweep)", async () => {
    const w = await createTestApp({ worker: true });
    onTestFinished(() => w.close());
    const flaky = recorder('test.workerRetry', { durable: true, fail: 1 });
    let id = 0;
    await w.deps.events.transaction(async (tx) => {
      id = (await publish(tx, testEvent()))[0]!;
    });
    await w.deps.events.settled();
    expect(flaky).toHaveLength(0);
    // The job comes after the 10 s wait (pg-boss time); the claim's wait is on the test clock.
    w.clock.advance(11_000);
    const deadline = Date.now() + 30_000;
    while (!flaky.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(flaky.map((e) => e.id)).toEqual([id]);
    const [row] = await rowsOf<{ delivered: boolean; attempts: number }>(
      w.deps.db,
      sql`select delivered_at is not null as delivered, attempts from domain_event_deliveries
        where event_id = ${id} and subscriber = 'test.workerRetry'`,
    );
    expect(row).toEqual({ delivered: true, attempts: 2 });
  }, 60_000);
});
