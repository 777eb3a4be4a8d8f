import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TokenResponse } from '@fleetdesk/contracts/auth';
import type { Clock } from '../../core/clock.js';
import type { Db, DbOrTx } from '../../core/db.js';
import { UnauthorizedError } from '../../core/errors.js';
import { randomToken, sha256 } from '../../core/secrets.js';
import { oauthTokens } from '../../db/schema/identity.js';
import { defaultRent, findUserById, userRentList, type LoginUser } from './identity.repository.js';

export interface TokenSettings {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  clientId: string;
}

export interface IssuedTokens {
  tokenId: number;
  response: TokenResponse;
}

/** Issues an access/refresh pair for a user who has proved who they are. */
export async function issueTokens(
  db: DbOrTx,
  clock: Clock,
  settings: TokenSettings,
  user: LoginUser,
  familyId: string = randomUUID(),
): Promise<IssuedTokens> {
  const access = randomToken();
  const refresh = randomToken();
  const now = clock.now().getTime();
  const [row] = await db
    .insert(oauthTokens)
    .values({
      tenantId: user.tenantId,
      userId: user.id,
      clientId: settings.clientId,
      familyId,
      accessHash: sha256(access),
      refreshHash: sha256(refresh),
      accessExpiresAt: new Date(now + settings.accessTtlSeconds * 1000),
      refreshExpiresAt: new Date(now + settings.refreshTtlSeconds * 1000),
    })
    .returning({ id: oauthTokens.id });
  const rent = defaultRent(await userRentList(db, user.tenantId, user.id), user.defaultRentId);
  return {
    tokenId: row!.id,
    response: {
      access_token: access,
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: settings.accessTtlSeconds,
      refresh_expires_in: settings.refreshTtlSeconds,
      scope: 'server',
      rent,
      tenant: user.tenantName,
      tenantId: user.tenantId,
      userId: user.id,
      username: user.username,
    },
  };
}

/**
 * Exchanges a refresh token for a new pair (rotation). A refresh token that was already used or revoked
 * revokes its whole family: someone holds a stolen copy.
 */
export async function refreshTokens(
  db: Db,
  clock: Clock,
  settings: TokenSettings,
  refreshToken: string,
  ensureUsable: (user: LoginUser) => void,
): Promise<{ user: LoginUser; issued: IssuedTokens }> {
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.refreshHash, sha256(refreshToken)))
      .for('update');
    if (!row) return { error: 'unknown' as const };
    if (row.revokedAt) {
      await tx
        .update(oauthTokens)
        .set({ revokedAt: now })
        .where(and(eq(oauthTokens.familyId, row.familyId), isNull(oauthTokens.revokedAt)));
      return { error: 'reused' as const };
    }
    if (row.refreshExpiresAt <= now) return { error: 'expired' as const };
    const user = await findUserById(tx, row.tenantId, row.userId);
    if (!user) return { error: 'unknown' as const };
    ensureUsable(user);
    await tx
      .update(oauthTokens)
      .set({ revokedAt: now })
      .where(and(eq(oauthTokens.tenantId, row.tenantId), eq(oauthTokens.id, row.id)));
    const issued = await issueTokens(tx, clock, settings, user, row.familyId);
    return { user, issued };
  });
  if ('error' in outcome) throw new UnauthorizedError();
  return outcome;
}

/** Revokes the pair an access token belongs to. Unknown tokens are ignored (revocation is idempotent). */
export async function revokeAccessToken(db: DbOrTx, clock: Clock, accessToken: string): Promise<boolean> {
  const rows = await db
    .update(oauthTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(oauthTokens.accessHash, sha256(accessToken)), isNull(oauthTokens.revokedAt)))
    .returning({ id: oauthTokens.id });
  return rows.length > 0;
}

/** Revokes every token of a user (password changed or reset), except the caller's own when given. */
export async function revokeUserTokens(db: DbOrTx, clock: Clock, tenantId: number, userId: number, exceptId?: number) {
  await db
    .update(oauthTokens)
    .set({ revokedAt: clock.now() })
    .where(
      and(
        eq(oauthTokens.tenantId, tenantId),
        eq(oauthTokens.userId, userId),
        isNull(oauthTokens.revokedAt),
        exceptId === undefined ? undefined : ne(oauthTokens.id, exceptId),
      ),
    );
}
