import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FrontInfo, UserInfo } from '@fleetdesk/contracts/auth';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { menuItem } from '../access/access.service.js';
import { hasPermission, type RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { loginRecords, users } from '../../db/schema/identity.js';
import { tenants } from '../../db/schema/tenancy.js';
import { storedFileUrl } from '../files/files.service.js';
import { activeRentsByIds, defaultRent, userRentList } from './identity.repository.js';

export function frontInfo(ctx: RequestContext): FrontInfo {
  const menus = MENUS.filter((m) => ctx.permissions.menus.has(m.code)).map((m) => menuItem(m.code, ctx.lang)!);
  return {
    id: ctx.userId,
    name: ctx.name,
    username: ctx.username,
    type: [...ctx.roles],
    menus,
    elements: [...ctx.permissions.elements].sort().map((code) => ({ code })),
    tenantId: ctx.tenantId,
    tenantName: ctx.tenantName,
    rentId: ctx.rentId,
  };
}

/** Profile of a user of the caller's tenant: one's own always; another's with the address-book permission. */
/**
 * Whether a tenant is the platform operator (Fleetdesk's own company, listed in `platform_operators`): its users
 * who read the company settings work the feedback desk (docs/dashboard.md).
 */
export async function isPlatformOperator(db: DbOrTx, tenantId: number): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 from platform_operators where tenant_id = ${tenantId}`);
  return rows.length > 0;
}

export async function userInfo(deps: AppDeps, ctx: RequestContext, userId: number): Promise<UserInfo> {
  const [row] = await deps.db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      phone: users.phone,
      email: users.email,
      avatar: users.avatar,
      defaultRentId: users.defaultRentId,
      tenantName: tenants.name,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, userId)));
  if (!row) throw new NotFoundError();
  if (userId !== ctx.userId && !hasPermission(ctx.permissions, 'oaDepart:view')) throw new ForbiddenError();
  // One's own: the active rents one may act in (every rent of the tenant for a role of scope `all`; the header's
  // switcher lists these). Another employee's: the rents he is assigned to.
  const rents =
    userId === ctx.userId
      ? await activeRentsByIds(deps.db, ctx.tenantId, ctx.rentIds)
      : await userRentList(deps.db, ctx.tenantId, userId);
  const platformOperator = await isPlatformOperator(deps.db, ctx.tenantId);
  const current =
    userId === ctx.userId ? (rents.find((r) => r.id === ctx.rentId) ?? null) : defaultRent(rents, row.defaultRentId);
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    mobilePhone: row.phone,
    email: row.email,
    profilePhoto: deps.fileUrls.sign(ctx.tenantId, row.avatar),
    tenantId: ctx.tenantId,
    tenantName: row.tenantName,
    rentId: current?.id ?? null,
    rentCode: current?.code ?? null,
    rentName: current?.name ?? null,
    rentCity: current?.city ?? null,
    shortRentName: current?.shortName ?? null,
    rents,
    platformOperator,
  };
}

/** Completes the sign-in record of the caller's token with the client's platform and version. */
export async function saveLoginInfo(
  deps: AppDeps,
  ctx: RequestContext,
  info: { platform: string; version: string; ip: string; userAgent: string | undefined },
) {
  const [latest] = await deps.db
    .select({ id: loginRecords.id })
    .from(loginRecords)
    .where(
      and(
        eq(loginRecords.tenantId, ctx.tenantId),
        eq(loginRecords.tokenId, ctx.tokenId),
        isNull(loginRecords.platform),
      ),
    )
    .orderBy(desc(loginRecords.id))
    .limit(1);
  if (latest) {
    await deps.db
      .update(loginRecords)
      .set({ platform: info.platform, version: info.version })
      .where(and(eq(loginRecords.tenantId, ctx.tenantId), eq(loginRecords.id, latest.id)));
    return { id: latest.id, platform: info.platform, version: info.version };
  }
  const [row] = await deps.db
    .insert(loginRecords)
    .values({
      tenantId: ctx.tenantId,
      userId: ctx.userId,
      tokenId: ctx.tokenId,
      method: 'client',
      platform: info.platform,
      version: info.version,
      ip: info.ip,
      userAgent: info.userAgent ?? null,
    })
    .returning({ id: loginRecords.id });
  return { id: row!.id, platform: info.platform, version: info.version };
}

/**
 * The photo a profile keeps: the one it has (sent back unchanged by the form, stable or signed), else a file
 * the caller uploaded himself as an avatar, checked like every record's file (same field error as a car's).
 * Another user's upload, even a colleague's, is refused: a profile photo is one's own.
 */
async function profilePhotoUrl(deps: AppDeps, ctx: RequestContext, url: string, current: string | null) {
  if (current) {
    const key = deps.fileUrls.keyOf(url);
    const same = key
      ? key === deps.fileUrls.keyOf(current)
      : url === current || url === deps.fileUrls.sign(ctx.tenantId, current);
    if (same) return current;
  }
  return storedFileUrl(deps.db, deps, ctx.tenantId, url, 'profilePhoto', { uploadedBy: ctx.userId, types: ['avatar'] });
}

export async function updateProfile(
  deps: AppDeps,
  ctx: RequestContext,
  input: { name: string; email?: string | null | undefined; profilePhoto?: string | null | undefined },
) {
  let avatar: string | null | undefined;
  if (input.profilePhoto !== undefined) {
    const [row] = await deps.db
      .select({ avatar: users.avatar })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.userId)));
    avatar = input.profilePhoto ? await profilePhotoUrl(deps, ctx, input.profilePhoto, row?.avatar ?? null) : null;
  }
  await deps.db
    .update(users)
    .set({
      name: input.name,
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(avatar !== undefined ? { avatar } : {}),
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.userId)));
  return userInfo(deps, ctx, ctx.userId);
}
