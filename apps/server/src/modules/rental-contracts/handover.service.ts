import { and, eq, sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  type DispatchInput,
  type ReturnInput,
  type Inspection,
  type InspectionKind,
  type InspectionState,
  type UsagePeriod,
} from '@fleetdesk/contracts/handover';
import type { z } from 'zod';
import type { RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { handoverInspections, type StoredDamageMark } from '../../db/schema/handover.js';
import { localMinute, tenantZone } from '../../core/tenant-time.js';
import { closeUsagePeriod, openUsagePeriod } from './usage-periods.js';
// The usage periods, for the short-term and time-share areas (through this service: the module boundary).
export { closeUsagePeriod, openUsagePeriod, type NewUsagePeriod, type UsagePeriodOwner } from './usage-periods.js';
import { rentalContracts } from '../../db/schema/rental-contracts.js';
import { event } from './rental-contracts.service.js';
import { users } from '../../db/schema/identity.js';
import { storedFileUrl } from '../files/files.service.js';
import { carActionInTx, lockCarForHandover, recordMileageInTx } from '../vehicles/vehicles.service.js';
import './handover.messages.js';

type Dispatch = z.output<typeof DispatchInput>;
type Return = z.output<typeof ReturnInput>;
type ContractRow = typeof rentalContracts.$inferSelect;

/** Upload types whose files an inspection may keep as photos. */
const PHOTO_TYPES = ['image', 'car'] as const;

/** The contract, locked, in the caller's rents (else 404). */
export async function lockContractForHandover(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'rentIds'>,
  id: number,
) {
  const [row] = await tx
    .select()
    .from(rentalContracts)
    .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)))
    .for('update');
  if (!row || !ctx.rentIds.includes(row.rentId)) throw new NotFoundError('contracts.notFound');
  return row;
}

export async function contractInScope(db: DbOrTx, ctx: Pick<RequestContext, 'tenantId' | 'rentIds'>, id: number) {
  const [row] = await db
    .select()
    .from(rentalContracts)
    .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
  if (!row || !ctx.rentIds.includes(row.rentId)) throw new NotFoundError('contracts.notFound');
  return row;
}

async function checkInspector(tx: DbOrTx, tenantId: number, inspectorId: number) {
  const [u] = await tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, inspectorId)));
  if (!u || u.status !== 'active') throw invalidField('inspectorId', 'handover.inspectorNotFound');
}

async function photosOf(tx: DbOrTx, deps: AppDeps, tenantId: number, input: Dispatch) {
  const marks: StoredDamageMark[] = [];
  for (const [i, m] of input.damageMarks.entries()) {
    const photos: string[] = [];
    for (const [j, url] of m.photos.entries()) {
      photos.push(await storedFileUrl(tx, deps, tenantId, url, `damageMarks.${i}.photos.${j}`, { types: PHOTO_TYPES }));
    }
    marks.push({ position: m.position, note: m.note, photos });
  }
  const photos: string[] = [];
  for (const [i, url] of input.photos.entries()) {
    photos.push(await storedFileUrl(tx, deps, tenantId, url, `photos.${i}`, { types: PHOTO_TYPES }));
  }
  return { marks, photos };
}

/** The highest odometer reading known for the car: its record and its inspections. */
async function lastMileage(tx: DbOrTx, tenantId: number, carId: number, carKm: number) {
  const [row] = await rowsOf<{ km: number | null }>(
    tx,
    sql`select max(mileage_km)::int as km from handover_inspections where tenant_id = ${tenantId} and car_id = ${carId}`,
  );
  return Math.max(carKm, Number(row?.km ?? 0));
}

function checkTime(deps: AppDeps, at: Date) {
  // A minute of tolerance for the clocks of the browser and the server.
  if (at.getTime() > deps.clock.now().getTime() + 60_000) throw invalidField('inspectedAt', 'handover.future');
}

/** What `recordInspectionInTx` records: the car, and exactly one of the contract or the booking it is handed over under. */
export type InspectionOwner = { contractId: number; bookingId?: null } | { bookingId: number; contractId?: null };
export type InspectionRecord = {
  carId: number;
  rentId: number;
  kind: InspectionKind;
  input: Dispatch & { damageDeduction?: number };
} & InspectionOwner;

/**
 * One handover inspection (dispatch / pick-up or return) in the caller's transaction, shared by the contracts'
 * dispatch and return and the short-term bookings' pick-up and return: the time (not in the future), the car
 * locked (in `rentId`; 404 else), the inspector (an active user of the tenant), the mileage (not below the car's
 * last reading: 400 on `mileage`), the photos (the tenant's uploads), the row, and the car's odometer raised.
 * Answers the inspection's id and the car as it was locked (its status decides the car action the caller takes).
 * The caller checks the state of its contract or booking, opens or closes the usage period and moves the car.
 */
