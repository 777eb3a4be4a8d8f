import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  ACCIDENT_DELETABLE,
  ACCIDENT_STATE_TITLES,
  ACCIDENT_TRANSITIONS,
  dueStateOf,
  type Accident,
  type AccidentInput,
  type AccidentListQuery,
  type AccidentRow,
  type AccidentState,
  type ClaimState,
  type DueState,
  type Inspection,
  type InspectionInput,
  type InspectionListQuery,
  type License,
  type LicenseInput,
  type LicenseListQuery,
  type LicenseTotal,
  type Policy,
  type PolicyInput,
  type PolicyListQuery,
} from '@fleetdesk/contracts/compliance';
import { scopeFor, type RequestContext } from '../../core/access.js';
import { pgErrorOf, rawJson, rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { tenantDays, tenantDaysOf } from '../../core/tenant-time.js';
import { offsetOf } from '../../core/envelope.js';
import { storedFileUrl } from '../files/files.service.js';
import { checkCentre, postVehicleCost } from '../cost-centres/cost-centres.service.js';
import { parseRules, tenantRules } from '../settings/settings.service.js';
import {
  ACCIDENT_SELECT,
  carInScope,
  countOf,
  INSPECTION_SELECT,
  iso,
  LICENSE_SELECT,
  lockCar,
  num,
  numOrNull,
  POLICY_SELECT,
  syncCarInspection,
  syncCarInsurance,
  type AccidentRecord,
  type InspectionRecord,
  type LicenseRecord,
  type PolicyRecord,
} from './compliance.repository.js';
import { checkInsurer, insurerNames } from './insurers.service.js';
import './compliance.messages.js';

/** Today in the tenant's zone and the last "expiring soon" day of each paper (lead days of the settings). */
export interface ComplianceWindow {
  today: string;
  licence: string;
  insurance: string;
  inspection: string;
  leadDays: { licence: number; insurance: number; inspection: number };
}

export async function complianceWindow(db: DbOrTx, tenantId: number, now: Date): Promise<ComplianceWindow> {
  const [row] = await rowsOf<{ tz: string | null; rules: unknown }>(
    db,
    sql`select t.time_zone as tz, s.rules from tenants t left join tenant_settings s on s.tenant_id = t.id
      where t.id = ${tenantId}`,
  );
  const days = tenantDaysOf(row?.tz ?? 'Asia/Shanghai', now);
  const r = parseRules(row?.rules).reminders;
  return {
    today: days.today,
    licence: days.plusDays(r.licenceDays),
    insurance: days.plusDays(r.insuranceDays),
    inspection: days.plusDays(r.inspectionDays),
    leadDays: { licence: r.licenceDays, insurance: r.insuranceDays, inspection: r.inspectionDays },
  };
}

/** A date filter by due state (`col` is a date column). */
function dueFilter(col: SQL, due: DueState | undefined, today: string, soonUntil: string): SQL | undefined {
  if (!due) return undefined;
  if (due === 'expired') return sql`${col} < ${today}::date`;
  if (due === 'soon') return sql`${col} >= ${today}::date and ${col} <= ${soonUntil}::date`;
  return sql`${col} > ${soonUntil}::date`;
}

const where = (parts: (SQL | undefined)[]) =>
  sql.join(
    parts.filter((p): p is SQL => !!p),
    sql` and `,
  );

function signer(deps: AppDeps, tenantId: number) {
  return (urls: string[]) => urls.map((url) => ({ url, signedUrl: deps.fileUrls.sign(tenantId, url) ?? url }));
}

async function storedImages(tx: DbOrTx, deps: AppDeps, tenantId: number, urls: string[], path: string) {
  const out: string[] = [];
  for (const [i, url] of urls.entries()) out.push(await storedFileUrl(tx, deps, tenantId, url, `${path}.${i}`));
  return out;
}

async function carOrNotFound(tx: DbOrTx, ctx: RequestContext, carId: number) {
  const car = await lockCar(tx, ctx, carId);
  if (!car) throw new NotFoundError('vehicles.carNotFound');
  return car;
}

const plateLike = (plate: string | undefined) =>
  plate ? sql`c.plate ilike ${`%${plate.replace(/[\s·.\-_%\\]/g, '')}%`}` : undefined;

// ================================================================== licences

function toLicense(r: LicenseRecord, w: ComplianceWindow, sign: ReturnType<typeof signer>): License {
  return {
    id: num(r.id),
    carId: num(r.car_id),
    plate: r.plate,
    rentId: num(r.rent_id),
    rentName: r.rent_name,
    kind: r.kind,
    number: r.number,
    issuer: r.issuer,
    issueDate: r.issue_date,
    expiryDate: r.expiry_date,
    due: dueStateOf(r.expiry_date, w.today, w.licence),
    images: sign(r.images ?? []),
    remark: r.remark,
    updatedAt: iso(r.updated_at),
  };
}

export async function listLicenses(deps: AppDeps, ctx: RequestContext, q: LicenseListQuery) {
  const scope = scopeFor(ctx, q.rentId);
  const w = await complianceWindow(deps.db, ctx.tenantId, deps.clock.now());
  const cond = where([
    carInScope(scope),
    q.kind ? sql`l.kind = ${q.kind}` : undefined,
    q.carId ? sql`l.car_id = ${q.carId}` : undefined,
    plateLike(q.plate),
    dueFilter(sql`l.expiry_date`, q.due, w.today, w.licence),
  ]);
  const rows = await rowsOf<LicenseRecord>(
    deps.db,
    sql`${LICENSE_SELECT} where ${cond} order by l.expiry_date asc nulls last, l.id desc
      limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  const total = await countOf(
    deps.db,
    sql`select count(*) as n from car_licenses l join cars c on c.tenant_id = l.tenant_id and c.id = l.car_id
      where ${cond}`,
  );
  const sign = signer(deps, ctx.tenantId);
  return { rows: rows.map((r) => toLicense(r, w, sign)), total };
}

export async function licenseTotal(deps: AppDeps, ctx: RequestContext, rentId?: number): Promise<LicenseTotal> {
  const scope = scopeFor(ctx, rentId);
  const w = await complianceWindow(deps.db, ctx.tenantId, deps.clock.now());
  const [row] = await rowsOf<{ total: number; expiring: number; expired: number; missing: number }>(
    deps.db,
    sql`select
      (select count(*) from car_licenses l join cars c on c.tenant_id = l.tenant_id and c.id = l.car_id
        where ${carInScope(scope)}) as total,
      (select count(*) from car_licenses l join cars c on c.tenant_id = l.tenant_id and c.id = l.car_id
        where ${carInScope(scope)} and l.expiry_date >= ${w.today}::date and l.expiry_date <= ${w.licence}::date)
        as expiring,
      (select count(*) from car_licenses l join cars c on c.tenant_id = l.tenant_id and c.id = l.car_id
        where ${carInScope(scope)} and l.expiry_date < ${w.today}::date) as expired,
      (select count(*) from cars c where ${carInScope(scope)} and c.status not in ('sold', 'scrapped')
        and not exists (select 1 from car_licenses l where l.tenant_id = c.tenant_id and l.car_id = c.id
          and l.kind = 'transport')) as missing`,
  );
  return {
    total: num(row?.total ?? 0),
    expiring: num(row?.expiring ?? 0),
    expired: num(row?.expired ?? 0),
    carsWithoutTransport: num(row?.missing ?? 0),
    leadDays: w.leadDays.licence,
  };
}

async function licenseById(deps: AppDeps, db: DbOrTx, ctx: RequestContext, id: number): Promise<License> {
  const [row] = await rowsOf<LicenseRecord>(db, sql`${LICENSE_SELECT} where ${carInScope(ctx)} and l.id = ${id}`);
  if (!row) throw new NotFoundError('compliance.licenseNotFound');
  const w = await complianceWindow(db, ctx.tenantId, deps.clock.now());
  return toLicense(row, w, signer(deps, ctx.tenantId));
}

/** Records a car's licence of one kind (a second save of the same kind replaces it). */
export async function saveLicense(deps: AppDeps, ctx: RequestContext, input: LicenseInput): Promise<License> {
  const id = await deps.db.transaction(async (tx) => {
    await carOrNotFound(tx, ctx, input.carId);
    const images = await storedImages(tx, deps, ctx.tenantId, input.images, 'images');
    const values = {
      number: input.number,
      issuer: input.issuer ?? null,
      issueDate: input.issueDate ?? null,
      expiryDate: input.expiryDate ?? null,
      images,
      remark: input.remark ?? null,
    };
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into car_licenses (tenant_id, car_id, kind, number, issuer, issue_date, expiry_date, images, remark,
          created_by)
        values (${ctx.tenantId}, ${input.carId}, ${input.kind}, ${values.number}, ${values.issuer},
          ${values.issueDate}::date, ${values.expiryDate}::date, ${textArray(images)}, ${values.remark}, ${ctx.userId})
        on conflict (tenant_id, car_id, kind) do update set number = excluded.number, issuer = excluded.issuer,
          issue_date = excluded.issue_date, expiry_date = excluded.expiry_date, images = excluded.images,
          remark = excluded.remark, updated_at = now()
        returning id`,
    );
    return num(row!.id);
  });
  return licenseById(deps, deps.db, ctx, id);
}

