import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { gpsDevices } from './gps.js';
import { users } from './identity.js';
import { rents, tenants } from './tenancy.js';

export const GPS_COMMAND_TYPES = ['fuelCut', 'fuelRestore', 'locate', 'interval', 'reboot'] as const;
export const GPS_COMMAND_STATUSES = ['queued', 'sent', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export const GPS_COMMAND_SOURCES = ['manual', 'risk'] as const;

/**
 * Remote commands to trackers (GPS part 2). Queued until the process holding the device's connection sends it
 * (`sent`, with the downlink's serial), then `succeeded`/`failed` from the device's reply; a command not sent
 * within 24 h expires. `steps` is the timeline (`{step, at, note}`) shown in the drawer.
 */
export const gpsCommands = pgTable(
  'gps_commands',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    /** The device's rent and car when the command was queued. */
    rentId: bigintRef('rent_id').notNull(),
    deviceId: bigintRef('device_id').notNull(),
    carId: bigintRef('car_id'),
    commandType: text('command_type').notNull(),
    params: jsonb('params').$type<{ intervalSeconds?: number }>().notNull().default({}),
    reason: text('reason').notNull(),
    source: text('source').notNull().default('manual'),
    riskCaseId: bigintRef('risk_case_id'),
    status: text('status').notNull().default('queued'),
    waitSafeSpeed: boolean('wait_safe_speed').notNull().default(false),
    forced: boolean('forced').notNull().default(false),
    createdBy: bigintRef('created_by'),
    queuedAt: tstz('queued_at').notNull(),
    sentAt: tstz('sent_at'),
    answeredAt: tstz('answered_at'),
    resultCode: integer('result_code'),
    resultText: text('result_text'),
    /** Serial number of the downlink message; the reply names it. */
    serial: integer('serial'),
    steps: jsonb('steps')
      .$type<{ step: string; at: string; note: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('gps_commands_list_ix').on(t.tenantId, t.queuedAt),
    index('gps_commands_device_ix').on(t.tenantId, t.deviceId, t.queuedAt),
    // The gateway's poll: queued commands of the devices it holds; and the reply's match by serial.
    index('gps_commands_queued_ix')
      .on(t.deviceId)
      .where(sql`${t.status} = 'queued'`),
    index('gps_commands_sent_ix')
      .on(t.deviceId, t.serial)
      .where(sql`${t.status} = 'sent'`),
    foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    check('gps_commands_type_ck', sql.raw(`command_type in (${inList(GPS_COMMAND_TYPES)})`)),
    check('gps_commands_status_ck', sql.raw(`status in (${inList(GPS_COMMAND_STATUSES)})`)),
    check('gps_commands_source_ck', sql.raw(`source in (${inList(GPS_COMMAND_SOURCES)})`)),
  ],
);
