import { z } from 'zod';
import { Id, Instant, LocalDate, PageQuery, Version, paged, yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Time-share rental (分时租赁, issue 33): zones (circles or GPS geofences) where cars are parked, per-city rates per
 * car type (minute prices by day and night, km price, minimum, maximum, daily cap), cars in time-share, trips from
 * reservation to payment, renters with their prepaid balances. Money is yuan on the wire. Prices:
 * `./time-share-pricing`.
 */
const base = '/api/ccwadmin';

export const TimeSharePaths = {
  // zones
  zoneList: `${base}/shareZone/list`,
  zoneGet: `${base}/shareZone/get/:id`,
  zoneCreate: `${base}/shareZone/create`,
  /** PUT with id and version. */
  zoneUpdate: `${base}/shareZone/update`,
  zoneDelete: `${base}/shareZone/delete/:id`,
  zoneOptions: `${base}/shareZone/options`,
  // cars in time-share
  carList: `${base}/shareZone/cars`,
  carAdd: `${base}/shareZone/cars/add`,
  carRemove: `${base}/shareZone/cars/remove`,
  /** POST: park a time-share car at a zone (staff moved it). */
  carPark: `${base}/shareZone/cars/park`,
  // rates
  rateList: `${base}/shareRate/list`,
  rateCreate: `${base}/shareRate/create`,
  /** PUT with id and version. */
  rateUpdate: `${base}/shareRate/update`,
  rateDelete: `${base}/shareRate/delete/:id`,
  // trips
  tripList: `${base}/shareTrip/list`,
  tripGet: `${base}/shareTrip/get/:id`,
  tripExport: `${base}/shareTrip/export`,
  tripReserve: `${base}/shareTrip/reserve`,
  tripStart: `${base}/shareTrip/start/:id`,
  tripEnd: `${base}/shareTrip/end/:id`,
  tripCancel: `${base}/shareTrip/cancel/:id`,
  /** POST: pay an ended trip from the renter's balance (after a top-up). */
  tripPay: `${base}/shareTrip/pay/:id`,
  // renters
  renterList: `${base}/shareRenter/list`,
  renterGet: `${base}/shareRenter/get/:driverId`,
  /** POST {driverId, amount}: a renterTopUp order → PayInfo. */
  renterTopUp: `${base}/shareRenter/topUp`,
  /** GET: the payment state (PayStatus) of a renter top-up order, polled while its QR code is shown. */
  renterTopUpStatus: `${base}/shareRenter/topUpStatus/:id`,
  renterLedger: `${base}/shareRenter/ledger`,
} as const;

/** The web page of one trip (message-centre links). */
export const tripLink = (id: number): string => `/sevenTime/trip/${id}`;
export const RENTER_TOP_UP_MIN_YUAN = 1;
export const RENTER_TOP_UP_MAX_YUAN = 10_000;

export const TIME_SHARE_VALIDATION_MESSAGES = {
  'v.tsZoneShape': {
    'zh-CN': '请填写半径，或选择电子围栏',
    'en-US': 'Give a radius, or choose a geofence',
  },
  'v.tsRateMax': {
    'zh-CN': '封顶价不能低于起步价',
    'en-US': 'The maximum is not below the minimum',
  },
  'v.tsTopUp': {
    'zh-CN': `充值金额为 ${RENTER_TOP_UP_MIN_YUAN} 至 ${RENTER_TOP_UP_MAX_YUAN} 元`,
    'en-US': `A top-up is ${RENTER_TOP_UP_MIN_YUAN} to ${RENTER_TOP_UP_MAX_YUAN} yuan`,
  },
  'v.tsCarIds': { 'zh-CN': '请选择 1 至 100 辆车', 'en-US': 'Choose 1 to 100 cars' },
  'v.tsDayRange': { 'zh-CN': '日期止不能早于日期起', 'en-US': 'The last day is before the first' },
} satisfies Record<string, LocalText>;
addValidationMessages(TIME_SHARE_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const text = (max: number) => z.string().trim().max(max);
const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);
/** Per-minute and per-km prices: yuan with two decimals, small. */
const UnitPrice = yuan(100);
const Money = yuan(100_000);

// ---------------------------------------------------------------- enums

export const TRIP_STATES = ['reserved', 'inUse', 'ended', 'paid', 'cancelled'] as const;
export const TripState = z.enum(TRIP_STATES);
export type TripState = z.infer<typeof TripState>;
export const TRIP_STATE_TITLES: Record<TripState, LocalText> = {
  reserved: t('已预约', 'Reserved'),
  inUse: t('行程中', 'In use'),
  ended: t('待支付', 'Ended, unpaid'),
  paid: t('已支付', 'Paid'),
  cancelled: t('已取消', 'Cancelled'),
};
/** The live states: one per car and one per renter (unique partial indexes). */
export const TRIP_LIVE_STATES = ['reserved', 'inUse'] as const satisfies readonly TripState[];
export const TRIP_TRANSITIONS: Record<TripState, readonly TripState[]> = {
  reserved: ['inUse', 'cancelled'],
  inUse: ['ended', 'paid'],
  ended: ['paid'],
  paid: [],
  cancelled: [],
};
export function canMoveTrip(from: TripState, to: TripState): boolean {
  return TRIP_TRANSITIONS[from].includes(to);
}

export const RENTER_LEDGER_KINDS = ['topUp', 'trip', 'refund', 'adjust'] as const;
export const RenterLedgerKind = z.enum(RENTER_LEDGER_KINDS);
export type RenterLedgerKind = z.infer<typeof RenterLedgerKind>;
export const RENTER_LEDGER_KIND_TITLES: Record<RenterLedgerKind, LocalText> = {
  topUp: t('充值', 'Top-up'),
  trip: t('行程扣费', 'Trip'),
  refund: t('退款', 'Refund'),
  adjust: t('调整', 'Adjustment'),
};

/** Defined with the other rules in `organisation.ts` (TenantRules.timeShare); re-exported for the area's readers. */
export { TimeShareRules, DEFAULT_TIME_SHARE_RULES } from './organisation.js';

// ---------------------------------------------------------------- zones

const ZoneFields = {
  rentId: Id,
  name: text(40).min(1),
  city: text(20).min(1),
  address: text(200).min(1),
  lat: Latitude.describe('WGS-84, the centre'),
  lon: Longitude.describe('WGS-84'),
  radiusM: z.number().int().min(20).max(5000).nullable().default(200).describe('a circle; used when no geofence'),
  geofenceId: Id.nullable().default(null).describe('a GPS geofence of the tenant (instead of the circle)'),
  bays: z.number().int().min(0).max(1000).default(0).describe('parking bays (0: not counted)'),
  parkingFee: Money.default(0).describe('charged when a trip ends here'),
  enabled: z.boolean().default(true),
};
function refineZone(v: { radiusM: number | null; geofenceId: number | null }, ctx: z.RefinementCtx): void {
  if (v.radiusM === null && v.geofenceId === null)
    ctx.addIssue({ code: 'custom', path: ['radiusM'], message: 'v.tsZoneShape' });
}
export const ZoneInput = z.strictObject(ZoneFields).superRefine(refineZone);
export type ZoneInput = z.input<typeof ZoneInput>;
export const ZoneUpdateInput = z.strictObject({ ...ZoneFields, id: Id, version: Version }).superRefine(refineZone);
export type ZoneUpdateInput = z.input<typeof ZoneUpdateInput>;

export const ZoneRow = z.object({
  id: Id,
  rentId: Id,
  rentName: z.string().nullable(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  radiusM: z.number().int().nullable(),
  geofenceId: Id.nullable(),
  geofenceName: z.string().nullable(),
  bays: z.number().int(),
  parkingFee: z.number(),
  enabled: z.boolean(),
  carsParked: z.number().int(),
  version: Version,
  updatedAt: Instant,
});
export type ZoneRow = z.infer<typeof ZoneRow>;
export const ZoneListQuery = PageQuery.extend({
  keyword: text(40).optional(),
  city: text(20).optional(),
  rentId: Id.optional(),
  enabled: boolParam.optional(),
});
export type ZoneListQuery = z.infer<typeof ZoneListQuery>;
export const ZoneListAnswer = paged(ZoneRow);
export type ZoneListAnswer = z.infer<typeof ZoneListAnswer>;
export const ZoneOption = z.object({ id: Id, name: z.string(), city: z.string(), enabled: z.boolean() });
export type ZoneOption = z.infer<typeof ZoneOption>;

// ---------------------------------------------------------------- cars in time-share

export const ShareCarsQuery = PageQuery.extend({
  city: text(20).optional(),
  zoneId: Id.optional(),
  keyword: text(20).optional().describe('part of the plate'),
});
export type ShareCarsQuery = z.infer<typeof ShareCarsQuery>;
export const ShareCarRow = z.object({
  carId: Id,
  plate: z.string(),
  carTypeId: Id.nullable(),
  carTypeName: z.string().nullable(),
  city: z.string(),
  zoneId: Id.nullable(),
  zoneName: z.string().nullable(),
  status: z.string().describe("the car's status (vehicles)"),
  hasDevice: z.boolean(),
  liveTripId: Id.nullable(),
  addedAt: Instant,
});
export type ShareCarRow = z.infer<typeof ShareCarRow>;
export const ShareCarsAnswer = paged(ShareCarRow);
export type ShareCarsAnswer = z.infer<typeof ShareCarsAnswer>;
const CarIds = z.array(Id).min(1, { message: 'v.tsCarIds' }).max(100, { message: 'v.tsCarIds' });
/** `shareZone/cars/add`: idle cars not in a short-term store, parked at the zone (its city). */
export const ShareCarsAddInput = z.strictObject({ zoneId: Id, carIds: CarIds });
export type ShareCarsAddInput = z.infer<typeof ShareCarsAddInput>;
export const ShareCarRemoveInput = z.strictObject({ carId: Id });
export type ShareCarRemoveInput = z.infer<typeof ShareCarRemoveInput>;
export const ShareCarParkInput = z.strictObject({ carId: Id, zoneId: Id });
export type ShareCarParkInput = z.infer<typeof ShareCarParkInput>;

// ---------------------------------------------------------------- rates

const RateFields = {
  city: text(20).min(1),
  carTypeId: Id,
  dayMinutePrice: UnitPrice.describe('per minute by day'),
  nightMinutePrice: UnitPrice.describe('per minute at night (rules timeShare.nightFrom-nightTo)'),
  kmPrice: UnitPrice.describe('per km'),
  minPrice: Money.default(0).describe('the least a trip costs (time + km)'),
  maxPrice: Money.nullable().default(null).describe('the most a trip costs (time + km); null: no maximum'),
  dailyCap: Money.describe('the most 24 hours of time cost'),
};
function refineRate(v: { minPrice: number; maxPrice: number | null }, ctx: z.RefinementCtx): void {
  if (v.maxPrice !== null && v.maxPrice < v.minPrice)
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'v.tsRateMax' });
}
export const RateInput = z.strictObject(RateFields).superRefine(refineRate);
export type RateInput = z.input<typeof RateInput>;
export const RateUpdateInput = z.strictObject({ ...RateFields, id: Id, version: Version }).superRefine(refineRate);
export type RateUpdateInput = z.input<typeof RateUpdateInput>;
export const RateRow = z.object({
  id: Id,
  city: z.string(),
  carTypeId: Id,
  carTypeName: z.string(),
  dayMinutePrice: z.number(),
  nightMinutePrice: z.number(),
  kmPrice: z.number(),
  minPrice: z.number(),
  maxPrice: z.number().nullable(),
  dailyCap: z.number(),
  version: Version,
  updatedAt: Instant,
});
export type RateRow = z.infer<typeof RateRow>;
export const RateListQuery = PageQuery.extend({ city: text(20).optional(), carTypeId: Id.optional() });
export type RateListQuery = z.infer<typeof RateListQuery>;
export const RateListAnswer = paged(RateRow);
export type RateListAnswer = z.infer<typeof RateListAnswer>;

