import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { yuanToFen } from '@fleetdesk/contracts/common';
import { isValidVin } from '@fleetdesk/contracts/identifiers';
import {
  CAR_ACTION_TITLES,
  CAR_ACTIONS,
  CAR_STATUS_TITLES,
  FINAL_CAR_STATUSES,
  type CarAction,
  type CarDetail,
  type CarImage,
  type CarImageKind,
  type CarListFilter,
  type CarStatus,
  type CreateCarInput,
  type UpdateCarInput,
} from '@fleetdesk/contracts/vehicles';
import type { z } from 'zod';
import type {
  BindLicenseInput,
  KeyInfoInput,
  Rentability,
  RentabilityReason,
  TransferResult,
} from '@fleetdesk/contracts/vehicles';
import { scopeFor, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { publish } from '../../core/events.js';
import { pgErrorOf, type DbOrTx } from '../../core/db.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { carImages, carOwners, carTypes, cars } from '../../db/schema/vehicles.js';
// Car images and licence pages take files through the files area's one check: a bad address is the same field
// error here as in every other record that keeps a file (the profile photo...).
import { findForBusiness, startApproval, type ApprovalHooks } from '../approvals/approvals.service.js';
import { storedFileUrl } from '../files/files.service.js';
import { recordVehicleLicense } from '../compliance/compliance.service.js';
// A disabled rent keeps its cars readable but takes no new ones (organisation area).
import { ensureRentWritable } from '../organisation/rents.service.js';
import { findBrand, findModel, findSeries } from './catalogue/catalogue.repository.js';
import { tenantDays, type TenantDays } from '../../core/tenant-time.js';
import * as repo from './vehicles.repository.js';
import { checkInsurer } from '../compliance/insurers.service.js';

export type { Scope } from './vehicles.repository.js';

/** Days of the tenant, loaded only when a filter needs a day boundary. */
async function daysFor(deps: AppDeps, ctx: RequestContext, f: { createdFrom?: string; createdTo?: string }) {
  if (!f.createdFrom && !f.createdTo) return (d: string) => new Date(`${d}T00:00:00+08:00`);
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  return days.startOf;
}

export async function listCars(deps: AppDeps, ctx: RequestContext, f: CarListFilter) {
  return repo.listCars(deps.database, scopeFor(ctx, f.rentId), f, await daysFor(deps, ctx, f));
}

export async function carsForExport(
  deps: AppDeps,
  ctx: RequestContext,
  f: Omit<CarListFilter, 'pageNum' | 'pageSize'>,
) {
  return repo.allCars(deps.db, scopeFor(ctx, f.rentId), f, deps.clock.now(), await daysFor(deps, ctx, f));
}

export function signImages(deps: AppDeps, tenantId: number, rows: (typeof carImages.$inferSelect)[]): CarImage[] {
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as CarImageKind,
    url: r.url,
    signedUrl: deps.fileUrls.sign(tenantId, r.url),
    sort: r.sort,
  }));
}

export async function getCar(deps: AppDeps, ctx: RequestContext, id: number): Promise<CarDetail> {
  const row = await repo.findCar(deps.db, ctx, id);
  if (!row) throw new NotFoundError('vehicles.carNotFound');
  const images = await repo.listImages(deps.db, ctx.tenantId, id);
  return { ...repo.toCar(row, deps.clock.now()), images: signImages(deps, ctx.tenantId, images) };
}

export async function getImages(deps: AppDeps, ctx: RequestContext, id: number): Promise<CarImage[]> {
  if (!(await repo.findCar(deps.db, ctx, id))) throw new NotFoundError('vehicles.carNotFound');
  return signImages(deps, ctx.tenantId, await repo.listImages(deps.db, ctx.tenantId, id));
}

