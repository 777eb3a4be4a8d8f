import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import {
  CAR_STATUSES,
  DUE_SOON_DAYS,
  ENERGY_TITLES,
  INFO_ERROR_TITLES,
  CAR_STATUS_TITLES,
  type CarStatus,
  type CarsSummary,
  type Energy,
  type FleetReport,
  type InfoErrorReason,
  type InfoErrorRow,
  type OwnerKind,
  type ReportBucket,
} from '@fleetdesk/contracts/vehicles';
import type { Lang } from '@fleetdesk/contracts/common';
import { teamScope } from '../../core/access.js';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import { containsPattern } from '../../core/like.js';
import { addDays, type TenantDays } from '../../core/tenant-time.js';
import type { Scope } from './vehicles.repository.js';

const FLEET_STATUSES = CAR_STATUSES.filter((s) => s !== 'sold' && s !== 'scrapped');
const FINAL = sql.raw(`('sold', 'scrapped')`);

/** `c.tenant_id = … and c.rent_id in (…)` (and a team leader's nodes) for raw SQL over `cars c`. */
function scopeSql(scope: Scope, alias = 'c'): SQL {
  const a = sql.raw(alias);
  if (!scope.rentIds.length) return sql`false`;
  return sql`${a}.tenant_id = ${scope.tenantId} and ${a}.rent_id in (${sql.join(
    scope.rentIds.map((id) => sql`${id}`),
    sql`, `,
  )}) and ${teamScope(scope, sql`${a}.team_id`)}`;
}
const live = (alias = 'c') => sql`${sql.raw(alias)}.deleted_at is null`;
const num = (v: unknown) => Number(v ?? 0);

export async function summary(
  db: DbOrTx,
  scope: Scope,
  days: TenantDays,
  onlineSince: Date,
): Promise<Omit<CarsSummary, 'infoErrors'>> {
  const today = days.today;
  const soon = days.plusDays(DUE_SOON_DAYS);
  const statusCounts = sql.join(
    CAR_STATUSES.map((s) => sql`count(*) filter (where c.status = ${s})::int as ${sql.identifier(`s_${s}`)}`),
    sql`, `,
  );
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`
    select
      count(*) filter (where c.status not in ${FINAL})::int as total,
      ${statusCounts},
      count(*) filter (where c.status not in ${FINAL} and c.inspection_due < ${today})::int as inspection_overdue,
      count(*) filter (where c.status not in ${FINAL}
        and c.inspection_due between ${today} and ${soon})::int as inspection_soon,
      count(*) filter (where c.status not in ${FINAL}
        and (c.compulsory_expiry < ${today} or c.commercial_expiry < ${today}))::int as insurance_expired,
      count(*) filter (where c.status not in ${FINAL}
        and (c.compulsory_expiry between ${today} and ${soon}
          or c.commercial_expiry between ${today} and ${soon}))::int as insurance_soon,
      count(*) filter (where c.status not in ${FINAL} and g.seen >= ${onlineSince})::int as online
    from cars c left join ${lastSeenByCar(scope.tenantId)} g on g.car_id = c.id
    where ${scopeSql(scope)} and ${live()}`,
  );
  const r = row ?? {};
  return {
    total: num(r.total),
    byStatus: Object.fromEntries(CAR_STATUSES.map((s) => [s, num(r[`s_${s}`])])) as Record<CarStatus, number>,
    inspectionDueSoon: num(r.inspection_soon),
    inspectionOverdue: num(r.inspection_overdue),
    insuranceDueSoon: num(r.insurance_soon),
    insuranceExpired: num(r.insurance_expired),
    online: num(r.online),
  };
}

/**
 * When each car of the tenant was last heard from by any of its GPS devices (`car_id`, `seen`: our receive
 * time of the device's newest position). Read from the GPS area's last positions: the GPS writes never touch
 * the `cars` rows.
 */
function lastSeenByCar(tenantId: number): SQL {
  return sql`(select d.car_id, max(l.server_time) as seen
      from gps_devices d join gps_last_positions l on l.tenant_id = d.tenant_id and l.device_id = d.id
      where d.tenant_id = ${tenantId} and d.car_id is not null group by d.car_id)`;
}

