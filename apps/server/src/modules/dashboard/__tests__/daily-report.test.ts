import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, PaymentLine } from '@fleetdesk/contracts/rental-contracts';
import type { ReportDays } from '@fleetdesk/contracts/dashboard';
import { addDays, localDate } from '../../../core/tenant-time.js';
import { startOfDayIn } from '../../../core/timezone.js';
import { createTestApp, testStart, type RequestOptions, type TestApp } from '../../../test/harness.js';
import { activeDriver, idleCars, P, q, rentIds, terms } from '../../../test/contracts.js';
import { addUser, seedIds } from '../../../test/users.js';
import { computeDays, runDailyReports } from '../daily-report.service.js';

const LIST = '/api/ccwadmin/rentalReportDay/list';
const EXPORT = '/api/ccwadmin/rentalReportDay/export';
const ZONE = 'Asia/Shanghai';

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let ids: Awaited<ReturnType<typeof seedIds>>;
/** The last day of the month after the test's start (a month end on any day the suite runs), and the day after. */
let D: string;
let next: string;
let accountId: number;
let line: PaymentLine;
let contractId: number;

/**
 * The tests move the clock over days, past the tokens' lifetime: each user signs in again after a move (`moveTo`).
 */
const tokens = new Map<string, string>();
async function moveTo(instant: Date) {
  t.clock.set(instant);
  tokens.clear();
}
async function call(method: 'GET' | 'POST', url: string, o: RequestOptions = {}) {
  const { as, ...rest } = o;
  if (!as) return t.request(method, url, rest);
  let token = tokens.get(as);
  if (!token) {
    const res = await t.signIn(as);
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().access_token as string;
    tokens.set(as, token);
  }
  return t.request(method, url, { ...rest, token });
}

/** The instant of `hh:mm` on a day in the tenant's zone. */
const at = (day: string, hh: number, mm = 0) =>
  new Date(startOfDayIn(ZONE, new Date(`${day}T12:00:00Z`)).getTime() + (hh * 60 + mm) * 60_000);

