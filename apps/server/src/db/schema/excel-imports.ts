import { integer, jsonb, pgTable, primaryKey, text, index } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, tstz } from './columns.js';
import { tenants } from './tenancy.js';

/**
 * One Excel import (any type: cars, drivers...): who sent which file, with what target, and how it ended.
 * A large import runs as a task (`task_id`); the context it ran with (rents, language, target) is kept so that
 * a worker can resume it after a restart.
 */
export const excelImports = pgTable(
  'excel_imports',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    /** `{ extra, rentId, rentIds, lang }` of the request. */
    context: jsonb('context').notNull(),
    total: integer('total').notNull(),
    imported: integer('imported'),
    failed: integer('failed'),
    taskId: bigintRef('task_id'),
    createdBy: bigintRef('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('excel_imports_time_ix').on(t.tenantId, t.createdAt)],
);
