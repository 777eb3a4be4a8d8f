import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db.js';
import { tenantDays } from '../../../core/tenant-time.js';
import { PASSWORDS, type TestApp } from '../../../test/harness.js';

/**
 * The money side's test stage, made in the database (the applications side's calls are another helper's): a
 * financier tenant of its own (code `FMX<n>`, users `<code>_admin` with every permission and `<code>_risk` with
 * finance and finance:audit only, password `Other@123`), an annuity product, and applications of the demo company
 * (rent 杭州) in S4 with their terms fixed (the quote), ready for the loan.
 */
export const BASE = '/api/ccwadmin';

let financierNo = 0;

export interface Financier {
  id: number;
  code: string;
  admin: string;
  risk: string;
  productId: number;
}

export async function makeFinancier(t: TestApp): Promise<Financier> {
  financierNo += 1;
  const code = `FMX${financierNo}`;
  const lower = code.toLowerCase();
  return t.deps.db.transaction(async (tx) => {
    const [tenant] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into tenants (code, name, short_name, contact_name, contact_phone)
        values (${code}, ${`${code} 融资租赁`}, ${code}, '李强', '0571-88000000') returning id`,
    );
    const id = Number(tenant!.id);
    const [rent] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into rents (tenant_id, code, name, short_name, city, address, contact_phone)
        values (${id}, 'HQ', ${`${code} 总部`}, '总部', '杭州', '杭州市西湖区', '0571-88000000') returning id`,
    );
    const other = sql`(select id from tenants where code = 'OTHER')`;
    await tx.execute(sql`insert into memberships (tenant_id, plan_code, level, starts_at, expires_at)
      select ${id}, plan_code, level, starts_at, expires_at from memberships where tenant_id = ${other}`);
    await tx.execute(sql`insert into tenant_permissions (tenant_id, code)
      select ${id}, code from tenant_permissions where tenant_id = ${other}`);
    const [admin] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into roles (tenant_id, code, name, description, all_permissions, builtin, data_scope)
        values (${id}, 'admin', '管理员', '全部权限', true, true, 'all') returning id`,
    );
    const [risk] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into roles (tenant_id, code, name, description, all_permissions, builtin, data_scope)
        values (${id}, 'risk', '风控专员', 'finance, finance:audit', false, false, 'all') returning id`,
    );
    await tx.execute(sql`insert into role_grants (tenant_id, role_id, code)
      values (${id}, ${risk!.id}, 'finance'), (${id}, ${risk!.id}, 'finance:audit')`);
    for (const [username, role, phone] of [
      [`${lower}_admin`, admin!.id, `1390009${String(financierNo).padStart(2, '0')}01`],
      [`${lower}_risk`, risk!.id, `1390009${String(financierNo).padStart(2, '0')}02`],
    ] as const) {
      const [u] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into users (tenant_id, username, phone, name, password_hash, default_rent_id)
          select ${id}, ${username}, ${phone}, ${username}, password_hash, ${rent!.id} from users where username = 'other'
          returning id`,
      );
      await tx.execute(sql`insert into user_rents (tenant_id, user_id, rent_id) values (${id}, ${u!.id}, ${rent!.id})`);
      await tx.execute(sql`insert into user_roles (tenant_id, user_id, role_id) values (${id}, ${u!.id}, ${role})`);
    }
    await tx.execute(sql`insert into financiers (id, name, name_en, contact_name, contact_phone, active)
      values (${id}, ${`${code} 融资租赁有限公司`}, ${`${code} Finance Lease`}, '李强', '0571-88000000', true)`);
    const [product] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into financing_products (tenant_id, code, name, name_en, method, due_mode, annual_rate, terms,
          min_down_ratio, max_down_ratio, late_fee_daily_rate, deposit_ratio, break_rate_early, break_rate_late,
          break_floor_fen)
        values (${id}, 'P12', '等额本息 12 期', 'Annuity 12', 'annuity', 'arrears', 0.068, '{12,24,36}', 0.3, 0.5,
          0.0005, 0.05, 0.03, 0.01, 100000) returning id`,
    );
    // The harness signs users in with their seed password.
    PASSWORDS[`${lower}_admin`] = 'Other@123';
    PASSWORDS[`${lower}_risk`] = 'Other@123';
    return { id, code, admin: `${lower}_admin`, risk: `${lower}_risk`, productId: Number(product!.id) };
  });
}

/** The terms of the test applications: 140,000 yuan financed over 12 months at 6.8 %, annuity, in arrears. */
export const TERMS = {
  method: 'annuity',
  dueMode: 'arrears',
  annualRate: 0.068,
  effectiveAnnualRate: 0.07,
  stagingNumber: 12,
  payProportion: 0.3,
  totalFen: 20_000_000,
  downPaymentFen: 6_000_000,
  financedFen: 14_000_000,
  balloonFen: 0,
  monthlyFen: 0,
  totalInterestFen: 0,
  gpsFeeFen: 0,
  mortgageFeeFen: 0,
  serviceFeeFen: 0,
  feesFen: 0,
  depositFen: 500_000,
  lateFeeDailyRate: 0.0005,
  breakRateEarly: 0.03,
  breakRateLate: 0.01,
  breakFloorFen: 100_000,
  repayDay: null as number | null,
};

