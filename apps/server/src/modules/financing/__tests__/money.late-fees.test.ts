import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lateFeeFen } from '@fleetdesk/contracts/financing-schedule';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applyFinancingLateFees } from '../late-fees.service.js';
import {
  appState,
  BASE,
  data,
  disbursedApplication,
  instalmentState,
  makeFinancier,
  type Financier,
} from './money.fixture.js';

/**
 * Late fees on a moved clock. The stage is set on 31 January 2028 (noon in Shanghai): the loan is disbursed that
 * day, so the instalments fall on the 31st clamped to each month: 29 February 2028 (a leap year), 31 March,
 * 30 April ... Then the clock moves: 1 day, 8 days and 31 days past the first due date, across the month's end.
 */
let t: TestApp;
let f: Financier;
let a: Awaited<ReturnType<typeof disbursedApplication>>;
const RATE = 0.0005;

/** A moment that is noon of `date` in Shanghai. */
const noon = (date: string) => new Date(`${date}T04:00:00Z`);

/** A fresh token (the clock moves by weeks: a cached one would have expired). */
async function token(username: string, password = 'Other@123') {
  const res = await t.signIn(username, password);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().access_token as string;
}

async function events(name: string, applicationId: number) {
  return rowsOf<{ payload: { overdueDays: number; ageing: string; period: number } }>(
    t.deps.db,
    sql`select payload from domain_events where name = ${name} and (payload ->> 'applicationId')::int8 = ${applicationId}
      order by id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  // The memberships run past the dates the clock moves to.
  await t.deps.db.execute(sql`update memberships set expires_at = '2030-01-01T00:00:00Z'`);
  t.clock.set(noon('2028-01-31'));
  f = await makeFinancier(t);
  a = await disbursedApplication(t, f);
});
afterAll(async () => t?.close());

describe('late fees on a moved clock', () => {
  it('schedules the first instalment on 29 February 2028 and the next ones on the month-end', () => {
    expect(a.instalments.slice(0, 3).map((i) => i.dueDate)).toEqual(['2028-02-29', '2028-03-31', '2028-04-30']);
  });

  it('charges nothing on the due day', async () => {
    t.clock.set(noon('2028-02-29'));
    await applyFinancingLateFees(t.deps, a.tenantId);
    expect(await instalmentState(t, a.instalments[0]!.id)).toMatchObject({ overdueDays: 0, lateFeeFen: 0 });
    expect(await events('financing.overdue', a.id)).toHaveLength(0);
  });

  it('1 day overdue on 1 March (across the month end): the fee of one day, told once', async () => {
    t.clock.set(noon('2028-03-01'));
    const first = a.instalments[0]!;
    await applyFinancingLateFees(t.deps, a.tenantId);
    await applyFinancingLateFees(t.deps, a.tenantId);
    expect(await instalmentState(t, first.id)).toMatchObject({
      overdueDays: 1,
      lateFeeFen: lateFeeFen(first.amountFen, RATE, 1),
    });
    // Rounded up to the yuan.
    expect(lateFeeFen(first.amountFen, RATE, 1) % 100).toBe(0);
    const told = await events('financing.overdue', a.id);
    expect(told.map((e) => [e.payload.period, e.payload.overdueDays, e.payload.ageing])).toEqual([[1, 1, 'd1to7']]);
    // The applicant's users with `finance` who see the rent have the reminder in the message centre.
    const messages = await rowsOf<{ username: string }>(
      t.deps.db,
      sql`select u.username from push_records p join users u on u.tenant_id = p.tenant_id and u.id = p.user_id
        where p.tenant_id = ${a.tenantId} and p.content_key = 'financingMoney.msg.overdue'
          and p.link = ${`/finance/detail/${a.id}?tab=schedule`}`,
    );
    expect(messages.map((m) => m.username)).toContain('admin');
    expect(messages.map((m) => m.username)).not.toContain('clerk');
    // The list shows it overdue with its ageing bucket.
    const list = data<{ rows: { period: number; overdueDays: number; ageing: string | null; lateFee: number }[] }>(
      await t.request('GET', `${BASE}/rentFinancingDetail/list`, {
        token: await token('admin', 'Admin@123'),
        query: { applicationId: a.id, overdue: true },
      }),
    );
    expect(list.rows).toEqual([expect.objectContaining({ period: 1, overdueDays: 1, ageing: 'd1to7' })]);
  });

  it('8 days overdue on 8 March: a new bucket, told again', async () => {
    t.clock.set(noon('2028-03-08'));
    const first = a.instalments[0]!;
    await applyFinancingLateFees(t.deps, a.tenantId);
    expect(await instalmentState(t, first.id)).toMatchObject({
      overdueDays: 8,
      lateFeeFen: lateFeeFen(first.amountFen, RATE, 8),
    });
    const told = await events('financing.overdue', a.id);
    expect(told.map((e) => e.payload.ageing)).toEqual(['d1to7', 'd8to15']);
  });

  it('31 days overdue on 31 March; the second instalment, due that day, is not', async () => {
    t.clock.set(noon('2028-03-31'));
    const [first, second] = a.instalments;
    await applyFinancingLateFees(t.deps, a.tenantId);
    expect(await instalmentState(t, first!.id)).toMatchObject({
      overdueDays: 31,
      lateFeeFen: lateFeeFen(first!.amountFen, RATE, 31),
    });
    expect(await instalmentState(t, second!.id)).toMatchObject({ overdueDays: 0, lateFeeFen: 0 });
    expect((await events('financing.overdue', a.id)).map((e) => e.payload.ageing)).toEqual([
      'd1to7',
      'd8to15',
      'd31to60',
    ]);
  });

  it('takes the late fee first when the overdue instalment is paid, and stops the fee there', async () => {
    t.clock.set(noon('2028-04-01'));
    const [first, second] = a.instalments;
    const fee = lateFeeFen(first!.amountFen, RATE, 32);
    const admin = await token(f.admin);
    const res = data<{ repayment: { id: number } }>(
      await t.request('POST', `${BASE}/rentFinancingDetail/pay/${first!.id}`, {
        token: admin,
        query: { amount: (first!.amountFen + fee) / 100, method: 'recorded' },
      }),
    );
    const detail = data<{ lines: { period: number; lateFee: number }[] }>(
      await t.request('GET', `${BASE}/rentFinancingRepayment/get/detail/${res.repayment.id}`, { token: admin }),
    );
    expect(detail.lines).toEqual([expect.objectContaining({ period: 1, lateFee: fee / 100 })]);
    expect(await instalmentState(t, first!.id)).toMatchObject({ state: 'paid', lateFeeFen: fee, lateFeePaidFen: fee });
    // The next day the paid instalment's fee does not grow; the second one is now 2 days late.
    t.clock.set(noon('2028-04-02'));
    await applyFinancingLateFees(t.deps, a.tenantId);
    expect((await instalmentState(t, first!.id)).lateFeeFen).toBe(fee);
    expect(await instalmentState(t, second!.id)).toMatchObject({
      overdueDays: 2,
      lateFeeFen: lateFeeFen(second!.amountFen, RATE, 2),
    });
  });

  it('waives a late fee: the applicant asks, the financier decides', async () => {
    const second = a.instalments[1]!;
    const fee = lateFeeFen(second.amountFen, RATE, 2);
    const applicant = await token('admin', 'Admin@123');
    const risk = await token(f.risk);
    // More than the fee is refused; the clerk (no finance) may not ask; the financier may not ask either.
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingDetail/waive/${second.id}`, {
          token: applicant,
          body: { amount: fee / 100 + 1, reason: '系统故障' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingDetail/waive/${second.id}`, {
          token: await token('clerk', 'Clerk@123'),
          body: { amount: 1, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingDetail/waive/${second.id}`, {
          token: risk,
          body: { amount: 1, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const asked = data<{ id: number; state: string }>(
      await t.request('POST', `${BASE}/rentFinancingDetail/waive/${second.id}`, {
        token: applicant,
        body: { amount: fee / 100, reason: '银行系统故障导致扣款失败' },
      }),
    );
    expect(asked.state).toBe('pending');
    // A second request waits for the first; the applicant cannot decide.
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingDetail/waive/${second.id}`, {
          token: applicant,
          body: { amount: 1, reason: 'again' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingWaiver/decide/${asked.id}`, {
          token: applicant,
          body: { approve: true },
        })
      ).statusCode,
    ).toBe(403);
    const decided = data<{ state: string }>(
      await t.request('POST', `${BASE}/rentFinancingWaiver/decide/${asked.id}`, {
        token: risk,
        body: { approve: true, note: '情况属实' },
      }),
    );
    expect(decided.state).toBe('approved');
    expect(await instalmentState(t, second.id)).toMatchObject({ lateFeeFen: fee, lateFeeWaivedFen: fee });
    const pending = data<{ rows: unknown[] }>(
      await t.request('GET', `${BASE}/rentFinancingWaiver/list`, { token: risk, query: { state: 'pending' } }),
    );
    expect(pending.rows).toHaveLength(0);
    const acts = await rowsOf<{ action: string }>(
      t.deps.db,
      sql`select action from financing_activities where application_id = ${a.id} and action like 'waiver%' order by id`,
    );
    expect(acts.map((x) => x.action)).toEqual(['waiverRequested', 'waiverApproved']);
    // Refusing needs a note.
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingWaiver/decide/${asked.id}`, {
          token: risk,
          body: { approve: false },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('quotes and pays the early payoff: remaining principal + break fee + overdue + late fees - deposit', async () => {
    t.clock.set(noon('2028-04-05'));
    const admin = await token(f.admin);
    const quote = data<{
      currentPeriod: number;
      remainingPrincipal: number;
      breakFee: number;
      overdue: number;
      lateFees: number;
      deposit: number;
      total: number;
    }>(await t.request('GET', `${BASE}/rentFinancingCar/payoff/quote/${a.id}`, { token: admin }));
    // By hand: instalment 2 (due 31 March) is overdue, 5 days, its fee waived up to 2 days; from instalment 3 on the
    // principal remains; break fee 3 % (instalment 3 <= 24), never below 1,000 yuan; deposit 5,000 yuan.
    const rows = await rowsOf<{ period: number; principal_fen: number; amount_fen: number }>(
      t.deps.db,
      sql`select period, principal_fen, amount_fen from financing_instalments where application_id = ${a.id} order by period`,
    );
    const second = rows[1]!;
    const remaining = rows.slice(2).reduce((s, r) => s + Number(r.principal_fen), 0);
    const breakFee = Math.max(100_000, Math.round(remaining * 0.03));
    const fee = lateFeeFen(Number(second.amount_fen), RATE, 5) - lateFeeFen(Number(second.amount_fen), RATE, 2);
    expect(quote).toMatchObject({
      currentPeriod: 3,
      remainingPrincipal: remaining / 100,
      breakFee: breakFee / 100,
      overdue: Number(second.amount_fen) / 100,
      lateFees: fee / 100,
      deposit: 5000,
      total: (remaining + breakFee + Number(second.amount_fen) + fee - 500_000) / 100,
    });
    const [v] = await rowsOf<{ version: number }>(
      t.deps.db,
      sql`select version from financing_applications where id = ${a.id}`,
    );
    // Another amount than today's total is refused.
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingCar/payoff/${a.id}`, {
          token: admin,
          body: { version: Number(v!.version), method: 'recorded', amount: quote.total - 1 },
        })
      ).statusCode,
    ).toBe(409);
    data(
      await t.request('POST', `${BASE}/rentFinancingCar/payoff/${a.id}`, {
        token: admin,
        body: { version: Number(v!.version), method: 'recorded', amount: quote.total },
      }),
    );
    expect(await appState(t, a.id)).toBe('S8');
    const states = await rowsOf<{ period: number; state: string }>(
      t.deps.db,
      sql`select period, state from financing_instalments where application_id = ${a.id} order by period`,
    );
    expect(states.map((s) => s.state)).toEqual(['paid', 'paid', ...Array(10).fill('settled')]);
    const [payoff] = await rowsOf<{ break_fee_fen: number; deposit_used_fen: number; total_fen: number }>(
      t.deps.db,
      sql`select break_fee_fen, deposit_used_fen, total_fen from financing_payoffs where application_id = ${a.id}`,
    );
    expect(payoff).toMatchObject({ deposit_used_fen: 500_000, total_fen: Math.round(quote.total * 100) });
    // The deposit went into the payoff: nothing is left to return.
    const back = data<{ deposit: number; returnAmount: number }>(
      await t.request('POST', `${BASE}/financingDeductDeposit/return/apply/${a.id}`, {
        token: await token('admin', 'Admin@123'),
        body: { deductions: [] },
      }),
    );
    expect(back).toMatchObject({ deposit: 0, returnAmount: 0 });
  });
});
