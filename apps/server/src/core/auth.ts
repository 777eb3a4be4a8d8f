import type { FastifyRequest } from 'fastify';
import { USER_TYPE_MANAGER } from '@fleetdesk/contracts/auth';
import type { Access, Permissions, RequestContext } from './access.js';
import { hasPermission } from './access.js';
import type { Clock } from './clock.js';
import type { Config } from './../config.js';
import type { Database } from './db.js';
import { ForbiddenError, MembershipExpiredError, UnauthorizedError, UserRefusedError } from './errors.js';
import { effectivePermissions } from './permissions.js';
import { safeEqual, sha256 } from './secrets.js';
import type { SessionCache } from './session-cache.js';

/** One token's session as the session statement reads it; cached by `SessionCache` with its permissions. */
export interface SessionRow {
  token_id: number;
  tenant_id: number;
  user_id: number;
  access_expires_at: Date | string;
  revoked_at: Date | string | null;
  username: string;
  name: string;
  user_status: string;
  user_type: string;
  default_rent_id: number | null;
  tenant_name: string;
  tenant_status: string;
  membership_expires_at: Date | string | null;
  assigned_rent_ids: number[] | null;
  all_rent_ids: number[] | null;
  all_rents: boolean | null;
  /** Every role of the user has data scope `workshop` (a workshop's sign-in): his work orders are his workshops'. */
  workshop_only: boolean | null;
  workshop_ids: number[] | null;
  /** Every role of the user has data scope `own` (issue 32): in the CRM, his own leads and the pool only. */
  own_only: boolean | null;
  /** Every role of the user has data scope `team` (issue 34): the fleet nodes he leads and their teams. */
  team_only: boolean | null;
  team_ids: number[] | null;
  roles: string[] | null;
  grants: string[] | null;
  all_permissions: boolean | null;
  plan: string[] | null;
  /** The effective permissions, worked out once per cached row. */
  permissions?: Permissions;
}

/**
 * Everything the auth hook needs about a token, in one round trip. The roles are read once (`ro`): their
 * codes, whether one grants everything, and whether one sees every rent (data scope `all`, or all
 * permissions); only then are the tenant's rents read (a `case` runs only the branch it takes), and the user's
 * workshops only when every role of his has data scope `workshop` (maintenance, issue 31).
 */
const SESSION_SQL = `
    select t.id as token_id, t.tenant_id, t.user_id, t.access_expires_at, t.revoked_at,
      u.username, u.name, u.status as user_status, u.user_type, u.default_rent_id,
      tn.name as tenant_name, tn.status as tenant_status,
      m.expires_at as membership_expires_at,
      (select array_agg(ur.rent_id order by ur.rent_id) from user_rents ur
        where ur.tenant_id = t.tenant_id and ur.user_id = t.user_id) as assigned_rent_ids,
      case when ro.all_rents then
        (select array_agg(r.id order by r.id) from rents r
          where r.tenant_id = t.tenant_id and r.status in ('active', 'disabled'))
      end as all_rent_ids,
      ro.all_rents, ro.roles, ro.all_permissions, ro.workshop_only, ro.own_only, ro.team_only,
      case when ro.workshop_only then
        coalesce((select array_agg(w.workshop_id order by w.workshop_id) from maintenance_workshop_users w
          where w.tenant_id = t.tenant_id and w.user_id = t.user_id), '{}')
      end as workshop_ids,
      case when ro.team_only then
        coalesce((select array_agg(tm.id order by tm.id) from teams tm
          where tm.tenant_id = t.tenant_id and tm.deleted_at is null
            and (tm.leader_user_id = t.user_id or tm.parent_id in (select l.id from teams l
              where l.tenant_id = t.tenant_id and l.leader_user_id = t.user_id and l.deleted_at is null))), '{}')
      end as team_ids,
      (select array_agg(distinct g.code) from user_roles x join role_grants g
        on g.tenant_id = x.tenant_id and g.role_id = x.role_id
        where x.tenant_id = t.tenant_id and x.user_id = t.user_id) as grants,
      (select array_agg(p.code) from tenant_permissions p where p.tenant_id = t.tenant_id) as plan
    from oauth_tokens t
    join users u on u.tenant_id = t.tenant_id and u.id = t.user_id
    join tenants tn on tn.id = t.tenant_id
    left join memberships m on m.tenant_id = t.tenant_id
    left join lateral (
      select array_agg(r.code order by r.code) as roles, bool_or(r.all_permissions) as all_permissions,
        bool_or(r.all_permissions or r.data_scope = 'all') as all_rents,
        bool_and(r.data_scope = 'workshop' and not r.all_permissions) as workshop_only,
        bool_and(r.data_scope = 'own' and not r.all_permissions) as own_only,
        bool_and(r.data_scope = 'team' and not r.all_permissions) as team_only
      from user_roles x join roles r on r.tenant_id = x.tenant_id and r.id = x.role_id
      where x.tenant_id = t.tenant_id and x.user_id = t.user_id
    ) ro on true
    where t.access_hash = $1`;