/**
 * The vehicle licence as `rentCar/bind/license` (vehicles area) binds it, inside that call's transaction: its file
 * number, issue date, the inspection date of its second page and its pages. Without a file number nothing is kept.
 */
export async function recordVehicleLicense(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  carId: number,
  v: { number: string | null; issueDate: string | null; expiryDate: string | null; images: string[] },
): Promise<void> {
  if (!v.number) return;
  await tx.execute(sql`insert into car_licenses (tenant_id, car_id, kind, number, issue_date, expiry_date, images,
      created_by)
    values (${ctx.tenantId}, ${carId}, 'vehicle', ${v.number}, ${v.issueDate}::date, ${v.expiryDate}::date,
      ${textArray(v.images)}, ${ctx.userId})
    on conflict (tenant_id, car_id, kind) do update set number = excluded.number, issue_date = excluded.issue_date,
      expiry_date = coalesce(excluded.expiry_date, car_licenses.expiry_date), images = excluded.images,
      updated_at = now()`);
}

export async function deleteLicense(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  const done = await rowsOf<{ id: number }>(
    deps.db,
    sql`delete from car_licenses l using cars c where c.tenant_id = l.tenant_id and c.id = l.car_id
      and ${carInScope(ctx)} and l.id = ${id} returning l.id`,
  );
  if (!done.length) throw new NotFoundError('compliance.licenseNotFound');
}