const report = async (query: Record<string, string | number>, as = 'admin') => {
  const res = await call('GET', LIST, { as, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportDays;
};
const day = async (d: string, extra: Record<string, string | number> = {}, as = 'admin') =>
  (await report({ from: d, to: d, ...extra }, as)).periods[0]!;

const collect = async (amount: number) => {
  const res = await call('POST', `${P}/collect/${line.id}`, {
    as: 'admin',
    body: { amount, accountId, version: line.version },
  });
  expect(res.statusCode, res.body).toBe(200);
  line = res.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  const start = localDate(ZONE, testStart());
  const [y, m] = start.split('-').map(Number) as [number, number];
  // The last day of the next month: Date.UTC's day 0 of the month after it.
  D = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  next = addDays(D, 1);
  await moveTo(at(D, 10));
  rents = await rentIds(t);
  ids = await seedIds(t);
  const acc = await call('POST', `${P}/account/add`, { as: 'admin', body: { name: '日报测试账户', kind: 'bank' } });
  accountId = acc.json().data.id;
});
afterAll(async () => t.close());

describe('rentalReportDay/list: today on asking', () => {
  it('counts the cars, bills, collections and contracts made today, each against its records', async () => {
    const before = await day(D, { rentId: rents.hz });
    const shBefore = await day(D, { rentId: rents.sh });
    expect(before.live).toBe(true);
    const cars = await idleCars(t, rents.hz, 2);
    const driverId = await activeDriver(t, rents.hz);
    const made = await call('POST', `${P}/add`, {
      as: 'admin',
      rent: rents.hz,
      body: { ...terms({ startDate: D, endDate: addDays(D, 364) }), driverId, carId: cars[0], clauses: [] },
    });
    expect(made.statusCode, made.body).toBe(200);
    contractId = made.json().data.id;
    // A contract waiting for signature owes nothing yet.
    const pending = await day(D, { rentId: rents.hz });
    expect(pending.money!.receivable).toEqual(before.money!.receivable);
    expect(pending.money!.newContracts).toBe(before.money!.newContracts);
    const signed = await call('POST', `${P}/sign/${contractId}`, { as: 'admin', body: { accountId } });
    expect(signed.statusCode, signed.body).toBe(200);
    const lines: PaymentLine[] = (await call('GET', `${P}/lines/${contractId}`, { as: 'admin' })).json().data;
    const dueToday = lines.filter((l) => l.dueDate === D && l.amount > 0);
    const dueOf = (kind: 'rent' | 'deposit' | 'other') =>
      dueToday
        .filter((l) => (kind === 'other' ? l.type !== 'rent' && l.type !== 'deposit' : l.type === kind))
        .reduce((s, l) => s + l.amount, 0);
    expect(dueOf('rent')).toBeGreaterThan(0);
    // Signing collected the first bills; 100 more goes to the next rent bill, which is due later.
    line = lines
      .filter((l) => l.type === 'rent' && l.state === 'unpaid')
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0]!;
    expect(line.dueDate > D).toBe(true);
    await collect(100);
    const collections: Collection[] = (await call('GET', `${P}/collections/${contractId}`, { as: 'admin' })).json()
      .data;
    const paidOf = (kind: 'rent' | 'deposit' | 'other') =>
      collections
        .filter((c) => c.paidDate === D && c.amount > 0)
        .filter((c) => (kind === 'other' ? c.lineType !== 'rent' && c.lineType !== 'deposit' : c.lineType === kind))
        .reduce((s, c) => s + c.amount, 0);
    expect(paidOf('rent')).toBeGreaterThanOrEqual(100);

    const after = await day(D, { rentId: rents.hz });
    const statuses = await q<{ status: string }>(t, `select status from cars where id = any($1)`, [cars]);
    const idleNow = statuses.filter((s) => s.status === 'idle').length;
    expect(after.fleet!.fleet - before.fleet!.fleet).toBe(2);
    expect(after.fleet!.idle - before.fleet!.idle).toBe(idleNow);
    expect(after.money!.newContracts - before.money!.newContracts).toBe(1);
    for (const kind of ['rent', 'deposit', 'other'] as const) {
      expect(after.money!.receivable[kind] - before.money!.receivable[kind]).toBeCloseTo(dueOf(kind), 2);
    }
    for (const kind of ['rent', 'deposit', 'other'] as const) {
      expect(after.money!.received[kind] - before.money!.received[kind]).toBeCloseTo(paidOf(kind), 2);
    }
    // Shanghai's report did not move: all of it was Hangzhou's.
    expect(await day(D, { rentId: rents.sh })).toEqual(shBefore);
  });

  it('answers the fleet figures of the day as the vehicles area counts them', async () => {
    const [row] = await q<{ fleet: number; rented: number; idle: number; maintenance: number }>(
      t,
      `select count(*) filter (where status not in ('sold', 'scrapped'))::int as fleet,
         count(*) filter (where status = 'rented')::int as rented,
         count(*) filter (where status = 'idle')::int as idle,
         count(*) filter (where status = 'maintenance')::int as maintenance
       from cars where rent_id = $1 and deleted_at is null`,
      [rents.sh],
    );
    const sh = await day(D, { rentId: rents.sh });
    expect(sh.fleet).toEqual({
      ...row,
      utilisation: row!.fleet ? Math.round((row!.rented / row!.fleet) * 10_000) / 10_000 : 0,
    });
  });
});

