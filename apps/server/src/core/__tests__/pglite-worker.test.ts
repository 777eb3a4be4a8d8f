import { eq, sql } from 'drizzle-orm';
import { bigserial, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, openPglite, pgErrorOf, rowsOf, type Database } from '../db.js';
import { HeldDump } from '../pglite-instance.js';

/**
 * Issue 28, item 3: the server runs PGlite in a worker thread (`core/pglite-host.ts`, `core/pglite-worker.ts`).
 * The tests' own databases stay in their thread (a template copy opens faster), so this file runs what the code
 * base uses of PGlite through the worker: statements with parameters, Drizzle, transactions, errors, listeners,
 * closing; and the event loop going on while a statement runs.
 */
const notes = pgTable(
  'notes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    title: text().notNull(),
    tags: text().array().notNull().default([]),
    meta: jsonb().$type<{ n: number }>(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('notes_title_uq').on(t.title)],
);

let database: Database;
beforeAll(async () => {
  database = await openPglite({ worker: true });
  await database.pglite!.exec(`
    create table notes (id bigserial primary key, title text not null, tags text[] not null default '{}',
      meta jsonb, at timestamptz not null);
    create unique index notes_title_uq on notes (title);`);
});
afterAll(async () => database.close());

describe('statements', () => {
  it('runs a query with parameters; int8 arrives as a number, as in the thread', async () => {
    const { rows } = await database.query<{ n: number; t: string; a: number[] }>(
      'select $1::int8 as n, $2::text as t, $3::int8[] as a',
      [42, '车辆 cars', '{1,2}'],
    );
    expect(rows).toEqual([{ n: 42, t: '车辆 cars', a: [1, 2] }]);
    const results = await database.pglite!.exec('select 1 as one; select 2 as two');
    expect(results.map((r) => r.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
  });

  it('prepares a statement once when its first calls come together (each PREPARE is a round trip)', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => database.prepared<{ n: number }>('fd_test_prepared', 'select $1::int8 as n', [n])),
    );
    expect(answers.map((a) => a.rows[0]!.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('applies the parsers a caller gives (functions stay in this thread) with the row mode asked for', async () => {
    const seen: number[] = [];
    const r = await database.pglite!.query<unknown[]>(
      `select '2026-01-02 03:04:05+00'::timestamptz as at, null::timestamptz as none, 7::int4 as n`,
      [],
      {
        rowMode: 'array',
        parsers: {
          1184: (v: string, type?: number) => {
            seen.push(type!);
            return `text ${v}`;
          },
        },
      },
    );
    expect(r.rows).toEqual([['text 2026-01-02 03:04:05+00', null, 7]]);
    expect(seen).toEqual([1184]);
  });

  it('reads and writes through Drizzle (dates, arrays, jsonb)', async () => {
    const at = new Date('2026-03-04T05:06:07.000Z');
    const [row] = await database.db
      .insert(notes)
      .values({ title: 'first', tags: ['a', 'b'], meta: { n: 1 }, at })
      .returning();
    expect(row).toEqual({ id: expect.any(Number), title: 'first', tags: ['a', 'b'], meta: { n: 1 }, at });
    const found = await database.db.select().from(notes).where(eq(notes.title, 'first'));
    expect(found).toEqual([row]);
    const raw = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int8 as n from notes`);
    expect(raw).toEqual([{ n: 1 }]);
  });

  it('brings a unique violation with its code, constraint and detail', async () => {
    const err = await database.db
      .insert(notes)
      .values({ title: 'first', at: new Date('2026-03-04T05:06:07Z') })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err, 'notes_title_uq')).toBe(true);
    expect(pgErrorOf(err)).toEqual({ code: '23505', constraint: 'notes_title_uq' });
    const direct = (await database
      .pglite!.query(`insert into notes (title, at) values ('first', now())`)
      .catch((e: unknown) => e)) as Error & { detail?: string };
    expect(direct.message).toMatch(/notes_title_uq/);
    expect(direct.detail).toBe('Key (title)=(first) already exists.');
  });
});

describe('transactions', () => {
  it('commits what a transaction wrote', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ title: 'committed', at: new Date('2026-03-04T05:06:07Z') });
      expect(await tx.$count(notes, eq(notes.title, 'committed'))).toBe(1);
    });
    expect(await database.db.$count(notes, eq(notes.title, 'committed'))).toBe(1);
  });

  it('rolls back when the callback throws, and the error is the callback’s', async () => {
    const failure = new Error('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ title: 'rolled back', at: new Date('2026-03-04T05:06:07Z') });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await database.db.$count(notes, eq(notes.title, 'rolled back'))).toBe(0);
  });

  it('holds every other statement back until it ends, as PGlite does in the thread', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.pglite!.transaction(async (tx) => {
      await tx.query(`insert into notes (title, at) values ('inside', now())`);
      outside = database.pglite!.query(`select count(*)::int8 as n from notes where title = 'inside'`).then((r) => {
        order.push('outside');
        return r.rows;
      });
      // Several round trips to the worker while the statement from outside waits there.
      for (let i = 0; i < 3; i++) await tx.query('select 1');
      order.push('inside done');
    });
    // It ran after the COMMIT: it sees the row.
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(['inside done', 'outside']);
  });

  it('rolls back on tx.rollback(); the transaction is closed afterwards', async () => {
    await database.pglite!.transaction(async (tx) => {
      await tx.query(`insert into notes (title, at) values ('explicit rollback', now())`);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    expect(await database.db.$count(notes, eq(notes.title, 'explicit rollback'))).toBe(0);
  });
});

describe('listen and notify', () => {
  it('delivers notifications to the listener in this thread, before the statement that sent them answers', async () => {
    const heard: string[] = [];
    const unlisten = await database.pglite!.listen('fd_test', (payload) => heard.push(payload));
    await database.query(`select pg_notify('fd_test', 'one')`);
    expect(heard).toEqual(['one']);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('fd_test', 'two')`);
      expect(heard).toEqual(['one']);
    });
    expect(heard).toEqual(['one', 'two']);
    await unlisten();
    await database.query(`select pg_notify('fd_test', 'three')`);
    expect(heard).toEqual(['one', 'two']);
  });

  it('unlistens by channel', async () => {
    const heard: string[] = [];
    await database.pglite!.listen('fd_other', (payload) => heard.push(payload));
    await database.pglite!.unlisten('fd_other');
    await database.query(`select pg_notify('fd_other', 'x')`);
    expect(heard).toEqual([]);
  });
});

