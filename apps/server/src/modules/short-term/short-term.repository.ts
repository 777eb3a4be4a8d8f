import { sql, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../core/access.js';
import {
  idArray,
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

/*
 * The short-term area's statements (docs/short-term.md). Every query starts with the tenant and, for stores and
 * bookings, the caller's rents (`rent_id = any(ctx.rentIds)`): another tenant's or rent's id is simply not found.
 */

export type Scope = Pick<RequestContext, 'tenantId' | 'rentIds'>;

/** The states that hold a car (the exclusion constraint's states). */
export const LIVE_STATES = ['unpaid', 'toPickUp', 'inUse'] as const;
export const LIVE_SQL = sql.raw(`('unpaid', 'toPickUp', 'inUse')`);
/** Car statuses that cannot be booked. */
export const UNBOOKABLE_SQL = sql.raw(`('maintenance', 'off_fleet', 'sold', 'scrapped')`);

export const visibleStores = (ctx: Scope, alias = 's'): SQL =>
  sql`${sql.raw(alias)}.tenant_id = ${ctx.tenantId} and ${sql.raw(alias)}.deleted_at is null
    and ${sql.raw(alias)}.rent_id = any(${idArray(ctx.rentIds)})`;

export const visibleBookings = (ctx: Scope, alias = 'b'): SQL =>
  sql`${sql.raw(alias)}.tenant_id = ${ctx.tenantId} and ${sql.raw(alias)}.rent_id = any(${idArray(ctx.rentIds)})`;

// ------------------------------------------------------------------------------------------------ stores

export interface RawStore {
  id: RawNumber;
  rent_id: RawNumber;
  rent_name: string | null;
  name: string;
  address: string;
  lat: RawNumber | null;
  lon: RawNumber | null;
  phone: string | null;
  opens_at: string;
  closes_at: string;
  min_notice_hours: number;
  max_days_ahead: number;
  delivery_radius_km: number;
  delivery_fee_fen: RawNumber;
  enabled: boolean;
  version: number;
  car_count: RawNumber;
  created_at: RawTime;
  updated_at: RawTime;
}

const STORE_COLUMNS = sql`s.id, s.rent_id, r.short_name as rent_name, s.name, s.address, s.lat, s.lon, s.phone,
  s.opens_at, s.closes_at, s.min_notice_hours, s.max_days_ahead, s.delivery_radius_km, s.delivery_fee_fen,
  s.enabled, s.version, s.created_at, s.updated_at,
  (select count(*) from st_store_cars sc where sc.tenant_id = s.tenant_id and sc.store_id = s.id) as car_count`;
const STORE_FROM = sql`st_stores s left join rents r on r.tenant_id = s.tenant_id and r.id = s.rent_id`;

export async function storeRows(db: DbOrTx, where: SQL, limit: number, offset: number): Promise<RawStore[]> {
  return rowsOf<RawStore>(
    db,
    sql`select ${STORE_COLUMNS} from ${STORE_FROM} where ${where} order by s.id limit ${limit} offset ${offset}`,
  );
}

export async function storeTotal(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: RawNumber }>(db, sql`select count(*) as n from st_stores s where ${where}`);
  return rawNumber(row?.n ?? 0);
}

export async function findStore(db: DbOrTx, ctx: Scope, id: number, lock = false): Promise<RawStore | undefined> {
  const [row] = await rowsOf<RawStore>(
    db,
    sql`select ${STORE_COLUMNS} from ${STORE_FROM} where ${visibleStores(ctx)} and s.id = ${id}
      ${lock ? sql`for update of s` : sql``}`,
  );
  return row;
}

export const num = (v: RawNumber | null): number | null => (v == null ? null : Number(v));
export { rawIso, rawIsoOrNull, rawJson, rawNumber, rawNumberOrNull };
export type { RawJson, RawNumber, RawTime };

// ------------------------------------------------------------------------------------------- availability

/**
 * The cars of a store and type that are free over [from, to): bookable status, no live booking overlapping, not on
 * a live contract. An `inUse` booking holds its car until it is returned, also past its planned return.
 */
export function freeCarsSql(
  tenantId: number,
  storeId: number,
  carTypeId: number,
  from: Date,
  to: Date,
  now: Date,
): SQL {
  return sql`select c.id, c.plate from st_store_cars sc
      join cars c on c.tenant_id = sc.tenant_id and c.id = sc.car_id
    where sc.tenant_id = ${tenantId} and sc.store_id = ${storeId} and c.car_type_id = ${carTypeId}
      and c.deleted_at is null and c.status not in ${UNBOOKABLE_SQL}
      and ${carFreeSql(sql`c`, from, to, now)}
    order by c.id`;
}

/**
 * The car of alias `c` holds no live booking overlapping [from, to) and no live contract. A booking in use past its
 * planned return holds its car until it is returned: nobody knows when that will be.
 */
export function carFreeSql(c: SQL, from: Date, to: Date, now: Date): SQL {
  const f = from.toISOString();
  const t = to.toISOString();
  return sql`not exists (select 1 from st_bookings b where b.tenant_id = ${c}.tenant_id and b.car_id = ${c}.id
        and b.state in ${LIVE_SQL}
        and tstzrange(b.pick_up_at, case when b.state = 'inUse' and b.return_at <= ${now.toISOString()}::timestamptz
          then 'infinity'::timestamptz else b.return_at end, '[)')
          && tstzrange(${f}::timestamptz, ${t}::timestamptz, '[)'))
      and not exists (select 1 from rental_contracts k where k.tenant_id = ${c}.tenant_id and k.car_id = ${c}.id
        and k.state in ('pending', 'signed'))`;
}

export async function freeCars(
  db: DbOrTx,
  tenantId: number,
  storeId: number,
  carTypeId: number,
  from: Date,
  to: Date,
  now: Date,
): Promise<{ id: number; plate: string }[]> {
  const rows = await rowsOf<{ id: RawNumber; plate: string }>(
    db,
    freeCarsSql(tenantId, storeId, carTypeId, from, to, now),
  );
  return rows.map((r) => ({ id: rawNumber(r.id), plate: r.plate }));
}

// --------------------------------------------------------------------------------------------- bookings

export interface RawBooking {
  id: RawNumber;
  code: string;
  rent_id: RawNumber;
  store_id: RawNumber;
  store_name: string;
  return_store_id: RawNumber;
  return_store_name: string;
  car_type_id: RawNumber;
  car_type_name: string | null;
  car_id: RawNumber;
  plate: string;
  driver_id: RawNumber;
  driver_name: string;
  driver_phone: string;
  state: string;
  pick_up_at: RawTime;
  return_at: RawTime;
  delivery_address: string | null;
  collection_address: string | null;
  protection_id: RawNumber | null;
  protection_name: string | null;
  extras: RawJson<{ extraId: number; count: number }[]>;
  quote: RawJson<unknown>;
  days: number;
  remark: string | null;
  rent_fen: RawNumber;
  total_fen: RawNumber;
  damage_deposit_fen: RawNumber;
  violation_deposit_fen: RawNumber;
  order_id: RawNumber | null;
  paid_at: RawTime | null;
  picked_up_at: RawTime | null;
  returned_at: RawTime | null;
  charges: RawJson<Record<string, number>> | null;
  settled_at: RawTime | null;
  balance_order_id: RawNumber | null;
  violation_hold_until: RawTime | string | null;
  violation_used_fen: RawNumber;
  violation_released_at: RawTime | null;
  cancel_fee_fen: RawNumber | null;
  cancelled_at: RawTime | null;
  cancel_reason: string | null;
  version: number;
  created_at: RawTime;
  created_by: RawNumber | null;
}

export const BOOKING_COLUMNS = sql`b.id, b.code, b.rent_id, b.store_id, s.name as store_name, b.return_store_id,
  rs.name as return_store_name, b.car_type_id, ct.name as car_type_name, b.car_id, c.plate, b.driver_id,
  d.name as driver_name, d.phone as driver_phone, b.state, b.pick_up_at, b.return_at, b.delivery_address,
  b.collection_address, b.protection_id, p.name as protection_name, b.extras, b.quote, b.days, b.remark, b.rent_fen,
  b.total_fen,
  b.damage_deposit_fen, b.violation_deposit_fen, b.order_id, b.paid_at, b.picked_up_at, b.returned_at, b.charges,
  b.settled_at, b.balance_order_id, b.violation_hold_until::text as violation_hold_until, b.violation_used_fen,
  b.violation_released_at, b.cancel_fee_fen, b.cancelled_at, b.cancel_reason, b.version, b.created_at, b.created_by`;
export const BOOKING_FROM = sql`st_bookings b
  join st_stores s on s.tenant_id = b.tenant_id and s.id = b.store_id
  join st_stores rs on rs.tenant_id = b.tenant_id and rs.id = b.return_store_id
  left join car_types ct on ct.tenant_id = b.tenant_id and ct.id = b.car_type_id
  join cars c on c.tenant_id = b.tenant_id and c.id = b.car_id
  join drivers d on d.tenant_id = b.tenant_id and d.id = b.driver_id
  left join st_protections p on p.tenant_id = b.tenant_id and p.id = b.protection_id`;

export async function findBooking(db: DbOrTx, ctx: Scope, id: number, lock = false): Promise<RawBooking | undefined> {
  const [row] = await rowsOf<RawBooking>(
    db,
    sql`select ${BOOKING_COLUMNS} from ${BOOKING_FROM} where ${visibleBookings(ctx)} and b.id = ${id}
      ${lock ? sql`for update of b` : sql``}`,
  );
  return row;
}

export async function bookingRows(
  db: DbOrTx,
  where: SQL,
  limit: number,
  offset: number,
  order: SQL = sql`b.pick_up_at desc, b.id desc`,
): Promise<RawBooking[]> {
  return rowsOf<RawBooking>(
    db,
    sql`select ${BOOKING_COLUMNS} from ${BOOKING_FROM} where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
}

export async function bookingTotal(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: RawNumber }>(
    db,
    sql`select count(*) as n from st_bookings b join drivers d on d.tenant_id = b.tenant_id and d.id = b.driver_id
      where ${where}`,
  );
  return rawNumber(row?.n ?? 0);
}