// ---------------------------------------------------------------- trips

export const TripReserveInput = z.strictObject({ carId: Id, driverId: Id });
export type TripReserveInput = z.infer<typeof TripReserveInput>;
export const TripEndInput = z.strictObject({
  acceptOffZone: z.boolean().default(false).describe('end outside every zone (the off-zone fee; recovery)'),
  version: Version.optional(),
});
export type TripEndInput = z.input<typeof TripEndInput>;
export const TripCancelInput = z.strictObject({ reason: text(200).min(1) });
export type TripCancelInput = z.infer<typeof TripCancelInput>;

/** The `tripAmount` answer in yuan (`ts_trips.amount` keeps it in fen). */
export const TripAmountView = z.object({
  minutes: z.number().int(),
  dayMinutes: z.number().int(),
  nightMinutes: z.number().int(),
  wholeDays: z.number().int(),
  time: z.number(),
  km: z.number(),
  subtotal: z.number(),
  parking: z.number(),
  offZone: z.number(),
  total: z.number(),
});
export type TripAmountView = z.infer<typeof TripAmountView>;
export const TripRateView = RateRow.pick({
  dayMinutePrice: true,
  nightMinutePrice: true,
  kmPrice: true,
  minPrice: true,
  maxPrice: true,
  dailyCap: true,
});

