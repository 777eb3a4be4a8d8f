import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { idCardFacts } from '@fleetdesk/contracts/identifiers';
import type {
  BookingCharges,
  BookingCreateAnswer,
  BookingEventKind,
  BookingInput,
  Quote,
  QuoteAnswer,
} from '@fleetdesk/contracts/short-term';
import { cancellationFee, quoteStay, type StayQuote } from '@fleetdesk/contracts/short-term-pricing';
import type { RequestContext } from '../../core/access.js';
import type { StoredCharges } from '../../db/schema/short-term.js';
import { pgErrorOf, rawNumber, rowsOf, type DbOrTx, type RawNumber, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import type { KeyedText } from '../../core/i18n.js';
import { localDate } from '../../core/tenant-time.js';
import { createDriverIn, driverTwin } from '../drivers/drivers.service.js';
import { tenantRules } from '../settings/settings.service.js';
import * as repo from './short-term.repository.js';
import { quoteInputs, type QuoteRequest } from './quote.service.js';
import './short-term.messages.js';

/** SQLSTATE of a row refused by an exclusion constraint (st_bookings_no_overlap). */
const EXCLUSION_VIOLATION = '23P01';

export type BookingState = 'unpaid' | 'toPickUp' | 'inUse' | 'returned' | 'completed' | 'cancelled';

// ------------------------------------------------------------------------------------------------- quote

export async function computeQuote(db: DbOrTx, ctx: repo.Scope, input: QuoteRequest, now: Date) {
  const q = await quoteInputs(db, ctx, input, now);
  const quote = quoteStay({
    pickUpAt: q.pickUpAt,
    returnAt: q.returnAt,
    zone: q.zone,
    graceMinutes: q.rules.shortTerm.graceMinutes,
    price: q.price,
    specialDays: q.special,
    holidays: q.holidays,
    protectionDayFen: q.protection?.dayFen ?? null,
    extras: q.extras.map((e) => ({ dayFen: e.dayFen, maxFen: e.maxFen, count: e.count })),
    deliveryFen: q.deliveryFen,
  });
  return { ...q, quote };
}

/** `shortBooking/quote`: the checks, the quote and how many cars of the type are free for the period. */
export async function quote(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ctx: RequestContext,
  input: QuoteRequest,
): Promise<QuoteAnswer> {
  const now = deps.clock.now();
  const q = await computeQuote(deps.db, ctx, input, now);
  const free = await repo.freeCars(deps.db, ctx.tenantId, input.storeId, input.carTypeId, q.pickUpAt, q.returnAt, now);
  return { quote: quoteOut(q.quote), available: free.length };
}

/** The `quoteStay` answer (fen) in yuan, as the contracts' `Quote`. */
export function quoteOut(q: StayQuote): Quote {
  return {
    days: q.days.map((d) => ({ date: d.date, price: fenToYuan(d.priceFen), kind: d.kind })),
    rent: fenToYuan(q.rentFen),
    discountPct: q.discountPct,
    discount: fenToYuan(q.discountFen),
    protection: fenToYuan(q.protectionFen),
    extras: fenToYuan(q.extrasFen),
    delivery: fenToYuan(q.deliveryFen),
    deposit: { damage: fenToYuan(q.depositFen.damage), violation: fenToYuan(q.depositFen.violation) },
    mileageLimitKm: q.mileageLimitKm,
    total: fenToYuan(q.totalFen),
    payNow: fenToYuan(q.payNowFen),
  };
}

// ------------------------------------------------------------------------------------------------ events

/** The one writer of a booking's history (`st_booking_events`). */
export async function bookingEvent(
  tx: DbOrTx,
  tenantId: number,
  bookingId: number,
  kind: BookingEventKind,
  at: Date,
  userId: number | null,
  text: KeyedText,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.execute(
    sql`insert into st_booking_events (tenant_id, booking_id, kind, at, user_id, data)
      values (${tenantId}, ${bookingId}, ${kind}, ${at.toISOString()}, ${userId},
        ${JSON.stringify({ ...data, text })}::jsonb)`,
  );
}

export const yuan = (fen: number) => fenToYuan(fen).toFixed(2);

// ----------------------------------------------------------------------------------------------- create

export type CreateBookingRequest = z.output<typeof BookingInput>;

async function renterOf(
  tx: Tx,
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateBookingRequest,
  rentId: number,
  now: Date,
) {
  if (input.driverId) {
    const [d] = await rowsOf<{ id: RawNumber; name: string; state: string }>(
      tx,
      sql`select id, name, state from drivers where tenant_id = ${ctx.tenantId} and id = ${input.driverId}
        and deleted_at is null and rent_id = any(${sql`${`{${ctx.rentIds.join(',')}}`}::int8[]`})`,
    );
    if (!d) throw invalidField('driverId', 'shortTerm.renterNotFound');
    if (d.state === 'blacklisted') throw new ConflictError('shortTerm.renterBlacklisted', { name: d.name });
    return rawNumber(d.id);
  }
  if (!input.renter) throw invalidField('driverId', 'shortTerm.renterRequired');
  const twin = await driverTwin(tx, ctx.tenantId, input.renter.phone, input.renter.idNumber);
  if (twin)
    throw new ConflictError('shortTerm.renterExists', { name: twin.name }, 'shortTerm.renterExists', {
      driverId: twin.id,
      driverName: twin.name,
    });
  const facts = idCardFacts(input.renter.idNumber, now);
  if (!facts) throw invalidField('renter.idNumber', 'v.idCard');
  return createDriverIn(
    tx,
    deps,
    ctx,
    {
      name: input.renter.name,
      gender: facts.gender,
      phone: input.renter.phone,
      idNumber: input.renter.idNumber,
      labelIds: [],
      rentId,
    },
    now,
  );
}

/** `S` + the tenant's day + 4 digits, the next free one of that day (under the tenant's booking-code lock). */
async function nextCode(tx: Tx, tenantId: number, zone: string, now: Date): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('st_booking_code'), ${tenantId}::int)`);
  const prefix = `S${localDate(zone, now).replace(/-/g, '')}`;
  const [row] = await rowsOf<{ code: string | null }>(
    tx,
    sql`select max(code) as code from st_bookings where tenant_id = ${tenantId} and code like ${`${prefix}%`}`,
  );
  const n = row?.code ? Number(row.code.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/**
 * `shortBooking/create`: the quote again, a free car of the type (or the one named), the renter (a driver, or a new
 * one through the drivers' create path), inserted `unpaid`. The exclusion constraint decides a race: a refused
 * insert tries the next free car once, then answers 409 `shortTerm.carTaken`.
 */
export async function createBooking(
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateBookingRequest,
): Promise<BookingCreateAnswer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const q = await computeQuote(tx, ctx, input, now);
    const rentId = rawNumber(q.store.rent_id);
    let returnStoreId = rawNumber(q.store.id);
    if (input.returnStoreId && input.returnStoreId !== returnStoreId) {
      const other = await repo.findStore(tx, ctx, input.returnStoreId);
      if (!other || !other.enabled) throw invalidField('returnStoreId', 'shortTerm.storeNotFound');
      returnStoreId = rawNumber(other.id);
    }
    const free = await repo.freeCars(tx, ctx.tenantId, input.storeId, input.carTypeId, q.pickUpAt, q.returnAt, now);
    let candidates = free;
    if (input.carId) {
      const [inStore] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`select c.id from st_store_cars sc join cars c on c.tenant_id = sc.tenant_id and c.id = sc.car_id
          where sc.tenant_id = ${ctx.tenantId} and sc.store_id = ${input.storeId} and c.id = ${input.carId}
            and c.car_type_id = ${input.carTypeId} and c.deleted_at is null`,
      );
      if (!inStore) throw invalidField('carId', 'shortTerm.carNotInStore');
      candidates = free.filter((c) => c.id === input.carId);
      if (!candidates.length) throw new ConflictError('shortTerm.carTaken', undefined, 'shortTerm.carTaken');
    }
    if (!candidates.length) throw new ConflictError('shortTerm.noCarFree', undefined, 'shortTerm.noCarFree');
    const driverId = await renterOf(tx, deps, ctx, input, rentId, now);
    const code = await nextCode(tx, ctx.tenantId, q.zone, now);
    const quote: StayQuote = q.quote;
    for (const [attempt, car] of candidates.slice(0, 2).entries()) {
      try {
        // A savepoint: a refusal by the exclusion constraint leaves the transaction usable for the next car.
        const id = await tx.transaction(async (sp) => {
          const [row] = await rowsOf<{ id: RawNumber }>(
            sp,
            sql`insert into st_bookings (tenant_id, code, rent_id, store_id, return_store_id, car_type_id, car_id,
                driver_id, state, pick_up_at, return_at, delivery_address, collection_address, protection_id, extras,
                quote, days, rent_fen, total_fen, damage_deposit_fen, violation_deposit_fen, remark, created_by,
                created_at, updated_at)
              values (${ctx.tenantId}, ${code}, ${rentId}, ${input.storeId}, ${returnStoreId}, ${input.carTypeId},
                ${car.id}, ${driverId}, 'unpaid', ${q.pickUpAt.toISOString()}, ${q.returnAt.toISOString()},
                ${input.delivery ? input.deliveryAddress || null : null}, ${input.collectionAddress || null},
                ${q.protection?.id ?? null},
                ${JSON.stringify(input.extras.map((e) => ({ extraId: e.extraId, count: e.count })))}::jsonb,
                ${JSON.stringify(quote)}::jsonb, ${quote.days.length}, ${quote.rentFen}, ${quote.totalFen},
                ${quote.depositFen.damage}, ${quote.depositFen.violation}, ${input.remark || null}, ${ctx.userId},
                ${now.toISOString()}, ${now.toISOString()})
              returning id`,
          );
          return rawNumber(row!.id);
        });
        await bookingEvent(tx, ctx.tenantId, id, 'created', now, ctx.userId, {
          key: 'shortTerm.event.created',
          params: { plate: car.plate },
        });
        return { id, code, quote: quoteOut(quote) };
      } catch (err) {
        if (pgErrorOf(err).code !== EXCLUSION_VIOLATION) throw err;
        if (attempt === 1 || candidates.length === 1) break;
      }
    }
    throw new ConflictError('shortTerm.carTaken', undefined, 'shortTerm.carTaken');
  });
}

// ------------------------------------------------------------------------------------------ one booking

/** The booking in the caller's rents, locked (404 otherwise). */
export async function lockBooking(tx: DbOrTx, ctx: repo.Scope, id: number): Promise<repo.RawBooking> {
  const b = await repo.findBooking(tx, ctx, id, true);
  if (!b) throw new NotFoundError('shortTerm.bookingNotFound');
  return b;
}

export function badState(state: string): ConflictError {
  return new ConflictError('shortTerm.badState', { state }, 'shortTerm.badState');
}

export const quoteOf = (b: repo.RawBooking): StayQuote => repo.rawJson(b.quote as never, null as never) as StayQuote;

// -------------------------------------------------------------------------------------------- cancel

/** Whether the stay touches a holiday of the tenant (stricter cancellation terms). */
async function touchesHoliday(db: DbOrTx, tenantId: number, q: StayQuote): Promise<boolean> {
  if (q.days.some((d) => d.kind === 'holiday')) return true;
  const [row] = await rowsOf<{ n: RawNumber }>(
    db,
    sql`select count(*) as n from st_holidays where tenant_id = ${tenantId}
      and day = any(${`{${q.days.map((d) => d.date).join(',')}}`}::date[])`,
  );
  return rawNumber(row?.n ?? 0) > 0;
}

/** What cancelling now costs: nothing while unpaid; a paid booking by `cancellationFee` at the clock's now. */
export async function cancelTerms(db: DbOrTx, tenantId: number, b: repo.RawBooking, now: Date) {
  if (b.state === 'unpaid') return { feeFen: 0, refundFen: 0, holiday: false, paidFen: 0 };
  if (b.state !== 'toPickUp') throw badState(b.state);
  const q = quoteOf(b);
  const rules = (await tenantRules(db, tenantId)).shortTerm;
  const holiday = await touchesHoliday(db, tenantId, q);
  const feeFen = cancellationFee({
    pickUpAt: new Date(b.pick_up_at),
    cancelAt: now,
    rentFen: rawNumber(b.rent_fen),
    firstDayFen: q.days[0]?.priceFen ?? 0,
    holiday,
    rules,
  });
  return { feeFen, refundFen: q.payNowFen - feeFen, holiday, paidFen: q.payNowFen };
}

export async function markCancelled(
  tx: DbOrTx,
  tenantId: number,
  id: number,
  from: BookingState,
  feeFen: number,
  reason: string,
  now: Date,
  userId: number | null,
  text: KeyedText,
): Promise<boolean> {
  const rows = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`update st_bookings set state = 'cancelled', cancelled_at = ${now.toISOString()}, cancel_reason = ${reason},
        cancel_fee_fen = ${feeFen}, version = version + 1, updated_at = ${now.toISOString()}
      where tenant_id = ${tenantId} and id = ${id} and state = ${from} returning id`,
  );
  if (!rows.length) return false;
  await bookingEvent(tx, tenantId, id, 'cancelled', now, userId, text, { feeFen, expired: userId === null });
  return true;
}

/** The job's part: unpaid bookings older than `unpaidMinutes` are cancelled (their orders expire on their own). */
export async function expireUnpaid(tx: DbOrTx, tenantId: number, unpaidMinutes: number, now: Date): Promise<number> {
  const due = await rowsOf<{ id: RawNumber }>(
    tx,
    sql`select id from st_bookings where tenant_id = ${tenantId} and state = 'unpaid'
      and created_at <= ${new Date(now.getTime() - unpaidMinutes * 60_000).toISOString()} for update skip locked`,
  );
  let n = 0;
  for (const r of due) {
    const ok = await markCancelled(tx, tenantId, rawNumber(r.id), 'unpaid', 0, 'unpaid', now, null, {
      key: 'shortTerm.event.expired',
      params: { minutes: unpaidMinutes },
    });
    if (ok) n++;
  }
  return n;
}

// ------------------------------------------------------------------------------------------------ charges

export type Charges = StoredCharges;

/** The charges in yuan (the contracts' `BookingCharges`). */
export function chargesOut(c: Charges): BookingCharges {
  return {
    late: fenToYuan(c.lateFen),
    earlyRefund: fenToYuan(c.earlyRefundFen),
    fuel: fenToYuan(c.fuelFen),
    overKm: fenToYuan(c.overKmFen),
    damage: fenToYuan(c.damageFen),
    other: fenToYuan(c.otherFen),
  };
}

/** What the return costs before the early-return refund. */
export const chargedFen = (c: Charges) => c.lateFen + c.fuelFen + c.overKmFen + c.damageFen + c.otherFen;

/** The settlement of a returned booking: the charges less the early refund, against the damage deposit. */
export function settlementOf(b: Pick<repo.RawBooking, 'charges' | 'damage_deposit_fen'>, otherFen = 0) {
  const stored = repo.rawJson(b.charges, null) as Charges | null;
  const charges = stored ? { ...stored, otherFen: (stored.otherFen ?? 0) + otherFen } : null;
  const net = charges ? chargedFen(charges) - charges.earlyRefundFen : 0;
  const deposit = rawNumber(b.damage_deposit_fen);
  return {
    charges,
    netFen: net,
    refundFen: Math.max(0, deposit - net),
    balanceFen: Math.max(0, net - deposit),
  };
}
