import { and, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  documentDue,
  driverActionsFrom,
  type Driver,
  type DriverExportFilter,
  type DriverListFilter,
  type DriverListRow,
  type DriverOperation,
  type DriverState,
  type Gender,
  type LicenceClass,
  type DriverSource,
  type BlacklistHit,
} from '@fleetdesk/contracts/drivers';
import { teamScope, type RentScope, type RequestContext } from '../../core/access.js';
import { CountCache } from '../../core/count-cache.js';
import { EXPORT_PAGE_ROWS, rawJson, rowsOf, type Database, type DbOrTx, type RawJson } from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { containsPattern } from '../../core/like.js';
import { driverEvents, drivers } from '../../db/schema/drivers.js';
import { users } from '../../db/schema/identity.js';

/** Who may see which drivers: the caller's tenant, in the rents the caller may act in. */
export type Scope = RentScope;
export type DriverRow = typeof drivers.$inferSelect;

/** Today and the last day that counts as "expiring soon" (today + the tenant's lead days), YYYY-MM-DD. */
export interface DueWindow {
  today: string;
  soonUntil: string;
}

export function inScope(scope: Scope): SQL {
  const team = scope.teamIds ? teamScope(scope, sql`${drivers.teamId}`) : undefined;
  return and(eq(drivers.tenantId, scope.tenantId), inArray(drivers.rentId, [...scope.rentIds]), team)!;
}

/** A driver as the read statements give it (dates as text, labels as JSON). */
export interface DriverRecord {
  id: number | string;
  rent_id: number | string;
  rent_name: string | null;
  name: string;
  gender: Gender;
  phone: string;
  id_number: string;
  birth_date: string;
  address: string | null;
  id_card_front_url: string | null;
  id_card_back_url: string | null;
  licence_number: string | null;
  licence_class: LicenceClass | null;
  licence_first_issue: string | null;
  licence_expiry: string | null;
  licence_front_url: string | null;
  licence_back_url: string | null;
  certificate_number: string | null;
  certificate_expiry: string | null;
  certificate_url: string | null;
  emergency_name: string | null;
  emergency_phone: string | null;
  emergency_relation: Driver['emergencyRelation'];
  bank_name: string | null;
  bank_account: string | null;
  bank_account_name: string | null;
  source: DriverSource | null;
  state: DriverState;
  state_changed_at: Date | string;
  state_reason: string | null;
  blacklisted_by_name: string | null;
  blacklisted_at: Date | string | null;
  remark: string | null;
  labels: RawJson<{ id: number; name: string; color: string }[]> | null;
  history: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
}

const LABELS_OF = `coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by l.id)
    from driver_labels dl join labels l on l.tenant_id = dl.tenant_id and l.id = dl.label_id
    where dl.tenant_id = d.tenant_id and dl.driver_id = d.id), '[]'::json) as labels`;
/** Whether the driver has history beyond its creation (any state change, import aside): deletion is refused then. */
const HISTORY_OF = `exists (select 1 from driver_events e where e.tenant_id = d.tenant_id and e.driver_id = d.id
    and e.kind = 'state') as history`;

const DRIVER_COLUMNS = `d.id, d.rent_id, r.short_name as rent_name, d.name, d.gender, d.phone, d.id_number,
  d.birth_date::text as birth_date, d.address, d.id_card_front_url, d.id_card_back_url, d.licence_number,
  d.licence_class, d.licence_first_issue::text as licence_first_issue, d.licence_expiry::text as licence_expiry,
  d.licence_front_url, d.licence_back_url, d.certificate_number, d.certificate_expiry::text as certificate_expiry,
  d.certificate_url, d.emergency_name, d.emergency_phone, d.emergency_relation, d.bank_name, d.bank_account,
  d.bank_account_name, d.source, d.state, d.state_changed_at, d.state_reason, b.name as blacklisted_by_name,
  d.blacklisted_at, d.remark, ${LABELS_OF}, ${HISTORY_OF}, d.created_at, d.updated_at, d.deleted_at`;
const DRIVER_FROM = `from drivers d
  left join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
  left join users b on b.tenant_id = d.tenant_id and b.id = d.blacklisted_by`;

