import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetStatementNames, openPostgres, rowsOf, statementName, type Database } from '../db.js';

// The names are counted per process, and other files of this worker ran before: start from none.
beforeEach(forgetStatementNames);

describe('statementName', () => {
  it('names a text from its second sight on, the same name each time, another for another text', () => {
    const text = `select $1::int as n -- statement-names ${Math.random()}`;
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^fd_[0-9a-f]{24}$/);
    expect(statementName(text)).toBe(name);
    const other = `${text} `;
    statementName(other);
    expect(statementName(other)).not.toBe(name);
  });

  it('never names a page of a list: its plan depends on how deep it goes and whose rents it reads', () => {
    const page = `select id from cars where tenant_id = $1 order by id desc limit $2 offset $3 -- ${Math.random()}`;
    for (let i = 0; i < 3; i++) expect(statementName(page)).toBeUndefined();
  });
});

// On PostgreSQL (the suites' DATABASE_URL): the pool's statements that come back are prepared once per connection.
describe.runIf(process.env.DATABASE_URL)('named statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    // One connection, so that every call below sees the same session's prepared statements.
    database = await openPostgres(process.env.DATABASE_URL!, { max: 1 });
  });
  afterAll(async () => database?.close());

  const prepared = async () =>
    (
      await database.query<{ name: string; statement: string }>(
        `select name, statement from pg_prepared_statements where name like 'fd\\_%'`,
      )
    ).rows;

  it('prepares a bound statement run again, with the same answers, in and out of a transaction', async () => {
    const marker = `names-${Date.now()}`;
    const run = (db: typeof database.db, n: number) =>
      rowsOf<{ n: number; m: string }>(db, sql`select ${n}::int + 1 as n, ${marker}::text as m`);
    expect(await run(database.db, 1)).toEqual([{ n: 2, m: marker }]);
    expect((await prepared()).some((p) => p.statement.includes('::int + 1 as n'))).toBe(false);
    expect(await run(database.db, 2)).toEqual([{ n: 3, m: marker }]);
    expect((await prepared()).filter((p) => p.statement.includes('::int + 1 as n'))).toHaveLength(1);
    const inTx = await database.db.transaction(async (tx) => run(tx as never, 41));
    expect(inTx).toEqual([{ n: 42, m: marker }]);
    expect((await prepared()).filter((p) => p.statement.includes('::int + 1 as n'))).toHaveLength(1);
  });

  it('leaves statements without values unnamed (a text may hold several)', async () => {
    const text = `select 1 as a; select 2 as b`;
    await database.query(text);
    await database.query(text);
    expect((await prepared()).some((p) => p.statement === text)).toBe(false);
  });

  it('a statement that fails is not kept: the next run parses it again', async () => {
    const bad = sql`select ${1}::int / 0 as x from no_such_table_statement_names`;
    for (let i = 0; i < 3; i++) await expect(rowsOf(database.db, bad)).rejects.toThrow();
    expect(await rowsOf(database.db, sql`select ${5}::int as five`)).toEqual([{ five: 5 }]);
  });
});

describe.runIf(process.env.DATABASE_URL)('the settings of the server connections on PostgreSQL', () => {
  it('runs without JIT and parallel workers, unless the connection string sets its own options', async () => {
    const settings = async (url: string) => {
      const database = await openPostgres(url, { max: 1 });
      try {
        const { rows } = await database.query<{ jit: string; workers: string }>(
          `select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers`,
        );
        return rows[0];
      } finally {
        await database.close();
      }
    };
    expect(await settings(process.env.DATABASE_URL!)).toEqual({ jit: 'off', workers: '0' });
    const own = new URL(process.env.DATABASE_URL!);
    own.searchParams.set('options', '-c max_parallel_workers_per_gather=1');
    expect((await settings(own.toString()))?.workers).toBe('1');
  });
});
