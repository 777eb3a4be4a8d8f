import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { rents, tenants } from './tenancy.js';
import { cars } from './vehicles.js';

export const GPS_PROTOCOLS = ['jt808', 'osmand'] as const;

/**
 * A tracker: a JT/T 808 terminal (its id is the BCD phone without leading zeros, usually the IMEI or SIM number)
 * or a phone running Traccar Client (OsmAnd). The id is unique across tenants: a frame names no tenant.
 */
export const gpsDevices = pgTable(
  'gps_devices',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    imei: text('imei').notNull(),
    model: text('model').notNull().default(''),
    protocol: text('protocol').notNull().default('jt808'),
    sim: text('sim'),
    rentId: bigintRef('rent_id').notNull(),
    carId: bigintRef('car_id'),
    /** The car's default device (the one its live position comes from). */
    isDefault: boolean('is_default').notNull().default(false),
    /** Bound to a user (a phone tracker, or the staff member who carries the device). */
    userId: bigintRef('user_id'),
    installedAt: tstz('installed_at'),
    installer: text('installer'),
    installPosition: text('install_position'),
    remark: text('remark'),
    /** The auth code given at JT/T 808 registration (0x8100). */
    authCode: text('auth_code'),
    registeredAt: tstz('registered_at'),
    /** JT/T 808-2019: the IMEI proved at the first authentication after registering; later ones must match. */
    terminalImei: text('terminal_imei'),
    /** OsmAnd: SHA-256 (hex) of the device's random secret identifier, which Traccar Client sends as its id. */
    osmandKeyHash: text('osmand_key_hash'),
    /** Positions refused by the sanity checks (fix time ahead of the server, coordinates out of range). */
    rejectedFuture: integer('rejected_future').notNull().default(0),
    rejectedRange: integer('rejected_range').notNull().default(0),
    rejectedAt: tstz('rejected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('gps_devices_imei_uq').on(t.imei),
    uniqueIndex('gps_devices_osmand_key_uq')
      .on(t.osmandKeyHash)
      .where(sql`${t.osmandKeyHash} is not null`),
    uniqueIndex('gps_devices_default_uq')
      .on(t.tenantId, t.carId)
      .where(sql`${t.isDefault}`),
    index('gps_devices_car_ix').on(t.tenantId, t.carId),
    index('gps_devices_rent_ix').on(t.tenantId, t.rentId, t.id),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    check('gps_devices_protocol_ck', sql.raw(`protocol in (${inList(GPS_PROTOCOLS)})`)),
  ],
);

/** Every bind and unbind of a device to a car (deviceBindRecord/history). */
export const gpsDeviceBinds = pgTable(
  'gps_device_binds',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    deviceId: bigintRef('device_id').notNull(),
    imei: text('imei').notNull(),
    carId: bigintRef('car_id').notNull(),
    plate: text('plate').notNull(),
    action: text('action').notNull(),
    remark: text('remark'),
    userId: bigintRef('user_id'),
    at: tstz('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('gps_device_binds_device_ix').on(t.tenantId, t.deviceId, t.at),
    index('gps_device_binds_car_ix').on(t.tenantId, t.carId, t.at),
    check('gps_device_binds_action_ck', sql.raw(`action in ('bind', 'unbind')`)),
  ],
);

const positionColumns = () => ({
  tenantId: bigintRef('tenant_id').notNull(),
  deviceId: bigintRef('device_id').notNull(),
  /** The device's fix time. */
  fixTime: tstz('fix_time').notNull(),
  /** When we received it. */
  serverTime: tstz('server_time').notNull(),
  /** WGS-84 degrees. */
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  altitude: real('altitude').notNull().default(0),
  /** km/h. */
  speed: real('speed').notNull().default(0),
  course: integer('course').notNull().default(0),
  valid: boolean('valid').notNull().default(true),
  ignition: boolean('ignition'),
  /** JT/T 808 alarm and status words (0 for other protocols). */
  alarm: integer('alarm').notNull().default(0),
  status: integer('status').notNull().default(0),
  /** The device's odometer, metres. */
  odometer: doublePrecision('odometer'),
  satellites: integer('satellites'),
  /** Sent late from the device's memory (0x0704 type 1). */
  archived: boolean('archived').notNull().default(false),
  attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
});

