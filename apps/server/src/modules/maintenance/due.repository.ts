import { sql, type SQL } from 'drizzle-orm';
import { DUE_NEVER, PACE_MIN_DAYS, type DueFilter, type KmSource } from '@fleetdesk/contracts/maintenance';
import type { RentScope } from '../../core/access.js';
import { CountCache } from '../../core/count-cache.js';
import {
  EXPORT_PAGE_ROWS,
  idArray,
  rawIsoOrNull,
  rawNumber,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import { containsPattern } from '../../core/like.js';

/**
 * Every statement of the due list and of `maintenance_due` is here (the benchmark replays them:
 * bench/maintenance.bench.mjs). A due-list call runs: the tenant's due version (one primary-key lookup) and,
 * when the filter's total is not cached at that version, the count; then the page (`dueRows`). `refreshDue`
 * is one INSERT ... SELECT ... ON CONFLICT DO UPDATE with a DELETE in a CTE.
 */

/** What `refreshDue` needs of a tenant: its day, its time zone, the lead km. */
export interface DueParams {
  tenantId: number;
  today: string;
  timeZone: string;
  leadKm: number;
  now: Date;
}

/**
 * The service position of the cars of a tenant that have a plan (`carIds`: only those), computed as the
 * contracts' `nextService` does: the car's plan (its own, else its car type's; enabled), the newest done
 * `service` work order as the baseline (else the registration day, the purchase day or the day the car was
 * created, and 0 km), the current km (the larger of the car's mileage and its device's odometer), the pace from
 * the seventh day, and the day it falls due. Sold, scrapped and deleted cars have none.
 */
function positions(p: DueParams, carIds?: readonly number[]): SQL {
  const today = sql`${p.today}::date`;
  return sql`
    select s.*,
      case when s.interval_months is not null
        then (s.base_on + make_interval(months => s.interval_months))::date end as next_due_on,
      s.base_km + s.interval_km as next_due_km,
      case when ${today} - s.base_on >= ${PACE_MIN_DAYS} and s.current_km > s.base_km
        then (s.current_km - s.base_km)::numeric / (${today} - s.base_on) end as pace
    from (
      select c.tenant_id, c.id as car_id, c.rent_id, coalesce(pc.id, pt.id) as plan_id,
        case when pc.id is not null then pc.interval_km else pt.interval_km end as interval_km,
        case when pc.id is not null then pc.interval_months else pt.interval_months end as interval_months,
        ls.day as last_service_on, ls.km as last_service_km, ls.id as last_order_id,
        coalesce(ls.day, c.registration_date, c.purchase_date, (c.created_at at time zone ${p.timeZone})::date) as base_on,
        coalesce(ls.km, 0) as base_km,
        greatest(c.mileage_km, coalesce(g.km, 0)) as current_km,
        case when g.km > c.mileage_km then 'gps' else 'car' end as km_source,
        case when g.km > c.mileage_km then g.fix_time end as km_read_at
      from cars c
      left join maintenance_plans pc on pc.tenant_id = c.tenant_id and pc.car_id = c.id and pc.enabled
      left join maintenance_plans pt on pt.tenant_id = c.tenant_id and pt.car_id is null
        and pt.car_type_id = c.car_type_id and pt.enabled
      left join lateral (
        select o.id, (o.actual_end at time zone ${p.timeZone})::date as day,
          coalesce(o.mileage_out, o.mileage_in, 0) as km
        from maintenance_work_orders o
        where o.tenant_id = c.tenant_id and o.car_id = c.id and o.kind = 'service'
          and o.state in ('done', 'settled', 'picked_up') and o.actual_end is not null
        order by o.actual_end desc, o.id desc limit 1) ls on true
      left join lateral (
        select floor(lp.odometer / 1000)::int as km, lp.fix_time
        from gps_devices d
        join gps_last_positions lp on lp.tenant_id = d.tenant_id and lp.device_id = d.id
        where d.tenant_id = c.tenant_id and d.car_id = c.id and lp.odometer is not null
        order by d.is_default desc, lp.fix_time desc limit 1) g on true
      where c.tenant_id = ${p.tenantId} and c.deleted_at is null and c.status not in ('sold', 'scrapped')
        and (pc.id is not null or pt.id is not null)
        ${carIds ? sql`and c.id = any(${idArray(carIds)})` : sql``}
    ) s`;
}

/** `positions` plus the remaining km, the projected day, the due day and (lead km) the list's day. */
function dueRowsOf(p: DueParams, carIds?: readonly number[]): SQL {
  const today = sql`${p.today}::date`;
  return sql`
    select x.*, case
        when x.next_due_km is not null and x.next_due_km - x.current_km <= ${p.leadKm} and x.due0 > ${today}
          then ${today} else x.due0 end as due_on
    from (
      select y.*, coalesce(least(y.next_due_on, y.projected_on), ${DUE_NEVER}::date) as due0
      from (
        select z.*, case
            when z.next_due_km is null then null
            when z.next_due_km <= z.current_km then ${today}
            when z.pace is not null then ${today} + ceil((z.next_due_km - z.current_km) / z.pace)::int
          end as projected_on
        from (${positions(p, carIds)}) z
      ) y
    ) x`;
}

/**
 * Writes the due rows of a tenant's cars (`carIds`: only those) in one statement: inserts or updates the rows of
 * the cars with a plan (a row whose values did not change is left alone, so the due version moves only on a real
 * change), and deletes the rows of the cars that lost their plan, were sold, scrapped or deleted. Answers the
 * number of rows written and deleted.
 */
export async function refreshDueRows(db: DbOrTx, p: DueParams, carIds?: readonly number[]): Promise<number> {
  if (carIds && !carIds.length) return 0;
  const [row] = await rowsOf<{ written: RawNumber; deleted: RawNumber }>(
    db,
    sql`with fresh as (${dueRowsOf(p, carIds)}),
      gone as (
        delete from maintenance_due d
        where d.tenant_id = ${p.tenantId} ${carIds ? sql`and d.car_id = any(${idArray(carIds)})` : sql``}
          and not exists (select 1 from fresh f where f.car_id = d.car_id)
        returning 1),
      written as (
        insert into maintenance_due as m (tenant_id, car_id, rent_id, plan_id, last_service_on, last_service_km,
          last_order_id, current_km, km_source, km_read_at, next_due_on, next_due_km, due_on, km_per_day, updated_at)
        select f.tenant_id, f.car_id, f.rent_id, f.plan_id, f.last_service_on, f.last_service_km, f.last_order_id,
          f.current_km, f.km_source, f.km_read_at, f.next_due_on, f.next_due_km, f.due_on, round(f.pace, 2),
          ${p.now.toISOString()}::timestamptz
        from fresh f
        on conflict (tenant_id, car_id) do update set
          rent_id = excluded.rent_id, plan_id = excluded.plan_id, last_service_on = excluded.last_service_on,
          last_service_km = excluded.last_service_km, last_order_id = excluded.last_order_id,
          current_km = excluded.current_km, km_source = excluded.km_source, km_read_at = excluded.km_read_at,
          next_due_on = excluded.next_due_on, next_due_km = excluded.next_due_km, due_on = excluded.due_on,
          km_per_day = excluded.km_per_day, updated_at = excluded.updated_at
        where (m.rent_id, m.plan_id, m.last_service_on, m.last_service_km, m.last_order_id, m.current_km,
            m.km_source, m.km_read_at, m.next_due_on, m.next_due_km, m.due_on, m.km_per_day)
          is distinct from (excluded.rent_id, excluded.plan_id, excluded.last_service_on, excluded.last_service_km,
            excluded.last_order_id, excluded.current_km, excluded.km_source, excluded.km_read_at,
            excluded.next_due_on, excluded.next_due_km, excluded.due_on, excluded.km_per_day)
        returning 1)
    select (select count(*) from written) as written, (select count(*) from gone) as deleted`,
  );
  return rawNumber(row!.written) + rawNumber(row!.deleted);
}

/** The cars a plan covers now: its car, or the cars of its car type without an enabled plan of their own. */
export async function carsOfPlan(
  db: DbOrTx,
  tenantId: number,
  plan: { carId: number | null; carTypeId: number | null },
): Promise<number[]> {
  if (plan.carId != null) return [plan.carId];
  const rows = await rowsOf<{ id: RawNumber }>(
    db,
    sql`select c.id from cars c where c.tenant_id = ${tenantId} and c.car_type_id = ${plan.carTypeId}
      and c.deleted_at is null`,
  );
  return rows.map((r) => rawNumber(r.id));
}

/** The tenants that have a plan (the hourly refresh visits only those). */
export async function tenantsWithPlans(db: DbOrTx): Promise<number[]> {
  const rows = await rowsOf<{ tenant_id: RawNumber }>(
    db,
    sql`select distinct tenant_id from maintenance_plans union select distinct tenant_id from maintenance_due`,
  );
  return rows.map((r) => rawNumber(r.tenant_id));
}

// ---------------------------------------------------------------- the due list

export interface DueWindow {
  today: string;
  /** today + reminders.serviceDays */
  soon: string;
}

export interface DueFilterInput {
  state: DueFilter;
  keyword?: string | undefined;
  carTypeId?: number | undefined;
  carId?: number | undefined;
}

/** The list's condition on `maintenance_due d` (and `cars c` for the keyword and the car type). */
export function dueWhere(scope: RentScope, w: DueWindow, f: DueFilterInput): SQL {
  const overdue = sql`(d.next_due_on < ${w.today}::date or d.current_km >= d.next_due_km)`;
  const conds: SQL[] = [
    sql`d.tenant_id = ${scope.tenantId}`,
    sql`d.rent_id = any(${idArray(scope.rentIds)})`,
    f.state === 'overdue' ? sql`d.due_on <= ${w.today}::date and ${overdue}` : sql`d.due_on <= ${w.soon}::date`,
  ];
  if (f.state === 'due') conds.push(sql`not ${overdue}`);
  if (f.carId) conds.push(sql`d.car_id = ${f.carId}`);
  if (f.carTypeId) conds.push(sql`c.car_type_id = ${f.carTypeId}`);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    conds.push(sql`(c.plate ilike ${like} or c.vin ilike ${like})`);
  }
  return sql.join(conds, sql` and `);
}

