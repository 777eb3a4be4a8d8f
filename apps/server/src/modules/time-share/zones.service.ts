import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen, type Paged } from '@fleetdesk/contracts/common';
import type { z } from 'zod';
import type {
  RateInput as RateInputSchema,
  RateUpdateInput as RateUpdateInputSchema,
  ZoneInput as ZoneInputSchema,
  ZoneUpdateInput as ZoneUpdateInputSchema,
} from '@fleetdesk/contracts/time-share';
import {
  type RateListQuery,
  type RateRow,
  type ShareCarRow,
  type ShareCarsAddInput,
  type ShareCarsQuery,
  type ZoneListQuery,
  type ZoneOption,
  type ZoneRow,
} from '@fleetdesk/contracts/time-share';

type ZoneInput = z.output<typeof ZoneInputSchema>;
type ZoneUpdateInput = z.output<typeof ZoneUpdateInputSchema>;
type RateInput = z.output<typeof RateInputSchema>;
type RateUpdateInput = z.output<typeof RateUpdateInputSchema>;
import { CAR_STATUS_TITLES, type CarStatus } from '@fleetdesk/contracts/vehicles';
import { rentInScope, scopeFor, type RequestContext } from '../../core/access.js';
import {
  idArray,
  isUniqueViolation,
  rawIso,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf, page } from '../../core/envelope.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { getGeofence } from '../gps/events/geofences.service.js';
import './time-share.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Ctx = Pick<RequestContext, 'tenantId' | 'rentIds' | 'userId' | 'lang' | 'rentId'>;

// ---------------------------------------------------------------- zones

interface RawZone {
  id: RawNumber;
  rent_id: RawNumber;
  rent_name: string | null;
  name: string;
  city: string;
  address: string;
  lat: RawNumber;
  lon: RawNumber;
  radius_m: RawNumber | null;
  geofence_id: RawNumber | null;
  geofence_name: string | null;
  bays: RawNumber;
  parking_fee_fen: RawNumber;
  enabled: boolean;
  cars_parked: RawNumber;
  version: RawNumber;
  updated_at: RawTime;
}

const zoneSelect = sql`select z.id, z.rent_id, r.name as rent_name, z.name, z.city, z.address, z.lat, z.lon, z.radius_m,
    z.geofence_id, g.name as geofence_name, z.bays, z.parking_fee_fen, z.enabled, z.version, z.updated_at,
    (select count(*) from ts_cars c where c.tenant_id = z.tenant_id and c.zone_id = z.id) as cars_parked
  from ts_zones z
  left join rents r on r.tenant_id = z.tenant_id and r.id = z.rent_id
  left join gps_geofences g on g.tenant_id = z.tenant_id and g.id = z.geofence_id`;

function toZone(r: RawZone): ZoneRow {
  return {
    id: rawNumber(r.id),
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    name: r.name,
    city: r.city,
    address: r.address,
    lat: rawNumber(r.lat),
    lon: rawNumber(r.lon),
    radiusM: rawNumberOrNull(r.radius_m),
    geofenceId: rawNumberOrNull(r.geofence_id),
    geofenceName: r.geofence_name,
    bays: rawNumber(r.bays),
    parkingFee: fenToYuan(rawNumber(r.parking_fee_fen)),
    enabled: r.enabled,
    carsParked: rawNumber(r.cars_parked),
    version: rawNumber(r.version),
    updatedAt: rawIso(r.updated_at),
  };
}

/** The live zones of the caller's rents (or the one named), as a condition on `z`. */
function zoneScope(ctx: Pick<Ctx, 'tenantId' | 'rentIds'>, rentId?: number): SQL {
  const s = scopeFor(ctx, rentId);
  return sql`z.tenant_id = ${s.tenantId} and z.rent_id = any(${idArray(s.rentIds)}) and z.deleted_at is null`;
}

export async function listZones(deps: Deps, ctx: Ctx, q: ZoneListQuery): Promise<Paged<ZoneRow>> {
  const where = [zoneScope(ctx, q.rentId)];
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(sql`(z.name ilike ${like} or z.address ilike ${like})`);
  }
  if (q.city) where.push(sql`z.city = ${q.city}`);
  if (q.enabled !== undefined) where.push(sql`z.enabled = ${q.enabled}`);
  const cond = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawZone>(
      deps.db,
      sql`${zoneSelect} where ${cond} order by z.city, z.name, z.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from ts_zones z where ${cond}`),
  ]);
  return page(rows.map(toZone), rawNumber(count?.n ?? 0), q);
}

