import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * Totals of list filters, each kept with the version of the data it was counted at. A list asks the database
 * for the current version (one index lookup) and counts again only when it moved: counting a status tab of
 * 60,000 cars costs Postgres more than everything else a list call does. The version is a counter that
 * statement triggers bump on every write of the table (see migration 0005), so a write from any process
 * (the API, the worker, psql) is seen by the next call.
 *
 * Bounded: the least recently used filter goes first once `max` are kept.
 */
export class CountCache {
  private readonly entries = new Map<string, { version: number; total: number }>();

  constructor(private readonly max = 2000) {}

  /** The cache key of a tenant's filter: the condition's SQL text with its parameters. */
  static keyOf(tenantId: number, where: SQL): string {
    const q = dialect.sqlToQuery(where);
    return `${tenantId}\u0000${q.sql}\u0000${JSON.stringify(q.params)}`;
  }

  get(key: string, version: number): number | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.total;
  }

  set(key: string, version: number, total: number): void {
    this.entries.delete(key);
    this.entries.set(key, { version, total });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