/** Catalogue, car type and owner of a car's form: each must exist for the tenant and fit together. */
async function checkReferences(db: DbOrTx, tenantId: number, input: UpdateCarInput): Promise<void> {
  const brand = await findBrand(db, tenantId, input.brandId);
  if (!brand) throw invalidField('brandId', 'vehicles.brandNotFound');
  const series = await findSeries(db, tenantId, input.seriesId);
  if (!series || series.brandId !== brand.id) throw invalidField('seriesId', 'vehicles.seriesNotFound');
  if (input.modelId) {
    const model = await findModel(db, tenantId, input.modelId);
    if (!model || model.seriesId !== series.id) throw invalidField('modelId', 'vehicles.modelNotFound');
  }
  if (input.carTypeId) {
    const [t] = await db
      .select({ id: carTypes.id })
      .from(carTypes)
      .where(and(eq(carTypes.tenantId, tenantId), eq(carTypes.id, input.carTypeId)));
    if (!t) throw invalidField('carTypeId', 'vehicles.carTypeNotFound');
  }
  if (input.ownerId) {
    const [o] = await db
      .select({ id: carOwners.id })
      .from(carOwners)
      .where(and(eq(carOwners.tenantId, tenantId), eq(carOwners.id, input.ownerId)));
    if (!o) throw invalidField('ownerId', 'vehicles.ownerNotFound');
  }
}

async function checkUnique(db: DbOrTx, tenantId: number, input: { plate: string; vin: string }, exceptId?: number) {
  const plate = await repo.findClash(db, tenantId, 'plate', input.plate, exceptId);
  if (plate) throw new ConflictError('vehicles.plateTaken', { plate: input.plate });
  const vin = await repo.findClash(db, tenantId, 'vin', input.vin, exceptId);
  if (vin) throw new ConflictError('vehicles.vinTaken', { vin: input.vin, plate: vin.plate });
}

/** The columns a form writes (create and update alike). */
export function carValues(input: UpdateCarInput) {
  return {
    plate: input.plate,
    vin: input.vin,
    vinValid: isValidVin(input.vin),
    engineNo: input.engineNo ? input.engineNo.toUpperCase() : null,
    brandId: input.brandId,
    seriesId: input.seriesId,
    modelId: input.modelId ?? null,
    colour: input.colour ?? null,
    carTypeId: input.carTypeId ?? null,
    energy: input.energy,
    batteryKwh: input.batteryKwh ?? null,
    rangeKm: input.rangeKm ?? null,
    seats: input.seats ?? null,
    registrationDate: input.registrationDate ?? null,
    mileageKm: input.mileageKm,
    ownerId: input.ownerId ?? null,
    keyCount: input.keyCount,
    keyLocation: input.keyLocation ?? null,
    inspectionDue: input.inspectionDue ?? null,
    purchasePriceFen:
      input.purchasePrice === null || input.purchasePrice === undefined ? null : yuanToFen(input.purchasePrice),
    purchaseDate: input.purchaseDate ?? null,
    compulsoryCompany: input.compulsoryCompany ?? null,
    compulsoryPolicyNo: input.compulsoryPolicyNo ?? null,
    compulsoryExpiry: input.compulsoryExpiry ?? null,
    commercialCompany: input.commercialCompany ?? null,
    commercialPolicyNo: input.commercialPolicyNo ?? null,
    commercialExpiry: input.commercialExpiry ?? null,
    remark: input.remark ?? null,
  };
}

/** A unique index that refused a write (two requests racing past the checks) becomes the same 409. */
function conflictOf(err: unknown, input: { plate: string; vin: string }): never {
  const pg = pgErrorOf(err);
  if (pg.code === '23505' && pg.constraint === 'cars_plate_uq') {
    throw new ConflictError('vehicles.plateTaken', { plate: input.plate });
  }
  throw err;
}

