import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { tenantDays } from '../../core/tenant-time.js';
import { rentalTempCars } from '../../db/schema/rental-contracts.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';

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

/** A temporary car goes back (rented -> preparing). */
export async function giveBack(tx: DbOrTx, deps: AppDeps, ctx: RequestContext, carId: number, remark: string) {
  await carActionInTx(tx, deps, ctx, carId, 'giveBack', remark);
}

/** Ends every active temporary car of a contract on `endDate` (the contract ends): the cars go back. */
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
    await giveBack(tx, deps, ctx, r.carId, '临时替换车结束(合同结束)');
    await tx
      .update(rentalTempCars)
      .set({
        active: false,
        endedAt: deps.clock.now(),
        toDate: today < r.toDate && today >= r.fromDate ? today : r.toDate,
      })
      .where(and(eq(rentalTempCars.tenantId, ctx.tenantId), eq(rentalTempCars.id, r.id)));
  }
}