/** A text[] parameter (`{a,b}` literal, each element quoted). */
function textArray(values: string[]): SQL {
  if (!values.length) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

// ================================================================== insurance policies

function toPolicy(
  r: PolicyRecord,
  w: ComplianceWindow,
  sign: ReturnType<typeof signer>,
  names: Map<string, string>,
): Policy {
  const coverage = rawJson(r.coverage, []);
  return {
    id: num(r.id),
    carId: num(r.car_id),
    plate: r.plate,
    rentId: num(r.rent_id),
    kind: r.kind,
    companyCode: r.company_code,
    companyName: names.get(r.company_code) ?? r.company_code,
    policyNo: r.policy_no,
    startDate: r.start_date,
    endDate: r.end_date,
    premium: fenToYuan(num(r.premium_fen)),
    coverage: coverage.map((c) => ({
      code: c.code,
      sumInsured: c.sumInsuredFen == null ? null : fenToYuan(c.sumInsuredFen),
    })),
    images: sign(r.images ?? []),
    remark: r.remark,
    due: dueStateOf(r.end_date, w.today, w.insurance)!,
    current: !!r.current,
    costCentreId: numOrNull(r.cost_centre_id),
    createdAt: iso(r.created_at),
  };
}

export async function listPolicies(deps: AppDeps, ctx: RequestContext, q: PolicyListQuery) {
  const scope = scopeFor(ctx, q.rentId);
  const w = await complianceWindow(deps.db, ctx.tenantId, deps.clock.now());
  const cond = where([
    carInScope(scope),
    q.kind ? sql`p.kind = ${q.kind}` : undefined,
    q.carId ? sql`p.car_id = ${q.carId}` : undefined,
    plateLike(q.plate),
    dueFilter(sql`p.end_date`, q.due, w.today, w.insurance),
  ]);
  const rows = await rowsOf<PolicyRecord>(
    deps.db,
    sql`${POLICY_SELECT} where ${cond} order by p.end_date desc, p.id desc limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  const total = await countOf(
    deps.db,
    sql`select count(*) as n from insurance_policies p join cars c on c.tenant_id = p.tenant_id and c.id = p.car_id
      where ${cond}`,
  );
  const sign = signer(deps, ctx.tenantId);
  const names = await insurerNames(deps.db, ctx.tenantId, ctx.lang);
  return { rows: rows.map((r) => toPolicy(r, w, sign, names)), total };
}

async function policyById(deps: AppDeps, ctx: RequestContext, id: number): Promise<Policy> {
  const [row] = await rowsOf<PolicyRecord>(deps.db, sql`${POLICY_SELECT} where ${carInScope(ctx)} and p.id = ${id}`);
  if (!row) throw new NotFoundError('compliance.policyNotFound');
  const w = await complianceWindow(deps.db, ctx.tenantId, deps.clock.now());
  return toPolicy(row, w, signer(deps, ctx.tenantId), await insurerNames(deps.db, ctx.tenantId, ctx.lang));
}

function policyTaken(err: unknown, input: PolicyInput): never {
  const pg = pgErrorOf(err);
  if (pg.code === '23505' && pg.constraint === 'insurance_policies_no_uq')
    throw new ConflictError('compliance.policyNoTaken', { policyNo: input.policyNo });
  throw err;
}

function policyValues(input: PolicyInput) {
  return {
    coverage: JSON.stringify(
      input.coverage.map((c) => ({
        code: c.code,
        sumInsuredFen: c.sumInsured == null ? null : yuanToFen(c.sumInsured),
      })),
    ),
    premiumFen: yuanToFen(input.premium),
  };
}

/** A record's own cost centre, checked like postCost checks it (one of the tenant's, enabled). */
async function ownCentre(tx: DbOrTx, tenantId: number, centreId: number | null | undefined) {
  if (centreId == null) return null;
  await checkCentre(tx, tenantId, centreId, 'costCentreId');
  return centreId;
}

/**
 * Books a policy's premium (category `insurance`, in the month of its start) to its own centre, else the vehicle
 * cost centre of the settings, else nowhere; once per policy (its first booking stands).
 */
async function postPremium(
  tx: DbOrTx,
  ctx: RequestContext,
  id: number,
  plate: string,
  input: PolicyInput,
  premiumFen: number,
) {
  const rules = await tenantRules(tx, ctx.tenantId);
  await postVehicleCost(
    tx,
    ctx.tenantId,
    { own: input.costCentreId, fallback: rules.costs.vehicleCostCentreId },
    {
      category: 'insurance',
      sourceType: 'insurance',
      sourceId: String(id),
      amountFen: premiumFen,
      occurredOn: input.startDate,
      description: `${plate} ${input.policyNo}`,
      createdBy: ctx.userId,
    },
  );
}

export async function createPolicy(deps: AppDeps, ctx: RequestContext, input: PolicyInput): Promise<Policy> {
  const v = policyValues(input);
  const id = await deps.db
    .transaction(async (tx) => {
      const car = await carOrNotFound(tx, ctx, input.carId);
      await checkInsurer(tx, ctx.tenantId, input.companyCode, 'companyCode');
      const centreId = await ownCentre(tx, ctx.tenantId, input.costCentreId);
      const images = await storedImages(tx, deps, ctx.tenantId, input.images, 'images');
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into insurance_policies (tenant_id, car_id, kind, company_code, policy_no, start_date, end_date,
            premium_fen, coverage, images, remark, cost_centre_id, created_by)
          values (${ctx.tenantId}, ${input.carId}, ${input.kind}, ${input.companyCode}, ${input.policyNo},
            ${input.startDate}::date, ${input.endDate}::date, ${v.premiumFen}, ${v.coverage}::jsonb,
            ${textArray(images)}, ${input.remark ?? null}, ${centreId}, ${ctx.userId})
          returning id`,
      );
      await syncCarInsurance(tx, ctx.tenantId, input.carId, input.kind);
      await postPremium(tx, ctx, num(row!.id), car.plate, input, v.premiumFen);
      return num(row!.id);
    })
    .catch((err: unknown) => policyTaken(err, input));
  return policyById(deps, ctx, id);
}