export async function createCar(deps: AppDeps, ctx: RequestContext, input: CreateCarInput): Promise<CarDetail> {
  if (!ctx.rentId) throw new ConflictError('vehicles.noRent');
  const rentId = ctx.rentId;
  await ensureRentWritable(deps.db, ctx, rentId);
  const now = deps.clock.now();
  const id = await deps.db
    .transaction(async (tx) => {
      await checkReferences(tx, ctx.tenantId, input);
      await checkInsurer(tx, ctx.tenantId, input.compulsoryCompany, 'compulsoryCompany');
      await checkInsurer(tx, ctx.tenantId, input.commercialCompany, 'commercialCompany');
      await checkUnique(tx, ctx.tenantId, input);
      const urls = await Promise.all(
        input.images.map((img, i) => storedFileUrl(tx, deps, ctx.tenantId, img.url, `images.${i}.url`)),
      );
      const [row] = await tx
        .insert(cars)
        .values({
          tenantId: ctx.tenantId,
          rentId,
          ...carValues(input),
          status: input.status,
          statusChangedAt: now,
          createdBy: ctx.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: cars.id });
      const carId = row!.id;
      if (urls.length) {
        await tx.insert(carImages).values(
          input.images.map((img, i) => ({
            tenantId: ctx.tenantId,
            carId,
            kind: img.kind,
            url: urls[i]!,
            sort: i,
            createdBy: ctx.userId,
            createdAt: now,
          })),
        );
      }
      await repo.insertEvent(tx, ctx, { carId, kind: 'create', toStatus: input.status, toRentId: rentId, at: now });
      return carId;
    })
    .catch((err: unknown) => conflictOf(err, input));
  return getCar(deps, ctx, id);
}

export async function updateCar(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: UpdateCarInput,
): Promise<CarDetail> {
  await deps.db
    .transaction(async (tx) => {
      const car = await repo.lockCar(tx, ctx, id);
      if (!car) throw new NotFoundError('vehicles.carNotFound');
      await checkReferences(tx, ctx.tenantId, input);
      await checkInsurer(tx, ctx.tenantId, input.compulsoryCompany, 'compulsoryCompany', car.compulsoryCompany);
      await checkInsurer(tx, ctx.tenantId, input.commercialCompany, 'commercialCompany', car.commercialCompany);
      await checkUnique(tx, ctx.tenantId, input, id);
      await tx
        .update(cars)
        .set({ ...carValues(input), updatedAt: deps.clock.now() })
        .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, id)));
    })
    .catch((err: unknown) => conflictOf(err, input));
  return getCar(deps, ctx, id);
}

/**
 * Why the rules refuse `action` on this car now, or null. The transition table (contracts CAR_ACTIONS) says
 * from which statuses an action may be taken; renting out also needs a valid compulsory insurance and an
 * inspection that is not overdue.
 */
export function refusalOf(
  car: Pick<typeof cars.$inferSelect, 'status' | 'compulsoryExpiry' | 'inspectionDue'>,
  action: CarAction,
  today: string,
): { key: string; params?: Record<string, string> } | null {
  const rule = CAR_ACTIONS[action];
  if (!(rule.from as readonly string[]).includes(car.status)) {
    return { key: 'vehicles.transitionRefused', params: { status: car.status, action } };
  }
  if (action === 'rentOut') {
    const [paper] = paperRefusals(car, today);
    if (paper)
      return { key: paper === 'inspectionOverdue' ? 'vehicles.inspectionOverdue' : 'vehicles.compulsoryExpired' };
  }
  return null;
}

/**
 * The papers a car needs to be rented out (the one rule: `refusalOf(..., 'rentOut')` refuses on the first of
 * these, `rentabilityOf` lists them all): compulsory insurance registered and in force today, and an annual
 * inspection that is not overdue.
 */
export function paperRefusals(
  car: Pick<typeof cars.$inferSelect, 'compulsoryExpiry' | 'inspectionDue'>,
  today: string,
): ('compulsoryMissing' | 'compulsoryExpired' | 'inspectionOverdue')[] {
  const out: ('compulsoryMissing' | 'compulsoryExpired' | 'inspectionOverdue')[] = [];
  if (!car.compulsoryExpiry) out.push('compulsoryMissing');
  else if (car.compulsoryExpiry < today) out.push('compulsoryExpired');
  if (car.inspectionDue && car.inspectionDue < today) out.push('inspectionOverdue');
  return out;
}

