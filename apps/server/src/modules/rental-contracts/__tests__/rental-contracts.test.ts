import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, type PaymentLine } from '@fleetdesk/contracts/rental-contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applyLateFees, sendReminders } from '../rental-contracts.jobs.js';
import { activeDriver, idleCars, P, prepareCar, q, rentIds, terms } from './fixtures.js';
import { currentStepOf } from '../../../test/office.js';

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let cars: number[];
let driverId: number;
let accountId: number;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  // Today is 2026-02-20 in Shanghai for the whole file (tokens are made at this time).
  t.clock.set(new Date('2026-02-20T04:00:00Z'));
  rents = await rentIds(t);
  cars = await idleCars(t, rents.hz);
  driverId = await activeDriver(t, rents.hz);
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, { as: 'admin', body: { name: '测试现金', kind: 'cash' } });
  expect(acc.statusCode, acc.body).toBe(200);
  accountId = acc.json().data.id;
});
afterAll(async () => t.close());

const add = (body: Record<string, unknown>, as = 'admin') =>
  t.request('POST', `${P}/add`, { as, rent: rents.hz, body });
const lines = async (id: number): Promise<PaymentLine[]> =>
  (await t.request('GET', `${P}/lines/${id}`, { as: 'admin' })).json().data;
const carStatus = async (id: number) =>
  (await q<{ status: string }>(t, `select status from cars where id = $1`, [id]))[0]!.status;

describe('demo data', () => {
  it('seeds a year of contracts of the demo company, signed, pending and completed, some behind', async () => {
    const states = await q<{ state: string; n: number }>(
      t,
      `select state, count(*)::int as n from rental_contracts where tenant_id = $1 group by state`,
      [tenantId],
    );
    const by = Object.fromEntries(states.map((s) => [s.state, Number(s.n)]));
    expect(by.signed).toBeGreaterThanOrEqual(5);
    expect(by.completed).toBeGreaterThanOrEqual(1);
    const [behind] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from rental_payment_lines where tenant_id = $1 and type = 'rent'
         and state in ('unpaid', 'partial') and due_date < current_date - 3`,
      [tenantId],
    );
    expect(Number(behind!.n)).toBeGreaterThan(0);
    const [wrong] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from rental_contracts k join cars c on c.tenant_id = k.tenant_id and c.id = k.car_id
         where k.state = 'signed' and c.status <> 'rented'`,
    );
    expect(Number(wrong!.n)).toBe(0);
  });
});