async function loadSession(database: Database, accessHash: string): Promise<SessionRow | undefined> {
  const { rows } = await database.prepared<SessionRow>('fleetdesk_session', SESSION_SQL, [accessHash]);
  return rows[0];
}

function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ', 2);
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** Checks the `Authorization: Basic` client credential against the configured OAuth client. */
export function clientAuthenticated(req: FastifyRequest, config: Config): boolean {
  const header = req.headers.authorization;
  if (!header?.toLowerCase().startsWith('basic ')) return false;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return false;
  return (
    safeEqual(decoded.slice(0, i), config.OAUTH_CLIENT_ID) &&
    safeEqual(decoded.slice(i + 1), config.OAUTH_CLIENT_SECRET)
  );
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The rent a call acts in: the header's, if the user may act there (one of `rentIds`, the rents of the data
 * scope); else the user's default rent; else the first rent the user is assigned to, else the first visible.
 */
function resolveRent(
  req: FastifyRequest,
  row: SessionRow,
  rentIds: number[],
  assignedRentIds: number[],
): number | null {
  const header = req.headers['x-rent-id'];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw !== undefined && raw !== '') {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || !rentIds.includes(id)) throw new ForbiddenError('error.rentForbidden');
    return id;
  }
  if (row.default_rent_id !== null && rentIds.includes(Number(row.default_rent_id))) return Number(row.default_rent_id);
  return assignedRentIds[0] ?? rentIds[0] ?? null;
}

/**
 * The check every `user` route passes before its handler: token, user, user type, rent, membership and
 * permission, in that order, each with its own answer of DESIGN.md section 6.
 */
export async function authenticateUser(
  req: FastifyRequest,
  access: Extract<Access, { kind: 'user' }>,
  deps: { database: Database; clock: Clock; sessions: SessionCache<SessionRow> },
): Promise<RequestContext> {
  const token = bearerOf(req);
  if (!token) throw new UnauthorizedError();
  const hash = sha256(token);
  const now = deps.clock.now();
  let row = deps.sessions.get(hash, now.getTime());
  if (!row) {
    const epoch = deps.sessions.epoch;
    row = await loadSession(deps.database, hash);
    if (row) deps.sessions.set(hash, row, epoch, now.getTime());
  }
  if (!row || row.revoked_at !== null || asDate(row.access_expires_at) <= now) throw new UnauthorizedError();
  if (row.user_status !== 'active' || row.tenant_status !== 'active') throw new UserRefusedError('error.userDisabled');
  const userType = req.headers['x-user-type'];
  if (userType !== USER_TYPE_MANAGER || row.user_type !== USER_TYPE_MANAGER) {
    throw new UserRefusedError('error.userType');
  }
  // Data scope: every rent of the tenant when a role sees all (or grants everything), else the assigned ones.
  const assignedRentIds = (row.assigned_rent_ids ?? []).map(Number);
  const dataScope = row.all_rents ? 'all' : 'assigned';
  const rentIds = dataScope === 'all' ? (row.all_rent_ids ?? []).map(Number) : assignedRentIds;
  const rentId = resolveRent(req, row, rentIds, assignedRentIds);
  const membershipExpiresAt = row.membership_expires_at ? asDate(row.membership_expires_at) : null;
  if (!access.allowExpired && (!membershipExpiresAt || membershipExpiresAt <= now)) {
    throw new MembershipExpiredError();
  }
  const permissions = (row.permissions ??= effectivePermissions({
    grants: row.grants ?? [],
    allPermissions: row.all_permissions ?? false,
    planMenus: row.plan ?? [],
  }));
  if (access.permission && !hasPermission(permissions, access.permission)) throw new ForbiddenError();
  if (access.anyOf && !access.anyOf.some((code) => hasPermission(permissions, code))) throw new ForbiddenError();
  return {
    tenantId: Number(row.tenant_id),
    tenantName: row.tenant_name,
    rentId,
    rentIds,
    dataScope,
    userId: Number(row.user_id),
    username: row.username,
    name: row.name,
    ...(row.workshop_only ? { workshopIds: (row.workshop_ids ?? []).map(Number) } : {}),
    ...(row.own_only ? { ownOnly: true as const } : {}),
    ...(row.team_only ? { teamIds: (row.team_ids ?? []).map(Number) } : {}),
    roles: row.roles ?? [],
    permissions,
    membershipExpiresAt,
    tokenId: Number(row.token_id),
    lang: req.lang,
  };
}
