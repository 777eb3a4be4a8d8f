import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
} from '@fleetdesk/contracts/auth';
import type { AppDeps } from '../../core/deps.js';
import type { DbOrTx } from '../../core/db.js';
import { TooManyRequestsError } from '../../core/errors.js';
import { consume } from '../../core/rate-limit.js';
import { numericCode, safeEqual, sha256 } from '../../core/secrets.js';
import { qrSessions, verifyCodes } from '../../db/schema/identity.js';

export type CodePurpose = (typeof verifyCodes.$inferInsert)['purpose'];

/** Codes one phone may receive in a day, and code requests one IP may make in an hour. */
export const CODES_PER_PHONE_PER_DAY = 10;
export const CODE_REQUESTS_PER_IP_PER_HOUR = 20;

/**
 * Stores a new code for `target` and returns it (the caller delivers it). Earlier codes stop counting. A code
 * lives SMS_CODE_TTL_SECONDS unless `ttlSeconds` says otherwise (an employee's invitation: 72 hours).
 */
export async function createCode(
  db: DbOrTx,
  deps: Pick<AppDeps, 'clock'>,
  purpose: string,
  target: string,
  ttlSeconds: number = SMS_CODE_TTL_SECONDS,
) {
  const code = numericCode(SMS_CODE_LENGTH);
  const now = deps.clock.now();
  await db.insert(verifyCodes).values({
    purpose,
    target,
    codeHash: sha256(`${target}:${code}`),
    // Resend and daily limits compare with this time: it comes from the same clock as theirs.
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return code;
}

/**
 * Where a checkPhone request goes: `code` sends a code to `to`; `taken` tells a registered phone that asked
 * to register that it has an account (no code); `none` (no such account) sends nothing. All three count and
 * store a code row for `to`, so that the limits and the answers cannot tell them apart.
 */
export interface CodeDelivery {
  to: string;
  send: 'code' | 'taken' | 'none';
}

/**
 * Sends a code by SMS, within the limits: one per target per 60 s, ten per target per day, twenty requests
 * per IP per hour. With the sandbox gateway the code is also written to the server log.
 */
export async function sendCode(
  deps: AppDeps,
  input: CodeDelivery & {
    purpose: 'login' | 'reset' | 'register' | 'phoneChange' | 'driverLogin';
    ip: string;
    log: { info: (o: object, m: string) => void };
  },
): Promise<void> {
  const { db, clock } = deps;
  await consume(db, clock, { key: `code:ip:${input.ip}`, limit: CODE_REQUESTS_PER_IP_PER_HOUR, windowSeconds: 3600 });
  const now = clock.now().getTime();
  const [last] = await db
    .select({ createdAt: verifyCodes.createdAt })
    .from(verifyCodes)
    .where(
      and(
        eq(verifyCodes.target, input.to),
        inArray(verifyCodes.purpose, ['login', 'reset', 'register', 'phoneChange', 'driverLogin']),
      ),
    )
    .orderBy(desc(verifyCodes.createdAt))
    .limit(1);
  if (last) {
    const wait = Math.ceil((last.createdAt.getTime() + SMS_RESEND_SECONDS * 1000 - now) / 1000);
    if (wait > 0) throw new TooManyRequestsError(wait);
  }
  const [day] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.target, input.to), gt(verifyCodes.createdAt, new Date(now - 86_400_000))));
  if ((day?.n ?? 0) >= CODES_PER_PHONE_PER_DAY) throw new TooManyRequestsError(3600);

  // A code row in every case (nobody ever sees the code of `taken` or `none`): the limits above count it.
  const code = await createCode(db, deps, input.purpose, input.to);
  if (input.send === 'none') return;
  const minutes = SMS_CODE_TTL_SECONDS / 60;
  if (input.send === 'taken') {
    const template = deps.config.SMS_ALIYUN_REGISTERED_TEMPLATE;
    if (!deps.sms.sandbox && !template) return;
    await deps.sms.send({
      phone: input.to,
      content:
        '【Fleetdesk】此手机号已注册 Fleetdesk 账号，请直接登录；如忘记密码，可在登录页找回。如非本人操作，请忽略本短信。',
      template,
      params: {},
    });
    return;
  }
  await deps.sms.send({
    phone: input.to,
    content: `【Fleetdesk】您的验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本短信。`,
    template: deps.config.SMS_ALIYUN_CODE_TEMPLATE,
    params: { code },
  });
  if (deps.sms.sandbox) input.log.info({ phone: input.to, purpose: input.purpose, code }, 'sandbox SMS code');
}

/**
 * Checks a code against the newest live one of `targets` (for each its purposes). A wrong code counts a try;
 * the fifth wrong try kills the code. A right code is consumed.
 */
export async function verifyCode(
  db: DbOrTx,
  deps: Pick<AppDeps, 'clock'>,
  targets: { target: string; purposes: string[] }[],
  code: string,
): Promise<boolean> {
  const now = deps.clock.now();
  let best: typeof verifyCodes.$inferSelect | undefined;
  for (const t of targets) {
    const [row] = await db
      .select()
      .from(verifyCodes)
      .where(
        and(
          eq(verifyCodes.target, t.target),
          inArray(verifyCodes.purpose, t.purposes),
          isNull(verifyCodes.consumedAt),
          gt(verifyCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verifyCodes.createdAt))
      .limit(1);
    if (row && (!best || row.createdAt > best.createdAt)) best = row;
  }
  if (!best || best.attempts >= SMS_CODE_MAX_TRIES) return false;
  if (!safeEqual(sha256(`${best.target}:${code}`), best.codeHash)) {
    await db
      .update(verifyCodes)
      .set({ attempts: sql`${verifyCodes.attempts} + 1` })
      .where(eq(verifyCodes.id, best.id));
    return false;
  }
  const claimed = await db
    .update(verifyCodes)
    .set({ consumedAt: now })
    .where(and(eq(verifyCodes.id, best.id), isNull(verifyCodes.consumedAt)))
    .returning({ id: verifyCodes.id });
  return claimed.length === 1;
}

/** Removes codes and QR sessions a day past their expiry (the schedule `identity.purgeCodes`). */
export async function purgeExpiredCodes(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const dayAgo = new Date(deps.clock.now().getTime() - 86_400_000);
  await deps.db.delete(verifyCodes).where(lt(verifyCodes.expiresAt, dayAgo));
  await deps.db.delete(qrSessions).where(lt(qrSessions.expiresAt, dayAgo));
}
