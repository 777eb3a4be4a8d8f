import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  earlyReturnRefund,
  fuelFee,
  lateReturnFee,
  overMileageFee,
  unusedWholeDays,
} from '@fleetdesk/contracts/short-term-pricing';
import type {
  BookingCancelAnswer,
  BookingCharges,
  BookingPickUpInput,
  BookingReturnInput,
  BookingSettleAnswer,
  BookingSettleInput,
} from '@fleetdesk/contracts/short-term';
import type { RequestContext } from '../../core/access.js';
import { rawNumber, rowsOf, type RawNumber, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField } from '../../core/errors.js';
import { addDays, localDate, localMinute, tenantZone } from '../../core/tenant-time.js';
import { createReferenceOrder, refundOrderPart } from '../payments/orders.service.js';
import { payOrder } from '../payments/pay.service.js';
import { closeUsagePeriod, openUsagePeriod, recordInspectionInTx } from '../rental-contracts/handover.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';
import {
  badState,
  bookingEvent,
  cancelTerms,
  chargedFen,
  chargesOut,
  lockBooking,
  markCancelled,
  quoteOf,
  settlementOf,
  yuan,
  type Charges,
} from './bookings.service.js';
import './short-term.messages.js';

/*
 * A booking's money and handover (docs/short-term.md): payment and its settler, the cancellation of a paid booking
 * (fee and refund), pick-up and return with the contract area's inspections and usage periods, the settlement
 * against the deposits and the release of the violation deposit.
 */

const HOUR = 3_600_000;
/** A booking may be picked up this long before its planned time. */
export const EARLY_PICK_UP_MS = 2 * HOUR;

// ----------------------------------------------------------------------------------------------- pay

/**
 * `shortBooking/pay/:id`: the booking's order (type `booking`, total + deposits) offered to the payment provider;
 * an order that expired or was closed is replaced by a new one. Answers the QR code / sandbox link (PayInfo).
 */
