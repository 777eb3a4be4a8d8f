import { z } from 'zod';
import { Id, Instant, LocalDate, MobilePhone, PageQuery, Version, paged, yuan, type LocalText } from './common.js';
import { IdCardNumber } from './drivers.js';
import { DispatchInput, ReturnInput } from './handover.js';
import { STAY_DAY_KINDS } from './short-term-pricing.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Short-term rental (短租, issue 33): stores (门店) with their cars, prices per store and car type (weekday, weekend,
 * date prices, long-rental discounts), the tenant's holidays, protection tiers and extras, bookings from quote to
 * settlement, and the store board. Money is yuan on the wire (fen in the database). Pure prices: `./short-term-pricing`.
 */
const base = '/api/ccwadmin';

export const ShortTermPaths = {
  // stores
  storeList: `${base}/shortStore/list`,
  storeGet: `${base}/shortStore/get/:id`,
  storeCreate: `${base}/shortStore/create`,
  /** PUT with id and version. */
  storeUpdate: `${base}/shortStore/update`,
  storeDelete: `${base}/shortStore/delete/:id`,
  /** The stores the caller may see (selects). */
  storeOptions: `${base}/shortStore/options`,
  /** GET ?storeId: the store's cars. */
  storeCars: `${base}/shortStore/cars`,
  /** POST: put cars into a store (moving them from another store). */
  storeCarsAdd: `${base}/shortStore/cars/add`,
  /** POST: take a car out of its store. */
  storeCarRemove: `${base}/shortStore/cars/remove`,
  // prices
  priceList: `${base}/shortPrice/list`,
  priceGet: `${base}/shortPrice/get/:id`,
  priceCreate: `${base}/shortPrice/create`,
  /** PUT with id and version. */
  priceUpdate: `${base}/shortPrice/update`,
  priceDelete: `${base}/shortPrice/delete/:id`,
  /** GET ?storeId&carTypeId&from&to: the date prices in a range. */
  priceDays: `${base}/shortPrice/days`,
  /** POST: set (price) or clear (null) the date price of a range of days. */
  priceDaysSet: `${base}/shortPrice/days/set`,
  // bookings
  bookingQuote: `${base}/shortBooking/quote`,
  bookingCreate: `${base}/shortBooking/create`,
  bookingList: `${base}/shortBooking/list`,
  bookingGet: `${base}/shortBooking/get/:id`,
  /** Same filters as the list, without paging. */
  bookingExport: `${base}/shortBooking/export`,
  bookingEvents: `${base}/shortBooking/events/:id`,
  bookingPay: `${base}/shortBooking/pay/:id`,
  bookingCancel: `${base}/shortBooking/cancel/:id`,
  bookingPickUp: `${base}/shortBooking/pickUp/:id`,
  bookingReturn: `${base}/shortBooking/return/:id`,
  bookingSettle: `${base}/shortBooking/settle/:id`,
  // board
  boardDay: `${base}/shortBoard/day`,
  boardCalendar: `${base}/shortBoard/calendar`,
  // settings (sevenSetting screen): holidays, protections, extras
  holidayList: `${base}/shortSetting/holiday/list`,
  holidaySave: `${base}/shortSetting/holiday/save`,
  holidayDelete: `${base}/shortSetting/holiday/delete/:id`,
  protectionList: `${base}/shortSetting/protection/list`,
  protectionCreate: `${base}/shortSetting/protection/create`,
  /** PUT with id and version. */
  protectionUpdate: `${base}/shortSetting/protection/update`,
  protectionDelete: `${base}/shortSetting/protection/delete/:id`,
  extraList: `${base}/shortSetting/extra/list`,
  extraCreate: `${base}/shortSetting/extra/create`,
  /** PUT with id and version. */
  extraUpdate: `${base}/shortSetting/extra/update`,
  extraDelete: `${base}/shortSetting/extra/delete/:id`,
} as const;

