import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import type {
  BoardCalendarAnswer,
  BoardDayAnswer,
  BookingDetail,
  BookingEvent,
  BookingRow,
  BookingState,
} from '@fleetdesk/contracts/short-term';
import { hasPermission, rentInScope, type RequestContext } from '../../core/access.js';
import { EXPORT_PAGE_ROWS, idArray, rawNumber, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { NotFoundError } from '../../core/errors.js';
import { renderStored, type KeyedText } from '../../core/i18n.js';
import { containsPattern, prefixPattern } from '../../core/like.js';
import { addDays, tenantDays } from '../../core/tenant-time.js';
import { chargesOut, quoteOf, quoteOut, settlementOf } from './bookings.service.js';
import * as repo from './short-term.repository.js';
import './short-term.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
const fen = (v: RawNumber | null) => fenToYuan(rawNumber(v ?? 0));

/** A booking as lists show it. */
export function toBookingRow(b: repo.RawBooking, now: Date): BookingRow {
  const pickUpAt = new Date(b.pick_up_at);
  const returnAt = new Date(b.return_at);
  return {
    id: rawNumber(b.id),
    code: b.code,
    state: b.state as BookingState,
    rentId: rawNumber(b.rent_id),
    storeId: rawNumber(b.store_id),
    storeName: b.store_name,
    returnStoreId: rawNumber(b.return_store_id),
    carTypeId: rawNumber(b.car_type_id),
    carTypeName: b.car_type_name ?? '',
    carId: rawNumber(b.car_id),
    plate: b.plate,
    driverId: rawNumber(b.driver_id),
    driverName: b.driver_name,
    driverPhone: b.driver_phone,
    pickUpAt: pickUpAt.toISOString(),
    returnAt: returnAt.toISOString(),
    pickedUpAt: repo.rawIsoOrNull(b.picked_up_at),
    returnedAt: repo.rawIsoOrNull(b.returned_at),
    days: b.days,
    total: fen(b.total_fen),
    deposits: fenToYuan(rawNumber(b.damage_deposit_fen) + rawNumber(b.violation_deposit_fen)),
    paidAt: repo.rawIsoOrNull(b.paid_at),
    overdue:
      (b.state === 'toPickUp' && pickUpAt.getTime() < now.getTime()) ||
      (b.state === 'inUse' && returnAt.getTime() < now.getTime()),
    createdAt: repo.rawIso(b.created_at),
  };
}

/** What the caller may do with a booking now: by its state and his permissions. */
function actionsOf(b: repo.RawBooking, ctx: RequestContext): BookingDetail['actions'] {
  const may = (code: string) => hasPermission(ctx.permissions, code);
  const out: BookingDetail['actions'] = [];
  if (b.state === 'unpaid' && may('sevenShort:add')) out.push('pay');
  if (b.state === 'returned' && b.balance_order_id != null && may('sevenShort:settle')) out.push('pay');
  if ((b.state === 'unpaid' || b.state === 'toPickUp') && may('sevenShort:cancel')) out.push('cancel');
  if (b.state === 'toPickUp' && may('sevenShort:dispatch')) out.push('pickUp');
  if (b.state === 'inUse' && may('sevenShort:return')) out.push('return');
  if (b.state === 'returned' && b.settled_at == null && may('sevenShort:settle')) out.push('settle');
  return out;
}

export async function bookingEvents(deps: Deps, ctx: RequestContext, id: number): Promise<BookingEvent[]> {
  const rows = await rowsOf<{
    id: RawNumber;
    kind: BookingEvent['kind'];
    at: Date | string;
    user_id: RawNumber | null;
    user_name: string | null;
    data: unknown;
  }>(
    deps.db,
    sql`select e.id, e.kind, e.at, e.user_id, u.name as user_name, e.data from st_booking_events e
      left join users u on u.tenant_id = e.tenant_id and u.id = e.user_id
      where e.tenant_id = ${ctx.tenantId} and e.booking_id = ${id} order by e.at, e.id`,
  );
  return rows.map((e) => {
    const data = repo.rawJson(e.data as never, {}) as Record<string, unknown> & { text?: KeyedText };
    const { text, ...rest } = data;
    return {
      id: rawNumber(e.id),
      kind: e.kind,
      at: repo.rawIso(e.at),
      userId: e.user_id == null ? null : rawNumber(e.user_id),
      userName: e.user_name,
      // The line a person reads, in the caller's language (stored as a key and its parameters).
      data: { ...rest, text: text ? renderStored(ctx.lang, text.key, text.params, '') : '' },
    };
  });
}

export async function getBooking(deps: Deps, ctx: RequestContext, id: number): Promise<BookingDetail> {
  const b = await repo.findBooking(deps.db, ctx, id);
  if (!b) throw new NotFoundError('shortTerm.bookingNotFound');
  const now = deps.clock.now();
  const s = settlementOf(b);
  const stored = repo.rawJson(b.extras, []);
  const [extras, inspections, creator, events] = await Promise.all([
    stored.length
      ? rowsOf<{ id: RawNumber; name: string }>(
          deps.db,
          sql`select id, name from st_extras where tenant_id = ${ctx.tenantId}
            and id = any(${idArray(stored.map((e) => e.extraId))})`,
        )
      : Promise.resolve([]),
    rowsOf<{ id: RawNumber; kind: string }>(
      deps.db,
      sql`select id, kind from handover_inspections where tenant_id = ${ctx.tenantId} and booking_id = ${id}`,
    ),
    b.created_by == null
      ? Promise.resolve([])
      : rowsOf<{ name: string }>(
          deps.db,
          sql`select name from users where tenant_id = ${ctx.tenantId} and id = ${b.created_by}`,
        ),
    bookingEvents(deps, ctx, id),
  ]);
  const names = new Map(extras.map((e) => [rawNumber(e.id), e.name]));
  const inspection = (kind: string) => {
    const row = inspections.find((i) => i.kind === kind);
    return row ? rawNumber(row.id) : null;
  };
  return {
    ...toBookingRow(b, now),
    returnStoreName: b.return_store_name,
    protectionId: b.protection_id == null ? null : rawNumber(b.protection_id),
    protectionName: b.protection_name,
    extras: stored.map((e) => ({ extraId: e.extraId, name: names.get(e.extraId) ?? '', count: e.count })),
    deliveryAddress: b.delivery_address,
    collectionAddress: b.collection_address,
    quote: quoteOut(quoteOf(b)),
    rent: fen(b.rent_fen),
    damageDeposit: fen(b.damage_deposit_fen),
    violationDeposit: fen(b.violation_deposit_fen),
    orderId: b.order_id == null ? null : rawNumber(b.order_id),
    charges: s.charges ? chargesOut(s.charges) : null,
    settledAt: repo.rawIsoOrNull(b.settled_at),
    balanceOrderId: b.balance_order_id == null ? null : rawNumber(b.balance_order_id),
    balanceDue: b.settled_at != null ? fenToYuan(s.balanceFen) : 0,
    violationHoldUntil: b.violation_hold_until == null ? null : String(b.violation_hold_until).slice(0, 10),
    violationUsed: fen(b.violation_used_fen),
    violationReleasedAt: repo.rawIsoOrNull(b.violation_released_at),
    cancelFee: b.cancel_fee_fen == null ? null : fen(b.cancel_fee_fen),
    cancelledAt: repo.rawIsoOrNull(b.cancelled_at),
    cancelReason: b.cancel_reason,
    dispatchInspectionId: inspection('dispatch'),
    returnInspectionId: inspection('return'),
    remark: b.remark,
    version: b.version,
    createdByName: creator[0]?.name ?? null,
    events,
    actions: actionsOf(b, ctx),
  };
}

export interface BookingFilter {
  state?: string | undefined;
  storeId?: number | undefined;
  carTypeId?: number | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  rentId?: number | undefined;
}

async function bookingWhere(deps: Deps, ctx: RequestContext, q: BookingFilter): Promise<SQL> {
  rentInScope(ctx, q.rentId);
  const where: SQL[] = [repo.visibleBookings(ctx)];
  if (q.rentId) where.push(sql`b.rent_id = ${q.rentId}`);
  if (q.state) where.push(sql`b.state = ${q.state}`);
  if (q.storeId) where.push(sql`(b.store_id = ${q.storeId} or b.return_store_id = ${q.storeId})`);
  if (q.carTypeId) where.push(sql`b.car_type_id = ${q.carTypeId}`);
  if (q.keyword)
    where.push(
      sql`(d.name ilike ${containsPattern(q.keyword)} or d.phone like ${containsPattern(q.keyword)}
        or b.code like ${prefixPattern(q.keyword.toUpperCase())}
        or exists (select 1 from cars kc where kc.tenant_id = b.tenant_id and kc.id = b.car_id
          and kc.plate ilike ${containsPattern(q.keyword)}))`,
    );
  if (q.from || q.to) {
    const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
    // Pick-up on the tenant's calendar days [from, to].
    if (q.from) where.push(sql`b.pick_up_at >= ${days.startOf(q.from).toISOString()}`);
    if (q.to) where.push(sql`b.pick_up_at < ${days.startOf(addDays(q.to, 1)).toISOString()}`);
  }
  return sql.join(where, sql` and `);
}

export async function listBookings(
  deps: Deps,
  ctx: RequestContext,
  q: BookingFilter & { pageNum: number; pageSize: number },
): Promise<{ rows: BookingRow[]; total: number }> {
  const where = await bookingWhere(deps, ctx, q);
  const now = deps.clock.now();
  const [rows, total] = await Promise.all([
    repo.bookingRows(deps.db, where, q.pageSize, (q.pageNum - 1) * q.pageSize),
    repo.bookingTotal(deps.db, where),
  ]);
  return { rows: rows.map((b) => toBookingRow(b, now)), total };
}

export async function* bookingsForExport(deps: Deps, ctx: RequestContext, q: BookingFilter) {
  const where = await bookingWhere(deps, ctx, q);
  const now = deps.clock.now();
  for (let offset = 0; ; offset += EXPORT_PAGE_ROWS) {
    const page = await repo.bookingRows(deps.db, where, EXPORT_PAGE_ROWS, offset, sql`b.pick_up_at desc, b.id desc`);
    for (const b of page) yield toBookingRow(b, now);
    if (page.length < EXPORT_PAGE_ROWS) return;
  }
}

// --------------------------------------------------------------------------------------------------- board

/**
 * `shortBoard/day`: the store's pick-ups and returns due on the tenant's calendar day (plus the overdue ones when the
 * day is today or later), and the cars of each type free now.
 */
export async function boardDay(
  deps: Deps,
  ctx: RequestContext,
  q: { storeId: number; date?: string | undefined },
): Promise<BoardDayAnswer> {
  const store = await repo.findStore(deps.db, ctx, q.storeId);
  if (!store) throw new NotFoundError('shortTerm.storeNotFound');
  const now = deps.clock.now();
  const days = await tenantDays(deps.db, ctx.tenantId, now);
  const date = q.date ?? days.today;
  const from = days.startOf(date);
  const to = days.startOf(addDays(date, 1));
  const base = sql`${repo.visibleBookings(ctx)}`;
  const withOverdue = date >= days.today;
  const [pickUps, returns] = await Promise.all([
    repo.bookingRows(
      deps.db,
      sql`${base} and b.store_id = ${q.storeId} and b.state in ('unpaid', 'toPickUp')
        and (b.pick_up_at >= ${from.toISOString()} and b.pick_up_at < ${to.toISOString()}
          ${withOverdue ? sql`or b.state = 'toPickUp' and b.pick_up_at < ${now.toISOString()}` : sql``})`,
      500,
      0,
      sql`b.pick_up_at, b.id`,
    ),
    repo.bookingRows(
      deps.db,
      sql`${base} and b.return_store_id = ${q.storeId} and b.state = 'inUse'
        and (b.return_at >= ${from.toISOString()} and b.return_at < ${to.toISOString()}
          ${withOverdue ? sql`or b.return_at < ${now.toISOString()}` : sql``})`,
      500,
      0,
      sql`b.return_at, b.id`,
    ),
  ]);
  const types = await rowsOf<{
    car_type_id: RawNumber;
    car_type_name: string | null;
    cars: RawNumber;
    free: RawNumber;
  }>(
    deps.db,
    sql`select c.car_type_id, ct.name as car_type_name, count(*) as cars,
        count(*) filter (where c.status not in ${repo.UNBOOKABLE_SQL}
          and ${repo.carFreeSql(sql`c`, now, new Date(now.getTime() + 60_000), now)}) as free
      from st_store_cars sc join cars c on c.tenant_id = sc.tenant_id and c.id = sc.car_id
      left join car_types ct on ct.tenant_id = c.tenant_id and ct.id = c.car_type_id
      where sc.tenant_id = ${ctx.tenantId} and sc.store_id = ${q.storeId} and c.deleted_at is null
      group by c.car_type_id, ct.name order by ct.name`,
  );
  return {
    date,
    pickUps: pickUps.map((b) => toBookingRow(b, now)),
    returns: returns.map((b) => toBookingRow(b, now)),
    availableByType: types.map((t) => ({
      carTypeId: rawNumber(t.car_type_id),
      carTypeName: t.car_type_name ?? '',
      available: rawNumber(t.free),
      total: rawNumber(t.cars),
    })),
  };
}

/** `shortBoard/calendar`: each car of the store with its live and past bookings overlapping [from, from + days). */
export async function boardCalendar(
  deps: Deps,
  ctx: RequestContext,
  q: { storeId: number; from: string; days: number },
): Promise<BoardCalendarAnswer> {
  const store = await repo.findStore(deps.db, ctx, q.storeId);
  if (!store) throw new NotFoundError('shortTerm.storeNotFound');
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const start = days.startOf(q.from);
  const end = days.startOf(addDays(q.from, q.days));
  const cars = await rowsOf<{
    id: RawNumber;
    plate: string;
    car_type_id: RawNumber | null;
    car_type_name: string | null;
    status: string;
  }>(
    deps.db,
    sql`select c.id, c.plate, c.car_type_id, ct.name as car_type_name, c.status
      from st_store_cars sc join cars c on c.tenant_id = sc.tenant_id and c.id = sc.car_id
      left join car_types ct on ct.tenant_id = c.tenant_id and ct.id = c.car_type_id
      where sc.tenant_id = ${ctx.tenantId} and sc.store_id = ${q.storeId} and c.deleted_at is null
      order by ct.name, c.plate`,
  );
  const bookings = await rowsOf<{
    id: RawNumber;
    code: string;
    car_id: RawNumber;
    state: BookingState;
    pick_up_at: Date | string;
    return_at: Date | string;
    driver_name: string;
  }>(
    deps.db,
    sql`select b.id, b.code, b.car_id, b.state, b.pick_up_at, b.return_at, d.name as driver_name
      from st_bookings b join drivers d on d.tenant_id = b.tenant_id and d.id = b.driver_id
      join st_store_cars sc on sc.tenant_id = b.tenant_id and sc.car_id = b.car_id and sc.store_id = ${q.storeId}
      where ${repo.visibleBookings(ctx)} and b.state <> 'cancelled'
        and b.pick_up_at < ${end.toISOString()} and b.return_at > ${start.toISOString()}
      order by b.pick_up_at`,
  );
  const byCar = new Map<number, typeof bookings>();
  for (const b of bookings) {
    const id = rawNumber(b.car_id);
    byCar.set(id, [...(byCar.get(id) ?? []), b]);
  }
  return {
    from: q.from,
    days: q.days,
    cars: cars.map((c) => ({
      carId: rawNumber(c.id),
      plate: c.plate,
      carTypeId: c.car_type_id == null ? null : rawNumber(c.car_type_id),
      carTypeName: c.car_type_name,
      status: c.status,
      bookings: (byCar.get(rawNumber(c.id)) ?? []).map((b) => ({
        id: rawNumber(b.id),
        code: b.code,
        state: b.state,
        pickUpAt: repo.rawIso(b.pick_up_at),
        returnAt: repo.rawIso(b.return_at),
        driverName: b.driver_name,
      })),
    })),
  };
}
