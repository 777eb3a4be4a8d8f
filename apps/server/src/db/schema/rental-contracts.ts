import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { rents, tenants } from './tenancy.js';
import { cars } from './vehicles.js';

const CONTRACT_STATES = ['pending', 'signed', 'completed', 'terminated', 'cancelled'] as const;
const LINE_STATES = ['unpaid', 'partial', 'paid', 'waived'] as const;
const localDate = (name: string) => date(name, { mode: 'string' });
const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * A rental contract between a rent of the tenant and a driver, for one car. Money is integer fen. A renewal is
 * a new contract in the same group (`group_no`, `group_seq`) that starts the day after the previous one ends;
 * a car change ends the contract at the change day and goes on in a new contract of the group with the new
 * car (`origin`, `previous_id`).
 */
export const rentalContracts = pgTable(
  'rental_contracts',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    number: text('number').notNull(),
    groupNo: text('group_no').notNull(),
    groupSeq: integer('group_seq').notNull().default(1),
    /** new | renewal | carChange */
    origin: text('origin').notNull().default('new'),
    /** The contract this one renews or replaces (renewal, car change). */
    previousId: bigintRef('previous_id'),
    driverId: bigintRef('driver_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    template: text('template'),
    type: text('type').notNull(),
    period: text('period').notNull(),
    billing: text('billing').notNull(),
    paymentDay: integer('payment_day'),
    startDate: localDate('start_date').notNull(),
    endDate: localDate('end_date').notNull(),
    instalments: integer('instalments').notNull(),
    rentalDays: integer('rental_days').notNull(),
    freeDays: integer('free_days').notNull().default(0),
    depositFen: fen('deposit_fen').notNull().default(0),
    managementFeeFen: fen('management_fee_fen').notNull().default(0),
    rentFen: fen('rent_fen').notNull(),
    totalRentFen: fen('total_rent_fen').notNull(),
    insuranceBaseFen: fen('insurance_base_fen').notNull().default(0),
    insuranceExtraFen: fen('insurance_extra_fen').notNull().default(0),
    buyOutFen: fen('buy_out_fen'),
    totalFen: fen('total_fen').notNull(),
    discountPlan: text('discount_plan'),
    discountFen: fen('discount_fen').notNull().default(0),
    discountState: text('discount_state').notNull().default('none'),
    clauses: jsonb('clauses').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    state: text('state').notNull().default('pending'),
    dispatched: boolean('dispatched').notNull().default(false),
    debtAssigneeId: bigintRef('debt_assignee_id'),
    remark: text('remark'),
    signedAt: tstz('signed_at'),
    endedAt: tstz('ended_at'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    uniqueIndex('rental_contracts_number_uq').on(t.tenantId, t.number),
    // One live contract per car: pending or signed (a renewal keeps the car of the contract it follows).
    uniqueIndex('rental_contracts_live_car_uq')
      .on(t.tenantId, t.carId)
      .where(sql`state in ('pending', 'signed') and origin <> 'renewal'`),
    // At most one live follower (renewal or car change) per contract.
    uniqueIndex('rental_contracts_live_next_uq')
      .on(t.tenantId, t.previousId)
      .where(sql`previous_id is not null and state in ('pending', 'signed')`),
    index('rental_contracts_group_ix').on(t.tenantId, t.groupNo, t.groupSeq),
    index('rental_contracts_rent_ix').on(t.tenantId, t.rentId, t.state, t.id),
    index('rental_contracts_state_ix').on(t.tenantId, t.state, t.id, t.rentId),
    index('rental_contracts_driver_ix').on(t.tenantId, t.driverId),
    index('rental_contracts_car_ix').on(t.tenantId, t.carId),
    check('rental_contracts_state_ck', sql.raw(`state in (${inList(CONTRACT_STATES)})`)),
    check('rental_contracts_origin_ck', sql`origin in ('new', 'renewal', 'carChange')`),
  ],
);

/**
 * A temporary replacement car of a contract (long repairs): the car is rented out for the period, the contract
 * keeps its own car, and what the temporary car does in the period (violations) belongs to the contract.
 * `active` while booked or in use, until ended (early, or by the daily job after `to_date`) or cancelled.
 */
export const rentalTempCars = pgTable(
  'rental_temp_cars',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    fromDate: localDate('from_date').notNull(),
    toDate: localDate('to_date').notNull(),
    reason: text('reason').notNull(),
    /** booked (starts later: the car is reserved) -> inUse (handed over: rented, a usage period open) -> ended; booked -> cancelled. */
    state: text('state').notNull().default('inUse'),
    /** booked or in use: the car is held (one active record per car). */
    active: boolean('active').notNull().default(true),
    /** The usage period its handover opened (the driver of the contract on the temporary car). */
    usagePeriodId: bigintRef('usage_period_id'),
    endedAt: tstz('ended_at'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    index('rental_temp_cars_contract_ix').on(t.tenantId, t.contractId, t.id),
    // contractForCarAt: the temporary periods of a car.
    index('rental_temp_cars_car_ix').on(t.tenantId, t.carId, t.fromDate),
    uniqueIndex('rental_temp_cars_active_uq')
      .on(t.tenantId, t.carId)
      .where(sql`active`),
    check('rental_temp_cars_dates_ck', sql`to_date >= from_date`),
    check('rental_temp_cars_state_ck', sql`state in ('booked', 'inUse', 'ended', 'cancelled')`),
  ],
);

/** Number sequences per prefix (per rent prefix from the company settings). */
export const rentalContractNumbers = pgTable(
  'rental_contract_numbers',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    prefix: text('prefix').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.prefix] })],
);

