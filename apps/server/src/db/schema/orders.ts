import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgSequence, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz } from './columns.js';
import { tenants } from './tenancy.js';

export const ORDER_STATUS_VALUES = ['unpaid', 'paid', 'partRefunded', 'refunded', 'cancelled', 'closed'] as const;
export const ORDER_TYPE_VALUES = [
  'membership',
  'topUp',
  'service',
  'financing',
  'booking',
  'renterTopUp',
  'driverRent',
] as const;
export const PAY_METHOD_VALUES = ['sandbox', 'wechat', 'alipay', 'balance'] as const;

/** The running part of order numbers (`M20261122103000` + 6 digits of it): unique however many per second. */
export const orderNoSeq = pgSequence('order_no_seq', { startWith: 1, cache: 20 });

/**
 * What a tenant buys from Fleetdesk: membership plans and balance top-ups (paid through a payment provider),
 * and paid services (charged to the balance; `service_code`, `units`, `unit_price_fen`, the reference of
 * the work they paid for). Owned by the payments area.
 */
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
    serviceCode: text('service_code'),
    units: integer('units'),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('unpaid'),
    /** The provider the order was offered to (`pay_code_url` its QR content), or `balance`. */
    payMethod: text('pay_method'),
    payCodeUrl: text('pay_code_url'),
    payRequestedAt: tstz('pay_requested_at'),
    /** When the provider was last asked about this order (the status poll asks at most every few seconds). */
    payQueriedAt: tstz('pay_queried_at'),
    providerTradeNo: text('provider_trade_no'),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    refundedUnits: integer('refunded_units').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    paidAt: tstz('paid_at'),
    closedAt: tstz('closed_at'),
    membershipFrom: tstz('membership_from'),
    membershipTo: tstz('membership_to'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_tenant_ix').on(t.tenantId, t.createdAt),
    index('orders_type_ix').on(t.tenantId, t.type, t.createdAt),
    index('orders_unpaid_ix')
      .on(t.expiresAt)
      .where(sql`status = 'unpaid'`),
    check('orders_status_ck', sql.raw(`status in (${inList(ORDER_STATUS_VALUES)})`)),
    check('orders_type_ck', sql.raw(`type in (${inList(ORDER_TYPE_VALUES)})`)),
    check('orders_pay_method_ck', sql.raw(`pay_method is null or pay_method in (${inList(PAY_METHOD_VALUES)})`)),
    check('orders_refunded_ck', sql`refunded_fen >= 0 and refunded_fen <= amount_fen`),
  ],
);
