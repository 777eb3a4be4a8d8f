import { sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@fleetdesk/contracts/common';
import { rowsOf, type DbOrTx } from './db.js';
import { ForbiddenError } from './errors.js';
import { effectivePermissions, type Permissions } from './permissions.js';

/**
 * What a route needs before its handler runs. Every route declares one (a test and a start-up check refuse
 * a route without it):
 * - `public`: anyone;
 * - `client`: the OAuth client credential (HTTP Basic), for calls made before sign-in;
 * - `user`: a valid access token of an active back-office user, in a rent the user may act in, with an
 *   effective membership (unless `allowExpired`) and, when given, the permission code;
 * - `driver`: a driver token of the driver portal (issue 34, core/driver-auth.ts), never an employee's.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'client' }
  | { kind: 'user'; permission?: string; anyOf?: readonly string[]; allowExpired?: boolean }
  | { kind: 'driver' };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  client: (): Access => ({ kind: 'client' }),
  /** A driver signed in to the driver portal: he reaches only his own records (`req.driver`). */
  driver: (): Access => ({ kind: 'driver' }),
  /** Any signed-in user; `allowExpired` lets an expired tenant through (auth, membership, orders). */
  signedIn: (options: { allowExpired?: boolean } = {}): Access => ({ kind: 'user', ...options }),
  /** A signed-in user holding `code` (a menu code or an element code such as `rentCar:add`). */
  permission: (code: string, options: { allowExpired?: boolean } = {}): Access => ({
    kind: 'user',
    permission: code,
    ...options,
  }),
  /** A signed-in user holding any one of `codes` (a call several areas read, such as the list of rents). */
  anyOf: (codes: readonly string[], options: { allowExpired?: boolean } = {}): Access => ({
    kind: 'user',
    anyOf: codes,
    ...options,
  }),
};

export type { Permissions } from './permissions.js';

/** Which driver is calling the driver portal: set by the auth hook before any handler of a `driver` route. */
export interface DriverContext {
  tenantId: number;
  tenantName: string;
  driverId: number;
  name: string;
  /** The driver's rent (company branch) now. */
  rentId: number;
  /** The phone his SMS code proved. */
  phone: string;
  sessionId: number;
  lang: Lang;
}

/** Who is calling and for which company: set by the auth hook before any handler of a `user` route. */
export interface RequestContext {
  tenantId: number;
  tenantName: string;
  /** The rent the call acts in: the `X-Rent-Id` header (one of `rentIds`), else the user's default rent. */
  rentId: number | null;
  /**
   * Every rent the user may see and act in: the data scope. All rents of the tenant when one of the user's
   * roles has data scope `all` or all permissions, else the rents the user is assigned to (`user_rents`).
   * Every area scopes its queries by it.
   */
  rentIds: readonly number[];
  /** `all` when `rentIds` is every rent of the tenant, `assigned` when only the user's own. */
  dataScope: 'all' | 'assigned';
  /**
   * A workshop's sign-in (every role of the user has data scope `workshop`): the maintenance workshops whose work
   * orders he sees, within his assigned rents (`maintenance_workshop_users`). Undefined: not limited.
   */
  workshopIds?: readonly number[];
  /**
   * Data scope `own` (every role of the user has it, issue 32): his rents are his assigned ones (as `assigned`),
   * and in the CRM he sees only the leads he owns plus the pool (`leadOwnerScope`). Undefined: not limited.
   */
  ownOnly?: true;
  /**
   * Data scope `team` (every role of the user has it, issue 34): a fleet leader's sign-in. His rents are his
   * assigned ones, and he sees only the fleet nodes he leads and their teams (`teams`), the drivers and cars in
   * them (`drivers.team_id`, `cars.team_id`: `teamScope`). Undefined: not limited.
   */
  teamIds?: readonly number[];
  userId: number;
  username: string;
  name: string;
  roles: readonly string[];
  permissions: Permissions;
  membershipExpiresAt: Date | null;
  tokenId: number;
  lang: Lang;
}