const needsCar = (f: DueFilterInput) => Boolean(f.keyword || f.carTypeId);

const totals = new CountCache();
const versionOf = (tenantId: number) =>
  sql`coalesce((select v.version from maintenance_due_versions v where v.tenant_id = ${tenantId}), 0)::int8`;

/** The list's total, counted once per filter and version of the tenant's due rows (migration 0039's trigger). */
export async function dueTotal(db: DbOrTx, scope: RentScope, w: DueWindow, f: DueFilterInput): Promise<number> {
  const where = dueWhere(scope, w, f);
  const count = sql`select count(*) as n from maintenance_due d
    ${needsCar(f) ? sql`join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id` : sql``}
    where ${where}`;
  const key = CountCache.keyOf(scope.tenantId, count);
  const [now] = await rowsOf<{ v: RawNumber }>(db, sql`select ${versionOf(scope.tenantId)} as v`);
  const cached = totals.get(key, rawNumber(now!.v));
  if (cached !== undefined) return cached;
  const [row] = await rowsOf<{ n: RawNumber; v: RawNumber }>(
    db,
    sql`select (${count}) as n, ${versionOf(scope.tenantId)} as v`,
  );
  const total = rawNumber(row!.n);
  totals.set(key, rawNumber(row!.v), total);
  return total;
}

