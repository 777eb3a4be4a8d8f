import { and, eq } from 'drizzle-orm';
import type { TokenRequest, TokenResponse } from '@fleetdesk/contracts/auth';
import type { AppDeps } from '../../core/deps.js';
import { InvalidGrantError, UnauthorizedError, UserRefusedError } from '../../core/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../core/password.js';
import { consume, ensureBelow, increment, reset } from '../../core/rate-limit.js';
import { loginRecords, users } from '../../db/schema/identity.js';
import { verifyCode } from './codes.service.js';
import { findLoginUser, type LoginUser } from './identity.repository.js';
import { issueTokens, refreshTokens, type TokenSettings } from './tokens.service.js';

/** Sign-in attempts per IP in 15 minutes, and wrong answers per account before it is locked for the window. */
// An office behind one address signs many people in; the per-account lock is what stops guessing.
export const LOGIN_ATTEMPTS_PER_IP = 100;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
const WINDOW = 15 * 60;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export function tokenSettings(deps: AppDeps): TokenSettings {
  return {
    accessTtlSeconds: deps.config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: deps.config.REFRESH_TOKEN_TTL_SECONDS,
    clientId: deps.config.OAUTH_CLIENT_ID,
  };
}

function ensureUsable(user: LoginUser): void {
  if (user.status !== 'active' || user.tenantStatus !== 'active') throw new UserRefusedError('error.userDisabled');
  if (user.userType !== 'manager') throw new UserRefusedError('error.userType');
}

/**
 * `grant_type=password`: username + password, or username (or phone) + a one-time code (SMS or QR) with an
 * empty password. Wrong answers give `invalid_grant` / 40402 and count toward the account's lock.
 */
async function passwordGrant(deps: AppDeps, input: TokenRequest, client: ClientInfo): Promise<TokenResponse> {
  const { db, clock } = deps;
  const username = (input.username ?? '').trim();
  const password = input.password ?? '';
  const verify = (input.verify ?? '').trim();
  if (!username || (!password && !verify)) throw new InvalidGrantError();

  await consume(db, clock, { key: `login:ip:${client.ip}`, limit: LOGIN_ATTEMPTS_PER_IP, windowSeconds: WINDOW });
  const user = await findLoginUser(db, username);
  // One lock per account, whichever of its names (username in any case, phone) is typed; a name that is
  // no account has a lock of its own, so that guessing at it costs the same.
  const failKey = {
    key: user ? `login:fail:user:${user.tenantId}:${user.id}` : `login:fail:name:${username.toLowerCase()}`,
    limit: LOGIN_FAILURES_PER_ACCOUNT,
    windowSeconds: WINDOW,
  };
  await ensureBelow(db, clock, failKey);

  let method: 'password' | 'code' | 'qr' = 'password';
  let proved = false;
  if (password) {
    const hash = user?.passwordHash ?? (await dummyPasswordHash(deps.config.PASSWORD_SCRYPT_LOG_N));
    proved = (await verifyPassword(password, hash)) && !!user;
  } else if (user) {
    const qr = await verifyCode(db, deps, [{ target: user.username.toLowerCase(), purposes: ['qr'] }], verify);
    proved = qr || (await verifyCode(db, deps, [{ target: user.phone, purposes: ['login'] }], verify));
    method = qr ? 'qr' : 'code';
  }
  if (!proved || !user) {
    await increment(db, clock, failKey);
    throw new InvalidGrantError();
  }
  await reset(db, clock, failKey);
  ensureUsable(user);

  const issued = await issueTokens(db, clock, tokenSettings(deps), user);
  await db.insert(loginRecords).values({
    tenantId: user.tenantId,
    userId: user.id,
    tokenId: issued.tokenId,
    method,
    ip: client.ip,
    userAgent: client.userAgent ?? null,
  });
  await db
    .update(users)
    .set({ lastLoginAt: clock.now() })
    .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
  return issued.response;
}

export async function grantToken(deps: AppDeps, input: TokenRequest, client: ClientInfo): Promise<TokenResponse> {
  if (input.grant_type === 'refresh_token') {
    if (!input.refresh_token) throw new UnauthorizedError();
    const { issued } = await refreshTokens(deps.db, deps.clock, tokenSettings(deps), input.refresh_token, ensureUsable);
    return issued.response;
  }
  return passwordGrant(deps, input, client);
}
