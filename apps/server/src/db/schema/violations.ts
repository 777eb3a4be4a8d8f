import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { costCentres } from './office.js';
import { rents, tenants } from './tenancy.js';
import { cars } from './vehicles.js';

export const VIOLATION_SOURCES = ['query', 'manual', 'demo'] as const;
export const QUERY_ORDER_STATES = ['running', 'completed', 'failed'] as const;
export const QUERY_ITEM_STATES = ['pending', 'done', 'failed'] as const;

/**
 * A traffic violation of a car. The violation number (the authority's 决定书/档案编号, or the provider's) is
 * unique per tenant: a query that finds it again updates it (handled state, late fee) instead of adding it.
 * `rent_id` is the car's rent when the record was made, so that the list is scoped without a join.
 */
export const violations = pgTable(
  'violations',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    plate: text('plate').notNull(),
    violationNo: text('violation_no').notNull(),
    occurredAt: tstz('occurred_at').notNull(),
    place: text('place').notNull(),
    offenceCode: text('offence_code').notNull(),
    offenceText: text('offence_text').notNull(),
    fineFen: bigint('fine_fen', { mode: 'number' }).notNull().default(0),
    points: integer('points').notNull().default(0),
    lateFeeFen: bigint('late_fee_fen', { mode: 'number' }).notNull().default(0),
    handled: boolean('handled').notNull().default(false),
    handledAt: tstz('handled_at'),
    authority: text('authority').notNull().default(''),
    /** The driver it is attributed to, chosen by hand (later: from the car's usage period at that minute). */
    driverId: bigintRef('driver_id'),
    /** The usage period that attributed the driver (handover area, set by triggers); null = by hand or none. */
    usagePeriodId: bigintRef('usage_period_id'),
    source: text('source').notNull().default('manual'),
    /** The query order that first found it. */
    orderId: bigintRef('order_id'),
    /** The cost centre its fine was posted to when handled (its own choice; null: the settings' default or none). */
    costCentreId: bigintRef('cost_centre_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.costCentreId], foreignColumns: [costCentres.tenantId, costCentres.id] }),
    uniqueIndex('violations_no_uq').on(t.tenantId, t.violationNo),
    // The list: the caller's rents newest first; a handled tab; a car's and a driver's records.
    index('violations_rent_ix').on(t.tenantId, t.rentId, t.id),
    index('violations_handled_ix').on(t.tenantId, t.handled, t.rentId, t.id),
    index('violations_car_ix').on(t.tenantId, t.carId, t.occurredAt),
    index('violations_driver_ix')
      .on(t.tenantId, t.driverId, t.handled)
      .where(sql`driver_id is not null`),
    index('violations_occurred_ix').on(t.tenantId, t.occurredAt),
    index('violations_plate_trgm_ix').using('gin', t.plate.op('gin_trgm_ops')),
    check('violations_source_ck', sql.raw(`source in (${inList(VIOLATION_SOURCES)})`)),
    check('violations_amounts_ck', sql`fine_fen >= 0 and late_fee_fen >= 0 and points >= 0`),
  ],
);

/** Per tenant: a version bumped by statement triggers on every write of `violations` (list totals cache). */
export const violationListVersions = pgTable('violation_list_versions', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** The limits that raise reminders, on totals of unhandled violations (null: no reminder). */
export const violationLimitConfigs = pgTable('violation_limit_configs', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  carPoints: integer('car_points'),
  carFineFen: bigint('car_fine_fen', { mode: 'number' }),
  driverPoints: integer('driver_points'),
  driverFineFen: bigint('driver_fine_fen', { mode: 'number' }),
  updatedBy: bigintRef('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * What was reminded: one row per car or driver over a limit, with the totals it was reminded at. A later
 * run reminds again only when a total grew past them.
 */
export const violationLimitReminders = pgTable(
  'violation_limit_reminders',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    subject: text('subject').notNull(),
    subjectId: bigintRef('subject_id').notNull(),
    points: integer('points').notNull(),
    fineFen: bigint('fine_fen', { mode: 'number' }).notNull(),
    remindedAt: tstz('reminded_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.subject, t.subjectId] }),
    check('violation_limit_reminders_subject_ck', sql`subject in ('car', 'driver')`),
  ],
);

/** A paid violation query: its charge (a paid-service order of the payments module) and its task. */
export const violationQueryOrders = pgTable(
  'violation_query_orders',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('running'),
    provider: text('provider').notNull(),
    carCount: integer('car_count').notNull(),
    chargeId: bigintRef('charge_id'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    found: integer('found').notNull().default(0),
    added: integer('added').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    taskId: bigintRef('task_id'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('violation_query_orders_created_ix').on(t.tenantId, t.id),
    check('violation_query_orders_kind_ck', sql`kind in ('single', 'batch')`),
    check('violation_query_orders_state_ck', sql.raw(`state in (${inList(QUERY_ORDER_STATES)})`)),
  ],
);

/** One car of a query order: what the provider answered for it (kept as received) and what it changed. */
export const violationQueryItems = pgTable(
  'violation_query_items',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    orderId: bigintRef('order_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    plate: text('plate').notNull(),
    state: text('state').notNull().default('pending'),
    found: integer('found').notNull().default(0),
    added: integer('added').notNull().default(0),
    error: text('error'),
    refunded: boolean('refunded').notNull().default(false),
    raw: jsonb('raw'),
    queriedAt: tstz('queried_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orderId, t.carId] }),
    foreignKey({
      columns: [t.tenantId, t.orderId],
      foreignColumns: [violationQueryOrders.tenantId, violationQueryOrders.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    index('violation_query_items_car_ix').on(t.tenantId, t.carId, t.queriedAt),
    check('violation_query_items_state_ck', sql.raw(`state in (${inList(QUERY_ITEM_STATES)})`)),
  ],
);
