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
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { drivers } from './drivers.js';
import { users } from './identity.js';
import { orders } from './orders.js';
import { rents, tenants } from './tenancy.js';
import { carTypes, cars } from './vehicles.js';

/**
 * Short-term rental (短租, issue 33, migration 0041; design in the issue's notes). The enums repeat the contracts'
 * lists (`@fleetdesk/contracts/short-term`); the check constraints keep the database honest. Money is fen.
 */
export const ST_BOOKING_STATES = ['unpaid', 'toPickUp', 'inUse', 'returned', 'completed', 'cancelled'] as const;
/** The live states: the car is held; the exclusion constraint `st_bookings_no_overlap` covers them. */
export const ST_LIVE_STATES = ['unpaid', 'toPickUp', 'inUse'] as const;
export const ST_EXTRA_KINDS = ['childSeat', 'extraDriver', 'other'] as const;
export const ST_BOOKING_EVENT_KINDS = [
  'created',
  'paid',
  'cancelled',
  'pickedUp',
  'returned',
  'settled',
  'balancePaid',
  'refunded',
  'violationReleased',
  'overdue',
] as const;

const fen = (name: string) => bigint(name, { mode: 'number' });
const coord = (name: string) => numeric(name, { precision: 9, scale: 6, mode: 'number' });
const localDate = (name: string) => date(name, { mode: 'string' });
const LIVE = sql.raw(`state in (${inList(ST_LIVE_STATES)})`);

/** A store (门店) of a rent: where short-term cars are picked up and returned. Soft-deleted. */
export const stStores = pgTable(
  'st_stores',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** WGS-84. */
    lat: coord('lat').notNull(),
    lon: coord('lon').notNull(),
    phone: text('phone').notNull(),
    /** 'HH:MM', local time. */
    opensAt: text('opens_at').notNull().default('08:00'),
    closesAt: text('closes_at').notNull().default('20:00'),
    minNoticeHours: integer('min_notice_hours').notNull().default(2),
    maxDaysAhead: integer('max_days_ahead').notNull().default(90),
    /** 0: no delivery. */
    deliveryRadiusKm: integer('delivery_radius_km').notNull().default(0),
    deliveryFeeFen: fen('delivery_fee_fen').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('st_stores_name_uq')
      .on(t.tenantId, t.name)
      .where(sql`deleted_at is null`),
    index('st_stores_rent_ix')
      .on(t.tenantId, t.rentId)
      .where(sql`deleted_at is null`),
    check(
      'st_stores_hours_ck',
      sql`opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and closes_at > opens_at`,
    ),
    check(
      'st_stores_values_ck',
      sql`min_notice_hours >= 0 and max_days_ahead >= 1 and delivery_radius_km >= 0 and delivery_fee_fen >= 0`,
    ),
  ],
);

/** The cars of a store: a car is in one store at a time (and never in time-share: service check). */
export const stStoreCars = pgTable(
  'st_store_cars',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    carId: bigintRef('car_id').notNull(),
    storeId: bigintRef('store_id').notNull(),
    addedAt: tstz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.carId] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stStores.tenantId, stStores.id] }),
    index('st_store_cars_store_ix').on(t.tenantId, t.storeId),
  ],
);

/** The price of a car type in a store: weekday and weekend day prices, long-rental discounts, mileage, deposits. */
export const stPrices = pgTable(
  'st_prices',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    storeId: bigintRef('store_id').notNull(),
    carTypeId: bigintRef('car_type_id').notNull(),
    weekdayFen: fen('weekday_fen').notNull(),
    weekendFen: fen('weekend_fen').notNull(),
    /** Basis points (100 = 1 %), 0-9000. */
    discount7Bp: integer('discount7_bp').notNull().default(0),
    discount15Bp: integer('discount15_bp').notNull().default(0),
    discount30Bp: integer('discount30_bp').notNull().default(0),
    /** Per day; null: unlimited. */
    mileageLimitKm: integer('mileage_limit_km'),
    overKmFen: fen('over_km_fen').notNull().default(0),
    damageDepositFen: fen('damage_deposit_fen').notNull().default(0),
    violationDepositFen: fen('violation_deposit_fen').notNull().default(0),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stStores.tenantId, stStores.id] }),
    foreignKey({ columns: [t.tenantId, t.carTypeId], foreignColumns: [carTypes.tenantId, carTypes.id] }),
    uniqueIndex('st_prices_store_type_uq').on(t.tenantId, t.storeId, t.carTypeId),
    check(
      'st_prices_values_ck',
      sql`weekday_fen >= 0 and weekend_fen >= 0 and over_km_fen >= 0 and damage_deposit_fen >= 0 and violation_deposit_fen >= 0 and (mileage_limit_km is null or mileage_limit_km > 0)`,
    ),
    check(
      'st_prices_discount_ck',
      sql`discount7_bp between 0 and 9000 and discount15_bp between 0 and 9000 and discount30_bp between 0 and 9000`,
    ),
  ],
);