describe('the event loop', () => {
  it('goes on while a long statement runs in the worker', async () => {
    // A timer that must tick while the statement runs: in the thread, PGlite runs it in one synchronous call and
    // no timer fires until it has answered.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    let ticksDuring = -1;
    try {
      await database.query('select pg_sleep(0.3)');
      ticksDuring = ticks;
    } finally {
      clearInterval(timer);
    }
    expect(ticksDuring).toBeGreaterThan(0);
  });
});

describe('dump and close', () => {
  it('dumps the data directory, which opens again with its rows', async () => {
    const dump = await database.pglite!.dumpDataDir('none');
    const copy = await openPglite({ loadDataDir: dump, worker: true });
    try {
      expect(await copy.db.$count(notes)).toBe(await database.db.$count(notes));
    } finally {
      await copy.close();
    }
    expect(copy.pglite!.closed).toBe(true);
    await expect(copy.query('select 1')).rejects.toThrow(/closed/);
  });

  it('opens copies from one held dump, in the thread and in a worker, with shared buffers of their own size', async () => {
    const bytes = await (await database.pglite!.dumpDataDir('none')).arrayBuffer();
    const held = new HeldDump(bytes);
    const expected = await database.db.$count(notes);
    for (const worker of [false, true, false]) {
      const copy = await openPglite({ loadDataDir: held, sharedBuffers: '16MB', worker });
      try {
        expect(await copy.db.$count(notes)).toBe(expected);
        const { rows } = await copy.query('show shared_buffers', []);
        expect((rows as { shared_buffers: string }[])[0]!.shared_buffers).toBe('16MB');
      } finally {
        await copy.close();
      }
      // The worker got a copy of the bytes: the held buffer is still whole for the next copy.
      expect(bytes.byteLength).toBeGreaterThan(0);
    }
  });
});
