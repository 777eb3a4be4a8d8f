import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, type Lang } from '@fleetdesk/contracts/common';
import { TenantRules } from '@fleetdesk/contracts/organisation';
import {
  bucketOf,
  type Contract,
  type ContractDuty,
  type ContractExportFilter,
  type ContractListFilter,
  type ContractListRow,
  type DebtBucket,
  type DebtorRow,
  type PaymentLine,
} from '@fleetdesk/contracts/rental-contracts';
import type { RequestContext } from '../../core/access.js';
import {
  rawIso,
  rawIsoOrNull,
  rawJson,
  rawNumber as num,
  rawNumberOrNull,
  rowsOf,
  type DbOrTx,
  type RawJson,
  type RawNumber,
  type RawTime,
} from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { renderStored } from '../../core/i18n.js';
import { containsPattern } from '../../core/like.js';
import { localDate } from '../../core/tenant-time.js';
import type { rentalPaymentLines } from '../../db/schema/rental-contracts.js';
import { addDays, toDays } from './schedule.js';

export type Scope = Pick<RequestContext, 'tenantId' | 'rentIds'>;
export interface Window {
  today: string;
  grace: number;
}

/** Days a line is past its overdue deadline (due date + grace days), 0 when not overdue. */
export function overdueDays(dueDate: string, today: string, grace: number): number {
  return Math.max(0, toDays(today) - toDays(dueDate) - grace);
}

type LineRow = typeof rentalPaymentLines.$inferSelect;
/** What a bill line shows: a whole row of the table, or a raw statement's `LINE_COLUMNS`. */
type LineFields = Pick<
  LineRow,
  | 'id'
  | 'contractId'
  | 'type'
  | 'period'
  | 'periodStart'
  | 'periodEnd'
  | 'dueDate'
  | 'amountFen'
  | 'paidFen'
  | 'state'
  | 'paidDate'
  | 'accountId'
  | 'lateFeeFor'
  | 'version'
  | 'remark'
>;

export function lineOut(l: LineFields, today: string, grace: number): PaymentLine {
  const open = l.state === 'unpaid' || l.state === 'partial';
  return {
    id: l.id,
    contractId: l.contractId,
    type: l.type as PaymentLine['type'],
    period: l.period,
    periodStart: l.periodStart,
    periodEnd: l.periodEnd,
    dueDate: l.dueDate,
    amount: fenToYuan(l.amountFen),
    paid: fenToYuan(l.paidFen),
    outstanding: open ? fenToYuan(l.amountFen - l.paidFen) : 0,
    state: l.state as PaymentLine['state'],
    paidDate: l.paidDate,
    accountId: l.accountId,
    lateFeeFor: l.lateFeeFor,
    overdueDays: open && l.type !== 'lateFee' && l.amountFen > 0 ? overdueDays(l.dueDate, today, grace) : 0,
    version: l.version,
    remark: l.remark,
  };
}

const LINE_COLUMNS =
  sql.raw(`l.id, l.contract_id as "contractId", l.type, l.period, l.period_start::text as "periodStart",
  l.period_end::text as "periodEnd", l.due_date::text as "dueDate", l.amount_fen as "amountFen", l.paid_fen as "paidFen",
  l.state, l.paid_date::text as "paidDate", l.account_id as "accountId", l.late_fee_for as "lateFeeFor",
  l.version, l.remark, l.rent_id as "rentId", l.valid, l.overdue_days as "overdueDays"`);

/** A line as `LINE_COLUMNS` answers it. */
interface RawLine extends Omit<LineFields, 'id' | 'contractId' | 'amountFen' | 'paidFen' | 'accountId' | 'lateFeeFor'> {
  id: RawNumber;
  contractId: RawNumber;
  amountFen: RawNumber;
  paidFen: RawNumber;
  accountId: RawNumber | null;
  lateFeeFor: RawNumber | null;
}