export async function updatePolicy(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: PolicyInput,
): Promise<Policy> {
  const v = policyValues(input);
  await deps.db
    .transaction(async (tx) => {
      const [old] = await rowsOf<{ car_id: number; kind: string; company_code: string }>(
        tx,
        sql`select p.car_id, p.kind, p.company_code from insurance_policies p join cars c on c.tenant_id = p.tenant_id
          and c.id = p.car_id where ${carInScope(ctx)} and p.id = ${id} for update of p`,
      );
      if (!old) throw new NotFoundError('compliance.policyNotFound');
      const car = await carOrNotFound(tx, ctx, input.carId);
      await checkInsurer(tx, ctx.tenantId, input.companyCode, 'companyCode', old.company_code);
      const centreId = await ownCentre(tx, ctx.tenantId, input.costCentreId);
      const images = await storedImages(tx, deps, ctx.tenantId, input.images, 'images');
      await tx.execute(sql`update insurance_policies set car_id = ${input.carId}, kind = ${input.kind},
        company_code = ${input.companyCode}, policy_no = ${input.policyNo}, start_date = ${input.startDate}::date,
        end_date = ${input.endDate}::date, premium_fen = ${v.premiumFen}, coverage = ${v.coverage}::jsonb,
        images = ${textArray(images)}, remark = ${input.remark ?? null}, cost_centre_id = ${centreId},
        updated_at = now()
        where tenant_id = ${ctx.tenantId} and id = ${id}`);
      await syncCarInsurance(tx, ctx.tenantId, num(old.car_id), old.kind);
      await syncCarInsurance(tx, ctx.tenantId, input.carId, input.kind);
      // A policy that was recorded without a centre is booked once it has one; a booked premium stays as booked.
      await postPremium(tx, ctx, id, car.plate, input, v.premiumFen);
    })
    .catch((err: unknown) => policyTaken(err, input));
  return policyById(deps, ctx, id);
}

