import { sql, type SQL } from 'drizzle-orm';
import { COST_CATEGORIES, type CostCategory } from '@fleetdesk/contracts/cost-centres';
import type { MoneyKind, ReportGranularity } from '@fleetdesk/contracts/dashboard';
import { idArray, rawNumber, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import { addDays } from '../../core/tenant-time.js';
import type { DayEndCars } from '../vehicles/reports.service.js';

/**
 * The daily report's figures of one tenant's day, per rent (docs/dashboard.md). Each query reads one area's
 * records by their own times within the day's bounds in the tenant's zone (`from` inclusive, `to` exclusive), so
 * computing a day again gives the same figures unless the records themselves changed.
 */

/** The figures of one rent's day; `rentId` null: costs booked to no rent. */
export interface DayFigures {
  rentId: number | null;
  fleet: number;
  rented: number;
  idle: number;
  maintenance: number;
  receivable: Record<MoneyKind, number>;
  received: Record<MoneyKind, number>;
  refunded: number;
  newContracts: number;
  dispatches: number;
  returns: number;
  newLeads: number;
  conversions: number;
  costs: Record<CostCategory, number>;
}

/** rented / fleet, 4 decimals (0 without a fleet): the utilisation the report and today's figures show. */
export function utilisationOf(rented: number, fleet: number): number {
  return fleet ? Math.round((rented / fleet) * 10_000) / 10_000 : 0;
}

export function emptyFigures(rentId: number | null): DayFigures {
  return {
    rentId,
    fleet: 0,
    rented: 0,
    idle: 0,
    maintenance: 0,
    receivable: { rent: 0, deposit: 0, other: 0 },
    received: { rent: 0, deposit: 0, other: 0 },
    refunded: 0,
    newContracts: 0,
    dispatches: 0,
    returns: 0,
    newLeads: 0,
    conversions: 0,
    costs: Object.fromEntries(COST_CATEGORIES.map((c) => [c, 0])) as Record<CostCategory, number>,
  };
}

export interface DayRange {
  tenantId: number;
  timeZone: string;
  /** The first and last day, YYYY-MM-DD, in the tenant's zone. */
  from: string;
  to: string;
  /** The rents to compute. */
  rentIds: readonly number[];
  /** With the costs booked to no rent (the company's own). */
  company: boolean;
}

/** Every rent of a tenant, by id. */
export async function rentsOf(db: DbOrTx, tenantId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: RawNumber }>(db, sql`select id from rents where tenant_id = ${tenantId} order by id`);
  return rows.map((r) => rawNumber(r.id));
}

const rentFilter = (r: DayRange, column: string): SQL => sql`and ${sql.raw(column)} = any(${idArray(r.rentIds)})`;

/** A bill's type as the report's money kind. */
const KIND = sql.raw(`case l.type when 'rent' then 'rent' when 'deposit' then 'deposit' else 'other' end`);

type Row = Record<string, RawNumber | null> & { rent_id: RawNumber | null; day: string };

/** A count or sum of a row (absent or null: 0). */
const n = (v: RawNumber | null | undefined): number => rawNumber(v ?? 0);

/** The figures of every day of the range, per day and then per rent (every rent asked for, with zeros). */
export type RangeFigures = Map<string, Map<number | null, DayFigures>>;

/**
 * Every figure of the days of the range, one query per area, grouped by day and rent: one day for the nightly job
 * and today's row, a year for the demo's history. Times are read as days in the tenant's zone.
 */
