import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { ageingOf } from '@fleetdesk/contracts/financing-schedule';
import type { FinancingInstalment, InstalmentState } from '@fleetdesk/contracts/financing';
import { rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf } from '../../core/envelope.js';
import { NotFoundError } from '../../core/errors.js';
import { containsPattern } from '../../core/like.js';
import { tenantDays } from '../../core/tenant-time.js';
import { logRead, scopeOf, type ApplicationRow, type ReadRequest, type Side } from './money.side.js';
import { listTotal } from './list-totals.js';
import type { OpenInstalment } from './repayments.allocation.js';

/**
 * The instalments ("details") of disbursed applications, on both sides: the applicant's in its data scope, the
 * financier's by `financier_id` (its reads logged). An instalment is overdue when it is past its due date with
 * interest and principal still owed.
 */

interface InstalmentRaw {
  id: number;
  tenant_id: number;
  application_id: number;
  application_code: string;
  tenant_name: string;
  rent_id: number;
  rent_name: string;
  plate: string | null;
  code: string;
  period: number;
  periods: number;
  due_date: string;
  principal_fen: number;
  interest_fen: number;
  amount_fen: number;
  remaining_principal_fen: number;
  paid_fen: number;
  late_fee_fen: number;
  late_fee_paid_fen: number;
  late_fee_waived_fen: number;
  overdue_days: number;
  state: string;
  paid_at: Date | string | null;
  version: number;
}

const SELECT = sql`select i.id, i.tenant_id, i.application_id, a.code as application_code, t.name as tenant_name,
    i.rent_id, r.name as rent_name, a.plate, i.code, i.period,
    (select count(*)::int from financing_instalments x
      where x.tenant_id = i.tenant_id and x.application_id = i.application_id) as periods,
    i.due_date::text as due_date, i.principal_fen, i.interest_fen, i.amount_fen, i.remaining_principal_fen, i.paid_fen,
    i.late_fee_fen, i.late_fee_paid_fen, i.late_fee_waived_fen, i.overdue_days, i.state, i.paid_at, i.version
  from financing_instalments i
  join financing_applications a on a.tenant_id = i.tenant_id and a.id = i.application_id
  join tenants t on t.id = i.tenant_id
  join rents r on r.tenant_id = i.tenant_id and r.id = i.rent_id`;

/** Open (not paid, not settled) and past due on `today`. */
export const overdueSql = (alias: string, today: string) => {
  const i = sql.raw(alias);
  return sql`${i}.state in ('pending', 'partial') and ${i}.due_date < ${today}::date`;
};

function toInstalment(r: InstalmentRaw): FinancingInstalment {
  const n = (v: unknown) => Number(v ?? 0);
  const outstanding =
    n(r.amount_fen) + n(r.late_fee_fen) - n(r.paid_fen) - n(r.late_fee_paid_fen) - n(r.late_fee_waived_fen);
  const open = r.state === 'pending' || r.state === 'partial';
  return {
    id: n(r.id),
    applicationId: n(r.application_id),
    applicationCode: r.application_code,
    tenantName: r.tenant_name,
    rentId: n(r.rent_id),
    rentName: r.rent_name,
    plate: r.plate,
    code: r.code,
    period: n(r.period),
    periods: n(r.periods),
    dueDate: r.due_date,
    principal: fenToYuan(n(r.principal_fen)),
    interest: fenToYuan(n(r.interest_fen)),
    amount: fenToYuan(n(r.amount_fen)),
    remainingPrincipal: fenToYuan(n(r.remaining_principal_fen)),
    paid: fenToYuan(n(r.paid_fen)),
    lateFee: fenToYuan(n(r.late_fee_fen)),
    lateFeePaid: fenToYuan(n(r.late_fee_paid_fen)),
    lateFeeWaived: fenToYuan(n(r.late_fee_waived_fen)),
    outstanding: fenToYuan(Math.max(0, outstanding)),
    overdueDays: n(r.overdue_days),
    ageing: open ? ageingOf(n(r.overdue_days)) : null,
    state: r.state as InstalmentState,
    paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    version: n(r.version),
  };
}

export interface InstalmentFilter {
  pageNum: number;
  pageSize: number;
  applicationId?: number;
  rentId?: number;
  tenantId?: number;
  state?: InstalmentState;
  overdue?: boolean;
  dueFrom?: string;
  dueTo?: string;
  keyword?: string;
}

/** "Today" of the caller: the applicant's zone, or the financier's. */
export async function todayOf(deps: AppDeps, caller: Side): Promise<string> {
  return (await tenantDays(deps.db, caller.ctx.tenantId, deps.clock.now())).today;
}