export const TripRow = z.object({
  id: Id,
  code: z.string(),
  state: TripState,
  rentId: Id,
  carId: Id,
  plate: z.string(),
  driverId: Id,
  driverName: z.string(),
  driverPhone: z.string(),
  reservedAt: Instant,
  startedAt: Instant.nullable(),
  endedAt: Instant.nullable(),
  startZoneName: z.string().nullable(),
  endZoneName: z.string().nullable(),
  km: z.number().nullable(),
  total: z.number().nullable(),
  offZone: z.boolean(),
  warned: z.boolean(),
  locked: z.boolean(),
  running: z
    .number()
    .nullable()
    .optional()
    .describe('a trip in use: its amount so far in yuan (time so far, km reported so far); lists only'),
});
export type TripRow = z.infer<typeof TripRow>;
export const RoutePoint = z.object({ at: Instant, lat: z.number(), lon: z.number(), speedKmh: z.number().nullable() });
export type RoutePoint = z.infer<typeof RoutePoint>;
export const TripDetail = TripRow.extend({
  reserveUntil: Instant.nullable(),
  startZoneId: Id.nullable(),
  endZoneId: Id.nullable(),
  startKm: z.number().nullable(),
  endLat: z.number().nullable(),
  endLon: z.number().nullable(),
  rate: TripRateView,
  amount: TripAmountView.nullable(),
  running: TripAmountView.nullable().describe('an inUse trip: the amount if it ended now'),
  balance: z.number().describe("the renter's balance now"),
  paidAt: Instant.nullable(),
  warnedAt: Instant.nullable(),
  lockedAt: Instant.nullable(),
  recoveredAt: Instant.nullable(),
  cancelReason: z.string().nullable(),
  route: z.array(RoutePoint).describe('GPS positions between start and end (empty without a device)'),
  version: Version,
});
export type TripDetail = z.infer<typeof TripDetail>;