export async function zoneOptions(deps: Deps, ctx: Ctx, city?: string): Promise<ZoneOption[]> {
  const rows = await rowsOf<{ id: RawNumber; name: string; city: string; enabled: boolean }>(
    deps.db,
    sql`select z.id, z.name, z.city, z.enabled from ts_zones z
      where ${zoneScope(ctx)}${city ? sql` and z.city = ${city}` : sql``} order by z.city, z.name, z.id`,
  );
  return rows.map((r) => ({ id: rawNumber(r.id), name: r.name, city: r.city, enabled: r.enabled }));
}

export async function getZone(deps: Deps, ctx: Ctx, id: number, db: DbOrTx = deps.db): Promise<ZoneRow> {
  const [row] = await rowsOf<RawZone>(db, sql`${zoneSelect} where ${zoneScope(ctx)} and z.id = ${id}`);
  if (!row) throw new NotFoundError('timeShare.zoneNotFound');
  return toZone(row);
}

async function checkGeofence(deps: Deps, ctx: Ctx, geofenceId: number | null): Promise<void> {
  if (geofenceId === null) return;
  try {
    await getGeofence(deps, ctx, geofenceId);
  } catch (err) {
    if (err instanceof NotFoundError) throw invalidField('geofenceId', 'timeShare.geofenceNotFound');
    throw err;
  }
}

function nameTaken(err: unknown, name: string): never {
  if (isUniqueViolation(err, 'ts_zones_name_uq')) throw new ConflictError('timeShare.zoneNameTaken', { name }, 'name');
  throw err;
}

export async function createZone(deps: Deps, ctx: Ctx, v: ZoneInput): Promise<ZoneRow> {
  rentInScope(ctx, v.rentId);
  await checkGeofence(deps, ctx, v.geofenceId);
  const now = deps.clock.now().toISOString();
  let id: number;
  try {
    const [row] = await rowsOf<{ id: RawNumber }>(
      deps.db,
      sql`insert into ts_zones (tenant_id, rent_id, name, city, address, lat, lon, radius_m, geofence_id, bays,
          parking_fee_fen, enabled, created_at, updated_at)
        values (${ctx.tenantId}, ${v.rentId}, ${v.name}, ${v.city}, ${v.address}, ${v.lat}, ${v.lon}, ${v.radiusM},
          ${v.geofenceId}, ${v.bays}, ${yuanToFen(v.parkingFee)}, ${v.enabled}, ${now}, ${now})
        returning id`,
    );
    id = rawNumber(row!.id);
  } catch (err) {
    nameTaken(err, v.name);
  }
  return getZone(deps, ctx, id);
}

export async function updateZone(deps: Deps, ctx: Ctx, input: ZoneUpdateInput): Promise<ZoneRow> {
  const before = await getZone(deps, ctx, input.id);
  const v = input;
  rentInScope(ctx, v.rentId);
  await checkGeofence(deps, ctx, v.geofenceId);
  let changed: { id: RawNumber }[] = [];
  try {
    changed = await rowsOf<{ id: RawNumber }>(
      deps.db,
      sql`update ts_zones set rent_id = ${v.rentId}, name = ${v.name}, city = ${v.city}, address = ${v.address},
          lat = ${v.lat}, lon = ${v.lon}, radius_m = ${v.radiusM}, geofence_id = ${v.geofenceId}, bays = ${v.bays},
          parking_fee_fen = ${yuanToFen(v.parkingFee)}, enabled = ${v.enabled}, version = version + 1,
          updated_at = ${deps.clock.now().toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${before.id} and version = ${input.version} and deleted_at is null
        returning id`,
    );
  } catch (err) {
    nameTaken(err, v.name);
  }
  if (!changed.length) throw new ConflictError('timeShare.stale', undefined, 'stale');
  return getZone(deps, ctx, before.id);
}

/** Soft delete (trips name the zone); refused while cars are parked there. */
export async function deleteZone(deps: Deps, ctx: Ctx, id: number): Promise<ZoneRow> {
  const zone = await getZone(deps, ctx, id);
  if (zone.carsParked > 0) throw new ConflictError('timeShare.zoneInUse', { name: zone.name });
  await deps.db.execute(
    sql`update ts_zones set deleted_at = ${deps.clock.now().toISOString()}, enabled = false, version = version + 1
      where tenant_id = ${ctx.tenantId} and id = ${id}`,
  );
  return zone;
}

// ---------------------------------------------------------------- cars in time-share

interface RawShareCar {
  car_id: RawNumber;
  plate: string;
  car_type_id: RawNumber | null;
  car_type_name: string | null;
  city: string;
  zone_id: RawNumber | null;
  zone_name: string | null;
  status: string;
  has_device: boolean;
  live_trip_id: RawNumber | null;
  added_at: RawTime;
}

