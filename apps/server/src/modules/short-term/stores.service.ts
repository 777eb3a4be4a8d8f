import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import type {
  StoreCarRow,
  StoreCarsQuery,
  StoreInput,
  StoreListQuery,
  StoreOption,
  StoreRow,
  StoreUpdateInput,
} from '@fleetdesk/contracts/short-term';
import { rentInScope, type RequestContext } from '../../core/access.js';
import { idArray, isUniqueViolation, rawNumber, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { ensureRentWritable } from '../organisation/rents.service.js';
import * as repo from './short-term.repository.js';
import './short-term.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

type StoreFields = z.output<typeof StoreInput>;
type StoreUpdate = z.output<typeof StoreUpdateInput>;

export function toStore(r: repo.RawStore): StoreRow {
  return {
    id: rawNumber(r.id),
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    name: r.name,
    address: r.address,
    lat: Number(r.lat),
    lon: Number(r.lon),
    phone: r.phone ?? '',
    opensAt: r.opens_at,
    closesAt: r.closes_at,
    minNoticeHours: r.min_notice_hours,
    maxDaysAhead: r.max_days_ahead,
    deliveryRadiusKm: r.delivery_radius_km,
    deliveryFee: fenToYuan(rawNumber(r.delivery_fee_fen)),
    enabled: r.enabled,
    carCount: rawNumber(r.car_count),
    version: r.version,
    createdAt: repo.rawIso(r.created_at),
    updatedAt: repo.rawIso(r.updated_at),
  };
}

export async function listStores(
  deps: Deps,
  ctx: RequestContext,
  q: StoreListQuery,
): Promise<{ rows: StoreRow[]; total: number }> {
  rentInScope(ctx, q.rentId);
  const where: SQL[] = [repo.visibleStores(ctx)];
  if (q.rentId) where.push(sql`s.rent_id = ${q.rentId}`);
  if (q.enabled !== undefined) where.push(sql`s.enabled = ${q.enabled}`);
  if (q.keyword)
    where.push(sql`(s.name ilike ${containsPattern(q.keyword)} or s.address ilike ${containsPattern(q.keyword)})`);
  const w = sql.join(where, sql` and `);
  const [rows, total] = await Promise.all([
    repo.storeRows(deps.db, w, q.pageSize, (q.pageNum - 1) * q.pageSize),
    repo.storeTotal(deps.db, w),
  ]);
  return { rows: rows.map(toStore), total };
}

export async function storeOptions(deps: Deps, ctx: RequestContext): Promise<StoreOption[]> {
  const rows = await rowsOf<{ id: RawNumber; name: string; rent_id: RawNumber; enabled: boolean }>(
    deps.db,
    sql`select s.id, s.name, s.rent_id, s.enabled from st_stores s where ${repo.visibleStores(ctx)} order by s.name, s.id`,
  );
  return rows.map((r) => ({ id: rawNumber(r.id), name: r.name, rentId: rawNumber(r.rent_id), enabled: r.enabled }));
}

export async function getStore(deps: Deps, ctx: RequestContext, id: number, db: DbOrTx = deps.db) {
  const row = await repo.findStore(db, ctx, id);
  if (!row) throw new NotFoundError('shortTerm.storeNotFound');
  return toStore(row);
}

function nameTaken(err: unknown, name: string): never {
  if (isUniqueViolation(err, 'st_stores_name_uq') || isUniqueViolation(err))
    throw invalidField('name', 'shortTerm.storeNameTaken', { name });
  throw err;
}

function storeValues(f: StoreFields) {
  return sql`${f.name}, ${f.address}, ${f.lat ?? null}, ${f.lon ?? null}, ${f.phone || null}, ${f.opensAt},
    ${f.closesAt}, ${f.minNoticeHours}, ${f.maxDaysAhead}, ${f.deliveryRadiusKm}, ${yuanToFen(f.deliveryFee)}, ${f.enabled}`;
}

export async function createStore(deps: Deps, ctx: RequestContext, f: StoreFields) {
  rentInScope(ctx, f.rentId);
  const now = deps.clock.now().toISOString();
  const id = await deps.db
    .transaction(async (tx) => {
      await ensureRentWritable(tx, ctx, f.rentId, 'rentId');
      const [row] = await rowsOf<{ id: RawNumber }>(
        tx,
        sql`insert into st_stores (tenant_id, rent_id, name, address, lat, lon, phone, opens_at, closes_at,
            min_notice_hours, max_days_ahead, delivery_radius_km, delivery_fee_fen, enabled, created_by, created_at,
            updated_at)
          values (${ctx.tenantId}, ${f.rentId}, ${storeValues(f)}, ${ctx.userId}, ${now}, ${now}) returning id`,
      );
      return rawNumber(row!.id);
    })
    .catch((err: unknown) => nameTaken(err, f.name));
  return getStore(deps, ctx, id);
}

export async function updateStore(deps: Deps, ctx: RequestContext, f: StoreUpdate) {
  const now = deps.clock.now().toISOString();
  await deps.db
    .transaction(async (tx) => {
      const cur = await repo.findStore(tx, ctx, f.id, true);
      if (!cur) throw new NotFoundError('shortTerm.storeNotFound');
      if (cur.version !== f.version) throw new ConflictError('shortTerm.stale', undefined, 'shortTerm.stale');
      // A store keeps its rent: its cars and bookings belong to it.
      if (rawNumber(cur.rent_id) !== f.rentId) throw invalidField('rentId', 'shortTerm.storeRentFixed');
      await tx.execute(
        sql`update st_stores set (name, address, lat, lon, phone, opens_at, closes_at, min_notice_hours,
            max_days_ahead, delivery_radius_km, delivery_fee_fen, enabled) = (${storeValues(f)}),
            version = version + 1, updated_at = ${now}
          where tenant_id = ${ctx.tenantId} and id = ${f.id}`,
      );
    })
    .catch((err: unknown) => nameTaken(err, f.name));
  return getStore(deps, ctx, f.id);
}

/** Soft delete of a store without live bookings; its cars leave it. */
export async function deleteStore(deps: Deps, ctx: RequestContext, id: number) {
  const now = deps.clock.now().toISOString();
  await deps.db.transaction(async (tx) => {
    const cur = await repo.findStore(tx, ctx, id, true);
    if (!cur) throw new NotFoundError('shortTerm.storeNotFound');
    const [live] = await rowsOf<{ id: RawNumber }>(
      tx,
      sql`select id from st_bookings where tenant_id = ${ctx.tenantId} and (store_id = ${id} or return_store_id = ${id})
        and state in ${repo.LIVE_SQL} limit 1`,
    );
    if (live) throw new ConflictError('shortTerm.storeInUse', undefined, 'shortTerm.storeInUse');
    await tx.execute(sql`delete from st_store_cars where tenant_id = ${ctx.tenantId} and store_id = ${id}`);
    await tx.execute(
      sql`update st_stores set deleted_at = ${now}, enabled = false, updated_at = ${now}
        where tenant_id = ${ctx.tenantId} and id = ${id}`,
    );
  });
  return { id };
}

// ------------------------------------------------------------------------------------------- store cars

export async function storeCars(
  deps: Deps,
  ctx: RequestContext,
  q: StoreCarsQuery,
): Promise<{ rows: StoreCarRow[]; total: number }> {
  await getStore(deps, ctx, q.storeId);
  const where: SQL[] = [sql`sc.tenant_id = ${ctx.tenantId} and sc.store_id = ${q.storeId}`];
  if (q.carTypeId) where.push(sql`c.car_type_id = ${q.carTypeId}`);
  if (q.keyword) where.push(sql`c.plate ilike ${containsPattern(q.keyword)}`);
  const w = sql.join(where, sql` and `);
  const from = sql`st_store_cars sc join cars c on c.tenant_id = sc.tenant_id and c.id = sc.car_id`;
  const rows = await rowsOf<{
    car_id: RawNumber;
    plate: string;
    car_type_id: RawNumber | null;
    car_type_name: string | null;
    status: string;
    added_at: Date | string;
    live_booking_id: RawNumber | null;
  }>(
    deps.db,
    sql`select c.id as car_id, c.plate, c.car_type_id, ct.name as car_type_name, c.status, sc.added_at,
        (select b.id from st_bookings b where b.tenant_id = c.tenant_id and b.car_id = c.id
          and b.state in ${repo.LIVE_SQL} order by b.pick_up_at limit 1) as live_booking_id
      from ${from} left join car_types ct on ct.tenant_id = c.tenant_id and ct.id = c.car_type_id
      where ${w} order by c.plate limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
  );
  const [n] = await rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from ${from} where ${w}`);
  return {
    rows: rows.map((r) => ({
      carId: rawNumber(r.car_id),
      plate: r.plate,
      carTypeId: r.car_type_id == null ? null : rawNumber(r.car_type_id),
      carTypeName: r.car_type_name,
      status: r.status,
      addedAt: repo.rawIso(r.added_at),
      liveBookingId: r.live_booking_id == null ? null : rawNumber(r.live_booking_id),
    })),
    total: rawNumber(n?.n ?? 0),
  };
}

/**
 * Puts cars into a store: cars of the store's rent with a car type, not sold or scrapped, not in time-share; a car
 * in another store moves only when it has no live booking.
 */
export async function addStoreCars(deps: Deps, ctx: RequestContext, storeId: number, carIds: number[]) {
  const now = deps.clock.now().toISOString();
  const ids = [...new Set(carIds)];
  await deps.db.transaction(async (tx) => {
    const store = await repo.findStore(tx, ctx, storeId, true);
    if (!store) throw new NotFoundError('shortTerm.storeNotFound');
    const cars = await rowsOf<{
      id: RawNumber;
      plate: string;
      rent_id: RawNumber;
      status: string;
      car_type_id: RawNumber | null;
      store_id: RawNumber | null;
      in_time_share: boolean;
      live: boolean;
    }>(
      tx,
      sql`select c.id, c.plate, c.rent_id, c.status, c.car_type_id, sc.store_id,
          exists (select 1 from ts_cars t where t.tenant_id = c.tenant_id and t.car_id = c.id) as in_time_share,
          exists (select 1 from st_bookings b where b.tenant_id = c.tenant_id and b.car_id = c.id
            and b.state in ${repo.LIVE_SQL}) as live
        from cars c left join st_store_cars sc on sc.tenant_id = c.tenant_id and sc.car_id = c.id
        where c.tenant_id = ${ctx.tenantId} and c.id = any(${idArray(ids)}) and c.deleted_at is null
          and c.rent_id = any(${idArray(ctx.rentIds)})
        for update of c`,
    );
    const byId = new Map(cars.map((c) => [rawNumber(c.id), c]));
    for (const [i, id] of ids.entries()) {
      const c = byId.get(id);
      const at = `carIds.${i}`;
      if (!c) throw invalidField(at, 'shortTerm.carNotFound');
      if (rawNumber(c.rent_id) !== rawNumber(store.rent_id))
        throw invalidField(at, 'shortTerm.carOtherRent', { plate: c.plate });
      if (c.status === 'sold' || c.status === 'scrapped')
        throw invalidField(at, 'shortTerm.carUnusable', { plate: c.plate });
      if (c.car_type_id == null) throw invalidField(at, 'shortTerm.carNoType', { plate: c.plate });
      if (c.in_time_share)
        throw new ConflictError('shortTerm.carInTimeShare', { plate: c.plate }, 'shortTerm.carInTimeShare');
      if (c.store_id != null && rawNumber(c.store_id) !== storeId && c.live)
        throw new ConflictError('shortTerm.carHasBookings', { plate: c.plate }, 'shortTerm.carHasBookings');
    }
    for (const id of ids) {
      await tx.execute(
        sql`insert into st_store_cars (tenant_id, car_id, store_id, added_at) values (${ctx.tenantId}, ${id}, ${storeId}, ${now})
          on conflict (tenant_id, car_id) do update set store_id = excluded.store_id, added_at = excluded.added_at
          where st_store_cars.store_id <> excluded.store_id`,
      );
    }
  });
  return { carIds: ids };
}

/** Takes cars out of a store (only without live bookings). */
export async function removeStoreCars(deps: Deps, ctx: RequestContext, storeId: number, carIds: number[]) {
  await deps.db.transaction(async (tx) => {
    const store = await repo.findStore(tx, ctx, storeId, true);
    if (!store) throw new NotFoundError('shortTerm.storeNotFound');
    const [live] = await rowsOf<{ plate: string }>(
      tx,
      sql`select c.plate from st_bookings b join cars c on c.tenant_id = b.tenant_id and c.id = b.car_id
        where b.tenant_id = ${ctx.tenantId} and b.car_id = any(${idArray(carIds)}) and b.state in ${repo.LIVE_SQL} limit 1`,
    );
    if (live) throw new ConflictError('shortTerm.carHasBookings', { plate: live.plate }, 'shortTerm.carHasBookings');
    await tx.execute(
      sql`delete from st_store_cars where tenant_id = ${ctx.tenantId} and store_id = ${storeId}
        and car_id = any(${idArray(carIds)})`,
    );
  });
  return { carIds };
}