export async function recordInspectionInTx(tx: DbOrTx, deps: AppDeps, ctx: RequestContext, r: InspectionRecord) {
  if ((r.contractId ?? null) === null && (r.bookingId ?? null) === null) {
    throw new Error('an inspection belongs to a contract or a booking');
  }
  if ((r.contractId ?? null) !== null && (r.bookingId ?? null) !== null) {
    throw new Error('an inspection belongs to a contract or a booking, not both');
  }
  const { input } = r;
  checkTime(deps, new Date(input.inspectedAt));
  const scope = { ...ctx, rentIds: [r.rentId] };
  const car = await lockCarForHandover(tx, scope, r.carId);
  await checkInspector(tx, ctx.tenantId, input.inspectorId);
  const last = await lastMileage(tx, ctx.tenantId, r.carId, car.mileageKm);
  if (input.mileage < last) throw invalidField('mileage', 'handover.mileageBelow', { last });
  const files = await photosOf(tx, deps, ctx.tenantId, input);
  const [row] = await tx
    .insert(handoverInspections)
    .values({
      tenantId: ctx.tenantId,
      contractId: r.contractId ?? null,
      bookingId: r.bookingId ?? null,
      carId: r.carId,
      rentId: r.rentId,
      kind: r.kind,
      inspectedAt: new Date(input.inspectedAt),
      mileageKm: input.mileage,
      energyLevel: input.energyLevel,
      documents: input.documents,
      damageMarks: files.marks,
      photos: files.photos,
      inspectorId: input.inspectorId,
      damageDeductionFen: yuanToFen(input.damageDeduction ?? 0),
      remark: input.remark ?? null,
      createdBy: ctx.userId,
    })
    .returning({ id: handoverInspections.id });
  await recordMileageInTx(tx, deps, scope, r.carId, input.mileage);
  return { inspectionId: row!.id, car };
}

/**
 * The car's open usage period under the contract's group: a renewal (a new contract of the same group and car)
 * keeps the period its first contract's dispatch opened, and is returned and settled as the group.
 */
async function openGroupPeriod(tx: DbOrTx, tenantId: number, c: ContractRow) {
  const [row] = await rowsOf<{ id: number; from_at: Date | string }>(
    tx,
    sql`select p.id, p.from_at from car_usage_periods p
      join rental_contracts k on k.tenant_id = p.tenant_id and k.id = p.contract_id
      where p.tenant_id = ${tenantId} and p.car_id = ${c.carId} and p.to_at is null and k.group_no = ${c.groupNo}`,
  );
  return row ? { id: Number(row.id), fromAt: row.from_at instanceof Date ? row.from_at : new Date(row.from_at) } : null;
}

/**
 * Dispatch (发车): a signed contract whose car is not dispatched yet. Records the inspection, opens the car's usage
 * period for the contract's driver from the inspection time (violations in it are attributed to him by the
 * database's triggers), raises the car's odometer and makes sure the car is rented.
 */
export async function dispatchInspection(deps: AppDeps, ctx: RequestContext, id: number, input: Dispatch) {
  const at = new Date(input.inspectedAt);
  checkTime(deps, at);
  await deps.db.transaction(async (tx) => {
    const c = await lockContractForHandover(tx, ctx, id);
    if (c.state !== 'signed') throw new ConflictError('handover.notSigned');
    if (c.dispatched) throw new ConflictError('handover.alreadyDispatched');
    const scope = { ...ctx, rentIds: [c.rentId] };
    const { car } = await recordInspectionInTx(tx, deps, ctx, {
      carId: c.carId,
      rentId: c.rentId,
      contractId: c.id,
      kind: 'dispatch',
      input,
    });
    if (car.status !== 'rented') await carActionInTx(tx, deps, scope, c.carId, 'rentOut', '发车');
    // Usage periods of one car never overlap: none may be open or end after this one starts.
    await openUsagePeriod(tx, ctx.tenantId, {
      carId: c.carId,
      contractId: c.id,
      driverId: c.driverId,
      rentId: c.rentId,
      fromAt: at,
    });
    await tx
      .update(rentalContracts)
      .set({ dispatched: true, updatedAt: deps.clock.now() })
      .where(and(eq(rentalContracts.tenantId, ctx.tenantId), eq(rentalContracts.id, id)));
    await event(tx, ctx, id, 'dispatch', {
      text: { key: 'contracts.event.dispatchChecked', params: { mileage: input.mileage } },
    });
  });
  return inspectionState(deps, ctx, id);
}

