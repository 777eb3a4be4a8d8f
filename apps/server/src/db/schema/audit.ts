import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn } from './columns.js';
import { tenants } from './tenancy.js';

/** One row per successful write through the API, recorded by the audit hook in core. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id'),
    userId: bigintRef('user_id'),
    username: text('username'),
    /** A driver's write through the driver portal (issue 34): `user_id` is null and `username` his name. */
    driverId: bigintRef('driver_id'),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: jsonb('summary'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('operation_logs_time_ix').on(t.tenantId, t.createdAt),
    index('operation_logs_target_ix').on(t.tenantId, t.targetType, t.targetId),
    index('operation_logs_user_ix').on(t.tenantId, t.userId, t.createdAt),
  ],
);
