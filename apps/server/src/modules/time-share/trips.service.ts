import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen, type Paged } from '@fleetdesk/contracts/common';
import {
  TRIP_STATE_TITLES,
  type TripAmountView,
  type TripDetail,
  type TripEndAnswer,
  type TripExportQuery,
  type TripListQuery,
  type TripRow,
  type TripState,
} from '@fleetdesk/contracts/time-share';
import { tripAmount, type TripAmount, type TripRate } from '@fleetdesk/contracts/time-share-pricing';
import { CAR_STATUS_TITLES, type CarStatus } from '@fleetdesk/contracts/vehicles';
import type { RequestContext } from '../../core/access.js';
import {
  EXPORT_PAGE_ROWS,
  idArray,
  isUniqueViolation,
  rawIso,
  rawIsoOrNull,
  rawJson,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ConflictError, NotFoundError, type AppError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { containsPattern, prefixPattern } from '../../core/like.js';
import { localDate, localMinute, tenantZone } from '../../core/tenant-time.js';
import {
  carDefaultDevice,
  carDistanceKm,
  carLastPosition,
  carRoute,
  distanceToShape,
  geofenceShapes,
  type Shape,
} from '../gps/car-positions.service.js';
import { queueCommand } from '../gps/commands/commands.service.js';
import { debitRenter, renterBalance } from '../payments/renter-balance.service.js';
import { closeUsagePeriod, openUsagePeriod } from '../rental-contracts/handover.service.js';
import { tenantRules } from '../settings/settings.service.js';
import { carActionInTx } from '../vehicles/vehicles.service.js';
import { rateFor, shareCar } from './zones.service.js';
import './time-share.messages.js';

type Ctx = RequestContext;

/** The ledger's reference type of a trip's debit (`renter_ledger.reference_type`). */
export const TRIP_REFERENCE = 'tsTrip';
/** The key stored as the cancel reason of a reservation the job let expire (rendered in the reader's language). */
export const EXPIRED_REASON = 'timeShare.cancelExpired';

// ---------------------------------------------------------------- reading

interface RawTrip {
  id: RawNumber;
  code: string;
  state: TripState;
  rent_id: RawNumber;
  car_id: RawNumber;
  plate: string;
  driver_id: RawNumber;
  driver_name: string;
  driver_phone: string;
  reserved_at: RawTime;
  reserve_until: RawTime | null;
  started_at: RawTime | null;
  ended_at: RawTime | null;
  start_zone_id: RawNumber | null;
  start_zone_name: string | null;
  end_zone_id: RawNumber | null;
  end_zone_name: string | null;
  start_km: RawNumber | null;
  end_lat: RawNumber | null;
  end_lon: RawNumber | null;
  km: RawNumber | null;
  total_fen: RawNumber | null;
  off_zone: boolean;
  rate: RawJson<TripRate>;
  amount: RawJson<TripAmount> | null;
  paid_at: RawTime | null;
  warned_at: RawTime | null;
  locked_at: RawTime | null;
  recovered_at: RawTime | null;
  cancel_reason: string | null;
  created_by: RawNumber | null;
  version: RawNumber;
}

const tripSelect = sql`select t.id, t.code, t.state, t.rent_id, t.car_id, k.plate, t.driver_id, d.name as driver_name,
    d.phone as driver_phone, t.reserved_at, t.reserve_until, t.started_at, t.ended_at, t.start_zone_id,
    sz.name as start_zone_name, t.end_zone_id, ez.name as end_zone_name, t.start_km, t.end_lat, t.end_lon, t.km,
    t.total_fen, t.off_zone, t.rate, t.amount, t.paid_at, t.warned_at, t.locked_at, t.recovered_at, t.cancel_reason,
    t.created_by, t.version
  from ts_trips t
  join cars k on k.tenant_id = t.tenant_id and k.id = t.car_id
  join drivers d on d.tenant_id = t.tenant_id and d.id = t.driver_id
  left join ts_zones sz on sz.tenant_id = t.tenant_id and sz.id = t.start_zone_id
  left join ts_zones ez on ez.tenant_id = t.tenant_id and ez.id = t.end_zone_id`;

const tripScope = (ctx: Pick<Ctx, 'tenantId' | 'rentIds'>) =>
  sql`t.tenant_id = ${ctx.tenantId} and t.rent_id = any(${idArray(ctx.rentIds)})`;

export function amountView(a: TripAmount): TripAmountView {
  return {
    minutes: a.minutes,
    dayMinutes: a.dayMinutes,
    nightMinutes: a.nightMinutes,
    wholeDays: a.wholeDays,
    time: fenToYuan(a.timeFen),
    km: fenToYuan(a.kmFen),
    subtotal: fenToYuan(a.subtotalFen),
    parking: fenToYuan(a.parkingFen),
    offZone: fenToYuan(a.offZoneFen),
    total: fenToYuan(a.totalFen),
  };
}

function toTrip(r: RawTrip): TripRow {
  return {
    id: rawNumber(r.id),
    code: r.code,
    state: r.state,
    rentId: rawNumber(r.rent_id),
    carId: rawNumber(r.car_id),
    plate: r.plate,
    driverId: rawNumber(r.driver_id),
    driverName: r.driver_name,
    driverPhone: r.driver_phone,
    reservedAt: rawIso(r.reserved_at),
    startedAt: rawIsoOrNull(r.started_at),
    endedAt: rawIsoOrNull(r.ended_at),
    startZoneName: r.start_zone_name,
    endZoneName: r.end_zone_name,
    km: rawNumberOrNull(r.km),
    total: r.total_fen == null ? null : fenToYuan(rawNumber(r.total_fen)),
    offZone: r.off_zone,
    warned: r.warned_at != null,
    locked: r.locked_at != null,
  };
}

function filterConditions(ctx: Ctx, q: TripExportQuery, timeZone: string): SQL[] {
  const where = [tripScope(ctx)];
  if (q.state) where.push(sql`t.state = ${q.state}`);
  if (q.carId) where.push(sql`t.car_id = ${q.carId}`);
  if (q.driverId) where.push(sql`t.driver_id = ${q.driverId}`);
  if (q.zoneId) where.push(sql`(t.start_zone_id = ${q.zoneId} or t.end_zone_id = ${q.zoneId})`);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(
      sql`(t.code ilike ${prefixPattern(q.keyword)} or k.plate ilike ${like} or d.name ilike ${like} or d.phone like ${like})`,
    );
  }
  if (q.from) where.push(sql`t.reserved_at >= (${q.from}::date)::timestamp at time zone ${timeZone}`);
  if (q.to) where.push(sql`t.reserved_at < (${q.to}::date + 1)::timestamp at time zone ${timeZone}`);
  return where;
}