const REASON_FIX = {
  status: 'info',
  compulsoryMissing: 'insurance',
  compulsoryExpired: 'insurance',
  inspectionOverdue: 'inspections',
} as const satisfies Record<RentabilityReason, Rentability['reasons'][number]['fix']>;

/**
 * Whether a car can be rented now under a new contract, with every reason why not: the contract reserves it
 * (`reserve`, from the statuses of the transition table) and signing rents it out (`rentOut`: the papers of
 * `paperRefusals`), exactly the rules the contract calls apply.
 */
export function rentabilityOf(
  lang: RequestContext['lang'],
  car: Pick<typeof cars.$inferSelect, 'id' | 'status' | 'compulsoryExpiry' | 'inspectionDue'>,
  today: string,
): Rentability {
  const codes: RentabilityReason[] = [];
  if (refusalOf(car, 'reserve', today)) codes.push('status');
  codes.push(...paperRefusals(car, today));
  return {
    carId: car.id,
    rentable: codes.length === 0,
    reasons: codes.map((code) => ({
      code,
      fix: REASON_FIX[code],
      message: translate(lang, `vehicles.rentability.${code}`, {
        status: CAR_STATUS_TITLES[car.status as CarStatus][lang],
        date: car.compulsoryExpiry ?? '',
        due: car.inspectionDue ?? '',
      }),
    })),
  };
}

/** `rentCar/rentability`: the cars of the caller's rents; any other id (another tenant's car) is 404. */
export async function carsRentability(deps: AppDeps, ctx: RequestContext, ids: number[]): Promise<Rentability[]> {
  const unique = [...new Set(ids)];
  const rows = await deps.db
    .select({
      id: cars.id,
      status: cars.status,
      compulsoryExpiry: cars.compulsoryExpiry,
      inspectionDue: cars.inspectionDue,
      rentId: cars.rentId,
    })
    .from(cars)
    .where(and(eq(cars.tenantId, ctx.tenantId), inArray(cars.id, unique), isNull(cars.deletedAt)));
  const found = new Map(rows.filter((r) => ctx.rentIds.includes(r.rentId)).map((r) => [r.id, r]));
  if (unique.some((id) => !found.has(id))) throw new NotFoundError('vehicles.carNotFound');
  const { today } = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  return ids.map((id) => rentabilityOf(ctx.lang, found.get(id)!, today));
}

function refusalError(ctx: RequestContext, r: { key: string; params?: Record<string, string> }): ConflictError {
  if (r.key !== 'vehicles.transitionRefused') return new ConflictError(r.key);
  const status = CAR_STATUS_TITLES[r.params!.status as CarStatus][ctx.lang];
  const action = CAR_ACTION_TITLES[r.params!.action as CarAction][ctx.lang];
  return new ConflictError(r.key, { status, action });
}

async function applyAction(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  days: TenantDays,
  id: number,
  action: CarAction,
  remark: string | null,
) {
  const car = await repo.lockCar(tx, ctx, id);
  if (!car) throw new NotFoundError('vehicles.carNotFound');
  const refusal = refusalOf(car, action, days.today);
  if (refusal) throw refusalError(ctx, refusal);
  await changeStatus(tx, deps, ctx, car, CAR_ACTIONS[action].to, action, remark);
  return car;
}

/** The one writer of a status change: the car row, its history row and `car.statusChanged`. */
async function changeStatus(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  car: { id: number; status: string; rentId: number },
  to: CarStatus,
  action: string,
  remark: string | null,
) {
  const id = car.id;
  const now = deps.clock.now();
  await tx
    .update(cars)
    .set({ status: to, statusChangedAt: now, updatedAt: now })
    .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, id)));
  await repo.insertEvent(tx, ctx, {
    carId: id,
    kind: 'status',
    action,
    fromStatus: car.status,
    toStatus: to,
    remark,
    at: now,
  });
  await publish(tx, {
    tenantId: ctx.tenantId,
    name: 'car.statusChanged',
    payload: { carId: id, rentId: car.rentId, from: car.status, to, action, at: now.toISOString() },
  });
}