export async function deletePolicy(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [old] = await rowsOf<{ car_id: number; kind: string }>(
      tx,
      sql`delete from insurance_policies p using cars c where c.tenant_id = p.tenant_id and c.id = p.car_id
        and ${carInScope(ctx)} and p.id = ${id} returning p.car_id, p.kind`,
    );
    if (!old) throw new NotFoundError('compliance.policyNotFound');
    await syncCarInsurance(tx, ctx.tenantId, num(old.car_id), old.kind);
  });
}

// ================================================================== inspections

function toInspection(r: InspectionRecord, sign: ReturnType<typeof signer>): Inspection {
  const cost = numOrNull(r.cost_fen);
  return {
    id: num(r.id),
    carId: num(r.car_id),
    plate: r.plate,
    inspectedOn: r.inspected_on,
    result: r.result,
    nextDue: r.next_due,
    station: r.station,
    cost: cost == null ? null : fenToYuan(cost),
    images: sign(r.images ?? []),
    remark: r.remark,
    createdAt: iso(r.created_at),
  };
}

export async function listInspections(deps: AppDeps, ctx: RequestContext, q: InspectionListQuery) {
  const cond = where([carInScope(ctx), q.carId ? sql`i.car_id = ${q.carId}` : undefined, plateLike(q.plate)]);
  const rows = await rowsOf<InspectionRecord>(
    deps.db,
    sql`${INSPECTION_SELECT} where ${cond} order by i.inspected_on desc, i.id desc
      limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  const total = await countOf(
    deps.db,
    sql`select count(*) as n from car_inspections i join cars c on c.tenant_id = i.tenant_id and c.id = i.car_id
      where ${cond}`,
  );
  const sign = signer(deps, ctx.tenantId);
  return { rows: rows.map((r) => toInspection(r, sign)), total };
}

/** Records an inspection; a passed one moves the car's due date when it is the latest. */
export async function createInspection(
  deps: AppDeps,
  ctx: RequestContext,
  input: InspectionInput,
): Promise<Inspection> {
  const w = await complianceWindow(deps.db, ctx.tenantId, deps.clock.now());
  if (input.inspectedOn > w.today) throw invalidField('inspectedOn', 'compliance.futureDate');
  const id = await deps.db.transaction(async (tx) => {
    await carOrNotFound(tx, ctx, input.carId);
    const images = await storedImages(tx, deps, ctx.tenantId, input.images, 'images');
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into car_inspections (tenant_id, car_id, inspected_on, result, next_due, station, cost_fen, images,
          remark, created_by)
        values (${ctx.tenantId}, ${input.carId}, ${input.inspectedOn}::date, ${input.result},
          ${input.result === 'passed' ? (input.nextDue ?? null) : null}::date, ${input.station ?? null},
          ${input.cost == null ? null : yuanToFen(input.cost)}, ${textArray(images)}, ${input.remark ?? null},
          ${ctx.userId})
        returning id`,
    );
    await syncCarInspection(tx, ctx.tenantId, input.carId);
    return num(row!.id);
  });
  const [row] = await rowsOf<InspectionRecord>(
    deps.db,
    sql`${INSPECTION_SELECT} where i.tenant_id = ${ctx.tenantId}
    and i.id = ${id}`,
  );
  return toInspection(row!, signer(deps, ctx.tenantId));
}