const shareCarSelect = sql`select c.car_id, k.plate, k.car_type_id, ct.name as car_type_name, c.city, c.zone_id,
    z.name as zone_name, k.status, c.added_at,
    exists (select 1 from gps_devices d where d.tenant_id = c.tenant_id and d.car_id = c.car_id and d.is_default)
      as has_device,
    (select t.id from ts_trips t where t.tenant_id = c.tenant_id and t.car_id = c.car_id
      and t.state in ('reserved', 'inUse') limit 1) as live_trip_id
  from ts_cars c
  join cars k on k.tenant_id = c.tenant_id and k.id = c.car_id
  left join car_types ct on ct.tenant_id = k.tenant_id and ct.id = k.car_type_id
  left join ts_zones z on z.tenant_id = c.tenant_id and z.id = c.zone_id`;

function toShareCar(r: RawShareCar): ShareCarRow {
  return {
    carId: rawNumber(r.car_id),
    plate: r.plate,
    carTypeId: rawNumberOrNull(r.car_type_id),
    carTypeName: r.car_type_name,
    city: r.city,
    zoneId: rawNumberOrNull(r.zone_id),
    zoneName: r.zone_name,
    status: r.status,
    hasDevice: r.has_device,
    liveTripId: rawNumberOrNull(r.live_trip_id),
    addedAt: rawIso(r.added_at),
  };
}

const carScope = (ctx: Pick<Ctx, 'tenantId' | 'rentIds'>) =>
  sql`c.tenant_id = ${ctx.tenantId} and k.rent_id = any(${idArray(ctx.rentIds)}) and k.deleted_at is null`;