/** The cars of the scope with what is wrong or missing in their data, as a CTE named `flagged`. */
function flaggedCte(scope: Scope, today: string): SQL {
  return sql`
    scoped as (
      select c.id, c.plate, c.vin, c.rent_id, c.status, c.brand_id, c.series_id, c.vin_valid, c.owner_id,
        c.car_type_id, c.engine_no, c.compulsory_expiry, c.commercial_expiry, c.inspection_due, c.license_bound_at,
        count(*) over (partition by c.vin) as vin_count
      from cars c
      where ${scopeSql(scope)} and ${live()} and c.status not in ${FINAL}
    ),
    flagged as (
      select s.*, array_remove(array[
        case when not s.vin_valid then 'vinCheckDigit' end,
        case when s.vin_count > 1 then 'duplicateVin' end,
        case when s.owner_id is null then 'noOwner' end,
        case when s.car_type_id is null then 'noCarType' end,
        case when coalesce(s.engine_no, '') = '' then 'noEngineNo' end,
        case when s.compulsory_expiry is null then 'noCompulsoryInsurance' end,
        case when s.compulsory_expiry < ${today} then 'compulsoryExpired' end,
        case when s.commercial_expiry is null then 'noCommercialInsurance' end,
        case when s.commercial_expiry < ${today} then 'commercialExpired' end,
        case when s.inspection_due is null then 'noInspectionDue' end,
        case when s.inspection_due < ${today} then 'inspectionOverdue' end,
        case when s.license_bound_at is null then 'noLicense' end
      ]::text[], null) as reasons
      from scoped s
    )`;
}

