import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, invalidField } from '../../core/errors.js';
import { hashPassword, verifyPassword } from '../../core/password.js';
import { consume, ensureBelow, increment, reset } from '../../core/rate-limit.js';
import { users } from '../../db/schema/identity.js';
import { verifyCode } from './codes.service.js';
import { findUserById, findUserByPhone } from './identity.repository.js';
import { revokeUserTokens } from './tokens.service.js';

export const RESETS_PER_IP_PER_HOUR = 10;
export const RESET_FAILURES_PER_PHONE = 5;

async function setPassword(deps: AppDeps, tenantId: number, userId: number, password: string) {
  const passwordHash = await hashPassword(password, deps.config.PASSWORD_SCRYPT_LOG_N);
  await deps.db
    .update(users)
    .set({ passwordHash, updatedAt: deps.clock.now() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** Resets a forgotten password with an SMS code (scene `reset`), then signs the user out everywhere. */
export async function resetPassword(
  deps: AppDeps,
  input: { phone: string; verify: string; password: string; ip: string },
) {
  const { db, clock } = deps;
  await consume(db, clock, { key: `reset:ip:${input.ip}`, limit: RESETS_PER_IP_PER_HOUR, windowSeconds: 3600 });
  const failKey = { key: `reset:fail:${input.phone}`, limit: RESET_FAILURES_PER_PHONE, windowSeconds: 900 };
  await ensureBelow(db, clock, failKey);
  const user = await findUserByPhone(db, input.phone);
  const ok = user && (await verifyCode(db, deps, [{ target: input.phone, purposes: ['reset'] }], input.verify));
  if (!user || !ok) {
    await increment(db, clock, failKey);
    throw invalidField('verify', 'auth.codeWrong');
  }
  await reset(db, clock, failKey);
  await setPassword(deps, user.tenantId, user.id, input.password);
  await revokeUserTokens(db, clock, user.tenantId, user.id);
}

/** Changes the signed-in user's password; other sessions of the user are signed out. */
export async function changePassword(deps: AppDeps, ctx: RequestContext, oldPassword: string, newPassword: string) {
  const failKey = { key: `password:fail:${ctx.tenantId}:${ctx.userId}`, limit: 5, windowSeconds: 900 };
  await ensureBelow(deps.db, deps.clock, failKey);
  const user = await findUserById(deps.db, ctx.tenantId, ctx.userId);
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
    await increment(deps.db, deps.clock, failKey);
    throw invalidField('oldPassword', 'auth.oldPasswordWrong');
  }
  if (oldPassword === newPassword) throw new BadRequestError('auth.passwordUnchanged');
  await setPassword(deps, ctx.tenantId, ctx.userId, newPassword);
  await revokeUserTokens(deps.db, deps.clock, ctx.tenantId, ctx.userId, ctx.tokenId);
}