/** The web page of one booking (message-centre links). */
export const bookingLink = (id: number): string => `/sevenShort/booking/${id}`;
/** The longest stay, days (return at most this many days after pick-up). */
export const STAY_DAYS_MAX = 90;
/** The most days a calendar shows. */
export const CALENDAR_DAYS_MAX = 31;
/** The most days one date-price call sets. */
export const PRICE_DAYS_MAX = 366;

export const SHORT_TERM_VALIDATION_MESSAGES = {
  'v.stHours': { 'zh-CN': '营业结束时间须晚于开始时间', 'en-US': 'The store must close after it opens' },
  'v.stReturnAfter': { 'zh-CN': '还车时间须晚于取车时间', 'en-US': 'The return must come after the pick-up' },
  'v.stStayMax': {
    'zh-CN': `租期最长 ${STAY_DAYS_MAX} 天`,
    'en-US': `A stay lasts at most ${STAY_DAYS_MAX} days`,
  },
  'v.stDayRange': {
    'zh-CN': `日期止不能早于日期起，且最多 ${PRICE_DAYS_MAX} 天`,
    'en-US': `The last day is on or after the first, at most ${PRICE_DAYS_MAX} days`,
  },
  'v.stRenter': {
    'zh-CN': '请选择租客，或填写新租客的姓名、手机号和身份证号',
    'en-US': "Choose a renter, or give a new renter's name, phone and ID number",
  },
  'v.stDiscount': { 'zh-CN': '折扣为 0 至 90%', 'en-US': 'A discount is 0 to 90 %' },
  'v.stExtraIds': { 'zh-CN': '附加服务不能重复', 'en-US': 'An extra appears once' },
  'v.stCarIds': { 'zh-CN': '请选择 1 至 200 辆车', 'en-US': 'Choose 1 to 200 cars' },
  'v.stDeliveryAddress': {
    'zh-CN': '送车上门请填写地址',
    'en-US': 'Delivery needs the address',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(SHORT_TERM_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'v.timeOfDay' });
const Money = yuan(1_000_000);
/** Percent 0-90 with at most two decimals (stored as basis points). */
const DiscountPct = z
  .number()
  .min(0, { message: 'v.stDiscount' })
  .max(90, { message: 'v.stDiscount' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { message: 'v.twoDecimals' });
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

// ---------------------------------------------------------------- enums

export const BOOKING_STATES = ['unpaid', 'toPickUp', 'inUse', 'returned', 'completed', 'cancelled'] as const;
export const BookingState = z.enum(BOOKING_STATES);
export type BookingState = z.infer<typeof BookingState>;
export const BOOKING_STATE_TITLES: Record<BookingState, LocalText> = {
  unpaid: t('待支付', 'Unpaid'),
  toPickUp: t('待取车', 'To pick up'),
  inUse: t('用车中', 'In use'),
  returned: t('已还车', 'Returned'),
  completed: t('已完成', 'Completed'),
  cancelled: t('已取消', 'Cancelled'),
};
/** The live states: the car is held (the no-double-booking constraint covers them). */
export const BOOKING_LIVE_STATES = ['unpaid', 'toPickUp', 'inUse'] as const satisfies readonly BookingState[];
/**
 * The state changes of a booking: paid (settler) unpaid → toPickUp; pick-up → inUse; return → returned; settle →
 * completed (at once, or when the balance order is paid); cancel from unpaid (no fee) or toPickUp (fee).
 */
export const BOOKING_TRANSITIONS: Record<BookingState, readonly BookingState[]> = {
  unpaid: ['toPickUp', 'cancelled'],
  toPickUp: ['inUse', 'cancelled'],
  inUse: ['returned'],
  returned: ['completed'],
  completed: [],
  cancelled: [],
};
export function canMoveBooking(from: BookingState, to: BookingState): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

export const EXTRA_KINDS = ['childSeat', 'extraDriver', 'other'] as const;
export const ExtraKind = z.enum(EXTRA_KINDS);
export type ExtraKind = z.infer<typeof ExtraKind>;
export const EXTRA_KIND_TITLES: Record<ExtraKind, LocalText> = {
  childSeat: t('儿童座椅', 'Child seat'),
  extraDriver: t('增加驾驶人', 'Additional driver'),
  other: t('其他', 'Other'),
};

export const StayDayKind = z.enum(STAY_DAY_KINDS);
export type StayDayKind = z.infer<typeof StayDayKind>;
export const STAY_DAY_KIND_TITLES: Record<StayDayKind, LocalText> = {
  weekday: t('平日', 'Weekday'),
  weekend: t('周末', 'Weekend'),
  holiday: t('节假日', 'Holiday'),
  special: t('特殊日期', 'Special date'),
};

export const BOOKING_EVENT_KINDS = [
  'created',
  'paid',
  'cancelled',
  'pickedUp',
  'returned',
  'settled',
  'balancePaid',
  'refunded',
  'violationReleased',
  'overdue',
] as const;
export const BookingEventKind = z.enum(BOOKING_EVENT_KINDS);
export type BookingEventKind = z.infer<typeof BookingEventKind>;
export const BOOKING_EVENT_KIND_TITLES: Record<BookingEventKind, LocalText> = {
  created: t('创建订单', 'Booked'),
  paid: t('支付成功', 'Paid'),
  cancelled: t('取消订单', 'Cancelled'),
  pickedUp: t('取车', 'Picked up'),
  returned: t('还车', 'Returned'),
  settled: t('结算', 'Settled'),
  balancePaid: t('补缴费用', 'Balance paid'),
  refunded: t('退款', 'Refunded'),
  violationReleased: t('违章押金退还', 'Violation deposit released'),
  overdue: t('超时提醒', 'Overdue notice'),
};

/** Defined with the other rules in `organisation.ts` (TenantRules.shortTerm); re-exported for the area's readers. */
export { ShortTermRules, DEFAULT_SHORT_TERM_RULES } from './organisation.js';

// ---------------------------------------------------------------- stores

const StoreFields = {
  rentId: Id.describe('the branch (rent); must be in the caller’s scope'),
  name: text(40).min(1),
  address: text(200).min(1),
  lat: Latitude.describe('WGS-84'),
  lon: Longitude.describe('WGS-84'),
  phone: text(20).min(1),
  opensAt: HHMM.default('08:00'),
  closesAt: HHMM.default('20:00'),
  minNoticeHours: z.number().int().min(0).max(168).default(2).describe('a pick-up at least this many hours ahead'),
  maxDaysAhead: z.number().int().min(1).max(365).default(90).describe('a pick-up at most this many days ahead'),
  deliveryRadiusKm: z.number().int().min(0).max(200).default(0).describe('0: no delivery'),
  deliveryFee: Money.default(0),
  enabled: z.boolean().default(true),
};
function refineStore(v: { opensAt: string; closesAt: string }, ctx: z.RefinementCtx): void {
  if (v.closesAt <= v.opensAt) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'v.stHours' });
}
export const StoreInput = z.strictObject(StoreFields).superRefine(refineStore);
export type StoreInput = z.input<typeof StoreInput>;
export const StoreUpdateInput = z.strictObject({ ...StoreFields, id: Id, version: Version }).superRefine(refineStore);
export type StoreUpdateInput = z.input<typeof StoreUpdateInput>;

