import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
// The test plays the payment provider: it signs notifications as the sandbox does (as the payments tests do).
// eslint-disable-next-line fleetdesk/boundaries
import { payProviders } from '../../payments/providers/index.js';
import {
  appState,
  BASE,
  data,
  disbursedApplication,
  instalmentState,
  makeFinancier,
  type Financier,
} from './money.fixture.js';

let t: TestApp;
let f: Financier;
let g: Financier;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeFinancier(t);
  g = await makeFinancier(t);
});
afterAll(async () => t?.close());

const yuan = (fen: number) => fen / 100;

interface PayAnswer {
  repayment: { id: number; code: string; state: string; chargeId: number | null; amount: number };
  payInfo: { orderNo: string; provider: string; sandbox: boolean; payUrl: string | null } | null;
}

async function notify(orderNo: string, amountFen: number, id: string) {
  const n = payProviders(t.deps).sandbox.notification({
    id,
    orderNo,
    tradeNo: `SBX-${orderNo}`,
    amountFen,
    state: 'paid',
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: n.headers as Record<string, string>,
    payload: n.body,
  });
}

describe('paying an instalment online through the payments area', () => {
  it('marks the instalment paid from the notification exactly once (the notification twice, and under a new id)', async () => {
    const a = await disbursedApplication(t, f);
    const first = a.instalments[0]!;
    const answer = data<PayAnswer>(
      await t.request('POST', `${BASE}/rentFinancingDetail/pay/${first.id}`, {
        as: 'admin',
        query: { amount: yuan(first.amountFen), method: 'online' },
      }),
    );
    expect(answer.repayment.state).toBe('pending');
    expect(answer.payInfo).toMatchObject({ provider: 'sandbox', sandbox: true });
    const orderNo = answer.payInfo!.orderNo;
    // Nothing is paid before the provider says so.
    expect((await instalmentState(t, first.id)).state).toBe('pending');
    await t.deps.db.execute(
      sql`update pay_sandbox_trades set state = 'approved', paid_at = now() where order_no = ${orderNo}`,
    );
    expect((await notify(orderNo, first.amountFen, `N-${orderNo}`)).statusCode).toBe(200);
    expect((await notify(orderNo, first.amountFen, `N-${orderNo}`)).statusCode).toBe(200);
    expect((await notify(orderNo, first.amountFen, `N2-${orderNo}`)).statusCode).toBe(200);
    expect(await instalmentState(t, first.id)).toMatchObject({ state: 'paid', paidFen: first.amountFen });
    const lines = await rowsOf<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from financing_repayment_lines where repayment_id = ${answer.repayment.id}`,
    );
    expect(Number(lines[0]!.n)).toBe(1);
    const repayment = data<{ state: string; method: string }>(
      await t.request('GET', `${BASE}/rentFinancingRepayment/get/${answer.repayment.id}`, { as: 'admin' }),
    );
    expect(repayment).toMatchObject({ state: 'paid', method: 'online' });
    // The order is the payments area's, of type financing, paid once.
    const order = data<{ type: string; status: string; reference: { id: string } }>(
      await t.request('GET', `${BASE}/order/${answer.repayment.chargeId}`, { as: 'admin' }),
    );
    expect(order).toMatchObject({ type: 'financing', status: 'paid', reference: { id: answer.repayment.code } });
    // The second instalment is untouched.
    expect((await instalmentState(t, a.instalments[1]!.id)).paidFen).toBe(0);
  });

  it('pays once when two notifications of one payment arrive together', async () => {
    const a = await disbursedApplication(t, f);
    const first = a.instalments[0]!;
    const answer = data<PayAnswer>(
      await t.request('POST', `${BASE}/rentFinancingDetail/pay/${first.id}`, {
        as: 'admin',
        query: { amount: yuan(first.amountFen), method: 'online' },
      }),
    );
    const orderNo = answer.payInfo!.orderNo;
    await t.deps.db.execute(
      sql`update pay_sandbox_trades set state = 'approved', paid_at = now() where order_no = ${orderNo}`,
    );
    const answers = await Promise.all([
      notify(orderNo, first.amountFen, `NA-${orderNo}`),
      notify(orderNo, first.amountFen, `NB-${orderNo}`),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await instalmentState(t, first.id)).toMatchObject({ state: 'paid', paidFen: first.amountFen });
    const lines = await rowsOf<{ n: number; paid: number }>(
      t.deps.db,
      sql`select count(*)::int as n, coalesce(sum(l.principal_fen + l.interest_fen), 0)::int8 as paid
        from financing_repayment_lines l join financing_repayments r on r.tenant_id = l.tenant_id and r.id = l.repayment_id
        where r.application_id = ${a.id}`,
    );
    expect(Number(lines[0]!.n)).toBe(1);
    expect(Number(lines[0]!.paid)).toBe(first.amountFen);
  });

  it('refuses a notification of another amount; the instalment stays unpaid', async () => {
    const a = await disbursedApplication(t, f);
    const first = a.instalments[0]!;
    const answer = data<PayAnswer>(
      await t.request('POST', `${BASE}/rentFinancingDetail/pay/${first.id}`, {
        as: 'admin',
        query: { amount: 100, method: 'online' },
      }),
    );
    const orderNo = answer.payInfo!.orderNo;
    expect((await notify(orderNo, 10001, `N-${orderNo}`)).statusCode).not.toBe(200);
    expect((await instalmentState(t, first.id)).state).toBe('pending');
  });
});

describe('the early payoff paid online', () => {
  it('applies the payoff when the provider says it is paid: S7 → S8, the rest of the instalments settled', async () => {
    const a = await disbursedApplication(t, f);
    const quote = data<{ total: number; remainingPrincipal: number; breakFee: number; deposit: number }>(
      await t.request('GET', `${BASE}/rentFinancingCar/payoff/quote/${a.id}`, { as: 'admin' }),
    );
    // Disbursed today: nothing is due yet, the whole principal remains; 3 % break fee; the deposit deducted.
    expect(quote.remainingPrincipal).toBe(140000);
    expect(quote.breakFee).toBe(4200);
    expect(quote.total).toBe(140000 + 4200 - 5000);
    const [v] = await rowsOf<{ version: number }>(
      t.deps.db,
      sql`select version from financing_applications where id = ${a.id}`,
    );
    const answer = data<PayAnswer>(
      await t.request('POST', `${BASE}/rentFinancingCar/payoff/${a.id}`, {
        as: 'admin',
        body: { version: Number(v!.version), method: 'online', amount: quote.total },
      }),
    );
    expect(answer.repayment).toMatchObject({ state: 'pending', amount: quote.total });
    expect(await appState(t, a.id)).toBe('S7');
    const orderNo = answer.payInfo!.orderNo;
    await t.deps.db.execute(
      sql`update pay_sandbox_trades set state = 'approved', paid_at = now() where order_no = ${orderNo}`,
    );
    expect((await notify(orderNo, Math.round(quote.total * 100), `N-${orderNo}`)).statusCode).toBe(200);
    expect(await appState(t, a.id)).toBe('S8');
    const states = await rowsOf<{ state: string; n: number }>(
      t.deps.db,
      sql`select state, count(*)::int as n from financing_instalments where application_id = ${a.id} group by state`,
    );
    expect(states).toEqual([{ state: 'settled', n: 12 }]);
  });
});

describe('payments recorded by the financier, transfers, partial payments and the allocation', () => {
  it('allocates a payment over several instalments oldest first, leaving the last one partial', async () => {
    const a = await disbursedApplication(t, f);
    const [i1, i2, i3] = a.instalments;
    const amountFen = i1!.amountFen + i2!.amountFen + 12_345;
    const answer = data<PayAnswer>(
      await t.request('POST', `${BASE}/rentFinancingRepayment/create`, {
        as: f.admin,
        body: { applicationId: a.id, amount: yuan(amountFen), method: 'recorded', note: '银行到账' },
      }),
    );
    expect(answer.repayment.state).toBe('paid');
    expect(answer.payInfo).toBeNull();
    expect((await instalmentState(t, i1!.id)).state).toBe('paid');
    expect((await instalmentState(t, i2!.id)).state).toBe('paid');
    expect(await instalmentState(t, i3!.id)).toMatchObject({ state: 'partial', paidFen: 12_345 });
    const detail = data<{
      lines: { period: number; interest: number; principal: number; lateFee: number; total: number }[];
    }>(await t.request('GET', `${BASE}/rentFinancingRepayment/get/detail/${answer.repayment.id}`, { as: 'admin' }));
    expect(detail.lines.map((l) => l.period)).toEqual([1, 2, 3]);
    expect(detail.lines.reduce((s, l) => s + Math.round(l.total * 100), 0)).toBe(amountFen);
    // The third instalment's 123.45 went to its interest first.
    const [row] = await rowsOf<{ interest_fen: number }>(
      t.deps.db,
      sql`select interest_fen from financing_instalments where id = ${i3!.id}`,
    );
    expect(detail.lines[2]).toMatchObject({ interest: Math.min(123.45, Number(row!.interest_fen) / 100), lateFee: 0 });
    // More than is owed is refused.
    const over = await t.request('POST', `${BASE}/rentFinancingRepayment/create`, {
      as: f.admin,
      body: { applicationId: a.id, amount: 10_000_000, method: 'recorded' },
    });
    expect(over.statusCode).toBe(409);
  });

  it('pays an instalment in two parts; paying ahead of an older open instalment is not allowed', async () => {
    const a = await disbursedApplication(t, f);
    const [i1, i2] = a.instalments;
    const tooMuch = await t.request('POST', `${BASE}/rentFinancingDetail/pay/${i1!.id}`, {
      as: f.admin,
      query: { amount: yuan(i1!.amountFen + 1), method: 'recorded' },
    });
    expect(tooMuch.statusCode).toBe(409);
    data(
      await t.request('POST', `${BASE}/rentFinancingDetail/pay/${i1!.id}`, {
        as: f.admin,
        query: { amount: 1000, method: 'recorded' },
      }),
    );
    expect(await instalmentState(t, i1!.id)).toMatchObject({ state: 'partial', paidFen: 100_000 });
    data(
      await t.request('POST', `${BASE}/rentFinancingDetail/pay/${i1!.id}`, {
        as: f.admin,
        query: { amount: yuan(i1!.amountFen - 100_000), method: 'recorded' },
      }),
    );
    expect(await instalmentState(t, i1!.id)).toMatchObject({ state: 'paid', paidFen: i1!.amountFen });
    expect((await instalmentState(t, i2!.id)).paidFen).toBe(0);
  });

  it('takes a declared transfer as paid only when the financier confirms it', async () => {
    const a = await disbursedApplication(t, f);
    const i1 = a.instalments[0]!;
    const declared = data<PayAnswer>(
      await t.request('POST', `${BASE}/rentFinancingDetail/pay/${i1.id}`, {
        as: 'admin',
        query: { amount: yuan(i1.amountFen), method: 'transfer', note: '工行转账' },
      }),
    );
    expect(declared.repayment.state).toBe('pending');
    expect((await instalmentState(t, i1.id)).state).toBe('pending');
    // The applicant cannot confirm its own transfer, nor record a payment; the other financier cannot see it.
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingRepayment/confirm/${declared.repayment.id}`, {
          as: 'admin',
          body: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingDetail/pay/${i1.id}`, {
          as: 'admin',
          query: { amount: 1, method: 'recorded' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingRepayment/confirm/${declared.repayment.id}`, {
          as: g.admin,
          body: {},
        })
      ).statusCode,
    ).toBe(404);
    // The risk officer has no finance:pay.
    expect(
      (
        await t.request('POST', `${BASE}/rentFinancingRepayment/confirm/${declared.repayment.id}`, {
          as: f.risk,
          body: {},
        })
      ).statusCode,
    ).toBe(403);
    const confirmed = data<{ state: string }>(
      await t.request('POST', `${BASE}/rentFinancingRepayment/confirm/${declared.repayment.id}`, {
        as: f.admin,
        body: {},
      }),
    );
    expect(confirmed.state).toBe('paid');
    expect((await instalmentState(t, i1.id)).state).toBe('paid');
    const again = await t.request('POST', `${BASE}/rentFinancingRepayment/confirm/${declared.repayment.id}`, {
      as: f.admin,
      body: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it('settles the financing when the last instalment is paid (S7 → S8)', async () => {
    const a = await disbursedApplication(t, f, { terms: { stagingNumber: 12 } });
    const all = a.instalments.reduce((s, i) => s + i.amountFen, 0);
    data(
      await t.request('POST', `${BASE}/rentFinancingRepayment/create`, {
        as: f.admin,
        body: { applicationId: a.id, amount: yuan(all - 1), method: 'recorded' },
      }),
    );
    expect(await appState(t, a.id)).toBe('S7');
    data(
      await t.request('POST', `${BASE}/rentFinancingRepayment/create`, {
        as: f.admin,
        body: { applicationId: a.id, amount: 0.01, method: 'recorded' },
      }),
    );
    expect(await appState(t, a.id)).toBe('S8');
    const acts = await rowsOf<{ action: string }>(
      t.deps.db,
      sql`select action from financing_activities where application_id = ${a.id} order by id`,
    );
    expect(acts.map((x) => x.action)).toEqual(['disburse', 'repayment', 'repayment', 'settle']);
    // Nothing more can be paid.
    const more = await t.request('POST', `${BASE}/rentFinancingRepayment/create`, {
      as: f.admin,
      body: { applicationId: a.id, amount: 1, method: 'recorded' },
    });
    expect(more.statusCode).toBe(409);
  });

  it('lists repayments on both sides, each its own', async () => {
    const a = await disbursedApplication(t, f);
    data(
      await t.request('POST', `${BASE}/rentFinancingRepayment/create`, {
        as: f.admin,
        body: { applicationId: a.id, amount: 10, method: 'recorded' },
      }),
    );
    const mine = data<{ rows: { applicationId: number }[] }>(
      await t.request('GET', `${BASE}/rentFinancingRepayment/list`, { as: 'admin', query: { applicationId: a.id } }),
    );
    expect(mine.rows).toHaveLength(1);
    const theirs = data<{ rows: unknown[] }>(
      await t.request('GET', `${BASE}/rentFinancingRepayment/list`, { as: f.risk, query: { applicationId: a.id } }),
    );
    expect(theirs.rows).toHaveLength(1);
    const otherFinancier = data<{ rows: unknown[] }>(
      await t.request('GET', `${BASE}/rentFinancingRepayment/list`, { as: g.admin, query: { applicationId: a.id } }),
    );
    expect(otherFinancier.rows).toHaveLength(0);
    const otherTenant = data<{ rows: unknown[] }>(
      await t.request('GET', `${BASE}/rentFinancingRepayment/list`, { as: 'other', query: { applicationId: a.id } }),
    );
    expect(otherTenant.rows).toHaveLength(0);
  });
});
