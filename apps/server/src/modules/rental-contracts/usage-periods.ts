import { sql } from 'drizzle-orm';
import { pgErrorOf, rowsOf, type DbOrTx } from '../../core/db.js';
import { ConflictError } from '../../core/errors.js';
import { localMinute, tenantZone } from '../../core/tenant-time.js';
import { carUsagePeriods } from '../../db/schema/handover.js';
import './handover.messages.js';

/*
 * Usage periods (who had a car when), in one place: a contract's dispatch, a temporary car's handover, a
 * short-term booking's pick-up and a time-share trip's start open one, the return (trip end) closes it. Periods of one car never overlap: the caller holds the car's lock, and the check
 * here refuses a period that would start before another one of the car ends (409 naming, on the tenant's wall
 * clock, when the car is free again). Violations in a period are attributed to its driver by the database's
 * triggers.
 */

/** SQLSTATE of a row refused by an exclusion constraint. */
const EXCLUSION_VIOLATION = '23P01';

/** Whose the period is: exactly one of a contract, a short-term booking, a time-share trip (issue 33). */
export type UsagePeriodOwner =
  | { contractId: number; bookingId?: null; tripId?: null }
  | { bookingId: number; contractId?: null; tripId?: null }
  | { tripId: number; contractId?: null; bookingId?: null };

export type NewUsagePeriod = {
  carId: number;
  driverId: number;
  rentId: number;
  fromAt: Date;
} & UsagePeriodOwner;

/** Opens a period of the car from `p.fromAt`; 409 `handover.periodOverlap` when another is open or ends later. */
export async function openUsagePeriod(tx: DbOrTx, tenantId: number, p: NewUsagePeriod): Promise<number> {
  const owners = [p.contractId, p.bookingId, p.tripId].filter((v) => v !== undefined && v !== null);
  if (owners.length !== 1) throw new Error('a usage period belongs to exactly one contract, booking or trip');
  const overlap = async () =>
    new ConflictError('handover.periodOverlap', { at: localMinute(await tenantZone(tx, tenantId), p.fromAt) });
  const [clash] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from car_usage_periods where tenant_id = ${tenantId} and car_id = ${p.carId}
      and (to_at is null or to_at > ${p.fromAt.toISOString()}) limit 1`,
  );
  if (clash) throw await overlap();
  // The exclusion constraint car_usage_periods_no_overlap (migration 0029) is the database's guarantee; a writer
  // that passed the check above without the car's lock meets it here. Its zone is read first: after the refusal
  // the transaction takes no more statements.
  const refusal = await overlap();
  try {
    const [row] = await tx
      .insert(carUsagePeriods)
      .values({
        tenantId,
        carId: p.carId,
        driverId: p.driverId,
        rentId: p.rentId,
        fromAt: p.fromAt,
        contractId: p.contractId ?? null,
        bookingId: p.bookingId ?? null,
        tripId: p.tripId ?? null,
      })
      .returning({ id: carUsagePeriods.id });
    return row!.id;
  } catch (err) {
    if (pgErrorOf(err).code === EXCLUSION_VIOLATION) throw refusal;
    throw err;
  }
}

/**
 * Closes an open period at `at`; a period that would be empty (at or before its start) ends a second after its
 * start. A period already closed stays as it is.
 */
export async function closeUsagePeriod(tx: DbOrTx, tenantId: number, periodId: number, at: Date, now: Date) {
  await tx.execute(
    sql`update car_usage_periods set to_at = greatest(${at.toISOString()}::timestamptz, from_at + interval '1 second'),
        updated_at = ${now.toISOString()}
      where tenant_id = ${tenantId} and id = ${periodId} and to_at is null`,
  );
}
