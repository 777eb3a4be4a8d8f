import { and, eq } from 'drizzle-orm';
import { isValidUscc } from '@fleetdesk/contracts/identifiers';
import type { Rent, RentInput } from '@fleetdesk/contracts/organisation';
import type { RequestContext } from '../../core/access.js';
import { pgErrorOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { rents } from '../../db/schema/tenancy.js';
import { storedFileUrl } from '../files/files.service.js';
import { changedFields } from '../../core/audit.js';
import './organisation.messages.js';
import * as repo from './rents.repository.js';

/**
 * `rent/list` serves the subsidiaries screen (`oaCompany:view`) and every form that picks a rent of the tenant
 * (the car form: `rentCar:view`): any of these elements.
 */
export const RENT_LIST_ANY_OF = ['oaCompany:view', 'rentCar:view', 'riskGpsMap:receipt'] as const;

const signer = (deps: AppDeps, tenantId: number) => (url: string) => deps.fileUrls.sign(tenantId, url);

export async function listRents(deps: AppDeps, ctx: RequestContext): Promise<Rent[]> {
  const rows = await repo.listRents(deps.db, ctx.tenantId);
  // Data scope: a caller whose roles see only his assigned rents lists only those.
  return rows.filter((r) => visible(ctx, r.rent.id)).map((r) => repo.toRent(r.rent, r, signer(deps, ctx.tenantId)));
}

/** Whether the caller's data scope shows rent `id` (`ctx.rentIds` is read at the start of the call). */
function visible(ctx: RequestContext, id: number): boolean {
  return ctx.dataScope !== 'assigned' || ctx.rentIds.includes(id);
}

/** A rent of the tenant, whatever the caller's scope (the answer to his own add). */
async function readRent(deps: AppDeps, ctx: RequestContext, id: number): Promise<Rent> {
  const row = await repo.findRent(deps.db, ctx.tenantId, id);
  if (!row) throw new NotFoundError('organisation.rentNotFound');
  return repo.toRent(row.rent, row, signer(deps, ctx.tenantId));
}

export async function getRent(deps: AppDeps, ctx: RequestContext, id: number): Promise<Rent> {
  if (!visible(ctx, id)) throw new NotFoundError('organisation.rentNotFound');
  return readRent(deps, ctx, id);
}

/**
 * Refuses to create a record in a rent that is not the tenant's (404, or a field error at `field` when the
 * rent was named in a form) or that is disabled (409). A disabled rent's records stay readable; other areas
 * call this before they add a record to a rent (cars: add and transfer).
 */
export async function ensureRentWritable(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId'>,
  rentId: number,
  field?: string,
): Promise<void> {
  const [row] = await db
    .select({ status: rents.status, name: rents.shortName })
    .from(rents)
    .where(and(eq(rents.tenantId, ctx.tenantId), eq(rents.id, rentId)));
  if (!row) {
    if (field) throw invalidField(field, 'organisation.rentNotFound');
    throw new NotFoundError('organisation.rentNotFound');
  }
  if (row.status !== 'active') throw new ConflictError('organisation.rentDisabled', { name: row.name });
}

async function rentValues(db: DbOrTx, deps: AppDeps, tenantId: number, input: RentInput) {
  if (input.licenceNo && !isValidUscc(input.licenceNo)) throw invalidField('licenceNo', 'v.creditCode');
  const licenceImage = input.licenceImage
    ? await storedFileUrl(db, deps, tenantId, input.licenceImage, 'licenceImage')
    : null;
  return {
    name: input.name,
    shortName: input.shortName,
    city: input.city,
    address: input.address || null,
    contactName: input.contactName || null,
    contactPhone: input.contactPhone || null,
    licenceNo: input.licenceNo || null,
    licenceImage,
  };
}

/** The next free code `R001`, `R002`... of the tenant (codes it already has, like `HZ`, are skipped over). */
async function nextCode(db: DbOrTx, tenantId: number): Promise<string> {
  const taken = await repo.rentCodes(db, tenantId);
  for (let n = taken.size + 1; ; n++) {
    const code = `R${String(n).padStart(3, '0')}`;
    if (!taken.has(code)) return code;
  }
}

export async function createRent(deps: AppDeps, ctx: RequestContext, input: RentInput): Promise<Rent> {
  const values = await rentValues(deps.db, deps, ctx.tenantId, input);
  const now = deps.clock.now();
  // Two adds racing for the same code meet the unique index: the loser takes the next one.
  for (let attempt = 0; ; attempt++) {
    const code = await nextCode(deps.db, ctx.tenantId);
    try {
      const [row] = await deps.db
        .insert(rents)
        .values({ tenantId: ctx.tenantId, code, ...values, createdAt: now, updatedAt: now })
        .returning({ id: rents.id });
      return readRent(deps, ctx, row!.id);
    } catch (err) {
      if (attempt < 3 && pgErrorOf(err).constraint === 'rents_code_uq') continue;
      throw err;
    }
  }
}

const audited = (r: Rent) => {
  const { employees: _e, cars: _c, licenceImageUrl: _u, createdAt: _t, ...rest } = r;
  return rest as Record<string, unknown>;
};

export async function updateRent(deps: AppDeps, ctx: RequestContext, id: number, input: RentInput) {
  const before = await getRent(deps, ctx, id);
  const values = await rentValues(deps.db, deps, ctx.tenantId, input);
  await deps.db
    .update(rents)
    .set({ ...values, updatedAt: deps.clock.now() })
    .where(and(eq(rents.tenantId, ctx.tenantId), eq(rents.id, id)));
  const after = await getRent(deps, ctx, id);
  return { rent: after, changed: changedFields(audited(before), audited(after)) };
}

export async function setRentStatus(deps: AppDeps, ctx: RequestContext, id: number, status: Rent['status']) {
  const before = await getRent(deps, ctx, id);
  await deps.db
    .update(rents)
    .set({ status, updatedAt: deps.clock.now() })
    .where(and(eq(rents.tenantId, ctx.tenantId), eq(rents.id, id)));
  return { rent: await getRent(deps, ctx, id), changed: changedFields({ status: before.status }, { status }) };
}