/** How a route's writes appear in the operation log; `false` keeps a write out of it (e.g. sign-in). */
export interface AuditConfig {
  action?: string;
  targetType?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    audit?: AuditConfig | false;
    /**
     * A POST that changes nothing (a list or an export whose filter travels in the body, a preview): it does not
     * wait for the session cache to hear the writes committed before it (`app.ts`), which only a write needs.
     */
    reads?: true;
  }
  interface FastifyRequest {
    lang: Lang;
    /** Present on `user` routes only. */
    ctx: RequestContext;
    /** Present on `driver` routes only: the signed-in driver of the driver portal. */
    driver: DriverContext;
    /** Set by a handler to say what its write did, for the operation log. */
    auditNote?: { targetId?: string | number; targetType?: string; summary?: unknown };
  }
}

export function hasPermission(permissions: Permissions, code: string): boolean {
  return code.includes(':') ? permissions.elements.has(code) : permissions.menus.has(code);
}

// ---------------------------------------------------------------------------------------------- data scope

/** The rents a call covers, as every repository's `Scope` reads them, and a team leader's nodes. */
export type RentScope = Pick<RequestContext, 'tenantId' | 'rentIds'> & { teamIds?: readonly number[] | undefined };

/**
 * The one request-side check of a rent a call names (a filter, a form's rent): it must be one of the caller's
 * `rentIds` (his data scope), else 403 `error.rentForbidden`, the answer to an `X-Rent-Id` of it. No rent named
 * (`undefined`, `null`, 0): nothing to check.
 */
export function rentInScope(ctx: Pick<RequestContext, 'rentIds'>, rentId: number | null | undefined): void {
  if (rentId && !ctx.rentIds.includes(rentId)) throw new ForbiddenError('error.rentForbidden');
}

/** The rents a call covers: the caller's data scope, or the one rent it names (checked by `rentInScope`). */
export function scopeFor(ctx: RentScope, rentId?: number | null): RentScope {
  const team = ctx.teamIds ? { teamIds: ctx.teamIds } : {};
  if (!rentId) return { tenantId: ctx.tenantId, rentIds: ctx.rentIds, ...team };
  rentInScope(ctx, rentId);
  return { tenantId: ctx.tenantId, rentIds: [rentId], ...team };
}

/**
 * A team leader's limit (data scope `team`) as a condition on a driver's or a car's `team_id` column: `true` for a
 * user who is not a team leader's sign-in, else the column among his nodes (none: nothing). The drivers' and the
 * cars' `inScope` add it, so every list, page and export of them follows it (docs/teams.md, "Data scope").
 */
export function teamScope(scope: { teamIds?: readonly number[] | undefined }, column: SQL): SQL {
  if (scope.teamIds === undefined) return sql`true`;
  if (!scope.teamIds.length) return sql`false`;
  return sql`${column} = any(${`{${scope.teamIds.join(',')}}`}::bigint[])`;
}

/**
 * The workshop limit of a call as a condition on a work order's workshop column: `true` for a user who is not a
 * workshop's sign-in, else the column among his workshops (none linked: nothing). The maintenance repository
 * adds it to every work order query (docs/maintenance.md, "Data scope").
 */
export function workshopScope(ctx: Pick<RequestContext, 'workshopIds'>, column: SQL): SQL {
  if (ctx.workshopIds === undefined) return sql`true`;
  if (!ctx.workshopIds.length) return sql`false`;
  return sql`${column} = any(${`{${ctx.workshopIds.join(',')}}`}::bigint[])`;
}

/**
 * The `own` data scope as a condition on a lead's owner column: for a user whose roles all have scope `own`, the
 * leads he owns and the pool (owner null); `true` for everybody else. The CRM adds it to every lead query.
 */