const TripFilterFields = z.object({
  state: TripState.optional(),
  carId: Id.optional(),
  driverId: Id.optional(),
  zoneId: Id.optional().describe('started or ended at the zone'),
  keyword: text(30).optional().describe("the code, the plate, or part of the renter's name or phone"),
  from: LocalDate.optional().describe('reserved on or after this day'),
  to: LocalDate.optional(),
});
function refineFromTo(v: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.tsDayRange' });
}
export const TripListQuery = TripFilterFields.extend(PageQuery.shape).superRefine(refineFromTo);
export type TripListQuery = z.infer<typeof TripListQuery>;
export const TripExportQuery = TripFilterFields.superRefine(refineFromTo);
export type TripExportQuery = z.infer<typeof TripExportQuery>;
export const TripListAnswer = paged(TripRow);
export type TripListAnswer = z.infer<typeof TripListAnswer>;

/** Details of 409 `timeShare.outsideZone`: the nearest zone and how far it is. */
export const OutsideZoneDetails = z.object({
  zoneId: Id.nullable(),
  zoneName: z.string().nullable(),
  distanceM: z.number().int().nullable(),
});
export type OutsideZoneDetails = z.infer<typeof OutsideZoneDetails>;
/** Answer of end/pay: the trip's state after it (paid, or ended with the amount owed). */
export const TripEndAnswer = z.object({
  state: TripState,
  amount: TripAmountView,
  balance: z.number(),
  owed: z.number(),
});
export type TripEndAnswer = z.infer<typeof TripEndAnswer>;

// ---------------------------------------------------------------- renters

export const RenterListQuery = PageQuery.extend({
  keyword: text(30).optional().describe("part of the renter's name or phone"),
  withBalance: boolParam.optional().describe('only renters with a balance above 0'),
});
export type RenterListQuery = z.infer<typeof RenterListQuery>;
export const RenterRow = z.object({
  driverId: Id,
  name: z.string(),
  phone: z.string(),
  balance: z.number(),
  trips: z.number().int(),
  liveTripId: Id.nullable(),
  owed: z.number().describe('ended trips not yet paid'),
  updatedAt: Instant.nullable(),
});
export type RenterRow = z.infer<typeof RenterRow>;
export const RenterListAnswer = paged(RenterRow);
export type RenterListAnswer = z.infer<typeof RenterListAnswer>;

export const RenterTopUpInput = z.strictObject({
  driverId: Id,
  amount: yuan(RENTER_TOP_UP_MAX_YUAN).refine((v) => v >= RENTER_TOP_UP_MIN_YUAN, { message: 'v.tsTopUp' }),
});
export type RenterTopUpInput = z.infer<typeof RenterTopUpInput>;

export const RenterLedgerQuery = PageQuery.extend({ driverId: Id, kind: RenterLedgerKind.optional() });
export type RenterLedgerQuery = z.infer<typeof RenterLedgerQuery>;
export const RenterLedgerEntry = z.object({
  id: Id,
  kind: RenterLedgerKind,
  amount: z.number().describe('signed: + credit, − debit'),
  balanceAfter: z.number(),
  orderId: Id.nullable(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  createdAt: Instant,
  createdByName: z.string().nullable(),
});
export type RenterLedgerEntry = z.infer<typeof RenterLedgerEntry>;
export const RenterLedgerAnswer = paged(RenterLedgerEntry);
export type RenterLedgerAnswer = z.infer<typeof RenterLedgerAnswer>;