/** Collection accounts (cash box, bank account...) with a running balance in fen. */
export const collectionAccounts = pgTable(
  'collection_accounts',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    balanceFen: fen('balance_fen').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('collection_accounts_name_uq').on(t.tenantId, t.name),
  ],
);

/**
 * A payment line of a contract: what is due when, what was paid (partial payments add up) and into which
 * account. `version` grows with every collection or waiver: a clerk's collection names the version he saw, so
 * two clerks collecting one line at once cannot both succeed.
 */
export const rentalPaymentLines = pgTable(
  'rental_payment_lines',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    type: text('type').notNull(),
    period: integer('period'),
    periodStart: localDate('period_start'),
    periodEnd: localDate('period_end'),
    dueDate: localDate('due_date').notNull(),
    amountFen: fen('amount_fen').notNull(),
    paidFen: fen('paid_fen').notNull().default(0),
    state: text('state').notNull().default('unpaid'),
    paidDate: localDate('paid_date'),
    accountId: bigintRef('account_id'),
    /** A late-fee line: the line it is the late fee of (one per line, updated by the daily job). */
    lateFeeFor: bigintRef('late_fee_for'),
    overdueDays: integer('overdue_days').notNull().default(0),
    valid: boolean('valid').notNull().default(true),
    version: integer('version').notNull().default(0),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    index('rental_payment_lines_contract_ix').on(t.tenantId, t.contractId, t.dueDate),
    // The dashboard's daily reports: every valid line due on a day (paid or not), by due date.
    index('rental_payment_lines_due_ix')
      .on(t.tenantId, t.dueDate)
      .where(sql`valid`),
    // The overdue job and the debt list: open lines by due date.
    index('rental_payment_lines_open_ix')
      .on(t.tenantId, t.dueDate, t.rentId)
      .where(sql`state in ('unpaid', 'partial') and valid`),
    // The debt list: what is owed (open, not a late fee, a positive amount) by due date, with its contract, so that
    // the counts per bucket read the index alone and a page walks it in the list's order.
    index('rental_payment_lines_debt_ix')
      .on(t.tenantId, t.dueDate, t.rentId, t.contractId)
      .where(sql`state in ('unpaid', 'partial') and valid and type <> 'lateFee' and amount_fen > 0`),
    uniqueIndex('rental_payment_lines_late_fee_uq')
      .on(t.tenantId, t.lateFeeFor)
      .where(sql`late_fee_for is not null`),
    check('rental_payment_lines_state_ck', sql.raw(`state in (${inList(LINE_STATES)})`)),
    check('rental_payment_lines_paid_ck', sql`abs(paid_fen) <= abs(amount_fen)`),
  ],
);

/** One collection of money against a line, into an account. */
export const rentalCollections = pgTable(
  'rental_collections',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    lineId: bigintRef('line_id').notNull(),
    accountId: bigintRef('account_id').notNull(),
    amountFen: fen('amount_fen').notNull(),
    balanceAfterFen: fen('balance_after_fen').notNull(),
    paidDate: localDate('paid_date').notNull(),
    userId: bigintRef('user_id'),
    remark: text('remark'),
    /** The stable address of the payment voucher (a photo or PDF of the transfer slip), if one was uploaded. */
    voucher: text('voucher'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.lineId],
      foreignColumns: [rentalPaymentLines.tenantId, rentalPaymentLines.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.accountId],
      foreignColumns: [collectionAccounts.tenantId, collectionAccounts.id],
    }),
    index('rental_collections_contract_ix').on(t.tenantId, t.contractId, t.id),
    index('rental_collections_account_ix').on(t.tenantId, t.accountId, t.id),
  ],
);

/** A contract's history: creation, changes, state changes, collections, waivers, discount, follow-ups. */
export const rentalContractEvents = pgTable(
  'rental_contract_events',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    kind: text('kind').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    /** The remark in Chinese as written (a user's own words have no key). */
    remark: text('remark'),
    /** A remark the system writes, as a message key and its parameters (rendered in the reader's language). */
    textKey: text('text_key'),
    textParams: jsonb('text_params'),
    userId: bigintRef('user_id'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    index('rental_contract_events_contract_ix').on(t.tenantId, t.contractId, t.id),
  ],
);

/** Debt-collection follow-up notes of a contract. */
export const debtFollowUps = pgTable(
  'debt_follow_ups',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    note: text('note').notNull(),
    userId: bigintRef('user_id'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    index('debt_follow_ups_contract_ix').on(t.tenantId, t.contractId, t.id),
  ],
);

/** Reminders sent (rent due, contract end, overdue), once each. */
export const rentalReminders = pgTable(
  'rental_reminders',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    key: text('key').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