export async function listTrips(deps: AppDeps, ctx: Ctx, q: TripListQuery): Promise<Paged<TripRow>> {
  const timeZone = await tenantZone(deps.db, ctx.tenantId);
  const cond = sql.join(filterConditions(ctx, q, timeZone), sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawTrip>(
      deps.db,
      sql`${tripSelect} where ${cond} order by t.reserved_at desc, t.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(
      deps.db,
      sql`select count(*) as n from ts_trips t
        join cars k on k.tenant_id = t.tenant_id and k.id = t.car_id
        join drivers d on d.tenant_id = t.tenant_id and d.id = t.driver_id
        where ${cond}`,
    ),
  ]);
  const now = deps.clock.now();
  const out = await Promise.all(
    rows.map(async (r) => {
      const live = r.state === 'inUse' ? await running(deps.db, ctx.tenantId, r, now, timeZone) : null;
      return { ...toTrip(r), running: live ? fenToYuan(live.totalFen) : null };
    }),
  );
  return page(out, rawNumber(count?.n ?? 0), q);
}

/** The export's rows (every page, newest first) with the state's title in the reader's language. */
export async function* tripsForExport(deps: AppDeps, ctx: Ctx, q: TripExportQuery) {
  const timeZone = await tenantZone(deps.db, ctx.tenantId);
  const base = filterConditions(ctx, q, timeZone);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const cond = sql.join(
      after ? [...base, sql`(t.reserved_at, t.id) < (${after.at}::timestamptz, ${after.id})`] : base,
      sql` and `,
    );
    const rows = await rowsOf<RawTrip>(
      deps.db,
      sql`${tripSelect} where ${cond} order by t.reserved_at desc, t.id desc limit ${EXPORT_PAGE_ROWS}`,
    );
    for (const r of rows) yield { ...toTrip(r), stateTitle: TRIP_STATE_TITLES[r.state][ctx.lang] };
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = { at: rawIso(last.reserved_at), id: rawNumber(last.id) };
  }
}

async function findTrip(db: DbOrTx, ctx: Pick<Ctx, 'tenantId' | 'rentIds'>, id: number, lock = false) {
  const [row] = await rowsOf<RawTrip>(
    db,
    lock
      ? sql`${tripSelect} where ${tripScope(ctx)} and t.id = ${id} for update of t`
      : sql`${tripSelect} where ${tripScope(ctx)} and t.id = ${id}`,
  );
  if (!row) throw new NotFoundError('timeShare.tripNotFound');
  return row;
}

const ms = (v: RawTime) => new Date(v).getTime();

/** The amount of a live trip if it ended now: the time so far and the km the tracker reported so far. */
async function running(db: DbOrTx, tenantId: number, r: RawTrip, now: Date, zone: string) {
  if (r.state !== 'inUse' || r.started_at == null) return null;
  const rules = (await tenantRules(db, tenantId)).timeShare;
  const started = new Date(r.started_at);
  const { km } = await carDistanceKm(db, tenantId, rawNumber(r.car_id), started, now);
  return tripAmount({
    startAt: started,
    endAt: now,
    km,
    rate: rawJson<TripRate>(r.rate, null as never),
    zone,
    nightFrom: rules.nightFrom,
    nightTo: rules.nightTo,
  });
}

export async function getTrip(deps: AppDeps, ctx: Ctx, id: number): Promise<TripDetail> {
  const r = await findTrip(deps.db, ctx, id);
  const now = deps.clock.now();
  const tenantId = ctx.tenantId;
  const zone = await tenantZone(deps.db, tenantId);
  const rate = rawJson<TripRate>(r.rate, null as never);
  const amount = rawJson<TripAmount | null>(r.amount, null);
  const carId = rawNumber(r.car_id);
  const [live, balance, route] = await Promise.all([
    running(deps.db, tenantId, r, now, zone),
    renterBalance(deps.db, tenantId, rawNumber(r.driver_id)),
    r.started_at == null
      ? Promise.resolve([] as Awaited<ReturnType<typeof carRoute>>)
      : carRoute(deps.db, tenantId, carId, new Date(r.started_at), r.ended_at == null ? now : new Date(r.ended_at)),
  ]);
  return {
    ...toTrip(r),
    reserveUntil: rawIsoOrNull(r.reserve_until),
    startZoneId: rawNumberOrNull(r.start_zone_id),
    endZoneId: rawNumberOrNull(r.end_zone_id),
    startKm: rawNumberOrNull(r.start_km),
    endLat: rawNumberOrNull(r.end_lat),
    endLon: rawNumberOrNull(r.end_lon),
    rate: {
      dayMinutePrice: fenToYuan(rate.dayMinuteFen),
      nightMinutePrice: fenToYuan(rate.nightMinuteFen),
      kmPrice: fenToYuan(rate.kmFen),
      minPrice: fenToYuan(rate.minFen),
      maxPrice: rate.maxFen == null ? null : fenToYuan(rate.maxFen),
      dailyCap: fenToYuan(rate.dailyCapFen),
    },
    amount: amount ? amountView(amount) : null,
    running: live ? amountView(live) : null,
    balance: fenToYuan(balanceFen(balance)),
    paidAt: rawIsoOrNull(r.paid_at),
    warnedAt: rawIsoOrNull(r.warned_at),
    lockedAt: rawIsoOrNull(r.locked_at),
    recoveredAt: rawIsoOrNull(r.recovered_at),
    cancelReason: r.cancel_reason === EXPIRED_REASON ? translate(ctx.lang, EXPIRED_REASON) : r.cancel_reason,
    route: route.map((p) => ({ at: p.at, lat: p.lat, lon: p.lon, speedKmh: p.speed })),
    version: rawNumber(r.version),
  };
}

/** The renter balance service's answer, in fen. */
function balanceFen(b: { fen: number }): number {
  return b.fen;
}

// ---------------------------------------------------------------- writing

function stateRefused(ctx: Pick<Ctx, 'lang'>, state: TripState, action: 'start' | 'end' | 'cancel' | 'pay') {
  const actions = {
    start: { 'zh-CN': '开始', 'en-US': 'started' },
    end: { 'zh-CN': '结束', 'en-US': 'ended' },
    cancel: { 'zh-CN': '取消', 'en-US': 'cancelled' },
    pay: { 'zh-CN': '支付', 'en-US': 'paid' },
  } as const;
  return new ConflictError(
    'timeShare.tripState',
    { state: TRIP_STATE_TITLES[state][ctx.lang], action: actions[action][ctx.lang] },
    'state',
  );
}

/** `T` + the tenant's day (yyyymmdd) + the day's 4-digit sequence, under a lock per tenant. */
async function nextTripCode(tx: DbOrTx, tenantId: number, day: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${tenantId}, hashtext('ts_trips.code'))`);
  const prefix = `T${day.replace(/-/g, '')}`;
  const [row] = await rowsOf<{ n: RawNumber | null }>(
    tx,
    sql`select max(substr(code, 10)::int) as n from ts_trips where tenant_id = ${tenantId} and code like ${`${prefix}%`}`,
  );
  return `${prefix}${String(rawNumber(row?.n ?? 0) + 1).padStart(4, '0')}`;
}

async function lockCarStatus(tx: DbOrTx, tenantId: number, carId: number) {
  const [row] = await rowsOf<{ status: string; plate: string; rent_id: RawNumber; mileage_km: RawNumber }>(
    tx,
    sql`select status, plate, rent_id, mileage_km from cars where tenant_id = ${tenantId} and id = ${carId} for update`,
  );
  if (!row) throw new NotFoundError('vehicles.carNotFound');
  return row;
}

/**
 * `shareTrip/reserve`: the car in time-share (of the caller's rents), idle and without a live trip; the renter a
 * driver of the caller's rents, not blacklisted, without a live trip, with a balance of at least the rate's minimum
 * (409 `timeShare.balanceLow`). The trip keeps the rate (city and car type) and holds the car `reserveMinutes`.
 * The database's unique indexes decide races: one live trip per car and per renter.
 */
export async function reserveTrip(
  deps: AppDeps,
  ctx: Ctx,
  input: { carId: number; driverId: number },
): Promise<TripDetail> {
  const now = deps.clock.now();
  const [driver] = await rowsOf<{ id: RawNumber; name: string; state: string }>(
    deps.db,
    sql`select id, name, state from drivers where tenant_id = ${ctx.tenantId} and id = ${input.driverId}
      and rent_id = any(${idArray(ctx.rentIds)}) and deleted_at is null`,
  );
  if (!driver) throw new NotFoundError('drivers.notFound');
  if (driver.state === 'blacklisted') throw new ConflictError('timeShare.renterBlacklisted', { name: driver.name });
  const car = await shareCar(deps.db, ctx, input.carId);
  const rate = await rateFor(deps.db, ctx.tenantId, car.city, car.carTypeId);
  if (!rate) throw new ConflictError('timeShare.noRate', { city: car.city }, 'noRate');
  const balance = balanceFen(await renterBalance(deps.db, ctx.tenantId, input.driverId));
  if (balance < rate.minFen)
    throw new ConflictError(
      'timeShare.balanceLow',
      { balance: fenToYuan(balance).toFixed(2), min: fenToYuan(rate.minFen).toFixed(2) },
      'balanceLow',
    );
  const rules = (await tenantRules(deps.db, ctx.tenantId)).timeShare;
  const zone = await tenantZone(deps.db, ctx.tenantId);
  const id = await deps.db.transaction(async (tx) => {
    const locked = await lockCarStatus(tx, ctx.tenantId, input.carId);
    if (locked.status !== 'idle')
      throw new ConflictError('timeShare.carNotIdle', {
        plate: locked.plate,
        status: CAR_STATUS_TITLES[locked.status as CarStatus]?.[ctx.lang] ?? locked.status,
      });
    const code = await nextTripCode(tx, ctx.tenantId, localDate(zone, now));
    let tripId: number;
    try {
      const [row] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into ts_trips (tenant_id, code, rent_id, car_id, driver_id, state, rate, reserved_at, reserve_until,
            start_zone_id, created_by, created_at, updated_at)
          values (${ctx.tenantId}, ${code}, ${rawNumber(locked.rent_id)}, ${input.carId}, ${input.driverId},
            'reserved', ${JSON.stringify(rate)}::jsonb, ${now.toISOString()},
            ${new Date(now.getTime() + rules.reserveMinutes * 60_000).toISOString()}, ${car.zoneId}, ${ctx.userId},
            ${now.toISOString()}, ${now.toISOString()})
          returning id`,
      );
      tripId = rawNumber(row!.id);
    } catch (err) {
      if (isUniqueViolation(err, 'ts_trips_live_car_uq'))
        throw new ConflictError('timeShare.carBusy', { plate: locked.plate }, 'carBusy');
      if (isUniqueViolation(err, 'ts_trips_live_driver_uq'))
        throw new ConflictError('timeShare.renterBusy', { name: driver.name }, 'renterBusy');
      throw err;
    }
    await carActionInTx(tx, deps, ctx, input.carId, 'reserve', code);
    return tripId;
  });
  return getTrip(deps, ctx, id);
}

/**
 * `shareTrip/start/:id`: reserved → inUse before the reservation ends (409 `timeShare.reservationExpired` after):
 * the start odometer from the car's live GPS position (else the car's mileage), a usage period of the renter (so
 * violations meanwhile are his), the car rented out and no longer parked at its zone.
 */
export async function startTrip(deps: AppDeps, ctx: Ctx, id: number): Promise<TripDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const r = await findTrip(tx, ctx, id, true);
    if (r.state !== 'reserved') throw stateRefused(ctx, r.state, 'start');
    if (r.reserve_until != null && ms(r.reserve_until) <= now.getTime()) {
      const zone = await tenantZone(tx, ctx.tenantId);
      throw new ConflictError(
        'timeShare.reservationExpired',
        { at: localMinute(zone, new Date(r.reserve_until)) },
        'expired',
      );
    }
    const carId = rawNumber(r.car_id);
    const car = await lockCarStatus(tx, ctx.tenantId, carId);
    const position = await carLastPosition(tx, ctx.tenantId, carId);
    const startKm =
      position?.odometerKm != null ? Math.round(position.odometerKm * 10) / 10 : rawNumber(car.mileage_km);
    await carActionInTx(tx, deps, ctx, carId, 'rentOut', r.code);
    await openUsagePeriod(tx, ctx.tenantId, {
      carId,
      tripId: rawNumber(r.id),
      driverId: rawNumber(r.driver_id),
      rentId: rawNumber(r.rent_id),
      fromAt: now,
    });
    await tx.execute(
      sql`update ts_trips set state = 'inUse', started_at = ${now.toISOString()}, start_km = ${startKm},
          version = version + 1, updated_at = ${now.toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    await tx.execute(sql`update ts_cars set zone_id = null where tenant_id = ${ctx.tenantId} and car_id = ${carId}`);
  });
  return getTrip(deps, ctx, id);
}

interface ZoneCheck {
  zone: { id: number; name: string; parkingFeeFen: number } | null;
  nearest: { id: number; name: string; distanceM: number } | null;
}

/** Which enabled zone of the car's city holds the position (the nearest when several), and the nearest one. */
async function zoneAt(db: DbOrTx, tenantId: number, city: string, lat: number, lon: number): Promise<ZoneCheck> {
  const zones = await rowsOf<{
    id: RawNumber;
    name: string;
    lat: RawNumber;
    lon: RawNumber;
    radius_m: RawNumber | null;
    geofence_id: RawNumber | null;
    parking_fee_fen: RawNumber;
  }>(
    db,
    sql`select id, name, lat, lon, radius_m, geofence_id, parking_fee_fen from ts_zones
      where tenant_id = ${tenantId} and city = ${city} and enabled and deleted_at is null order by id`,
  );
  const fences = await geofenceShapes(
    db,
    tenantId,
    zones.filter((z) => z.geofence_id != null).map((z) => rawNumber(z.geofence_id)),
  );
  let inside: (ZoneCheck['zone'] & { d: number }) | null = null;
  let nearest: ZoneCheck['nearest'] = null;
  for (const z of zones) {
    const fence = z.geofence_id == null ? undefined : fences.get(rawNumber(z.geofence_id));
    const shape: Shape | null = fence
      ? fence
      : z.radius_m != null
        ? { kind: 'circle', points: [[rawNumber(z.lat), rawNumber(z.lon)]], radius: rawNumber(z.radius_m) }
        : null;
    if (!shape) continue;
    const d = distanceToShape(shape, lat, lon);
    const centre = distanceToShape(
      { kind: 'circle', points: [[rawNumber(z.lat), rawNumber(z.lon)]], radius: 0 },
      lat,
      lon,
    );
    if (d === 0 && (!inside || centre < inside.d))
      inside = { id: rawNumber(z.id), name: z.name, parkingFeeFen: rawNumber(z.parking_fee_fen), d: centre };
    if (!nearest || d < nearest.distanceM) nearest = { id: rawNumber(z.id), name: z.name, distanceM: Math.round(d) };
  }
  return { zone: inside && { id: inside.id, name: inside.name, parkingFeeFen: inside.parkingFeeFen }, nearest };
}

/**
 * `shareTrip/end/:id`: an inUse trip ends where the car's live GPS position is. Inside an enabled zone of the car's
 * city (circle: haversine ≤ radius; geofence: its shape) the zone's parking fee applies; outside every zone (or
 * without a position) 409 `timeShare.outsideZone` with the nearest zone, unless `acceptOffZone` (the off-zone fee).
 * The km are what the tracker reported while the trip ran (`carDistanceKm`), the amount `tripAmount` at the rate
 * kept at reservation. The usage period closes, the car comes back (giveBack, then prepared: idle again at the end
 * zone). Then the amount is paid at once from the renter's balance; short, the trip stays `ended` and owes it.
 */
export async function endTrip(
  deps: AppDeps,
  ctx: Ctx,
  id: number,
  input: { acceptOffZone?: boolean; version?: number | undefined },
): Promise<TripEndAnswer> {
  const now = deps.clock.now();
  const rules = (await tenantRules(deps.db, ctx.tenantId)).timeShare;
  const tz = await tenantZone(deps.db, ctx.tenantId);
  const offZoneFeeFen = yuanToFen(rules.offZoneFee);
  const ended = await deps.db.transaction(async (tx) => {
    const r = await findTrip(tx, ctx, id, true);
    if (r.state !== 'inUse' || r.started_at == null) throw stateRefused(ctx, r.state, 'end');
    if (input.version !== undefined && input.version !== rawNumber(r.version))
      throw new ConflictError('timeShare.stale', undefined, 'stale');
    const carId = rawNumber(r.car_id);
    const car = await shareCar(tx, ctx, carId);
    const position = await carLastPosition(tx, ctx.tenantId, carId);
    const check = position
      ? await zoneAt(tx, ctx.tenantId, car.city, position.lat, position.lon)
      : { zone: null, nearest: null };
    if (!check.zone && !input.acceptOffZone) {
      const fee = fenToYuan(offZoneFeeFen).toFixed(2);
      const data = {
        zoneId: check.nearest?.id ?? null,
        zoneName: check.nearest?.name ?? null,
        distanceM: check.nearest?.distanceM ?? null,
        offZoneFee: fenToYuan(offZoneFeeFen),
      };
      if (!position) throw new ConflictError('timeShare.noPosition', { fee }, 'outsideZone', data);
      if (!check.nearest) throw new ConflictError('timeShare.noZones', { fee }, 'outsideZone', data);
      throw new ConflictError(
        'timeShare.outsideZone',
        { zone: check.nearest.name, distance: check.nearest.distanceM, fee },
        'outsideZone',
        data,
      );
    }
    const startedAt = new Date(r.started_at);
    const { km } = await carDistanceKm(tx, ctx.tenantId, carId, startedAt, now);
    const amount = tripAmount({
      startAt: startedAt,
      endAt: now,
      km,
      rate: rawJson<TripRate>(r.rate, null as never),
      zone: tz,
      nightFrom: rules.nightFrom,
      nightTo: rules.nightTo,
      parkingFen: check.zone?.parkingFeeFen ?? 0,
      offZoneFen: check.zone ? 0 : offZoneFeeFen,
    });
    const locked = r.locked_at != null;
    await tx.execute(
      sql`update ts_trips set state = 'ended', ended_at = ${now.toISOString()}, end_zone_id = ${check.zone?.id ?? null},
          end_lat = ${position ? Math.round(position.lat * 1e6) / 1e6 : null},
          end_lon = ${position ? Math.round(position.lon * 1e6) / 1e6 : null}, off_zone = ${!check.zone},
          km = ${km}, amount = ${JSON.stringify(amount)}::jsonb, total_fen = ${amount.totalFen},
          version = version + 1, updated_at = ${now.toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
    const [period] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`select id from car_usage_periods where tenant_id = ${ctx.tenantId} and trip_id = ${id} and to_at is null`,
    );
    if (period) await closeUsagePeriod(tx, ctx.tenantId, rawNumber(period.id), now, now);
    await carActionInTx(tx, deps, ctx, carId, 'giveBack', r.code);
    await carActionInTx(tx, deps, ctx, carId, 'prepared', r.code);
    await tx.execute(
      sql`update ts_cars set zone_id = ${check.zone?.id ?? null} where tenant_id = ${ctx.tenantId} and car_id = ${carId}`,
    );
    return { amount, carId, locked };
  });
  // A car locked for a short balance gets its fuel back for the next renter.
  if (ended.locked) await restoreFuel(deps, ctx.tenantId, ended.carId, ctx.userId);
  const paid = await payFromBalance(deps, ctx.tenantId, id, ctx.userId);
  return {
    state: paid.paid ? 'paid' : 'ended',
    amount: amountView(ended.amount),
    balance: fenToYuan(paid.balanceFen),
    owed: paid.paid ? 0 : fenToYuan(ended.amount.totalFen),
  };
}

async function restoreFuel(deps: AppDeps, tenantId: number, carId: number, actorId: number): Promise<void> {
  const device = await carDefaultDevice(deps.db, tenantId, carId);
  if (!device || device.protocol !== 'jt808') return;
  try {
    await queueCommand(deps, {
      tenantId,
      actorId,
      deviceId: device.id,
      commandType: 'fuelRestore',
      reason: 'time-share balance',
    });
  } catch (err) {
    deps.log.warn({ err, tenantId, carId }, 'time-share: fuel restore not queued');
  }
}

/**
 * Pays an ended trip from the renter's balance (`debitRenter`, the ledger's `trip` entry): paid, or left ended when
 * the balance is short (`paid` false). A trip of 0 is paid without a ledger entry.
 */
async function payFromBalance(
  deps: AppDeps,
  tenantId: number,
  id: number,
  userId: number | null,
): Promise<{ paid: boolean; balanceFen: number; error?: AppError }> {
  const now = deps.clock.now();
  let driverId = 0;
  try {
    await deps.db.transaction(async (tx) => {
      const [r] = await rowsOf<{ state: TripState; total_fen: RawNumber | null; driver_id: RawNumber }>(
        tx,
        sql`select state, total_fen, driver_id from ts_trips where tenant_id = ${tenantId} and id = ${id} for update`,
      );
      if (!r || r.state !== 'ended') return;
      driverId = rawNumber(r.driver_id);
      const total = rawNumber(r.total_fen);
      if (total > 0)
        await debitRenter(tx, {
          tenantId,
          driverId,
          amountFen: total,
          referenceType: TRIP_REFERENCE,
          referenceId: String(id),
          userId,
          now,
        });
      await tx.execute(
        sql`update ts_trips set state = 'paid', paid_at = ${now.toISOString()}, version = version + 1,
            updated_at = ${now.toISOString()}
          where tenant_id = ${tenantId} and id = ${id}`,
      );
    });
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    return { paid: false, balanceFen: balanceFen(await renterBalance(deps.db, tenantId, driverId)), error: err };
  }
  return { paid: true, balanceFen: balanceFen(await renterBalance(deps.db, tenantId, driverId)) };
}

/** `shareTrip/pay/:id`: an ended trip paid from the balance after a top-up; still short: the payments area's 409. */
export async function payTrip(deps: AppDeps, ctx: Ctx, id: number): Promise<TripEndAnswer> {
  const r = await findTrip(deps.db, ctx, id);
  if (r.state !== 'ended') throw stateRefused(ctx, r.state, 'pay');
  const paid = await payFromBalance(deps, ctx.tenantId, id, ctx.userId);
  if (!paid.paid && paid.error) throw paid.error;
  const amount = rawJson<TripAmount | null>(r.amount, null)!;
  return { state: 'paid', amount: amountView(amount), balance: fenToYuan(paid.balanceFen), owed: 0 };
}

/** `shareTrip/cancel/:id`: a reservation cancelled (the car idle again); a trip under way is ended, not cancelled. */
export async function cancelTrip(deps: AppDeps, ctx: Ctx, id: number, reason: string): Promise<TripDetail> {
  await deps.db.transaction(async (tx) => {
    const r = await findTrip(tx, ctx, id, true);
    if (r.state !== 'reserved') throw stateRefused(ctx, r.state, 'cancel');
    await cancelReservationInTx(tx, deps, ctx, r, reason);
  });
  return getTrip(deps, ctx, id);
}

async function cancelReservationInTx(tx: DbOrTx, deps: AppDeps, ctx: Ctx, r: RawTrip, reason: string) {
  const now = deps.clock.now().toISOString();
  await tx.execute(
    sql`update ts_trips set state = 'cancelled', cancelled_at = ${now}, cancel_reason = ${reason},
        version = version + 1, updated_at = ${now}
      where tenant_id = ${ctx.tenantId} and id = ${rawNumber(r.id)}`,
  );
  const carId = rawNumber(r.car_id);
  const [car] = await rowsOf<{ status: string }>(
    tx,
    sql`select status from cars where tenant_id = ${ctx.tenantId} and id = ${carId}`,
  );
  if (car?.status === 'reserved') await carActionInTx(tx, deps, ctx, carId, 'cancelReservation', r.code);
}

// ---------------------------------------------------------------- for the minutely job

/**
 * A context for the job's writes on a trip (car actions, history): the trip's rent, recorded under the employee
 * who reserved it (a job has no caller).
 */
export function jobContext(tenantId: number, rentId: number, userId: number): Ctx {
  return {
    tenantId,
    tenantName: '',
    rentId,
    rentIds: [rentId],
    dataScope: 'assigned',
    userId,
    username: 'system',
    name: 'system',
    roles: [],
    permissions: { all: false, codes: new Set<string>() } as unknown as Ctx['permissions'],
    membershipExpiresAt: null,
    tokenId: 0,
    lang: 'zh-CN',
  };
}

/** Cancels the reservations whose time ran out at `now` (the car idle again); answers how many. */
export async function expireReservations(deps: AppDeps, now: Date): Promise<number> {
  const due = await rowsOf<{ tenant_id: RawNumber; id: RawNumber; rent_id: RawNumber; created_by: RawNumber | null }>(
    deps.db,
    sql`select tenant_id, id, rent_id, created_by from ts_trips
      where state = 'reserved' and reserve_until <= ${now.toISOString()} order by reserve_until limit 500`,
  );
  let n = 0;
  for (const d of due) {
    const ctx = jobContext(rawNumber(d.tenant_id), rawNumber(d.rent_id), rawNumber(d.created_by));
    const done = await deps.db.transaction(async (tx) => {
      const [r] = await rowsOf<RawTrip>(
        tx,
        sql`${tripSelect} where ${tripScope(ctx)} and t.id = ${rawNumber(d.id)} for update of t`,
      );
      if (!r || r.state !== 'reserved' || r.reserve_until == null || ms(r.reserve_until) > now.getTime()) return false;
      await cancelReservationInTx(tx, deps, ctx, r, EXPIRED_REASON);
      return true;
    });
    if (done) n++;
  }
  return n;
}

export interface LiveTrip {
  tenantId: number;
  id: number;
  code: string;
  rentId: number;
  carId: number;
  plate: string;
  driverId: number;
  driverName: string;
  driverPhone: string;
  createdBy: number | null;
  warnedAt: Date | null;
  lockedAt: Date | null;
  recoveredAt: Date | null;
  running: TripAmount;
}

/** Every inUse trip with its running amount at `now`. */
export async function liveTrips(deps: AppDeps, now: Date): Promise<LiveTrip[]> {
  const live = await rowsOf<{ tenant_id: RawNumber; id: RawNumber }>(
    deps.db,
    sql`select tenant_id, id from ts_trips where state = 'inUse' order by tenant_id, id`,
  );
  const out: LiveTrip[] = [];
  const zones = new Map<number, string>();
  for (const l of live) {
    const tenantId = rawNumber(l.tenant_id);
    const [r] = await rowsOf<RawTrip>(
      deps.db,
      sql`${tripSelect} where t.tenant_id = ${tenantId} and t.id = ${rawNumber(l.id)}`,
    );
    if (!r) continue;
    let zone = zones.get(tenantId);
    if (!zone) {
      zone = await tenantZone(deps.db, tenantId);
      zones.set(tenantId, zone);
    }
    const amount = await running(deps.db, tenantId, r, now, zone);
    if (!amount) continue;
    out.push({
      tenantId,
      id: rawNumber(r.id),
      code: r.code,
      rentId: rawNumber(r.rent_id),
      carId: rawNumber(r.car_id),
      plate: r.plate,
      driverId: rawNumber(r.driver_id),
      driverName: r.driver_name,
      driverPhone: r.driver_phone,
      createdBy: rawNumberOrNull(r.created_by),
      warnedAt: r.warned_at == null ? null : new Date(r.warned_at),
      lockedAt: r.locked_at == null ? null : new Date(r.locked_at),
      recoveredAt: r.recovered_at == null ? null : new Date(r.recovered_at),
      running: amount,
    });
  }
  return out;
}

export { balanceFen };