export async function payBooking(deps: AppDeps, ctx: RequestContext, id: number) {
  const now = deps.clock.now();
  const orderId = await deps.db.transaction(async (tx) => {
    const b = await lockBooking(tx, ctx, id);
    // A settlement whose charges passed the damage deposit: its balance order.
    if (b.state === 'returned' && b.balance_order_id != null) return rawNumber(b.balance_order_id);
    if (b.state !== 'unpaid') throw badState(b.state);
    if (b.order_id != null) {
      const [o] = await rowsOf<{ status: string; expires_at: Date | string }>(
        tx,
        sql`select status, expires_at from orders where tenant_id = ${ctx.tenantId} and id = ${b.order_id}`,
      );
      if (o && o.status === 'unpaid' && new Date(o.expires_at).getTime() > now.getTime()) return rawNumber(b.order_id);
    }
    const q = quoteOf(b);
    const order = await createReferenceOrder(tx, ctx, {
      type: 'booking',
      referenceType: 'shortBooking',
      referenceId: b.code,
      amountFen: q.payNowFen,
      prefix: 'B',
      now,
    });
    await tx.execute(
      sql`update st_bookings set order_id = ${order.id}, updated_at = ${now.toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    return order.id;
  });
  return payOrder(deps, ctx, orderId);
}

/**
 * The settler of `booking` orders (registered with the payments area), in the transaction that marks the order
 * paid (once per order): the booking's first order moves it `unpaid → toPickUp`; a settlement's balance order
 * completes it. A booking that is no longer waiting for this order changes nothing (its history notes the payment).
 */
export async function settleBookingOrder(
  tx: Tx,
  order: { id: number; tenantId: number; amountFen: number },
  now: Date,
) {
  const [b] = await rowsOf<{
    id: RawNumber;
    state: string;
    order_id: RawNumber | null;
    balance_order_id: RawNumber | null;
  }>(
    tx,
    sql`select id, state, order_id, balance_order_id from st_bookings
      where tenant_id = ${order.tenantId} and (order_id = ${order.id} or balance_order_id = ${order.id}) for update`,
  );
  if (!b) return;
  const id = rawNumber(b.id);
  const amount = yuan(order.amountFen);
  if (rawNumber(b.order_id) === order.id && b.state === 'unpaid') {
    await tx.execute(
      sql`update st_bookings set state = 'toPickUp', paid_at = ${now.toISOString()}, version = version + 1,
        updated_at = ${now.toISOString()} where tenant_id = ${order.tenantId} and id = ${id}`,
    );
    await bookingEvent(tx, order.tenantId, id, 'paid', now, null, { key: 'shortTerm.event.paid', params: { amount } });
  } else if (rawNumber(b.balance_order_id) === order.id && b.state === 'returned') {
    await tx.execute(
      sql`update st_bookings set state = 'completed', version = version + 1, updated_at = ${now.toISOString()}
        where tenant_id = ${order.tenantId} and id = ${id}`,
    );
    await bookingEvent(tx, order.tenantId, id, 'balancePaid', now, null, {
      key: 'shortTerm.event.balancePaid',
      params: { amount },
    });
  } else {
    await bookingEvent(
      tx,
      order.tenantId,
      id,
      'paid',
      now,
      null,
      { key: 'shortTerm.event.paid', params: { amount } },
      {
        late: true,
      },
    );
  }
}

/**
 * `shortBooking/cancel/:id`: an unpaid booking is cancelled at no cost; a paid one (to pick up) costs the fee of
 * `cancellationFee` and the rest of what was paid is refunded through the payments area (`refundOrderPart`, keyed
 * by the booking, so a repeated call cannot refund twice). A refund the provider refuses leaves the booking as it was.
 */
export async function cancelBooking(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  reason: string,
): Promise<BookingCancelAnswer> {
  const now = deps.clock.now();
  const first = await deps.db.transaction(async (tx) => {
    const b = await lockBooking(tx, ctx, id);
    const terms = await cancelTerms(tx, ctx.tenantId, b, now);
    if (b.state === 'unpaid') {
      await markCancelled(tx, ctx.tenantId, id, 'unpaid', 0, reason, now, ctx.userId, {
        key: 'shortTerm.event.cancelled',
        params: { reason },
      });
      return null;
    }
    return { b, terms };
  });
  if (!first) return { cancelFee: 0, refund: 0 };
  const { b, terms } = first;
  if (terms.refundFen > 0 && b.order_id != null) {
    await refundOrderPart(deps, {
      tenantId: ctx.tenantId,
      orderId: rawNumber(b.order_id),
      amountFen: terms.refundFen,
      reason: `${b.code} cancel`,
      key: `shortBooking:${id}:cancel`,
      userId: ctx.userId,
    });
  }
  await deps.db.transaction(async (tx) => {
    const done = await markCancelled(tx, ctx.tenantId, id, 'toPickUp', terms.feeFen, reason, now, ctx.userId, {
      key: 'shortTerm.event.cancelledFee',
      params: { reason, fee: yuan(terms.feeFen), refund: yuan(terms.refundFen) },
    });
    if (!done) throw badState('cancelled');
  });
  return { cancelFee: fenToYuan(terms.feeFen), refund: fenToYuan(terms.refundFen) };
}

// -------------------------------------------------------------------------------------- pick-up, return

type PickUpInput = z.output<typeof BookingPickUpInput>;
type ReturnInput = z.output<typeof BookingReturnInput>;

/**
 * `shortBooking/pickUp/:id`: to pick up → in use, not before pick-up − 2 h. The dispatch inspection of the contract
 * area (booking id), the car's usage period for the renter from the inspection time (violations in it are his), and
 * the car rented out.
 */
export async function pickUpBooking(deps: AppDeps, ctx: RequestContext, id: number, input: PickUpInput) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const b = await lockBooking(tx, ctx, id);
    if (b.state !== 'toPickUp') throw badState(b.state);
    const pickUpAt = new Date(b.pick_up_at);
    if (now.getTime() < pickUpAt.getTime() - EARLY_PICK_UP_MS) {
      const zone = await tenantZone(tx, ctx.tenantId);
      throw new ConflictError('shortTerm.tooEarly', {
        at: localMinute(zone, new Date(pickUpAt.getTime() - EARLY_PICK_UP_MS)),
      });
    }
    const scope = { ...ctx, rentIds: [rawNumber(b.rent_id)] };
    const carId = rawNumber(b.car_id);
    const { car } = await recordInspectionInTx(tx, deps, scope, {
      carId,
      rentId: rawNumber(b.rent_id),
      bookingId: id,
      kind: 'dispatch',
      input,
    });
    const at = new Date(input.inspectedAt);
    await openUsagePeriod(tx, ctx.tenantId, {
      carId,
      bookingId: id,
      driverId: rawNumber(b.driver_id),
      rentId: rawNumber(b.rent_id),
      fromAt: at,
    });
    if (car.status !== 'rented') await carActionInTx(tx, deps, scope, carId, 'rentOut', b.code);
    await tx.execute(
      sql`update st_bookings set state = 'inUse', picked_up_at = ${at.toISOString()}, overdue_notified_at = null,
        version = version + 1,
        updated_at = ${now.toISOString()} where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    await bookingEvent(tx, ctx.tenantId, id, 'pickedUp', now, ctx.userId, {
      key: 'shortTerm.event.pickedUp',
      params: { mileage: input.mileage },
    });
  });
}

/**
 * `shortBooking/return/:id`: in use → returned. The return inspection (with its damage deduction), the usage period
 * closed at the inspection time, the car given back, and the charges: late (`lateReturnFee`, the last day's price),
 * early (`earlyReturnRefund` of the unused whole days), fuel (levels out and in), kilometres over the limit.
 */
export async function returnBooking(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: ReturnInput,
): Promise<{ charges: BookingCharges }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const b = await lockBooking(tx, ctx, id);
    if (b.state !== 'inUse') throw badState(b.state);
    const at = new Date(input.inspectedAt);
    const zone = await tenantZone(tx, ctx.tenantId);
    if (b.picked_up_at && at.getTime() <= new Date(b.picked_up_at).getTime())
      throw invalidField('inspectedAt', 'shortTerm.inspectionBeforePickUp', {
        at: localMinute(zone, new Date(b.picked_up_at)),
      });
    const [out] = await rowsOf<{ mileage_km: number; energy_level: number }>(
      tx,
      sql`select mileage_km, energy_level from handover_inspections
        where tenant_id = ${ctx.tenantId} and booking_id = ${id} and kind = 'dispatch'`,
    );
    const scope = { ...ctx, rentIds: [rawNumber(b.rent_id)] };
    const carId = rawNumber(b.car_id);
    const { car } = await recordInspectionInTx(tx, deps, scope, {
      carId,
      rentId: rawNumber(b.rent_id),
      bookingId: id,
      kind: 'return',
      input,
    });
    const [period] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`select id from car_usage_periods where tenant_id = ${ctx.tenantId} and booking_id = ${id} and to_at is null`,
    );
    if (period) await closeUsagePeriod(tx, ctx.tenantId, rawNumber(period.id), at, now);
    if (car.status === 'rented') await carActionInTx(tx, deps, scope, carId, 'giveBack', b.code);
    const rules = (await tenantRules(tx, ctx.tenantId)).shortTerm;
    const q = quoteOf(b);
    const dayFens = q.days.map((d) => d.priceFen);
    const planned = new Date(b.return_at);
    const price = await rowsOf<{ mileage_limit_km: number | null; over_km_fen: RawNumber }>(
      tx,
      sql`select mileage_limit_km, over_km_fen from st_prices where tenant_id = ${ctx.tenantId}
        and store_id = ${b.store_id} and car_type_id = ${b.car_type_id}`,
    );
    const km = out ? Math.max(0, input.mileage - out.mileage_km) : 0;
    const limitPerDay = q.mileageLimitKm === null ? null : q.mileageLimitKm / Math.max(1, q.days.length);
    const charges: Charges = {
      lateFen: lateReturnFee({ plannedAt: planned, returnedAt: at, dayFen: dayFens[dayFens.length - 1] ?? 0, rules }),
      earlyRefundFen: earlyReturnRefund({ unusedDays: unusedWholeDays(at, planned), dayFens, rules }),
      fuelFen: out ? fuelFee(out.energy_level, input.energyLevel, rules) : 0,
      overKmFen: overMileageFee(km, limitPerDay, q.days.length, rawNumber(price[0]?.over_km_fen ?? 0)),
      damageFen: yuanToFen(input.damageDeduction),
      otherFen: 0,
    };
    await tx.execute(
      sql`update st_bookings set state = 'returned', returned_at = ${at.toISOString()},
        charges = ${JSON.stringify(charges)}::jsonb, version = version + 1, updated_at = ${now.toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    await bookingEvent(
      tx,
      ctx.tenantId,
      id,
      'returned',
      now,
      ctx.userId,
      {
        key: 'shortTerm.event.returned',
        params: { mileage: input.mileage, charges: yuan(chargedFen(charges)) },
      },
      { km },
    );
    return { charges: chargesOut(charges) };
  });
}

// ------------------------------------------------------------------------------------------------ settle

/**
 * `shortBooking/settle/:id`: returned → completed. The charges (with an `otherCharge` typed at the counter) less the
 * early-return refund are taken from the damage deposit; what is left of it is refunded through `refundOrderPart`
 * (keyed by the booking: a repeated call cannot refund twice); charges beyond it become a second `booking` order
 * (`shortBooking/pay/:id` offers it; the booking completes when it is paid). The violation deposit is held until
 * the return day + `violationHoldDays` (the job releases it).
 */
export async function settleBooking(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: z.output<typeof BookingSettleInput>,
): Promise<BookingSettleAnswer> {
  const now = deps.clock.now();
  const otherFen = yuanToFen(input.otherCharge);
  const first = await deps.db.transaction(async (tx) => {
    const b = await lockBooking(tx, ctx, id);
    if (b.state !== 'returned' || b.settled_at != null) throw badState(b.state);
    if (input.version !== undefined && input.version !== b.version)
      throw new ConflictError('shortTerm.stale', undefined, 'shortTerm.stale');
    return b;
  });
  const s = settlementOf(first, otherFen);
  if (s.refundFen > 0 && first.order_id != null) {
    await refundOrderPart(deps, {
      tenantId: ctx.tenantId,
      orderId: rawNumber(first.order_id),
      amountFen: s.refundFen,
      reason: `${first.code} settle`,
      key: `shortBooking:${id}:settle`,
      userId: ctx.userId,
    });
  }
  return deps.db.transaction(async (tx) => {
    const b = await lockBooking(tx, ctx, id);
    if (b.state !== 'returned' || b.settled_at != null) throw badState(b.state);
    const zone = await tenantZone(tx, ctx.tenantId);
    const rules = (await tenantRules(tx, ctx.tenantId)).shortTerm;
    const holdUntil = addDays(localDate(zone, new Date(b.returned_at ?? now)), rules.violationHoldDays);
    let orderId: number | null = null;
    if (s.balanceFen > 0) {
      const order = await createReferenceOrder(tx, ctx, {
        type: 'booking',
        referenceType: 'shortBookingBalance',
        referenceId: b.code,
        amountFen: s.balanceFen,
        prefix: 'B',
        now,
      });
      orderId = order.id;
    }
    const state = orderId ? 'returned' : 'completed';
    await tx.execute(
      sql`update st_bookings set state = ${state}, settled_at = ${now.toISOString()}, balance_order_id = ${orderId},
        charges = ${JSON.stringify(s.charges)}::jsonb, violation_hold_until = ${holdUntil}::date,
        remark = coalesce(${input.remark || null}, remark), version = version + 1, updated_at = ${now.toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    await bookingEvent(
      tx,
      ctx.tenantId,
      id,
      'settled',
      now,
      ctx.userId,
      orderId
        ? { key: 'shortTerm.event.balanceDue', params: { amount: yuan(s.balanceFen) } }
        : {
            key: 'shortTerm.event.settled',
            params: { charges: yuan(Math.max(0, s.netFen)), refund: yuan(s.refundFen) },
          },
      { refundFen: s.refundFen, balanceFen: s.balanceFen },
    );
    return {
      state,
      refund: fenToYuan(s.refundFen),
      balanceDue: fenToYuan(s.balanceFen),
      balanceOrderId: orderId,
    };
  });
}

