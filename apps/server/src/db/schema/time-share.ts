import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { gpsGeofences } from './gps-events.js';
import { rents, tenants } from './tenancy.js';
import { carTypes, cars } from './vehicles.js';

/**
 * Time-share rental (分时租赁, issue 33, migration 0041). The enums repeat the contracts' lists
 * (`@fleetdesk/contracts/time-share`). Money is fen.
 */
export const TS_TRIP_STATES = ['reserved', 'inUse', 'ended', 'paid', 'cancelled'] as const;
export const TS_LIVE_STATES = ['reserved', 'inUse'] as const;

const fen = (name: string) => bigint(name, { mode: 'number' });
const coord = (name: string) => numeric(name, { precision: 9, scale: 6, mode: 'number' });
const LIVE = sql.raw(`state in (${inList(TS_LIVE_STATES)})`);

/** A zone (网点) where time-share cars are parked and trips end: a circle, or a GPS geofence of the tenant. */
export const tsZones = pgTable(
  'ts_zones',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    /** WGS-84, the centre. */
    lat: coord('lat').notNull(),
    lon: coord('lon').notNull(),
    /** The circle's radius; used when geofence_id is null. */
    radiusM: integer('radius_m'),
    geofenceId: bigintRef('geofence_id'),
    bays: integer('bays').notNull().default(0),
    parkingFeeFen: fen('parking_fee_fen').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.geofenceId], foreignColumns: [gpsGeofences.tenantId, gpsGeofences.id] }),
    uniqueIndex('ts_zones_name_uq')
      .on(t.tenantId, t.name)
      .where(sql`deleted_at is null`),
    index('ts_zones_city_ix')
      .on(t.tenantId, t.city)
      .where(sql`deleted_at is null`),
    check('ts_zones_shape_ck', sql`(radius_m is not null and radius_m > 0) or geofence_id is not null`),
    check('ts_zones_values_ck', sql`bays >= 0 and parking_fee_fen >= 0`),
  ],
);

/** A city's rate for a car type. */
export const tsRates = pgTable(
  'ts_rates',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    city: text('city').notNull(),
    carTypeId: bigintRef('car_type_id').notNull(),
    dayMinuteFen: fen('day_minute_fen').notNull(),
    nightMinuteFen: fen('night_minute_fen').notNull(),
    kmFen: fen('km_fen').notNull(),
    minFen: fen('min_fen').notNull().default(0),
    /** Null: no maximum. */
    maxFen: fen('max_fen'),
    dailyCapFen: fen('daily_cap_fen').notNull(),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carTypeId], foreignColumns: [carTypes.tenantId, carTypes.id] }),
    uniqueIndex('ts_rates_city_type_uq').on(t.tenantId, t.city, t.carTypeId),
    check(
      'ts_rates_values_ck',
      sql`day_minute_fen >= 0 and night_minute_fen >= 0 and km_fen >= 0 and min_fen >= 0 and daily_cap_fen >= 0 and (max_fen is null or max_fen >= min_fen)`,
    ),
  ],
);

/** Cars in time-share, with the zone where each is parked now (never also in a short-term store: service check). */
export const tsCars = pgTable(
  'ts_cars',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    carId: bigintRef('car_id').notNull(),
    city: text('city').notNull(),
    /** Null: on a trip, or ended outside every zone. */
    zoneId: bigintRef('zone_id'),
    addedAt: tstz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.carId] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({ columns: [t.tenantId, t.zoneId], foreignColumns: [tsZones.tenantId, tsZones.id] }),
    index('ts_cars_zone_ix').on(t.tenantId, t.zoneId),
    index('ts_cars_city_ix').on(t.tenantId, t.city),
  ],
);

/** The rate a trip was reserved at (fen). */
export interface StoredTripRate {
  dayMinuteFen: number;
  nightMinuteFen: number;
  kmFen: number;
  minFen: number;
  maxFen: number | null;
  dailyCapFen: number;
}
/** The `tripAmount` answer (fen). */
export interface StoredTripAmount {
  minutes: number;
  dayMinutes: number;
  nightMinutes: number;
  wholeDays: number;
  timeFen: number;
  kmFen: number;
  subtotalFen: number;
  parkingFen: number;
  offZoneFen: number;
  totalFen: number;
}

/** A trip (行程): one live (reserved or inUse) per car and one per renter. */
export const tsTrips = pgTable(
  'ts_trips',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    /** `T` + yyyymmdd + 4 digits. */
    code: text('code').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    state: text('state').$type<(typeof TS_TRIP_STATES)[number]>().notNull().default('reserved'),
    rate: jsonb('rate').$type<StoredTripRate>().notNull(),
    reservedAt: tstz('reserved_at').notNull(),
    reserveUntil: tstz('reserve_until'),
    startedAt: tstz('started_at'),
    startZoneId: bigintRef('start_zone_id'),
    startKm: numeric('start_km', { precision: 10, scale: 1, mode: 'number' }),
    endedAt: tstz('ended_at'),
    endZoneId: bigintRef('end_zone_id'),
    endLat: coord('end_lat'),
    endLon: coord('end_lon'),
    offZone: boolean('off_zone').notNull().default(false),
    km: numeric('km', { precision: 8, scale: 1, mode: 'number' }),
    amount: jsonb('amount').$type<StoredTripAmount>(),
    totalFen: fen('total_fen'),
    paidAt: tstz('paid_at'),
    warnedAt: tstz('warned_at'),
    lockedAt: tstz('locked_at'),
    recoveredAt: tstz('recovered_at'),
    cancelledAt: tstz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.startZoneId], foreignColumns: [tsZones.tenantId, tsZones.id] }),
    foreignKey({ columns: [t.tenantId, t.endZoneId], foreignColumns: [tsZones.tenantId, tsZones.id] }),
    uniqueIndex('ts_trips_code_uq').on(t.tenantId, t.code),
    uniqueIndex('ts_trips_live_car_uq')
      .on(t.tenantId, t.carId)
      .where(sql`${LIVE}`),
    uniqueIndex('ts_trips_live_driver_uq')
      .on(t.tenantId, t.driverId)
      .where(sql`${LIVE}`),
    index('ts_trips_created_ix').on(t.tenantId, t.reservedAt, t.id),
    index('ts_trips_car_ix').on(t.tenantId, t.carId, t.reservedAt),
    index('ts_trips_driver_ix').on(t.tenantId, t.driverId, t.reservedAt),
    // The minutely job: expiring reservations and live trips.
    index('ts_trips_live_ix')
      .on(t.state, t.reserveUntil)
      .where(sql`${LIVE}`),
    check('ts_trips_state_ck', sql.raw(`state in (${inList(TS_TRIP_STATES)})`)),
    check('ts_trips_values_ck', sql`(km is null or km >= 0) and (total_fen is null or total_fen >= 0)`),
  ],
);