export interface DueRecord {
  carId: number;
  plate: string;
  vin: string;
  rentId: number;
  rentName: string | null;
  carTypeId: number | null;
  carTypeName: string | null;
  carStatus: string;
  planId: number;
  planName: string;
  intervalKm: number | null;
  intervalMonths: number | null;
  lastServiceOn: string | null;
  lastServiceKm: number | null;
  currentKm: number;
  kmSource: KmSource;
  kmReadAt: string | null;
  nextDueOn: string | null;
  nextDueKm: number | null;
  dueOn: string;
  kmPerDay: number | null;
  openOrderId: number | null;
}

interface RawDue {
  car_id: RawNumber;
  plate: string;
  vin: string;
  rent_id: RawNumber;
  rent_name: string | null;
  car_type_id: RawNumber | null;
  car_type_name: string | null;
  status: string;
  plan_id: RawNumber;
  plan_name: string;
  interval_km: number | null;
  interval_months: number | null;
  last_service_on: string | null;
  last_service_km: number | null;
  current_km: number;
  km_source: KmSource;
  km_read_at: RawTime | null;
  next_due_on: string | null;
  next_due_km: number | null;
  due_on: string;
  km_per_day: RawNumber | null;
  open_order_id: RawNumber | null;
}

function toRecord(r: RawDue): DueRecord {
  return {
    carId: rawNumber(r.car_id),
    plate: r.plate,
    vin: r.vin,
    rentId: rawNumber(r.rent_id),
    rentName: r.rent_name,
    carTypeId: rawNumberOrNull(r.car_type_id),
    carTypeName: r.car_type_name,
    carStatus: r.status,
    planId: rawNumber(r.plan_id),
    planName: r.plan_name,
    intervalKm: r.interval_km,
    intervalMonths: r.interval_months,
    lastServiceOn: r.last_service_on,
    lastServiceKm: r.last_service_km,
    currentKm: r.current_km,
    kmSource: r.km_source,
    kmReadAt: rawIsoOrNull(r.km_read_at),
    nextDueOn: r.next_due_on,
    nextDueKm: r.next_due_km,
    dueOn: r.due_on,
    kmPerDay: r.km_per_day == null ? null : Number(r.km_per_day),
    openOrderId: rawNumberOrNull(r.open_order_id),
  };
}