/** `rentFinancingDetail/list`: paged, oldest due first. */
export async function listInstalments(deps: AppDeps, caller: Side, q: InstalmentFilter, req: ReadRequest) {
  const today = await todayOf(deps, caller);
  const where: SQL[] = [scopeOf(caller, 'i')];
  if (q.applicationId) where.push(sql`i.application_id = ${q.applicationId}`);
  if (q.rentId) where.push(sql`i.rent_id = ${q.rentId}`);
  if (q.tenantId) where.push(sql`i.tenant_id = ${q.tenantId}`);
  if (q.state) where.push(sql`i.state = ${q.state}`);
  if (q.overdue) where.push(overdueSql('i', today));
  if (q.dueFrom) where.push(sql`i.due_date >= ${q.dueFrom}::date`);
  if (q.dueTo) where.push(sql`i.due_date <= ${q.dueTo}::date`);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    where.push(sql`(a.code ilike ${p} or a.plate ilike ${p} or i.code ilike ${p})`);
  }
  const cond = sql.join(where, sql` and `);
  const [rows, total] = await Promise.all([
    rowsOf<InstalmentRaw>(
      deps.db,
      sql`${SELECT} where ${cond} order by i.due_date, i.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    // The applications are joined only for a keyword (their code and plate).
    listTotal(
      deps.db,
      caller,
      q.keyword
        ? sql`select count(*)::int as n from financing_instalments i
            join financing_applications a on a.tenant_id = i.tenant_id and a.id = i.application_id where ${cond}`
        : sql`select count(*)::int as n from financing_instalments i where ${cond}`,
    ),
  ]);
  await logRead(deps, caller, req, { targetId: null, summary: { list: 'instalments', ...q } });
  return { rows: rows.map(toInstalment), total };
}

/** `get/not/paying`: the caller's instalments due by today (and overdue) not yet paid, oldest first. */
export async function notPaying(deps: AppDeps, caller: Side, req: ReadRequest, applicationId?: number) {
  const today = await todayOf(deps, caller);
  const rows = await rowsOf<InstalmentRaw>(
    deps.db,
    sql`${SELECT} where ${scopeOf(caller, 'i')} and i.state in ('pending', 'partial') and i.due_date <= ${today}::date
      ${applicationId ? sql`and i.application_id = ${applicationId}` : sql``}
      order by i.due_date, i.id limit 500`,
  );
  await logRead(deps, caller, req, { targetId: null, summary: { list: 'notPaying' } });
  return rows.map(toInstalment);
}

/** One instalment by its code (`RZ20260100001-03`), or 404. */
export async function instalmentByCode(deps: AppDeps, caller: Side, code: string, req: ReadRequest) {
  const [row] = await rowsOf<InstalmentRaw>(deps.db, sql`${SELECT} where ${scopeOf(caller, 'i')} and i.code = ${code}`);
  if (!row) throw new NotFoundError('financingMoney.instalmentNotFound');
  await logRead(deps, caller, req, { targetId: row.application_code, tenantId: Number(row.tenant_id) });
  return toInstalment(row);
}

/** One instalment by id as the caller may see it (or 404), for the pay and waiver calls. */
export async function instalmentRow(db: DbOrTx, caller: Side, id: number, lock = false) {
  const [row] = await rowsOf<InstalmentRaw>(
    db,
    sql`select i.*, i.due_date::text as due_date from financing_instalments i where i.id = ${id} and ${scopeOf(caller, 'i')}
      ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw new NotFoundError('financingMoney.instalmentNotFound');
  return row;
}

/** The open instalments of an application, locked, with their figures as the allocation reads them. */
export async function openInstalments(
  tx: DbOrTx,
  app: ApplicationRow,
  lock = true,
): Promise<(OpenInstalment & { dueDate: string; amountFen: number })[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select id, period, due_date::text as due_date, principal_fen, interest_fen, amount_fen, paid_fen, late_fee_fen,
        late_fee_paid_fen, late_fee_waived_fen
      from financing_instalments where tenant_id = ${app.tenantId} and application_id = ${app.id}
        and state in ('pending', 'partial') order by period ${lock ? sql`for update` : sql``}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    period: Number(r.period),
    dueDate: String(r.due_date),
    amountFen: Number(r.amount_fen),
    principalFen: Number(r.principal_fen),
    interestFen: Number(r.interest_fen),
    paidFen: Number(r.paid_fen),
    lateFeeFen: Number(r.late_fee_fen),
    lateFeePaidFen: Number(r.late_fee_paid_fen),
    lateFeeWaivedFen: Number(r.late_fee_waived_fen),
  }));
}

export { toInstalment, type InstalmentRaw };
