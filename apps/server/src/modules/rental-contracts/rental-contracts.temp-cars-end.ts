import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError } from '../../core/errors.js';
import { tenantDays } from '../../core/tenant-time.js';
import { carUsagePeriods } from '../../db/schema/handover.js';
import { rentalTempCars } from '../../db/schema/rental-contracts.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';
import './handover.messages.js';

/*
 * What the contract's own life needs of its temporary cars (whether any is active; ending them all with the
 * contract), apart from `rental-contracts.temp-cars.ts`, which builds on the contract service: so that the
 * service can use these without an import cycle.
 */

export async function hasActiveTempCars(tx: DbOrTx, tenantId: number, contractId: number): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from rental_temp_cars where tenant_id = ${tenantId} and contract_id = ${contractId}
      and active`,
  );
  return Number(row!.n) > 0;
}

/**
 * The handover of a temporary car opens a usage period of that car for the contract's driver from `from`
 * (violations on the car in it are attributed to him and the contract by the database's triggers). Usage periods
 * of one car never overlap: none may be open or end after `from` (409 naming the time).
 */
export async function openTempPeriod(
  tx: DbOrTx,
  tenantId: number,
  tempId: number,
  c: { id: number; driverId: number; rentId: number },
  carId: number,
  from: Date,
) {
  const [clash] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from car_usage_periods where tenant_id = ${tenantId} and car_id = ${carId}
      and (to_at is null or to_at > ${from.toISOString()}) limit 1`,
  );
  if (clash) {
    // The time as the handover's messages show it: the tenant's wall clock (Asia/Shanghai), to the minute.
    const at = new Date(from.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    throw new ConflictError('handover.periodOverlap', { at });
  }
  const [p] = await tx
    .insert(carUsagePeriods)
    .values({ tenantId, carId, contractId: c.id, driverId: c.driverId, rentId: c.rentId, fromAt: from })
    .returning({ id: carUsagePeriods.id });
  await tx
    .update(rentalTempCars)
    .set({ usagePeriodId: p!.id })
    .where(and(eq(rentalTempCars.tenantId, tenantId), eq(rentalTempCars.id, tempId)));
}

/**
 * The return of a temporary car closes its usage period at `at` (not before it opened: a period that would be
 * empty ends a second after its start). Violations after it lose the driver it gave.
 */
export async function closeTempPeriod(
  tx: DbOrTx,
  deps: AppDeps,
  tenantId: number,
  x: { usagePeriodId: number | null },
  at: Date,
) {
  if (x.usagePeriodId === null) return;
  await tx.execute(
    sql`update car_usage_periods set to_at = greatest(${at.toISOString()}::timestamptz, from_at + interval '1 second'),
        updated_at = ${deps.clock.now().toISOString()}
      where tenant_id = ${tenantId} and id = ${x.usagePeriodId} and to_at is null`,
  );
}

/** A temporary car goes back (rented -> preparing). */
export async function giveBack(tx: DbOrTx, deps: AppDeps, ctx: RequestContext, carId: number, remark: string) {
  await carActionInTx(tx, deps, ctx, carId, 'giveBack', remark);
}

/**
 * Ends every active temporary car of a contract (the contract ends): one in use closes its usage period now and
 * goes back; a booked one is cancelled (its reservation released).
 */
export async function endTempCarsOf(tx: DbOrTx, deps: AppDeps, ctx: RequestContext, contractId: number) {
  const { today } = await tenantDays(tx, ctx.tenantId, deps.clock.now());
  const rows = await tx
    .select()
    .from(rentalTempCars)
    .where(
      and(
        eq(rentalTempCars.tenantId, ctx.tenantId),
        eq(rentalTempCars.contractId, contractId),
        eq(rentalTempCars.active, true),
      ),
    )
    .for('update');
  for (const r of rows) {
    if (r.state === 'booked') {
      await carActionInTx(tx, deps, ctx, r.carId, 'cancelReservation', '临时替换车预订取消(合同结束)');
      await tx
        .update(rentalTempCars)
        .set({ state: 'cancelled', active: false, endedAt: deps.clock.now() })
        .where(and(eq(rentalTempCars.tenantId, ctx.tenantId), eq(rentalTempCars.id, r.id)));
      continue;
    }
    await closeTempPeriod(tx, deps, ctx.tenantId, r, deps.clock.now());
    await giveBack(tx, deps, ctx, r.carId, '临时替换车结束(合同结束)');
    await tx
      .update(rentalTempCars)
      .set({
        state: 'ended',
        active: false,
        endedAt: deps.clock.now(),
        toDate: today < r.toDate && today >= r.fromDate ? today : r.toDate,
      })
      .where(and(eq(rentalTempCars.tenantId, ctx.tenantId), eq(rentalTempCars.id, r.id)));
  }
}