const DUE_COLUMNS = sql`d.car_id, c.plate, c.vin, d.rent_id,
  (select r.name from rents r where r.tenant_id = d.tenant_id and r.id = d.rent_id) as rent_name, c.car_type_id,
  (select ct.name from car_types ct where ct.tenant_id = c.tenant_id and ct.id = c.car_type_id) as car_type_name,
  c.status, d.plan_id, p.name as plan_name, p.interval_km, p.interval_months,
  d.last_service_on::text as last_service_on, d.last_service_km, d.current_km, d.km_source, d.km_read_at,
  d.next_due_on::text as next_due_on, d.next_due_km, d.due_on::text as due_on, d.km_per_day,
  (select o.id from maintenance_work_orders o where o.tenant_id = d.tenant_id and o.car_id = d.car_id
    and o.kind = 'service' and o.state in ('reported', 'approving', 'approved', 'in_workshop')
    order by o.id desc limit 1) as open_order_id`;

/** The page's rows joined to what they show, once its keys are picked from maintenance_due alone. */
const DUE_FROM = (tenantId: number, keys: SQL) => sql`(${keys}) k
  join maintenance_due d on d.tenant_id = ${tenantId} and d.car_id = k.car_id
  join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
  join maintenance_plans p on p.tenant_id = d.tenant_id and p.id = d.plan_id`;

/** The keys of a page: maintenance_due alone (cars only for the keyword or the car type), in the list's order. */
function pageKeys(scope: RentScope, w: DueWindow, f: DueFilterInput, tail: SQL): SQL {
  return sql`select d.car_id from maintenance_due d
    ${needsCar(f) ? sql`join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id` : sql``}
    where ${dueWhere(scope, w, f)} ${tail}`;
}