export async function takeAction(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  action: CarAction,
  remark: string | null,
): Promise<CarDetail> {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  await deps.events.transaction((tx) => applyAction(tx, deps, ctx, days, id, action, remark));
  return getCar(deps, ctx, id);
}

/** The same action on many cars, each in its own transaction: what can be done is done, the rest is said why. */
export async function takeBatchAction(
  deps: AppDeps,
  ctx: RequestContext,
  ids: number[],
  action: CarAction,
  remark: string | null,
) {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const done: number[] = [];
  const refused: { id: number; plate: string | null; message: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const car = await deps.events.transaction((tx) => applyAction(tx, deps, ctx, days, id, action, remark));
      done.push(car.id);
    } catch (err) {
      if (!(err instanceof ConflictError || err instanceof NotFoundError)) throw err;
      const row = await repo.findCar(deps.db, ctx, id);
      refused.push({ id, plate: row?.plate ?? null, message: translate(ctx.lang, err.messageKey, err.params) });
    }
  }
  return { done, refused };
}

/** The checks of a move, at the transfer and again when its approval is decided (409 each). */
function checkTransfer(car: { status: string; rentId: number }, rentId: number) {
  if (car.status === 'rented') throw new ConflictError('vehicles.transferRented');
  if (FINAL_CAR_STATUSES.includes(car.status as CarStatus)) throw new ConflictError('vehicles.transferFinal');
  if (car.rentId === rentId) throw new ConflictError('vehicles.transferSameRent');
}

/**
 * Transfers a car to another active rent of the tenant through a `carTransfer` approval (businessId = the car),
 * started in the same transaction. When no step of the tenant's flow applies the engine approves at once and
 * the approval's hook (`carTransferHooks`) moves the car in this transaction; otherwise the car stays, marked
 * with the rent it waits to go to (a second transfer meanwhile is 409), and moves when the request is approved.
 */
export async function transferCar(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  rentId: number,
  remark: string | null,
): Promise<TransferResult> {
  await ensureRentWritable(deps.db, ctx, rentId, 'rentId');
  const now = deps.clock.now();
  const approval = await deps.events.transaction(async (tx) => {
    const car = await repo.lockCar(tx, ctx, id);
    if (!car) throw new NotFoundError('vehicles.carNotFound');
    if (car.transferToRentId !== null) {
      const pending = await findForBusiness(tx, ctx.tenantId, 'carTransfer', String(id));
      throw new ConflictError('vehicles.transferPending', { id: pending?.id ?? '' });
    }
    checkTransfer(car, rentId);
    const names = await repo.rentNames(tx, ctx.tenantId, [car.rentId, rentId]);
    // Marked first: an approval decided at once (no step applies) runs the hook inside startApproval.
    await tx
      .update(cars)
      .set({ transferToRentId: rentId, updatedAt: now })
      .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, id)));
    const request = await startApproval(tx, deps, ctx, {
      businessType: 'carTransfer',
      businessId: String(id),
      summary: `${car.plate} ${names.get(car.rentId) ?? ''} → ${names.get(rentId) ?? ''}`,
      form: {
        plateNo: car.plate,
        fromRent: names.get(car.rentId) ?? String(car.rentId),
        toRent: names.get(rentId) ?? String(rentId),
        reason: remark,
      },
      attachments: [],
    });
    return { id: request.id, status: request.status === 'approved' ? ('approved' as const) : ('pending' as const) };
  });
  // The car may have left the caller's rents: answer it from the tenant's view.
  const row = await repo.findCar(deps.db, { tenantId: ctx.tenantId, rentIds: [...ctx.rentIds, rentId] }, id);
  const images = await repo.listImages(deps.db, ctx.tenantId, id);
  return { ...repo.toCar(row!, now), images: signImages(deps, ctx.tenantId, images), transferApproval: approval };
}