export async function rangeFigures(
  db: DbOrTx,
  r: DayRange,
  /** The cars at each day's end, per rent (the vehicles area's `carsAtDayEnds`). */
  cars: readonly DayEndCars[],
): Promise<RangeFigures> {
  const t = r.tenantId;
  const tz = r.timeZone;
  // The instants the range starts and ends (the day after its last, at midnight in the zone).
  const start = sql`(${r.from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${r.to}::date + 1)::timestamp at time zone ${tz})`;
  const local = (column: string) => sql`to_char(${sql.raw(column)} at time zone ${tz}, 'YYYY-MM-DD')`;
  const out: RangeFigures = new Map();
  for (let day = r.from; day <= r.to; day = addDays(day, 1)) {
    out.set(day, new Map(r.rentIds.map((id) => [id, emptyFigures(id)])));
  }
  const of = (row: Row) => {
    const key = row.rent_id === null ? null : rawNumber(row.rent_id);
    const day = out.get(row.day);
    if (!day) throw new Error(`daily report: day ${row.day} outside ${r.from}..${r.to}`);
    let f = day.get(key);
    if (!f) {
      f = emptyFigures(key);
      day.set(key, f);
    }
    return f;
  };

  for (const c of cars) {
    const f = of({ day: c.date, rent_id: c.rentId });
    Object.assign(f, { fleet: c.fleet, rented: c.rented, idle: c.idle, maintenance: c.maintenance });
  }

  // Bills due on each day, of contracts that were signed (a draft's or a cancelled contract's bills are not owed).
  const due = await rowsOf<Row & { kind: MoneyKind }>(
    db,
    sql`select to_char(l.due_date, 'YYYY-MM-DD') as day, l.rent_id, ${KIND} as kind, sum(l.amount_fen)::bigint as fen
      from rental_payment_lines l
      join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
      where l.tenant_id = ${t} and l.due_date between ${r.from}::date and ${r.to}::date and l.valid
        and l.amount_fen > 0 and k.state in ('signed', 'completed', 'terminated') ${rentFilter(r, 'l.rent_id')}
      group by 1, 2, 3`,
  );
  for (const row of due) of(row).receivable[row.kind] = n(row.fen);

  // Money collected on each day (its paid date), by the kind of the bill it paid; refunds paid out apart.
  const paid = await rowsOf<Row & { kind: MoneyKind }>(
    db,
    sql`select to_char(c.paid_date, 'YYYY-MM-DD') as day, l.rent_id, ${KIND} as kind,
        coalesce(sum(c.amount_fen) filter (where c.amount_fen > 0), 0)::bigint as fen,
        coalesce(-sum(c.amount_fen) filter (where c.amount_fen < 0), 0)::bigint as refunded
      from rental_collections c
      join rental_payment_lines l on l.tenant_id = c.tenant_id and l.id = c.line_id
      where c.tenant_id = ${t} and c.paid_date between ${r.from}::date and ${r.to}::date ${rentFilter(r, 'l.rent_id')}
      group by 1, 2, 3`,
  );
  for (const row of paid) {
    const f = of(row);
    f.received[row.kind] += n(row.fen);
    f.refunded += n(row.refunded);
  }

  const contracts = await rowsOf<Row>(
    db,
    sql`select ${local('signed_at')} as day, rent_id, count(*)::int as n from rental_contracts
      where tenant_id = ${t} and signed_at >= ${start} and signed_at < ${end} ${rentFilter(r, 'rent_id')}
      group by 1, 2`,
  );
  for (const row of contracts) of(row).newContracts = n(row.n);

  // Cars handed over and taken back (contracts and short-term bookings alike): their inspections.
  const handovers = await rowsOf<Row>(
    db,
    sql`select ${local('inspected_at')} as day, rent_id, count(*) filter (where kind = 'dispatch')::int as dispatches,
        count(*) filter (where kind = 'return')::int as returns
      from handover_inspections
      where tenant_id = ${t} and inspected_at >= ${start} and inspected_at < ${end} ${rentFilter(r, 'rent_id')}
      group by 1, 2`,
  );
  for (const row of handovers) {
    Object.assign(of(row), { dispatches: n(row.dispatches), returns: n(row.returns) });
  }

  const leads = await rowsOf<Row & { what: 'created' | 'won' }>(
    db,
    sql`select ${local('created_at')} as day, rent_id, 'created' as what, count(*)::int as n from crm_leads
        where tenant_id = ${t} and deleted_at is null and created_at >= ${start} and created_at < ${end}
          ${rentFilter(r, 'rent_id')}
        group by 1, 2
      union all
      select ${local('won_at')} as day, rent_id, 'won' as what, count(*)::int as n from crm_leads
        where tenant_id = ${t} and deleted_at is null and won_at >= ${start} and won_at < ${end}
          ${rentFilter(r, 'rent_id')}
        group by 1, 2`,
  );
  for (const row of leads) {
    if (row.what === 'created') of(row).newLeads = n(row.n);
    else of(row).conversions = n(row.n);
  }

  // Costs booked for each day, each in the rent of the record it came from (a car's for insurance and
  // accidents); an expense claim of no rent stays with the company (rent null).
  const id = (type: string) => sql.raw(`case when p.source_type = '${type}' then p.source_id::bigint end`);
  const costs = await rowsOf<Row & { category: CostCategory }>(
    db,
    sql`select * from (
        select to_char(p.occurred_on, 'YYYY-MM-DD') as day,
          coalesce(v.rent_id, w.rent_id, ts.rent_id, ap.rent_id, pc.rent_id, ac.rent_id) as rent_id,
          p.category, sum(p.amount_fen)::bigint as fen
        from cost_postings p
        left join violations v on v.tenant_id = p.tenant_id and v.id = ${id('violation')}
        left join maintenance_work_orders w on w.tenant_id = p.tenant_id and w.id = ${id('maintenance')}
        left join team_statements ts on ts.tenant_id = p.tenant_id and ts.id = ${id('teamStatement')}
        left join approval_requests ap on ap.tenant_id = p.tenant_id and ap.id = ${id('approval')}
        left join insurance_policies ip on ip.tenant_id = p.tenant_id and ip.id = ${id('insurance')}
        left join cars pc on pc.tenant_id = ip.tenant_id and pc.id = ip.car_id
        left join accidents a on a.tenant_id = p.tenant_id and a.id = ${id('accident')}
        left join cars ac on ac.tenant_id = a.tenant_id and ac.id = a.car_id
        where p.tenant_id = ${t} and p.occurred_on between ${r.from}::date and ${r.to}::date
        group by 1, 2, 3) x
      where x.rent_id = any(${idArray(r.rentIds)}) ${r.company ? sql`or x.rent_id is null` : sql``}`,
  );
  for (const row of costs) {
    if ((COST_CATEGORIES as readonly string[]).includes(row.category)) of(row).costs[row.category] = n(row.fen);
  }
  return out;
}

