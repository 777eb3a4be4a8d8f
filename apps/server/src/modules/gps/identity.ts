import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { publish } from '../../core/events.js';
import { increment, type Limit } from '../../core/rate-limit.js';
import { hmac, sha256 } from '../../core/secrets.js';
import type { KnownDevice } from './ingest.js';

/**
 * How a tracker proves who it is (docs/gps.md, "Device identity"):
 * - JT/T 808: the auth code of 0x8100 is issued once (`issueAuthCode`, only while the device has none) and kept; a
 *   later register is refused (0x8100 result 3) until an operator resets the device. 2019 terminals also prove the
 *   IMEI pinned at their first authentication.
 * - OsmAnd: a random secret identifier (128 bits), stored as its SHA-256, shown once when made.
 * Suspicious attempts raise an `identity` alarm for the device's tenant, at most one per device and reason an hour.
 */

/** Per device, counted in the database (`core/rate-limit.ts`) so they hold across gateway processes. */
export const DEVICE_LIMITS = {
  register: (deviceId: number): Limit => ({ key: `gps:register:${deviceId}`, limit: 10, windowSeconds: 3600 }),
  auth: (deviceId: number): Limit => ({ key: `gps:auth:${deviceId}`, limit: 60, windowSeconds: 3600 }),
  authFailure: (deviceId: number): Limit => ({ key: `gps:authFail:${deviceId}`, limit: 3, windowSeconds: 3600 }),
};

export type IdentityAlarmReason = 'reRegister' | 'authFailures' | 'imeiMismatch' | 'rateLimited';

export function newAuthCode(): string {
  return randomBytes(8).toString('hex');
}

/** An OsmAnd secret identifier: 32 hex digits (128 random bits), typed into Traccar Client as its device id. */
export function newOsmandSecret(): string {
  return randomBytes(16).toString('hex');
}

export const osmandKeyHash = (secret: string) => sha256(secret);

/**
 * The demo's identities (seed, simulator, e2e): derived from `GPS_DEMO_SECRET` so that whoever runs the demo can
 * drive its trackers. A demo reachable by others must set its own `GPS_DEMO_SECRET` (or reset the demo devices).
 */
export function demoSecret(kind: 'jt808' | 'osmand', imei: string): string {
  const secret = process.env.GPS_DEMO_SECRET || 'fleetdesk-demo';
  const h = Buffer.from(hmac(secret, `${kind}:${imei}`), 'base64url').toString('hex');
  return kind === 'jt808' ? h.slice(0, 16) : h.slice(0, 32);
}

/**
 * Stores a new auth code for a device that has none (atomic: of two registers at once one gets it); answers the
 * code, or null when the device already has one.
 */
export async function issueAuthCode(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  device: KnownDevice,
): Promise<string | null> {
  const code = newAuthCode();
  const { rows } = await deps.database.query(
    `update gps_devices set auth_code = $3, registered_at = $4, terminal_imei = null
     where tenant_id = $1 and id = $2 and auth_code is null returning id`,
    [device.tenantId, device.id, code, deps.clock.now().toISOString()],
  );
  return rows.length ? code : null;
}

/** Counts one attempt against a device limit; true while within it. */
export async function withinDeviceLimit(deps: Pick<AppDeps, 'db' | 'clock'>, limit: Limit): Promise<boolean> {
  return (await increment(deps.db, deps.clock, limit)) <= limit.limit;
}

/**
 * An `identity` alarm for the device's tenant (an unhandled alarm in the alarm list), at most one per device and
 * reason an hour.
 */
export async function raiseIdentityAlarm(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'events'>,
  device: KnownDevice,
  reason: IdentityAlarmReason,
  attributes: Record<string, unknown> = {},
): Promise<void> {
  deps.log.warn({ imei: device.imei, reason, ...attributes }, 'gps: device identity alarm');
  const once = await increment(deps.db, deps.clock, {
    key: `gps:identityAlarm:${device.id}:${reason}`,
    limit: 1,
    windowSeconds: 3600,
  });
  if (once > 1) return;
  // Announced like every alarm (`device.alarm`, core/events.ts): the alarm notices tell those who asked for it.
  await deps.events.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: number; rent_id: number; car_id: number | null; at: Date | string }>(
      tx,
      sql`insert into gps_events (tenant_id, device_id, rent_id, car_id, type, at, lat, lon, speed, attributes, alarm_status)
        select d.tenant_id, d.id, d.rent_id, d.car_id, 'identity', ${deps.clock.now().toISOString()}, l.lat, l.lon, l.speed,
          ${JSON.stringify({ reason, ...attributes })}::jsonb, 'unhandled'
        from gps_devices d
        left join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id
        where d.tenant_id = ${device.tenantId} and d.id = ${device.id}
        returning id, rent_id, car_id, at`,
    );
    if (!row) return;
    await publish(tx, {
      tenantId: device.tenantId,
      name: 'device.alarm',
      payload: {
        gpsEventId: Number(row.id),
        deviceId: device.id,
        rentId: Number(row.rent_id),
        carId: row.car_id === null ? null : Number(row.car_id),
        type: 'identity',
        at: new Date(row.at).toISOString(),
        geofenceId: null,
      },
    });
  });
}