describe('preview and validation', () => {
  it('previews the schedule of the terms', async () => {
    const res = await t.request('POST', `${P}/schedule/preview`, { as: 'admin', body: terms() });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.instalments).toBe(12);
    expect(d.rentalDays).toBe(365);
    expect(d.totalRent).toBe(36000);
    expect(d.lines[0]).toMatchObject({ type: 'deposit', dueDate: '2026-01-10', amount: 5000 });
    expect(d.lines.at(-1)).toMatchObject({ type: 'buyOut', dueDate: '2027-01-09', amount: 20000 });
  });

  it('refuses contradictory terms field by field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: '2025-12-01' }, 'endDate'],
      [{ buyOutPrice: null }, 'buyOutPrice'],
      [{ period: 'weekly', paymentDay: 9 }, 'paymentDay'],
      [{ type: 'shortTerm', endDate: '2026-01-19', rent: 200, totalRent: 1900 }, 'totalRent'],
      [{ freeDays: 400 }, 'freeDays'],
      [{ rent: 10.005 }, 'rent'],
    ];
    for (const [extra, path] of cases) {
      const res = await t.request('POST', `${P}/schedule/preview`, { as: 'admin', body: terms(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const ok = await t.request('POST', `${P}/schedule/preview`, {
      as: 'admin',
      body: terms({ type: 'shortTerm', endDate: '2026-01-19', rent: 200, totalRent: 2000 }),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('contract life', () => {
  let id: number;

  it('creates a pending contract: numbered, scheduled, the car reserved; the car cannot take a second one', async () => {
    const res = await add({ ...terms(), driverId, carId: cars[0] });
    expect(res.statusCode, res.body).toBe(200);
    const c = Contract.parse(res.json().data);
    id = c.id;
    expect(c).toMatchObject({ state: 'pending', instalments: 12, type: 'rentToOwn', totalRent: 36000 });
    expect(c.number).toMatch(/^HT2026\d{5}$/);
    expect(await carStatus(cars[0]!)).toBe('reserved');
    expect((await lines(id)).filter((l) => l.type === 'rent')).toHaveLength(12);
    const again = await add({ ...terms(), driverId, carId: cars[0] });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].path).toBe('carId');
  });

  it('regenerates the schedule when a pending contract changes', async () => {
    const res = await t.request('PUT', `${P}/update/${id}`, {
      as: 'admin',
      body: { ...terms({ endDate: '2026-07-09' }), driverId, carId: cars[0] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.instalments).toBe(6);
    expect((await lines(id)).filter((l) => l.type === 'rent')).toHaveLength(6);
  });

  it('signs with the first receipts: deposit, fee and first rent paid, the account credited, the car rented', async () => {
    const before = Number(
      (await q<{ b: number }>(t, `select balance_fen as b from collection_accounts where id = $1`, [accountId]))[0]!.b,
    );
    const res = await t.request('POST', `${P}/sign/${id}`, { as: 'admin', body: { accountId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('signed');
    const ls = await lines(id);
    const paid = ls.filter((l) => l.state === 'paid').map((l) => `${l.type}:${l.period ?? ''}`);
    expect(paid.sort()).toEqual(['deposit:', 'managementFee:', 'rent:1']);
    const after = Number(
      (await q<{ b: number }>(t, `select balance_fen as b from collection_accounts where id = $1`, [accountId]))[0]!.b,
    );
    expect(after - before).toBe(820_000);
    expect(await carStatus(cars[0]!)).toBe('rented');
    const again = await t.request('POST', `${P}/sign/${id}`, { as: 'admin', body: { accountId } });
    expect(again.statusCode).toBe(409);
  });

  it('collects partially, refuses more than is owed, and of two clerks at once one wins and the other gets 409', async () => {
    const second = (await lines(id)).find((l) => l.type === 'rent' && l.period === 2)!;
    expect(second).toMatchObject({ dueDate: '2026-02-10', state: 'unpaid', overdueDays: 7 });
    const part = await t.request('POST', `${P}/collect/${second.id}`, {
      as: 'admin',
      body: { amount: 1000, accountId, version: second.version },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ state: 'partial', paid: 1000, outstanding: 2000 });
    const v = part.json().data.version;
    const tooMuch = await t.request('POST', `${P}/collect/${second.id}`, {
      as: 'admin',
      body: { amount: 2500, accountId, version: v },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0].path).toBe('amount');
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        t.request('POST', `${P}/collect/${second.id}`, { as: 'admin', body: { amount: 2000, accountId, version: v } }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().message).toMatch(/刷新|reload/);
    const now = (await lines(id)).find((l) => l.id === second.id)!;
    expect(now).toMatchObject({ state: 'paid', paid: 3000, outstanding: 0 });
    const closed = await t.request('POST', `${P}/collect/${second.id}`, {
      as: 'admin',
      body: { amount: 1, accountId, version: now.version },
    });
    expect(closed.statusCode).toBe(409);
    const cols = (await t.request('GET', `${P}/collections/${id}`, { as: 'admin' })).json().data;
    expect(cols.filter((c: { lineId: number }) => c.lineId === second.id)).toHaveLength(2);
    // Each payment is a domain event of its own (the refused ones none), with the bill's state after it.
    const paid = await q<{ payload: { amountFen: number; lineState: string; contractId: number } }>(
      t,
      `select payload from domain_events where tenant_id = $1 and name = 'payment.received'
         and (payload->>'lineId')::int8 = $2 order by id`,
      [tenantId, second.id],
    );
    expect(paid.map((e) => [e.payload.amountFen, e.payload.lineState, e.payload.contractId])).toEqual([
      [100000, 'partial', id],
      [200000, 'paid', id],
    ]);
  });

  it('answers the bills of one month', async () => {
    const res = await t.request('GET', `/api/ccwadmin/rentContractBills/month/${id}`, {
      as: 'admin',
      query: { month: '2026-03' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((l: PaymentLine) => l.dueDate)).toEqual(['2026-03-10']);
    const bad = await t.request('GET', `/api/ccwadmin/rentContractBills/month/${id}`, {
      as: 'admin',
      query: { month: '2026-13' },
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.request('GET', `/api/ccwadmin/rentContractBills/month/${id}`, {
      as: 'admin',
      query: { month: '2020-01' },
    });
    expect(none.json().data).toEqual([]);
    const missing = await t.request('GET', `/api/ccwadmin/rentContractBills/month/${id + 100000}`, {
      as: 'admin',
      query: { month: '2026-03' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('writes late fees past due date + grace, capped, and updates them daily', async () => {
    // Period 3 is due 2026-03-10; on 2026-03-20 it is 10 - 3 = 7 days past the deadline.
    expect(await applyLateFees(t.deps, tenantId, '2026-03-20')).toBe(1);
    const fee = (await lines(id)).find((l) => l.type === 'lateFee')!;
    // 3,000 x 5 per mille x 7 days = 105 yuan.
    expect(fee).toMatchObject({ amount: 105, state: 'unpaid' });
    expect(await applyLateFees(t.deps, tenantId, '2026-03-20')).toBe(0);
    await applyLateFees(t.deps, tenantId, '2026-08-01');
    const all = await lines(id);
    const rentIdsOpen = new Set(all.filter((l) => l.type === 'rent' && l.state !== 'paid').map((l) => l.id));
    const fees = all.filter((l) => l.type === 'lateFee' && rentIdsOpen.has(l.lateFeeFor!));
    // Every open rent past its deadline has one; the oldest is at the cap of 20 % (600 yuan), none above.
    expect(fees.length).toBe(4);
    expect(fees.find((l) => l.lateFeeFor === fee.lateFeeFor)!.amount).toBe(600);
    expect(fees.every((l) => l.amount <= 600)).toBe(true);
    // The buy-out (20,000, due 2026-07-09) is 20 days past its deadline: 20,000 x 0.5 % x 20 = 2,000.
    const buyOut = all.find((l) => l.type === 'buyOut')!;
    expect(all.find((l) => l.lateFeeFor === buyOut.id)!.amount).toBe(2000);
  });

  it('shows debtors in buckets only when settingDebtorPaying is on', async () => {
    const off = await t.request('GET', `${P}/debtors`, { as: 'admin' });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, rows: [] });
    await q(
      t,
      `insert into tenant_settings (tenant_id, rules) values ($1, '{"settingDebtorPaying": true}')
       on conflict (tenant_id) do update set rules = tenant_settings.rules || '{"settingDebtorPaying": true}'`,
      [tenantId],
    );
    // On 2026-03-20 period 3 (due 2026-03-10, grace 3) is 7 days overdue, with the late fee of that day.
    t.clock.set(new Date('2026-03-20T04:00:00Z'));
    const token = (await t.signIn('admin')).json().access_token as string;
    const on = await t.request('GET', `${P}/debtors`, { token, query: { pageSize: 100 } });
    // Past the last page: no rows, the same buckets and total (they ride on the page's statement).
    const past = await t.request('GET', `${P}/debtors`, { token, query: { pageSize: 100, pageNum: 50 } });
    const bucketOnly = await t.request('GET', `${P}/debtors`, { token, query: { pageSize: 1, bucket: 'd7' } });
    const first = await t.request('GET', `${P}/debtors`, { token, query: { pageSize: 100, repeated: 'first' } });
    const repeated = await t.request('GET', `${P}/debtors`, { token, query: { pageSize: 100, repeated: 'repeated' } });
    t.clock.set(new Date('2026-02-20T04:00:00Z'));
    expect(past.json().data).toMatchObject({ rows: [], total: on.json().data.total, buckets: on.json().data.buckets });
    expect(bucketOnly.json().data.total).toBe(on.json().data.buckets.d7);
    expect(bucketOnly.json().data.rows).toHaveLength(1);
    expect(on.statusCode).toBe(200);
    const d = on.json().data;
    expect(d.enabled).toBe(true);
    const row = d.rows.find((r: { contractId: number }) => r.contractId === id);
    expect(row).toMatchObject({ period: 3, overdueDays: 7, bucket: 'd7', outstanding: 3000, repeated: false });
    expect(row.lateFee).toBeGreaterThan(0);
    const sum = Object.values(d.buckets as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(d.total);
    // The counts per bucket (by due date in SQL) agree with each row's bucket (by days overdue).
    expect(d.total).toBeLessThanOrEqual(100);
    const byRow: Record<string, number> = {};
    for (const r of d.rows as { bucket: string }[]) byRow[r.bucket] = (byRow[r.bucket] ?? 0) + 1;
    for (const [b, n] of Object.entries(d.buckets as Record<string, number>)) expect(byRow[b] ?? 0, b).toBe(n);
    // Most days overdue first.
    const days = (d.rows as { overdueDays: number }[]).map((r) => r.overdueDays);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    // The contract is overdue once: among the first-time debts, not the repeated ones.
    const has = (res: typeof on) => res.json().data.rows.some((r: { contractId: number }) => r.contractId === id);
    expect(has(first)).toBe(true);
    expect(has(repeated)).toBe(false);
    expect(first.json().data.total + repeated.json().data.total).toBe(d.total);
    const assign = await t.request('PUT', `${P}/debtor/assignee/${id}`, {
      as: 'admin',
      body: {
        assigneeId: Number((await q<{ id: number }>(t, `select id from users where username = 'admin'`))[0]!.id),
      },
    });
    expect(assign.statusCode).toBe(200);
    const note = await t.request('POST', `${P}/debtor/note/${id}`, {
      as: 'admin',
      body: { note: '已电话联系，承诺周五付款' },
    });
    expect(note.json().data[0].note).toBe('已电话联系，承诺周五付款');
  });

  it('reminds of rent due, overdue rent and the contract end once each', async () => {
    // On 2026-03-08 period 3 (due 2026-03-10) is within the 3 lead days.
    t.clock.set(new Date('2026-03-08T04:00:00Z'));
    const n = await sendReminders(t.deps, tenantId);
    expect(await sendReminders(t.deps, tenantId)).toBe(0);
    t.clock.set(new Date('2026-02-20T04:00:00Z'));
    expect(n).toBeGreaterThan(0);
    const msgs = await q<{ title: string }>(
      t,
      `select title from push_records where tenant_id = $1 and category = 2 and title like '租金%'`,
      [tenantId],
    );
    expect(msgs.length).toBeGreaterThan(0);
    // Stored as keys: the admin reads them in his language.
    const list = async (lang: 'zh-CN' | 'en-US') =>
      (
        await t.request('GET', '/api/ccwmc/pushRecord/list', {
          as: 'admin',
          lang,
          query: { category: '2', pageSize: '500' },
        })
      ).json().data.rows as { title: string; content: string }[];
    const zh = (await list('zh-CN')).find((m) => m.title === '租金即将到期' && m.content.includes('2026-03-10'))!;
    expect(zh.content).toMatch(/^合同 \S+（.+）第3期租金 ¥3,000\.00 将于 2026-03-10 到期$/);
    const en = (await list('en-US')).find((m) => m.title === 'Rent due soon' && m.content.includes('2026-03-10'))!;
    expect(en.content).toMatch(/^Contract \S+ \(.+\): rent of period 3, ¥3,000\.00, is due on 2026-03-10$/);
  });

  it('refuses to cancel a dispatched contract; ends it terminated while bills are open; the car goes back', async () => {
    expect((await t.request('POST', `${P}/dispatch/${id}`, { as: 'admin' })).statusCode).toBe(200);
    const cancel = await t.request('POST', `${P}/cancel/${id}`, { as: 'admin', body: { reason: '司机反悔' } });
    expect(cancel.statusCode).toBe(409);
    const fin = await t.request('POST', `${P}/finish/${id}`, { as: 'admin', body: { reason: '提前退车' } });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data.state).toBe('terminated');
    expect(await carStatus(cars[0]!)).toBe('preparing');
    await prepareCar(t, cars[0]!);
    const ev = (await t.request('GET', `${P}/events/${id}`, { as: 'admin' })).json().data;
    expect(ev.map((e: { toState: string | null }) => e.toState).filter(Boolean)).toEqual([
      'terminated',
      'signed',
      'pending',
    ]);
  });

  it('cancels a pending contract (car listed again) and a signed, undispatched one', async () => {
    const p = (await add({ ...terms(), driverId, carId: cars[1] })).json().data;
    const c1 = await t.request('POST', `${P}/cancel/${p.id}`, { as: 'admin', body: { reason: '录入错误' } });
    expect(c1.json().data.state).toBe('cancelled');
    expect(await carStatus(cars[1]!)).toBe('idle');
    const s = (await add({ ...terms(), driverId, carId: cars[1] })).json().data;
    await t.request('POST', `${P}/sign/${s.id}`, { as: 'admin', body: { accountId } });
    const c2 = await t.request('POST', `${P}/cancel/${s.id}`, { as: 'admin', body: { reason: '未发车退订' } });
    expect(c2.json().data.state).toBe('cancelled');
    // Signed, the car was rented out to the contract: it comes back through preparation.
    expect(await carStatus(cars[1]!)).toBe('preparing');
    await prepareCar(t, cars[1]!);
    expect((await lines(s.id)).length).toBe(0);
  });

  it('lists with filters and exports', async () => {
    const list = await t.request('POST', `${P}/list`, {
      as: 'admin',
      body: { state: ['terminated'], type: ['rentToOwn'], pageSize: 50 },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.rows.map((r: { id: number }) => r.id)).toContain(id);
    const exp = await t.request('POST', `${P}/exportContract`, { as: 'admin', body: { state: ['terminated'] } });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('discount through the approvals engine', () => {
  it('asks for approval; approved, the discount becomes a negative line', async () => {
    const A = '/api/ccwadmin/oa/approval';
    const [flow] = await q<{ id: number }>(
      t,
      `select id from approval_flows where tenant_id = $1 and business_type = 'contractDiscount'`,
      [tenantId],
    );
    // Approved by another user (an applicant's own step would not wait for a decision).
    const approverId = Number((await q<{ id: number }>(t, `select id from users where username = 'wanghui'`))[0]!.id);
    const set = await t.request('PUT', `${A}/flow/update/${flow!.id}`, {
      as: 'admin',
      body: {
        businessType: 'contractDiscount',
        name: '合同优惠审批',
        steps: [
          {
            name: '审批',
            kind: 'user',
            userIds: [approverId],
            roleId: null,
            mode: 'any',
            amountAbove: null,
            amountUpTo: null,
          },
        ],
        copyUserIds: [],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const c = (await add({ ...terms(), driverId, carId: cars[2] })).json().data;
    const res = await t.request('POST', `${P}/discount/${c.id}`, {
      as: 'admin',
      body: { amount: 500, reason: '老司机续租优惠' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.discountState).toBe('pending');
    const twice = await t.request('POST', `${P}/discount/${c.id}`, { as: 'admin', body: { amount: 100 } });
    expect(twice.statusCode).toBe(409);
    const [req] = await q<{ id: number; status: string }>(
      t,
      `select id, status from approval_requests where business_type = 'contractDiscount' and business_id = $1`,
      [String(c.id)],
    );
    expect(req!.status).toBe('pending');
    const token = (await t.signIn('wanghui', 'Staff@123')).json().access_token as string;
    const decided = await t.request('POST', `${A}/request/decide/${req!.id}`, {
      token,
      body: { decision: 'approved', comment: '同意', step: await currentStepOf(t, Number(req!.id)) },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const after = (await t.request('GET', `${P}/${c.id}`, { as: 'admin' })).json().data;
    expect(after.discountState).toBe('approved');
    const discount = (await lines(c.id)).find((l) => l.amount === -500);
    expect(discount).toMatchObject({ type: 'other', state: 'unpaid' });
  });
});

describe('permissions and tenants', () => {
  it('refuses a user without the contract permission (403 40301)', async () => {
    for (const [method, url, body] of [
      ['POST', `${P}/list`, {}],
      ['POST', `${P}/add`, { ...terms(), driverId, carId: cars[2] }],
      ['GET', `${P}/debtors`, undefined],
    ] as const) {
      const res = await t.request(method, url, { as: 'clerk', ...(body ? { body } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(40301);
    }
  });

  it("answers 404 for another tenant's contract and line", async () => {
    const [c] = await q<{ id: number }>(t, `select id from rental_contracts order by id limit 1`);
    const [l] = await q<{ id: number }>(t, `select id from rental_payment_lines order by id limit 1`);
    expect((await t.request('GET', `${P}/${c!.id}`, { as: 'other' })).statusCode).toBe(404);
    const col = await t.request('POST', `${P}/collect/${l!.id}`, {
      as: 'other',
      body: { amount: 1, accountId: 1, version: 0 },
    });
    expect(col.statusCode).toBe(404);
    const cancel = await t.request('POST', `${P}/cancel/${c!.id}`, { as: 'other', body: { reason: 'x' } });
    expect(cancel.statusCode).toBe(404);
  });
});
