import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.js';
import { holdDataDir } from './data-dir-lock.js';
import { PgliteWorkerClient, type PgliteClient } from './pglite-host.js';
import { createPglite, type PgliteOptions } from './pglite-instance.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is under it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: what repository functions take. */
export type DbOrTx = Db | Tx;

/** A parameter of a prepared statement: text, a number, or an array of them (cast in the SQL: `$2::int8[]`). */
export type PreparedParam = string | number | readonly (string | number)[];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Plain SQL for libraries that bring their own (pg-boss). */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /**
   * A hot statement run as a named prepared statement on PostgreSQL, so that each connection plans it once
   * (the per-request auth query spends longer in planning than in execution otherwise).
   */
  prepared<R = Record<string, unknown>>(name: string, text: string, params: PreparedParam[]): Promise<{ rows: R[] }>;
  /** A short description for /readyz and the start-up log (never the password). */
  describe: string;
  close(): Promise<void>;
  /** The embedded database: PGlite in this thread, or the host of its worker thread (tests dump and copy it). */
  pglite?: PgliteClient;
  pool?: pg.Pool;
  /** The connection string (PostgreSQL only). */
  url?: string;
}

/**
 * Rows a streamed export reads per statement (keyset pages, one read ahead). PGlite runs one statement at a time,
 * so every other request waits behind the page being read: at 1,000 cars a page (about 150 ms) a car list during
 * an export of 100,000 cars waited a median 300 ms; at 250 its p99 was 195 ms and the export as fast (18.3 s
 * against 22.5-29.4 s). On PostgreSQL it is four times the statements of an export, each an index range.
 */
export const EXPORT_PAGE_ROWS = 250;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/** BIGINT arrives from node-postgres as a string; the ids we use fit in a double. */
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * The embedded database. `worker: true` runs PGlite in a worker thread (`core/pglite-host.ts`), so that a long
 * statement (an export, a report) does not hold every other request: the server's default (PGLITE_WORKER). Without,
 * PGlite runs in this thread: the tests' default (a template copy opens faster), and the switch's other side.
 */
