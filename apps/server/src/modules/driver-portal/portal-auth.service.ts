import { sql } from 'drizzle-orm';
import { maskPhone } from '@fleetdesk/contracts/crm';
import { DRIVER_TOKEN_DAYS, type PortalMe, type PortalSession } from '@fleetdesk/contracts/driver-portal';
import type { DriverContext } from '../../core/access.js';
import { rawNumber, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { DRIVER_TOKEN_PREFIX } from '../../core/driver-auth.js';
import { invalidField, NotFoundError, UserRefusedError } from '../../core/errors.js';
import { consume } from '../../core/rate-limit.js';
import { randomToken, sha256 } from '../../core/secrets.js';
import { driverSessions } from '../../db/schema/driver-portal.js';
import { sendCode, verifyCode } from '../identity/codes.service.js';

/** Sign-in attempts one IP may make in an hour, and one phone in an hour. */
export const SIGN_INS_PER_IP_PER_HOUR = 30;
export const SIGN_INS_PER_PHONE_PER_HOUR = 10;

interface DriverOfPhone {
  tenant_id: RawNumber;
  id: RawNumber;
  tenant_name: string;
  state: string;
}

/** Every driver record of a phone that may use the portal: live, not blacklisted, in an active company. */
async function driversOfPhone(deps: Pick<AppDeps, 'db'>, phone: string): Promise<DriverOfPhone[]> {
  return rowsOf<DriverOfPhone>(
    deps.db,
    sql`select d.tenant_id, d.id, tn.name as tenant_name, d.state
      from drivers d join tenants tn on tn.id = d.tenant_id
      where d.phone = ${phone} and d.deleted_at is null and d.state <> 'blacklisted' and tn.status = 'active'
      order by d.updated_at desc, d.tenant_id, d.id`,
  );
}

/**
 * Sends a sign-in code to a driver's phone. The answer is the same whether the phone is a driver's or not (a
 * code row is stored either way, so that the limits cannot tell them apart); only a driver's phone gets the SMS.
 */
export async function requestCode(
  deps: AppDeps,
  phone: string,
  ip: string,
  log: { info: (o: object, m: string) => void },
): Promise<{ sandbox: boolean }> {
  const known = (await driversOfPhone(deps, phone)).length > 0;
  await sendCode(deps, { to: phone, send: known ? 'code' : 'none', purpose: 'driverLogin', ip, log });
  return { sandbox: deps.sms.sandbox };
}

async function openSession(deps: AppDeps, tenantId: number, driverId: number, phone: string, ip: string) {
  const token = `${DRIVER_TOKEN_PREFIX}${randomToken()}`;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + DRIVER_TOKEN_DAYS * 86_400_000);
  const [row] = await deps.db
    .insert(driverSessions)
    .values({ tenantId, driverId, phone, tokenHash: sha256(token), expiresAt, createdAt: now, ip })
    .returning({ id: driverSessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/**
 * Signs a driver in with his phone and the code sent to it: a driver token for his newest record (the company
 * switch offers the others). Limited per IP and per phone; a wrong code is a field error, as is a phone that is
 * no driver's (the same answer: nobody learns which phones are drivers').
 */
export async function signIn(
  deps: AppDeps,
  input: { phone: string; code: string },
  ip: string,
): Promise<PortalSession> {
  await consume(deps.db, deps.clock, {
    key: `driver-signin:ip:${ip}`,
    limit: SIGN_INS_PER_IP_PER_HOUR,
    windowSeconds: 3600,
  });
  await consume(deps.db, deps.clock, {
    key: `driver-signin:phone:${input.phone}`,
    limit: SIGN_INS_PER_PHONE_PER_HOUR,
    windowSeconds: 3600,
  });
  const good = await verifyCode(deps.db, deps, [{ target: input.phone, purposes: ['driverLogin'] }], input.code);
  if (!good) throw invalidField('code', 'driverPortal.codeWrong');
  const [first] = await driversOfPhone(deps, input.phone);
  if (!first) throw invalidField('code', 'driverPortal.codeWrong');
  const s = await openSession(deps, rawNumber(first.tenant_id), rawNumber(first.id), input.phone, ip);
  const me = await meOf(deps, {
    tenantId: rawNumber(first.tenant_id),
    driverId: rawNumber(first.id),
    phone: input.phone,
  });
  return { token: s.token, expiresAt: s.expiresAt.toISOString(), me };
}

/** The same phone's record in another company: a new token for it, the current one revoked. */
export async function switchCompany(deps: AppDeps, driver: DriverContext, tenantId: number, ip: string) {
  const target = (await driversOfPhone(deps, driver.phone)).find((d) => rawNumber(d.tenant_id) === tenantId);
  if (!target) throw new NotFoundError('driverPortal.companyNotFound');
  const s = await openSession(deps, tenantId, rawNumber(target.id), driver.phone, ip);
  await signOut(deps, driver);
  const me = await meOf(deps, { tenantId, driverId: rawNumber(target.id), phone: driver.phone });
  return { token: s.token, expiresAt: s.expiresAt.toISOString(), me };
}

export async function signOut(deps: AppDeps, driver: Pick<DriverContext, 'tenantId' | 'sessionId'>) {
  await deps.db.execute(
    sql`update driver_sessions set revoked_at = ${deps.clock.now()}
      where tenant_id = ${driver.tenantId} and id = ${driver.sessionId} and revoked_at is null`,
  );
}

/** The signed-in driver as the portal shows him, with the companies where his phone is a driver. */
export async function meOf(
  deps: Pick<AppDeps, 'db'>,
  who: Pick<DriverContext, 'tenantId' | 'driverId' | 'phone'>,
): Promise<PortalMe> {
  const [d] = await rowsOf<{ name: string; state: string; tenant_name: string; rent_name: string }>(
    deps.db,
    sql`select d.name, d.state, tn.name as tenant_name, r.name as rent_name
      from drivers d join tenants tn on tn.id = d.tenant_id
      join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
      where d.tenant_id = ${who.tenantId} and d.id = ${who.driverId}`,
  );
  if (!d) throw new UserRefusedError('error.driverRefused');
  const companies = await driversOfPhone(deps, who.phone);
  return {
    driverId: who.driverId,
    name: d.name,
    phone: maskPhone(who.phone),
    tenantName: d.tenant_name,
    rentName: d.rent_name,
    state: d.state,
    companies: companies.map((c) => ({
      tenantId: rawNumber(c.tenant_id),
      name: c.tenant_name,
      current: rawNumber(c.tenant_id) === who.tenantId,
    })),
  };
}
