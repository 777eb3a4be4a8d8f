import { and, eq, sql } from 'drizzle-orm';
import type { TempCar, TempCarInput } from '@fleetdesk/contracts/rental-contracts';
import type { RequestContext } from '../../core/access.js';
import {
  isUniqueViolation,
  rawIso,
  rawIsoOrNull,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import { rentalTempCars } from '../../db/schema/rental-contracts.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';
import { event, lockContract, mustAllow, todayOf, type Scope } from './rental-contracts.service.js';
import { closeTempPeriod, giveBack, openTempPeriod } from './rental-contracts.temp-cars-end.js';

/**
 * Temporary replacement cars (long repairs): a contract lends the driver another car for a period. One starting
 * today or before is handed over when it is recorded; one starting later is booked (the car reserved) and handed
 * over by a clerk from its first day, or cancelled (the reservation released; the daily job cancels one whose period
 * passed unstarted). The handover rents the car out and opens a usage period of the temporary car for the
 * contract's driver (violations on it are attributed to him by the database's triggers); the end (early by a clerk,
 * with the contract, or by the daily job the day after its end date) closes the period and gives the car back
 * (rented -> preparing). The contract keeps its own car; what the temporary car does in the period belongs to the
 * contract (`contractForCarAt`).
 */

export async function tempCars(db: DbOrTx, scope: Scope, contractId: number): Promise<TempCar[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    contract_id: RawNumber;
    car_id: RawNumber;
    plate: string;
    from_date: string;
    to_date: string;
    reason: string;
    state: TempCar['state'];
    active: boolean;
    usage_period_id: RawNumber | null;
    ended_at: RawTime | null;
    created_at: RawTime;
  }>(
    db,
    sql`select x.id, x.contract_id, x.car_id, car.plate, x.from_date::text as from_date, x.to_date::text as to_date,
        x.reason, x.state, x.active, x.usage_period_id, x.ended_at, x.created_at
      from rental_temp_cars x
      join rental_contracts c on c.tenant_id = x.tenant_id and c.id = x.contract_id
      join cars car on car.tenant_id = x.tenant_id and car.id = x.car_id
      where x.tenant_id = ${scope.tenantId} and x.contract_id = ${contractId}
        and c.rent_id in (${sql.join(
          (scope.rentIds.length ? scope.rentIds : [-1]).map((id) => sql`${id}`),
          sql`, `,
        )})
      order by x.from_date desc, x.id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    contractId: Number(r.contract_id),
    carId: Number(r.car_id),
    plate: r.plate,
    fromDate: r.from_date,
    toDate: r.to_date,
    reason: r.reason,
    state: r.state,
    active: Boolean(r.active),
    usagePeriodId: rawNumberOrNull(r.usage_period_id),
    endedAt: rawIsoOrNull(r.ended_at),
    createdAt: rawIso(r.created_at),
  }));
}

/**
 * Records a temporary car on a signed contract from `fromDate` to `toDate` (today or later, within the contract).
 * From today or before (on or after the contract's start): the car is handed over now, rented out and its usage
 * period opened. From a later day: booked, the car reserved until it is handed over (`startTempCar`) or cancelled.
 * The car must be an idle car of the contract's rent that may be rented out.
 */
export async function addTempCar(deps: AppDeps, ctx: RequestContext, contractId: number, input: TempCarInput) {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const today = days.today;
  await deps.db
    .transaction(async (tx) => {
      const c = await lockContract(tx, ctx, contractId);
      mustAllow(ctx, c.state, 'tempCar');
      if (input.carId === c.carId) throw invalidField('carId', 'contracts.tempCarSame');
      if (input.fromDate < c.startDate || input.fromDate > c.endDate) {
        throw invalidField('fromDate', 'contracts.tempCarFrom', { start: c.startDate, end: c.endDate });
      }
      if (input.toDate < today || input.toDate > c.endDate) {
        throw invalidField('toDate', 'contracts.tempCarTo', { end: c.endDate, today });
      }
      const booked = input.fromDate > today;
      const scope = { ...ctx, rentIds: [c.rentId] };
      try {
        await carActionInTx(tx, deps, scope, input.carId, booked ? 'reserve' : 'rentOut', '临时替换车');
      } catch (err) {
        if (err instanceof NotFoundError) throw invalidField('carId', 'contracts.carNotFound');
        throw err;
      }
      const [row] = await tx
        .insert(rentalTempCars)
        .values({
          tenantId: ctx.tenantId,
          contractId,
          carId: input.carId,
          fromDate: input.fromDate,
          toDate: input.toDate,
          reason: input.reason,
          state: booked ? 'booked' : 'inUse',
          createdBy: ctx.userId,
        })
        .returning({ id: rentalTempCars.id });
      if (!booked) {
        // Handed over now; recorded afterwards (a day in the past), the period starts that day.
        const from = input.fromDate < today ? days.startOf(input.fromDate) : deps.clock.now();
        await openTempPeriod(tx, ctx.tenantId, row!.id, c, input.carId, from);
      }
      await event(tx, ctx, contractId, 'tempCar', {
        text: {
          key: booked ? 'contracts.event.tempCarBooked' : 'contracts.event.tempCar',
          params: { from: input.fromDate, to: input.toDate, reason: input.reason },
        },
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'rental_temp_cars_active_uq')) throw invalidField('carId', 'contracts.carBusy');
      throw err;
    });
  return tempCars(deps.db, ctx, contractId);
}

/** A temporary car of the tenant under its row lock, with its contract locked in the caller's rents (else 404). */
async function lockTempCar(tx: DbOrTx, ctx: RequestContext, tempId: number) {
  const [x] = await tx
    .select()
    .from(rentalTempCars)
    .where(and(eq(rentalTempCars.tenantId, ctx.tenantId), eq(rentalTempCars.id, tempId)))
    .for('update');
  if (!x) throw new NotFoundError('contracts.tempCarNotFound');
  const c = await lockContract(tx, ctx, x.contractId).catch(() => {
    throw new NotFoundError('contracts.tempCarNotFound');
  });
  return { x, c };
}

/**
 * Hands a booked temporary car over (from its first day, within its period): the reserved car is rented out and
 * its usage period opens now for the contract's driver.
 */
export async function startTempCar(deps: AppDeps, ctx: RequestContext, tempId: number) {
  const today = await todayOf(deps.db, ctx.tenantId, deps.clock.now());
  const contractId = await deps.db.transaction(async (tx) => {
    const { x, c } = await lockTempCar(tx, ctx, tempId);
    if (x.state !== 'booked') throw new ConflictError('contracts.tempCarNotBooked');
    mustAllow(ctx, c.state, 'tempCar');
    if (today < x.fromDate || today > x.toDate) {
      throw new ConflictError('contracts.tempCarStartDay', { from: x.fromDate, to: x.toDate });
    }
    await carActionInTx(tx, deps, { ...ctx, rentIds: [c.rentId] }, x.carId, 'rentOut', '临时替换车交车');
    await tx
      .update(rentalTempCars)
      .set({ state: 'inUse' })
      .where(and(eq(rentalTempCars.tenantId, ctx.tenantId), eq(rentalTempCars.id, tempId)));
    await openTempPeriod(tx, ctx.tenantId, tempId, c, x.carId, deps.clock.now());
    await event(tx, ctx, x.contractId, 'tempCarStart', {
      text: { key: 'contracts.event.tempCarStart', params: { date: today } },
    });
    return x.contractId;
  });
  return tempCars(deps.db, ctx, contractId);
}

/** Cancels a booked temporary car: the car's reservation is released. */
export async function cancelTempCar(deps: AppDeps, ctx: RequestContext, tempId: number) {
  const contractId = await deps.db.transaction(async (tx) => {
    const { x, c } = await lockTempCar(tx, ctx, tempId);
    if (x.state !== 'booked') throw new ConflictError('contracts.tempCarNotBooked');
    await releaseBooking(tx, deps, { ...ctx, rentIds: [c.rentId] }, x, '临时替换车预订取消');
    await event(tx, ctx, x.contractId, 'tempCarCancel', {
      text: { key: 'contracts.event.tempCarCancelled', params: { from: x.fromDate, to: x.toDate } },
    });
    return x.contractId;
  });
  return tempCars(deps.db, ctx, contractId);
}

async function releaseBooking(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  x: typeof rentalTempCars.$inferSelect,
  remark: string,
) {
  await carActionInTx(tx, deps, ctx, x.carId, 'cancelReservation', remark);
  await tx
    .update(rentalTempCars)
    .set({ state: 'cancelled', active: false, endedAt: deps.clock.now() })
    .where(and(eq(rentalTempCars.tenantId, ctx.tenantId), eq(rentalTempCars.id, x.id)));
}

/**
 * Ends a temporary car in use early (its last day `endDate`, else today): its usage period closes (now, or at the
 * end of that day) and the car goes back.
 */
export async function endTempCar(deps: AppDeps, ctx: RequestContext, tempId: number, endDate?: string) {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const today = days.today;
  const last = endDate ?? today;
  const contractId = await deps.db.transaction(async (tx) => {
    const { x, c } = await lockTempCar(tx, ctx, tempId);
    if (x.state === 'booked') throw new ConflictError('contracts.tempCarNotStarted');
    if (!x.active) throw new ConflictError('contracts.tempCarEnded');
    if (last < x.fromDate || last > x.toDate || last > today) {
      throw invalidField('endDate', 'contracts.tempCarEnd', {
        from: x.fromDate,
        to: x.toDate < today ? x.toDate : today,
      });
    }
    const at = last < today ? days.startOf(days.plusDays(1, last)) : deps.clock.now();
    await closeTempPeriod(tx, deps, ctx.tenantId, x, at);
    await giveBack(tx, deps, { ...ctx, rentIds: [c.rentId] }, x.carId, '临时替换车提前结束');
    await tx
      .update(rentalTempCars)
      .set({ state: 'ended', active: false, toDate: last, endedAt: deps.clock.now() })
      .where(and(eq(rentalTempCars.tenantId, ctx.tenantId), eq(rentalTempCars.id, tempId)));
    await event(tx, ctx, x.contractId, 'tempCarEnd', {
      text: { key: 'contracts.event.tempCarEnded', params: { date: last } },
    });
    return x.contractId;
  });
  return tempCars(deps.db, ctx, contractId);
}

/**
 * The daily job: temporary cars in use past their end date close their usage period at the end of that day and go
 * back (rented -> preparing); booked ones whose period passed without a handover are cancelled (reserved -> idle).
 * Answers the number ended or cancelled.
 */
export async function endExpiredTempCars(deps: AppDeps, tenantId: number, today?: string): Promise<number> {
  const days = await tenantDays(deps.db, tenantId, deps.clock.now());
  const day = today ?? days.today;
  const due = await rowsOf<{ id: number; car_id: number; rent_id: number; contract_id: number }>(
    deps.db,
    sql`select x.id, x.car_id, c.rent_id, x.contract_id from rental_temp_cars x
      join rental_contracts c on c.tenant_id = x.tenant_id and c.id = x.contract_id
      where x.tenant_id = ${tenantId} and x.active and x.to_date < ${day}::date`,
  );
  for (const r of due) {
    // The job acts for nobody: the car's history and the contract's show no user.
    const ctx = { tenantId, rentIds: [Number(r.rent_id)], userId: null, lang: 'zh-CN' } as unknown as RequestContext;
    await deps.db.transaction(async (tx) => {
      const [x] = await tx
        .select()
        .from(rentalTempCars)
        .where(and(eq(rentalTempCars.tenantId, tenantId), eq(rentalTempCars.id, Number(r.id))))
        .for('update');
      if (!x?.active) return;
      if (x.state === 'booked') {
        await releaseBooking(tx, deps, ctx, x, '临时替换车预订过期');
        await event(tx, ctx, x.contractId, 'tempCarCancel', {
          text: { key: 'contracts.event.tempCarBookingExpired', params: { date: x.toDate } },
        });
        return;
      }
      // At the end of its last day (not later than now: a job run for a given day never closes in the future).
      const end = days.startOf(days.plusDays(1, x.toDate));
      const now = deps.clock.now();
      await closeTempPeriod(tx, deps, tenantId, x, end < now ? end : now);
      await giveBack(tx, deps, ctx, x.carId, '临时替换车到期');
      await tx
        .update(rentalTempCars)
        .set({ state: 'ended', active: false, endedAt: deps.clock.now() })
        .where(and(eq(rentalTempCars.tenantId, tenantId), eq(rentalTempCars.id, x.id)));
      await event(tx, ctx, x.contractId, 'tempCarEnd', {
        text: { key: 'contracts.event.tempCarExpired', params: { date: x.toDate } },
      });
    });
  }
  return due.length;
}

/**
 * The contract a car belonged to on a day (violations, handover): a temporary car's period first (one handed
 * over: the contract it replaced a car for; a booking or a cancelled one is not), else the contract of the car whose term covers the day (signed, or ended:
 * up to its end date or the day it ended, whichever is first). `null` when none.
 */
export async function contractForCarAt(
  db: DbOrTx,
  tenantId: number,
  carId: number,
  at: string,
): Promise<{ contractId: number; number: string; driverId: number; via: 'tempCar' | 'contract' } | null> {
  const [row] = await rowsOf<{ id: number; number: string; driver_id: number; via: 'tempCar' | 'contract' }>(
    db,
    sql`(select c.id, c.number, c.driver_id, 'tempCar' as via, 0 as rank from rental_temp_cars x
        join rental_contracts c on c.tenant_id = x.tenant_id and c.id = x.contract_id
        where x.tenant_id = ${tenantId} and x.car_id = ${carId} and x.state in ('inUse', 'ended')
          and x.from_date <= ${at}::date and x.to_date >= ${at}::date
        order by x.from_date desc, x.id desc limit 1)
      union all
      (select c.id, c.number, c.driver_id, 'contract', 1 from rental_contracts c
        left join tenants t on t.id = c.tenant_id
        where c.tenant_id = ${tenantId} and c.car_id = ${carId} and c.state in ('signed', 'completed', 'terminated')
          and c.start_date <= ${at}::date and c.end_date >= ${at}::date
          and (c.ended_at is null or (c.ended_at at time zone coalesce(t.time_zone, 'Asia/Shanghai'))::date >= ${at}::date)
        order by c.start_date desc, c.id desc limit 1)
      order by rank limit 1`,
  );
  if (!row) return null;
  return { contractId: Number(row.id), number: row.number, driverId: Number(row.driver_id), via: row.via };
}
