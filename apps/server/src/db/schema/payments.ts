import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { drivers } from './drivers.js';
import { orders } from './orders.js';
import { tenants } from './tenancy.js';

export const LEDGER_KIND_VALUES = ['topUp', 'charge', 'chargeRefund', 'withdraw', 'withdrawReversal'] as const;

/**
 * A tenant's prepaid balance in fen. Debits take it down with one conditional update (`balance_fen >= x`),
 * which the row lock serialises, so concurrent charges never overdraw and never lose an update.
 */
export const tenantBalances = pgTable(
  'tenant_balances',
  {
    tenantId: bigintRef('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  () => [check('tenant_balances_nonnegative_ck', sql`balance_fen >= 0`)],
);

/** One row per balance movement, with the balance after it; in id order they replay the balance. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    kind: text('kind').notNull(),
    /** Signed: + credit, - debit. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    orderId: bigintRef('order_id'),
    refundId: bigintRef('refund_id'),
    serviceCode: text('service_code'),
    units: integer('units'),
    description: text('description').notNull(),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    index('balance_ledger_created_ix').on(t.tenantId, t.createdAt),
    index('balance_ledger_order_ix').on(t.tenantId, t.orderId),
    check('balance_ledger_kind_ck', sql.raw(`kind in (${inList(LEDGER_KIND_VALUES)})`)),
    check('balance_ledger_after_ck', sql`balance_after_fen >= 0`),
    check('balance_ledger_amount_ck', sql`amount_fen <> 0`),
  ],
);

export const REFUND_CHANNEL_VALUES = ['balance', 'provider'] as const;
export const REFUND_STATUS_VALUES = ['processing', 'succeeded', 'failed'] as const;

/**
 * Money given back on an order: units of a paid-service charge credited to the balance (`balance`, keyed by
 * the caller's `key` so the same units are never given back twice), or unused top-up paid back to the payer
 * through the provider (`provider`, `refund_no` is the provider's out_refund_no / out_request_no).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    orderId: bigintRef('order_id').notNull(),
    refundNo: text('refund_no').notNull(),
    channel: text('channel').notNull(),
    refundKey: text('refund_key'),
    units: integer('units'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    providerRefundId: text('provider_refund_id'),
    failure: text('failure'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    uniqueIndex('order_refunds_no_uq').on(t.refundNo),
    uniqueIndex('order_refunds_key_uq').on(t.tenantId, t.orderId, t.refundKey),
    index('order_refunds_processing_ix')
      .on(t.createdAt)
      .where(sql`status = 'processing'`),
    check('order_refunds_channel_ck', sql.raw(`channel in (${inList(REFUND_CHANNEL_VALUES)})`)),
    check('order_refunds_status_ck', sql.raw(`status in (${inList(REFUND_STATUS_VALUES)})`)),
    check('order_refunds_amount_ck', sql`amount_fen >= 0`),
  ],
);

/**
 * Every payment notification received (platform table: it arrives before we know the tenant), with what
 * came of it. `(provider, notify_id)` is unique, so a replayed notification is recognised.
 */
export const payNotifications = pgTable(
  'pay_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    notifyId: text('notify_id').notNull(),
    orderNo: text('order_no'),
    tenantId: bigintRef('tenant_id'),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    outcome: text('outcome').notNull(),
    detail: jsonb('detail'),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_notifications_uq').on(t.provider, t.notifyId),
    index('pay_notifications_order_ix').on(t.orderNo),
  ],
);

export const SANDBOX_TRADE_STATE_VALUES = ['waiting', 'scanned', 'approved', 'declined', 'closed'] as const;

/** The sandbox provider's own books: what a real provider keeps on its side (platform table). */
export const paySandboxTrades = pgTable(
  'pay_sandbox_trades',
  {
    orderNo: text('order_no').primaryKey(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    token: text('token').notNull(),
    state: text('state').notNull().default('waiting'),
    tradeNo: text('trade_no').notNull(),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    paidAt: tstz('paid_at'),
  },
  () => [check('pay_sandbox_trades_state_ck', sql.raw(`state in (${inList(SANDBOX_TRADE_STATE_VALUES)})`))],
);

export const RENTER_LEDGER_KIND_VALUES = ['topUp', 'trip', 'refund', 'adjust'] as const;

/**
 * A renter's (a driver's) prepaid balance for time-share trips (issue 33), fen. Like the tenant balance: debits
 * are one conditional update (`balance_fen >= x`), so concurrent trips never overdraw.
 */
export const renterBalances = pgTable(
  'renter_balances',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    driverId: bigintRef('driver_id').notNull(),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.driverId] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    check('renter_balances_nonnegative_ck', sql`balance_fen >= 0`),
  ],
);

/** One row per renter balance movement, with the balance after it; in id order they replay the balance. */
export const renterLedger = pgTable(
  'renter_ledger',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    driverId: bigintRef('driver_id').notNull(),
    kind: text('kind').$type<(typeof RENTER_LEDGER_KIND_VALUES)[number]>().notNull(),
    /** Signed: + credit, - debit. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    orderId: bigintRef('order_id'),
    /** What the movement paid for (`trip` and the trip id), or null. */
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    index('renter_ledger_driver_ix').on(t.tenantId, t.driverId, t.id),
    // A top-up order credits once; a trip is debited once.
    uniqueIndex('renter_ledger_order_uq')
      .on(t.tenantId, t.orderId, t.kind)
      .where(sql`order_id is not null`),
    uniqueIndex('renter_ledger_reference_uq')
      .on(t.tenantId, t.kind, t.referenceType, t.referenceId)
      .where(sql`reference_id is not null and kind = 'trip'`),
    check('renter_ledger_kind_ck', sql.raw(`kind in (${inList(RENTER_LEDGER_KIND_VALUES)})`)),
    check('renter_ledger_after_ck', sql`balance_after_fen >= 0`),
    check('renter_ledger_amount_ck', sql`amount_fen <> 0`),
  ],
);
