import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DataScope, RoleRow } from '@fleetdesk/contracts/organisation';
import type { DbOrTx } from '../../core/db.js';
import { roleGrants, roles, userRoles, users } from '../../db/schema/identity.js';

export type RoleRecord = typeof roles.$inferSelect;

/** Employees holding a role: its users that have not left. */
const holders = sql<number>`(select count(*)::int from user_roles x join users u
  on u.tenant_id = x.tenant_id and u.id = x.user_id
  where x.tenant_id = roles.tenant_id and x.role_id = roles.id and u.status <> 'left')`;

function toRow(r: RoleRecord & { users: number }): RoleRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    allPermissions: r.allPermissions,
    builtin: r.builtin,
    dataScope: r.dataScope as DataScope,
    users: Number(r.users),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The tenant's roles with their holders: built-in first, then by name. */
/** The columns of a role row with its holders (the list and one role read the same). */
const rowColumns = {
  tenantId: roles.tenantId,
  id: roles.id,
  code: roles.code,
  name: roles.name,
  description: roles.description,
  allPermissions: roles.allPermissions,
  dataScope: roles.dataScope,
  builtin: roles.builtin,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  users: holders,
};

export async function listRoles(db: DbOrTx, tenantId: number): Promise<RoleRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(sql`${roles.builtin} desc`, asc(roles.name), asc(roles.id));
  return rows.map(toRow);
}

/** One role of the tenant with its holders; another tenant's is undefined. */
export async function findRoleRow(db: DbOrTx, tenantId: number, id: number): Promise<RoleRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
  return row ? toRow(row) : undefined;
}

/** The role row, locked for the change that follows (two edits of one role run one after the other). */
export async function lockRole(db: DbOrTx, tenantId: number, id: number): Promise<RoleRecord | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .for('update');
  return row;
}

export async function grantsOf(db: DbOrTx, tenantId: number, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ code: roleGrants.code })
    .from(roleGrants)
    .where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.roleId, roleId)));
  return rows.map((r) => r.code);
}

/** Replaces a role's grants. */
export async function setGrants(db: DbOrTx, tenantId: number, roleId: number, codes: readonly string[]) {
  await db.delete(roleGrants).where(and(eq(roleGrants.tenantId, tenantId), eq(roleGrants.roleId, roleId)));
  if (codes.length) await db.insert(roleGrants).values(codes.map((code) => ({ tenantId, roleId, code })));
}

/** Whether another role of the tenant has this name. */
export async function nameTaken(db: DbOrTx, tenantId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined));
  return !!row;
}

/** Employees (not left) holding the role. */
export async function holderCount(db: DbOrTx, tenantId: number, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId), ne(users.status, 'left')));
  return Number(row?.n ?? 0);
}

/** The roles a user holds, with what each grants: for the check that a change keeps the caller's own rights. */
export async function rolesOfUser(
  db: DbOrTx,
  tenantId: number,
  userId: number,
): Promise<{ id: number; allPermissions: boolean; dataScope: string; grants: string[] }[]> {
  const held = await db
    .select({ id: roles.id, allPermissions: roles.allPermissions, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  if (!held.length) return [];
  const grants = await db
    .select({ roleId: roleGrants.roleId, code: roleGrants.code })
    .from(roleGrants)
    .where(
      and(
        eq(roleGrants.tenantId, tenantId),
        inArray(
          roleGrants.roleId,
          held.map((r) => r.id),
        ),
      ),
    );
  return held.map((r) => ({
    ...r,
    grants: grants.filter((g) => g.roleId === r.id).map((g) => g.code),
  }));
}