export async function countInfoErrors(db: DbOrTx, scope: Scope, today: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with ${flaggedCte(scope, today)} select count(*)::int as n from flagged where cardinality(reasons) > 0`,
  );
  return num(row?.n);
}

export async function listInfoErrors(
  db: DbOrTx,
  scope: Scope,
  today: string,
  lang: Lang,
  q: { pageNum: number; pageSize: number; reason?: InfoErrorReason | undefined; keyword?: string | undefined },
): Promise<{ rows: InfoErrorRow[]; total: number }> {
  const conds: SQL[] = [sql`cardinality(f.reasons) > 0`];
  if (q.reason) conds.push(sql`${q.reason}::text = any(f.reasons)`);
  if (q.keyword) {
    const k = containsPattern(q.keyword.toUpperCase());
    conds.push(sql`(f.plate like ${k} or f.vin like ${k})`);
  }
  const where = sql.join(conds, sql` and `);
  const cte = flaggedCte(scope, today);
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: number;
      plate: string;
      vin: string;
      rent_id: number;
      rent_name: string;
      status: CarStatus;
      brand_name: string;
      series_name: string;
      reasons: InfoErrorReason[];
    }>(
      db,
      sql`with ${cte}
        select f.id, f.plate, f.vin, f.rent_id, r.short_name as rent_name, f.status, b.name as brand_name,
          s.name as series_name, f.reasons
        from flagged f
        join rents r on r.tenant_id = ${scope.tenantId} and r.id = f.rent_id
        join car_brands b on b.id = f.brand_id
        join car_series s on s.id = f.series_id
        where ${where}
        order by f.id desc
        limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
    ),
    rowsOf<{ n: number }>(db, sql`with ${cte} select count(*)::int as n from flagged f where ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      plate: r.plate,
      vin: r.vin,
      rentId: Number(r.rent_id),
      rentName: r.rent_name,
      status: r.status,
      brandName: r.brand_name,
      seriesName: r.series_name,
      reasons: parseArray(r.reasons).map((reason) => ({
        reason: reason as InfoErrorReason,
        message: INFO_ERROR_TITLES[reason as InfoErrorReason][lang],
      })),
    })),
    total: num(count?.n),
  };
}

/** A text[] as drivers give it: an array (node-postgres) or, from some, the literal `{a,b}`. */
function parseArray(v: unknown): string[] {
  if (Array.isArray(v)) return v as string[];
  if (typeof v === 'string')
    return v
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}

async function buckets(db: DbOrTx, query: SQL): Promise<{ key: string | null; name: string | null; n: number }[]> {
  const rows = await rowsOf<{ key: string | number | null; name: string | null; n: number }>(db, query);
  return rows.map((r) => ({ key: r.key === null ? null : String(r.key), name: r.name, n: num(r.n) }));
}

export async function fleetReport(db: DbOrTx, scope: Scope, lang: Lang): Promise<FleetReport> {
  const fleet = sql`${scopeSql(scope)} and ${live()} and c.status not in ${FINAL}`;
  const none = lang === 'zh-CN' ? '未设置' : 'Not set';
  const named = (rows: Awaited<ReturnType<typeof buckets>>): ReportBucket[] =>
    rows.map((r) => ({ key: r.key ?? 'none', name: r.name ?? none, count: r.n }));
  const [byStatus, byType, byBrand, byOwner, byEnergy, byRent] = await Promise.all([
    buckets(db, sql`select c.status as key, null as name, count(*)::int as n from cars c where ${fleet} group by 1`),
    buckets(
      db,
      sql`select c.car_type_id as key, t.name, count(*)::int as n from cars c
        left join car_types t on t.tenant_id = c.tenant_id and t.id = c.car_type_id
        where ${fleet} group by 1, 2 order by 3 desc, 2`,
    ),
    buckets(
      db,
      sql`select c.brand_id as key, b.name, count(*)::int as n from cars c
        join car_brands b on b.id = c.brand_id where ${fleet} group by 1, 2 order by 3 desc, 2`,
    ),
    buckets(
      db,
      sql`select c.owner_id as key, o.name, count(*)::int as n from cars c
        left join car_owners o on o.tenant_id = c.tenant_id and o.id = c.owner_id
        where ${fleet} group by 1, 2 order by 3 desc, 2`,
    ),
    buckets(db, sql`select c.energy as key, null as name, count(*)::int as n from cars c where ${fleet} group by 1`),
    buckets(
      db,
      sql`select c.rent_id as key, r.short_name as name, count(*)::int as n from cars c
        join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id where ${fleet} group by 1, 2 order by 1`,
    ),
  ]);
  const statusCount = new Map(byStatus.map((b) => [b.key, b.n]));
  const energyCount = new Map(byEnergy.map((b) => [b.key, b.n]));
  return {
    total: byStatus.reduce((s, b) => s + b.n, 0),
    byStatus: FLEET_STATUSES.map((s) => ({ key: s, name: CAR_STATUS_TITLES[s][lang], count: statusCount.get(s) ?? 0 })),
    byType: named(byType),
    byBrand: named(byBrand),
    byOwner: named(byOwner),
    byEnergy: (Object.keys(ENERGY_TITLES) as Energy[]).map((e) => ({
      key: e,
      name: ENERGY_TITLES[e][lang],
      count: energyCount.get(e) ?? 0,
    })),
    byRent: named(byRent),
  };
}

export async function carTypeReport(db: DbOrTx, scope: Scope, lang: Lang) {
  const rows = await rowsOf<{
    id: number | null;
    name: string | null;
    rent: number | null;
    total: number;
    rented: number;
    idle: number;
  }>(
    db,
    sql`select c.car_type_id as id, t.name, t.monthly_rent_fen as rent, count(*)::int as total,
        count(*) filter (where c.status = 'rented')::int as rented,
        count(*) filter (where c.status = 'idle')::int as idle
      from cars c left join car_types t on t.tenant_id = c.tenant_id and t.id = c.car_type_id
      where ${scopeSql(scope)} and ${live()} and c.status not in ${FINAL}
      group by 1, 2, 3 order by 4 desc, 2`,
  );
  return rows.map((r) => {
    const total = num(r.total);
    const rented = num(r.rented);
    const rent = r.rent === null ? null : num(r.rent);
    return {
      carTypeId: r.id === null ? null : Number(r.id),
      carTypeName: r.name ?? (lang === 'zh-CN' ? '未设置' : 'Not set'),
      monthlyRent: rent === null ? null : fenToYuan(rent),
      total,
      rented,
      idle: num(r.idle),
      other: total - rented - num(r.idle),
      rentedRate: total ? Math.round((rented / total) * 10_000) / 10_000 : 0,
      monthlyIncome: rent === null ? 0 : fenToYuan(rented * rent),
    };
  });
}

/** A rent's cars at the end of a day: in the fleet (not sold or scrapped), rented, idle, in maintenance. */
export interface DayEndCars {
  date: string;
  rentId: number;
  fleet: number;
  rented: number;
  idle: number;
  maintenance: number;
}

/** The cars by status now, per rent (deleted cars left out), dated `today`: `carsAtDayEnds`'s live counterpart. */
export async function carsNow(db: DbOrTx, scope: Scope, today: string): Promise<DayEndCars[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select c.rent_id,
      count(*) filter (where c.status not in ${FINAL})::int as fleet,
      count(*) filter (where c.status = 'rented')::int as rented,
      count(*) filter (where c.status = 'idle')::int as idle,
      count(*) filter (where c.status = 'maintenance')::int as maintenance
    from cars c where ${scopeSql(scope)} and ${live()} group by c.rent_id order by c.rent_id`,
  );
  return rows.map((r) => ({
    date: today,
    rentId: num(r.rent_id),
    fleet: num(r.fleet),
    rented: num(r.rented),
    idle: num(r.idle),
    maintenance: num(r.maintenance),
  }));
}

