import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn } from './columns.js';
import { users } from './identity.js';
import { tenants } from './tenancy.js';

/** Labels put on staff (and later on drivers and customers) to address groups. */
export const labels = pgTable(
  'labels',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    color: text('color').notNull().default('blue'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('labels_name_uq').on(t.tenantId, t.name)],
);

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
