import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Department } from '@fleetdesk/contracts/organisation';
import type { DbOrTx } from '../../core/db.js';
import { departments } from '../../db/schema/identity.js';

// Qualified by hand: Drizzle leaves the columns of a one-table query unqualified, which a subquery would capture.
const employeesOf = sql<number>`(select count(*)::int from users u
  where u.tenant_id = departments.tenant_id and u.department_id = departments.id and u.status <> 'left')`;

/** The tenant's departments, flat (parentId makes the tree), each with the employees directly in it. */
export async function listDepartments(db: DbOrTx, tenantId: number): Promise<Department[]> {
  const rows = await db
    .select({
      id: departments.id,
      parentId: departments.parentId,
      name: departments.name,
      sort: departments.sort,
      employees: employeesOf,
    })
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.sort), asc(departments.id));
  return rows.map((r) => ({ ...r, employees: Number(r.employees) }));
}

export async function findDepartment(db: DbOrTx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
  return row;
}

/** A department of that name under the same parent (null: top level), other than `exceptId`. */
export async function siblingNamed(
  db: DbOrTx,
  tenantId: number,
  parentId: number | null,
  name: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, tenantId),
        parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
        eq(departments.name, name),
        exceptId ? sql`${departments.id} <> ${exceptId}` : undefined,
      ),
    );
  return row;
}
