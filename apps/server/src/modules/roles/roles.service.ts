import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DataScope, PermissionNode, Role, RoleInput, RoleRow } from '@fleetdesk/contracts/organisation';
import { MENUS, type MenuDef } from '@fleetdesk/contracts/permissions';
import { hasPermission, type RequestContext } from '../../core/access.js';
import { changedFields } from '../../core/audit.js';
import { isUniqueViolation, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../core/errors.js';
import { defineMessages } from '../../core/i18n.js';
import { effectivePermissions, normaliseGrants } from '../../core/permissions.js';
import { roles } from '../../db/schema/identity.js';
import { tenantPermissions } from '../../db/schema/tenancy.js';
import * as repo from './roles.repository.js';

defineMessages({
  'roles.notFound': { 'zh-CN': '角色不存在', 'en-US': 'No such role' },
  'roles.nameTaken': { 'zh-CN': '角色名称“{name}”已被使用', 'en-US': 'The role name "{name}" is already in use' },
  'roles.grantsRefused': {
    'zh-CN': '以下权限不存在或不在贵公司的套餐内：{codes}',
    'en-US': "These permissions do not exist or are outside the company's plan: {codes}",
  },
  'roles.grantsRefusedField': {
    'zh-CN': '包含不存在或套餐外的权限',
    'en-US': "Contains permissions that do not exist or are outside the company's plan",
  },
  'roles.grantsBeyondOwn': {
    'zh-CN': '只能授予您自己拥有的权限：{codes}',
    'en-US': 'You can only grant permissions you hold yourself: {codes}',
  },
  'roles.grantsBeyondOwnField': {
    'zh-CN': '包含您自己没有的权限',
    'en-US': 'Contains permissions you do not hold yourself',
  },
  'roles.assignBeyondOwn': {
    'zh-CN': '只能分配不超出您自己权限的角色',
    'en-US': 'You can only give roles that grant no more than you hold yourself',
  },
  'roles.scopeBeyondOwn': {
    'zh-CN': '您只能看到自己所属的公司，不能授予或收回“全部公司”的数据范围',
    'en-US':
      'You see only the companies you are assigned to: you cannot grant or take away the data scope "all companies"',
  },
  'roles.ownRole': {
    'zh-CN': '不能修改自己所持角色的权限或数据范围，请由其他管理员操作',
    'en-US': 'You cannot change the permissions or data scope of a role you hold; ask another administrator',
  },
  'roles.removeBeyondOwn': {
    'zh-CN': '只能收回您自己拥有的权限：{codes}',
    'en-US': 'You can only take away permissions you hold yourself: {codes}',
  },
  'roles.removeBeyondOwnField': {
    'zh-CN': '收回了您自己没有的权限',
    'en-US': 'Takes away permissions you do not hold yourself',
  },
  'roles.copyBeyondOwn': {
    'zh-CN': '只能复制不超出您自己权限和数据范围的角色',
    'en-US': 'You can only copy a role that grants no more than you hold yourself (permissions and data scope)',
  },
  'roles.allPermissionsGrants': {
    'zh-CN': '全部权限角色的权限不可修改',
    'en-US': 'The permissions of an all-permissions role cannot be changed',
  },
  'roles.allPermissionsScope': {
    'zh-CN': '全部权限角色的数据范围始终为全部公司',
    'en-US': 'An all-permissions role always sees every company',
  },
  'roles.builtinDelete': { 'zh-CN': '内置角色不可删除', 'en-US': 'A built-in role cannot be deleted' },
  'roles.inUse': {
    'zh-CN': '还有 {count} 名员工使用该角色，不能删除',
    'en-US': '{count} employee(s) still hold this role; it cannot be deleted',
  },
  'roles.selfLockout': {
    'zh-CN': '此修改会让您失去角色管理权限，请由其他管理员操作',
    'en-US': 'This change would take the right to manage roles away from you; ask another administrator',
  },
});

/** Who may read the role list: role managers, user managers (they pick roles) and settings viewers. */
/** Who may read the list of roles: the roles screen, and whoever manages users or reads the settings. */
export const ROLE_LIST_ANY_OF = ['oaSetting:role', 'oaSetting:user', 'oaSetting:view'] as const;

/** Every code the tenant's plan allows, in catalogue order: what an all-permissions role grants. */
function planCodes(ctx: RequestContext): string[] {
  return normaliseGrants(
    MENUS.flatMap((m) => [m.code, ...m.elements.map((e) => e.code)]),
    ctx.permissions.plan,
  ).codes;
}

function listed(codes: string[]): string {
  return codes.length > 10 ? `${codes.slice(0, 10).join(', ')}…` : codes.join(', ');
}

/**
 * The grants a role may store: codes of the catalogue within the tenant's plan (400 `grants` otherwise),
 * normalised (the menu of each element, the parent of each child menu). A caller adds only codes he holds
 * himself; codes the role has already may stay (renaming a role does not need its every right), and he takes
 * away only codes he holds.
 */
function checkedGrants(ctx: RequestContext, grants: readonly string[], existing: readonly string[] = []): string[] {
  const { codes, refused } = normaliseGrants(grants, ctx.permissions.plan);
  if (refused.length) {
    throw new BadRequestError('roles.grantsRefused', { codes: listed(refused) }, [
      { path: 'grants', message: 'roles.grantsRefusedField' },
    ]);
  }
  const kept = new Set(existing);
  const beyond = codes.filter((c) => !kept.has(c) && !hasPermission(ctx.permissions, c));
  if (beyond.length) {
    throw new BadRequestError('roles.grantsBeyondOwn', { codes: listed(beyond) }, [
      { path: 'grants', message: 'roles.grantsBeyondOwnField' },
    ]);
  }
  // Taking a grant away is giving it too: only a caller who holds it may (else a role editor strips the roles
  // of those above him).
  const now = new Set(codes);
  const removed = existing.filter((c) => !now.has(c) && !hasPermission(ctx.permissions, c));
  if (removed.length) {
    throw new BadRequestError('roles.removeBeyondOwn', { codes: listed(removed) }, [
      { path: 'grants', message: 'roles.removeBeyondOwnField' },
    ]);
  }
  return codes;
}

/**
 * Data scope is a grant like any other: a caller who sees only his assigned rents neither gives a role the
 * scope `all` nor takes it away (400 at `dataScope`); a role that has it already may keep it.
 */
function checkedScope(ctx: RequestContext, dataScope: DataScope, existing?: string): void {
  // A caller of scope `own` (his leads only) makes roles of that scope only: any other sees more leads than he.
  // So does a team leader (scope `team`, issue 34): every other scope sees more drivers and cars than his nodes'.
  const changed =
    existing === undefined
      ? ctx.ownOnly
        ? dataScope !== 'own'
        : ctx.teamIds
          ? dataScope !== 'team'
          : dataScope === 'all'
      : dataScope !== existing;
  if (changed && ctx.dataScope === 'assigned') {
    throw new BadRequestError('roles.scopeBeyondOwn', undefined, [
      { path: 'dataScope', message: 'roles.scopeBeyondOwn' },
    ]);
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const s = new Set(a);
  return s.size === new Set(b).size && b.every((x) => s.has(x));
};

/** A new role code: `r` and 10 random base-32 characters (codes are unique per tenant, names may change). */
function newCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `r${Array.from(randomBytes(10), (b) => alphabet[b % 32]).join('')}`;
}

function conflictOf(err: unknown, name: string): never {
  if (isUniqueViolation(err, 'roles_name_uq')) throw new ConflictError('roles.nameTaken', { name });
  throw err;
}

async function assertNameFree(db: DbOrTx, ctx: RequestContext, name: string, exceptId?: number) {
  if (await repo.nameTaken(db, ctx.tenantId, name, exceptId)) throw new ConflictError('roles.nameTaken', { name });
}

/**
 * Whether a role gives something the caller lacks: a code he does not hold (an all-permissions role: any code
 * of the plan), or data scope `all` to a caller who sees only his assigned rents. Data scope is a grant like
 * any other.
 */
function roleBeyond(
  permissions: RequestContext['permissions'],
  dataScope: RequestContext['dataScope'],
  role: { allPermissions: boolean; dataScope: string },
  codes: readonly string[],
  ownOnly = false,
  teamOnly = false,
): boolean {
  if (dataScope === 'assigned' && (role.allPermissions || role.dataScope === 'all')) return true;
  // Scope `own` sees only its own leads: every other scope sees more of them (issue 32).
  if (ownOnly && role.dataScope !== 'own') return true;
  // Scope `team` sees only its nodes' drivers and cars: every other scope sees more of them (issue 34).
  if (teamOnly && role.dataScope !== 'team') return true;
  return codes.some((c) => !hasPermission(permissions, c));
}

/** The ones of `roleIds` that give something the caller lacks (see `roleBeyond`); unknown ids are skipped. */
export async function rolesBeyondCaller(db: DbOrTx, ctx: RequestContext, roleIds: readonly number[]) {
  const beyond: number[] = [];
  let everything: string[] | undefined;
  for (const id of new Set(roleIds)) {
    const row = await repo.findRoleRow(db, ctx.tenantId, id);
    if (!row) continue; // an unknown role is the caller's field error to report
    const codes = row.allPermissions
      ? (everything ??= planCodes(ctx))
      : normaliseGrants(await repo.grantsOf(db, ctx.tenantId, id), ctx.permissions.plan).codes;
    if (roleBeyond(ctx.permissions, ctx.dataScope, row, codes, ctx.ownOnly === true, ctx.teamIds !== undefined))
      beyond.push(id);
  }
  return beyond;
}

/**
 * Refuses to give an employee a role that grants more than the caller holds (else anyone who may add staff
 * could make himself an administrator): each of `roleIds` not among `kept` (the roles the employee has now)
 * must grant only codes the caller holds, an all-permissions role needs a caller who holds everything, and
 * a role of data scope `all` a caller who sees every rent. 400 at `roleIds`.
 */
export async function assertMayAssignRoles(
  db: DbOrTx,
  ctx: RequestContext,
  roleIds: readonly number[],
  kept: readonly number[] = [],
): Promise<void> {
  const added = roleIds.filter((id) => !kept.includes(id));
  if (!added.length) return;
  if ((await rolesBeyondCaller(db, ctx, added)).length) {
    throw new BadRequestError('roles.assignBeyondOwn', undefined, [
      { path: 'roleIds', message: 'roles.assignBeyondOwn' },
    ]);
  }
}

/**
 * The roles user `userId` may give (see `assertMayAssignRoles`), for callers without a request context: an
 * Excel import resumed by a worker reads the importer's rights from the database.
 */
export async function assignableRoleIds(db: DbOrTx, tenantId: number, userId: number): Promise<Set<number>> {
  const [held, plan, all] = await Promise.all([
    repo.rolesOfUser(db, tenantId, userId),
    db.select({ code: tenantPermissions.code }).from(tenantPermissions).where(eq(tenantPermissions.tenantId, tenantId)),
    repo.listRoles(db, tenantId),
  ]);
  const planMenus = plan.map((p) => p.code);
  const permissions = effectivePermissions({
    grants: held.flatMap((r) => r.grants),
    allPermissions: held.some((r) => r.allPermissions),
    planMenus,
  });
  const everything = normaliseGrants(
    MENUS.flatMap((m) => [m.code, ...m.elements.map((e) => e.code)]),
    new Set(planMenus),
  ).codes;
  const dataScope = held.some((r) => r.allPermissions || r.dataScope === 'all') ? 'all' : 'assigned';
  const ownOnly = held.length > 0 && held.every((r) => r.dataScope === 'own' && !r.allPermissions);
  const teamOnly = held.length > 0 && held.every((r) => r.dataScope === 'team' && !r.allPermissions);
  const out = new Set<number>();
  for (const role of all) {
    const codes = role.allPermissions
      ? everything
      : normaliseGrants(await repo.grantsOf(db, tenantId, role.id), new Set(planMenus)).codes;
    if (!roleBeyond(permissions, dataScope, role, codes, ownOnly, teamOnly)) out.add(role.id);
  }
  return out;
}

/**
 * Refuses the deletion of one of the caller's own roles that would take `oaSetting:role` away from him (the
 * last administrator locking himself out); his other roles stay. (The grants of a role he holds do not change
 * at all: `roles.ownRole`.)
 */
async function assertKeepsRoleRight(db: DbOrTx, ctx: RequestContext, removedId: number) {
  const held = await repo.rolesOfUser(db, ctx.tenantId, ctx.userId);
  if (!held.some((r) => r.id === removedId)) return;
  const after = held.filter((r) => r.id !== removedId);
  const permissions = effectivePermissions({
    grants: after.flatMap((r) => r.grants),
    allPermissions: after.some((r) => r.allPermissions),
    planMenus: [...ctx.permissions.plan],
  });
  if (!hasPermission(permissions, 'oaSetting:role')) throw new ConflictError('roles.selfLockout');
}

export async function listRoles(deps: AppDeps, ctx: RequestContext): Promise<RoleRow[]> {
  return repo.listRoles(deps.db, ctx.tenantId);
}

/** A role with its grants; an all-permissions role answers every code the plan allows. */
export async function getRole(db: DbOrTx, ctx: RequestContext, id: number): Promise<Role> {
  const row = await repo.findRoleRow(db, ctx.tenantId, id);
  if (!row) throw new NotFoundError('roles.notFound');
  const grants = row.allPermissions
    ? planCodes(ctx)
    : normaliseGrants(await repo.grantsOf(db, ctx.tenantId, id), ctx.permissions.plan).codes;
  return { ...row, grants };
}

export interface RoleChange {
  role: Role;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

export async function createRole(deps: AppDeps, ctx: RequestContext, input: RoleInput): Promise<Role> {
  const grants = checkedGrants(ctx, input.grants);
  checkedScope(ctx, input.dataScope);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await assertNameFree(tx, ctx, input.name);
      const [row] = await tx
        .insert(roles)
        .values({
          tenantId: ctx.tenantId,
          code: newCode(),
          name: input.name,
          description: input.description ?? null,
          dataScope: input.dataScope,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: roles.id });
      await repo.setGrants(tx, ctx.tenantId, row!.id, grants);
      return getRole(tx, ctx, row!.id);
    });
  } catch (err) {
    conflictOf(err, input.name);
  }
}