function lineFromRaw(r: RawLine): LineFields {
  return {
    ...r,
    id: num(r.id),
    contractId: num(r.contractId),
    amountFen: num(r.amountFen),
    paidFen: num(r.paidFen),
    accountId: rawNumberOrNull(r.accountId),
    lateFeeFor: rawNumberOrNull(r.lateFeeFor),
  };
}

export async function contractLines(db: DbOrTx, scope: Scope, contractId: number, w: Window, month?: string) {
  const monthCond = month
    ? sql`and l.due_date >= ${`${month}-01`}::date and l.due_date < (${`${month}-01`}::date + interval '1 month')`
    : sql``;
  const rows = await rowsOf<RawLine>(
    db,
    sql`select ${LINE_COLUMNS} from rental_payment_lines l
      where l.tenant_id = ${scope.tenantId} and l.contract_id = ${contractId} and l.valid
        and l.rent_id in ${inList(scope.rentIds)} ${monthCond}
      order by l.due_date, l.id`,
  );
  return rows.map((r) => lineOut(lineFromRaw(r), w.today, w.grace));
}

/**
 * The bill list in one statement: the tenant's time zone and grace days (for today and overdue), the scope
 * check of the contract and its lines (through `rental_payment_lines_contract_ix`). `undefined` when the
 * contract is not in the caller's scope (404), like `findContract`.
 */
export async function contractBills(
  db: DbOrTx,
  scope: Scope,
  contractId: number,
  now: Date,
  month?: string,
): Promise<PaymentLine[] | undefined> {
  const monthCond = month
    ? sql`and l.due_date >= ${`${month}-01`}::date and l.due_date < (${`${month}-01`}::date + interval '1 month')`
    : sql``;
  const rentIds = inList(scope.rentIds);
  // One row per line (`x.*`), or one row of nulls when the contract has none or is not in scope.
  const rows = await rowsOf<{ tz: string | null; grace: unknown; found: RawNumber | null } & ({ id: null } | RawLine)>(
    db,
    sql`select t.time_zone as "tz", s.rules -> 'rentGraceDays' as "grace", c.id as "found", x.*
      from tenants t
      left join tenant_settings s on s.tenant_id = t.id
      left join rental_contracts c on c.tenant_id = t.id and c.id = ${contractId} and c.rent_id in ${rentIds}
      left join lateral (
        select ${LINE_COLUMNS} from rental_payment_lines l
        where l.tenant_id = c.tenant_id and l.contract_id = c.id and l.valid and l.rent_id in ${rentIds} ${monthCond}
      ) x on true
      where t.id = ${scope.tenantId}
      order by x."dueDate", x.id`,
  );
  const first = rows[0];
  if (!first || first.found === null) return undefined;
  const today = localDate(first.tz ?? 'Asia/Shanghai', now);
  // The one rule read here, checked like `parseRules` checks each key (an invalid value gives the default).
  const parsed = TenantRules.shape.rentGraceDays.safeParse(first.grace ?? undefined);
  const grace = parsed.success ? parsed.data : TenantRules.shape.rentGraceDays.parse(undefined);
  return rows.flatMap((r) => (r.id === null ? [] : [lineOut(lineFromRaw(r), today, grace)]));
}

/**
 * Whether the open bills of contract `k` (an alias of `rental_contracts`) still count: the contract is signed, or
 * it ended (completed or terminated: by a car change, or while its renewal goes on) and another contract of its
 * group is signed (`rental_contracts_group_ix`: tenant, group number). Collection, the late-fee job, the
 * reminders and the debt-collection list use it, so a group's bills are followed until the group ends.
 */
export function billsLive(k: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(k)) throw new Error(`billsLive: bad alias ${k}`);
  return sql.raw(`(${k}.state = 'signed' or (${k}.state in ('completed', 'terminated') and exists (
    select 1 from rental_contracts g where g.tenant_id = ${k}.tenant_id and g.group_no = ${k}.group_no
      and g.state = 'signed')))`);
}

