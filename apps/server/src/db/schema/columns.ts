import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Bigint identity primary-key column; the table's key is `(tenant_id, id)` where the table is tenant-owned. */
export const idColumn = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
export const bigintRef = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** SQL list for a check constraint: `status in ('a','b')`. */
export function inList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}