/**
 * Positions, WGS-84. On PostgreSQL the migration turns this into a table partitioned by month of `fix_time`
 * (partitions created ahead by the schedule `gps.partitions`, dropped past `GPS_RETENTION_MONTHS`); PGlite keeps it plain.
 * No primary key: a partitioned table's key would have to include the time, and nothing looks a row up by id.
 */
export const gpsPositions = pgTable('gps_positions', positionColumns(), (t) => [
  index('gps_positions_device_time_ix').on(t.tenantId, t.deviceId, t.fixTime),
]);

/** The newest position of each device (by fix time): the live map reads only this. */
export const gpsLastPositions = pgTable('gps_last_positions', { ...positionColumns(), updatedAt: updatedAt() }, (t) => [
  primaryKey({ columns: [t.tenantId, t.deviceId] }),
  foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }).onDelete(
    'cascade',
  ),
]);

export const GPS_RECEIPT_KINDS = ['a2b', 'b2a'] as const;
export const GPS_RECEIPT_STATES = ['pending', 'received', 'cancelled'] as const;

/**
 * Device receipts (设备交接单): devices handed from one rent of the tenant (the sender) to another (the
 * receiver). `a2b` sends devices out; `b2a` sends back devices that came in on `source_id` (a received a2b).
 */
export const gpsReceipts = pgTable(
  'gps_receipts',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    number: text('number').notNull(),
    kind: text('kind').notNull(),
    fromRentId: bigintRef('from_rent_id').notNull(),
    toRentId: bigintRef('to_rent_id').notNull(),
    sourceId: bigintRef('source_id'),
    state: text('state').notNull().default('pending'),
    note: text('note'),
    expressNo: text('express_no'),
    createdBy: bigintRef('created_by').notNull(),
    createdAt: createdAt(),
    receivedBy: bigintRef('received_by'),
    receivedAt: tstz('received_at'),
    cancelledBy: bigintRef('cancelled_by'),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('gps_receipts_number_uq').on(t.tenantId, t.number),
    index('gps_receipts_from_ix').on(t.tenantId, t.fromRentId, t.id),
    index('gps_receipts_to_ix').on(t.tenantId, t.toRentId, t.id),
    foreignKey({ columns: [t.tenantId, t.fromRentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.toRentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.sourceId], foreignColumns: [t.tenantId, t.id] }),
    check('gps_receipts_kind_ck', sql.raw(`kind in (${inList(GPS_RECEIPT_KINDS)})`)),
    check('gps_receipts_state_ck', sql.raw(`state in (${inList(GPS_RECEIPT_STATES)})`)),
    check('gps_receipts_rents_ck', sql`${t.fromRentId} <> ${t.toRentId}`),
  ],
);

/**
 * The devices of a receipt. `pending` is true while the receipt is pending: the partial unique index locks a
 * device into one pending receipt at a time.
 */
export const gpsReceiptDevices = pgTable(
  'gps_receipt_devices',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    receiptId: bigintRef('receipt_id').notNull(),
    deviceId: bigintRef('device_id').notNull(),
    imei: text('imei').notNull(),
    pending: boolean('pending').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.receiptId, t.deviceId] }),
    uniqueIndex('gps_receipt_devices_lock_uq')
      .on(t.tenantId, t.deviceId)
      .where(sql`${t.pending}`),
    foreignKey({ columns: [t.tenantId, t.receiptId], foreignColumns: [gpsReceipts.tenantId, gpsReceipts.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }).onDelete(
      'cascade',
    ),
  ],
);