function inList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    (ids.length ? ids : [-1]).map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const CONTRACT_SELECT = (today: string, grace: number) => sql`
  select c.id, c.number, c.group_no, c.group_seq, c.origin, c.previous_id, c.rent_id, r.name as rent_name, c.driver_id, d.name as driver_name,
    d.phone as driver_phone, c.car_id, car.plate, c.template, c.type, c.period, c.billing, c.payment_day,
    c.start_date::text as start_date, c.end_date::text as end_date, c.instalments, c.rental_days, c.free_days,
    c.deposit_fen, c.management_fee_fen, c.rent_fen, c.total_rent_fen, c.insurance_base_fen, c.insurance_extra_fen,
    c.buy_out_fen, c.total_fen, c.discount_plan, c.discount_fen, c.discount_state, c.clauses, c.attachments, c.state,
    c.dispatched, c.remark, c.signed_at, c.ended_at, c.created_at, c.updated_at,
    coalesce((select sum(l.amount_fen - l.paid_fen) from rental_payment_lines l
      where l.tenant_id = c.tenant_id and l.contract_id = c.id and l.valid and l.state in ('unpaid', 'partial')
        and l.due_date <= ${today}::date), 0) as outstanding_fen,
    (select count(*) from rental_payment_lines l
      where l.tenant_id = c.tenant_id and l.contract_id = c.id and l.valid and l.state in ('unpaid', 'partial')
        and l.type <> 'lateFee' and l.amount_fen > 0 and l.due_date < ${today}::date - ${grace}::int) as overdue_lines
  from rental_contracts c
  join rents r on r.tenant_id = c.tenant_id and r.id = c.rent_id
  join drivers d on d.tenant_id = c.tenant_id and d.id = c.driver_id
  join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id`;

/** A contract as `CONTRACT_SELECT` answers it. */
interface ContractRecord {
  id: RawNumber;
  number: string;
  group_no: string;
  group_seq: RawNumber;
  origin: Contract['origin'] | null;
  previous_id: RawNumber | null;
  rent_id: RawNumber;
  rent_name: string;
  driver_id: RawNumber;
  driver_name: string;
  driver_phone: string;
  car_id: RawNumber;
  plate: string;
  template: string | null;
  type: Contract['type'];
  period: Contract['period'];
  billing: Contract['billing'];
  payment_day: RawNumber | null;
  start_date: string;
  end_date: string;
  instalments: RawNumber;
  rental_days: RawNumber;
  free_days: RawNumber;
  deposit_fen: RawNumber;
  management_fee_fen: RawNumber;
  rent_fen: RawNumber;
  total_rent_fen: RawNumber;
  insurance_base_fen: RawNumber;
  insurance_extra_fen: RawNumber;
  buy_out_fen: RawNumber | null;
  total_fen: RawNumber;
  discount_plan: string | null;
  discount_fen: RawNumber;
  discount_state: Contract['discountState'];
  clauses: RawJson<string[]> | null;
  attachments: RawJson<string[]> | null;
  state: Contract['state'];
  dispatched: boolean | null;
  remark: string | null;
  signed_at: RawTime | null;
  ended_at: RawTime | null;
  created_at: RawTime;
  updated_at: RawTime;
  outstanding_fen: RawNumber;
  overdue_lines: RawNumber;
}

