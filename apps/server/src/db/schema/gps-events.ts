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
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { gpsDevices } from './gps.js';
import { tenants } from './tenancy.js';

/** Event types derived from positions (and the offline sweep). Those in GPS_ALARM_TYPES are alarms. */
export const GPS_EVENT_TYPES = [
  'online',
  'offline',
  'ignitionOn',
  'ignitionOff',
  'overspeed',
  'powerCut',
  'sos',
  'tamper',
  'vibration',
  'lowBattery',
  'geofenceEnter',
  'geofenceExit',
  /** A device's identity in question: registered again, repeated wrong auth codes, another IMEI (gateway). */
  'identity',
] as const;
export const GPS_ALARM_STATUSES = ['unhandled', 'handled', 'ignored'] as const;
export const GEOFENCE_KINDS = ['circle', 'polygon', 'polyline'] as const;

/**
 * Events of devices (GPS part 2). An alarm is an event with `alarm_status` set: unhandled until someone handles
 * it (with a note) or ignores it.
 */
export const gpsEvents = pgTable(
  'gps_events',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    deviceId: bigintRef('device_id').notNull(),
    /** The device's rent and car when the event happened. */
    rentId: bigintRef('rent_id').notNull(),
    carId: bigintRef('car_id'),
    type: text('type').notNull(),
    /** The position's fix time (the sweep's time for offline). */
    at: tstz('at').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** km/h */
    speed: real('speed'),
    geofenceId: bigintRef('geofence_id'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    alarmStatus: text('alarm_status'),
    handledBy: bigintRef('handled_by'),
    handledAt: tstz('handled_at'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('gps_events_device_ix').on(t.tenantId, t.deviceId, t.at),
    index('gps_events_alarm_ix')
      .on(t.tenantId, t.alarmStatus, t.at)
      .where(sql`${t.alarmStatus} is not null`),
    foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }).onDelete(
      'cascade',
    ),
    check('gps_events_type_ck', sql.raw(`type in (${inList(GPS_EVENT_TYPES)})`)),
    check(
      'gps_events_alarm_status_ck',
      sql.raw(`alarm_status is null or alarm_status in (${inList(GPS_ALARM_STATUSES)})`),
    ),
  ],
);

/**
 * What the event processor remembers of each device between positions: the last processed fix time, ignition,
 * active alarm types (duplicates are not raised again), the overspeed episode, online state and the geofences
 * the last position was in.
 */
export const gpsEventStates = pgTable(
  'gps_event_states',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    deviceId: bigintRef('device_id').notNull(),
    fixTime: tstz('fix_time'),
    serverTime: tstz('server_time'),
    ignition: boolean('ignition'),
    activeAlarms: text('active_alarms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    overspeedSince: tstz('overspeed_since'),
    overspeedRaised: boolean('overspeed_raised').notNull().default(false),
    online: boolean('online').notNull().default(false),
    geofenceIds: bigintRef('geofence_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int8[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.deviceId] }),
    // No index on server_time: every batch updates it, and an index on it would rule out HOT updates; the
    // minute's offline sweep reads the whole (one row per device) table.
    foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Geofences, WGS-84. `points` is `[[lat, lon], ...]`; a circle has one point and a radius (m), a polyline a
 * corridor half-width (`radius`, default 25 m). The bounding box (circle and corridor included) is stored for the
 * index.
 */
export const gpsGeofences = pgTable(
  'gps_geofences',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    points: jsonb('points').$type<[number, number][]>().notNull(),
    radius: real('radius'),
    minLat: doublePrecision('min_lat').notNull(),
    minLon: doublePrecision('min_lon').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    maxLon: doublePrecision('max_lon').notNull(),
    alarmOnEnter: boolean('alarm_on_enter').notNull().default(false),
    alarmOnExit: boolean('alarm_on_exit').notNull().default(true),
    /** Speed limit inside, km/h (null: none); the lowest limit of the geofences containing a position wins. */
    speedLimitKmh: integer('speed_limit_kmh'),
    remark: text('remark'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('gps_geofences_bbox_ix').on(t.tenantId, t.minLat, t.maxLat, t.minLon, t.maxLon),
    check('gps_geofences_kind_ck', sql.raw(`kind in (${inList(GEOFENCE_KINDS)})`)),
  ],
);

/** Devices bound to geofences (deviceGeofence): enter/exit is computed only for these pairs. */
export const gpsDeviceGeofences = pgTable(
  'gps_device_geofences',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    geofenceId: bigintRef('geofence_id').notNull(),
    deviceId: bigintRef('device_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.geofenceId, t.deviceId] }),
    index('gps_device_geofences_device_ix').on(t.tenantId, t.deviceId),
    foreignKey({
      columns: [t.tenantId, t.geofenceId],
      foreignColumns: [gpsGeofences.tenantId, gpsGeofences.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * When an alarm of a device and type last notified (message centre, SMS): one notice per device and type per
 * ten minutes, whichever process raised it.
 */
export const gpsAlarmNotices = pgTable(
  'gps_alarm_notices',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    deviceId: bigintRef('device_id').notNull(),
    type: text('type').notNull(),
    lastAt: tstz('last_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.deviceId, t.type] }),
    foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }).onDelete(
      'cascade',
    ),
  ],
);