export const StoreRow = z.object({
  id: Id,
  rentId: Id,
  rentName: z.string().nullable(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  phone: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  minNoticeHours: z.number().int(),
  maxDaysAhead: z.number().int(),
  deliveryRadiusKm: z.number().int(),
  deliveryFee: z.number(),
  enabled: z.boolean(),
  carCount: z.number().int(),
  version: Version,
  createdAt: Instant,
  updatedAt: Instant,
});
export type StoreRow = z.infer<typeof StoreRow>;

export const StoreListQuery = PageQuery.extend({
  keyword: text(40).optional().describe('part of the name or the address'),
  rentId: Id.optional(),
  enabled: boolParam.optional(),
});
export type StoreListQuery = z.infer<typeof StoreListQuery>;
export const StoreListAnswer = paged(StoreRow);
export type StoreListAnswer = z.infer<typeof StoreListAnswer>;

export const StoreOption = z.object({ id: Id, name: z.string(), rentId: Id, enabled: z.boolean() });
export type StoreOption = z.infer<typeof StoreOption>;

export const StoreCarsQuery = PageQuery.extend({ storeId: Id, carTypeId: Id.optional(), keyword: text(20).optional() });
export type StoreCarsQuery = z.infer<typeof StoreCarsQuery>;
export const StoreCarRow = z.object({
  carId: Id,
  plate: z.string(),
  carTypeId: Id.nullable(),
  carTypeName: z.string().nullable(),
  status: z.string().describe("the car's status (vehicles)"),
  addedAt: Instant,
  liveBookingId: Id.nullable().describe('the booking holding the car now or next, if any'),
});
export type StoreCarRow = z.infer<typeof StoreCarRow>;
export const StoreCarsAnswer = paged(StoreCarRow);
export type StoreCarsAnswer = z.infer<typeof StoreCarsAnswer>;

const CarIds = z.array(Id).min(1, { message: 'v.stCarIds' }).max(200, { message: 'v.stCarIds' });
/** `shortStore/cars/add`: cars of the store's rent, not in time-share, not sold/scrapped, no live booking elsewhere. */
export const StoreCarsAddInput = z.strictObject({ storeId: Id, carIds: CarIds });
export type StoreCarsAddInput = z.infer<typeof StoreCarsAddInput>;
export const StoreCarRemoveInput = z.strictObject({ storeId: Id, carId: Id });
export type StoreCarRemoveInput = z.infer<typeof StoreCarRemoveInput>;
export const StoreCarsAnswerIds = z.object({ carIds: z.array(Id) });

// ---------------------------------------------------------------- prices

const PriceFields = {
  storeId: Id,
  carTypeId: Id,
  weekdayPrice: Money.describe('per day, Monday to Friday'),
  weekendPrice: Money.describe('per day, Saturday, Sunday and holidays'),
  discount7: DiscountPct.default(0).describe('percent off the rent from 7 days'),
  discount15: DiscountPct.default(0).describe('percent off the rent from 15 days'),
  discount30: DiscountPct.default(0).describe('percent off the rent from 30 days'),
  mileageLimitKm: z.number().int().min(1).max(5000).nullable().default(null).describe('per day; null: unlimited'),
  overKmPrice: yuan(1000).default(0).describe('per km beyond the limit'),
  damageDeposit: Money.default(0),
  violationDeposit: Money.default(0),
};
export const PriceInput = z.strictObject(PriceFields);
export type PriceInput = z.input<typeof PriceInput>;
export const PriceUpdateInput = z.strictObject({ ...PriceFields, id: Id, version: Version });
export type PriceUpdateInput = z.input<typeof PriceUpdateInput>;

export const PriceRow = z.object({
  id: Id,
  storeId: Id,
  storeName: z.string(),
  carTypeId: Id,
  carTypeName: z.string(),
  weekdayPrice: z.number(),
  weekendPrice: z.number(),
  discount7: z.number(),
  discount15: z.number(),
  discount30: z.number(),
  mileageLimitKm: z.number().int().nullable(),
  overKmPrice: z.number(),
  damageDeposit: z.number(),
  violationDeposit: z.number(),
  version: Version,
  updatedAt: Instant,
});
export type PriceRow = z.infer<typeof PriceRow>;
export const PriceListQuery = PageQuery.extend({ storeId: Id.optional(), carTypeId: Id.optional() });
export type PriceListQuery = z.infer<typeof PriceListQuery>;
export const PriceListAnswer = paged(PriceRow);
export type PriceListAnswer = z.infer<typeof PriceListAnswer>;

function refineDayRange(v: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
  if (days < 0 || days >= PRICE_DAYS_MAX) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.stDayRange' });
}
export const PriceDaysQuery = z
  .object({ storeId: Id, carTypeId: Id, from: LocalDate, to: LocalDate })
  .superRefine(refineDayRange);
export type PriceDaysQuery = z.infer<typeof PriceDaysQuery>;
export const PriceDay = z.object({ day: LocalDate, price: z.number() });
export type PriceDay = z.infer<typeof PriceDay>;
export const PriceDaysAnswer = z.object({ days: z.array(PriceDay) });
export type PriceDaysAnswer = z.infer<typeof PriceDaysAnswer>;
/** `shortPrice/days/set`: every day from..to gets `price`; null clears them (back to weekday/weekend prices). */
export const PriceDaysSetInput = z
  .strictObject({ storeId: Id, carTypeId: Id, from: LocalDate, to: LocalDate, price: Money.nullable() })
  .superRefine(refineDayRange);
export type PriceDaysSetInput = z.infer<typeof PriceDaysSetInput>;
export const PriceDaysSetAnswer = z.object({ changed: z.number().int() });

// ---------------------------------------------------------------- settings: holidays, protections, extras

export const HolidayInput = z.strictObject({ day: LocalDate, name: text(20).min(1) });
export type HolidayInput = z.infer<typeof HolidayInput>;
export const HolidayRow = z.object({ id: Id, day: LocalDate, name: z.string() });
export type HolidayRow = z.infer<typeof HolidayRow>;
export const HolidayListQuery = z.object({
  from: LocalDate.optional().describe('default: today'),
  to: LocalDate.optional().describe('default: a year after from'),
});
export type HolidayListQuery = z.infer<typeof HolidayListQuery>;
export const HolidayListAnswer = z.object({ rows: z.array(HolidayRow) });

const ProtectionFields = {
  name: text(30).min(1),
  dayPrice: Money.describe('per rental day'),
  deductible: Money.default(0).describe('what the renter still pays of a damage'),
  tyresGlass: z.boolean().default(false).describe('covers tyres and glass'),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(999).default(0),
};
export const ProtectionInput = z.strictObject(ProtectionFields);
export type ProtectionInput = z.input<typeof ProtectionInput>;
export const ProtectionUpdateInput = z.strictObject({ ...ProtectionFields, id: Id, version: Version });
export type ProtectionUpdateInput = z.input<typeof ProtectionUpdateInput>;
export const ProtectionRow = z.object({
  id: Id,
  name: z.string(),
  dayPrice: z.number(),
  deductible: z.number(),
  tyresGlass: z.boolean(),
  enabled: z.boolean(),
  sort: z.number().int(),
  version: Version,
});
export type ProtectionRow = z.infer<typeof ProtectionRow>;
export const ProtectionListAnswer = z.object({ rows: z.array(ProtectionRow) });

const ExtraFields = {
  name: text(30).min(1),
  kind: ExtraKind,
  dayPrice: Money.describe('per unit and rental day'),
  maxPrice: Money.nullable().default(null).describe('the most one unit costs for a whole stay; null: no cap'),
  enabled: z.boolean().default(true),
};
export const ExtraInput = z.strictObject(ExtraFields);
export type ExtraInput = z.input<typeof ExtraInput>;
export const ExtraUpdateInput = z.strictObject({ ...ExtraFields, id: Id, version: Version });
export type ExtraUpdateInput = z.input<typeof ExtraUpdateInput>;
export const ExtraRow = z.object({
  id: Id,
  name: z.string(),
  kind: ExtraKind,
  dayPrice: z.number(),
  maxPrice: z.number().nullable(),
  enabled: z.boolean(),
  version: Version,
});
export type ExtraRow = z.infer<typeof ExtraRow>;
export const ExtraListAnswer = z.object({ rows: z.array(ExtraRow) });

// ---------------------------------------------------------------- quote and booking

export const ExtraChoice = z.strictObject({ extraId: Id, count: z.number().int().min(1).max(5) });
export type ExtraChoice = z.infer<typeof ExtraChoice>;

const StayFields = {
  storeId: Id,
  returnStoreId: Id.nullish().describe('null: the same store'),
  carTypeId: Id,
  pickUpAt: Instant,
  returnAt: Instant.describe('planned return'),
  protectionId: Id.nullish(),
  extras: z.array(ExtraChoice).max(10).default([]),
  delivery: z.boolean().default(false).describe('deliver the car to deliveryAddress (the store’s delivery fee)'),
  deliveryAddress: optText(200),
  collectionAddress: optText(200).describe('collect the car there at the return (null: returned at the store)'),
};
function refineStay(
  v: {
    pickUpAt: string;
    returnAt: string;
    extras: { extraId: number }[];
    delivery: boolean;
    deliveryAddress?: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  const ms = Date.parse(v.returnAt) - Date.parse(v.pickUpAt);
  if (!(ms > 0)) ctx.addIssue({ code: 'custom', path: ['returnAt'], message: 'v.stReturnAfter' });
  else if (ms > STAY_DAYS_MAX * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['returnAt'], message: 'v.stStayMax' });
  if (new Set(v.extras.map((e) => e.extraId)).size !== v.extras.length)
    ctx.addIssue({ code: 'custom', path: ['extras'], message: 'v.stExtraIds' });
  if (v.delivery && !v.deliveryAddress)
    ctx.addIssue({ code: 'custom', path: ['deliveryAddress'], message: 'v.stDeliveryAddress' });
}
/** `shortBooking/quote` (POST). */
export const QuoteInput = z.strictObject(StayFields).superRefine(refineStay);
export type QuoteInput = z.input<typeof QuoteInput>;

export const QuoteDay = z.object({ date: LocalDate, price: z.number(), kind: StayDayKind });
export type QuoteDay = z.infer<typeof QuoteDay>;
/** The `quoteStay` answer in yuan (`st_bookings.quote` keeps it in fen). */
export const Quote = z.object({
  days: z.array(QuoteDay),
  rent: z.number(),
  discountPct: z.number(),
  discount: z.number(),
  protection: z.number(),
  extras: z.number(),
  delivery: z.number(),
  deposit: z.object({ damage: z.number(), violation: z.number() }),
  mileageLimitKm: z.number().int().nullable().describe('for the whole stay; null: unlimited'),
  total: z.number().describe('rent − discount + protection + extras + delivery'),
  payNow: z.number().describe('total + both deposits'),
});
export type Quote = z.infer<typeof Quote>;
export const QuoteAnswer = z.object({
  quote: Quote,
  available: z.number().int().describe('cars of the type in the store free for the whole stay'),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswer>;

/** A new renter (a driver record is created through the drivers' create path). */
export const NewRenter = z.strictObject({
  name: text(30).min(1),
  phone: MobilePhone,
  idNumber: IdCardNumber,
});
export type NewRenter = z.infer<typeof NewRenter>;

/** `shortBooking/create`: the stay, the renter (an existing driver or a new one), optionally a given car. */
export const BookingInput = z
  .strictObject({
    ...StayFields,
    carId: Id.nullish().describe('null: the first free car of the type'),
    driverId: Id.nullish(),
    renter: NewRenter.nullish(),
    remark: optText(200),
  })
  .superRefine((v, ctx) => {
    refineStay(v, ctx);
    if ((v.driverId == null) === (v.renter == null))
      ctx.addIssue({ code: 'custom', path: ['driverId'], message: 'v.stRenter' });
  });
export type BookingInput = z.input<typeof BookingInput>;

/** `shortBooking/cancel/:id`. */
export const BookingCancelInput = z.strictObject({ reason: text(200).min(1), version: Version.optional() });
export type BookingCancelInput = z.infer<typeof BookingCancelInput>;
/** `shortBooking/pickUp/:id`: the dispatch inspection (the contract wizard's fields). */
export const BookingPickUpInput = DispatchInput;
export type BookingPickUpInput = z.input<typeof BookingPickUpInput>;
/** `shortBooking/return/:id`: the return inspection (with the damage deduction). */
export const BookingReturnInput = ReturnInput;
export type BookingReturnInput = z.input<typeof BookingReturnInput>;
/** `shortBooking/settle/:id`: optional adjustments typed at the counter. */
export const BookingSettleInput = z.strictObject({
  otherCharge: Money.default(0).describe('anything else owed (cleaning, lost items)'),
  remark: optText(200),
  version: Version.optional(),
});
export type BookingSettleInput = z.input<typeof BookingSettleInput>;

/** The charges of a return (yuan); `earlyRefund` is given back, the others owed. */
export const BookingCharges = z.object({
  late: z.number(),
  earlyRefund: z.number(),
  fuel: z.number(),
  overKm: z.number(),
  damage: z.number(),
  other: z.number(),
});
export type BookingCharges = z.infer<typeof BookingCharges>;

export const BookingRow = z.object({
  id: Id,
  code: z.string(),
  state: BookingState,
  rentId: Id,
  storeId: Id,
  storeName: z.string(),
  returnStoreId: Id,
  carTypeId: Id,
  carTypeName: z.string(),
  carId: Id,
  plate: z.string(),
  driverId: Id,
  driverName: z.string(),
  driverPhone: z.string(),
  pickUpAt: Instant,
  returnAt: Instant,
  pickedUpAt: Instant.nullable(),
  returnedAt: Instant.nullable(),
  days: z.number().int(),
  total: z.number(),
  deposits: z.number().describe('damage + violation deposit'),
  paidAt: Instant.nullable(),
  overdue: z.boolean().describe('pick-up or return time passed in toPickUp / inUse'),
  createdAt: Instant,
});
export type BookingRow = z.infer<typeof BookingRow>;

export const BookingEvent = z.object({
  id: Id,
  kind: BookingEventKind,
  at: Instant,
  userId: Id.nullable(),
  userName: z.string().nullable().describe('null: the job or the payment'),
  data: z.record(z.string(), z.unknown()),
});
export type BookingEvent = z.infer<typeof BookingEvent>;

export const BookingDetail = BookingRow.extend({
  returnStoreName: z.string(),
  protectionId: Id.nullable(),
  protectionName: z.string().nullable(),
  extras: z.array(z.object({ extraId: Id, name: z.string(), count: z.number().int() })),
  deliveryAddress: z.string().nullable(),
  collectionAddress: z.string().nullable(),
  quote: Quote,
  rent: z.number(),
  damageDeposit: z.number(),
  violationDeposit: z.number(),
  orderId: Id.nullable(),
  charges: BookingCharges.nullable(),
  settledAt: Instant.nullable(),
  balanceOrderId: Id.nullable(),
  balanceDue: z.number().describe('what the settlement balance order asks (0: none)'),
  violationHoldUntil: LocalDate.nullable(),
  violationUsed: z.number(),
  violationReleasedAt: Instant.nullable(),
  cancelFee: z.number().nullable(),
  cancelledAt: Instant.nullable(),
  cancelReason: z.string().nullable(),
  dispatchInspectionId: Id.nullable(),
  returnInspectionId: Id.nullable(),
  remark: z.string().nullable(),
  version: Version,
  createdByName: z.string().nullable(),
  events: z.array(BookingEvent).describe('oldest first'),
  /** What the caller may do now (state and permissions). */
  actions: z.array(z.enum(['pay', 'cancel', 'pickUp', 'return', 'settle'])),
});
export type BookingDetail = z.infer<typeof BookingDetail>;

const BookingFilterFields = z.object({
  state: BookingState.optional(),
  storeId: Id.optional(),
  carTypeId: Id.optional(),
  keyword: text(30).optional().describe("the code, or part of the renter's name or phone, or the plate"),
  from: LocalDate.optional().describe('pick-up on or after this day (tenant zone)'),
  to: LocalDate.optional().describe('pick-up on or before this day'),
});
function refineFromTo(v: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.stDayRange' });
}
export const BookingListQuery = BookingFilterFields.extend(PageQuery.shape).superRefine(refineFromTo);
export type BookingListQuery = z.infer<typeof BookingListQuery>;
export const BookingExportQuery = BookingFilterFields.superRefine(refineFromTo);
export type BookingExportQuery = z.infer<typeof BookingExportQuery>;
export const BookingListAnswer = paged(BookingRow);
export type BookingListAnswer = z.infer<typeof BookingListAnswer>;

/** Answer of create: the booking; pay with `shortBooking/pay/:id` (PayInfo of `@fleetdesk/contracts/payments`). */
export const BookingCreateAnswer = z.object({ id: Id, code: z.string(), quote: Quote });
export type BookingCreateAnswer = z.infer<typeof BookingCreateAnswer>;
/** Answer of cancel: the fee kept and what goes back to the payer. */
export const BookingCancelAnswer = z.object({ cancelFee: z.number(), refund: z.number() });
export type BookingCancelAnswer = z.infer<typeof BookingCancelAnswer>;
/** Answer of return: the charges computed. */
export const BookingReturnAnswer = z.object({ charges: BookingCharges });
export type BookingReturnAnswer = z.infer<typeof BookingReturnAnswer>;
/** Answer of settle: the damage deposit refunded, or the balance due with its PayInfo (then completed when paid). */
export const BookingSettleAnswer = z.object({
  state: BookingState,
  refund: z.number(),
  balanceDue: z.number(),
  balanceOrderId: Id.nullable(),
});
export type BookingSettleAnswer = z.infer<typeof BookingSettleAnswer>;

// ---------------------------------------------------------------- board

export const BoardDayQuery = z.object({ storeId: Id, date: LocalDate.optional().describe('default: today') });
export type BoardDayQuery = z.infer<typeof BoardDayQuery>;
export const BoardTypeCount = z.object({
  carTypeId: Id,
  carTypeName: z.string(),
  available: z.number().int(),
  total: z.number().int(),
});
export const BoardDayAnswer = z.object({
  date: LocalDate,
  pickUps: z.array(BookingRow).describe('due that day, with the overdue ones'),
  returns: z.array(BookingRow).describe('due that day, with the overdue ones'),
  availableByType: z.array(BoardTypeCount).describe('cars free now per type'),
});
export type BoardDayAnswer = z.infer<typeof BoardDayAnswer>;

export const BoardCalendarQuery = z.object({
  storeId: Id,
  from: LocalDate,
  days: z.coerce.number().int().min(1).max(CALENDAR_DAYS_MAX).default(14),
});
export type BoardCalendarQuery = z.infer<typeof BoardCalendarQuery>;
export const CalendarBooking = z.object({
  id: Id,
  code: z.string(),
  state: BookingState,
  driverName: z.string(),
  pickUpAt: Instant,
  returnAt: Instant,
});
export const CalendarCar = z.object({
  carId: Id,
  plate: z.string(),
  carTypeId: Id.nullable(),
  carTypeName: z.string().nullable(),
  status: z.string(),
  bookings: z.array(CalendarBooking),
});
export const BoardCalendarAnswer = z.object({ from: LocalDate, days: z.number().int(), cars: z.array(CalendarCar) });
export type BoardCalendarAnswer = z.infer<typeof BoardCalendarAnswer>;