/**
 * What a `carTransfer` outcome does to its car (added to the type by this area's `register.ts`): approved, the
 * car moves to the rent it was marked with, after the checks of a transfer (a car rented, sold or scrapped
 * meanwhile, or a target rent disabled, refuses the decision with the same 409); rejected or withdrawn, the
 * mark goes and nothing moves.
 */
export const carTransferHooks: ApprovalHooks = {
  onOutcome: async ({ tx, request, outcome, actorId, now }) => {
    if (!request.businessId) return;
    const id = Number(request.businessId);
    const scope = { tenantId: request.tenantId };
    const [car] = await tx
      .select({ rentId: cars.rentId, status: cars.status, transferToRentId: cars.transferToRentId })
      .from(cars)
      .where(and(eq(cars.tenantId, request.tenantId), eq(cars.id, id), isNull(cars.deletedAt)))
      .for('update');
    if (!car || car.transferToRentId === null) return;
    const rentId = car.transferToRentId;
    if (outcome === 'approved') {
      checkTransfer(car, rentId);
      await ensureRentWritable(tx, scope, rentId);
    }
    await tx
      .update(cars)
      // A car that moves to another company leaves its fleet team (issue 34).
      .set({ transferToRentId: null, ...(outcome === 'approved' ? { rentId, teamId: null } : {}), updatedAt: now })
      .where(and(eq(cars.tenantId, request.tenantId), eq(cars.id, id)));
    if (outcome !== 'approved') return;
    const reason = request.form.reason;
    await repo.insertEvent(
      tx,
      { tenantId: request.tenantId, userId: actorId },
      {
        carId: id,
        kind: 'transfer',
        fromRentId: car.rentId,
        toRentId: rentId,
        remark: typeof reason === 'string' && reason ? reason : null,
        at: now,
      },
    );
  },
};

export async function deleteCar(deps: AppDeps, ctx: RequestContext, id: number, reason: string | null) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const car = await repo.lockCar(tx, ctx, id);
    if (!car) throw new NotFoundError('vehicles.carNotFound');
    if (car.status === 'rented') throw new ConflictError('vehicles.deleteRented');
    await tx
      .update(cars)
      .set({ deletedAt: now, deletedBy: ctx.userId, teamId: null, updatedAt: now })
      .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, id)));
    await repo.insertEvent(tx, ctx, { carId: id, kind: 'delete', fromStatus: car.status, remark: reason, at: now });
  });
}

export async function restoreCar(deps: AppDeps, ctx: RequestContext, id: number): Promise<CarDetail> {
  const now = deps.clock.now();
  await deps.db
    .transaction(async (tx) => {
      const car = await repo.lockCar(tx, ctx, id, { deleted: true });
      if (!car) {
        if (await repo.findCar(tx, ctx, id)) throw new ConflictError('vehicles.notDeleted');
        throw new NotFoundError('vehicles.carNotFound');
      }
      if (await repo.findClash(tx, ctx.tenantId, 'plate', car.plate)) {
        throw new ConflictError('vehicles.restorePlateTaken', { plate: car.plate });
      }
      await tx
        .update(cars)
        .set({ deletedAt: null, deletedBy: null, updatedAt: now })
        .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, id)));
      await repo.insertEvent(tx, ctx, { carId: id, kind: 'restore', toStatus: car.status, at: now });
    })
    .catch((err: unknown) => {
      if (pgErrorOf(err).constraint === 'cars_plate_uq')
        throw new ConflictError('vehicles.restorePlateTaken', { plate: '' });
      throw err;
    });
  return getCar(deps, ctx, id);
}