let appNo = 0;

/** An application of the demo company (rent HZ unless given) to `f` in `state`, with the test terms. */
export async function makeApplication(
  t: TestApp,
  f: Financier,
  o: { state?: string; rentCode?: string; tenantCode?: string; terms?: Partial<typeof TERMS> } = {},
): Promise<{ id: number; code: string; tenantId: number; rentId: number }> {
  appNo += 1;
  const tenantCode = o.tenantCode ?? 'DEMO';
  const rentCode = o.rentCode ?? (tenantCode === 'DEMO' ? 'HZ' : 'BJ');
  const [ids] = await rowsOf<{ tenant_id: number; rent_id: number }>(
    t.deps.db,
    sql`select r.tenant_id, r.id as rent_id from rents r join tenants t on t.id = r.tenant_id
      where t.code = ${tenantCode} and r.code = ${rentCode}`,
  );
  const tenantId = Number(ids!.tenant_id);
  const rentId = Number(ids!.rent_id);
  // A car of the rent that no live application holds.
  const [car] = await rowsOf<{ id: number; plate: string | null; vin: string }>(
    t.deps.db,
    sql`select c.id, c.plate, c.vin from cars c where c.tenant_id = ${tenantId} and c.rent_id = ${rentId}
      and not exists (select 1 from financing_applications a where a.tenant_id = c.tenant_id and a.car_id = c.id
        and a.state not in ('S9', 'S10'))
      order by c.id limit 1`,
  );
  if (!car) throw new Error(`no free car in ${tenantCode}/${rentCode}`);
  const code = `RZT${String(appNo).padStart(5, '0')}${f.id}`;
  const quote = { ...TERMS, ...o.terms };
  const [row] = await rowsOf<{ id: number }>(
    t.deps.db,
    sql`insert into financing_applications (tenant_id, rent_id, financier_id, product_id, code, state, car_id, plate, vin,
        car_type_name, total_amount_fen, pay_proportion, staging_number, quote, submitted_at, apply_items)
      values (${tenantId}, ${rentId}, ${f.id}, ${f.productId}, ${code}, ${o.state ?? 'S4'}, ${car.id}, ${car.plate},
        ${car.vin}, '比亚迪 秦PLUS', ${quote.totalFen}, ${quote.payProportion}, ${quote.stagingNumber},
        ${JSON.stringify(quote)}::jsonb, ${t.clock.now()}, '{A3}')
      returning id`,
  );
  const id = Number(row!.id);
  await t.deps.db.execute(sql`insert into financing_apply_items (tenant_id, application_id, code, amount_fen)
    values (${tenantId}, ${id}, 'A3', ${quote.financedFen})`);
  return { id, code, tenantId, rentId };
}

export async function today(t: TestApp, tenantId: number): Promise<string> {
  return (await tenantDays(t.deps.db, tenantId, t.clock.now())).today;
}

export function data<T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }): T {
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: T }).data;
}

export async function versionOf(t: TestApp, id: number): Promise<number> {
  const [row] = await rowsOf<{ version: number }>(
    t.deps.db,
    sql`select version from financing_applications where id = ${id}`,
  );
  return Number(row!.version);
}

/** An application of the demo company disbursed today by `f` (S7), through the financier's call. */
export async function disbursedApplication(
  t: TestApp,
  f: Financier,
  o: { terms?: Partial<typeof TERMS>; tenantCode?: string } = {},
) {
  const a = await makeApplication(t, f, { state: 'S6', ...o });
  const res = await t.request('POST', `${BASE}/rentFinancingCar/disburse/${a.id}`, {
    as: f.admin,
    body: { version: await versionOf(t, a.id), disbursedDate: await today(t, a.tenantId) },
  });
  if (res.statusCode !== 200) throw new Error(`disburse: ${res.body}`);
  const instalments = await rowsOf<{ id: number; period: number; amount_fen: number; due_date: string }>(
    t.deps.db,
    sql`select id, period, amount_fen, due_date::text as due_date from financing_instalments
      where application_id = ${a.id} order by period`,
  );
  return {
    ...a,
    instalments: instalments.map((i) => ({
      id: Number(i.id),
      period: Number(i.period),
      amountFen: Number(i.amount_fen),
      dueDate: i.due_date,
    })),
  };
}

export async function instalmentState(t: TestApp, id: number) {
  const [row] = await rowsOf<Record<string, unknown>>(
    t.deps.db,
    sql`select state, paid_fen, late_fee_fen, late_fee_paid_fen, late_fee_waived_fen, overdue_days
      from financing_instalments where id = ${id}`,
  );
  return {
    state: String(row!.state),
    paidFen: Number(row!.paid_fen),
    lateFeeFen: Number(row!.late_fee_fen),
    lateFeePaidFen: Number(row!.late_fee_paid_fen),
    lateFeeWaivedFen: Number(row!.late_fee_waived_fen),
    overdueDays: Number(row!.overdue_days),
  };
}

export async function appState(t: TestApp, id: number): Promise<string> {
  const [row] = await rowsOf<{ state: string }>(
    t.deps.db,
    sql`select state from financing_applications where id = ${id}`,
  );
  return row!.state;
}
