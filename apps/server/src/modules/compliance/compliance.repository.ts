import { sql, type SQL } from 'drizzle-orm';
import type {
  AccidentState,
  ClaimState,
  CoverageCode,
  InspectionResult,
  LicenseKind,
  PolicyKind,
  Responsibility,
} from '@fleetdesk/contracts/compliance';
import { rowsOf, type DbOrTx, type RawJson } from '../../core/db.js';

/** The rents a call covers (the caller's, or the one it asks for). */
export interface Scope {
  tenantId: number;
  rentIds: readonly number[];
}

/** Live cars of the scope (`c` is the car's alias). */
export function carInScope(scope: Scope): SQL {
  return sql`c.tenant_id = ${scope.tenantId} and c.deleted_at is null
    and c.rent_id in (${sql.join(
      scope.rentIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
}

export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const iso = (v: unknown): string => new Date(v as string).toISOString();

/** Locks a live car of the scope for a write; undefined when there is none (404). */
export async function lockCar(
  tx: DbOrTx,
  scope: Scope,
  carId: number,
): Promise<{ id: number; rent_id: number; plate: string; status: string } | undefined> {
  const [row] = await rowsOf<{ id: number; rent_id: number; plate: string; status: string }>(
    tx,
    sql`select c.id, c.rent_id, c.plate, c.status from cars c where ${carInScope(scope)} and c.id = ${carId} for update`,
  );
  return row ? { ...row, id: num(row.id), rent_id: num(row.rent_id) } : undefined;
}

export async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, query);
  return num(row?.n ?? 0);
}

// ------------------------------------------------------------------ licences

export interface LicenseRecord {
  id: number;
  car_id: number;
  plate: string;
  rent_id: number;
  rent_name: string | null;
  kind: LicenseKind;
  number: string;
  issuer: string | null;
  issue_date: string | null;
  expiry_date: string | null;
  images: string[];
  remark: string | null;
  updated_at: string;
}

export const LICENSE_SELECT = sql`select l.id, l.car_id, c.plate, c.rent_id, r.short_name as rent_name, l.kind, l.number,
  l.issuer, l.issue_date::text as issue_date, l.expiry_date::text as expiry_date, l.images, l.remark, l.updated_at
  from car_licenses l
  join cars c on c.tenant_id = l.tenant_id and c.id = l.car_id
  left join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id`;

// ------------------------------------------------------------------ policies

export interface PolicyRecord {
  id: number;
  car_id: number;
  plate: string;
  rent_id: number;
  kind: PolicyKind;
  company_code: string;
  policy_no: string;
  start_date: string;
  end_date: string;
  premium_fen: number;
  coverage: RawJson<{ code: CoverageCode; sumInsuredFen: number | null }[]>;
  images: string[];
  remark: string | null;
  cost_centre_id: number | null;
  current: boolean;
  created_at: string;
}

export const POLICY_SELECT = sql`select p.id, p.car_id, c.plate, c.rent_id, p.kind, p.company_code, p.policy_no,
  p.start_date::text as start_date, p.end_date::text as end_date, p.premium_fen, p.coverage, p.images, p.remark,
  p.cost_centre_id, not exists (select 1 from insurance_policies q where q.tenant_id = p.tenant_id and q.car_id = p.car_id
    and q.kind = p.kind and (q.end_date > p.end_date or (q.end_date = p.end_date and q.id > p.id))) as current,
  p.created_at
  from insurance_policies p
  join cars c on c.tenant_id = p.tenant_id and c.id = p.car_id`;

/**
 * Copies the car's current policy of a kind (the one that ends last) onto the car, where the status rules, the
 * data-error list and the exports read it; clears it when the car has no policy of that kind any more.
 */
export async function syncCarInsurance(tx: DbOrTx, tenantId: number, carId: number, kind: string): Promise<void> {
  const prefix = kind === 'compulsory' ? 'compulsory' : 'commercial';
  const company = sql.raw(`${prefix}_company`);
  const policyNo = sql.raw(`${prefix}_policy_no`);
  const expiry = sql.raw(`${prefix}_expiry`);
  const [current] = await rowsOf<{ company_code: string; policy_no: string; end_date: string }>(
    tx,
    sql`select company_code, policy_no, end_date::text as end_date from insurance_policies
      where tenant_id = ${tenantId} and car_id = ${carId} and kind = ${kind}
      order by end_date desc, id desc limit 1`,
  );
  if (current) {
    await tx.execute(sql`update cars set ${company} = ${current.company_code}, ${policyNo} = ${current.policy_no},
      ${expiry} = ${current.end_date}::date, updated_at = now() where tenant_id = ${tenantId} and id = ${carId}`);
  } else {
    await tx.execute(sql`update cars set ${company} = null, ${policyNo} = null, ${expiry} = null, updated_at = now()
      where tenant_id = ${tenantId} and id = ${carId}`);
  }
}

// ------------------------------------------------------------------ inspections

export interface InspectionRecord {
  id: number;
  car_id: number;
  plate: string;
  inspected_on: string;
  result: InspectionResult;
  next_due: string | null;
  station: string | null;
  cost_fen: number | null;
  images: string[];
  remark: string | null;
  created_at: string;
}

export const INSPECTION_SELECT = sql`select i.id, i.car_id, c.plate, i.inspected_on::text as inspected_on, i.result,
  i.next_due::text as next_due, i.station, i.cost_fen, i.images, i.remark, i.created_at
  from car_inspections i
  join cars c on c.tenant_id = i.tenant_id and c.id = i.car_id`;

/** The car's inspection due date follows its latest passed inspection (kept as it is when there is none). */
export async function syncCarInspection(tx: DbOrTx, tenantId: number, carId: number): Promise<void> {
  await tx.execute(sql`update cars c set inspection_due = i.next_due, updated_at = now()
    from (select next_due from car_inspections where tenant_id = ${tenantId} and car_id = ${carId}
      and result = 'passed' and next_due is not null order by inspected_on desc, id desc limit 1) i
    where c.tenant_id = ${tenantId} and c.id = ${carId} and c.inspection_due is distinct from i.next_due`);
}

// ------------------------------------------------------------------ accidents

export interface AccidentRecord {
  id: number;
  car_id: number;
  plate: string;
  rent_id: number;
  rent_name: string | null;
  driver_id: number | null;
  driver_name: string | null;
  occurred_at: string;
  place: string;
  responsibility: Responsibility;
  state: AccidentState;
  claim_state: ClaimState;
  claim_no: string | null;
  repair_cost_fen: number | null;
  settled_fen: number | null;
  created_at: string;
  description: string;
  damage: string | null;
  injuries: boolean;
  photos: string[];
  insurer_code: string | null;
  remark: string | null;
  cost_centre_id: number | null;
}

export const ACCIDENT_SELECT = sql`select a.id, a.car_id, c.plate, c.rent_id, r.short_name as rent_name, a.driver_id,
  d.name as driver_name, a.occurred_at, a.place, a.responsibility, a.state, a.claim_state, a.claim_no,
  a.repair_cost_fen, a.settled_fen, a.created_at, a.description, a.damage, a.injuries, a.photos, a.insurer_code,
  a.remark, a.cost_centre_id
  from accidents a
  join cars c on c.tenant_id = a.tenant_id and c.id = a.car_id
  left join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
  left join drivers d on d.tenant_id = a.tenant_id and d.id = a.driver_id`;
