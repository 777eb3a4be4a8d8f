import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import { departments, users } from '../../db/schema/identity.js';
import { labels, userLabels } from '../../db/schema/organisation.js';

export async function listDepartments(db: DbOrTx, ctx: RequestContext) {
  return db
    .select({ id: departments.id, parentId: departments.parentId, name: departments.name, sort: departments.sort })
    .from(departments)
    .where(eq(departments.tenantId, ctx.tenantId))
    .orderBy(asc(departments.sort), asc(departments.id));
}

export async function listLabels(db: DbOrTx, ctx: RequestContext) {
  return db
    .select({ id: labels.id, name: labels.name, color: labels.color })
    .from(labels)
    .where(eq(labels.tenantId, ctx.tenantId))
    .orderBy(asc(labels.id));
}

/** Ids of a department and every department under it. */
export function subtree(all: { id: number; parentId: number | null }[], root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const d of all) if (d.parentId === out[i]) out.push(d.id);
  return out;
}

/** Active staff of the tenant, optionally in some departments and with one of some labels. */
export async function listStaff(
  db: DbOrTx,
  ctx: RequestContext,
  filter: { departmentIds?: number[]; labelIds?: number[] },
) {
  const where: SQL[] = [eq(users.tenantId, ctx.tenantId), eq(users.status, 'active')];
  if (filter.departmentIds)
    where.push(inArray(users.departmentId, filter.departmentIds.length ? filter.departmentIds : [-1]));
  if (filter.labelIds) {
    const tagged = db
      .select({ id: userLabels.userId })
      .from(userLabels)
      .where(
        and(
          eq(userLabels.tenantId, ctx.tenantId),
          inArray(userLabels.labelId, filter.labelIds.length ? filter.labelIds : [-1]),
        ),
      );
    where.push(inArray(users.id, tagged));
  }
  return db
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      departmentId: users.departmentId,
      title: users.title,
    })
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.id));
}
