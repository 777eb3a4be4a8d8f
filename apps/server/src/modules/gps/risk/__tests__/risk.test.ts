import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { staff } from '../../../../test/office.js';
import { demoImei } from '../../../../seed/gps.seed.js';
import { gpsRuntime } from '../../runtime.js';
import { SimTerminal } from '../../jt808/terminal.js';
import { storedAuthCode } from '../../../../test/gps.js';
import type { LocationInput } from '../../jt808/codec.js';
import { eventsSettled } from '../../events/events.js';
import { commandById } from '../../commands/commands.service.js';
import { fuelCutsSettled, sweepRisk } from '../risk.service.js';

const G = '/api/ccwgps';
const BOARD = '/api/ccwadmin/risk/board';
const CASES = `${G}/risk/case`;
const DECIDE = '/api/ccwadmin/oa/approval/request/decide';
let t: TestApp;
let port: number;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  port = await gpsRuntime(t.deps).gateway.listen(0, '127.0.0.1');
  demo = (await q<{ id: number }>(`select id::int from tenants where code = 'DEMO'`))[0]!.id;
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FAR = { lat: 30.52, lon: 120.61 }; // outside every Hangzhou demo geofence
const DEPOT = { lat: 30.2085, lon: 120.2115 }; // the Binjiang depot circle of the demo
const at = () => t.clock.now();

/** A terminal whose reports are stored, their events derived and the risk rules run before `report` resolves. */
async function terminal(imei: string) {
  const term = new SimTerminal(imei, { clock: () => t.clock.now(), authCode: await storedAuthCode(t, imei) });
  await term.connect('127.0.0.1', port);
  await term.login();
  const acked = new Set<number>();
  term.onAck = (s) => acked.add(s);
  return {
    term,
    async report(l: Omit<LocationInput, 'time'> & { time?: Date }) {
      const serial = term.location({ time: at(), ...l });
      for (let i = 0; i < 400 && !acked.has(serial); i++) await sleep(5);
      await gpsRuntime(t.deps).writer.flush();
      await eventsSettled(t.deps);
    },
  };
}

const carOf = async (plate: string) =>
  (await q<{ id: number }>(`select id::int from cars where plate = $1`, [plate]))[0]!.id;
const casesOf = async (carId: number) =>
  q<{ id: number; rule: string; state: string; close_reason: string | null; evidence: Record<string, unknown> }>(
    `select id::int, rule, state, close_reason, evidence from gps_risk_cases where car_id = $1 order by id`,
    [carId],
  );
const openCase = async (carId: number) => (await casesOf(carId)).find((c) => c.state !== 'closed');
const stepsOf = async (caseId: number) =>
  (await q<{ kind: string }>(`select kind from gps_risk_steps where case_id = $1 order by id`, [caseId])).map(
    (s) => s.kind,
  );
const setRisk = (rules: Record<string, unknown>) =>
  q(
    `insert into tenant_settings (tenant_id, rules) values ($1, jsonb_build_object('gpsRisk', $2::jsonb))
     on conflict (tenant_id) do update set rules = tenant_settings.rules || excluded.rules`,
    [demo, JSON.stringify(rules)],
  );

/** The number of the demo contract that rents a car out (numbers carry the year the demo was seeded in). */
const contractNoOf = async (plate: string) =>
  (
    await q<{ no: string }>(
      `select k.number as no from rental_contracts k join cars c on c.tenant_id = k.tenant_id and c.id = k.car_id
        where c.plate = $1 and k.state = 'signed'`,
      [plate],
    )
  )[0]!.no;