/**
 * Return (退车): the dispatched car comes back. Records the inspection with its damage deduction, closes the usage
 * period at the inspection time (violations after it lose the driver it gave) and gives the car back (rented ->
 * pending preparation). The contract stays signed until its settlement is approved.
 */
export async function returnInspection(deps: AppDeps, ctx: RequestContext, id: number, input: Return) {
  const at = new Date(input.inspectedAt);
  checkTime(deps, at);
  await deps.db.transaction(async (tx) => {
    const c = await lockContractForHandover(tx, ctx, id);
    if (c.state !== 'signed') throw new ConflictError('handover.notSigned');
    const period = await openGroupPeriod(tx, ctx.tenantId, c);
    if (!c.dispatched && !period) throw new ConflictError('handover.notDispatched');
    const [done] = await tx
      .select({ id: handoverInspections.id })
      .from(handoverInspections)
      .where(
        and(
          eq(handoverInspections.tenantId, ctx.tenantId),
          eq(handoverInspections.contractId, id),
          eq(handoverInspections.kind, 'return'),
        ),
      );
    if (done) throw new ConflictError('handover.alreadyReturned');
    const scope = { ...ctx, rentIds: [c.rentId] };
    if (period && at.getTime() <= period.fromAt.getTime()) {
      throw invalidField('inspectedAt', 'handover.beforeDispatch', {
        at: localMinute(await tenantZone(tx, ctx.tenantId), period.fromAt),
      });
    }
    const { car } = await recordInspectionInTx(tx, deps, ctx, {
      carId: c.carId,
      rentId: c.rentId,
      contractId: c.id,
      kind: 'return',
      input,
    });
    if (period) await closeUsagePeriod(tx, ctx.tenantId, period.id, at, deps.clock.now());
    if (car.status === 'rented') await carActionInTx(tx, deps, scope, c.carId, 'giveBack', '退车');
    await event(tx, ctx, id, 'return', {
      text: input.damageDeduction
        ? {
            key: 'contracts.event.returnCheckedDamage',
            params: { mileage: input.mileage, deduction: input.damageDeduction },
          }
        : { key: 'contracts.event.returnChecked', params: { mileage: input.mileage } },
    });
  });
  return inspectionState(deps, ctx, id);
}