/** Replaces a car's images with `images`, in that order. */
export async function setImages(
  deps: AppDeps,
  ctx: RequestContext,
  carId: number,
  images: { kind: CarImageKind; url: string }[],
): Promise<CarImage[]> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockCar(tx, ctx, carId))) throw new NotFoundError('vehicles.carNotFound');
    const urls = await Promise.all(
      images.map((img, i) => storedFileUrl(tx, deps, ctx.tenantId, img.url, `images.${i}.url`)),
    );
    await tx.delete(carImages).where(and(eq(carImages.tenantId, ctx.tenantId), eq(carImages.carId, carId)));
    if (images.length) {
      await tx.insert(carImages).values(
        images.map((img, i) => ({
          tenantId: ctx.tenantId,
          carId,
          kind: img.kind,
          url: urls[i]!,
          sort: i,
          createdBy: ctx.userId,
          createdAt: now,
        })),
      );
    }
    await tx
      .update(cars)
      .set({ updatedAt: now })
      .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, carId)));
  });
  return signImages(deps, ctx.tenantId, await repo.listImages(deps.db, ctx.tenantId, carId));
}

export async function deleteImages(deps: AppDeps, ctx: RequestContext, carId: number, ids: number[]) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockCar(tx, ctx, carId))) throw new NotFoundError('vehicles.carNotFound');
    const removed = await tx
      .delete(carImages)
      .where(and(eq(carImages.tenantId, ctx.tenantId), eq(carImages.carId, carId), inArray(carImages.id, ids)))
      .returning({ id: carImages.id });
    if (removed.length !== new Set(ids).size) throw new NotFoundError('vehicles.imageNotFound');
  });
  return signImages(deps, ctx.tenantId, await repo.listImages(deps.db, ctx.tenantId, carId));
}