/** The stored columns, in the order of `valuesOf`. */
const NAMES = [
  'fleet',
  'rented',
  'idle',
  'maintenance',
  'receivable_rent_fen',
  'receivable_deposit_fen',
  'receivable_other_fen',
  'received_rent_fen',
  'received_deposit_fen',
  'received_other_fen',
  'refunded_fen',
  'new_contracts',
  'dispatches',
  'returns',
  'new_leads',
  'conversions',
  ...COST_CATEGORIES.map((c) => `cost_${c}_fen`),
];

function valuesOf(f: DayFigures): number[] {
  return [
    f.fleet,
    f.rented,
    f.idle,
    f.maintenance,
    f.receivable.rent,
    f.receivable.deposit,
    f.receivable.other,
    f.received.rent,
    f.received.deposit,
    f.received.other,
    f.refunded,
    f.newContracts,
    f.dispatches,
    f.returns,
    f.newLeads,
    f.conversions,
    ...COST_CATEGORIES.map((c) => f.costs[c]),
  ];
}

/** Writes a day's rows (one per rent, and the company's costs when there are any): a day computed again is replaced. */
export async function storeDay(db: DbOrTx, tenantId: number, day: string, figures: Iterable<DayFigures>, at: Date) {
  const rows = [...figures].filter((f) => f.rentId !== null || valuesOf(f).some((v) => v !== 0));
  if (!rows.length) return;
  const cols = sql.raw(NAMES.join(', '));
  const values = sql.join(
    rows.map(
      (f) =>
        sql`(${tenantId}, ${f.rentId}, ${day}::date, ${sql.join(
          valuesOf(f).map((v) => sql`${v}`),
          sql`, `,
        )}, ${at})`,
    ),
    sql`, `,
  );
  await db.execute(sql`insert into rental_report_days (tenant_id, rent_id, day, ${cols}, computed_at)
    values ${values}
    on conflict (tenant_id, day, (coalesce(rent_id, 0))) do update set
      ${sql.raw(NAMES.map((n) => `${n} = excluded.${n}`).join(', '))}, computed_at = excluded.computed_at`);
}