export async function deleteInspection(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [old] = await rowsOf<{ car_id: number }>(
      tx,
      sql`delete from car_inspections i using cars c where c.tenant_id = i.tenant_id and c.id = i.car_id
        and ${carInScope(ctx)} and i.id = ${id} returning i.car_id`,
    );
    if (!old) throw new NotFoundError('compliance.inspectionNotFound');
    await syncCarInspection(tx, ctx.tenantId, num(old.car_id));
  });
}

// ================================================================== accidents

function toAccidentRow(r: AccidentRecord): AccidentRow {
  const cost = numOrNull(r.repair_cost_fen);
  const settled = numOrNull(r.settled_fen);
  return {
    id: num(r.id),
    carId: num(r.car_id),
    plate: r.plate,
    rentId: num(r.rent_id),
    rentName: r.rent_name,
    driverId: numOrNull(r.driver_id),
    driverName: r.driver_name,
    occurredAt: iso(r.occurred_at),
    place: r.place,
    responsibility: r.responsibility,
    state: r.state,
    claimState: r.claim_state,
    claimNo: r.claim_no,
    repairCost: cost == null ? null : fenToYuan(cost),
    settledAmount: settled == null ? null : fenToYuan(settled),
    createdAt: iso(r.created_at),
  };
}

export async function listAccidents(deps: AppDeps, ctx: RequestContext, q: AccidentListQuery) {
  const scope = scopeFor(ctx, q.rentId);
  const tz = q.occurredFrom || q.occurredTo ? await tenantZone(deps.db, ctx.tenantId) : 'Asia/Shanghai';
  const cond = where([
    carInScope(scope),
    q.state ? sql`a.state = ${q.state}` : undefined,
    q.responsibility ? sql`a.responsibility = ${q.responsibility}` : undefined,
    q.carId ? sql`a.car_id = ${q.carId}` : undefined,
    q.driverId ? sql`a.driver_id = ${q.driverId}` : undefined,
    plateLike(q.plate),
    q.occurredFrom ? sql`(a.occurred_at at time zone ${tz})::date >= ${q.occurredFrom}::date` : undefined,
    q.occurredTo ? sql`(a.occurred_at at time zone ${tz})::date <= ${q.occurredTo}::date` : undefined,
  ]);
  const rows = await rowsOf<AccidentRecord>(
    deps.db,
    sql`${ACCIDENT_SELECT} where ${cond} order by a.occurred_at desc, a.id desc
      limit ${q.pageSize} offset ${offsetOf(q)}`,
  );
  const total = await countOf(
    deps.db,
    sql`select count(*) as n from accidents a join cars c on c.tenant_id = a.tenant_id and c.id = a.car_id
      where ${cond}`,
  );
  return { rows: rows.map(toAccidentRow), total };
}

async function tenantZone(db: DbOrTx, tenantId: number): Promise<string> {
  const [row] = await rowsOf<{ tz: string | null }>(
    db,
    sql`select time_zone as tz from tenants where id = ${tenantId}`,
  );
  return row?.tz ?? 'Asia/Shanghai';
}

