import { weekday } from './dates.js';
import type { ShortTermRules } from './organisation.js';

/**
 * The prices of a short-term rental (短租, issue 33): pure functions of fen, instants and the tenant's rules, shared
 * by the server (quotes, bookings, returns, settlements) and the web (the quote shown while typing). No clock: the
 * caller passes every instant. Day boundaries are calendar days in the tenant's time zone.
 */

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

type When = Date | string | number;
function ms(at: When): number {
  return at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of an instant in a time zone, `YYYY-MM-DD`. */
export function localDay(at: When, zone: string): string {
  let f = dayFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, f);
  }
  return f.format(new Date(ms(at)));
}

/** Whole minutes from `from` to `to`, a started minute counting as one (0 when `to` is not after `from`). */
export function minutesBetween(from: When, to: When): number {
  return Math.max(0, Math.ceil((ms(to) - ms(from)) / MINUTE));
}

/**
 * Rental days of a stay: one per started 24 hours, at least 1. Minutes beyond the whole days that stay within
 * `graceMinutes` (rule `shortTerm.graceMinutes`, default 60) do not start a new day: 24 h 59 min is one day with
 * the default grace, 25 h 01 min two.
 */
export function stayDays(pickUpAt: When, returnAt: When, graceMinutes = 60): number {
  const minutes = minutesBetween(pickUpAt, returnAt);
  const whole = Math.floor(minutes / DAY_MINUTES);
  const rest = minutes % DAY_MINUTES;
  return Math.max(1, whole + (rest > graceMinutes ? 1 : 0));
}

/** The unused whole days of an early return: whole 24 h blocks between the return and the planned return. */
export function unusedWholeDays(returnedAt: When, plannedAt: When): number {
  return Math.max(0, Math.floor((ms(plannedAt) - ms(returnedAt)) / (DAY_MINUTES * MINUTE)));
}

export const STAY_DAY_KINDS = ['weekday', 'weekend', 'holiday', 'special'] as const;
export type StayDayKind = (typeof STAY_DAY_KINDS)[number];

/** The price of a store and car type (`st_prices`), in fen; discounts in basis points (100 = 1 %). */
export interface StayPrice {
  weekdayFen: number;
  weekendFen: number;
  discount7Bp: number;
  discount15Bp: number;
  discount30Bp: number;
  /** Per rental day; null: unlimited. */
  mileageLimitKm: number | null;
  damageDepositFen: number;
  violationDepositFen: number;
}
export interface StayExtra {
  dayFen: number;
  /** The most one unit of this extra costs for the whole stay; null: no cap. */
  maxFen: number | null;
  count: number;
}
export interface QuoteStayInput {
  pickUpAt: When;
  returnAt: When;
  /** The tenant's time zone (calendar days, weekends, holidays). */
  zone: string;
  graceMinutes: number;
  price: StayPrice;
  /** Date-specific prices of this store and car type (`st_price_days`): `YYYY-MM-DD` -> fen. */
  specialDays?: Readonly<Record<string, number>> | ReadonlyMap<string, number>;
  /** The tenant's holidays (`st_holidays`), `YYYY-MM-DD`. */
  holidays?: Iterable<string>;
  /** The protection tier's price per day (null: none chosen). */
  protectionDayFen?: number | null;
  extras?: readonly StayExtra[];
  /** Delivery / collection fee (0: at the store). */
  deliveryFen?: number;
}
export interface StayDay {
  date: string;
  priceFen: number;
  kind: StayDayKind;
}
export interface StayQuote {
  days: StayDay[];
  rentFen: number;
  /** Percent, two decimals (basis points / 100). */
  discountPct: number;
  discountFen: number;
  protectionFen: number;
  extrasFen: number;
  deliveryFen: number;
  depositFen: { damage: number; violation: number };
  /** The stay's limit: per-day limit × days (null: unlimited). */
  mileageLimitKm: number | null;
  /** rent − discount + protection + extras + delivery. */
  totalFen: number;
  /** total + both deposits: what the renter pays at booking. */
  payNowFen: number;
}

/** The discount (basis points) of a stay of `days` days: the highest of the thresholds (7, 15, 30 days) it reaches. */
export function stayDiscountBp(
  days: number,
  price: Pick<StayPrice, 'discount7Bp' | 'discount15Bp' | 'discount30Bp'>,
): number {
  let bp = 0;
  if (days >= 7) bp = Math.max(bp, price.discount7Bp);
  if (days >= 15) bp = Math.max(bp, price.discount15Bp);
  if (days >= 30) bp = Math.max(bp, price.discount30Bp);
  return bp;
}

/** The price and kind of one calendar day: special (date price), holiday, weekend (Sat/Sun), else weekday. */
export function stayDayPrice(
  date: string,
  price: Pick<StayPrice, 'weekdayFen' | 'weekendFen'>,
  specialDays: QuoteStayInput['specialDays'],
  holidays: ReadonlySet<string>,
): StayDay {
  const special =
    specialDays instanceof Map ? specialDays.get(date) : (specialDays as Record<string, number> | undefined)?.[date];
  if (special !== undefined) return { date, priceFen: special, kind: 'special' };
  if (holidays.has(date)) return { date, priceFen: price.weekendFen, kind: 'holiday' };
  if (weekday(date) >= 6) return { date, priceFen: price.weekendFen, kind: 'weekend' };
  return { date, priceFen: price.weekdayFen, kind: 'weekday' };
}