export async function listShareCars(deps: Deps, ctx: Ctx, q: ShareCarsQuery): Promise<Paged<ShareCarRow>> {
  const where = [carScope(ctx)];
  if (q.city) where.push(sql`c.city = ${q.city}`);
  if (q.zoneId) where.push(sql`c.zone_id = ${q.zoneId}`);
  if (q.keyword) where.push(sql`k.plate ilike ${containsPattern(q.keyword)}`);
  const cond = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawShareCar>(
      deps.db,
      sql`${shareCarSelect} where ${cond} order by c.city, k.plate, c.car_id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(
      deps.db,
      sql`select count(*) as n from ts_cars c join cars k on k.tenant_id = c.tenant_id and k.id = c.car_id
        where ${cond}`,
    ),
  ]);
  return page(rows.map(toShareCar), rawNumber(count?.n ?? 0), q);
}

/** A car in time-share within the caller's rents (404 otherwise). */
export async function shareCar(db: DbOrTx, ctx: Pick<Ctx, 'tenantId' | 'rentIds'>, carId: number) {
  const [row] = await rowsOf<RawShareCar & { rent_id: RawNumber }>(
    db,
    sql`select * from (${shareCarSelect}) s where s.car_id = ${carId}
      and exists (select 1 from cars k where k.tenant_id = ${ctx.tenantId} and k.id = ${carId}
        and k.rent_id = any(${idArray(ctx.rentIds)}) and k.deleted_at is null)
      and exists (select 1 from ts_cars c where c.tenant_id = ${ctx.tenantId} and c.car_id = ${carId})`,
  );
  if (!row) throw new NotFoundError('timeShare.carNotFound');
  return toShareCar(row);
}

/**
 * Adds idle cars of the caller's rents to time-share, parked at the zone (the zone's city). Refused: a car in a
 * short-term store (409 `timeShare.carInShortTerm`), a car that is not idle (409 `timeShare.carNotAvailable`); a
 * car already in time-share is moved to the zone when it has no live trip. Answers how many were added or moved.
 */
export async function addShareCars(deps: Deps, ctx: Ctx, input: ShareCarsAddInput): Promise<{ count: number }> {
  const zone = await getZone(deps, ctx, input.zoneId);
  const ids = [...new Set(input.carIds)];
  return deps.db.transaction(async (tx) => {
    const found = await rowsOf<{ id: RawNumber; plate: string; status: string; store: boolean; live: boolean }>(
      tx,
      sql`select k.id, k.plate, k.status,
          exists (select 1 from st_store_cars s where s.tenant_id = k.tenant_id and s.car_id = k.id) as store,
          exists (select 1 from ts_trips t where t.tenant_id = k.tenant_id and t.car_id = k.id
            and t.state in ('reserved', 'inUse')) as live
        from cars k where k.tenant_id = ${ctx.tenantId} and k.id = any(${idArray(ids)})
          and k.rent_id = any(${idArray(ctx.rentIds)}) and k.deleted_at is null
        order by k.id for update of k`,
    );
    if (found.length !== ids.length) throw new NotFoundError('vehicles.carNotFound');
    for (const c of found) {
      if (c.store) throw new ConflictError('timeShare.carInShortTerm', { plate: c.plate });
      if (c.live) throw new ConflictError('timeShare.carBusy', { plate: c.plate });
      if (!['idle', 'preparing'].includes(c.status))
        throw new ConflictError('timeShare.carNotAvailable', {
          plate: c.plate,
          status: CAR_STATUS_TITLES[c.status as CarStatus]?.[ctx.lang] ?? c.status,
        });
    }
    const now = deps.clock.now().toISOString();
    await tx.execute(
      sql`insert into ts_cars (tenant_id, car_id, city, zone_id, added_at)
        select ${ctx.tenantId}, unnest(${idArray(ids)}), ${zone.city}, ${zone.id}, ${now}
        on conflict (tenant_id, car_id) do update set city = excluded.city, zone_id = excluded.zone_id`,
    );
    return { count: ids.length };
  });
}

/** Takes a car out of time-share (not while it has a live trip). */
export async function removeShareCar(deps: Deps, ctx: Ctx, carId: number): Promise<ShareCarRow> {
  const car = await shareCar(deps.db, ctx, carId);
  if (car.liveTripId !== null) throw new ConflictError('timeShare.carBusy', { plate: car.plate });
  await deps.db.execute(sql`delete from ts_cars where tenant_id = ${ctx.tenantId} and car_id = ${carId}`);
  return car;
}

/** Staff moved the car: it is parked at the zone now (not while it has a live trip). */
export async function parkShareCar(deps: Deps, ctx: Ctx, carId: number, zoneId: number): Promise<ShareCarRow> {
  const car = await shareCar(deps.db, ctx, carId);
  const zone = await getZone(deps, ctx, zoneId);
  if (car.liveTripId !== null) throw new ConflictError('timeShare.carBusy', { plate: car.plate });
  await deps.db.execute(
    sql`update ts_cars set zone_id = ${zone.id}, city = ${zone.city}
      where tenant_id = ${ctx.tenantId} and car_id = ${carId}`,
  );
  return shareCar(deps.db, ctx, carId);
}

// ---------------------------------------------------------------- rates

interface RawRate {
  id: RawNumber;
  city: string;
  car_type_id: RawNumber;
  car_type_name: string;
  day_minute_fen: RawNumber;
  night_minute_fen: RawNumber;
  km_fen: RawNumber;
  min_fen: RawNumber;
  max_fen: RawNumber | null;
  daily_cap_fen: RawNumber;
  version: RawNumber;
  updated_at: RawTime;
}

const rateSelect = sql`select r.id, r.city, r.car_type_id, ct.name as car_type_name, r.day_minute_fen,
    r.night_minute_fen, r.km_fen, r.min_fen, r.max_fen, r.daily_cap_fen, r.version, r.updated_at
  from ts_rates r join car_types ct on ct.tenant_id = r.tenant_id and ct.id = r.car_type_id`;

function toRate(r: RawRate): RateRow {
  return {
    id: rawNumber(r.id),
    city: r.city,
    carTypeId: rawNumber(r.car_type_id),
    carTypeName: r.car_type_name,
    dayMinutePrice: fenToYuan(rawNumber(r.day_minute_fen)),
    nightMinutePrice: fenToYuan(rawNumber(r.night_minute_fen)),
    kmPrice: fenToYuan(rawNumber(r.km_fen)),
    minPrice: fenToYuan(rawNumber(r.min_fen)),
    maxPrice: r.max_fen == null ? null : fenToYuan(rawNumber(r.max_fen)),
    dailyCap: fenToYuan(rawNumber(r.daily_cap_fen)),
    version: rawNumber(r.version),
    updatedAt: rawIso(r.updated_at),
  };
}

/** Rates belong to the company (a city and a car type), not to a rent. */
export async function listRates(deps: Deps, ctx: Ctx, q: RateListQuery): Promise<Paged<RateRow>> {
  const where = [sql`r.tenant_id = ${ctx.tenantId}`];
  if (q.city) where.push(sql`r.city = ${q.city}`);
  if (q.carTypeId) where.push(sql`r.car_type_id = ${q.carTypeId}`);
  const cond = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    rowsOf<RawRate>(
      deps.db,
      sql`${rateSelect} where ${cond} order by r.city, ct.name, r.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from ts_rates r where ${cond}`),
  ]);
  return page(rows.map(toRate), rawNumber(count?.n ?? 0), q);
}

export async function getRate(deps: Deps, ctx: Pick<Ctx, 'tenantId'>, id: number): Promise<RateRow> {
  const [row] = await rowsOf<RawRate>(deps.db, sql`${rateSelect} where r.tenant_id = ${ctx.tenantId} and r.id = ${id}`);
  if (!row) throw new NotFoundError('timeShare.rateNotFound');
  return toRate(row);
}

async function checkCarType(db: DbOrTx, tenantId: number, carTypeId: number): Promise<void> {
  const [row] = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select id from car_types where tenant_id = ${tenantId} and id = ${carTypeId}`,
  );
  if (!row) throw invalidField('carTypeId', 'vehicles.carTypeNotFound');
}

