import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import { users } from '../../db/schema/identity.js';
import { userLabels } from '../../db/schema/organisation.js';

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
