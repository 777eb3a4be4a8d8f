import type { Lang } from '@fleetdesk/contracts/common';

/**
 * What a route needs before its handler runs. Every route declares one (a test and a start-up check refuse
 * a route without it):
 * - `public`: anyone;
 * - `client`: the OAuth client credential (HTTP Basic), for calls made before sign-in;
 * - `user`: a valid access token of an active back-office user, in a rent the user may act in, with an
 *   effective membership (unless `allowExpired`) and, when given, the permission code.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'client' }
  | { kind: 'user'; permission?: string; anyOf?: readonly string[]; allowExpired?: boolean };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  client: (): Access => ({ kind: 'client' }),
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

export interface Permissions {
  menus: ReadonlySet<string>;
  elements: ReadonlySet<string>;
  /** Menu codes the tenant's plan allows. */
  plan: ReadonlySet<string>;
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
  }
  interface FastifyRequest {
    lang: Lang;
    /** Present on `user` routes only. */
    ctx: RequestContext;
    /** Set by a handler to say what its write did, for the operation log. */
    auditNote?: { targetId?: string | number; targetType?: string; summary?: unknown };
  }
}

export function hasPermission(permissions: Permissions, code: string): boolean {
  return code.includes(':') ? permissions.elements.has(code) : permissions.menus.has(code);
}