export async function openPglite(options: PgliteOptions & { worker?: boolean } = {}): Promise<Database> {
  const { worker, ...open } = options;
  // One process at a time on a data directory (core/data-dir-lock.ts: backups and restores ask who holds it).
  const lock = open.dataDir ? holdDataDir(open.dataDir) : undefined;
  const client: PgliteClient = await (worker ? PgliteWorkerClient.start(open) : createPglite(open)).catch((err) => {
    lock?.release();
    throw err;
  });
  // Drizzle's PGlite session calls only `query` and `transaction` (with the transaction's `query`): what both have.
  const db = drizzlePglite(client as PGlite, { schema, casing: 'snake_case' }) as unknown as Db;
  // Each statement's PREPARE, sent once: concurrent first calls wait for the same one (through the worker, the
  // PREPARE takes a round trip, and a second one of the same name would fail with 42P05).
  const preparing = new Map<string, Promise<unknown>>();
  return {
    kind: 'pglite',
    db,
    pglite: client,
    describe: `${options.dataDir ? `PGlite at ${options.dataDir}` : 'PGlite in memory'}${worker ? ' (worker thread)' : ''}`,
    async query(text, params) {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    // PGlite plans every extended-protocol query anew; a server-side PREPARE plans once (6x faster for the
    // auth query). EXECUTE takes no bind parameters here, so the values are passed as quoted literals, whose
    // types PREPARE inferred from the statement (its casts, or the columns they are compared with).
    async prepared(name, text, params) {
      let prepare = preparing.get(name);
      if (!prepare) {
        prepare = client.exec(`prepare ${name} as ${text}`);
        preparing.set(name, prepare);
        // A failed PREPARE is tried again by the next call.
        prepare.catch(() => preparing.delete(name));
      }
      await prepare;
      const r = await client.query(
        params.length ? `execute ${name}(${params.map(literalOf).join(', ')})` : `execute ${name}`,
      );
      return { rows: r.rows as never[] };
    },
    async close() {
      if (!client.closed) await client.close();
      lock?.release();
    },
  };
}

/**
 * Names for statements that come back. A statement run a second time (same text; its values are bound, so the
 * text is the query's shape) gets a name, and node-postgres then parses it once per connection and PostgreSQL
 * keeps its plan (`plan_cache_mode` decides custom or generic plans), instead of parsing and planning an unnamed
 * statement on every call: under load that cost more CPU in PostgreSQL than the statement itself (the bill list:
 * 0.54 ms of backend CPU per request for a 0.1 ms execution). Only statements with bound values (already sent with
 * the extended protocol; a text without values may hold several statements) are named, and at most
 * `NAMED_STATEMENTS_MAX` texts a process, so that texts built with a varying shape (a list of n ids) cannot grow
 * the backends' memory without bound: past that they stay unnamed.
 */
export const NAMED_STATEMENTS_MAX = 500;
const statementNames = new Map<string, string | null>();

/**
 * A page of a list (`offset $n`) is never named. A named statement runs on PostgreSQL's plan cache, which after
 * five runs may switch to one generic plan for every value: once one user had paged deep into a large rent, the
 * connection kept a plan that walks the whole tenant backwards, and a user scoped to two small rents then waited
 * 26-28 ms in PostgreSQL for a page that a plan made for his values finds in 0.15 ms (the driver list of a small
 * old rent: 28-70 ms instead of 0.2-0.7 ms). The best plan of a page depends on its values (how deep, how many
 * records the scope's rents hold), so it is planned with them each time, as an unnamed statement is.
 */
const PAGE_STATEMENT = /\boffset\s+\$\d+/i;

export function statementName(text: string): string | undefined {
  if (PAGE_STATEMENT.test(text) && namingMode !== 'all') return undefined;
  const known = statementNames.get(text);
  if (known) return known;
  if (known === undefined) {
    // First sight: remembered (bounded too), named from the second.
    if (statementNames.size < NAMED_STATEMENTS_MAX * 4) statementNames.set(text, null);
    return undefined;
  }
  if (namedCount >= NAMED_STATEMENTS_MAX) return undefined;
  namedCount++;
  const name = `fd_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}
let namedCount = 0;
/**
 * PG_STATEMENT_NAMES, to measure the difference (bench/contracts-profile, bench/db-limit): `off` names nothing, as
 * before the throughput issue; `all` names pages too, as before issue 28; anything else is the rule above.
 */
const namingMode = process.env.PG_STATEMENT_NAMES;
const naming = namingMode !== 'off';

/**
 * Forgets which texts were seen and named, as a new process would (a test that counts namings runs after other
 * files in the same worker). A name is the hash of its text, so a statement named again keeps its name.
 */
export function forgetStatementNames(): void {
  statementNames.clear();
  namedCount = 0;
}

/**
 * `BENCH_CAPTURE_SQL=<file>` (the db-limit benchmark only): every statement the pool sends is appended to the file
 * as a JSON line `{ text, values }`, its values as the driver sends them, so that pgbench can replay a call's.
 */
const captureFile = process.env.BENCH_CAPTURE_SQL || null;

/** node-postgres' own conversion of a value to the text it sends (arrays as `{...}`, dates in local time). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(v: unknown): string | null } }).utils;

function capture(text: string, values: unknown[] | undefined): void {
  appendFileSync(captureFile!, `${JSON.stringify({ text, values: (values ?? []).map(prepareValue) })}\n`);
}

/** A node-postgres client that names the statements that come back (`statementName`). */
class NamingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(NamingClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const [config, values] = args;
  if (typeof config === 'string' && captureFile) capture(config, Array.isArray(values) ? values : undefined);
  if (config && typeof config === 'object' && !('submit' in config)) {
    const c = config as pg.QueryConfig;
    const bound = (Array.isArray(values) ? values : c.values)?.length;
    if (captureFile) capture(c.text, Array.isArray(values) ? values : c.values);
    if (!c.name && typeof c.text === 'string' && bound && naming) {
      const name = statementName(c.text);
      if (name) args[0] = { ...c, name };
    }
  }
  return plainQuery.apply(this, args);
};

/**
 * Settings of the server's own connections. The requests are short and many run at once, so a statement gets
 * neither JIT compilation nor parallel workers: PostgreSQL's defaults turn both on past a cost that a list over
 * a large tenant reaches (the debt list at 1,000,000 bill lines: 570-1,900 ms with them, 80-90 ms without, of which
 * the JIT's compilation alone took 60 ms, and the workers' start the rest on two busy cores). A connection string
 * that sets its own `options` keeps them.
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const own = new URL(url).searchParams.has('options');
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    // A request waits at most this long for a connection (all busy, or the database away): then it fails, and the
    // answer is 503 (core/error-handler.ts), instead of holding the caller without end.
    connectionTimeoutMillis: 10_000,
    Client: NamingClient,
    ...(own ? {} : { options: SESSION_OPTIONS }),
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  // A client checked out (between two statements of a transaction) has no pool listener: a connection the server
  // ends then (a restart: 57P01) would throw an unhandled 'error' and end the process. The statement in flight fails
  // (503, core/error-handler.ts) and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  const u = new URL(url);
  return {
    kind: 'postgres',
    db,
    pool,
    url,
    describe: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`,
    async query(text, params) {
      const r = await pool.query(text, params as unknown[]);
      return { rows: r.rows };
    },
    async prepared(name, text, params) {
      const r = await pool.query({ name, text, values: params });
      return { rows: r.rows };
    },
    async close() {
      await pool.end();
    },
  };
}