/** The rows of a list page by id, prepared: every parameter is an id, so one plan suits every call. */
export const LIST_ROWS_SQL = `select d.id, d.rent_id, r.short_name as rent_name, d.name, d.gender, d.phone,
    d.id_number, d.birth_date::text as birth_date, d.licence_class, d.licence_expiry::text as licence_expiry,
    d.certificate_expiry::text as certificate_expiry, d.source, d.state, d.state_reason, ${LABELS_OF},
    ${HISTORY_OF}, d.created_at, d.deleted_at
  from drivers d left join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
  where d.tenant_id = $1::int8 and d.id = any($2::int8[])`;

const instant = (d: Date | string) => (d instanceof Date ? d : new Date(d));
const iso = (d: Date | string | null) => (d === null ? null : instant(d).toISOString());
const labelsOf = (v: DriverRecord['labels']) =>
  rawJson(v, []).map((l) => ({
    id: Number(l.id),
    name: l.name,
    color: l.color,
  }));

/** Whole years from `birth` to `today`, both YYYY-MM-DD. */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

type Sign = (url: string | null) => { url: string; signedUrl: string | null } | null;

/** The whole driver, field by field. */
export function toDriver(d: DriverRecord, w: DueWindow, sign: Sign): Driver {
  const state = d.state;
  const deleted = d.deleted_at !== null;
  return {
    id: Number(d.id),
    rentId: Number(d.rent_id),
    rentName: d.rent_name ?? '',
    name: d.name,
    gender: d.gender,
    phone: d.phone,
    idNumber: d.id_number,
    birthDate: d.birth_date,
    age: ageOn(d.birth_date, w.today),
    address: d.address,
    idCardFront: sign(d.id_card_front_url),
    idCardBack: sign(d.id_card_back_url),
    licenceNumber: d.licence_number,
    licenceClass: d.licence_class,
    licenceFirstIssue: d.licence_first_issue,
    licenceExpiry: d.licence_expiry,
    licenceDue: documentDue(d.licence_expiry, w.today, w.soonUntil),
    licenceFront: sign(d.licence_front_url),
    licenceBack: sign(d.licence_back_url),
    certificateNumber: d.certificate_number,
    certificateExpiry: d.certificate_expiry,
    certificateDue: documentDue(d.certificate_expiry, w.today, w.soonUntil),
    certificate: sign(d.certificate_url),
    emergencyName: d.emergency_name,
    emergencyPhone: d.emergency_phone,
    emergencyRelation: d.emergency_relation,
    bankName: d.bank_name,
    bankAccount: d.bank_account,
    bankAccountName: d.bank_account_name,
    source: d.source,
    labels: labelsOf(d.labels),
    state,
    stateChangedAt: instant(d.state_changed_at).toISOString(),
    stateReason: d.state_reason,
    blacklistedBy: state === 'blacklisted' ? d.blacklisted_by_name : null,
    blacklistedAt: state === 'blacklisted' ? iso(d.blacklisted_at) : null,
    actions: deleted ? [] : driverActionsFrom(state),
    deletable: !deleted && state === 'prospect' && !d.history,
    remark: d.remark,
    createdAt: iso(d.created_at)!,
    updatedAt: iso(d.updated_at)!,
    deletedAt: iso(d.deleted_at),
  };
}

export type DriverListRecord = Pick<
  DriverRecord,
  | 'id'
  | 'rent_id'
  | 'rent_name'
  | 'name'
  | 'gender'
  | 'phone'
  | 'id_number'
  | 'birth_date'
  | 'licence_class'
  | 'licence_expiry'
  | 'certificate_expiry'
  | 'source'
  | 'state'
  | 'state_reason'
  | 'labels'
  | 'history'
  | 'created_at'
  | 'deleted_at'
>;

export function toDriverListRow(d: DriverListRecord, w: DueWindow): DriverListRow {
  const state = d.state;
  const deleted = d.deleted_at !== null;
  return {
    id: Number(d.id),
    rentId: Number(d.rent_id),
    rentName: d.rent_name ?? '',
    name: d.name,
    gender: d.gender,
    phone: d.phone,
    idNumber: d.id_number,
    age: ageOn(d.birth_date, w.today),
    licenceClass: d.licence_class,
    licenceExpiry: d.licence_expiry,
    licenceDue: documentDue(d.licence_expiry, w.today, w.soonUntil),
    certificateExpiry: d.certificate_expiry,
    certificateDue: documentDue(d.certificate_expiry, w.today, w.soonUntil),
    source: d.source,
    labels: labelsOf(d.labels),
    state,
    stateReason: d.state_reason,
    actions: deleted ? [] : driverActionsFrom(state),
    deletable: !deleted && state === 'prospect' && !d.history,
    createdAt: iso(d.created_at)!,
    deletedAt: iso(d.deleted_at),
  };
}