function contractOut(r: ContractRecord): Contract {
  return {
    id: num(r.id),
    number: r.number,
    groupNo: r.group_no,
    groupSeq: num(r.group_seq),
    origin: r.origin ?? 'new',
    previousId: rawNumberOrNull(r.previous_id),
    rentId: num(r.rent_id),
    rentName: r.rent_name,
    driverId: num(r.driver_id),
    driverName: r.driver_name,
    driverPhone: r.driver_phone,
    carId: num(r.car_id),
    plate: r.plate,
    template: r.template ?? null,
    type: r.type,
    period: r.period,
    billing: r.billing,
    paymentDay: rawNumberOrNull(r.payment_day),
    startDate: r.start_date,
    endDate: r.end_date,
    instalments: num(r.instalments),
    rentalDays: num(r.rental_days),
    freeDays: num(r.free_days),
    deposit: fenToYuan(num(r.deposit_fen)),
    managementFee: fenToYuan(num(r.management_fee_fen)),
    rent: fenToYuan(num(r.rent_fen)),
    totalRent: fenToYuan(num(r.total_rent_fen)),
    insuranceBase: fenToYuan(num(r.insurance_base_fen)),
    insuranceExtra: fenToYuan(num(r.insurance_extra_fen)),
    buyOutPrice: r.buy_out_fen === null ? null : fenToYuan(num(r.buy_out_fen)),
    total: fenToYuan(num(r.total_fen)),
    discountPlan: r.discount_plan ?? null,
    discount: fenToYuan(num(r.discount_fen)),
    discountState: r.discount_state,
    clauses: rawJson(r.clauses, []),
    attachments: rawJson(r.attachments, []),
    state: r.state,
    dispatched: Boolean(r.dispatched),
    outstanding: fenToYuan(num(r.outstanding_fen)),
    overdueLines: num(r.overdue_lines),
    remark: r.remark ?? null,
    signedAt: rawIsoOrNull(r.signed_at),
    endedAt: rawIsoOrNull(r.ended_at),
    createdAt: rawIso(r.created_at),
    updatedAt: rawIso(r.updated_at),
  };
}

export async function findContract(db: DbOrTx, scope: Scope, id: number, w: Window): Promise<Contract | undefined> {
  const [row] = await rowsOf<ContractRecord>(
    db,
    sql`${CONTRACT_SELECT(w.today, w.grace)} where c.tenant_id = ${scope.tenantId} and c.id = ${id}
      and c.rent_id in ${inList(scope.rentIds)}`,
  );
  return row ? contractOut(row) : undefined;
}

/**
 * The condition (on contract alias `c`) of a contract waiting for `duty` on `today`: the list's `duty` filter and
 * the dashboard's to-dos count the same contracts. A renewal's car stays under the usage period its group's first
 * contract opened: it is not dispatched again, and it is taken back at the group's last contract.
 */
/** A bill line due on `day` and not paid in full (alias `l`). */
const dueOn = (day: string) =>
  sql`l.valid and l.state in ('unpaid', 'partial') and l.amount_fen > 0 and l.due_date = ${day}::date`;

export function dutySql(duty: ContractDuty, today: string): SQL {
  const groupPeriod = sql`exists (select 1 from car_usage_periods p
      join rental_contracts g on g.tenant_id = p.tenant_id and g.id = p.contract_id
      where p.tenant_id = c.tenant_id and p.car_id = c.car_id and p.to_at is null and g.group_no = c.group_no)`;
  const returned = sql`exists (select 1 from handover_inspections i
      where i.tenant_id = c.tenant_id and i.contract_id = c.id and i.kind = 'return')`;
  switch (duty) {
    case 'sign':
      return sql`c.state = 'pending'`;
    case 'dispatch':
      return sql`(c.state = 'signed' and not c.dispatched and not ${groupPeriod})`;
    case 'return':
      return sql`(c.state = 'signed' and c.end_date <= ${today}::date and (c.dispatched or ${groupPeriod})
        and not ${returned})`;
    case 'settle':
      return sql`(c.state = 'signed' and ${returned})`;
    case 'collect':
      return sql`(${billsLive('c')} and exists (select 1 from rental_payment_lines l
        where l.tenant_id = c.tenant_id and l.contract_id = c.id and ${dueOn(today)}))`;
  }
}