export function leadOwnerScope(ctx: Pick<RequestContext, 'ownOnly' | 'userId'>, ownerColumn: SQL): SQL {
  if (!ctx.ownOnly) return sql`true`;
  return sql`(${ownerColumn} = ${ctx.userId} or ${ownerColumn} is null)`;
}

/** A user who hears of a rent's news: every rent of the tenant (`all`), or the rents he is assigned to. */
export interface Recipient {
  userId: number;
  rents: 'all' | readonly number[];
}

/**
 * The one recipient query of jobs (reminders, alarms): the active users of the tenant who hold `permission`
 * as a request of theirs would (their roles' grants limited by the tenant's plan: `effectivePermissions`, the
 * very function the session uses), each with his data scope (every rent when one of his roles sees all or grants
 * everything, else his assigned rents). With `rentId`, only those who see that rent. A team leader's sign-in (data
 * scope `team`) is left out: the jobs address rents, and he sees only his nodes' drivers and cars of them.
 */
export async function recipientsOf(
  db: DbOrTx,
  tenantId: number,
  permission: string,
  rentId?: number,
): Promise<Recipient[]> {
  const rows = await rowsOf<{
    id: number;
    all_permissions: boolean;
    all_rents: boolean;
    grants: string[] | null;
    assigned: number[] | null;
    plan: string[] | null;
    team_only: boolean | null;
  }>(
    db,
    sql`select u.id, ro.all_permissions, ro.all_rents,
        (select array_agg(distinct g.code) from user_roles x join role_grants g
          on g.tenant_id = x.tenant_id and g.role_id = x.role_id
          where x.tenant_id = u.tenant_id and x.user_id = u.id) as grants,
        (select array_agg(ur.rent_id order by ur.rent_id) from user_rents ur
          where ur.tenant_id = u.tenant_id and ur.user_id = u.id) as assigned,
        (select array_agg(p.code) from tenant_permissions p where p.tenant_id = u.tenant_id) as plan
      from users u
      join lateral (
        select bool_or(r.all_permissions) as all_permissions, bool_or(r.all_permissions or r.data_scope = 'all') as all_rents,
          bool_and(r.data_scope = 'team' and not r.all_permissions) as team_only
        from user_roles x join roles r on r.tenant_id = x.tenant_id and r.id = x.role_id
        where x.tenant_id = u.tenant_id and x.user_id = u.id
      ) ro on ro.all_permissions is not null
      where u.tenant_id = ${tenantId} and u.status = 'active' and not ro.team_only
      order by u.id`,
  );
  const out: Recipient[] = [];
  for (const row of rows) {
    const permissions = effectivePermissions({
      grants: row.grants ?? [],
      allPermissions: row.all_permissions,
      planMenus: row.plan ?? [],
    });
    if (!hasPermission(permissions, permission)) continue;
    const rents = row.all_rents ? 'all' : (row.assigned ?? []).map(Number);
    if (rentId !== undefined && rents !== 'all' && !rents.includes(rentId)) continue;
    out.push({ userId: Number(row.id), rents });
  }
  return out;
}

/**
 * The recipients as a table for a job's statement, `(user_id, rent_id)` with `rent_id` null for "every rent":
 * join it with `rentJoin` (`join ${recipientTable(list)} rc on ${rentJoin('rc', sql`i.rent_id`)}`).
 */
export function recipientTable(list: readonly Recipient[]): SQL {
  const users: number[] = [];
  const rents: (number | 'NULL')[] = [];
  for (const r of list) {
    for (const rent of r.rents === 'all' ? (['NULL'] as const) : r.rents) {
      users.push(r.userId);
      rents.push(rent);
    }
  }
  return sql`(select * from unnest(${`{${users.join(',')}}`}::int8[], ${`{${rents.join(',')}}`}::int8[])
    as rc(user_id, rent_id))`;
}

/** The join condition of `recipientTable`'s alias with the rent of a row. */
export function rentJoin(alias: string, rent: SQL): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.rent_id is null or ${a}.rent_id = ${rent})`;
}