export async function getAccident(deps: AppDeps, ctx: RequestContext, id: number): Promise<Accident> {
  const [row] = await rowsOf<AccidentRecord>(
    deps.db,
    sql`${ACCIDENT_SELECT} where ${carInScope(ctx)} and a.id = ${id}`,
  );
  if (!row) throw new NotFoundError('compliance.accidentNotFound');
  const events = await rowsOf<{
    from_state: AccidentState | null;
    to_state: AccidentState;
    remark: string | null;
    name: string | null;
    at: string;
  }>(
    deps.db,
    sql`select e.from_state, e.to_state, e.remark, u.name, e.created_at as at from accident_events e
      left join users u on u.tenant_id = e.tenant_id and u.id = e.user_id
      where e.tenant_id = ${ctx.tenantId} and e.accident_id = ${id} order by e.created_at, e.id`,
  );
  const sign = signer(deps, ctx.tenantId);
  return {
    ...toAccidentRow(row),
    description: row.description,
    damage: row.damage,
    injuries: !!row.injuries,
    photos: sign(row.photos ?? []),
    insurerCode: row.insurer_code,
    remark: row.remark,
    costCentreId: numOrNull(row.cost_centre_id),
    events: events.map((e) => ({
      from: e.from_state,
      to: e.to_state,
      remark: e.remark,
      userName: e.name,
      at: iso(e.at),
    })),
  };
}

async function checkAccidentInput(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  input: AccidentInput,
  oldInsurer?: string | null,
) {
  await checkInsurer(tx, ctx.tenantId, input.insurerCode, 'insurerCode', oldInsurer);
  if (Date.parse(input.occurredAt) > deps.clock.now().getTime() + 5 * 60_000)
    throw invalidField('occurredAt', 'compliance.futureTime');
  await carOrNotFound(tx, ctx, input.carId);
  if (input.driverId) {
    const [d] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from drivers where tenant_id = ${ctx.tenantId} and id = ${input.driverId} and deleted_at is null`,
    );
    if (!d) throw invalidField('driverId', 'compliance.driverNotFound');
  }
  const photos = await storedImages(tx, deps, ctx.tenantId, input.photos, 'photos');
  return { photos, centreId: await ownCentre(tx, ctx.tenantId, input.costCentreId) };
}

const fenOrNull = (v: number | null | undefined) => (v == null ? null : yuanToFen(v));

export async function createAccident(deps: AppDeps, ctx: RequestContext, input: AccidentInput): Promise<Accident> {
  const id = await deps.db.transaction(async (tx) => {
    const { photos, centreId } = await checkAccidentInput(tx, deps, ctx, input);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into accidents (tenant_id, car_id, driver_id, occurred_at, place, description, responsibility, damage,
          injuries, photos, insurer_code, claim_no, claim_state, repair_cost_fen, settled_fen, remark, cost_centre_id,
          created_by)
        values (${ctx.tenantId}, ${input.carId}, ${input.driverId ?? null}, ${input.occurredAt}::timestamptz,
          ${input.place}, ${input.description}, ${input.responsibility}, ${input.damage ?? null}, ${input.injuries},
          ${textArray(photos)}, ${input.insurerCode ?? null}, ${input.claimNo ?? null}, ${input.claimState},
          ${fenOrNull(input.repairCost)}, ${fenOrNull(input.settledAmount)}, ${input.remark ?? null}, ${centreId},
          ${ctx.userId})
        returning id`,
    );
    const id = num(row!.id);
    await tx.execute(sql`insert into accident_events (tenant_id, accident_id, from_state, to_state, user_id)
      values (${ctx.tenantId}, ${id}, null, 'reported', ${ctx.userId})`);
    return id;
  });
  return getAccident(deps, ctx, id);
}

async function lockAccident(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await rowsOf<{
    state: AccidentState;
    claim_no: string | null;
    claim_state: ClaimState;
    settled_fen: number | null;
    repair_cost_fen: number | null;
    insurer_code: string | null;
    cost_centre_id: number | null;
    plate: string;
  }>(
    tx,
    sql`select a.state, a.claim_no, a.claim_state, a.settled_fen, a.repair_cost_fen, a.insurer_code, a.cost_centre_id,
        c.plate from accidents a
      join cars c on c.tenant_id = a.tenant_id and c.id = a.car_id
      where ${carInScope(ctx)} and a.id = ${id} for update of a`,
  );
  if (!row) throw new NotFoundError('compliance.accidentNotFound');
  return row;
}

const FINAL: readonly AccidentState[] = ['closed', 'cancelled'];

