import { boolean, foreignKey, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenants } from './tenancy.js';

/** A user's named filters of a list screen (`screen` = rentCar, rentDriver...); one may be the default. */
export const savedFilters = pgTable(
  'saved_filters',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    userId: bigintRef('user_id').notNull(),
    screen: text('screen').notNull(),
    name: text('name').notNull(),
    filter: jsonb('filter').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    uniqueIndex('saved_filters_name_uq').on(t.tenantId, t.userId, t.screen, t.name),
  ],
);