describe('the nightly job', () => {
  let stored: Record<string, unknown>[];

  it('stores each tenant’s yesterday once its own day has turned, across a month end', async () => {
    // 23:30 on the month's last day and 00:30 on the next, in Shanghai: two collections, two days, two months.
    await moveTo(at(D, 23, 30));
    await collect(10);
    await moveTo(at(next, 0, 30));
    await collect(20);
    const paid = await q<{ paid_date: string; amount_fen: number }>(
      t,
      `select paid_date::text, amount_fen::int from rental_collections where line_id = $1 order by id`,
      [line.id],
    );
    expect(paid).toEqual([
      { paid_date: D, amount_fen: 10_000 },
      { paid_date: D, amount_fen: 1_000 },
      { paid_date: next, amount_fen: 2_000 },
    ]);
    // The other tenant keeps its calendar in Los Angeles, where it is still the morning of the month's last day.
    await q(t, `update tenants set time_zone = 'America/Los_Angeles' where id = $1`, [ids.other]);
    expect(await runDailyReports(t.deps)).toBeGreaterThan(0);
    const last = await q<{ tenant_id: number; day: string }>(
      t,
      `select tenant_id::int, max(day)::text as day from rental_report_days where tenant_id = any($1)
       group by tenant_id order by tenant_id`,
      [[ids.demo, ids.other]],
    );
    expect(last).toEqual([
      { tenant_id: ids.demo, day: D },
      { tenant_id: ids.other, day: addDays(D, -1) },
    ]);
    // The week before is filled in too (a worker that was stopped), each rent once per day; the days before it
    // (after the demo's reports, which end the day before the test starts) stay empty.
    const [days] = await q<{ n: number; rows: number }>(
      t,
      `select count(distinct day)::int as n, count(*)::int as rows from rental_report_days
       where tenant_id = $1 and rent_id is not null and day > $2::date - 14`,
      [ids.demo, D],
    );
    const demoRents = await q(t, `select id from rents where tenant_id = $1`, [ids.demo]);
    expect(days).toEqual({ n: 7, rows: 7 * demoRents.length });

    await moveTo(at(addDays(next, 1), 0, 30));
    expect(await runDailyReports(t.deps)).toBeGreaterThan(0);
    const byDay = await report({ from: D, to: next, rentId: rents.hz });
    expect(byDay.periods.map((p) => [p.period, p.live])).toEqual([
      [D, false],
      [next, false],
    ]);
    // Every rent collection of the rent on D: the signing's, this test's 100 and 10 (the demo's money lies before
    // its start); on the next day only the 20 of 00:30.
    const [onD] = await q<{ fen: number }>(
      t,
      `select coalesce(sum(c.amount_fen), 0)::int as fen from rental_collections c
       join rental_payment_lines l on l.tenant_id = c.tenant_id and l.id = c.line_id
       where l.rent_id = $1 and l.type = 'rent' and c.paid_date = $2`,
      [rents.hz, D],
    );
    expect(onD!.fen).toBeGreaterThanOrEqual(11_000);
    expect(byDay.periods[0]!.money!.received.rent).toBeCloseTo(onD!.fen / 100, 2);
    expect(byDay.periods[1]!.money!.received.rent).toBeCloseTo(20, 2);
    const byMonth = await report({ from: D, to: next, rentId: rents.hz, granularity: 'month' });
    expect(byMonth.periods.map((p) => p.period)).toEqual([D.slice(0, 7), next.slice(0, 7)]);
    expect(byMonth.periods[1]!.money!.received.rent).toBeCloseTo(20, 2);
    stored = await q(t, `select * from rental_report_days order by tenant_id, day, rent_id nulls first`);
  });

  it('is idempotent: running it again, or computing a day again, leaves the same rows', async () => {
    expect(await runDailyReports(t.deps)).toBe(0);
    await computeDays(t.deps, ids.demo, D, next);
    const again = await q<Record<string, unknown>>(
      t,
      `select * from rental_report_days order by tenant_id, day, rent_id nulls first`,
    );
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ computed_at: _, ...r }) => r);
    expect(strip(again)).toEqual(strip(stored));
  });
});