/** Binds the vehicle licence: its two pages as the licence images, and what it says. */
export async function bindLicense(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.infer<typeof BindLicenseInput>,
): Promise<CarDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockCar(tx, ctx, input.carId))) throw new NotFoundError('vehicles.carNotFound');
    const main = await storedFileUrl(tx, deps, ctx.tenantId, input.mainPageUrl, 'mainPageUrl');
    const second = input.secondPageUrl
      ? await storedFileUrl(tx, deps, ctx.tenantId, input.secondPageUrl, 'secondPageUrl')
      : null;
    const kinds: CarImageKind[] = second ? ['licenseMain', 'licenseSecond'] : ['licenseMain'];
    await tx
      .delete(carImages)
      .where(
        and(eq(carImages.tenantId, ctx.tenantId), eq(carImages.carId, input.carId), inArray(carImages.kind, kinds)),
      );
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${carImages.sort}) + 1, 0)::int` })
      .from(carImages)
      .where(and(eq(carImages.tenantId, ctx.tenantId), eq(carImages.carId, input.carId)));
    await tx.insert(carImages).values(
      [main, second]
        .filter((u): u is string => !!u)
        .map((url, i) => ({
          tenantId: ctx.tenantId,
          carId: input.carId,
          kind: kinds[i]!,
          url,
          sort: next + i,
          createdBy: ctx.userId,
          createdAt: now,
        })),
    );
    await tx
      .update(cars)
      .set({
        licenseFileNo: input.fileNo ?? null,
        licenseUseCharacter: input.useCharacter ?? null,
        licenseIssueDate: input.issueDate ?? null,
        licenseBoundAt: now,
        ...(input.registrationDate ? { registrationDate: input.registrationDate } : {}),
        ...(input.inspectionDue ? { inspectionDue: input.inspectionDue } : {}),
        updatedAt: now,
      })
      .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, input.carId)));
    // The licence list of the compliance area shows the bound licence too.
    await recordVehicleLicense(tx, ctx, input.carId, {
      number: input.fileNo ?? null,
      issueDate: input.issueDate ?? null,
      expiryDate: input.inspectionDue ?? null,
      images: [main, second].filter((u): u is string => !!u),
    });
  });
  return getCar(deps, ctx, input.carId);
}

export async function setKeyInfo(deps: AppDeps, ctx: RequestContext, input: z.infer<typeof KeyInfoInput>) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockCar(tx, ctx, input.carId))) throw new NotFoundError('vehicles.carNotFound');
    await tx
      .update(cars)
      .set({
        keyCount: input.keyCount,
        keyLocation: input.keyLocation ?? null,
        keyRemark: input.keyRemark ?? null,
        updatedAt: now,
      })
      .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, input.carId)));
  });
  return getCar(deps, ctx, input.carId);
}

export async function carOperations(
  deps: AppDeps,
  ctx: RequestContext,
  q: { carId: number; pageNum: number; pageSize: number; kind?: string | undefined },
) {
  if (!(await repo.findCar(deps.db, ctx, q.carId))) throw new NotFoundError('vehicles.carNotFound');
  return repo.listOperations(deps.db, ctx.tenantId, q.carId, q);
}

/**
 * For other areas (rental contracts): a status action on a car inside the caller's transaction, with the same
 * rules, row lock and history as the status call; 404 for a car outside the scope, 409 when the rules refuse.
 */
export async function carActionInTx(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  action: CarAction,
  remark: string | null,
) {
  const days = await tenantDays(tx, ctx.tenantId, deps.clock.now());
  return applyAction(tx, deps, ctx, days, id, action, remark);
}

/**
 * For the handover inspections (contracts area): locks the car (in the caller's rents) and answers its status and
 * odometer, so that inspections and usage periods of one car are written one at a time.
 */
export async function lockCarForHandover(tx: DbOrTx, ctx: RequestContext, id: number) {
  const car = await repo.lockCar(tx, ctx, id);
  if (!car) throw new NotFoundError('vehicles.carNotFound');
  return { id: car.id, status: car.status, mileageKm: car.mileageKm, plate: car.plate };
}

/** Raises the car's odometer to an inspection's reading (never lowers it). */
export async function recordMileageInTx(tx: DbOrTx, deps: AppDeps, ctx: RequestContext, id: number, km: number) {
  const now = deps.clock.now();
  await tx
    .update(cars)
    .set({ mileageKm: km, updatedAt: now })
    .where(and(eq(cars.tenantId, ctx.tenantId), eq(cars.id, id), sql`${cars.mileageKm} < ${km}`));
}

/** The statuses a car may go into a workshop from (maintenance area): where it goes back to afterwards. */
export const WORKSHOP_FROM = ['idle', 'rented'] as const;
export type WorkshopFrom = (typeof WORKSHOP_FROM)[number];

/**
 * For the maintenance area: the car of a work order goes into the workshop (`idle` or `rented` → `maintenance`,
 * history action `workshopIn`) inside the caller's transaction, under the car's lock; answers the status it came
 * from (where it goes back at pick-up). 404 outside the caller's rents, 409 from any other status.
 */
export async function workshopInInTx(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  remark: string | null,
): Promise<{ from: WorkshopFrom; rentId: number; plate: string }> {
  const car = await repo.lockCar(tx, ctx, id);
  if (!car) throw new NotFoundError('vehicles.carNotFound');
  if (!(WORKSHOP_FROM as readonly string[]).includes(car.status)) {
    throw new ConflictError('vehicles.workshopRefused', {
      status: CAR_STATUS_TITLES[car.status as CarStatus][ctx.lang],
    });
  }
  await changeStatus(tx, deps, ctx, car, 'maintenance', 'workshopIn', remark);
  return { from: car.status as WorkshopFrom, rentId: car.rentId, plate: car.plate };
}

/**
 * For the maintenance area: the car comes back from the workshop (`maintenance` → `to`, history action
 * `workshopOut`) inside the caller's transaction. A car no longer in maintenance (someone changed it by hand
 * meanwhile) is left as it is; answers whether it moved.
 */
export async function workshopOutInTx(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  to: WorkshopFrom,
  remark: string | null,
): Promise<boolean> {
  const car = await repo.lockCar(tx, ctx, id);
  if (!car) throw new NotFoundError('vehicles.carNotFound');
  if (car.status !== 'maintenance') return false;
  await changeStatus(tx, deps, ctx, car, to, 'workshopOut', remark);
  return true;
}