/**
 * Changes a role's name, description, data scope and grants. An all-permissions role keeps its grants (the
 * body may send none, or back exactly what it was answered) and its scope `all`. Answers the role and the
 * changed fields before and after, for the operation log.
 */
export async function updateRole(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: RoleInput,
): Promise<RoleChange> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await repo.lockRole(tx, ctx.tenantId, id);
      if (!current) throw new NotFoundError('roles.notFound');
      const before = await getRole(tx, ctx, id);
      let grants = before.grants;
      if (current.allPermissions) {
        const sent = normaliseGrants(input.grants, ctx.permissions.plan).codes;
        if (input.grants.length && !sameSet(sent, before.grants)) throw new ConflictError('roles.allPermissionsGrants');
        if (input.dataScope !== 'all') throw new ConflictError('roles.allPermissionsScope');
      } else {
        grants = checkedGrants(ctx, input.grants, before.grants);
        checkedScope(ctx, input.dataScope, before.dataScope);
        // Nobody widens (or narrows) what he holds himself: grants and scope of his own roles are another's to
        // change. Name and description may change.
        if (!sameSet(grants, before.grants) || input.dataScope !== before.dataScope) {
          const held = await repo.rolesOfUser(tx, ctx.tenantId, ctx.userId);
          if (held.some((r) => r.id === id)) throw new ForbiddenError('roles.ownRole');
        }
      }
      if (input.name !== current.name) await assertNameFree(tx, ctx, input.name, id);
      await tx
        .update(roles)
        .set({ name: input.name, description: input.description ?? null, dataScope: input.dataScope, updatedAt: now })
        .where(and(eq(roles.tenantId, ctx.tenantId), eq(roles.id, id)));
      if (!current.allPermissions && !sameSet(grants, before.grants)) {
        await repo.setGrants(tx, ctx.tenantId, id, grants);
      }
      const role = await getRole(tx, ctx, id);
      return { role, ...roleChanges(before, role) };
    });
  } catch (err) {
    conflictOf(err, input.name);
  }
}

