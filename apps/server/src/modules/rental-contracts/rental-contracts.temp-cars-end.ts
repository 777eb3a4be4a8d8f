import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { tenantDays } from '../../core/tenant-time.js';
import { rentalTempCars } from '../../db/schema/rental-contracts.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';
import { closeUsagePeriod, openUsagePeriod } from './usage-periods.js';

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
  const periodId = await openUsagePeriod(tx, tenantId, {
    carId,
    contractId: c.id,
    driverId: c.driverId,
    rentId: c.rentId,
    fromAt: from,
  });
  await tx
    .update(rentalTempCars)
    .set({ usagePeriodId: periodId })
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
  await closeUsagePeriod(tx, tenantId, x.usagePeriodId, at, deps.clock.now());
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