/**
 * The quote of a stay. Each rental day (`stayDays`) is priced by the calendar day (tenant zone) on which its 24 h
 * block starts; the long-rental discount applies to the rent; protection and extras are per rental day.
 */
export function quoteStay(input: QuoteStayInput): StayQuote {
  const n = stayDays(input.pickUpAt, input.returnAt, input.graceMinutes);
  const start = ms(input.pickUpAt);
  const holidays = new Set(input.holidays ?? []);
  const days: StayDay[] = [];
  for (let i = 0; i < n; i++) {
    days.push(
      stayDayPrice(localDay(start + i * DAY_MINUTES * MINUTE, input.zone), input.price, input.specialDays, holidays),
    );
  }
  const rentFen = days.reduce((s, d) => s + d.priceFen, 0);
  const bp = stayDiscountBp(n, input.price);
  const discountFen = Math.round((rentFen * bp) / 10_000);
  const protectionFen = (input.protectionDayFen ?? 0) * n;
  const extrasFen = (input.extras ?? []).reduce((s, e) => {
    const one = e.dayFen * n;
    return s + (e.maxFen === null ? one : Math.min(one, e.maxFen)) * e.count;
  }, 0);
  const deliveryFen = input.deliveryFen ?? 0;
  const totalFen = rentFen - discountFen + protectionFen + extrasFen + deliveryFen;
  const depositFen = { damage: input.price.damageDepositFen, violation: input.price.violationDepositFen };
  return {
    days,
    rentFen,
    discountPct: bp / 100,
    discountFen,
    protectionFen,
    extrasFen,
    deliveryFen,
    depositFen,
    mileageLimitKm: input.price.mileageLimitKm === null ? null : input.price.mileageLimitKm * n,
    totalFen,
    payNowFen: totalFen + depositFen.damage + depositFen.violation,
  };
}

export interface CancellationInput {
  pickUpAt: When;
  cancelAt: When;
  rentFen: number;
  firstDayFen: number;
  /** The stay touches a tenant holiday (stricter terms). */
  holiday: boolean;
  rules: Pick<ShortTermRules, 'freeCancelHours' | 'holidayFreeCancelHours' | 'cancelFeeDays' | 'holidayCancelFeeDays'>;
}
/**
 * The fee of cancelling a paid booking: nothing while the cancellation comes at least `freeCancelHours` (holiday:
 * `holidayFreeCancelHours`) before pick-up; else `cancelFeeDays` (holiday `holidayCancelFeeDays`) × the first day's
 * price, never more than the rent.
 */
export function cancellationFee(input: CancellationInput): number {
  const { rules } = input;
  const freeHours = input.holiday ? rules.holidayFreeCancelHours : rules.freeCancelHours;
  if (ms(input.pickUpAt) - ms(input.cancelAt) >= freeHours * 60 * MINUTE) return 0;
  const days = input.holiday ? rules.holidayCancelFeeDays : rules.cancelFeeDays;
  return Math.max(0, Math.min(days * input.firstDayFen, input.rentFen));
}

export interface LateReturnInput {
  plannedAt: When;
  returnedAt: When;
  dayFen: number;
  rules: Pick<ShortTermRules, 'graceMinutes' | 'lateHourPct'>;
}
/**
 * The fee of a late return: nothing within `graceMinutes`; else each whole day late costs `dayFen`, and the started
 * hours of the rest cost `ceil(dayFen × lateHourPct / 100)` each, at most `dayFen` for the rest.
 */
export function lateReturnFee(input: LateReturnInput): number {
  const late = minutesBetween(input.plannedAt, input.returnedAt);
  if (late <= input.rules.graceMinutes) return 0;
  const wholeDays = Math.floor(late / DAY_MINUTES);
  const hours = Math.ceil((late % DAY_MINUTES) / 60);
  const hourFen = Math.ceil((input.dayFen * input.rules.lateHourPct) / 100);
  return wholeDays * input.dayFen + Math.min(hours * hourFen, input.dayFen);
}

export interface EarlyReturnInput {
  unusedDays: number;
  /** The day prices of the stay in order (the quote's days); the last `unusedDays` are the unused ones. */
  dayFens: readonly number[];
  rules: Pick<ShortTermRules, 'earlyReturnRefundPct'>;
}
/** What an early return gives back: `earlyReturnRefundPct` % of the unused whole days' prices (rounded down). */
export function earlyReturnRefund(input: EarlyReturnInput): number {
  const n = Math.min(Math.max(0, Math.floor(input.unusedDays)), input.dayFens.length);
  if (n === 0) return 0;
  const unused = input.dayFens.slice(input.dayFens.length - n).reduce((s, d) => s + d, 0);
  return Math.floor((unused * input.rules.earlyReturnRefundPct) / 100);
}

/** The fuel (or charge) difference: `(levelOut − levelIn)` percent × `fuelFenPerPct` when positive. */
export function fuelFee(levelOut: number, levelIn: number, rules: Pick<ShortTermRules, 'fuelPerPct'>): number {
  const pct = levelOut - levelIn;
  return pct > 0 ? Math.round(pct * Math.round(rules.fuelPerPct * 100)) : 0;
}

/** Kilometres beyond the stay's limit (`limitPerDay × days`) × `overKmFen`; no limit (null): nothing. */
export function overMileageFee(km: number, limitPerDay: number | null, days: number, overKmFen: number): number {
  if (limitPerDay === null) return 0;
  const over = km - limitPerDay * days;
  return over > 0 ? Math.round(over * overKmFen) : 0;
}
