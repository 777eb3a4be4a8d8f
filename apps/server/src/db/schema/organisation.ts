import { sql } from 'drizzle-orm';
import { check, foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenants } from './tenancy.js';

export const LABEL_KINDS = ['employee', 'driver', 'car', 'customer'] as const;

/** Labels put on staff, drivers, cars and customers to address groups; each label is of one kind. */
export const labels = pgTable(
  'labels',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    kind: text('kind').notNull().default('employee'),
    name: text('name').notNull(),
    color: text('color').notNull().default('blue'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('labels_kind_name_uq').on(t.tenantId, t.kind, t.name),
    check('labels_kind_ck', sql.raw(`kind in (${inList(LABEL_KINDS)})`)),
  ],
);

/**
 * The business rules of a tenant that later areas read (reminder lead days, grace days, late fees, numbering,
 * map tiles...), one JSON document checked by its contract (`TenantRules`) with defaults for what is unset.
 */
export const tenantSettings = pgTable('tenant_settings', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  rules: jsonb('rules').notNull().default({}),
  updatedBy: bigintRef('updated_by'),
  updatedAt: updatedAt(),
});

export const userLabels = pgTable(
  'user_labels',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    labelId: bigintRef('label_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.labelId] }),
    index('user_labels_label_ix').on(t.tenantId, t.labelId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.labelId], foreignColumns: [labels.tenantId, labels.id] }).onDelete('cascade'),
  ],
);