/** The SQL conditions of a list filter, all on `drivers` itself (the count needs no join). */
export function filterWhere(scope: Scope, f: DriverExportFilter, w: DueWindow): SQL {
  const where: SQL[] = [inScope(scope)];
  where.push(f.deleted === 'only' ? isNotNull(drivers.deletedAt) : isNull(drivers.deletedAt));
  if (f.keyword) {
    const k = containsPattern(f.keyword.trim());
    where.push(or(ilike(drivers.name, k), ilike(drivers.phone, k), ilike(drivers.idNumber, k))!);
  }
  if (f.name) where.push(ilike(drivers.name, containsPattern(f.name)));
  if (f.phone) where.push(ilike(drivers.phone, containsPattern(f.phone.replace(/[\s-]/g, ''))));
  if (f.idNumber) where.push(ilike(drivers.idNumber, containsPattern(f.idNumber.toUpperCase())));
  if (f.state?.length) where.push(inArray(drivers.state, f.state));
  if (f.rentId) where.push(eq(drivers.rentId, f.rentId));
  if (f.source?.length) where.push(inArray(drivers.source, f.source));
  if (f.labelId?.length) {
    where.push(sql`exists (select 1 from driver_labels dl where dl.tenant_id = ${drivers.tenantId}
      and dl.driver_id = ${drivers.id} and dl.label_id in ${f.labelId})`);
  }
  if (f.licenceExpiryFrom) where.push(gte(drivers.licenceExpiry, f.licenceExpiryFrom));
  if (f.licenceExpiryTo) where.push(lte(drivers.licenceExpiry, f.licenceExpiryTo));
  if (f.documentDue === 'expired') {
    where.push(or(sql`${drivers.licenceExpiry} < ${w.today}`, sql`${drivers.certificateExpiry} < ${w.today}`)!);
  } else if (f.documentDue === 'soon') {
    where.push(
      or(
        and(gte(drivers.licenceExpiry, w.today), lte(drivers.licenceExpiry, w.soonUntil)),
        and(gte(drivers.certificateExpiry, w.today), lte(drivers.certificateExpiry, w.soonUntil)),
      )!,
    );
  }
  if (f.ids?.length) where.push(inArray(drivers.id, f.ids));
  return and(...where)!;
}

const SORT_COLUMNS = {
  createdAt: 'id',
  name: 'name',
  licenceExpiry: 'licence_expiry',
  stateChangedAt: 'state_changed_at',
} as const;

/** Computes the due window from the tenant's time zone and rules, as read with a list's page. */
export type WindowOf = (timeZone: string | null, rules: unknown) => DueWindow;

/**
 * A page of the list in two statements, as for cars. First the page's ids (planned for this filter's values),
 * the tenant's driver version and, unless the filter needed it already, the tenant's zone and rules for the
 * documents' standing: one round trip. Then the rows of those ids as one prepared statement. The total is
 * counted again only when the tenant's drivers changed since (`core/count-cache.ts`, as for cars).
 */
