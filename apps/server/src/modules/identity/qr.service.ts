import { and, eq, gt, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import { QR_CONFIRM_WEB_PATH, QR_TTL_SECONDS, type QrPoll, type QrSession } from '@fleetdesk/contracts/auth';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { consume } from '../../core/rate-limit.js';
import { randomToken } from '../../core/secrets.js';
import { qrSessions } from '../../db/schema/identity.js';
import { createCode } from './codes.service.js';

export const QR_SESSIONS_PER_IP = 60;

/** A desktop asks for a QR: a session that a signed-in phone can confirm for the next two minutes. */
export async function createQrSession(deps: AppDeps, ip: string): Promise<QrSession> {
  await consume(deps.db, deps.clock, { key: `qr:ip:${ip}`, limit: QR_SESSIONS_PER_IP, windowSeconds: 600 });
  const id = randomToken().slice(0, 32);
  const expiresAt = new Date(deps.clock.now().getTime() + QR_TTL_SECONDS * 1000);
  await deps.db.insert(qrSessions).values({ id, expiresAt, ip });
  const url = new URL(`${QR_CONFIRM_WEB_PATH}${id}`, deps.config.PUBLIC_URL).toString();
  const image = await QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return { id, url, image, expiresAt: expiresAt.toISOString(), expiresIn: QR_TTL_SECONDS };
}

async function liveSession(deps: AppDeps, id: string) {
  const [row] = await deps.db.select().from(qrSessions).where(eq(qrSessions.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * The desktop's poll. Once the phone has confirmed, the first poll claims the session and answers the
 * username with a one-time code for the token endpoint; every later poll sees `consumed`.
 */
export async function pollQrSession(deps: AppDeps, id: string): Promise<QrPoll> {
  const row = await liveSession(deps, id);
  const now = deps.clock.now();
  if (row.state === 'confirmed') {
    const claimed = await deps.db
      .update(qrSessions)
      .set({ state: 'consumed' })
      .where(and(eq(qrSessions.id, id), eq(qrSessions.state, 'confirmed')))
      .returning({ username: qrSessions.username });
    const username = claimed[0]?.username;
    if (!username) return { state: 'consumed' };
    const verify = await createCode(deps.db, deps, 'qr', username.toLowerCase());
    return { state: 'confirmed', username, verify };
  }
  if ((row.state === 'waiting' || row.state === 'scanned') && row.expiresAt <= now) return { state: 'expired' };
  return { state: row.state as QrPoll['state'] };
}

async function openSession(deps: AppDeps, id: string) {
  const row = await liveSession(deps, id);
  if (row.expiresAt <= deps.clock.now()) throw new ConflictError('qr.expired');
  if (row.state !== 'waiting' && row.state !== 'scanned') throw new ConflictError('qr.used');
  return row;
}

/** The phone has opened the QR: the desktop shows "scanned", the phone shows where the sign-in comes from. */
export async function scanQrSession(deps: AppDeps, id: string) {
  const row = await openSession(deps, id);
  await deps.db.update(qrSessions).set({ state: 'scanned' }).where(eq(qrSessions.id, id));
  return { state: 'scanned' as const, ip: row.ip, createdAt: row.createdAt.toISOString() };
}

/** The signed-in phone approves (or refuses) the desktop's sign-in as its own user. */
export async function confirmQrSession(deps: AppDeps, ctx: RequestContext, id: string, approve: boolean) {
  await openSession(deps, id);
  const [row] = await deps.db
    .update(qrSessions)
    .set(
      approve
        ? {
            state: 'confirmed',
            tenantId: ctx.tenantId,
            userId: ctx.userId,
            username: ctx.username,
            confirmedAt: deps.clock.now(),
          }
        : { state: 'cancelled' },
    )
    .where(
      and(
        eq(qrSessions.id, id),
        inArray(qrSessions.state, ['waiting', 'scanned']),
        gt(qrSessions.expiresAt, deps.clock.now()),
      ),
    )
    .returning({ state: qrSessions.state });
  if (!row) throw new ConflictError('qr.used');
  return { state: row.state as 'confirmed' | 'cancelled' };
}
