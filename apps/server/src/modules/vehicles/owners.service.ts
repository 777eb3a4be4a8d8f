import { and, eq } from 'drizzle-orm';
import type { Owner, OwnerInput } from '@fleetdesk/contracts/vehicles';
import type { RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { carOwners } from '../../db/schema/vehicles.js';
import * as repo from './owners.repository.js';
import { pgErrorOf } from '../../core/db.js';

/** An ID number (credit code or ID card) names one owner per tenant. */
async function ensureIdNumberFree(deps: AppDeps, tenantId: number, input: OwnerInput, exceptId?: number) {
  if (!input.idNumber) return;
  const other = await repo.ownerWithIdNumber(deps.db, tenantId, input.idNumber, exceptId);
  if (other) throw new ConflictError('vehicles.ownerTaken', { idNumber: input.idNumber, name: other.name });
}

/** Two requests racing past the check meet the unique index: the same 409. */
function takenOf(err: unknown, input: OwnerInput): never {
  if (pgErrorOf(err).constraint === 'car_owners_id_number_uq') {
    throw new ConflictError('vehicles.ownerTaken', { idNumber: input.idNumber ?? '', name: '' });
  }
  throw err;
}

export async function createOwner(deps: AppDeps, ctx: RequestContext, input: OwnerInput): Promise<Owner> {
  await ensureIdNumberFree(deps, ctx.tenantId, input);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(carOwners)
    .values({ tenantId: ctx.tenantId, ...repo.ownerValues(input), createdAt: now, updatedAt: now })
    .returning()
    .catch((err: unknown) => takenOf(err, input));
  return repo.toOwner(row!, 0);
}

export async function updateOwner(deps: AppDeps, ctx: RequestContext, id: number, input: OwnerInput): Promise<Owner> {
  if (!(await repo.findOwner(deps.db, ctx.tenantId, id))) throw new NotFoundError('vehicles.ownerNotFound');
  await ensureIdNumberFree(deps, ctx.tenantId, input, id);
  await deps.db
    .update(carOwners)
    .set({ ...repo.ownerValues(input), updatedAt: deps.clock.now() })
    .where(and(eq(carOwners.tenantId, ctx.tenantId), eq(carOwners.id, id)))
    .catch((err: unknown) => takenOf(err, input));
  const found = await repo.findOwner(deps.db, ctx.tenantId, id);
  return repo.toOwner(found!.owner, found!.cars);
}

/** Deletes an owner no car refers to (deleted cars keep their owner for the history). */
export async function removeOwner(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  if (!(await repo.findOwner(deps.db, ctx.tenantId, id))) throw new NotFoundError('vehicles.ownerNotFound');
  const n = await repo.carsOfOwner(deps.db, ctx.tenantId, id, false);
  if (n) throw new ConflictError('vehicles.ownerInUse', { count: n });
  await deps.db.delete(carOwners).where(and(eq(carOwners.tenantId, ctx.tenantId), eq(carOwners.id, id)));
}