export async function listDrivers(
  database: Database,
  scope: Scope,
  f: DriverListFilter,
  known: DueWindow | null,
  windowOf: WindowOf,
): Promise<{ rows: DriverListRow[]; total: number }> {
  // The conditions use the window only to filter by documents due (then the service has read it already).
  const cond = filterWhere(scope, f, known ?? { today: '', soonUntil: '' });
  const dir = f.sortOrder === 'asc' ? 'asc' : 'desc';
  const field = f.sortField ? SORT_COLUMNS[f.sortField] : 'id';
  const order = sql.raw(field === 'id' ? `drivers.id ${dir}` : `drivers.${field} ${dir} nulls last, drivers.id ${dir}`);
  const key = CountCache.keyOf(scope.tenantId, cond);
  const [page] = await rowsOf<{
    ids: (number | string)[] | null;
    list_version: number | string;
    tz: string | null;
    rules: unknown;
  }>(
    database.db,
    sql`select ${versionOf(scope.tenantId)} as list_version,
      ${
        known
          ? sql`null::text as tz, null::jsonb as rules`
          : sql`(select t.time_zone from tenants t where t.id = ${scope.tenantId}) as tz,
      (select s.rules from tenant_settings s where s.tenant_id = ${scope.tenantId}) as rules`
      },
      array(select drivers.id from drivers where ${cond} order by ${order} limit ${f.pageSize} offset ${offsetOf(f)}) as ids`,
  );
  const w = known ?? windowOf(page!.tz, page!.rules);
  const version = Number(page!.list_version);
  const ids = (page!.ids ?? []).map(Number);
  let rows: DriverListRow[] = [];
  if (ids.length) {
    const found = await database.prepared<DriverListRecord>('fleetdesk_driver_list_rows', LIST_ROWS_SQL, [
      scope.tenantId,
      ids,
    ]);
    const byId = new Map(found.rows.map((r) => [Number(r.id), r]));
    rows = ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toDriverListRow(r, w)] : [];
    });
  }
  let total = listTotals.get(key, version);
  if (total === undefined) {
    // Counted with the version in one statement, so a total is never kept under a newer version.
    const [counted] = await rowsOf<{ n: number; v: number | string }>(
      database.db,
      sql`select count(*)::int as n, ${versionOf(scope.tenantId)} as v from drivers where ${cond}`,
    );
    total = counted!.n;
    listTotals.set(key, Number(counted!.v), total);
  }
  return { rows, total };
}

/** List totals per filter, valid while the tenant's driver version stays. */
const listTotals = new CountCache();

const versionOf = (tenantId: number) =>
  sql`coalesce((select v.version from driver_list_versions v where v.tenant_id = ${tenantId}), 0)::int8`;

async function selectDrivers(db: DbOrTx, where: SQL, tail: SQL): Promise<DriverRecord[]> {
  return rowsOf<DriverRecord>(
    db,
    sql`select ${sql.raw(DRIVER_COLUMNS)} ${sql.raw(DRIVER_FROM)} where d.id in (select drivers.id from drivers
      where ${where} ${tail})${sql.raw(' order by d.id')}`,
  );
}

/** One driver of the caller's scope (deleted ones too). */
export async function findDriver(db: DbOrTx, scope: Scope, id: number): Promise<DriverRecord | undefined> {
  const [row] = await selectDrivers(db, and(inScope(scope), eq(drivers.id, id))!, sql``);
  return row;
}

/**
 * Every driver matching the filter, in id order, a page at a time (keyset), one page read ahead: what the
 * export streams.
 */
export async function* allDrivers(
  db: DbOrTx,
  scope: Scope,
  f: DriverExportFilter,
  w: DueWindow,
  sign: Sign,
  pageSize = EXPORT_PAGE_ROWS,
): AsyncGenerator<Driver> {
  const cond = filterWhere(scope, f, w);
  const page = (after: number) =>
    selectDrivers(db, and(cond, gt(drivers.id, after))!, sql`order by drivers.id limit ${pageSize}`);
  let next: Promise<DriverRecord[]> | null = page(0);
  try {
    while (next) {
      const rows: DriverRecord[] = await next;
      next = rows.length < pageSize ? null : page(Number(rows.at(-1)!.id));
      for (const r of rows) yield toDriver(r, w, sign);
    }
  } finally {
    next?.catch(() => undefined);
  }
}

/** The driver row locked for a change, live drivers only unless `deleted`. */
export async function lockDriver(
  db: DbOrTx,
  scope: Scope,
  id: number,
  options: { deleted?: boolean } = {},
): Promise<DriverRow | undefined> {
  const [row] = await db
    .select()
    .from(drivers)
    .where(
      and(
        inScope(scope),
        eq(drivers.id, id),
        options.deleted ? isNotNull(drivers.deletedAt) : isNull(drivers.deletedAt),
      ),
    )
    .for('update');
  return row;
}