function filterSql(scope: Scope, f: ContractExportFilter, w: Window): SQL {
  const parts: SQL[] = [sql`c.tenant_id = ${scope.tenantId}`, sql`c.rent_id in ${inList(scope.rentIds)}`];
  if (f.number) parts.push(sql`c.number ilike ${containsPattern(f.number)}`);
  if (f.driverId) parts.push(sql`c.driver_id = ${f.driverId}`);
  if (f.carId) parts.push(sql`c.car_id = ${f.carId}`);
  if (f.keyword) {
    const p = containsPattern(f.keyword);
    parts.push(sql`(c.number ilike ${p} or d.name ilike ${p} or car.plate ilike ${p})`);
  }
  if (f.type?.length) parts.push(sql`c.type in ${textList(f.type)}`);
  if (f.state?.length) parts.push(sql`c.state in ${textList(f.state)}`);
  if (f.startFrom) parts.push(sql`c.start_date >= ${f.startFrom}::date`);
  if (f.startTo) parts.push(sql`c.start_date <= ${f.startTo}::date`);
  if (f.overdue) {
    parts.push(sql`exists (select 1 from rental_payment_lines l where l.tenant_id = c.tenant_id
      and l.contract_id = c.id and l.valid and l.state in ('unpaid', 'partial') and l.type <> 'lateFee'
      and l.amount_fen > 0 and l.due_date < ${w.today}::date - ${w.grace}::int)`);
  }
  if (f.duty) parts.push(dutySql(f.duty, w.today));
  return sql.join(parts, sql` and `);
}

function textList(values: readonly string[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

export async function listContracts(
  db: DbOrTx,
  scope: Scope,
  f: ContractListFilter,
  w: Window,
): Promise<{ rows: ContractListRow[]; total: number }> {
  const where = filterSql(scope, f, w);
  const [rows, count] = await Promise.all([
    rowsOf<ContractRecord>(
      db,
      sql`${CONTRACT_SELECT(w.today, w.grace)} where ${where} order by c.id desc
        limit ${f.pageSize} offset ${offsetOf(f)}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from rental_contracts c
        join drivers d on d.tenant_id = c.tenant_id and d.id = c.driver_id
        join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id where ${where}`,
    ),
  ]);
  return {
    rows: rows.map((r) => {
      const { clauses: _c, attachments: _a, template: _t, remark: _r, ...rest } = contractOut(r);
      return rest;
    }),
    total: num(count[0]!.n),
  };
}

/** Every contract of the filter, 1,000 at a time (the export). */
export async function* allContracts(db: DbOrTx, scope: Scope, f: ContractExportFilter, w: Window) {
  const where = filterSql(scope, f, w);
  let after = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await rowsOf<ContractRecord>(
      db,
      sql`${CONTRACT_SELECT(w.today, w.grace)} where ${where} and c.id < ${after} order by c.id desc limit 1000`,
    );
    for (const r of rows) yield contractOut(r);
    if (rows.length < 1000) return;
    after = num(rows[rows.length - 1]!.id);
  }
}

export async function collections(db: DbOrTx, scope: Scope, contractId: number, sign: (url: string) => string | null) {
  const rows = await rowsOf<{
    id: RawNumber;
    line_id: RawNumber;
    type: PaymentLine['type'];
    period: RawNumber | null;
    amount_fen: RawNumber;
    paid_date: string;
    account_id: RawNumber;
    account_name: string;
    user_name: string | null;
    remark: string | null;
    voucher: string | null;
    at: RawTime;
  }>(
    db,
    sql`select x.id, x.line_id, l.type, l.period, x.amount_fen, x.paid_date::text as paid_date, x.account_id,
        a.name as account_name, u.name as user_name, x.remark, x.voucher, x.at
      from rental_collections x
      join rental_payment_lines l on l.tenant_id = x.tenant_id and l.id = x.line_id
      join collection_accounts a on a.tenant_id = x.tenant_id and a.id = x.account_id
      left join users u on u.id = x.user_id
      where x.tenant_id = ${scope.tenantId} and x.contract_id = ${contractId} and l.rent_id in ${inList(scope.rentIds)}
      order by x.id desc`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    lineId: num(r.line_id),
    lineType: r.type,
    period: rawNumberOrNull(r.period),
    amount: fenToYuan(num(r.amount_fen)),
    paidDate: r.paid_date,
    accountId: num(r.account_id),
    accountName: r.account_name,
    userName: r.user_name ?? null,
    remark: r.remark ?? null,
    voucher: r.voucher ? sign(r.voucher) : null,
    at: rawIso(r.at),
  }));
}

