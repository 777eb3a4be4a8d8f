import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn } from './columns.js';
import { tenants } from './tenancy.js';

/** Uploaded files. `key` is the storage key, which starts with the tenant id. */
export const files = pgTable(
  'files',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: bigintRef('uploaded_by'),
    /** Uploaded by a driver through the driver portal (issue 34); `uploaded_by` is then null. */
    driverId: bigintRef('driver_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('files_key_uq').on(t.key),
    index('files_tenant_ix').on(t.tenantId, t.createdAt),
  ],
);