/** Another live driver of the tenant (any rent) with this phone. */
export async function phoneClash(db: DbOrTx, tenantId: number, phone: string, exceptId?: number) {
  const [row] = await db
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(
      and(
        eq(drivers.tenantId, tenantId),
        eq(drivers.phone, phone),
        isNull(drivers.deletedAt),
        exceptId ? sql`${drivers.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The tenant's active driver with this ID number (any rent), other than `exceptId`. */
export async function activeWithId(db: DbOrTx, tenantId: number, idNumber: string, exceptId?: number) {
  const [row] = await rowsOf<{ id: number; name: string; rent_name: string | null }>(
    db,
    sql`select d.id, d.name, r.short_name as rent_name from drivers d
      left join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
      where d.tenant_id = ${tenantId} and d.id_number = ${idNumber} and d.state = 'active'
        and d.deleted_at is null ${exceptId ? sql`and d.id <> ${exceptId}` : sql``} limit 1`,
  );
  return row ? { id: Number(row.id), name: row.name, rentName: row.rent_name ?? '' } : undefined;
}

/**
 * Where an ID number is blacklisted in the tenant: every rent's drivers, whatever rents the caller may act in
 * (a blacklisting is the tenant's decision, seen by all its companies).
 */
export async function blacklistHits(
  db: DbOrTx,
  tenantId: number,
  idNumber: string,
  exceptId?: number,
): Promise<BlacklistHit[]> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    rent_id: number;
    rent_name: string | null;
    state_reason: string | null;
    decided_by: string | null;
    blacklisted_at: Date | string | null;
  }>(
    db,
    sql`select d.id, d.name, d.rent_id, r.short_name as rent_name, d.state_reason, u.name as decided_by,
        d.blacklisted_at
      from drivers d
      left join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
      left join users u on u.tenant_id = d.tenant_id and u.id = d.blacklisted_by
      where d.tenant_id = ${tenantId} and d.id_number = ${idNumber} and d.state = 'blacklisted'
        and d.deleted_at is null ${exceptId ? sql`and d.id <> ${exceptId}` : sql``}
      order by d.blacklisted_at desc nulls last, d.id desc limit 20`,
  );
  return rows.map((r) => ({
    driverId: Number(r.id),
    name: r.name,
    rentId: Number(r.rent_id),
    rentName: r.rent_name ?? '',
    reason: r.state_reason,
    decidedBy: r.decided_by,
    at: iso(r.blacklisted_at),
  }));
}

export async function insertEvent(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  e: {
    driverId: number;
    kind: DriverOperation['kind'];
    action?: DriverOperation['action'];
    fromState?: DriverState | null;
    toState?: DriverState | null;
    reason?: string | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(driverEvents).values({ tenantId: ctx.tenantId, userId: ctx.userId, ...e });
}

export async function listOperations(
  db: DbOrTx,
  tenantId: number,
  driverId: number,
  q: { pageNum: number; pageSize: number; kind?: DriverOperation['kind'] | undefined },
): Promise<{ rows: DriverOperation[]; total: number }> {
  const cond = and(
    eq(driverEvents.tenantId, tenantId),
    eq(driverEvents.driverId, driverId),
    q.kind ? eq(driverEvents.kind, q.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ e: driverEvents, userName: users.name })
      .from(driverEvents)
      .leftJoin(users, and(eq(users.tenantId, driverEvents.tenantId), eq(users.id, driverEvents.userId)))
      .where(cond)
      .orderBy(desc(driverEvents.at), desc(driverEvents.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(driverEvents).where(cond),
  ]);
  return {
    rows: rows.map(({ e, userName }) => ({
      id: e.id,
      kind: e.kind,
      action: e.action,
      fromState: e.fromState,
      toState: e.toState,
      reason: e.reason,
      userId: e.userId,
      userName,
      at: e.at.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** Counts by state and documents due, for the list header. */
export async function summary(db: DbOrTx, scope: Scope, w: DueWindow) {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select
        count(*) filter (where state = 'prospect')::int as prospect,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'left')::int as "left",
        count(*) filter (where state = 'blacklisted')::int as blacklisted,
        count(*) filter (where licence_expiry < ${w.today})::int as licence_expired,
        count(*) filter (where licence_expiry >= ${w.today} and licence_expiry <= ${w.soonUntil})::int as licence_soon,
        count(*) filter (where certificate_expiry < ${w.today})::int as certificate_expired,
        count(*) filter (where certificate_expiry >= ${w.today} and certificate_expiry <= ${w.soonUntil})::int
          as certificate_soon
      from drivers where ${inScope(scope)} and deleted_at is null`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    byState: { prospect: n('prospect'), active: n('active'), left: n('left'), blacklisted: n('blacklisted') },
    licenceExpired: n('licence_expired'),
    licenceSoon: n('licence_soon'),
    certificateExpired: n('certificate_expired'),
    certificateSoon: n('certificate_soon'),
  };
}