/** A prepared statement's parameter as an SQL literal (arrays as array literals: `'{1,2}'`). */
export function literalOf(value: PreparedParam): string {
  const text =
    typeof value === 'object'
      ? `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`
      : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

const MIGRATION_LOCK = 7_243_001;

/**
 * Applies the generated migrations. On PostgreSQL an advisory lock makes concurrent starts of several API
 * processes wait for one another instead of racing.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await database.pglite!.exec('create extension if not exists pg_trgm; create extension if not exists btree_gist');
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('create extension if not exists pg_trgm');
    await client.query('create extension if not exists btree_gist');
    await migrateNodePg(drizzleNodePg(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
    // pg-boss makes its schema when it first starts, and two processes starting together on a new database could
    // both insert it (23505 on pg_namespace, seen in ops/topology.mjs): made here, once, under the migration lock.
    await client.query('create schema if not exists pgboss');
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * Rows of a raw SQL statement, the same on both drivers, typed by the caller's row interface `R`: name each column
 * the statement answers with the type the drivers give it (`RawNumber` for bigint, count and numeric columns,
 * `RawTime` for timestamps, `text` enums as their union), so the mapper that follows reads them without casts.
 */
export async function rowsOf<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}

/**
 * Ids as one `int8[]` parameter (`= any(${idArray(ids)})`): a Drizzle `sql` array would expand into one parameter
 * per id, so the statement's text would change with the list's length (and could not be named once).
 */
export function idArray(list: Iterable<number>): SQL {
  return sql`${`{${[...list].map((n) => Math.trunc(n)).join(',')}}`}::int8[]`;
}

/** `rowsOf` and a mapper from the raw row `R` to what the area answers. */
export async function mapRows<R, T>(db: DbOrTx, query: SQL, map: (row: R) => T): Promise<T[]> {
  return (await rowsOf<R>(db, query)).map(map);
}

/** A bigint, count or numeric column in a raw row: a string from node-postgres, a number from PGlite. */
export type RawNumber = number | string;
/** A timestamp column in a raw row: a Date from node-postgres, a string or Date from PGlite. */
export type RawTime = Date | string;
/** A jsonb array column in a raw row (PGlite may answer its text). */
export type RawJson<T> = T | string;

export const rawNumber = (v: RawNumber | null): number => Number(v ?? 0);
export const rawNumberOrNull = (v: RawNumber | null | undefined): number | null => (v == null ? null : Number(v));
export const rawIso = (v: RawTime): string => new Date(v).toISOString();
export const rawIsoOrNull = (v: RawTime | null | undefined): string | null => (v == null ? null : rawIso(v));
export function rawJson<T>(v: RawJson<T> | null | undefined, empty: T): T {
  if (v == null) return empty;
  if (typeof v !== 'string') return v;
  const parsed: T = JSON.parse(v);
  return parsed;
}

export async function ping(database: Database): Promise<boolean> {
  try {
    await rowsOf(database.db, sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The first PostgreSQL error of an error's cause chain (the drivers and Drizzle wrap them differently). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}) };
    }
  }
  return {};
}

/** Whether an error is a unique-index violation (SQLSTATE 23505), optionally of one index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}