/** A date-specific price of a store and car type (special days): it wins over the weekday/weekend price. */
export const stPriceDays = pgTable(
  'st_price_days',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    storeId: bigintRef('store_id').notNull(),
    carTypeId: bigintRef('car_type_id').notNull(),
    day: localDate('day').notNull(),
    priceFen: fen('price_fen').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stStores.tenantId, stStores.id] }),
    foreignKey({ columns: [t.tenantId, t.carTypeId], foreignColumns: [carTypes.tenantId, carTypes.id] }),
    uniqueIndex('st_price_days_uq').on(t.tenantId, t.storeId, t.carTypeId, t.day),
    check('st_price_days_price_ck', sql`price_fen >= 0`),
  ],
);

/** The tenant's holidays (节假日): priced as weekends, stricter cancellation. */
export const stHolidays = pgTable(
  'st_holidays',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    day: localDate('day').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('st_holidays_day_uq').on(t.tenantId, t.day)],
);

/** Protection tiers (保障服务) a renter may choose, priced per day. Soft-deleted (bookings name them). */
export const stProtections = pgTable(
  'st_protections',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    dayFen: fen('day_fen').notNull(),
    deductibleFen: fen('deductible_fen').notNull().default(0),
    tyresGlass: boolean('tyres_glass').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('st_protections_name_uq')
      .on(t.tenantId, t.name)
      .where(sql`deleted_at is null`),
    check('st_protections_values_ck', sql`day_fen >= 0 and deductible_fen >= 0`),
  ],
);

/** Extras (附加服务: child seat, additional driver, ...) priced per unit and day, capped per unit. Soft-deleted. */
export const stExtras = pgTable(
  'st_extras',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    kind: text('kind').$type<(typeof ST_EXTRA_KINDS)[number]>().notNull(),
    dayFen: fen('day_fen').notNull(),
    /** The most one unit costs for a stay; null: no cap. */
    maxFen: fen('max_fen'),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('st_extras_name_uq')
      .on(t.tenantId, t.name)
      .where(sql`deleted_at is null`),
    check('st_extras_kind_ck', sql.raw(`kind in (${inList(ST_EXTRA_KINDS)})`)),
    check('st_extras_values_ck', sql`day_fen >= 0 and (max_fen is null or max_fen >= 0)`),
  ],
);

export interface StoredExtraChoice {
  extraId: number;
  count: number;
}
/** The `quoteStay` answer (fen) kept at booking time. */
export interface StoredQuote {
  days: { date: string; priceFen: number; kind: string }[];
  rentFen: number;
  discountPct: number;
  discountFen: number;
  protectionFen: number;
  extrasFen: number;
  deliveryFen: number;
  depositFen: { damage: number; violation: number };
  mileageLimitKm: number | null;
  totalFen: number;
  payNowFen: number;
}
/** The charges of a return, fen each. */
export interface StoredCharges {
  lateFen: number;
  earlyRefundFen: number;
  fuelFen: number;
  overKmFen: number;
  damageFen: number;
  otherFen: number;
}

/**
 * A booking (短租订单). Live bookings (unpaid, toPickUp, inUse) of one car never overlap in time: the exclusion
 * constraint `st_bookings_no_overlap` (migration 0041, hand-written part) refuses the second (SQLSTATE 23P01 →
 * 409 shortTerm.carTaken).
 */
