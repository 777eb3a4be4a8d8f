import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz } from './columns.js';
import { tenants } from './tenancy.js';

export const ORDER_STATUS_VALUES = ['unpaid', 'paid', 'cancelled', 'closed'] as const;

/** What a tenant buys from Fleetdesk (memberships now; paid services later). Paid by the orders area. */
export const orders = pgTable(
  'orders',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    type: text('type').notNull(),
    planCode: text('plan_code'),
    years: integer('years').notNull().default(1),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('unpaid'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    paidAt: tstz('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_tenant_ix').on(t.tenantId, t.createdAt),
    check('orders_status_ck', sql.raw(`status in (${inList(ORDER_STATUS_VALUES)})`)),
  ],
);
