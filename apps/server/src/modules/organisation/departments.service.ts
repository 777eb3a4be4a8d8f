import { and, count, eq, ne } from 'drizzle-orm';
import type { Department, DepartmentInput } from '@fleetdesk/contracts/organisation';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { pgErrorOf, type DbOrTx } from '../../core/db.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { departments, users } from '../../db/schema/identity.js';
import * as repo from './departments.repository.js';
import { changedFields } from '../../core/audit.js';
import './organisation.messages.js';

/** Ids of a department and every department under it. */
export function subtree(all: readonly { id: number; parentId: number | null }[], root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const d of all) if (d.parentId === out[i]) out.push(d.id);
  return out;
}

export async function listDepartments(deps: Pick<AppDeps, 'db'>, ctx: Pick<RequestContext, 'tenantId'>) {
  return repo.listDepartments(deps.db, ctx.tenantId);
}

async function checkInput(db: DbOrTx, tenantId: number, input: DepartmentInput, exceptId?: number) {
  if (input.parentId !== null && !(await repo.findDepartment(db, tenantId, input.parentId))) {
    throw invalidField('parentId', 'organisation.departmentNotFound');
  }
  if (await repo.siblingNamed(db, tenantId, input.parentId, input.name, exceptId)) {
    throw invalidField('name', 'organisation.departmentNameTaken', { name: input.name });
  }
}

function takenOf(err: unknown, input: DepartmentInput): never {
  if (pgErrorOf(err).constraint === 'departments_name_uq') {
    throw invalidField('name', 'organisation.departmentNameTaken', { name: input.name });
  }
  throw err;
}

export async function createDepartment(
  deps: AppDeps,
  ctx: RequestContext,
  input: DepartmentInput,
): Promise<Department> {
  await checkInput(deps.db, ctx.tenantId, input);
  const [row] = await deps.db
    .insert(departments)
    .values({ tenantId: ctx.tenantId, ...input, createdAt: deps.clock.now() })
    .returning()
    .catch((err: unknown) => takenOf(err, input));
  return { id: row!.id, parentId: row!.parentId, name: row!.name, sort: row!.sort, employees: 0 };
}

/** Renames, moves or resorts a department; a move under itself or one of its descendants is refused (409). */
export async function updateDepartment(deps: AppDeps, ctx: RequestContext, id: number, input: DepartmentInput) {
  const before = await repo.findDepartment(deps.db, ctx.tenantId, id);
  if (!before) throw new NotFoundError('organisation.departmentNotFound');
  if (input.parentId !== null) {
    const all = await repo.listDepartments(deps.db, ctx.tenantId);
    if (subtree(all, id).includes(input.parentId)) throw new ConflictError('organisation.departmentCycle');
  }
  await checkInput(deps.db, ctx.tenantId, input, id);
  await deps.db
    .update(departments)
    .set({ name: input.name, parentId: input.parentId, sort: input.sort })
    .where(and(eq(departments.tenantId, ctx.tenantId), eq(departments.id, id)))
    .catch((err: unknown) => takenOf(err, input));
  const after = (await repo.listDepartments(deps.db, ctx.tenantId)).find((d) => d.id === id)!;
  const pick = (d: { name: string; parentId: number | null; sort: number }) => ({
    name: d.name,
    parentId: d.parentId,
    sort: d.sort,
  });
  return { department: after, changed: changedFields(pick(before), pick(after)) };
}

/**
 * Deletes a department without sub-departments and without employees (those who left may still name it: they
 * lose it, their records stay).
 */
export async function deleteDepartment(deps: AppDeps, ctx: RequestContext, id: number) {
  const dept = await repo.findDepartment(deps.db, ctx.tenantId, id);
  if (!dept) throw new NotFoundError('organisation.departmentNotFound');
  await deps.db.transaction(async (tx) => {
    const [children] = await tx
      .select({ n: count() })
      .from(departments)
      .where(and(eq(departments.tenantId, ctx.tenantId), eq(departments.parentId, id)));
    if (children!.n) throw new ConflictError('organisation.departmentHasChildren', { count: children!.n });
    const [staff] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.departmentId, id), ne(users.status, 'left')));
    if (staff!.n) throw new ConflictError('organisation.departmentHasEmployees', { count: staff!.n });
    await tx
      .update(users)
      .set({ departmentId: null })
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.departmentId, id)));
    await tx.delete(departments).where(and(eq(departments.tenantId, ctx.tenantId), eq(departments.id, id)));
  });
  return dept;
}