export async function updateAccident(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: AccidentInput,
): Promise<Accident> {
  await deps.db.transaction(async (tx) => {
    const old = await lockAccident(tx, ctx, id);
    if (FINAL.includes(old.state))
      throw new ConflictError('compliance.accidentFinal', { state: ACCIDENT_STATE_TITLES[old.state][ctx.lang] });
    const { photos, centreId } = await checkAccidentInput(tx, deps, ctx, input, old.insurer_code);
    await tx.execute(sql`update accidents set car_id = ${input.carId}, driver_id = ${input.driverId ?? null},
      occurred_at = ${input.occurredAt}::timestamptz, place = ${input.place}, description = ${input.description},
      responsibility = ${input.responsibility}, damage = ${input.damage ?? null}, injuries = ${input.injuries},
      photos = ${textArray(photos)}, insurer_code = ${input.insurerCode ?? null}, claim_no = ${input.claimNo ?? null},
      claim_state = ${input.claimState}, repair_cost_fen = ${fenOrNull(input.repairCost)},
      settled_fen = ${fenOrNull(input.settledAmount)}, remark = ${input.remark ?? null}, cost_centre_id = ${centreId},
      updated_at = now()
      where tenant_id = ${ctx.tenantId} and id = ${id}`);
  });
  return getAccident(deps, ctx, id);
}

/**
 * Moves an accident along ACCIDENT_TRANSITIONS (409 otherwise). A claim needs its claim number (the claim is then
 * at least filed), a settlement the settled amount (the claim is then paid).
 */
export async function moveAccident(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  to: AccidentState,
  remark: string | null,
): Promise<Accident> {
  await deps.db.transaction(async (tx) => {
    const old = await lockAccident(tx, ctx, id);
    const t = (s: AccidentState) => ACCIDENT_STATE_TITLES[s][ctx.lang];
    if (!ACCIDENT_TRANSITIONS[old.state].includes(to))
      throw new ConflictError('compliance.accidentTransition', { from: t(old.state), to: t(to) });
    let claimState = old.claim_state;
    if (to === 'claimed') {
      if (!old.claim_no) throw new ConflictError('compliance.claimNoNeeded');
      if (claimState === 'none') claimState = 'filed';
    }
    if (to === 'settled') {
      if (old.settled_fen == null) throw new ConflictError('compliance.settledNeeded');
      claimState = 'paid';
    }
    await tx.execute(sql`update accidents set state = ${to}, claim_state = ${claimState}, updated_at = now()
      where tenant_id = ${ctx.tenantId} and id = ${id}`);
    await tx.execute(sql`insert into accident_events (tenant_id, accident_id, from_state, to_state, remark, user_id)
      values (${ctx.tenantId}, ${id}, ${old.state}, ${to}, ${remark}, ${ctx.userId})`);
    if (to === 'settled') await postAccidentCost(tx, deps, ctx, id, old);
  });
  return getAccident(deps, ctx, id);
}

/**
 * Books what an accident cost the company once settled: the repair cost less what the insurer paid, when more
 * than nothing (category `accident`, on the settling day in the tenant's zone), to its own centre, else the
 * vehicle cost centre of the settings, else nowhere; once per accident.
 */
async function postAccidentCost(
  tx: DbOrTx,
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  a: { repair_cost_fen: number | null; settled_fen: number | null; cost_centre_id: number | null; plate: string },
) {
  const amountFen = (numOrNull(a.repair_cost_fen) ?? 0) - (numOrNull(a.settled_fen) ?? 0);
  if (amountFen <= 0) return;
  const rules = await tenantRules(tx, ctx.tenantId);
  const today = (await tenantDays(tx, ctx.tenantId, deps.clock.now())).today;
  await postVehicleCost(
    tx,
    ctx.tenantId,
    { own: numOrNull(a.cost_centre_id), fallback: rules.costs.vehicleCostCentreId },
    {
      category: 'accident',
      sourceType: 'accident',
      sourceId: String(id),
      amountFen,
      occurredOn: today,
      description: a.plate,
      createdBy: ctx.userId,
    },
  );
}

export async function deleteAccident(deps: AppDeps, ctx: RequestContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const old = await lockAccident(tx, ctx, id);
    if (!ACCIDENT_DELETABLE.includes(old.state))
      throw new ConflictError('compliance.accidentNotDeletable', {
        state: ACCIDENT_STATE_TITLES[old.state][ctx.lang],
      });
    await tx.execute(sql`delete from accidents where tenant_id = ${ctx.tenantId} and id = ${id}`);
  });
}