/**
 * One page of the due list, soonest first: its keys from maintenance_due alone (`maintenance_due_day_ix`, or
 * `maintenance_due_list_ix` for one rent), then joined (Helper 4's measure: 264 ms -> 8 ms a page at 100,000 cars).
 */
export async function dueRows(
  db: DbOrTx,
  scope: RentScope,
  w: DueWindow,
  f: DueFilterInput,
  limit: number,
  offset: number,
): Promise<DueRecord[]> {
  const rows = await rowsOf<RawDue>(
    db,
    sql`select ${DUE_COLUMNS}
      from ${DUE_FROM(scope.tenantId, pageKeys(scope, w, f, sql`order by d.due_on, d.car_id limit ${limit} offset ${offset}`))}
      order by d.due_on, d.car_id`,
  );
  return rows.map(toRecord);
}

/** Every row of the filter, in keyset pages (the export). */
export async function* allDueRows(
  db: DbOrTx,
  scope: RentScope,
  w: DueWindow,
  f: DueFilterInput,
): AsyncGenerator<DueRecord> {
  let after: { dueOn: string; carId: number } | null = null;
  for (;;) {
    const rows: RawDue[] = await rowsOf<RawDue>(
      db,
      sql`select ${DUE_COLUMNS}
        from ${DUE_FROM(
          scope.tenantId,
          pageKeys(
            scope,
            w,
            f,
            sql`${after ? sql`and (d.due_on, d.car_id) > (${after.dueOn}::date, ${after.carId})` : sql``}
              order by d.due_on, d.car_id limit ${EXPORT_PAGE_ROWS}`,
          ),
        )}
        order by d.due_on, d.car_id`,
    );
    for (const r of rows) yield toRecord(r);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = { dueOn: last.due_on, carId: rawNumber(last.car_id) };
  }
}

// ---------------------------------------------------------------- one car

export interface PlanItemRecord {
  name: string;
  partNo?: string | null;
  quantity?: number | null;
}

export interface CarPosition {
  carId: number;
  plate: string;
  rentId: number;
  plan: {
    id: number;
    name: string;
    scope: 'car' | 'carType';
    intervalKm: number | null;
    intervalMonths: number | null;
    items: PlanItemRecord[];
  } | null;
  position: {
    lastServiceOn: string | null;
    lastServiceKm: number | null;
    lastOrderId: number | null;
    currentKm: number;
    kmSource: KmSource;
    kmReadAt: string | null;
    nextDueOn: string | null;
    nextDueKm: number | null;
    dueOn: string;
    kmPerDay: number | null;
  } | null;
  mileageKm: number;
}

/**
 * One car of the caller's rents (null: none such): its plan and its position computed now by the same SQL as
 * `refreshDue` (not the stored row, which may be an hour old).
 */
