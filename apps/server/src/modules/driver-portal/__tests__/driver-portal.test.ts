import {
  DriverPortalAdminPaths as A,
  DriverPortalPaths as P,
  type PortalBill,
  type PortalContract,
  type PortalMembership,
  type PortalSession,
  type PortalViolation,
  type Submission,
} from '@fleetdesk/contracts/driver-portal';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart, PNG } from '../../../test/multipart.js';
import { seedIds } from '../../../test/users.js';
import { settlePayment } from '../../payments/pay.service.js';
import { recomputeLevels } from '../levels.service.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof seedIds>>;
const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

interface Who {
  id: number;
  phone: string;
  token: string;
}
let me: Who;
let other: Who;

/** A driver-portal call: the driver header and token (or none). */
const call = (
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  o: { body?: unknown; query?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-user-type': 'driver', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(o.query ? { query: o.query } : {}),
    ...(o.body !== undefined ? { payload: o.body as never } : {}),
  });

async function lastCode(phone: string): Promise<string> {
  const [row] = await q<{ content: string }>(
    `select content from sms_messages where phone = $1 order by id desc limit 1`,
    [phone],
  );
  const m = /验证码是 (\d{6})/.exec(row?.content ?? '');
  if (!m) throw new Error(`no code sent to ${phone}`);
  return m[1]!;
}

async function signInAs(phone: string, ip = '10.0.0.1'): Promise<PortalSession> {
  t.clock.advance(61_000); // past the resend wait of the code before
  const sent = await t.app.inject({ method: 'POST', url: P.code, payload: { phone }, remoteAddress: ip });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: P.signIn,
    payload: { phone, code: await lastCode(phone) },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PortalSession;
}

/** Two demo drivers of the HZ company with a signed contract that has open bills. */
async function driversWithBills(): Promise<{ id: number; phone: string }[]> {
  return (
    await q<{ id: number; phone: string }>(
      `select d.id, d.phone from drivers d
        where d.tenant_id = $1 and d.rent_id = $2 and d.deleted_at is null and d.state = 'active'
          and exists (select 1 from rental_contracts c join rental_payment_lines l
            on l.tenant_id = c.tenant_id and l.contract_id = c.id
            where c.tenant_id = d.tenant_id and c.driver_id = d.id and c.state = 'signed' and l.valid
              and l.state = 'unpaid' and l.amount_fen > 0)
        order by d.id limit 2`,
      [r.demo, r.hz],
    )
  ).map((x) => ({ id: Number(x.id), phone: x.phone }));
}

beforeAll(async () => {
  t = await createTestApp();
  r = await seedIds(t);
  const [a, b] = await driversWithBills();
  expect(b).toBeDefined();
  me = { ...a!, token: (await signInAs(a!.phone)).token };
  other = { ...b!, token: (await signInAs(b!.phone, '10.0.0.2')).token };
});
afterAll(async () => t.close());