function rateFen(v: RateInput) {
  return {
    day: yuanToFen(v.dayMinutePrice),
    night: yuanToFen(v.nightMinutePrice),
    km: yuanToFen(v.kmPrice),
    min: yuanToFen(v.minPrice),
    max: v.maxPrice == null ? null : yuanToFen(v.maxPrice),
    cap: yuanToFen(v.dailyCap),
  };
}

function rateTaken(err: unknown, city: string): never {
  if (isUniqueViolation(err, 'ts_rates_city_type_uq')) throw new ConflictError('timeShare.rateTaken', { city }, 'city');
  throw err;
}

export async function createRate(deps: Deps, ctx: Ctx, v: RateInput): Promise<RateRow> {
  await checkCarType(deps.db, ctx.tenantId, v.carTypeId);
  const f = rateFen(v);
  const now = deps.clock.now().toISOString();
  let id = 0;
  try {
    const [row] = await rowsOf<{ id: RawNumber }>(
      deps.db,
      sql`insert into ts_rates (tenant_id, city, car_type_id, day_minute_fen, night_minute_fen, km_fen, min_fen,
          max_fen, daily_cap_fen, created_at, updated_at)
        values (${ctx.tenantId}, ${v.city}, ${v.carTypeId}, ${f.day}, ${f.night}, ${f.km}, ${f.min}, ${f.max},
          ${f.cap}, ${now}, ${now})
        returning id`,
    );
    id = rawNumber(row!.id);
  } catch (err) {
    rateTaken(err, v.city);
  }
  return getRate(deps, ctx, id);
}

export async function updateRate(deps: Deps, ctx: Ctx, v: RateUpdateInput): Promise<RateRow> {
  await getRate(deps, ctx, v.id);
  await checkCarType(deps.db, ctx.tenantId, v.carTypeId);
  const f = rateFen(v);
  let changed: { id: RawNumber }[] = [];
  try {
    changed = await rowsOf<{ id: RawNumber }>(
      deps.db,
      sql`update ts_rates set city = ${v.city}, car_type_id = ${v.carTypeId}, day_minute_fen = ${f.day},
          night_minute_fen = ${f.night}, km_fen = ${f.km}, min_fen = ${f.min}, max_fen = ${f.max},
          daily_cap_fen = ${f.cap}, version = version + 1, updated_at = ${deps.clock.now().toISOString()}
        where tenant_id = ${ctx.tenantId} and id = ${v.id} and version = ${v.version}
        returning id`,
    );
  } catch (err) {
    rateTaken(err, v.city);
  }
  if (!changed.length) throw new ConflictError('timeShare.stale', undefined, 'stale');
  return getRate(deps, ctx, v.id);
}

/** Trips keep a copy of their rate: deleting one changes no trip. */
export async function deleteRate(deps: Deps, ctx: Ctx, id: number): Promise<RateRow> {
  const rate = await getRate(deps, ctx, id);
  await deps.db.execute(sql`delete from ts_rates where tenant_id = ${ctx.tenantId} and id = ${id}`);
  return rate;
}

/** The rate of a city and car type, in fen (trips copy it at reservation). */
export async function rateFor(db: DbOrTx, tenantId: number, city: string, carTypeId: number | null) {
  if (carTypeId === null) return null;
  const [row] = await rowsOf<RawRate>(
    db,
    sql`${rateSelect} where r.tenant_id = ${tenantId} and r.city = ${city} and r.car_type_id = ${carTypeId}`,
  );
  if (!row) return null;
  return {
    dayMinuteFen: rawNumber(row.day_minute_fen),
    nightMinuteFen: rawNumber(row.night_minute_fen),
    kmFen: rawNumber(row.km_fen),
    minFen: rawNumber(row.min_fen),
    maxFen: row.max_fen == null ? null : rawNumber(row.max_fen),
    dailyCapFen: rawNumber(row.daily_cap_fen),
  };
}