/** A contract's history, its remarks in the reader's language (an old row's stored text as it was). */
export async function events(db: DbOrTx, scope: Scope, contractId: number, lang: Lang) {
  const rows = await rowsOf<{
    id: RawNumber;
    kind: string;
    from_state: Contract['state'] | null;
    to_state: Contract['state'] | null;
    remark: string | null;
    text_key: string | null;
    text_params: unknown;
    user_name: string | null;
    at: RawTime;
  }>(
    db,
    sql`select e.id, e.kind, e.from_state, e.to_state, e.remark, e.text_key, e.text_params, u.name as user_name, e.at
      from rental_contract_events e
      join rental_contracts c on c.tenant_id = e.tenant_id and c.id = e.contract_id
      left join users u on u.id = e.user_id
      where e.tenant_id = ${scope.tenantId} and e.contract_id = ${contractId} and c.rent_id in ${inList(scope.rentIds)}
      order by e.id desc`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    kind: r.kind,
    fromState: r.from_state ?? null,
    toState: r.to_state ?? null,
    remark: renderStored(lang, r.text_key, r.text_params, r.remark ?? null),
    userName: r.user_name ?? null,
    at: rawIso(r.at),
  }));
}

export async function notes(db: DbOrTx, scope: Scope, contractId: number) {
  const rows = await rowsOf<{ id: RawNumber; note: string; user_name: string | null; at: RawTime }>(
    db,
    sql`select n.id, n.note, u.name as user_name, n.at from debt_follow_ups n
      join rental_contracts c on c.tenant_id = n.tenant_id and c.id = n.contract_id
      left join users u on u.id = n.user_id
      where n.tenant_id = ${scope.tenantId} and n.contract_id = ${contractId} and c.rent_id in ${inList(scope.rentIds)}
      order by n.id desc`,
  );
  return rows.map((r) => ({ id: num(r.id), note: r.note, userName: r.user_name ?? null, at: rawIso(r.at) }));
}

export async function accounts(db: DbOrTx, tenantId: number) {
  const rows = await rowsOf<{ id: RawNumber; name: string; kind: 'cash'; balance_fen: RawNumber }>(
    db,
    sql`select id, name, kind, balance_fen from collection_accounts where tenant_id = ${tenantId} order by id`,
  );
  return rows.map((r) => ({ id: num(r.id), name: r.name, kind: r.kind, balance: fenToYuan(num(r.balance_fen)) }));
}

/**
 * The debt-collection list: open lines due today or past their overdue deadline (due date + grace), with
 * their late fee, bucket and whether the contract is overdue more than once; counts per bucket. Lines of signed
 * contracts and of ended contracts whose group goes on (`billsLive`).
 */