describe('demo cases and the board', () => {
  it('answers counts per state and rule and the open cases newest first, with car, driver and overdue rent', async () => {
    const contractNo = await contractNoOf('浙AF20318');
    const res = await t.request('GET', BOARD, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const board = res.json().data;
    expect(board.openCount).toBe(2);
    expect(board.byRule).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'powerCutRented', count: 1 }),
        expect.objectContaining({ rule: 'geofenceExitOverdue', count: 1 }),
      ]),
    );
    // The board's amounts by stage are the open cases' overdue rent.
    const open = board.byState.filter((s: { state: string }) => s.state !== 'closed');
    const sum = (xs: { amount?: number; overdueAmount?: number }[], k: 'amount' | 'overdueAmount') =>
      Math.round(xs.reduce((a, x) => a + x[k]!, 0) * 100) / 100;
    expect(sum(open, 'amount')).toBe(board.overdueAmount);
    expect(sum(board.open, 'overdueAmount')).toBe(board.overdueAmount);
    expect(board.overdueAmount).toBeGreaterThan(0);
    // 浙AF20318, a month overdue, left its geofences in the seeded history and has been silent for a day since.
    const silent = board.open.find((c: { rule: string }) => c.rule === 'geofenceExitOverdue');
    expect(silent).toMatchObject({ plate: '浙AF20318', state: 'open', contractNo });
    expect(silent.driverName).toBeTruthy();
    expect(silent.overdueAmount).toBeGreaterThan(0);
    expect(silent.overdueDays).toBeGreaterThan(3);
    expect(silent.lastPosition).toMatchObject({ lat: expect.any(Number), lon: expect.any(Number) });
    expect(board.overdueAmount).toBe(silent.overdueAmount);
    const power = board.open.find((c: { rule: string }) => c.rule === 'powerCutRented');
    expect(power).toMatchObject({ plate: '浙AF67890', overdueAmount: 0 });

    const detail = (await t.request('GET', `${CASES}/${silent.id}`, { as: 'admin' })).json().data;
    expect(detail.evidence.bills.length).toBeGreaterThan(0);
    expect(detail.evidence.bills[0]).toMatchObject({ contractNo, days: expect.any(Number) });
    expect(detail.evidence.triggers[0]).toMatchObject({ rule: 'geofenceExitOverdue' });
    expect(detail.evidence.triggers.at(-1)).toMatchObject({ rule: 'silentRented', note: '24h' });
    expect(detail.evidence.alarms[0]).toMatchObject({ type: 'geofenceExit' });
    expect(detail.steps.map((s: { kind: string }) => s.kind)).toEqual(['raised', 'evidence']);
    const powerDetail = (await t.request('GET', `${CASES}/${power.id}`, { as: 'admin' })).json().data;
    expect(powerDetail.evidence.alarms.map((a: { type: string }) => a.type)).toEqual(['powerCut']);
    expect(powerDetail.evidence.positions.length).toBeGreaterThan(0);

    const list = (await t.request('GET', CASES, { as: 'admin', query: { rule: 'geofenceExitOverdue' } })).json().data;
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([silent.id]);
    const byPlate = (await t.request('GET', CASES, { as: 'admin', query: { keyword: 'AF67890' } })).json().data;
    expect(byPlate.total).toBe(1);
  });

  it('keeps tenants apart: another tenant sees nothing and gets 404 for a case', async () => {
    const id = (await q<{ id: number }>(`select id::int from gps_risk_cases order by id limit 1`))[0]!.id;
    const board = (await t.request('GET', BOARD, { as: 'other' })).json().data;
    expect(board).toMatchObject({ openCount: 0, open: [] });
    expect((await t.request('GET', `${CASES}/${id}`, { as: 'other' })).statusCode).toBe(404);
    const close = await t.request('POST', `${CASES}/${id}/close`, {
      as: 'other',
      body: { reason: 'dismissed', note: 'x' },
    });
    expect(close.statusCode).toBe(404);
    const propose = await t.request('POST', `${CASES}/${id}/proposeFuelCut`, { as: 'other', body: { reason: 'x' } });
    expect(propose.statusCode).toBe(404);
  });

  it('reads with riskGpsMap:view; proposing and closing need riskGpsMap:risk', async () => {
    const id = (await q<{ id: number }>(`select id::int from gps_risk_cases order by id limit 1`))[0]!.id;
    expect((await t.request('GET', BOARD, { as: 'clerk' })).statusCode).toBe(403);
    await q(
      `insert into role_grants (tenant_id, role_id, code)
       select tenant_id, id, unnest(array['riskGpsMap', 'riskGpsMap:view']) from roles where tenant_id = $1 and code = 'clerk'`,
      [demo],
    );
    await t.deps.sessions.settled();
    expect((await t.request('GET', BOARD, { as: 'clerk' })).statusCode).toBe(200);
    expect((await t.request('GET', `${CASES}/${id}`, { as: 'clerk' })).statusCode).toBe(200);
    const propose = await t.request('POST', `${CASES}/${id}/proposeFuelCut`, { as: 'clerk', body: { reason: 'x' } });
    expect(propose.statusCode).toBe(403);
    const close = await t.request('POST', `${CASES}/${id}/close`, { as: 'clerk', body: { reason: 'carRecovered' } });
    expect(close.statusCode).toBe(403);
  });

  it('validates with clear messages', async () => {
    const id = (await q<{ id: number }>(`select id::int from gps_risk_cases order by id limit 1`))[0]!.id;
    const empty = await t.request('POST', `${CASES}/${id}/proposeFuelCut`, {
      as: 'admin',
      lang: 'en-US',
      body: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({
      path: 'reason',
      message: 'Enter a reason (at most 200 characters)',
    });
    const noNote = await t.request('POST', `${CASES}/${id}/close`, { as: 'admin', body: { reason: 'dismissed' } });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors[0]).toMatchObject({ path: 'note' });
    const bad = await t.request('POST', `${CASES}/${id}/close`, { as: 'admin', body: { reason: 'whatever' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('rules on events', () => {
  let car6: number;
  let riskCase: number;

  it('an overdue car leaving its geofences raises a case; a later trigger adds evidence to the same open case', async () => {
    car6 = await carOf('浙AF20318');
    // The demo's silent case is dismissed first, so the exit raises a new one.
    const silent = (await openCase(car6))!;
    const closed = await t.request('POST', `${CASES}/${silent.id}/close`, {
      as: 'admin',
      body: { reason: 'dismissed', note: '设备已恢复在线' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({
      state: 'closed',
      closeReason: 'dismissed',
      closeNote: '设备已恢复在线',
    });
    expect(closed.json().data.steps.map((s: { kind: string }) => s.kind)).toEqual(['raised', 'evidence', 'closed']);
    const again = await t.request('POST', `${CASES}/${silent.id}/close`, {
      as: 'admin',
      body: { reason: 'carRecovered' },
    });
    expect(again.statusCode).toBe(409);

    // Where the seeded history left the tracker depends on the hour the demo was seeded (it may end inside the West
    // Lake geofence): the test starts from a tracker inside none of its geofences.
    await q(
      `update gps_event_states set geofence_ids = '{}' where device_id = (select id from gps_devices where imei = $1)`,
      [demoImei(6)],
    );
    const { term, report } = await terminal(demoImei(6));
    // Parked at the Binjiang depot (a geofence bound to the car's tracker), then driven away.
    await report({ ...DEPOT, speed: 0, status: 0b10 });
    expect(await openCase(car6)).toBeUndefined();
    await report({ ...FAR, speed: 45, status: 0b11 });
    const open = (await openCase(car6))!;
    expect(open).toMatchObject({ rule: 'geofenceExitOverdue', state: 'open' });
    riskCase = open.id;
    const detail = (await t.request('GET', `${CASES}/${open.id}`, { as: 'admin' })).json().data;
    expect(detail.evidence.alarms.map((a: { type: string }) => a.type)).toContain('geofenceExit');
    expect(detail.evidence.alarms[0].geofenceName).toBeTruthy();
    expect(detail.evidence.positions[0]).toMatchObject({ lat: FAR.lat, lon: FAR.lon });
    expect(detail.evidence.bills.length).toBeGreaterThan(0);
    expect(detail.overdueDays).toBeGreaterThan(3);

    // A power cut of the same car: no second case, the evidence grows.
    await report({ ...FAR, speed: 0, status: 0b10, alarm: 1 << 8 });
    const cases = await casesOf(car6);
    expect(cases.filter((c) => c.state !== 'closed')).toHaveLength(1);
    expect(await stepsOf(open.id)).toEqual(['raised', 'evidence']);
    const grown = (await t.request('GET', `${CASES}/${open.id}`, { as: 'admin' })).json().data;
    expect(grown.evidence.triggers.map((x: { rule: string }) => x.rule)).toEqual([
      'geofenceExitOverdue',
      'powerCutRented',
    ]);
    term.close();
  });

  it('a car whose rent is not overdue leaves its geofence: no case', async () => {
    const car1 = await carOf('浙AD12345');
    const { term, report } = await terminal(demoImei(1));
    await report({ ...DEPOT, speed: 0, status: 0b10 });
    await report({ ...FAR, speed: 30, status: 0b11 });
    const exits = await q<{ n: number }>(
      `select count(*)::int as n from gps_events e join gps_devices d on d.tenant_id = e.tenant_id and d.id = e.device_id
       where d.imei = $1 and e.type = 'geofenceExit' and e.at >= $2`,
      [demoImei(1), new Date(at().getTime() - 60_000).toISOString()],
    );
    expect(exits[0]!.n).toBeGreaterThan(0);
    expect(await casesOf(car1)).toEqual([]);
    term.close();
  });

  it('a power cut while rented raises a case, unless the tenant turned the rule off', async () => {
    await setRisk({ powerCutRented: false });
    const car3 = await carOf('浙AG24680');
    const off = await terminal(demoImei(3));
    await off.report({ lat: 30.27, lon: 120.15, speed: 0, status: 0b10, alarm: 1 << 8 });
    expect(await casesOf(car3)).toEqual([]);
    off.term.close();

    await setRisk({ powerCutRented: true });
    const car4 = await carOf('浙AH13579');
    const on = await terminal(demoImei(4));
    await on.report({ lat: 30.27, lon: 120.15, speed: 0, status: 0b10, alarm: 1 << 16 });
    expect(await openCase(car4)).toMatchObject({ rule: 'tamperRented', state: 'open' });
    on.term.close();
  });

  it('fuel cut: proposed, approved by the approver only, queued with waitSafeSpeed, answered by the device', async () => {
    const { term, report } = await terminal(demoImei(6));
    await report({ ...FAR, speed: 60, status: 0b11 });
    // The office staff may act on risk cases; the administrator approves fuel cuts (the demo flow).
    await q(
      `insert into role_grants (tenant_id, role_id, code)
       select tenant_id, id, unnest(array['riskGpsMap', 'riskGpsMap:view', 'riskGpsMap:risk']) from roles
       where tenant_id = $1 and code = 'office'`,
      [demo],
    );
    await t.deps.sessions.settled();
    const people = staff(t);
    const proposed = await t.request('POST', `${CASES}/${riskCase}/proposeFuelCut`, {
      ...(await people('liuyang')),
      body: { reason: '欠租超过 30 天且驶出围栏，电话无人接听' },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const c = proposed.json().data;
    expect(c).toMatchObject({ state: 'fuelCutProposed', approvalId: expect.any(Number) });
    const request = (
      await q<{ business_type: string; status: string; form: Record<string, unknown> }>(
        `select business_type, status, form from approval_requests where id = $1`,
        [c.approvalId],
      )
    )[0]!;
    expect(request).toMatchObject({ business_type: 'fuelCut', status: 'pending' });
    expect(request.form).toMatchObject({ plateNo: '浙AF20318', contractNo: await contractNoOf('浙AF20318') });
    expect(Number(request.form.amount)).toBe(c.overdueAmount);
    const twice = await t.request('POST', `${CASES}/${riskCase}/proposeFuelCut`, {
      as: 'admin',
      body: { reason: 'x' },
    });
    expect(twice.statusCode).toBe(409);

    // Someone who approves other requests but is not this step's approver cannot decide it.
    const notApprover = await t.request('POST', `${DECIDE}/${c.approvalId}`, {
      ...(await people('sunli')),
      body: { decision: 'approved', step: 0 },
    });
    expect(notApprover.statusCode).toBeGreaterThanOrEqual(403);
    expect((await openCase(car6))!.state).toBe('fuelCutProposed');

    const decided = await t.request('POST', `${DECIDE}/${c.approvalId}`, {
      as: 'admin',
      body: { decision: 'approved', comment: '同意断油', step: 0 },
    });
    expect(decided.statusCode).toBe(200);
    await fuelCutsSettled();
    const sent = (await t.request('GET', `${CASES}/${riskCase}`, { as: 'admin' })).json().data;
    expect(sent).toMatchObject({ state: 'fuelCutSent', commandId: expect.any(Number) });
    expect(sent.steps.map((s: { kind: string }) => s.kind)).toEqual([
      'raised',
      'evidence',
      'proposed',
      'approved',
      'commandQueued',
    ]);
    const command = await commandById(t.deps, demo, sent.commandId);
    expect(command).toMatchObject({
      commandType: 'fuelCut',
      source: 'risk',
      riskCaseId: riskCase,
      waitSafeSpeed: true,
      status: 'queued',
    });
    expect(command.steps.map((s) => s.step)).toEqual(['queued', 'held']); // 60 km/h: held for a safe speed

    // The car slows down: the command goes out, the terminal cuts the fuel and answers.
    await report({ ...FAR, speed: 5, status: 0b11 });
    let status = 'queued';
    for (let i = 0; i < 300 && status !== 'succeeded'; i++) {
      await gpsRuntime(t.deps).commands.kick();
      await gpsRuntime(t.deps).commands.settled();
      status = (await commandById(t.deps, demo, sent.commandId)).status;
      if (status !== 'succeeded') await sleep(10);
    }
    expect(status).toBe('succeeded');
    expect(term.fuelCut).toBe(true);
    await sweepRisk(t.deps);
    const done = (await t.request('GET', `${CASES}/${riskCase}`, { as: 'admin' })).json().data;
    expect(done.state).toBe('fuelCutDone');
    expect(done.steps.at(-1)).toMatchObject({ kind: 'commandAnswered', data: { status: 'succeeded' } });
    term.close();
  });

  it('a rejected fuel cut is recorded; the case can be proposed again', async () => {
    const car4 = await carOf('浙AH13579');
    const c = (await openCase(car4))!;
    const proposed = (
      await t.request('POST', `${CASES}/${c.id}/proposeFuelCut`, {
        ...(await staff(t)('liuyang')),
        body: { reason: '设备被拆' },
      })
    ).json().data;
    expect(proposed.state).toBe('fuelCutProposed');
    const decided = await t.request('POST', `${DECIDE}/${proposed.approvalId}`, {
      as: 'admin',
      body: { decision: 'rejected', comment: '先联系司机', step: 0 },
    });
    expect(decided.statusCode).toBe(200);
    const rejected = (await t.request('GET', `${CASES}/${c.id}`, { as: 'admin' })).json().data;
    expect(rejected).toMatchObject({ state: 'fuelCutRejected', commandId: null });
    expect(rejected.steps.map((s: { kind: string }) => s.kind)).toEqual(['raised', 'proposed', 'rejected']);
    expect((await q(`select 1 from gps_commands where risk_case_id = $1`, [c.id])).length).toBe(0);
  });

  it('a fuel cut is never decided by its proposer: the second approver decides, none refuses (Hardening 2, item 4)', async () => {
    const car4 = await carOf('浙AH13579');
    const c = (await openCase(car4))!;
    expect(c.state).toBe('fuelCutRejected');
    // The demo names 孙丽 as second approver; without one, the proposal is refused.
    const SETTING = '/api/ccwadmin/oa/approval/setting';
    expect((await t.request('GET', SETTING, { as: 'admin' })).json().data.secondApproverId).not.toBeNull();
    await t.request('PUT', SETTING, { as: 'admin', body: { sms: false, secondApproverId: null } });
    // The administrator proposes; the flow names only him. Before: approved at once, on his word alone.
    const alone = await t.request('POST', `${CASES}/${c.id}/proposeFuelCut`, {
      as: 'admin',
      lang: 'en-US',
      body: { reason: '再议' },
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(
      '"Fuel cut" must be decided by someone other than the applicant, and its flow names only you; name a second approver in the approval settings, or change the flow',
    );
    expect((await openCase(car4))!.state).toBe('fuelCutRejected');
    expect((await q(`select 1 from gps_commands where risk_case_id = $1`, [c.id])).length).toBe(0);

    // The company names a second approver in the approval settings.
    const unknown = await t.request('PUT', SETTING, { as: 'admin', body: { sms: false, secondApproverId: 999_999 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('secondApproverId');
    const sunli = (await q<{ id: number }>(`select id::int from users where username = 'sunli'`))[0]!.id;
    const saved = await t.request('PUT', SETTING, { as: 'admin', body: { sms: false, secondApproverId: sunli } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ sms: false, secondApproverId: sunli });
    // A save without it (the SMS switch alone) keeps him.
    await t.request('PUT', SETTING, { as: 'admin', body: { sms: false } });
    expect((await t.request('GET', SETTING, { as: 'admin' })).json().data.secondApproverId).toBe(sunli);

    const proposed = await t.request('POST', `${CASES}/${c.id}/proposeFuelCut`, {
      as: 'admin',
      body: { reason: '再议' },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const { approvalId } = proposed.json().data;
    expect(proposed.json().data.state).toBe('fuelCutProposed');
    const [request] = await q<{ status: string; plan: { approverIds: number[]; state: string }[] }>(
      `select status, plan from approval_requests where id = $1`,
      [approvalId],
    );
    expect(request!.status).toBe('pending');
    expect(request!.plan.at(-1)).toMatchObject({ approverIds: [sunli], state: 'current' });
    const self = await t.request('POST', `${DECIDE}/${approvalId}`, {
      as: 'admin',
      body: { decision: 'approved', step: 1 },
    });
    expect(self.statusCode).toBe(403);
    const decided = await t.request('POST', `${DECIDE}/${approvalId}`, {
      ...(await staff(t)('sunli')),
      body: { decision: 'approved', comment: '复核同意', step: 1 },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await fuelCutsSettled();
    expect((await t.request('GET', `${CASES}/${c.id}`, { as: 'admin' })).json().data.state).toBe('fuelCutSent');
  });

  it('a fuel cut needs an open reason: rent overdue, or the rule that fired still holding', async () => {
    const car = await carOf('浙AF67890');
    const c = (await openCase(car))!;
    const detail = (await t.request('GET', `${CASES}/${c.id}`, { as: 'admin' })).json().data;
    expect(detail).toMatchObject({ rule: 'powerCutRented', overdueAmount: 0 });
    // The contract ended: a power cut of a car no longer rented gives no reason, and nothing is overdue.
    await q(`update rental_contracts set state = 'completed' where car_id = $1 and state = 'signed'`, [car]);
    const none = await t.request('POST', `${CASES}/${c.id}/proposeFuelCut`, {
      ...(await staff(t)('liuyang')),
      lang: 'en-US',
      body: { reason: '断电' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('no longer gives a reason for a fuel cut');
    const zh = await t.request('POST', `${CASES}/${c.id}/proposeFuelCut`, {
      ...(await staff(t)('liuyang')),
      body: { reason: '断电' },
    });
    expect(zh.json().message).toContain('不能提议断油');
    expect((await openCase(car))!.state).toBe('open');
    await q(`update rental_contracts set state = 'signed' where id = $1`, [detail.contractId]);
    const ok = await t.request('POST', `${CASES}/${c.id}/proposeFuelCut`, {
      ...(await staff(t)('liuyang')),
      body: { reason: '断电' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a forced fuel cut needs its own permission, is logged and shows on the case', async () => {
    const car = await carOf('浙AF67890');
    const c = (await openCase(car))!;
    const [device] = await q<{ id: number }>(`select id::int from gps_devices where car_id = $1 limit 1`, [car]);
    const SEND = `${G}/deviceCommand/send/${device!.id}`;
    // The office staff may cut fuel (riskGpsMap:fuelCut) but not force it.
    await q(
      `insert into role_grants (tenant_id, role_id, code) select tenant_id, id, 'riskGpsMap:fuelCut' from roles
       where tenant_id = $1 and code = 'office'`,
      [demo],
    );
    await t.deps.sessions.settled();
    const body = { commandType: 'fuelCut', reason: '车辆失联，已报警', force: true };
    const refused = await t.request('PUT', SEND, { ...(await staff(t)('liuyang')), lang: 'en-US', body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Force a fuel cut');
    const forced = await t.request('PUT', SEND, { as: 'admin', body });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data).toMatchObject({ forced: true });
    const [log] = await q<{ action: string; summary: { force: boolean; reason: string } }>(
      `select action, summary from operation_logs where target_type = 'gpsCommand' and target_id = $1`,
      [String(forced.json().data.id)],
    );
    expect(log).toMatchObject({ action: 'deviceCommand.force', summary: { force: true, reason: body.reason } });
    const shown = (await t.request('GET', `${CASES}/${c.id}`, { as: 'admin' })).json().data;
    expect(shown.steps.at(-1)).toMatchObject({
      kind: 'forced',
      note: body.reason,
      actorName: expect.any(String),
      data: { commandId: forced.json().data.id },
    });
  });

  it('closes a case by itself once its debt is paid', async () => {
    await q(
      `update rental_payment_lines l set paid_fen = amount_fen, state = 'paid'
       from rental_contracts k where k.tenant_id = l.tenant_id and k.id = l.contract_id and k.car_id = $1
         and l.state in ('unpaid', 'partial') and l.due_date < $2::date`,
      [car6, at().toISOString().slice(0, 10)],
    );
    const before = await sweepRisk(t.deps);
    expect(before.closed).toBe(1);
    const closed = (await casesOf(car6)).find((c) => c.id === riskCase)!;
    expect(closed).toMatchObject({ state: 'closed', close_reason: 'debtPaid' });
    expect((await stepsOf(riskCase)).at(-1)).toBe('closed');
  });
});

describe('the periodic rules on a moved clock', () => {
  it('raises a silence case for a rented car silent longer than silentHours, once', async () => {
    const car5 = await carOf('浙AK11223');
    expect(await openCase(car5)).toBeUndefined();
    t.clock.advance(23 * 3600_000);
    await sweepRisk(t.deps);
    expect(await openCase(car5)).toBeUndefined();
    t.clock.advance(2 * 3600_000);
    const first = await sweepRisk(t.deps);
    expect(first.raised).toBeGreaterThan(0);
    const c = (await openCase(car5))!;
    expect(c.rule).toBe('silentRented');
    await sweepRisk(t.deps);
    expect(await stepsOf(c.id)).toEqual(['raised']);
    // An idle car (no signed contract) is never a case, however silent.
    const idle = await q<{ n: number }>(
      `select count(*)::int as n from gps_risk_cases rc join cars c on c.tenant_id = rc.tenant_id and c.id = rc.car_id
       where c.status <> 'rented'`,
    );
    expect(idle[0]!.n).toBe(0);
  });

  it('a car already outside its geofences becomes a geofence case once its rent is overdue more than N days', async () => {
    const car1 = await carOf('浙AD12345'); // left its geofences above, rent not overdue then
    const before = (await openCase(car1))!; // its silence case of the previous test
    expect(before.rule).toBe('silentRented');
    const rules = (c: typeof before) => (c.evidence.triggers as { rule: string }[]).map((x) => x.rule);
    expect(rules(before)).not.toContain('geofenceExitOverdue');
    // Its first open bill comes due some days after the demo was seeded (its payment day): move the clock to five
    // days past that bill's deadline (due date + the grace days), whatever day the suite runs.
    const [first] = await q<{ due: string; grace: number }>(
      `select min(l.due_date)::text as due,
         coalesce((select (s.rules ->> 'rentGraceDays')::int from tenant_settings s where s.tenant_id = k.tenant_id), 3) as grace
       from rental_payment_lines l join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
       where k.car_id = $1 and k.state = 'signed' and l.valid and l.state in ('unpaid', 'partial')
         and l.type <> 'lateFee' and l.amount_fen > 0
       group by k.tenant_id`,
      [car1],
    );
    const deadline = new Date(`${first!.due}T12:00:00+08:00`).getTime() + first!.grace * 86_400_000;
    t.clock.set(new Date(Math.max(at().getTime(), deadline + 5 * 86_400_000)));
    await setRisk({ overdueDays: 60 });
    await sweepRisk(t.deps);
    expect(rules((await openCase(car1))!)).not.toContain('geofenceExitOverdue');
    await setRisk({ overdueDays: 3 });
    await sweepRisk(t.deps);
    const after = (await openCase(car1))!;
    expect(after.id).toBe(before.id);
    expect(rules(after)).toContain('geofenceExitOverdue');
    expect(Number(after.evidence.overdueFen)).toBeGreaterThan(0);
  });
});