/**
 * Per day of [from, to] and rent: the cars by status at the end of the day (in the tenant's time zone), replayed
 * from the status history. Deleted cars are left out; a car counts in its current rent. The operation report and
 * the dashboard's daily reports both read it.
 */
export async function carsAtDayEnds(
  db: DbOrTx,
  scope: Scope,
  timeZone: string,
  from: string,
  to: string,
): Promise<DayEndCars[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    with days as (
      select d::date as day, ((d::date + 1)::timestamp at time zone ${timeZone}) as day_end
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
    ),
    segments as (
      select c.rent_id, e.car_id, e.to_status, e.at,
        lead(e.at) over (partition by e.car_id order by e.at, e.id) as until
      from car_events e
      join cars c on c.tenant_id = e.tenant_id and c.id = e.car_id
      where e.tenant_id = ${scope.tenantId} and ${scopeSql(scope)} and ${live()}
        and e.kind in ('create', 'import', 'status') and e.to_status is not null
        and e.at < ((${to}::date + 1)::timestamp at time zone ${timeZone})
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, s.rent_id,
      count(*) filter (where s.to_status not in ${FINAL})::int as fleet,
      count(*) filter (where s.to_status = 'rented')::int as rented,
      count(*) filter (where s.to_status = 'idle')::int as idle,
      count(*) filter (where s.to_status = 'maintenance')::int as maintenance
    from days d
    join segments s on s.at < d.day_end and (s.until is null or s.until >= d.day_end)
    group by d.day, s.rent_id order by d.day, s.rent_id`,
  );
  return rows.map((r) => ({
    date: String(r.day),
    rentId: num(r.rent_id),
    fleet: num(r.fleet),
    rented: num(r.rented),
    idle: num(r.idle),
    maintenance: num(r.maintenance),
  }));
}

/** Per day of [from, to]: the cars in the fleet and those rented at the end of the day, all rents of the scope. */
export async function operationDays(db: DbOrTx, scope: Scope, timeZone: string, from: string, to: string) {
  const byDay = new Map<string, { date: string; fleet: number; rented: number }>();
  for (let day = from; day <= to; day = addDays(day, 1)) byDay.set(day, { date: day, fleet: 0, rented: 0 });
  for (const r of await carsAtDayEnds(db, scope, timeZone, from, to)) {
    const d = byDay.get(r.date);
    if (!d) continue;
    d.fleet += r.fleet;
    d.rented += r.rented;
  }
  return [...byDay.values()];
}

export async function onlineCounts(db: DbOrTx, scope: Scope, since: Date) {
  const [row] = await rowsOf<{ total: number; online: number; never: number }>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where g.seen >= ${since})::int as online,
        count(*) filter (where g.seen is null)::int as never
      from cars c left join ${lastSeenByCar(scope.tenantId)} g on g.car_id = c.id
      where ${scopeSql(scope)} and ${live()} and c.status not in ${FINAL}`,
  );
  const total = num(row?.total);
  const online = num(row?.online);
  const never = num(row?.never);
  return { total, online, offline: total - online - never, never, onlineRate: total ? round4(online / total) : 0 };
}

export const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