/** The days of [from, to] that some rent of the tenant has no row for (the nightly job computes those). */
export async function missingDays(db: DbOrTx, tenantId: number, from: string, to: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      where exists (select 1 from rents r where r.tenant_id = ${tenantId} and not exists (
        select 1 from rental_report_days x where x.tenant_id = ${tenantId} and x.day = d::date and x.rent_id = r.id))
      order by 1`,
  );
  return rows.map((r) => r.day);
}

/** The tenants whose reports the job keeps. */
export async function activeTenants(db: DbOrTx): Promise<{ id: number; timeZone: string }[]> {
  const rows = await rowsOf<{ id: RawNumber; time_zone: string }>(
    db,
    sql`select id, time_zone from tenants where status = 'active' order by id`,
  );
  return rows.map((r) => ({ id: rawNumber(r.id), timeZone: r.time_zone }));
}

/** A period's sums of the stored days, with the fleet figures of its last stored day. */
export type StoredPeriod = { period: string } & Omit<DayFigures, 'rentId'>;

/**
 * The stored days of [from, to] of `rentIds` (and the company's own costs with `company`), summed per day or
 * month. Fleet figures are those of the period's last stored day.
 */
export async function storedPeriods(
  db: DbOrTx,
  q: { tenantId: number; rentIds: readonly number[]; company: boolean; from: string; to: string },
  granularity: ReportGranularity,
): Promise<StoredPeriod[]> {
  const format = granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const sums = NAMES.map((n) =>
    ['fleet', 'rented', 'idle', 'maintenance'].includes(n)
      ? `coalesce(sum(${n}) filter (where day = last_day), 0)::bigint as ${n}`
      : `coalesce(sum(${n}), 0)::bigint as ${n}`,
  ).join(', ');
  const rows = await rowsOf<Record<string, RawNumber> & { period: string }>(
    db,
    sql`select period, ${sql.raw(sums)}
      from (select *, to_char(day, ${format}) as period,
          max(day) over (partition by to_char(day, ${format})) as last_day
        from rental_report_days
        where tenant_id = ${q.tenantId} and day >= ${q.from}::date and day <= ${q.to}::date
          and (rent_id = any(${idArray(q.rentIds)}) ${q.company ? sql`or rent_id is null` : sql``})) x
      group by period order by period`,
  );
  return rows.map((r) => {
    const v = (k: string) => n(r[k]);
    return {
      period: r.period,
      fleet: v('fleet'),
      rented: v('rented'),
      idle: v('idle'),
      maintenance: v('maintenance'),
      receivable: {
        rent: v('receivable_rent_fen'),
        deposit: v('receivable_deposit_fen'),
        other: v('receivable_other_fen'),
      },
      received: { rent: v('received_rent_fen'), deposit: v('received_deposit_fen'), other: v('received_other_fen') },
      refunded: v('refunded_fen'),
      newContracts: v('new_contracts'),
      dispatches: v('dispatches'),
      returns: v('returns'),
      newLeads: v('new_leads'),
      conversions: v('conversions'),
      costs: Object.fromEntries(COST_CATEGORIES.map((c) => [c, v(`cost_${c}_fen`)])) as Record<CostCategory, number>,
    };
  });
}