export async function debtors(
  db: DbOrTx,
  scope: Scope,
  q: {
    bucket?: DebtBucket | undefined;
    repeated?: 'first' | 'repeated' | undefined;
    assigneeId?: number | undefined;
    pageNum: number;
    pageSize: number;
  },
  w: Window,
) {
  const deadline = addDays(w.today, -w.grace);
  // An open line is owed when due today or past its deadline (due date + grace). The list runs by due date (the
  // same order as most days overdue first), so the page walks rental_payment_lines_debt_ix and stops after it.
  const lineFilter = sql`l.tenant_id = ${scope.tenantId} and l.rent_id in ${inList(scope.rentIds)} and l.valid
    and l.state in ('unpaid', 'partial') and l.type <> 'lateFee' and l.amount_fen > 0
    and l.due_date <= ${w.today}::date and (l.due_date = ${w.today}::date or l.due_date < ${deadline}::date)`;
  const liveContract = sql`join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id and ${billsLive('c')}`;
  // The contract's lines past their deadline (its "overdue more than once"), read for the rows that need it.
  const overdueCount = sql`(select count(*) from rental_payment_lines o where o.tenant_id = l.tenant_id
    and o.contract_id = l.contract_id and o.valid and o.state in ('unpaid', 'partial') and o.type <> 'lateFee'
    and o.amount_fen > 0 and o.due_date < ${deadline}::date)`;
  const bucketSql = sql`case when l.due_date = ${w.today}::date then 'today'
    when l.due_date >= ${addDays(deadline, -1)}::date then 'd1' when l.due_date >= ${addDays(deadline, -3)}::date then 'd3'
    when l.due_date >= ${addDays(deadline, -7)}::date then 'd7' when l.due_date >= ${addDays(deadline, -15)}::date then 'd15'
    else 'd15plus' end`;
  const conds: SQL[] = [sql`true`];
  if (q.bucket) conds.push(sql`${bucketSql} = ${q.bucket}`);
  if (q.repeated) conds.push(q.repeated === 'repeated' ? sql`${overdueCount} > 1` : sql`${overdueCount} <= 1`);
  if (q.assigneeId) conds.push(sql`c.debt_assignee_id = ${q.assigneeId}`);
  const where = sql.join(conds, sql` and `);
  // One statement: the counts per bucket and the filtered total from the lines and their contracts alone, and the
  // page with its joins, late fees and repeat counts for its rows only (a row with an empty page past the last).
  const found = await rowsOf<{
    total: RawNumber;
    buckets: RawJson<Partial<Record<DebtBucket, number>>>;
    line_id: RawNumber | null;
    contract_id: RawNumber;
    number: string;
    driver_id: RawNumber;
    driver_name: string;
    driver_phone: string;
    car_id: RawNumber;
    plate: string;
    type: DebtorRow['type'];
    period: RawNumber | null;
    due_date: string;
    amount_fen: RawNumber;
    paid_fen: RawNumber;
    outstanding_fen: RawNumber;
    late_fee_fen: RawNumber;
    overdue_days: RawNumber;
    overdue_count: RawNumber;
    debt_assignee_id: RawNumber | null;
    assignee_name: string | null;
    version: RawNumber;
  }>(
    db,
    sql`with counted as (
        select ${bucketSql} as bucket, count(*)::int as n, count(*) filter (where ${where})::int as m
        from rental_payment_lines l ${liveContract} where ${lineFilter} group by 1)
      select (select coalesce(sum(m), 0)::int from counted) as total,
        (select coalesce(jsonb_object_agg(bucket, n), '{}'::jsonb) from counted) as buckets, p.*
      from (select 1) t left join lateral (
        select l.id as line_id, l.contract_id, c.number, c.driver_id, d.name as driver_name, d.phone as driver_phone,
          c.car_id, car.plate, l.type, l.period, l.due_date::text as due_date, l.amount_fen, l.paid_fen,
          l.amount_fen - l.paid_fen as outstanding_fen,
          coalesce(f.amount_fen - f.paid_fen, 0) as late_fee_fen,
          greatest(0, ${w.today}::date - l.due_date - ${w.grace}::int) as overdue_days,
          ${overdueCount} as overdue_count, c.debt_assignee_id, u.name as assignee_name, l.version
        from rental_payment_lines l ${liveContract}
        join drivers d on d.tenant_id = c.tenant_id and d.id = c.driver_id
        join cars car on car.tenant_id = c.tenant_id and car.id = c.car_id
        left join users u on u.id = c.debt_assignee_id
        left join rental_payment_lines f on f.tenant_id = l.tenant_id and f.late_fee_for = l.id
          and f.state in ('unpaid', 'partial')
        where ${lineFilter} and ${where}
        order by l.due_date, l.id
        limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}) p on true`,
  );
  const head = found[0]!;
  const buckets: Record<DebtBucket, number> = {
    today: 0,
    d1: 0,
    d3: 0,
    d7: 0,
    d15: 0,
    d15plus: 0,
    ...rawJson(head.buckets, {}),
  };
  const rows = found.filter((r): r is typeof r & { line_id: RawNumber } => r.line_id !== null);
  const out: DebtorRow[] = rows.map((r) => ({
    lineId: num(r.line_id),
    contractId: num(r.contract_id),
    number: r.number,
    driverId: num(r.driver_id),
    driverName: r.driver_name,
    driverPhone: r.driver_phone,
    carId: num(r.car_id),
    plate: r.plate,
    type: r.type,
    period: rawNumberOrNull(r.period),
    dueDate: r.due_date,
    amount: fenToYuan(num(r.amount_fen)),
    paid: fenToYuan(num(r.paid_fen)),
    outstanding: fenToYuan(num(r.outstanding_fen)),
    lateFee: fenToYuan(num(r.late_fee_fen)),
    overdueDays: num(r.overdue_days),
    bucket: bucketOf(num(r.overdue_days)),
    repeated: num(r.overdue_count) > 1,
    assigneeId: rawNumberOrNull(r.debt_assignee_id),
    assigneeName: r.assignee_name ?? null,
    version: num(r.version),
  }));
  return { buckets, rows: out, total: num(head.total) };
}