/** The fields of a role that changed, before and after (grants as added and removed codes). */
function roleChanges(before: Role, after: Role) {
  const pick = (r: Role) => ({ name: r.name, description: r.description, dataScope: r.dataScope });
  const { before: b, after: a } = changedFields(pick(before), pick(after));
  if (!sameSet(before.grants, after.grants)) {
    b.grants = before.grants.filter((c) => !after.grants.includes(c));
    a.grants = after.grants.filter((c) => !before.grants.includes(c));
  }
  return { before: b, after: a };
}

/** A new role with another name and the same description, data scope and grants (not built-in). */
export async function copyRole(deps: AppDeps, ctx: RequestContext, id: number, name: string): Promise<Role> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const source = await repo.lockRole(tx, ctx.tenantId, id);
      if (!source) throw new NotFoundError('roles.notFound');
      // A copy gives what the role gives: only a caller who holds all of it (and its data scope) makes one.
      if ((await rolesBeyondCaller(tx, ctx, [id])).length) throw new ForbiddenError('roles.copyBeyondOwn');
      const grants = source.allPermissions ? [] : await repo.grantsOf(tx, ctx.tenantId, id);
      await assertNameFree(tx, ctx, name);
      const [row] = await tx
        .insert(roles)
        .values({
          tenantId: ctx.tenantId,
          code: newCode(),
          name,
          description: source.description,
          allPermissions: source.allPermissions,
          dataScope: source.dataScope,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: roles.id });
      await repo.setGrants(tx, ctx.tenantId, row!.id, grants);
      return getRole(tx, ctx, row!.id);
    });
  } catch (err) {
    conflictOf(err, name);
  }
}

