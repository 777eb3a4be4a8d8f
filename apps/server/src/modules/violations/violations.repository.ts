import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { normalizePlate } from '@fleetdesk/contracts/identifiers';
import type {
  OriginalRecord,
  QueryOrder,
  QueryOrderItem,
  Violation,
  ViolationExportFilter,
} from '@fleetdesk/contracts/violations';
import type { RequestContext } from '../../core/access.js';
import { CountCache } from '../../core/count-cache.js';
import { EXPORT_PAGE_ROWS, idArray, rowsOf, type Database, type DbOrTx } from '../../core/db.js';
import { containsPattern } from '../../core/like.js';
import type { ProviderViolation } from './providers/provider.js';

/** Who may see which records: the caller's tenant, in the rents the caller may act in. */
export type Scope = Pick<RequestContext, 'tenantId' | 'rentIds'>;

/** The caller's violations: tenant first (every index starts with it), then the rents the caller may act in. */
function inScope(scope: Scope): SQL {
  return sql`v.tenant_id = ${scope.tenantId} and v.rent_id = any(${idArray(scope.rentIds)})`;
}

/** The list's and the export's condition, on `violations v`. */
export function filterWhere(scope: Scope, f: ViolationExportFilter, startOfDay: (d: string) => Date): SQL {
  // One rent asked (the service has checked it is the caller's): that rent alone, not also `= any(...)`, so that
  // the planner estimates one rent's rows.
  const parts: SQL[] = [
    f.rentId
      ? scope.rentIds.includes(f.rentId)
        ? sql`v.tenant_id = ${scope.tenantId} and v.rent_id = ${f.rentId}`
        : sql`false`
      : inScope(scope),
  ];
  if (f.carId) parts.push(sql`v.car_id = ${f.carId}`);
  if (f.driverId) parts.push(sql`v.driver_id = ${f.driverId}`);
  if (f.handled) parts.push(sql`v.handled = ${f.handled === 'handled'}`);
  if (f.attributed) parts.push(f.attributed === 'yes' ? sql`v.driver_id is not null` : sql`v.driver_id is null`);
  if (f.plate) parts.push(sql`v.plate ilike ${containsPattern(normalizePlate(f.plate))}`);
  if (f.offence) {
    const p = containsPattern(f.offence);
    parts.push(sql`(v.offence_code ilike ${p} or v.offence_text ilike ${p})`);
  }
  if (f.authority) parts.push(sql`v.authority ilike ${containsPattern(f.authority)}`);
  if (f.from) parts.push(sql`v.occurred_at >= ${startOfDay(f.from)}`);
  if (f.to) {
    const next = new Date(`${f.to}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    parts.push(sql`v.occurred_at < ${startOfDay(next.toISOString().slice(0, 10))}`);
  }
  return sql.join(parts, sql` and `);
}

export interface ViolationRecord {
  id: number | string;
  violation_no: string;
  car_id: number | string;
  plate: string;
  rent_id: number | string;
  rent_name: string | null;
  occurred_at: Date | string;
  place: string;
  offence_code: string;
  offence_text: string;
  fine_fen: number | string;
  points: number;
  late_fee_fen: number | string;
  handled: boolean;
  handled_at: Date | string | null;
  authority: string;
  driver_id: number | string | null;
  driver_name: string | null;
  source: string;
  cost_centre_id: number | string | null;
  created_at: Date | string;
}

/** A time as the API writes it; a text that is already ISO in UTC (`ISO_TIME` below) is passed through. */
const iso = (d: Date | string | null) =>
  d === null
    ? null
    : typeof d === 'string' && d.endsWith('Z')
      ? d
      : (d instanceof Date ? d : new Date(d)).toISOString();

export function toViolation(r: ViolationRecord): Violation {
  return {
    id: Number(r.id),
    violationNo: r.violation_no,
    carId: Number(r.car_id),
    plate: r.plate,
    rentId: Number(r.rent_id),
    rentName: r.rent_name,
    occurredAt: iso(r.occurred_at)!,
    place: r.place,
    offenceCode: r.offence_code,
    offenceText: r.offence_text,
    fine: fenToYuan(Number(r.fine_fen)),
    points: Number(r.points),
    lateFee: fenToYuan(Number(r.late_fee_fen)),
    handled: r.handled,
    handledAt: iso(r.handled_at),
    authority: r.authority,
    driverId: r.driver_id === null ? null : Number(r.driver_id),
    driverName: r.driver_name,
    source: r.source as Violation['source'],
    costCentreId: r.cost_centre_id == null ? null : Number(r.cost_centre_id),
    createdAt: iso(r.created_at)!,
  };
}

const COLUMNS = `v.id, v.violation_no, v.car_id, v.plate, v.rent_id, r.short_name as rent_name, v.occurred_at, v.place,
  v.offence_code, v.offence_text, v.fine_fen, v.points, v.late_fee_fen, v.handled, v.handled_at, v.authority,
  v.driver_id, d.name as driver_name, v.source, v.cost_centre_id, v.created_at`;
const JOINS = `left join rents r on r.tenant_id = v.tenant_id and r.id = v.rent_id
  left join drivers d on d.tenant_id = v.tenant_id and d.id = v.driver_id`;

/**
 * A time column as PostgreSQL writes it in ISO form, UTC, milliseconds (what `toISOString` answers): the lists
 * and the export read their times as text, not parsed into a Date and formatted back for every row.
 */
const ISO_TIME = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ISO_COLUMNS = COLUMNS.replace('v.occurred_at', `${ISO_TIME('v.occurred_at')} as occurred_at`)
  .replace('v.handled_at', `${ISO_TIME('v.handled_at')} as handled_at`)
  .replace('v.created_at', `${ISO_TIME('v.created_at')} as created_at`);

/** The page's rows by id with their names: prepared, one plan for every call (by primary key). */
const ROWS_BY_ID_SQL = `select ${ISO_COLUMNS} from violations v ${JOINS} where v.tenant_id = $1::int8 and v.id = any($2::int8[])`;

const versionOf = (tenantId: number) =>
  sql`coalesce((select x.version from violation_list_versions x where x.tenant_id = ${tenantId}), 0)::int8`;

/** List totals per filter, valid while the tenant's violation version stays (core/count-cache.ts). */
const listTotals = new CountCache();

/**
 * The filters an index serves exactly: one rent (`violations_rent_ix`), or one rent's handled or unhandled
 * records (`violations_handled_ix`), nothing else. Equalities on the index's leading columns, then its id order:
 * the plan is the same whatever the values (a rent of 2 records or of 400,000), so for these, and only these, a
 * generic plan is safe and the whole page (version, ids, rows) is one prepared statement.
 */
function exactShape(scope: Scope, f: ViolationExportFilter) {
  if (!f.rentId || !scope.rentIds.includes(f.rentId)) return null;
  if (f.carId || f.driverId || f.attributed || f.plate || f.offence || f.authority || f.from || f.to) return null;
  return f.handled
    ? {
        name: 'fleetdesk_violation_page_rent_handled' as const,
        params: [f.rentId, f.handled === 'handled' ? 'true' : 'false'],
        key: `rent:${f.rentId}:${f.handled}`,
      }
    : { name: 'fleetdesk_violation_page_rent' as const, params: [f.rentId], key: `rent:${f.rentId}` };
}

/**
 * The exact shapes' page: the version on every row, the names by scalar subqueries (a generic plan of the joins
 * cost PostgreSQL 0.41 ms a call against 0.26 for this, measured over 3,000 calls at 1,000,000 violations).
 */
const pageSql = (where: string) => `select coalesce((select l.version from violation_list_versions l
    where l.tenant_id = $1::int8), 0)::int8 as list_version, ${ISO_COLUMNS.replace(
      'r.short_name as rent_name',
      '(select r.short_name from rents r where r.tenant_id = v.tenant_id and r.id = v.rent_id) as rent_name',
    ).replace(
      'd.name as driver_name',
      '(select d.name from drivers d where d.tenant_id = v.tenant_id and d.id = v.driver_id) as driver_name',
    )}
  from violations v where v.tenant_id = $1::int8 and v.id = any(array(select i.id from violations i
    where i.tenant_id = $1::int8 and ${where} order by i.id desc limit $3::int8 offset $4::int8))
  order by v.id desc`;
const PAGE_SQL = {
  fleetdesk_violation_page_rent: pageSql('i.rent_id = $2::int8'),
  fleetdesk_violation_page_rent_handled: pageSql('i.rent_id = $2::int8 and i.handled = $5::bool'),
};

/**
 * A page of the list with its total. Like the car list (docs/vehicles.md), in two statements: the page's ids
 * with the tenant's version, planned for this call's values; then the rows of those ids, prepared. A filter
 * an index serves exactly (`exactShape`) is one prepared statement instead. The total is counted again only
 * when the version moved since this filter was counted.
 */
export async function listViolations(
  database: Database,
  scope: Scope,
  f: ViolationExportFilter,
  condOf: () => Promise<SQL>,
  page: { limit: number; offset: number },
): Promise<{ rows: Violation[]; total: number }> {
  const exact = exactShape(scope, f);
  let version: number;
  let rows: Violation[] = [];
  let cond: SQL | undefined;
  if (exact) {
    const [p1, p2] = exact.params;
    const found = await database.prepared<ViolationRecord & { list_version: number | string }>(
      exact.name,
      PAGE_SQL[exact.name],
      p2 === undefined
        ? [scope.tenantId, p1!, page.limit, page.offset]
        : [scope.tenantId, p1!, page.limit, page.offset, p2],
    );
    rows = found.rows.map(toViolation);
    // An empty page has no row to carry the version.
    version = Number(
      found.rows[0]?.list_version ??
        (await rowsOf<{ v: number | string }>(database.db, sql`select ${versionOf(scope.tenantId)} as v`))[0]!.v,
    );
  } else {
    cond = await condOf();
    const [head] = await rowsOf<{ ids: (number | string)[] | null; list_version: number | string }>(
      database.db,
      sql`select ${versionOf(scope.tenantId)} as list_version, array(select v.id from violations v where ${cond}
        order by v.id desc limit ${page.limit} offset ${page.offset}) as ids`,
    );
    version = Number(head!.list_version);
    const pageIds = (head!.ids ?? []).map(Number);
    if (pageIds.length) {
      const found = await database.prepared<ViolationRecord>('fleetdesk_violation_rows', ROWS_BY_ID_SQL, [
        scope.tenantId,
        pageIds,
      ]);
      const byId = new Map(found.rows.map((r) => [Number(r.id), r]));
      rows = pageIds.flatMap((id) => {
        const r = byId.get(id);
        return r ? [toViolation(r)] : [];
      });
    }
  }
  const key = exact ? `${scope.tenantId}\u0000${exact.key}` : CountCache.keyOf(scope.tenantId, cond!);
  let total = listTotals.get(key, version);
  if (total === undefined) {
    cond ??= await condOf();
    const [counted] = await rowsOf<{ n: number; v: number | string }>(
      database.db,
      sql`select count(*)::int as n, ${versionOf(scope.tenantId)} as v from violations v where ${cond}`,
    );
    total = Number(counted!.n);
    listTotals.set(key, Number(counted!.v), total);
  }
  return { rows, total };
}

/** Every violation of the condition, newest first, a page at a time (keyset), one page read ahead. */
export async function* allViolations(db: DbOrTx, cond: SQL, pageSize = EXPORT_PAGE_ROWS): AsyncGenerator<Violation> {
  const read = (before: number | null) =>
    rowsOf<ViolationRecord>(
      db,
      sql`select ${sql.raw(ISO_COLUMNS)} from violations v ${sql.raw(JOINS)}
        where ${cond} ${before === null ? sql`` : sql`and v.id < ${before}`} order by v.id desc limit ${pageSize}`,
    );
  let next: Promise<ViolationRecord[]> | null = read(null);
  while (next) {
    const rows: ViolationRecord[] = await next;
    next = rows.length < pageSize ? null : read(Number(rows.at(-1)!.id));
    for (const r of rows) yield toViolation(r);
  }
}

export async function findViolation(db: DbOrTx, scope: Scope, id: number): Promise<Violation | undefined> {
  const [r] = await rowsOf<ViolationRecord>(
    db,
    sql`select ${sql.raw(COLUMNS)} from violations v ${sql.raw(JOINS)} where ${inScope(scope)} and v.id = ${id}`,
  );
  return r ? toViolation(r) : undefined;
}

/** Inserts a violation typed in by hand; the attribution trigger gives it its period's driver. Null: number taken. */
export async function insertManual(
  db: DbOrTx,
  v: {
    tenantId: number;
    rentId: number;
    carId: number;
    plate: string;
    violationNo: string;
    occurredAt: Date;
    place: string;
    offenceCode: string;
    offenceText: string;
    fineFen: number;
    points: number;
    authority: string;
    now: Date;
  },
): Promise<number | null> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
        offence_text, fine_fen, points, authority, source, created_at, updated_at)
      values (${v.tenantId}, ${v.rentId}, ${v.carId}, ${v.plate}, ${v.violationNo}, ${v.occurredAt}, ${v.place},
        ${v.offenceCode}, ${v.offenceText}, ${v.fineFen}, ${v.points}, ${v.authority}, 'manual', ${v.now}, ${v.now})
      on conflict (tenant_id, violation_no) do nothing
      returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function setDriver(db: DbOrTx, scope: Scope, id: number, driverId: number | null, now: Date) {
  await db.execute(sql`update violations v set driver_id = ${driverId}, updated_at = ${now}
    where ${inScope(scope)} and v.id = ${id}`);
}

/** Whether a usage period of the car gave the violation its driver (then it is not attributed by hand). */
export async function attributedByUsage(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const [r] = await rowsOf<{ id: number }>(
    db,
    sql`select v.id from violations v where ${inScope(scope)} and v.id = ${id} and v.usage_period_id is not null`,
  );
  return !!r;
}

/**
 * Sets the handled state (a handled one keeps the cost centre its fine went to, `centreId` when given); answers
 * what the fine's posting needs, nothing when the violation is not the caller's.
 */
export async function setHandled(
  db: DbOrTx,
  scope: Scope,
  id: number,
  handled: boolean,
  now: Date,
  centreId: number | null = null,
) {
  const [row] = await rowsOf<{ fine_fen: number | string; plate: string; violation_no: string }>(
    db,
    sql`update violations v set handled = ${handled}, handled_at = ${handled ? now : null},
      cost_centre_id = coalesce(${centreId}::int8, v.cost_centre_id), updated_at = ${now}
      where ${inScope(scope)} and v.id = ${id} returning v.fine_fen, v.plate, v.violation_no`,
  );
  return row ? { fineFen: Number(row.fine_fen), plate: row.plate, violationNo: row.violation_no } : undefined;
}

/** A driver of the tenant that the caller may see (in one of the caller's rents). */
export async function driverInScope(db: DbOrTx, scope: Scope, driverId: number): Promise<boolean> {
  const [r] = await rowsOf<{ id: number }>(
    db,
    sql`select id from drivers where tenant_id = ${scope.tenantId} and id = ${driverId}
      and rent_id = any(${idArray(scope.rentIds)}) and deleted_at is null`,
  );
  return !!r;
}

export interface CarForQuery {
  id: number;
  rent_id: number;
  plate: string;
  vin: string | null;
  engine_no: string | null;
}

/** The caller's live cars of `carIds` (others, and other tenants', are simply missing). */
export async function carsInScope(db: DbOrTx, scope: Scope, carIds: number[]): Promise<CarForQuery[]> {
  const rows = await rowsOf<CarForQuery>(
    db,
    sql`select id, rent_id, plate, vin, engine_no from cars where tenant_id = ${scope.tenantId}
      and rent_id = any(${idArray(scope.rentIds)}) and id = any(${idArray(carIds)}) and deleted_at is null`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), rent_id: Number(r.rent_id) }));
}

export async function carSummary(db: DbOrTx, scope: Scope, carId: number) {
  const [r] = await rowsOf<{
    plate: string;
    total: number;
    unhandled: number;
    fine: number | string;
    points: number;
    last: Date | string | null;
  }>(
    db,
    sql`select c.plate,
        (select count(*)::int from violations v where v.tenant_id = c.tenant_id and v.car_id = c.id) as total,
        (select count(*)::int from violations v where v.tenant_id = c.tenant_id and v.car_id = c.id and not v.handled) as unhandled,
        (select coalesce(sum(v.fine_fen + v.late_fee_fen), 0)::int8 from violations v where v.tenant_id = c.tenant_id and v.car_id = c.id and not v.handled) as fine,
        (select coalesce(sum(v.points), 0)::int from violations v where v.tenant_id = c.tenant_id and v.car_id = c.id and not v.handled) as points,
        (select max(i.queried_at) from violation_query_items i where i.tenant_id = c.tenant_id and i.car_id = c.id and i.state = 'done') as last
      from cars c where c.tenant_id = ${scope.tenantId} and c.id = ${carId} and c.rent_id = any(${idArray(scope.rentIds)})`,
  );
  return r
    ? {
        plate: r.plate,
        total: Number(r.total),
        unhandled: Number(r.unhandled),
        fineFen: Number(r.fine),
        points: Number(r.points),
        lastQueriedAt: iso(r.last),
      }
    : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Limits

export interface Limits {
  carPoints: number | null;
  carFineFen: number | null;
  driverPoints: number | null;
  driverFineFen: number | null;
}

export async function limitsOf(db: DbOrTx, tenantId: number): Promise<Limits> {
  const [r] = await rowsOf<{
    car_points: number | null;
    car_fine_fen: number | string | null;
    driver_points: number | null;
    driver_fine_fen: number | string | null;
  }>(
    db,
    sql`select car_points, car_fine_fen, driver_points, driver_fine_fen from violation_limit_configs where tenant_id = ${tenantId}`,
  );
  const n = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    carPoints: n(r?.car_points),
    carFineFen: n(r?.car_fine_fen),
    driverPoints: n(r?.driver_points),
    driverFineFen: n(r?.driver_fine_fen),
  };
}

export async function saveLimits(db: DbOrTx, tenantId: number, l: Limits, userId: number, now: Date) {
  await db.execute(sql`insert into violation_limit_configs
      (tenant_id, car_points, car_fine_fen, driver_points, driver_fine_fen, updated_by, updated_at)
    values (${tenantId}, ${l.carPoints}, ${l.carFineFen}, ${l.driverPoints}, ${l.driverFineFen}, ${userId}, ${now})
    on conflict (tenant_id) do update set car_points = excluded.car_points, car_fine_fen = excluded.car_fine_fen,
      driver_points = excluded.driver_points, driver_fine_fen = excluded.driver_fine_fen,
      updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
}

export interface OverLimit {
  subject: 'car' | 'driver';
  id: number;
  rent_id: number;
  name: string;
  points: number;
  fine_fen: number;
}

/**
 * Cars and drivers whose unhandled violations reach a limit (points, or fines with late fees), in the rents
 * given (all of the tenant's when null).
 */
export async function overLimits(db: DbOrTx, tenantId: number, rentIds: readonly number[] | null, l: Limits) {
  const out: OverLimit[] = [];
  const rentCond = rentIds ? sql`and v.rent_id = any(${idArray(rentIds)})` : sql``;
  const having = (points: number | null, fine: number | null) => {
    const parts: SQL[] = [];
    if (points !== null) parts.push(sql`sum(v.points) >= ${points}`);
    if (fine !== null) parts.push(sql`sum(v.fine_fen + v.late_fee_fen) >= ${fine}`);
    return parts.length ? sql.join(parts, sql` or `) : null;
  };
  const carHaving = having(l.carPoints, l.carFineFen);
  if (carHaving) {
    const rows = await rowsOf<OverLimit>(
      db,
      sql`select 'car' as subject, c.id, c.rent_id, c.plate as name, t.points, t.fine_fen from (
          select v.car_id, sum(v.points)::int as points, sum(v.fine_fen + v.late_fee_fen)::int8 as fine_fen
          from violations v where v.tenant_id = ${tenantId} and not v.handled ${rentCond}
          group by v.car_id having ${carHaving}) t
        join cars c on c.tenant_id = ${tenantId} and c.id = t.car_id where c.deleted_at is null`,
    );
    out.push(...rows);
  }
  const driverHaving = having(l.driverPoints, l.driverFineFen);
  if (driverHaving) {
    const rows = await rowsOf<OverLimit>(
      db,
      sql`select 'driver' as subject, d.id, d.rent_id, d.name, t.points, t.fine_fen from (
          select v.driver_id, sum(v.points)::int as points, sum(v.fine_fen + v.late_fee_fen)::int8 as fine_fen
          from violations v where v.tenant_id = ${tenantId} and not v.handled and v.driver_id is not null ${rentCond}
          group by v.driver_id having ${driverHaving}) t
        join drivers d on d.tenant_id = ${tenantId} and d.id = t.driver_id where d.deleted_at is null`,
    );
    out.push(...rows);
  }
  return out.map((r) => ({
    ...r,
    id: Number(r.id),
    rent_id: Number(r.rent_id),
    points: Number(r.points),
    fine_fen: Number(r.fine_fen),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Statistics

export async function yearStatistics(db: DbOrTx, scope: Scope, timeZone: string, year: number) {
  const month = sql`extract(month from v.occurred_at at time zone ${timeZone})::int`;
  const yearOf = sql`extract(year from v.occurred_at at time zone ${timeZone})::int`;
  const months = await rowsOf<{ month: number; count: number; handled: number; fine: number | string; points: number }>(
    db,
    sql`select ${month} as month, count(*)::int as count, count(*) filter (where v.handled)::int as handled,
        coalesce(sum(v.fine_fen), 0)::int8 as fine, coalesce(sum(v.points), 0)::int as points
      from violations v where ${inScope(scope)} and ${yearOf} = ${year} group by 1 order by 1`,
  );
  const top = await rowsOf<{ offence_code: string; offence_text: string; count: number }>(
    db,
    sql`select v.offence_code, min(v.offence_text) as offence_text, count(*)::int as count
      from violations v where ${inScope(scope)} and ${yearOf} = ${year}
      group by v.offence_code order by count(*) desc, v.offence_code limit 5`,
  );
  return { months, top };
}

// ---------------------------------------------------------------------------------------------------------
// Query orders

export async function insertOrder(
  db: DbOrTx,
  o: { tenantId: number; kind: 'single' | 'batch'; provider: string; carCount: number; userId: number; now: Date },
): Promise<number> {
  const [r] = await rowsOf<{ id: number }>(
    db,
    sql`insert into violation_query_orders (tenant_id, kind, provider, car_count, created_by, created_at)
      values (${o.tenantId}, ${o.kind}, ${o.provider}, ${o.carCount}, ${o.userId}, ${o.now}) returning id`,
  );
  return Number(r!.id);
}

export async function insertItems(db: DbOrTx, tenantId: number, orderId: number, cars: CarForQuery[]) {
  for (let i = 0; i < cars.length; i += 1000) {
    const values = sql.join(
      cars.slice(i, i + 1000).map((c) => sql`(${tenantId}::int8, ${orderId}::int8, ${c.id}::int8, ${c.plate})`),
      sql`, `,
    );
    await db.execute(sql`insert into violation_query_items (tenant_id, order_id, car_id, plate) values ${values}`);
  }
}

export async function setOrderCharge(
  db: DbOrTx,
  tenantId: number,
  orderId: number,
  o: { chargeId: number; amountFen: number; taskId: number },
) {
  await db.execute(sql`update violation_query_orders set charge_id = ${o.chargeId}, amount_fen = ${o.amountFen},
    task_id = ${o.taskId} where tenant_id = ${tenantId} and id = ${orderId}`);
}

export async function orderRow(db: DbOrTx, tenantId: number, orderId: number) {
  const [r] = await rowsOf<{ charge_id: number | string | null; provider: string; created_by: number | string | null }>(
    db,
    sql`select charge_id, provider, created_by from violation_query_orders where tenant_id = ${tenantId} and id = ${orderId}`,
  );
  return r
    ? {
        chargeId: r.charge_id === null ? null : Number(r.charge_id),
        provider: r.provider,
        createdBy: r.created_by === null ? null : Number(r.created_by),
      }
    : undefined;
}

export async function itemState(db: DbOrTx, tenantId: number, orderId: number, carId: number) {
  const [r] = await rowsOf<{ state: string; found: number; added: number; error: string | null }>(
    db,
    sql`select state, found, added, error from violation_query_items
      where tenant_id = ${tenantId} and order_id = ${orderId} and car_id = ${carId}`,
  );
  return r;
}

/**
 * Merges a car's records by violation number: a new number is added, a known one takes the provider's
 * handled state and late fee. Answers how many were new.
 */
export async function mergeViolations(
  db: DbOrTx,
  t: { tenantId: number; rentId: number; carId: number; plate: string; orderId: number; now: Date },
  list: ProviderViolation[],
): Promise<number> {
  if (!list.length) return 0;
  // One number twice in one answer counts once (the last wins).
  const unique = [...new Map(list.map((v) => [v.violationNo, v])).values()];
  const values = sql.join(
    unique.map(
      (v) => sql`(${t.tenantId}::int8, ${t.rentId}::int8, ${t.carId}::int8, ${t.plate}, ${v.violationNo},
        ${v.occurredAt}::timestamptz, ${v.place}, ${v.offenceCode}, ${v.offenceText}, ${v.fineFen}::int8,
        ${v.points}::int, ${v.lateFeeFen}::int8, ${v.handled}::boolean,
        ${v.handled ? t.now : null}::timestamptz, ${v.authority}, 'query', ${t.orderId}::int8, ${t.now}::timestamptz,
        ${t.now}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await rowsOf<{ inserted: boolean }>(
    db,
    sql`insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
        offence_text, fine_fen, points, late_fee_fen, handled, handled_at, authority, source, order_id, created_at,
        updated_at)
      values ${values}
      on conflict (tenant_id, violation_no) do update set handled = excluded.handled or violations.handled,
        handled_at = coalesce(violations.handled_at, excluded.handled_at), late_fee_fen = excluded.late_fee_fen,
        updated_at = excluded.updated_at
      returning (xmax = 0) as inserted`,
  );
  return rows.filter((r) => r.inserted).length;
}

export async function finishItem(
  db: DbOrTx,
  tenantId: number,
  orderId: number,
  carId: number,
  o: { state: 'done' | 'failed'; found: number; added: number; error: string | null; raw: unknown; now: Date },
): Promise<boolean> {
  const rows = await rowsOf<{ car_id: number }>(
    db,
    sql`update violation_query_items set state = ${o.state}, found = ${o.found}, added = ${o.added}, error = ${o.error},
        raw = ${o.raw === undefined ? null : JSON.stringify(o.raw)}::jsonb, queried_at = ${o.now},
        refunded = ${o.state === 'failed'}
      where tenant_id = ${tenantId} and order_id = ${orderId} and car_id = ${carId} and state = 'pending'
      returning car_id`,
  );
  return rows.length > 0;
}

export async function closeOrder(db: DbOrTx, tenantId: number, orderId: number, now: Date) {
  await db.execute(sql`update violation_query_orders o set state = 'completed', finished_at = ${now},
      found = s.found, added = s.added, failed = s.failed,
      refunded_fen = case when o.car_count > 0 then o.amount_fen / o.car_count * s.failed else 0 end
    from (select coalesce(sum(found), 0)::int as found, coalesce(sum(added), 0)::int as added,
        count(*) filter (where state = 'failed')::int as failed
      from violation_query_items where tenant_id = ${tenantId} and order_id = ${orderId}) s
    where o.tenant_id = ${tenantId} and o.id = ${orderId}`);
}

interface OrderRecord {
  id: number | string;
  kind: string;
  state: string;
  provider: string;
  car_count: number;
  amount_fen: number | string;
  refunded_fen: number | string;
  found: number;
  added: number;
  failed: number;
  task_id: number | string | null;
  created_at: Date | string;
  created_by_name: string | null;
  finished_at: Date | string | null;
}

function toOrder(r: OrderRecord): QueryOrder {
  return {
    id: Number(r.id),
    kind: r.kind as QueryOrder['kind'],
    state: r.state as QueryOrder['state'],
    provider: r.provider,
    carCount: Number(r.car_count),
    amount: fenToYuan(Number(r.amount_fen)),
    refunded: fenToYuan(Number(r.refunded_fen)),
    found: Number(r.found),
    added: Number(r.added),
    failed: Number(r.failed),
    taskId: r.task_id === null ? null : Number(r.task_id),
    targetId: `violationQuery:${r.id}`,
    createdAt: iso(r.created_at)!,
    createdByName: r.created_by_name,
    finishedAt: iso(r.finished_at),
  };
}

const ORDER_SELECT = sql`select o.id, o.kind, o.state, o.provider, o.car_count, o.amount_fen, o.refunded_fen, o.found,
  o.added, o.failed, o.task_id, o.created_at, o.finished_at,
  (select u.name from users u where u.tenant_id = o.tenant_id and u.id = o.created_by) as created_by_name
  from violation_query_orders o`;

export async function listOrders(db: DbOrTx, tenantId: number, limit: number, offset: number) {
  const rows = await rowsOf<OrderRecord>(
    db,
    sql`${ORDER_SELECT} where o.tenant_id = ${tenantId} order by o.id desc limit ${limit} offset ${offset}`,
  );
  const [c] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from violation_query_orders where tenant_id = ${tenantId}`,
  );
  return { rows: rows.map(toOrder), total: Number(c!.n) };
}

export async function getOrder(db: DbOrTx, tenantId: number, orderId: number): Promise<QueryOrder | undefined> {
  const [r] = await rowsOf<OrderRecord>(db, sql`${ORDER_SELECT} where o.tenant_id = ${tenantId} and o.id = ${orderId}`);
  return r ? toOrder(r) : undefined;
}

/** An order's cars, those of the caller's rents only (an order may span rents the caller cannot see). */
export async function orderItems(db: DbOrTx, scope: Scope, orderId: number): Promise<QueryOrderItem[]> {
  const rows = await rowsOf<{
    car_id: number | string;
    plate: string;
    state: string;
    found: number;
    added: number;
    error: string | null;
    refunded: boolean;
    queried_at: Date | string | null;
  }>(
    db,
    sql`select i.car_id, i.plate, i.state, i.found, i.added, i.error, i.refunded, i.queried_at
      from violation_query_items i join cars c on c.tenant_id = i.tenant_id and c.id = i.car_id
      where i.tenant_id = ${scope.tenantId} and i.order_id = ${orderId} and c.rent_id = any(${idArray(scope.rentIds)})
      order by i.state = 'failed' desc, i.added desc, i.plate`,
  );
  return rows.map((r) => ({
    carId: Number(r.car_id),
    plate: r.plate,
    state: r.state as QueryOrderItem['state'],
    found: Number(r.found),
    added: Number(r.added),
    error: r.error,
    refunded: r.refunded,
    queriedAt: iso(r.queried_at),
  }));
}

interface OriginalRow {
  order_id: number | string;
  car_id: number | string;
  plate: string;
  provider: string;
  queried_at: Date | string | null;
  state: string;
  found: number;
  raw: unknown;
}

const toOriginal = (r: OriginalRow): OriginalRecord => ({
  orderId: Number(r.order_id),
  carId: Number(r.car_id),
  plate: r.plate,
  provider: r.provider,
  queriedAt: iso(r.queried_at),
  state: r.state,
  found: Number(r.found),
  data: r.raw ?? null,
});

function originalWhere(scope: Scope, f: { orderId?: number; carId?: number }): SQL {
  return sql`i.tenant_id = ${scope.tenantId} and i.state <> 'pending' and c.rent_id = any(${idArray(scope.rentIds)})
    ${f.orderId ? sql`and i.order_id = ${f.orderId}` : sql``} ${f.carId ? sql`and i.car_id = ${f.carId}` : sql``}`;
}
const ORIGINAL_FROM = sql`from violation_query_items i
  join cars c on c.tenant_id = i.tenant_id and c.id = i.car_id
  join violation_query_orders o on o.tenant_id = i.tenant_id and o.id = i.order_id`;

export async function originalPage(
  db: DbOrTx,
  scope: Scope,
  f: { orderId?: number; carId?: number },
  limit: number,
  offset: number,
) {
  const where = originalWhere(scope, f);
  const rows = await rowsOf<OriginalRow>(
    db,
    sql`select i.order_id, i.car_id, i.plate, o.provider, i.queried_at, i.state, i.found, i.raw ${ORIGINAL_FROM}
      where ${where} order by i.queried_at desc nulls last, i.order_id desc, i.car_id limit ${limit} offset ${offset}`,
  );
  const [c] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${ORIGINAL_FROM} where ${where}`);
  return { rows: rows.map(toOriginal), total: Number(c!.n) };
}

export async function* allOriginal(db: DbOrTx, scope: Scope, f: { orderId?: number; carId?: number }) {
  const where = originalWhere(scope, f);
  for (let offset = 0; ; offset += 500) {
    const rows = await rowsOf<OriginalRow>(
      db,
      sql`select i.order_id, i.car_id, i.plate, o.provider, i.queried_at, i.state, i.found, i.raw ${ORIGINAL_FROM}
        where ${where} order by i.order_id desc, i.car_id limit 500 offset ${offset}`,
    );
    for (const r of rows) yield toOriginal(r);
    if (rows.length < 500) return;
  }
}