describe('sign-in', () => {
  it('sends a code only to a driver phone, answers alike for any phone, and refuses a wrong code', async () => {
    const stranger = '19900001111';
    const res = await t.app.inject({
      method: 'POST',
      url: P.code,
      payload: { phone: stranger },
      remoteAddress: '10.0.0.3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sandbox: true });
    expect(await q(`select 1 from sms_messages where phone = $1`, [stranger])).toHaveLength(0);

    const bad = await t.app.inject({
      method: 'POST',
      url: P.signIn,
      payload: { phone: stranger, code: '123456' },
      remoteAddress: '10.0.0.3',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['code']);
    const shape = await t.app.inject({ method: 'POST', url: P.signIn, payload: { phone: '123', code: 'abc' } });
    expect(shape.statusCode).toBe(400);
  });

  it('gives a driver token that opens his own page, and revokes it on sign-out', async () => {
    const s = await signInAs(me.phone, '10.0.0.4');
    expect(s.token).toMatch(/^drv_/);
    expect(s.me).toMatchObject({ driverId: me.id, tenantName: expect.any(String) });
    expect(s.me.phone).toContain('****');
    expect(s.me.companies).toEqual([expect.objectContaining({ tenantId: r.demo, current: true })]);
    expect((await call('GET', P.me, s.token)).statusCode).toBe(200);
    expect((await call('POST', P.signOut, s.token)).statusCode).toBe(200);
    expect((await call('GET', P.me, s.token)).statusCode).toBe(401);
    const log = await q<{ action: string; user_id: number | null; driver_id: number }>(
      `select action, user_id, driver_id from operation_logs where tenant_id = $1 and driver_id = $2 order by id`,
      [r.demo, me.id],
    );
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['driverPortal.signIn', 'driverPortal.signOut']));
    expect(log.every((l) => l.user_id === null)).toBe(true);
  });

  it('is limited per phone', async () => {
    const phone = other.phone;
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: P.signIn,
          payload: { phone, code: '000000' },
          remoteAddress: `10.1.0.${i}`,
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('isolation', () => {
  it('refuses an employee token on the portal and a driver token in the back office', async () => {
    const admin = await t.token('admin');
    expect((await call('GET', P.me, admin)).statusCode).toBe(401);
    expect((await call('GET', P.me, null)).statusCode).toBe(401);
    const noHeader = await t.app.inject({ method: 'GET', url: P.me, headers: { authorization: `Bearer ${me.token}` } });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json().message).toContain('司机');
    const backOffice = await t.request('POST', '/api/ccwadmin/rentDriver/list', { token: me.token, body: {} });
    expect(backOffice.statusCode).toBe(401);
    const asManager = await t.app.inject({
      method: 'GET',
      url: A.submissions,
      headers: { 'x-user-type': 'manager', authorization: `Bearer ${me.token}` },
    });
    expect(asManager.statusCode).toBe(401);
  });

  it("shows a driver his own bills only, and not another driver's order or violation", async () => {
    const bills = (await call('GET', P.bills, me.token, { query: { view: 'all' } })).json().data as PortalBill[];
    expect(bills.length).toBeGreaterThan(0);
    const mine = await q<{ id: number }>(`select id from rental_contracts where tenant_id = $1 and driver_id = $2`, [
      r.demo,
      me.id,
    ]);
    const ids = new Set(mine.map((m) => Number(m.id)));
    expect(bills.every((b) => ids.has(b.contractId))).toBe(true);
    const contracts = (await call('GET', P.contracts, me.token)).json().data as PortalContract[];
    expect(contracts.length).toBeGreaterThan(0);
    expect(contracts.every((c) => ids.has(c.id) && c.plate !== '')).toBe(true);
    expect(contracts.reduce((s, c) => s + c.outstanding, 0)).toBeGreaterThan(0);
    // Home, records, documents, surveys and notices answer, each of his own.
    const home = await call('GET', P.home, me.token);
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().data.me.driverId).toBe(me.id);
    for (const path of [P.accidents, P.documents, P.surveys, P.notices, P.membership, P.violations]) {
      const res = await call('GET', path, me.token);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    }

    const theirs = ((await call('GET', P.bills, other.token)).json().data as PortalBill[]).find((b) => b.payable)!;
    const refused = await call('POST', P.pay, me.token, { body: { lineIds: [theirs.id] } });
    expect(refused.statusCode).toBe(400);
    const order = (await call('POST', P.pay, other.token, { body: { lineIds: [theirs.id] } })).json().data as PayInfo;
    expect((await call('GET', P.payStatus.replace(':id', String(order.orderId)), me.token)).statusCode).toBe(404);
    expect((await call('GET', P.payStatus.replace(':id', String(order.orderId)), other.token)).statusCode).toBe(200);

    const [v] = await q<{ id: number }>(
      `select id from violations where tenant_id = $1 and (driver_id is null or driver_id <> $2) limit 1`,
      [r.demo, me.id],
    );
    const proof = await call('POST', P.violationProof.replace(':id', String(v!.id)), me.token, {
      body: { files: ['x'], note: null },
    });
    expect(proof.statusCode).toBe(404);
  });
});

describe('paying rent online', () => {
  it('marks the bill paid once, however late and often the provider says so', async () => {
    const open = (await call('GET', P.bills, me.token)).json().data as PortalBill[];
    const bill = open.find((b) => b.payable)!;
    expect(bill).toBeDefined();
    const res = await call('POST', P.pay, me.token, { body: { lineIds: [bill.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data as PayInfo;
    expect(info.amount).toBe(bill.left);
    // A second order for the same bill closes the first (one open order per bill).
    const again = (await call('POST', P.pay, me.token, { body: { lineIds: [bill.id] } })).json().data as PayInfo;
    expect(again.orderId).not.toBe(info.orderId);
    const [first] = await q<{ status: string }>(`select status from orders where id = $1`, [info.orderId]);
    expect(first!.status).toBe('cancelled');

    const payToken = new URL(again.payUrl!).searchParams.get('token')!;
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/trade/${again.orderNo}/decide`,
      payload: { token: payToken, action: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const status = (await call('GET', P.payStatus.replace(':id', String(again.orderId)), me.token)).json().data;
    expect(status.status).toBe('paid');
    const after = ((await call('GET', P.bills, me.token, { query: { view: 'all' } })).json().data as PortalBill[]).find(
      (b) => b.id === bill.id,
    )!;
    expect(after).toMatchObject({ state: 'paid', left: 0 });

    // The provider's notification comes late, after the page's query settled it: nothing more happens.
    t.clock.advance(20 * 60_000);
    const late = await settlePayment(t.deps, 'sandbox', {
      orderNo: again.orderNo,
      tradeNo: 'late',
      amountFen: Math.round(info.amount * 100),
      paidAt: t.clock.now(),
    });
    expect(late).toBe('alreadyPaid');
    const collections = await q<{ amount_fen: number }>(
      `select amount_fen::int from rental_collections where tenant_id = $1 and line_id = $2`,
      [r.demo, bill.id],
    );
    expect(collections).toEqual([{ amount_fen: Math.round(bill.left * 100) }]);
    const [line] = await q<{ paid_fen: number; state: string }>(
      `select paid_fen::int, state from rental_payment_lines where tenant_id = $1 and id = $2`,
      [r.demo, bill.id],
    );
    expect(line).toEqual({ paid_fen: Math.round(bill.amount * 100), state: 'paid' });
    // The back office sees it on the contract, from an online account, as the driver's operation log shows it.
    const history = await q<{ remark: string }>(
      `select remark from rental_contract_events where tenant_id = $1 and contract_id = $2 and kind = 'collect'
        order by id desc limit 1`,
      [r.demo, bill.contractId],
    );
    expect(history[0]!.remark).toContain('司机在线支付');
    const [logged] = await q<{ n: number }>(
      `select count(*)::int as n from operation_logs where tenant_id = $1 and driver_id = $2 and action = 'driverPortal.pay'`,
      [r.demo, me.id],
    );
    expect(logged!.n).toBe(2);
    expect((await call('POST', P.pay, me.token, { body: { lineIds: [bill.id] } })).statusCode).toBe(400);
  });

  it('refuses an overdue bill unless the company lets debtors pay online', async () => {
    const [l] = await q<{ id: number }>(
      `select l.id from rental_payment_lines l join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
        where l.tenant_id = $1 and c.driver_id = $2 and l.state = 'unpaid' and l.amount_fen > 0 and l.valid
        order by l.due_date limit 1`,
      [r.demo, me.id],
    );
    await q(`update rental_payment_lines set due_date = due_date - 400 where tenant_id = $1 and id = $2`, [
      r.demo,
      l!.id,
    ]);
    const rules = (await t.request('GET', '/api/ccwadmin/setting/rules', { as: 'admin' })).json().data;
    const put = (v: boolean) =>
      t.request('PUT', '/api/ccwadmin/setting/rules', { as: 'admin', body: { ...rules, settingDebtorPaying: v } });
    expect((await put(false)).statusCode).toBe(200);
    expect((await call('POST', P.pay, me.token, { body: { lineIds: [l!.id] } })).statusCode).toBe(409);
    expect((await put(true)).statusCode).toBe(200);
    expect((await call('POST', P.pay, me.token, { body: { lineIds: [l!.id] } })).statusCode).toBe(200);
  });
});

describe('proofs and documents', () => {
  async function uploadPng(token: string): Promise<string> {
    const m = multipart('proof.png', 'image/png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: P.upload,
      headers: { 'x-user-type': 'driver', authorization: `Bearer ${token}`, 'content-type': m.contentType },
      payload: m.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.url as string;
  }

  it("takes a proof of his own pictures, and the office's approval marks the violation handled", async () => {
    const [car] = await q<{ id: number; plate: string }>(
      `select id, plate from cars where tenant_id = $1 and rent_id = $2 and deleted_at is null limit 1`,
      [r.demo, r.hz],
    );
    const [v] = await q<{ id: number }>(
      `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
          offence_text, fine_fen, points, driver_id)
        values ($1, $2, $3, $4, 'PORTAL-1', $5, '文一西路', '1345', '违反禁止标线指示', 20000, 3, $6) returning id`,
      [r.demo, r.hz, car!.id, car!.plate, t.clock.now(), me.id],
    );
    const url = P.violationProof.replace(':id', String(v!.id));
    const theirs = await uploadPng(other.token);
    const stolen = await call('POST', url, me.token, { body: { files: [theirs], note: null } });
    expect(stolen.statusCode).toBe(400);
    expect((await call('POST', url, me.token, { body: { files: [], note: null } })).statusCode).toBe(400);
    const mine = await uploadPng(me.token);
    const sent = await call('POST', url, me.token, { body: { files: [mine], note: '已在交警支队处理' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call('POST', url, me.token, { body: { files: [mine], note: null } })).statusCode).toBe(409);

    const list = (await call('GET', P.violations, me.token)).json().data as PortalViolation[];
    expect(list.find((x) => x.id === v!.id)!.proof).toMatchObject({ state: 'pending' });

    const pending = (
      await t.request('GET', A.submissions, { as: 'admin', query: { driverId: me.id, state: 'pending' } })
    ).json().data.records as Submission[];
    const proof = pending.find((s) => s.kind === 'violationProof')!;
    expect(proof.details).toMatchObject({ violationNo: 'PORTAL-1' });
    expect(
      (await t.request('POST', A.review, { as: 'fleet1', body: { id: proof.id, approve: true } })).statusCode,
    ).toBe(403);
    expect(
      (await t.request('POST', A.review, { as: 'admin', body: { id: proof.id, approve: false } })).statusCode,
    ).toBe(409);
    const done = await t.request('POST', A.review, { as: 'admin', body: { id: proof.id, approve: true, note: null } });
    expect(done.statusCode, done.body).toBe(200);
    const [handled] = await q<{ handled: boolean }>(`select handled from violations where tenant_id = $1 and id = $2`, [
      r.demo,
      v!.id,
    ]);
    expect(handled!.handled).toBe(true);
    // No fine is booked to the company: the driver paid it.
    expect(
      await q(`select 1 from cost_postings where tenant_id = $1 and source_type = 'violation' and source_id = $2`, [
        r.demo,
        String(v!.id),
      ]),
    ).toHaveLength(0);
    await t.deps.events.settled();
    const notices = (await call('GET', P.notices, me.token)).json().data as { text: string }[];
    expect(notices.map((n) => n.text)).toContain('你上传的违章处理凭证已确认，违章已标记为已处理');
    // Another company's office does not see it.
    const foreign = (await t.request('GET', A.submissions, { as: 'other' })).json().data;
    expect(foreign.total).toBe(0);
  });

  it('checks a document update and applies it when approved', async () => {
    const front = await uploadPng(me.token);
    const back = await uploadPng(me.token);
    const expired = await call('POST', P.documents, me.token, {
      body: {
        kind: 'licence',
        number: '330106199001011234',
        licenceClass: 'C1',
        expiry: '2000-01-01',
        frontUrl: front,
        backUrl: back,
      },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors.map((e: { path: string }) => e.path)).toEqual(['expiry']);
    // The demo's pending renewal of this driver's licence waits: a second one is refused until it is reviewed.
    const seeded = (
      await t.request('GET', A.submissions, { as: 'admin', query: { driverId: me.id, state: 'pending' } })
    ).json().data.records as Submission[];
    const waiting = seeded.filter((x) => x.kind === 'licence');
    for (const w of waiting) {
      const rejected = await t.request('POST', A.review, {
        as: 'admin',
        body: { id: w.id, approve: false, note: '照片不清晰' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().data).toMatchObject({ state: 'rejected', reviewNote: '照片不清晰' });
    }
    const good = await call('POST', P.documents, me.token, {
      body: {
        kind: 'licence',
        number: '330106199001011234',
        licenceClass: 'C1',
        expiry: '2099-12-31',
        frontUrl: front,
        backUrl: back,
      },
    });
    expect(good.statusCode, good.body).toBe(200);
    const id = good.json().data.id as number;
    expect((await t.request('POST', A.review, { as: 'admin', body: { id, approve: true } })).statusCode).toBe(200);
    const [d] = await q<{ licence_expiry: string; licence_class: string }>(
      `select licence_expiry::text, licence_class from drivers where tenant_id = $1 and id = $2`,
      [r.demo, me.id],
    );
    expect(d).toEqual({ licence_expiry: '2099-12-31', licence_class: 'C1' });
  });
});

describe('membership levels', () => {
  it('are recomputed from the last twelve months as the clock moves', async () => {
    const rules = (await t.request('GET', '/api/ccwadmin/setting/rules', { as: 'admin' })).json().data;
    const levels = [
      { ...rules.driverLevels[0] },
      { ...rules.driverLevels[1], minOnTimeMonths: 1, maxViolations: 99, maxAccidents: 99 },
      { ...rules.driverLevels[2], minOnTimeMonths: 2, maxViolations: 99, maxAccidents: 99 },
    ];
    const bad = await t.request('PUT', '/api/ccwadmin/setting/rules', {
      as: 'admin',
      body: { ...rules, driverLevels: [levels[0], levels[2], levels[1]] },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.request('PUT', '/api/ccwadmin/setting/rules', { as: 'admin', body: { ...rules, driverLevels: levels } }))
        .statusCode,
    ).toBe(200);

    // Every rent bill of the driver is paid on its due date, so each month with rent counts.
    await q(
      `update rental_payment_lines l set state = 'paid', paid_fen = amount_fen, paid_date = due_date
        from rental_contracts c where c.tenant_id = l.tenant_id and c.id = l.contract_id
          and l.tenant_id = $1 and c.driver_id = $2 and l.amount_fen > 0 and l.valid`,
      [r.demo, other.id],
    );
    const [span] = await q<{ first: string; last: string }>(
      `select min(l.due_date)::text as first, max(l.due_date)::text as last from rental_payment_lines l
        join rental_contracts c on c.tenant_id = l.tenant_id and c.id = l.contract_id
        where l.tenant_id = $1 and c.driver_id = $2 and l.type = 'rent' and l.valid`,
      [r.demo, other.id],
    );
    // Three months after the first rent: at least two whole months of on-time rent lie behind.
    const [y, m] = span!.first.split('-').map(Number) as [number, number];
    t.clock.set(new Date(Date.UTC(y, m + 2, 15, 4)));
    await recomputeLevels(t.deps, r.demo);
    const upRes = await t.request('GET', A.level.replace(':driverId', String(other.id)), { as: 'admin' });
    expect(upRes.statusCode, upRes.body).toBe(200);
    const foreign = await t.request('GET', A.level.replace(':driverId', String(other.id)), { as: 'other' });
    expect(foreign.statusCode).toBe(404);
    const up = upRes.json().data as PortalMembership;
    expect(up.facts.onTimeMonths).toBeGreaterThanOrEqual(2);
    expect(up.level.code).toBe(levels[2].code);
    expect(up.next).toBeNull();
    const [stored] = await q<{ level: string }>(
      `select level from driver_levels where tenant_id = $1 and driver_id = $2`,
      [r.demo, other.id],
    );
    expect(stored!.level).toBe(levels[2].code);

    // Two years after the last rent nothing lies in the window: back to the first level, and he is told.
    const [ly] = span!.last.split('-').map(Number) as [number];
    t.clock.set(new Date(Date.UTC(ly + 2, 1, 29, 4)));
    expect(await recomputeLevels(t.deps, r.demo)).toBeGreaterThan(0);
    // A driver token lives 30 days: he signs in again on the moved clock.
    other.token = (await signInAs(other.phone, '10.0.0.10')).token;
    const down = (await call('GET', P.membership, other.token)).json().data as PortalMembership;
    expect(down.level.code).toBe(levels[0].code);
    expect(down.next!.code).toBe(levels[1].code);
    await t.deps.events.settled();
    const texts = ((await call('GET', P.notices, other.token)).json().data as { text: string }[]).map((n) => n.text);
    expect(texts).toEqual(
      expect.arrayContaining([`恭喜，你已升级为${levels[2].name}`, `你的会员等级调整为${levels[0].name}`]),
    );
  });
});
