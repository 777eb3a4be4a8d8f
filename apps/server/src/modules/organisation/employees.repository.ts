import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Employee, EmployeeQuery, EmployeeStatus } from '@fleetdesk/contracts/organisation';
import { USER_TYPE_MANAGER } from '@fleetdesk/contracts/auth';
import type { DbOrTx } from '../../core/db.js';
import { containsPattern } from '../../core/like.js';
import { departments, roles, userRents, userRoles, users } from '../../db/schema/identity.js';
import { labels, userLabels } from '../../db/schema/organisation.js';

/** The list's filters, with the department already widened to its sub-departments. */
export type EmployeeFilter = Omit<EmployeeQuery, 'pageNum' | 'pageSize' | 'departmentId'> & {
  departmentIds?: number[];
  /** Data scope: only employees who may act in one of these rents (absent: every employee of the tenant). */
  rentIds?: readonly number[];
  /** Only these employees (a detail read through the same scope). */
  ids?: number[];
};

function whereOf(tenantId: number, f: EmployeeFilter): SQL {
  const cond: (SQL | undefined)[] = [eq(users.tenantId, tenantId), eq(users.userType, USER_TYPE_MANAGER)];
  if (f.keyword) {
    const p = containsPattern(f.keyword);
    cond.push(or(ilike(users.name, p), ilike(users.username, p), ilike(users.phone, p)));
  }
  if (f.departmentIds) cond.push(inArray(users.departmentId, f.departmentIds.length ? f.departmentIds : [-1]));
  if (f.status) cond.push(eq(users.status, f.status));
  if (f.ids) cond.push(inArray(users.id, f.ids.length ? f.ids : [-1]));
  if (f.rentIds) {
    const rentIds = f.rentIds.length ? [...f.rentIds] : [-1];
    cond.push(
      inArray(
        users.id,
        sql`(select ${userRents.userId} from ${userRents} where ${userRents.tenantId} = ${tenantId} and ${inArray(userRents.rentId, rentIds)})`,
      ),
    );
  }
  if (f.roleId) {
    cond.push(
      inArray(
        users.id,
        sql`(select ${userRoles.userId} from ${userRoles} where ${userRoles.tenantId} = ${tenantId} and ${userRoles.roleId} = ${f.roleId})`,
      ),
    );
  }
  if (f.labelId) {
    cond.push(
      inArray(
        users.id,
        sql`(select ${userLabels.userId} from ${userLabels} where ${userLabels.tenantId} = ${tenantId} and ${userLabels.labelId} = ${f.labelId})`,
      ),
    );
  }
  return and(...cond)!;
}

/** One page of ids (newest last: by id) and the total. */
export async function pageOfEmployees(db: DbOrTx, tenantId: number, f: EmployeeFilter, limit: number, offset: number) {
  const where = whereOf(tenantId, f);
  const [rows, [total]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** Ids after `afterId`, for an export that walks the list in pages. */
export async function idsAfter(db: DbOrTx, tenantId: number, f: EmployeeFilter, afterId: number, limit: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(whereOf(tenantId, f), sql`${users.id} > ${afterId}`))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The employees of `ids` (in that order) with their department, rents, roles and labels. */
export async function employeesByIds(db: DbOrTx, tenantId: number, ids: number[]): Promise<Employee[]> {
  if (!ids.length) return [];
  const [base, rentRows, roleRows, labelRows] = await Promise.all([
    db
      .select({ user: users, departmentName: departments.name })
      .from(users)
      .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.departmentId)))
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids))),
    db
      .select({ userId: userRents.userId, rentId: userRents.rentId })
      .from(userRents)
      .where(and(eq(userRents.tenantId, tenantId), inArray(userRents.userId, ids)))
      .orderBy(asc(userRents.rentId)),
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name, all: roles.allPermissions })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, ids)))
      .orderBy(asc(roles.id)),
    db
      .select({ userId: userLabels.userId, id: labels.id, name: labels.name, color: labels.color })
      .from(userLabels)
      .innerJoin(labels, and(eq(labels.tenantId, userLabels.tenantId), eq(labels.id, userLabels.labelId)))
      .where(and(eq(userLabels.tenantId, tenantId), inArray(userLabels.userId, ids)))
      .orderBy(asc(labels.id)),
  ]);
  const byId = new Map(base.map((b) => [b.user.id, b]));
  return ids.flatMap((id) => {
    const b = byId.get(id);
    if (!b) return [];
    const u = b.user;
    const myRoles = roleRows.filter((r) => r.userId === id);
    return [
      {
        id: u.id,
        name: u.name,
        username: u.username,
        phone: u.phone,
        email: u.email,
        title: u.title,
        departmentId: u.departmentId,
        departmentName: b.departmentName,
        rentIds: rentRows.filter((r) => r.userId === id).map((r) => r.rentId),
        defaultRentId: u.defaultRentId,
        roles: myRoles.map((r) => ({ id: r.id, name: r.name })),
        labels: labelRows.filter((l) => l.userId === id).map((l) => ({ id: l.id, name: l.name, color: l.color })),
        status: u.status as EmployeeStatus,
        administrator: myRoles.some((r) => r.all),
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
        leftAt: u.leftAt?.toISOString() ?? null,
        createdAt: u.createdAt.toISOString(),
      },
    ];
  });
}

/** A user of any tenant with this username (any case) or phone, other than `exceptId`. */
export async function signInNameClash(db: DbOrTx, username: string, phone: string, exceptId?: number) {
  const rows = await db
    .select({ id: users.id, username: users.username, phone: users.phone })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.username}) = lower(${username})`, eq(users.phone, phone)),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    phone: rows.some((r) => r.phone === phone),
  };
}

/**
 * Active employees of the tenant holding an all-permissions role, locked (the last-administrator guard reads
 * them inside the transaction that would remove one).
 */
export async function activeAdministrators(db: DbOrTx, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, 'active'),
        eq(users.userType, USER_TYPE_MANAGER),
        inArray(
          users.id,
          sql`(select x.user_id from user_roles x join roles r on r.tenant_id = x.tenant_id and r.id = x.role_id
            where x.tenant_id = ${tenantId} and r.all_permissions)`,
        ),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}
