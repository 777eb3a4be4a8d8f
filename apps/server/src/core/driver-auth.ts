import type { FastifyRequest } from 'fastify';
import { USER_TYPE_DRIVER } from '@fleetdesk/contracts/driver-portal';
import type { DriverContext } from './access.js';
import type { Clock } from './clock.js';
import type { Database } from './db.js';
import { UnauthorizedError, UserRefusedError } from './errors.js';
import { sha256 } from './secrets.js';

interface DriverSessionRow {
  id: number;
  tenant_id: number;
  driver_id: number;
  phone: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  name: string;
  rent_id: number;
  driver_phone: string;
  driver_state: string;
  deleted_at: Date | string | null;
  tenant_name: string;
  tenant_status: string;
}

const DRIVER_SESSION_SQL = `
    select s.id, s.tenant_id, s.driver_id, s.phone, s.expires_at, s.revoked_at,
      d.name, d.rent_id, d.phone as driver_phone, d.state as driver_state, d.deleted_at,
      tn.name as tenant_name, tn.status as tenant_status
    from driver_sessions s
    join drivers d on d.tenant_id = s.tenant_id and d.id = s.driver_id
    join tenants tn on tn.id = s.tenant_id
    where s.token_hash = $1`;

/** Driver tokens start so, apart from the back office's (a glance at a log tells which kind was sent). */
export const DRIVER_TOKEN_PREFIX = 'drv_';

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The check of every `driver` route (the driver portal): the header says a driver is calling, the token is a live
 * driver token (an employee's token is not one: 401), and the driver may still use the portal (not deleted or
 * blacklisted, his phone still the one his code proved, his company active).
 */
export async function authenticateDriver(
  req: FastifyRequest,
  deps: { database: Database; clock: Clock },
): Promise<DriverContext> {
  if (req.headers['x-user-type'] !== USER_TYPE_DRIVER) throw new UserRefusedError('error.driverType');
  const header = req.headers.authorization;
  const [scheme, value] = header ? header.split(' ', 2) : [];
  const token = scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
  if (!token?.startsWith(DRIVER_TOKEN_PREFIX)) throw new UnauthorizedError();
  const { rows } = await deps.database.prepared<DriverSessionRow>('fleetdesk_driver_session', DRIVER_SESSION_SQL, [
    sha256(token),
  ]);
  const row = rows[0];
  const now = deps.clock.now();
  if (!row || row.revoked_at !== null || asDate(row.expires_at) <= now) throw new UnauthorizedError();
  if (row.deleted_at !== null || row.driver_phone !== row.phone) throw new UnauthorizedError();
  if (row.driver_state === 'blacklisted' || row.tenant_status !== 'active') {
    throw new UserRefusedError('error.driverRefused');
  }
  return {
    tenantId: Number(row.tenant_id),
    tenantName: row.tenant_name,
    driverId: Number(row.driver_id),
    name: row.name,
    rentId: Number(row.rent_id),
    phone: row.phone,
    sessionId: Number(row.id),
    lang: req.lang,
  };
}