/**
 * The job's part: violation deposits whose hold ended (`violation_hold_until` before the tenant's today) are
 * released. The fines of violations in the booking's usage period are kept (`violation_used_fen`, at most the
 * deposit), the rest refunded (keyed by the booking).
 */
export async function releaseViolationDeposits(deps: AppDeps, tenantId: number, today: string, now: Date) {
  const due = await rowsOf<{
    id: RawNumber;
    code: string;
    order_id: RawNumber | null;
    violation_deposit_fen: RawNumber;
  }>(
    deps.db,
    sql`select id, code, order_id, violation_deposit_fen from st_bookings where tenant_id = ${tenantId}
      and settled_at is not null and violation_released_at is null and violation_hold_until < ${today}::date
      order by id limit 200`,
  );
  let released = 0;
  for (const r of due) {
    try {
      const id = rawNumber(r.id);
      const [fines] = await rowsOf<{ fen: RawNumber | null }>(
        deps.db,
        sql`select coalesce(sum(v.fine_fen), 0) as fen from violations v
        join car_usage_periods p on p.tenant_id = v.tenant_id and p.id = v.usage_period_id
        where v.tenant_id = ${tenantId} and p.booking_id = ${id}`,
      );
      const deposit = rawNumber(r.violation_deposit_fen);
      const used = Math.min(deposit, rawNumber(fines?.fen ?? 0));
      const refund = deposit - used;
      if (refund > 0 && r.order_id != null) {
        await refundOrderPart(deps, {
          tenantId,
          orderId: rawNumber(r.order_id),
          amountFen: refund,
          reason: `${r.code} violation deposit`,
          key: `shortBooking:${id}:violation`,
        });
      }
      await deps.db.transaction(async (tx) => {
        const rows = await rowsOf<{ id: RawNumber }>(
          tx,
          sql`update st_bookings set violation_used_fen = ${used}, violation_released_at = ${now.toISOString()},
          version = version + 1, updated_at = ${now.toISOString()}
          where tenant_id = ${tenantId} and id = ${id} and violation_released_at is null returning id`,
        );
        if (rows.length)
          await bookingEvent(
            tx,
            tenantId,
            id,
            'violationReleased',
            now,
            null,
            { key: 'shortTerm.event.violationReleased', params: { used: yuan(used), refund: yuan(refund) } },
            { usedFen: used, refundFen: refund },
          );
      });
      released++;
    } catch (err) {
      // One booking's refund refused by the provider does not hold back the others; the next run tries again.
      deps.log.warn({ err, bookingId: rawNumber(r.id) }, 'short-term: violation deposit release failed');
    }
  }
  return released;
}