interface InspectionRow {
  id: number;
  contract_id: number | null;
  booking_id: number | null;
  car_id: number;
  kind: InspectionKind;
  inspected_at: Date | string;
  mileage_km: number;
  energy_level: number;
  documents: Inspection['documents'];
  damage_marks: StoredDamageMark[];
  photos: string[];
  inspector_id: number;
  inspector_name: string | null;
  damage_deduction_fen: number;
  remark: string | null;
  created_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export async function contractInspections(deps: AppDeps, tenantId: number, contractId: number) {
  return inspectionsOf(deps, tenantId, { contractId });
}

/** The dispatch (pick-up) and return inspections of a contract or of a short-term booking, in the API's shape. */
export async function inspectionsOf(deps: AppDeps, tenantId: number, owner: InspectionOwner) {
  const which =
    owner.contractId !== undefined && owner.contractId !== null
      ? sql`i.contract_id = ${owner.contractId}`
      : sql`i.booking_id = ${owner.bookingId!}`;
  const rows = await rowsOf<InspectionRow>(
    deps.db,
    sql`select i.*, u.name as inspector_name from handover_inspections i
      left join users u on u.tenant_id = i.tenant_id and u.id = i.inspector_id
      where i.tenant_id = ${tenantId} and ${which}`,
  );
  const signed = (url: string) => ({ url, signedUrl: deps.fileUrls.sign(tenantId, url) });
  const out = (r: InspectionRow): Inspection => ({
    id: Number(r.id),
    contractId: r.contract_id === null ? null : Number(r.contract_id),
    bookingId: r.booking_id === null ? null : Number(r.booking_id),
    carId: Number(r.car_id),
    kind: r.kind,
    inspectedAt: iso(r.inspected_at),
    mileage: Number(r.mileage_km),
    energyLevel: Number(r.energy_level),
    documents: r.documents,
    damageMarks: r.damage_marks.map((m) => ({
      position: m.position as Inspection['damageMarks'][number]['position'],
      note: m.note,
      photos: m.photos.map(signed),
    })),
    photos: r.photos.map(signed),
    inspectorId: Number(r.inspector_id),
    inspectorName: r.inspector_name ?? '',
    damageDeduction: fenToYuan(Number(r.damage_deduction_fen)),
    remark: r.remark,
    createdAt: iso(r.created_at),
  });
  const dispatch = rows.find((r) => r.kind === 'dispatch');
  const ret = rows.find((r) => r.kind === 'return');
  return { dispatch: dispatch ? out(dispatch) : null, return: ret ? out(ret) : null };
}

/** A contract's inspections and what may be done next. */
export async function inspectionState(deps: AppDeps, ctx: RequestContext, id: number): Promise<InspectionState> {
  const c = await contractInScope(deps.db, ctx, id);
  const { dispatch, return: ret } = await contractInspections(deps, ctx.tenantId, id);
  // A renewal holds the car under the period its group's first contract opened: returned, not dispatched again.
  const groupPeriod = await openGroupPeriod(deps.db, ctx.tenantId, c);
  const [car] = await rowsOf<{ km: number }>(
    deps.db,
    sql`select greatest(c.mileage_km, coalesce((select max(mileage_km) from handover_inspections i
        where i.tenant_id = c.tenant_id and i.car_id = c.id), 0))::int as km
      from cars c where c.tenant_id = ${ctx.tenantId} and c.id = ${c.carId}`,
  );
  return {
    dispatch,
    return: ret,
    lastMileage: Number(car?.km ?? 0),
    canDispatch: c.state === 'signed' && !c.dispatched && !groupPeriod,
    canReturn: c.state === 'signed' && (c.dispatched || !!groupPeriod) && !ret,
  };
}

interface PeriodRow {
  id: number;
  car_id: number;
  contract_id: number | null;
  contract_no: string | null;
  booking_id: number | null;
  booking_code: string | null;
  trip_id: number | null;
  trip_code: string | null;
  driver_id: number;
  driver_name: string;
  from_at: Date | string;
  to_at: Date | string | null;
  violations: number;
  total: number;
}

/**
 * A car's usage periods (under contracts, short-term bookings and time-share trips), newest first, with how many
 * violations each attributed; the car must be in scope.
 */
export async function listUsagePeriods(
  deps: AppDeps,
  ctx: RequestContext,
  q: { carId: number; pageNum: number; pageSize: number },
): Promise<{ rows: UsagePeriod[]; total: number }> {
  const [car] = await rowsOf<{ rent_id: number }>(
    deps.db,
    sql`select rent_id from cars where tenant_id = ${ctx.tenantId} and id = ${q.carId} and deleted_at is null`,
  );
  if (!car || !ctx.rentIds.includes(Number(car.rent_id))) throw new NotFoundError('vehicles.carNotFound');
  const rows = await rowsOf<PeriodRow>(
    deps.db,
    sql`select p.id, p.car_id, p.contract_id, k.number as contract_no, p.booking_id, b.code as booking_code,
        p.trip_id, tr.code as trip_code, p.driver_id, d.name as driver_name,
        p.from_at, p.to_at, count(*) over ()::int as total,
        (select count(*)::int from violations v where v.tenant_id = p.tenant_id and v.usage_period_id = p.id) as violations
      from car_usage_periods p
      left join rental_contracts k on k.tenant_id = p.tenant_id and k.id = p.contract_id
      left join st_bookings b on b.tenant_id = p.tenant_id and b.id = p.booking_id
      left join ts_trips tr on tr.tenant_id = p.tenant_id and tr.id = p.trip_id
      join drivers d on d.tenant_id = p.tenant_id and d.id = p.driver_id
      where p.tenant_id = ${ctx.tenantId} and p.car_id = ${q.carId}
      order by p.from_at desc
      limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && q.pageNum > 1) {
    const [n] = await rowsOf<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from car_usage_periods where tenant_id = ${ctx.tenantId} and car_id = ${q.carId}`,
    );
    total = Number(n?.n ?? 0);
  }
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      carId: Number(r.car_id),
      source: r.contract_id !== null ? 'contract' : r.booking_id !== null ? 'booking' : 'trip',
      contractId: r.contract_id === null ? null : Number(r.contract_id),
      contractNo: r.contract_no,
      bookingId: r.booking_id === null ? null : Number(r.booking_id),
      bookingCode: r.booking_code,
      tripId: r.trip_id === null ? null : Number(r.trip_id),
      tripCode: r.trip_code,
      driverId: Number(r.driver_id),
      driverName: r.driver_name,
      from: iso(r.from_at),
      to: r.to_at === null ? null : iso(r.to_at),
      violations: Number(r.violations),
    })),
  };
}