export async function carPosition(
  db: DbOrTx,
  scope: RentScope,
  p: DueParams,
  carId: number,
): Promise<CarPosition | null> {
  const [car] = await rowsOf<{
    id: RawNumber;
    plate: string;
    rent_id: RawNumber;
    mileage_km: number;
    plan_id: RawNumber | null;
    plan_name: string | null;
    plan_car_id: RawNumber | null;
    interval_km: number | null;
    interval_months: number | null;
    items: unknown;
  }>(
    db,
    sql`select c.id, c.plate, c.rent_id, c.mileage_km, p.id as plan_id, p.name as plan_name, p.car_id as plan_car_id,
        p.interval_km, p.interval_months, p.items
      from cars c
      left join lateral (
        select * from maintenance_plans p
        where p.tenant_id = c.tenant_id and p.enabled
          and (p.car_id = c.id or (p.car_id is null and p.car_type_id = c.car_type_id))
        order by p.car_id nulls last limit 1) p on true
      where c.tenant_id = ${scope.tenantId} and c.id = ${carId} and c.rent_id = any(${idArray(scope.rentIds)})
        and c.deleted_at is null`,
  );
  if (!car) return null;
  const [d] = await rowsOf<{
    last_service_on: string | null;
    last_service_km: number | null;
    last_order_id: RawNumber | null;
    current_km: number;
    km_source: KmSource;
    km_read_at: RawTime | null;
    next_due_on: string | null;
    next_due_km: number | null;
    due_on: string;
    pace: RawNumber | null;
  }>(
    db,
    sql`select last_service_on::text as last_service_on, last_service_km, last_order_id, current_km, km_source,
        km_read_at, next_due_on::text as next_due_on, next_due_km, due_on::text as due_on, round(pace, 2) as pace
      from (${dueRowsOf(p, [carId])}) q`,
  );
  const items = (typeof car.items === 'string' ? JSON.parse(car.items) : car.items) as PlanItemRecord[] | null;
  return {
    carId: rawNumber(car.id),
    plate: car.plate,
    rentId: rawNumber(car.rent_id),
    mileageKm: car.mileage_km,
    plan:
      car.plan_id == null
        ? null
        : {
            id: rawNumber(car.plan_id),
            name: car.plan_name!,
            scope: car.plan_car_id == null ? 'carType' : 'car',
            intervalKm: car.interval_km,
            intervalMonths: car.interval_months,
            items: items ?? [],
          },
    position: d
      ? {
          lastServiceOn: d.last_service_on,
          lastServiceKm: d.last_service_km,
          lastOrderId: rawNumberOrNull(d.last_order_id),
          currentKm: d.current_km,
          kmSource: d.km_source,
          kmReadAt: rawIsoOrNull(d.km_read_at),
          nextDueOn: d.next_due_on,
          nextDueKm: d.next_due_km,
          dueOn: d.due_on,
          kmPerDay: d.pace == null ? null : Number(d.pace),
        }
      : null,
  };
}

// ---------------------------------------------------------------- reminders

export interface DueReminderRow {
  carId: number;
  rentId: number;
  plate: string;
  dueOn: string;
  nextDueOn: string | null;
  nextDueKm: number | null;
  currentKm: number;
  /** The reminder's key day: the next due date, else the last service day (once per car and service cycle). */
  keyDay: string;
}

/**
 * The cars of a tenant due within the lead days (their `due_on`), not reminded yet for this service cycle
 * (`vehicle_reminders` source `service`, ref `car:<id>`, date: the next due date, else the last service day).
 */
export async function dueForReminder(db: DbOrTx, tenantId: number, soon: string): Promise<DueReminderRow[]> {
  const rows = await rowsOf<{
    car_id: RawNumber;
    rent_id: RawNumber;
    plate: string;
    due_on: string;
    next_due_on: string | null;
    next_due_km: number | null;
    current_km: number;
    key_day: string;
  }>(
    db,
    sql`select q.* from (
        select d.car_id, d.rent_id, c.plate, d.due_on::text as due_on, d.next_due_on::text as next_due_on,
          d.next_due_km, d.current_km,
          coalesce(d.next_due_on, d.last_service_on, date '2000-01-01')::text as key_day
        from maintenance_due d join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id
        where d.tenant_id = ${tenantId} and d.due_on <= ${soon}::date
          and c.deleted_at is null and c.status not in ('sold', 'scrapped')
      ) q
      where not exists (select 1 from vehicle_reminders v where v.tenant_id = ${tenantId} and v.source = 'service'
        and v.ref = 'car:' || q.car_id and v.due_date = q.key_day::date)`,
  );
  return rows.map((r) => ({
    carId: rawNumber(r.car_id),
    rentId: rawNumber(r.rent_id),
    plate: r.plate,
    dueOn: r.due_on,
    nextDueOn: r.next_due_on,
    nextDueKm: r.next_due_km,
    currentKm: r.current_km,
    keyDay: r.key_day,
  }));
}