const BATTERY_BANDS = [
  { key: 'lt20', max: 20, name: '<20 kWh' },
  { key: '20-40', max: 40, name: '20-40 kWh' },
  { key: '40-60', max: 60, name: '40-60 kWh' },
  { key: '60-80', max: 80, name: '60-80 kWh' },
  { key: 'ge80', max: Infinity, name: '≥80 kWh' },
];
const RANGE_BANDS = [
  { key: 'lt300', max: 300, name: '<300 km' },
  { key: '300-400', max: 400, name: '300-400 km' },
  { key: '400-500', max: 500, name: '400-500 km' },
  { key: '500-600', max: 600, name: '500-600 km' },
  { key: 'ge600', max: Infinity, name: '≥600 km' },
];

export async function powerReport(db: DbOrTx, scope: Scope, lang: Lang) {
  const fleet = sql`${scopeSql(scope)} and ${live()} and c.status not in ${FINAL}`;
  const bandSql = (col: string, bands: typeof BATTERY_BANDS) =>
    sql.raw(
      `case ${bands
        .filter((b) => Number.isFinite(b.max))
        .map((b) => `when ${col} < ${b.max} then '${b.key}'`)
        .join(' ')} else '${bands.at(-1)!.key}' end`,
    );
  const [energy, battery, range, [avg]] = await Promise.all([
    buckets(db, sql`select c.energy as key, null as name, count(*)::int as n from cars c where ${fleet} group by 1`),
    buckets(
      db,
      sql`select ${bandSql('c.battery_kwh', BATTERY_BANDS)} as key, null as name, count(*)::int as n from cars c
        where ${fleet} and c.energy in ('electric', 'hybrid') and c.battery_kwh is not null group by 1`,
    ),
    buckets(
      db,
      sql`select ${bandSql('c.range_km', RANGE_BANDS)} as key, null as name, count(*)::int as n from cars c
        where ${fleet} and c.energy = 'electric' and c.range_km is not null group by 1`,
    ),
    rowsOf<{ battery: string | null; range: string | null }>(
      db,
      sql`select avg(c.battery_kwh) filter (where c.energy in ('electric', 'hybrid')) as battery,
          avg(c.range_km) filter (where c.energy = 'electric') as range
        from cars c where ${fleet}`,
    ),
  ]);
  const countOf = (rows: Awaited<ReturnType<typeof buckets>>) => new Map(rows.map((r) => [r.key, r.n]));
  const e = countOf(energy);
  const b = countOf(battery);
  const r = countOf(range);
  return {
    byEnergy: (Object.keys(ENERGY_TITLES) as Energy[]).map((k) => ({
      key: k,
      name: ENERGY_TITLES[k][lang],
      count: e.get(k) ?? 0,
    })),
    battery: BATTERY_BANDS.map((x) => ({ key: x.key, name: x.name, count: b.get(x.key) ?? 0 })),
    range: RANGE_BANDS.map((x) => ({ key: x.key, name: x.name, count: r.get(x.key) ?? 0 })),
    averageBatteryKwh:
      avg?.battery === null || avg?.battery === undefined ? null : Math.round(Number(avg.battery) * 10) / 10,
    averageRangeKm: avg?.range === null || avg?.range === undefined ? null : Math.round(Number(avg.range)),
  };
}

export async function ownerReport(db: DbOrTx, scope: Scope, lang: Lang, q: { pageNum: number; pageSize: number }) {
  const fleet = sql`${scopeSql(scope)} and ${live()} and c.status not in ${FINAL}`;
  const grouped = sql`select c.owner_id as id, o.name, o.kind, count(*)::int as total,
      count(*) filter (where c.status = 'rented')::int as rented,
      coalesce(sum(c.purchase_price_fen), 0)::bigint as value
    from cars c left join car_owners o on o.tenant_id = c.tenant_id and o.id = c.owner_id
    where ${fleet} group by 1, 2, 3`;
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: number | null;
      name: string | null;
      kind: string | null;
      total: number;
      rented: number;
      value: string;
    }>(db, sql`${grouped} order by 4 desc, 2 limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${grouped}) g`),
  ]);
  return {
    rows: rows.map((r) => ({
      ownerId: r.id === null ? null : Number(r.id),
      ownerName: r.name ?? (lang === 'zh-CN' ? '未设置' : 'Not set'),
      kind: (r.kind as OwnerKind | null) ?? null,
      total: num(r.total),
      rented: num(r.rented),
      purchaseValue: fenToYuan(num(r.value)),
    })),
    total: num(count?.n),
  };
}