describe('data scope, permissions and tenants', () => {
  it('shows each user only the groups his permissions read, over his rents', async () => {
    const clerk = await report({ from: D, to: next }, 'clerk');
    expect(clerk.groups).toEqual(['fleet']);
    expect(clerk.periods[0]!.money).toBeNull();
    expect(clerk.periods[0]!.costs).toBeNull();
    const hz = await report({ from: D, to: next, rentId: rents.hz });
    expect(clerk.periods.map((p) => p.fleet)).toEqual(hz.periods.map((p) => p.fleet));
    // A rent outside his scope is refused.
    const sh = await call('GET', LIST, { as: 'clerk', query: { from: D, to: next, rentId: rents.sh } });
    expect(sh.statusCode).toBe(403);
    // A salesman who sees only his own leads gets no lead figures (they count the whole rent's); a fleet leader,
    // who sees his teams' cars only, has no group left.
    expect((await report({ from: D, to: D }, 'sales1')).groups).toEqual(['money']);
    expect((await call('GET', LIST, { as: 'fleet1', query: { from: D, to: D } })).statusCode).toBe(403);
  });

  it('sums a narrower user’s rents only; the company’s own costs count for a user who sees every rent', async () => {
    const grants = ['rentCar', 'rentCar:view', 'rentContract', 'rentContract:view', 'crm', 'crm:view', 'oa'];
    grants.push('oaCostCenter', 'oaCostCenter:view');
    const role = async (code: string, scope: 'assigned' | 'all') => {
      const [row] = await q<{ id: number }>(
        t,
        `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $2, $3) returning id`,
        [ids.demo, code, scope],
      );
      for (const grant of grants) {
        await q(t, `insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [
          ids.demo,
          row!.id,
          grant,
        ]);
      }
      return Number(row!.id);
    };
    const narrow = await addUser(t, 'report_sh', {
      roleIds: [await role('reportSh', 'assigned')],
      rentIds: [rents.sh],
    });
    const whole = await addUser(t, 'report_all', { roleIds: [await role('reportAll', 'all')], rentIds: [rents.hz] });
    // A head-office expense claim of no rent, booked on D.
    const [centre] = await q<{ id: number }>(
      t,
      `select id from cost_centres where tenant_id = $1 and enabled limit 1`,
      [ids.demo],
    );
    await q(
      t,
      `insert into cost_postings (tenant_id, centre_id, category, source_type, source_id, amount_fen, occurred_on, description)
       values ($1, $2, 'expense', 'approval', '999999001', 12345, $3, '总部差旅')`,
      [ids.demo, centre!.id, D],
    );
    await computeDays(t.deps, ids.demo, D, D);
    const of = async (token: string, query: Record<string, string | number>) => {
      const res = await call('GET', LIST, { token, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as ReportDays;
    };
    const mine = await of(narrow.token, { from: D, to: next });
    expect(mine.groups).toEqual(['fleet', 'money', 'leads', 'costs']);
    expect(mine.periods).toEqual((await of(whole.token, { from: D, to: next, rentId: rents.sh })).periods);
    const forbidden = await call('GET', LIST, { token: narrow.token, query: { from: D, to: D, rentId: rents.hz } });
    expect(forbidden.statusCode).toBe(403);
    // The whole company: its rents' costs and the head office's.
    const all = await of(whole.token, { from: D, to: D });
    let rentsExpense = 0;
    const demoRents = await q<{ id: number }>(t, `select id from rents where tenant_id = $1`, [ids.demo]);
    expect(demoRents.length).toBeGreaterThanOrEqual(2);
    for (const { id: rentId } of demoRents) {
      rentsExpense += (await of(whole.token, { from: D, to: D, rentId })).periods[0]!.costs!.expense;
    }
    expect(all.periods[0]!.costs!.expense - rentsExpense).toBeCloseTo(123.45, 2);
    // The admin sees every rent (his role's data scope is all): the same.
    expect((await report({ from: D, to: D })).periods).toEqual(all.periods);
  });

  it('keeps tenants apart', async () => {
    const other = await report({ from: D, to: next }, 'other');
    const [cars] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from cars where tenant_id = $1 and deleted_at is null and status not in ('sold', 'scrapped')`,
      [ids.other],
    );
    expect(other.periods.at(-1)!.fleet!.fleet).toBe(cars!.n);
    expect(other.periods.every((p) => p.money!.received.total === 0)).toBe(true);
    const theirRent = await q<{ id: number }>(t, `select id from rents where tenant_id = $1 limit 1`, [ids.other]);
    const res = await call('GET', LIST, { as: 'admin', query: { from: D, to: D, rentId: theirRent[0]!.id } });
    expect(res.statusCode).toBe(403);
  });
});

describe('input', () => {
  it('refuses a range backwards or too long, and a bad granularity, on the field', async () => {
    const bad = async (query: Record<string, string>, path: string) => {
      const res = await call('GET', LIST, { as: 'admin', query, lang: 'en-US' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      return res.json();
    };
    await bad({ from: next, to: D }, 'to');
    expect((await bad({ from: '2020-01-01', to: '2021-12-31' }, 'from')).message).toMatch(/at most 400 days/);
    await bad({ from: '2020-01-01', to: '2024-12-31', granularity: 'month' }, 'from');
    await bad({ from: D, to: D, granularity: 'week' }, 'granularity');
    await bad({ from: '2026-02-30', to: D }, 'from');
    expect((await call('GET', LIST, { query: { from: D, to: D } })).statusCode).toBe(401);
  });

  it('exports what the user sees as a workbook; refused without an export permission', async () => {
    const res = await call('GET', EXPORT, { as: 'admin', query: { from: D, to: next }, lang: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(String(res.headers['content-disposition'])).toContain(`Daily%20reports-${D}-${next}.xlsx`);
    expect((await call('GET', EXPORT, { as: 'clerk', query: { from: D, to: next } })).statusCode).toBe(403);
  });
});