/** Deletes a role nobody holds; a built-in role, or one an employee holds, is refused (409). */
export async function deleteRole(deps: AppDeps, ctx: RequestContext, id: number): Promise<Role> {
  return deps.db.transaction(async (tx) => {
    const current = await repo.lockRole(tx, ctx.tenantId, id);
    if (!current) throw new NotFoundError('roles.notFound');
    if (current.builtin) throw new ConflictError('roles.builtinDelete');
    const count = await repo.holderCount(tx, ctx.tenantId, id);
    if (count > 0) throw new ConflictError('roles.inUse', { count });
    await assertKeepsRoleRight(tx, ctx, id);
    const role = await getRole(tx, ctx, id);
    await tx.delete(roles).where(and(eq(roles.tenantId, ctx.tenantId), eq(roles.id, id)));
    return role;
  });
}

/** The catalogue as a tree to tick, titled in both languages, limited to the tenant's plan. */
export function permissionTree(ctx: RequestContext): PermissionNode[] {
  const plan = ctx.permissions.plan;
  const node = (m: MenuDef): PermissionNode => ({
    code: m.code,
    kind: 'menu',
    title: m.title,
    children: [
      ...MENUS.filter((c) => c.parent === m.code && plan.has(c.code)).map(node),
      ...m.elements.map((e) => ({ code: e.code, kind: 'element' as const, title: e.title, children: [] })),
    ],
  });
  return MENUS.filter((m) => !m.parent && plan.has(m.code)).map(node);
}

/**
 * A role another area needs under a fixed code (the maintenance workshops' `workshop` role, issue 31): the
 * tenant's role of that code, made the first time with its name, data scope and grants (a name another role holds
 * already gets the code appended). Later changes to it are the roles screen's. Answers its id.
 */
export async function ensureRole(
  tx: DbOrTx,
  tenantId: number,
  def: { code: string; name: string; description: string; dataScope: DataScope; grants: readonly string[] },
): Promise<number> {
  const find = async () =>
    (
      await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.code, def.code)))
    )[0]?.id;
  const existing = await find();
  if (existing !== undefined) return existing;
  for (const name of [def.name, `${def.name} (${def.code})`]) {
    const [row] = await tx
      .insert(roles)
      .values({ tenantId, code: def.code, name, description: def.description, dataScope: def.dataScope })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (row) {
      await repo.setGrants(tx, tenantId, row.id, def.grants);
      return row.id;
    }
    const raced = await find();
    if (raced !== undefined) return raced;
  }
  throw new ConflictError('roles.nameTaken', { name: def.name });
}