export const stBookings = pgTable(
  'st_bookings',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    /** `S` + yyyymmdd + 4 digits. */
    code: text('code').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    storeId: bigintRef('store_id').notNull(),
    returnStoreId: bigintRef('return_store_id').notNull(),
    carTypeId: bigintRef('car_type_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    state: text('state').$type<(typeof ST_BOOKING_STATES)[number]>().notNull().default('unpaid'),
    pickUpAt: tstz('pick_up_at').notNull(),
    /** Planned return. */
    returnAt: tstz('return_at').notNull(),
    /** Null: picked up at the store. */
    deliveryAddress: text('delivery_address'),
    collectionAddress: text('collection_address'),
    protectionId: bigintRef('protection_id'),
    extras: jsonb('extras').$type<StoredExtraChoice[]>().notNull().default([]),
    quote: jsonb('quote').$type<StoredQuote>().notNull(),
    days: integer('days').notNull(),
    rentFen: fen('rent_fen').notNull(),
    totalFen: fen('total_fen').notNull(),
    damageDepositFen: fen('damage_deposit_fen').notNull(),
    violationDepositFen: fen('violation_deposit_fen').notNull(),
    /** The payments order of total + deposits. */
    orderId: bigintRef('order_id'),
    paidAt: tstz('paid_at'),
    pickedUpAt: tstz('picked_up_at'),
    returnedAt: tstz('returned_at'),
    charges: jsonb('charges').$type<StoredCharges>(),
    settledAt: tstz('settled_at'),
    /** A second `booking` order when the charges exceed the damage deposit. */
    balanceOrderId: bigintRef('balance_order_id'),
    violationHoldUntil: localDate('violation_hold_until'),
    violationUsedFen: fen('violation_used_fen').notNull().default(0),
    violationReleasedAt: tstz('violation_released_at'),
    cancelFeeFen: fen('cancel_fee_fen'),
    cancelledAt: tstz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** When the job last told the staff the pick-up or the return is overdue (one message each). */
    overdueNotifiedAt: tstz('overdue_notified_at'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.storeId], foreignColumns: [stStores.tenantId, stStores.id] }),
    foreignKey({ columns: [t.tenantId, t.returnStoreId], foreignColumns: [stStores.tenantId, stStores.id] }),
    foreignKey({ columns: [t.tenantId, t.carTypeId], foreignColumns: [carTypes.tenantId, carTypes.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.protectionId], foreignColumns: [stProtections.tenantId, stProtections.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.balanceOrderId], foreignColumns: [orders.tenantId, orders.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('st_bookings_code_uq').on(t.tenantId, t.code),
    // Lists newest first; a store's board (pick-ups and returns due); a car's calendar; a renter's bookings.
    index('st_bookings_created_ix').on(t.tenantId, t.createdAt, t.id),
    index('st_bookings_store_pick_ix').on(t.tenantId, t.storeId, t.pickUpAt),
    index('st_bookings_return_store_ix').on(t.tenantId, t.returnStoreId, t.returnAt),
    index('st_bookings_car_ix').on(t.tenantId, t.carId, t.pickUpAt),
    index('st_bookings_driver_ix').on(t.tenantId, t.driverId),
    index('st_bookings_order_ix').on(t.tenantId, t.orderId),
    index('st_bookings_balance_order_ix')
      .on(t.tenantId, t.balanceOrderId)
      .where(sql`balance_order_id is not null`),
    // The job: unpaid past unpaidMinutes, violation deposits whose hold ended.
    index('st_bookings_unpaid_ix')
      .on(t.createdAt)
      .where(sql`state = 'unpaid'`),
    index('st_bookings_hold_ix')
      .on(t.violationHoldUntil)
      .where(sql`violation_hold_until is not null and violation_released_at is null`),
    check('st_bookings_state_ck', sql.raw(`state in (${inList(ST_BOOKING_STATES)})`)),
    check('st_bookings_range_ck', sql`return_at > pick_up_at`),
    check(
      'st_bookings_money_ck',
      sql`days >= 1 and rent_fen >= 0 and total_fen >= 0 and damage_deposit_fen >= 0 and violation_deposit_fen >= 0 and violation_used_fen >= 0 and violation_used_fen <= violation_deposit_fen and (cancel_fee_fen is null or cancel_fee_fen >= 0)`,
    ),
  ],
);
/** `state in ('unpaid', 'toPickUp', 'inUse')`, the live bookings (the exclusion constraint's predicate). */
export const ST_LIVE_SQL = LIVE;

/** The history of a booking (one writer: the short-term service). */
export const stBookingEvents = pgTable(
  'st_booking_events',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    bookingId: bigintRef('booking_id').notNull(),
    kind: text('kind').$type<(typeof ST_BOOKING_EVENT_KINDS)[number]>().notNull(),
    at: tstz('at').notNull(),
    /** Null: the job or the payment. */
    userId: bigintRef('user_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [stBookings.tenantId, stBookings.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('st_booking_events_booking_ix').on(t.tenantId, t.bookingId, t.at, t.id),
    check('st_booking_events_kind_ck', sql.raw(`kind in (${inList(ST_BOOKING_EVENT_KINDS)})`)),
  ],
);