/** The contracts' figures of the day for the dashboard (`todayFigures`); money in fen. */
export interface ContractsTodayRaw {
  toSign: number;
  toDispatch: number;
  toReturn: number;
  toSettle: number;
  dueContracts: number;
  dueBills: number;
  dueFen: number;
  collectedFen: number;
  overdueContracts: number;
  overdueFen: number;
}

/**
 * Today's to-dos (`dutySql`, as the list's `duty` filter counts them), the bills due today still open (of live
 * contracts, `billsLive`), the money collected today, and the overdue contracts as the list's `overdue` filter
 * counts them with what their overdue bills still owe.
 */
export async function contractsToday(db: DbOrTx, scope: Scope, w: Window): Promise<ContractsTodayRaw> {
  const inScope = sql`c.tenant_id = ${scope.tenantId} and c.rent_id in ${inList(scope.rentIds)}`;
  const overdueLine = sql`l.valid and l.state in ('unpaid', 'partial') and l.type <> 'lateFee' and l.amount_fen > 0
    and l.due_date < ${w.today}::date - ${w.grace}::int`;
  const [row] = await rowsOf<Record<string, RawNumber | null>>(
    db,
    sql`select
      (select count(*) from rental_contracts c where ${inScope} and ${dutySql('sign', w.today)})::int as to_sign,
      (select count(*) from rental_contracts c where ${inScope} and ${dutySql('dispatch', w.today)})::int as to_dispatch,
      (select count(*) from rental_contracts c where ${inScope} and ${dutySql('return', w.today)})::int as to_return,
      (select count(*) from rental_contracts c where ${inScope} and ${dutySql('settle', w.today)})::int as to_settle,
      (select count(*) from rental_contracts c where ${inScope} and ${dutySql('collect', w.today)})::int as due_contracts,
      due.bills as due_bills, due.fen as due_fen,
      (select coalesce(sum(k.amount_fen), 0) from rental_collections k
        join rental_contracts c on c.tenant_id = k.tenant_id and c.id = k.contract_id
        where ${inScope} and k.paid_date = ${w.today}::date and k.amount_fen > 0)::bigint as collected_fen,
      od.contracts as overdue_contracts, od.fen as overdue_fen
    from (select count(*)::int as bills, coalesce(sum(l.amount_fen - l.paid_fen), 0)::bigint as fen
      from rental_payment_lines l join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
      where ${inScope} and ${dueOn(w.today)} and ${billsLive('c')}) due,
    -- The overdue lines once (the debt index holds them), with the contracts they belong to.
    (select count(distinct l.contract_id)::int as contracts, coalesce(sum(l.amount_fen - l.paid_fen), 0)::bigint as fen
      from rental_payment_lines l join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
      where ${inScope} and ${overdueLine}) od`,
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    toSign: n('to_sign'),
    toDispatch: n('to_dispatch'),
    toReturn: n('to_return'),
    toSettle: n('to_settle'),
    dueContracts: n('due_contracts'),
    dueBills: n('due_bills'),
    dueFen: n('due_fen'),
    collectedFen: n('collected_fen'),
    overdueContracts: n('overdue_contracts'),
    overdueFen: n('overdue_fen'),
  };
}
