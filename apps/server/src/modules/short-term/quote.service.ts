import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { QuoteInput } from '@fleetdesk/contracts/short-term';
import { idArray, rawNumber, rawNumberOrNull, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import { invalidField, NotFoundError } from '../../core/errors.js';
import { localDate, localMinute, tenantZone } from '../../core/tenant-time.js';
import { tenantRules } from '../settings/settings.service.js';
import * as repo from './short-term.repository.js';
import './short-term.messages.js';

/** The longest stay a booking may cover. */
export const MAX_STAY_DAYS = 90;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export type QuoteRequest = z.output<typeof QuoteInput>;

export interface PriceRow {
  weekdayFen: number;
  weekendFen: number;
  discount7Bp: number;
  discount15Bp: number;
  discount30Bp: number;
  mileageLimitKm: number | null;
  overKmFen: number;
  damageDepositFen: number;
  violationDepositFen: number;
}

export async function priceOf(db: DbOrTx, tenantId: number, storeId: number, carTypeId: number) {
  const [p] = await rowsOf<{
    weekday_fen: RawNumber;
    weekend_fen: RawNumber;
    discount7_bp: number;
    discount15_bp: number;
    discount30_bp: number;
    mileage_limit_km: number | null;
    over_km_fen: RawNumber;
    damage_deposit_fen: RawNumber;
    violation_deposit_fen: RawNumber;
  }>(
    db,
    sql`select weekday_fen, weekend_fen, discount7_bp, discount15_bp, discount30_bp, mileage_limit_km, over_km_fen,
        damage_deposit_fen, violation_deposit_fen
      from st_prices where tenant_id = ${tenantId} and store_id = ${storeId} and car_type_id = ${carTypeId}`,
  );
  if (!p) return null;
  return {
    weekdayFen: rawNumber(p.weekday_fen),
    weekendFen: rawNumber(p.weekend_fen),
    discount7Bp: p.discount7_bp,
    discount15Bp: p.discount15_bp,
    discount30Bp: p.discount30_bp,
    mileageLimitKm: rawNumberOrNull(p.mileage_limit_km),
    overKmFen: rawNumber(p.over_km_fen),
    damageDepositFen: rawNumber(p.damage_deposit_fen),
    violationDepositFen: rawNumber(p.violation_deposit_fen),
  } satisfies PriceRow;
}

/** Date prices of the store and type over [from, to] (calendar days), as `{ 'YYYY-MM-DD': fen }`. */
export async function specialDays(
  db: DbOrTx,
  tenantId: number,
  storeId: number,
  carTypeId: number,
  from: string,
  to: string,
): Promise<Record<string, number>> {
  const rows = await rowsOf<{ day: string; price_fen: RawNumber }>(
    db,
    sql`select day::text as day, price_fen from st_price_days where tenant_id = ${tenantId} and store_id = ${storeId}
      and car_type_id = ${carTypeId} and day between ${from}::date and ${to}::date`,
  );
  return Object.fromEntries(rows.map((r) => [r.day, rawNumber(r.price_fen)]));
}

export async function holidaysBetween(db: DbOrTx, tenantId: number, from: string, to: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select day::text as day from st_holidays where tenant_id = ${tenantId}
      and day between ${from}::date and ${to}::date order by day`,
  );
  return rows.map((r) => r.day);
}

/** The local 'HH:MM' of an instant in a zone. */
export function localHourMinute(zone: string, at: Date): string {
  return localMinute(zone, at).slice(11, 16);
}

/**
 * The checks of a quote that need no prices: return after pick-up (at most 90 days), the store's notice and days
 * ahead, both times inside its opening hours. Field errors (400) at `pickUpAt` / `returnAt`.
 */
export function checkTimes(
  store: { opens_at: string; closes_at: string; min_notice_hours: number; max_days_ahead: number },
  zone: string,
  pickUpAt: Date,
  returnAt: Date,
  now: Date,
): void {
  if (returnAt.getTime() <= pickUpAt.getTime()) throw invalidField('returnAt', 'shortTerm.returnBeforePickUp');
  if (returnAt.getTime() - pickUpAt.getTime() > MAX_STAY_DAYS * DAY)
    throw invalidField('returnAt', 'shortTerm.tooLong', { days: MAX_STAY_DAYS });
  if (pickUpAt.getTime() < now.getTime() + store.min_notice_hours * HOUR)
    throw invalidField('pickUpAt', 'shortTerm.noticeTooShort', { hours: store.min_notice_hours });
  if (pickUpAt.getTime() > now.getTime() + store.max_days_ahead * DAY)
    throw invalidField('pickUpAt', 'shortTerm.tooFarAhead', { days: store.max_days_ahead });
  const hours = { opens: store.opens_at, closes: store.closes_at };
  const inside = (at: Date) => {
    const hm = localHourMinute(zone, at);
    return hm >= store.opens_at && hm <= store.closes_at;
  };
  if (!inside(pickUpAt)) throw invalidField('pickUpAt', 'shortTerm.outsideHours', hours);
  if (!inside(returnAt)) throw invalidField('returnAt', 'shortTerm.outsideHours', hours);
}

/** Everything a quote is computed from, loaded for the caller's store (404 outside his rents). */
export async function quoteInputs(db: DbOrTx, ctx: repo.Scope, input: QuoteRequest, now: Date) {
  const store = await repo.findStore(db, ctx, input.storeId);
  if (!store) throw new NotFoundError('shortTerm.storeNotFound');
  if (!store.enabled) throw invalidField('storeId', 'shortTerm.storeDisabled');
  const zone = await tenantZone(db, ctx.tenantId);
  const pickUpAt = new Date(input.pickUpAt);
  const returnAt = new Date(input.returnAt);
  checkTimes(store, zone, pickUpAt, returnAt, now);
  const price = await priceOf(db, ctx.tenantId, input.storeId, input.carTypeId);
  if (!price) throw invalidField('carTypeId', 'shortTerm.noPrice');
  // `days` of the stay's calendar: the first day's date to the return's (a stay's last 24 h block starts before it).
  const from = localDate(zone, pickUpAt);
  const to = localDate(zone, returnAt);
  const [special, holidays, rules] = await Promise.all([
    specialDays(db, ctx.tenantId, input.storeId, input.carTypeId, from, to),
    holidaysBetween(db, ctx.tenantId, from, to),
    tenantRules(db, ctx.tenantId),
  ]);
  let protection: { id: number; dayFen: number } | null = null;
  if (input.protectionId) {
    const [p] = await rowsOf<{ id: RawNumber; day_fen: RawNumber }>(
      db,
      sql`select id, day_fen from st_protections where tenant_id = ${ctx.tenantId} and id = ${input.protectionId}
        and enabled and deleted_at is null`,
    );
    if (!p) throw invalidField('protectionId', 'shortTerm.protectionNotFound');
    protection = { id: rawNumber(p.id), dayFen: rawNumber(p.day_fen) };
  }
  const wanted = input.extras;
  const extras: { extraId: number; name: string; count: number; dayFen: number; maxFen: number | null }[] = [];
  if (wanted.length) {
    const rows = await rowsOf<{ id: RawNumber; name: string; day_fen: RawNumber; max_fen: RawNumber | null }>(
      db,
      sql`select id, name, day_fen, max_fen from st_extras where tenant_id = ${ctx.tenantId}
        and id = any(${idArray(wanted.map((e) => e.extraId))}) and enabled and deleted_at is null`,
    );
    const byId = new Map(rows.map((r) => [rawNumber(r.id), r]));
    for (const [i, e] of wanted.entries()) {
      const r = byId.get(e.extraId);
      if (!r) throw invalidField(`extras.${i}.extraId`, 'shortTerm.extraNotFound');
      extras.push({
        extraId: e.extraId,
        name: r.name,
        count: e.count,
        dayFen: rawNumber(r.day_fen),
        maxFen: rawNumberOrNull(r.max_fen),
      });
    }
  }
  // Delivery to the renter and collection from him each cost the store's delivery fee.
  const collect = Boolean(input.collectionAddress);
  if ((input.delivery || collect) && store.delivery_radius_km <= 0)
    throw invalidField(input.delivery ? 'delivery' : 'collectionAddress', 'shortTerm.noDelivery');
  const deliveryFen = ((input.delivery ? 1 : 0) + (collect ? 1 : 0)) * rawNumber(store.delivery_fee_fen);
  return { store, zone, pickUpAt, returnAt, price, special, holidays, rules, protection, extras, deliveryFen };
}
