import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract, type GroupContract, type PaymentLine, type TempCar } from '@fleetdesk/contracts/rental-contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import { applyLateFees, sendReminders } from '../rental-contracts.jobs.js';
import { contractForCarAt, endExpiredTempCars } from '../rental-contracts.temp-cars.js';
import { activeDriver, idleCars, P, prepareCar, q, rentIds, terms } from './fixtures.js';

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let cars: number[];
let driverId: number;
let accountId: number;
let tenantId: number;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  // Today is 2026-02-20 in Shanghai for the whole file.
  t.clock.set(new Date('2026-02-20T04:00:00Z'));
  rents = await rentIds(t);
  cars = await idleCars(t, rents.hz);
  driverId = await activeDriver(t, rents.hz);
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, { as: 'admin', body: { name: '续约测试', kind: 'cash' } });
  accountId = acc.json().data.id;
  // A clerk who may only look at contracts.
  const role = await t.request('POST', '/api/ccwadmin/role/add', {
    as: 'admin',
    body: { name: '合同查看', dataScope: 'all', grants: ['rentContract:view'] },
  });
  expect(role.statusCode, role.body).toBe(200);
  viewer = (await addUser(t, 'contract-viewer', { roleIds: [role.json().data.id], rentIds: [rents.hz] })).token;
});
afterAll(async () => t.close());

const add = (body: Record<string, unknown>) => t.request('POST', `${P}/add`, { as: 'admin', rent: rents.hz, body });
const sign = (id: number) => t.request('POST', `${P}/sign/${id}`, { as: 'admin', body: { accountId } });
const lines = async (id: number): Promise<PaymentLine[]> =>
  (await t.request('GET', `${P}/lines/${id}`, { as: 'admin' })).json().data;
const contract = async (id: number): Promise<Contract> =>
  (await t.request('GET', `${P}/${id}`, { as: 'admin' })).json().data;
const carStatus = async (id: number) =>
  (await q<{ status: string }>(t, `select status from cars where id = $1`, [id]))[0]!.status;

async function signed(carId: number, extra: Record<string, unknown> = {}): Promise<Contract> {
  const res = await add({ ...terms({ type: 'longTerm', buyOutPrice: null, ...extra }), driverId, carId });
  expect(res.statusCode, res.body).toBe(200);
  const s = await sign(res.json().data.id);
  expect(s.statusCode, s.body).toBe(200);
  return s.json().data;
}

const renewal = (extra: Record<string, unknown> = {}) => ({
  type: 'longTerm',
  period: 'monthly',
  billing: 'prepaid',
  startDate: '2026-04-10',
  endDate: '2026-07-09',
  deposit: 0,
  managementFee: 0,
  rent: 3200,
  clauses: [],
  ...extra,
});

describe('demo data', () => {
  it('seeds a pending renewal in the group of a signed contract, from the day after it ends, on its car', async () => {
    const rows = await q<{ id: number; start: string; prev_end: string; prev_state: string; same: boolean }>(
      t,
      `select r.id, r.start_date::text as start, (p.end_date + 1)::text as prev_end, p.state as prev_state,
         r.car_id = p.car_id and r.driver_id = p.driver_id and r.group_no = p.group_no as same
       from rental_contracts r join rental_contracts p on p.tenant_id = r.tenant_id and p.id = r.previous_id
       where r.tenant_id = $1 and r.origin = 'renewal'`,
      [tenantId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ prev_state: 'signed', same: true });
    expect(rows[0]!.start).toBe(rows[0]!.prev_end);
    const group = await t.request('GET', `${P}/group/${rows[0]!.id}`, { as: 'admin' });
    expect(group.json().data.map((g: GroupContract) => g.origin)).toEqual(['new', 'renewal']);
  });
});

describe('renewal', () => {
  let old: Contract;
  let next: Contract;

  it('refuses a wrong start, bad terms, a pending contract, a clerk without add/sign and another tenant', async () => {
    old = await signed(cars[0]!, { endDate: '2026-04-09' });
    const wrongStart = await t.request('POST', `${P}/renew/${old.id}`, {
      as: 'admin',
      body: renewal({ startDate: '2026-04-11' }),
    });
    expect(wrongStart.statusCode).toBe(400);
    expect(wrongStart.json().errors[0].path).toBe('startDate');
    expect(wrongStart.json().message).toContain('2026-04-10');
    const bad = await t.request('POST', `${P}/renew/${old.id}`, {
      as: 'admin',
      body: renewal({ endDate: '2026-03-01' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('endDate');
    const pending = (await add({ ...terms(), driverId, carId: cars[3] })).json().data;
    const notSigned = await t.request('POST', `${P}/renew/${pending.id}`, {
      as: 'admin',
      body: renewal({ startDate: '2027-01-10', endDate: '2027-06-09' }),
    });
    expect(notSigned.statusCode).toBe(409);
    await t.request('POST', `${P}/cancel/${pending.id}`, { as: 'admin', body: { reason: '测试' } });
    const denied = await t.request('POST', `${P}/renew/${old.id}`, { token: viewer, body: renewal() });
    expect(denied.statusCode).toBe(403);
    const foreign = await t.request('POST', `${P}/renew/${old.id}`, { as: 'other', body: renewal() });
    expect(foreign.statusCode).toBe(404);
  });

  it('makes a pending contract of the same group, driver and car from the day after; only one', async () => {
    const res = await t.request('POST', `${P}/renew/${old.id}`, { as: 'admin', body: renewal() });
    expect(res.statusCode, res.body).toBe(200);
    next = Contract.parse(res.json().data);
    expect(next).toMatchObject({
      state: 'pending',
      origin: 'renewal',
      previousId: old.id,
      groupNo: old.groupNo,
      groupSeq: 2,
      driverId,
      carId: cars[0],
      startDate: '2026-04-10',
      endDate: '2026-07-09',
      instalments: 3,
      rent: 3200,
    });
    expect(next.number).not.toBe(old.number);
    expect(await carStatus(cars[0]!)).toBe('rented');
    // Its bills wait for the signing, even though the group has a signed contract.
    const first = (await lines(next.id)).find((l) => l.type === 'rent')!;
    const early = await t.request('POST', `${P}/collect/${first.id}`, {
      as: 'admin',
      body: { amount: 1, accountId, version: first.version },
    });
    expect(early.statusCode).toBe(409);
    const again = await t.request('POST', `${P}/renew/${old.id}`, { as: 'admin', body: renewal() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(next.number);
  });

  it("lists the group's contracts in order, for the viewer too; 404 for another tenant", async () => {
    const res = await t.request('GET', `${P}/group/${next.id}`, { token: viewer });
    expect(res.statusCode, res.body).toBe(200);
    const rows: GroupContract[] = res.json().data;
    expect(rows.map((r) => [r.id, r.groupSeq, r.origin])).toEqual([
      [old.id, 1, 'new'],
      [next.id, 2, 'renewal'],
    ]);
    expect((await t.request('GET', `${P}/group/${next.id}`, { as: 'other' })).statusCode).toBe(404);
  });

  it('signs the renewal with the car still rented; the old one ends without giving the car back', async () => {
    const s = await sign(next.id);
    expect(s.statusCode, s.body).toBe(200);
    expect(await carStatus(cars[0]!)).toBe('rented');
    const fin = await t.request('POST', `${P}/finish/${old.id}`, { as: 'admin', body: { reason: '续约' } });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data.state).toBe('terminated');
    expect(await carStatus(cars[0]!)).toBe('rented');
    // The group settles once: the old contract's open bills are still collected while the group goes on.
    const open = (await lines(old.id)).find((l) => l.type === 'rent' && l.state === 'unpaid')!;
    const col = await t.request('POST', `${P}/collect/${open.id}`, {
      as: 'admin',
      body: { amount: open.amount, accountId, version: open.version },
    });
    expect(col.statusCode, col.body).toBe(200);
  });
});

describe('car change', () => {
  let old: Contract;
  let next: Contract;

  it('refuses a day outside the contract or in the future, the same car, a busy car, a viewer and another tenant', async () => {
    old = await signed(cars[1]!, { endDate: '2026-07-09' });
    // Period 2 (2026-02-10 ~ 2026-03-09) is paid in full.
    const second = (await lines(old.id)).find((l) => l.period === 2)!;
    const paid = await t.request('POST', `${P}/collect/${second.id}`, {
      as: 'admin',
      body: { amount: 3000, accountId, version: second.version },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const body = (extra: Record<string, unknown>) => ({
      carId: cars[2],
      changeDate: '2026-02-20',
      reason: '车辆故障',
      ...extra,
    });
    for (const [extra, path] of [
      [{ changeDate: '2026-01-10' }, 'changeDate'],
      [{ changeDate: '2026-02-21' }, 'changeDate'],
      [{ carId: cars[1] }, 'carId'],
      [{ reason: '' }, 'reason'],
    ] as const) {
      const res = await t.request('POST', `${P}/changeCar/${old.id}`, { as: 'admin', body: body(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    // A car that is rented (the renewal's) cannot be rented out again.
    const busy = await t.request('POST', `${P}/changeCar/${old.id}`, { as: 'admin', body: body({ carId: cars[0] }) });
    expect(busy.statusCode).toBe(409);
    expect(await contract(old.id)).toMatchObject({ state: 'signed', endDate: '2026-07-09' });
    expect((await t.request('POST', `${P}/changeCar/${old.id}`, { token: viewer, body: body({}) })).statusCode).toBe(
      403,
    );
    expect((await t.request('POST', `${P}/changeCar/${old.id}`, { as: 'other', body: body({}) })).statusCode).toBe(404);
  });

  it('settles the old contract to the day before, carries the deposit and the unused rent, swaps the cars', async () => {
    const res = await t.request('POST', `${P}/changeCar/${old.id}`, {
      as: 'admin',
      body: { carId: cars[2], changeDate: '2026-02-20', reason: '车辆故障' },
    });
    expect(res.statusCode, res.body).toBe(200);
    next = Contract.parse(res.json().data);
    expect(next).toMatchObject({
      state: 'signed',
      origin: 'carChange',
      previousId: old.id,
      groupNo: old.groupNo,
      groupSeq: 2,
      carId: cars[2],
      driverId,
      startDate: '2026-02-20',
      endDate: '2026-07-09',
      deposit: 5000,
      managementFee: 0,
      rent: 3000,
    });
    expect(await carStatus(cars[1]!)).toBe('preparing');
    await prepareCar(t, cars[1]!);
    expect(await carStatus(cars[2]!)).toBe('rented');

    const was = await contract(old.id);
    expect(was).toMatchObject({ state: 'completed', endDate: '2026-02-19', instalments: 2 });
    const oldLines = await lines(old.id);
    // Period 2 pro-rated to 10 days: 3,000 / 30 x 10 = 1,000; the 2,000 paid beyond it goes on as a credit.
    expect(oldLines.filter((l) => l.type === 'rent').map((l) => [l.period, l.amount, l.paid, l.periodEnd])).toEqual([
      [1, 3000, 3000, '2026-02-09'],
      [2, 1000, 1000, '2026-02-19'],
    ]);
    expect(oldLines.filter((l) => l.amount < 0).map((l) => [l.type, l.amount, l.state])).toEqual([
      ['deposit', -5000, 'paid'],
      ['other', -2000, 'paid'],
    ]);

    const newLines = await lines(next.id);
    expect(newLines.find((l) => l.type === 'deposit')).toMatchObject({ amount: 5000, paid: 5000, state: 'paid' });
    expect(newLines.find((l) => l.type === 'managementFee')).toBeUndefined();
    expect(newLines.find((l) => l.amount === -2000)).toMatchObject({ type: 'other', state: 'unpaid' });
    expect(newLines.find((l) => l.type === 'rent' && l.period === 1)).toMatchObject({
      periodStart: '2026-02-20',
      dueDate: '2026-02-20',
      amount: 3000,
      state: 'unpaid',
    });
    const group = (await t.request('GET', `${P}/group/${old.id}`, { as: 'admin' })).json().data as GroupContract[];
    expect(group.map((g) => g.origin)).toEqual(['new', 'carChange']);
    // The old contract is completed: it cannot change its car again.
    const twice = await t.request('POST', `${P}/changeCar/${old.id}`, {
      as: 'admin',
      body: { carId: cars[1], changeDate: '2026-02-20', reason: 'x' },
    });
    expect(twice.statusCode).toBe(409);
  });

  describe('temporary replacement car', () => {
    let temp: TempCar;
    // The temporary car: an idle car without usage periods (a temporary car's handover opens one: periods of a
    // car never overlap). Not cars[4], used further down.
    let spare: number;
    beforeAll(async () => {
      spare = cars[5]!;
    });

    it('refuses bad periods, the own car, a busy car, a viewer and another tenant', async () => {
      const body = (extra: Record<string, unknown>) => ({
        carId: spare,
        fromDate: '2026-02-20',
        toDate: '2026-03-10',
        reason: '原车大修',
        ...extra,
      });
      for (const [extra, path] of [
        [{ toDate: '2026-02-19' }, 'toDate'],
        [{ fromDate: '2026-07-10', toDate: '2026-07-10' }, 'fromDate'],
        [{ fromDate: '2026-02-01' }, 'fromDate'],
        [{ toDate: '2026-08-01' }, 'toDate'],
        [{ carId: cars[2] }, 'carId'],
        [{ reason: ' ' }, 'reason'],
      ] as const) {
        const res = await t.request('POST', `${P}/tempCar/add/${next.id}`, { as: 'admin', body: body(extra) });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().errors[0].path).toBe(path);
      }
      const busy = await t.request('POST', `${P}/tempCar/add/${next.id}`, {
        as: 'admin',
        body: body({ carId: cars[0] }),
      });
      expect(busy.statusCode).toBe(409);
      const denied = await t.request('POST', `${P}/tempCar/add/${next.id}`, { token: viewer, body: body({}) });
      expect(denied.statusCode).toBe(403);
      const foreign = await t.request('POST', `${P}/tempCar/add/${next.id}`, { as: 'other', body: body({}) });
      expect(foreign.statusCode).toBe(404);
      expect((await t.request('GET', `${P}/tempCars/${next.id}`, { as: 'other' })).statusCode).toBe(404);
    });

    it('rents the temporary car out; the contract keeps its car; the car change waits for it', async () => {
      const res = await t.request('POST', `${P}/tempCar/add/${next.id}`, {
        as: 'admin',
        body: { carId: spare, fromDate: '2026-02-20', toDate: '2026-03-10', reason: '原车大修' },
      });
      expect(res.statusCode, res.body).toBe(200);
      temp = (res.json().data as TempCar[])[0]!;
      expect(temp).toMatchObject({ carId: spare, fromDate: '2026-02-20', toDate: '2026-03-10', active: true });
      expect(temp).toMatchObject({ state: 'inUse' });
      expect(temp.usagePeriodId).not.toBeNull();
      expect(await carStatus(spare)).toBe('rented');
      expect((await contract(next.id)).carId).toBe(cars[2]);
      const listed = await t.request('GET', `${P}/tempCars/${next.id}`, { token: viewer });
      expect(listed.json().data).toHaveLength(1);
      const change = await t.request('POST', `${P}/changeCar/${next.id}`, {
        as: 'admin',
        body: { carId: cars[3], changeDate: '2026-02-20', reason: 'x' },
      });
      expect(change.statusCode).toBe(409);
    });

    it('attributes a car on a day to its contract, the temporary period first', async () => {
      // In the temporary period the temporary car belongs to the new contract; the old car, before the change, to
      // the old one.
      expect(await contractForCarAt(t.deps.db, tenantId, spare, '2026-02-25')).toMatchObject({
        contractId: next.id,
        via: 'tempCar',
      });
      expect(await contractForCarAt(t.deps.db, tenantId, cars[1]!, '2026-02-01')).toMatchObject({
        contractId: old.id,
        via: 'contract',
      });
      expect(await contractForCarAt(t.deps.db, tenantId, cars[2]!, '2026-02-25')).toMatchObject({
        contractId: next.id,
        via: 'contract',
      });
      // After the temporary period it is no longer the new contract's (the seed's own history may hold it).
      expect((await contractForCarAt(t.deps.db, tenantId, spare, '2026-03-20'))?.contractId).not.toBe(next.id);
      const otherTenant = Number((await q<{ id: number }>(t, `select id from tenants where code = 'OTHER'`))[0]!.id);
      expect(await contractForCarAt(t.deps.db, otherTenant, spare, '2026-02-25')).toBeNull();
    });

    it('ends one early (the car goes back), refuses to end it twice or outside its period', async () => {
      const bad = await t.request('POST', `${P}/tempCar/end/${temp.id}`, {
        as: 'admin',
        body: { endDate: '2026-02-19' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toBe('endDate');
      expect((await t.request('POST', `${P}/tempCar/end/${temp.id}`, { token: viewer, body: {} })).statusCode).toBe(
        403,
      );
      expect((await t.request('POST', `${P}/tempCar/end/${temp.id}`, { as: 'other', body: {} })).statusCode).toBe(404);
      const res = await t.request('POST', `${P}/tempCar/end/${temp.id}`, { as: 'admin', body: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data[0]).toMatchObject({ active: false, state: 'ended', toDate: '2026-02-20' });
      expect(await carStatus(spare)).toBe('preparing');
      await prepareCar(t, spare);
      const twice = await t.request('POST', `${P}/tempCar/end/${temp.id}`, { as: 'admin', body: {} });
      expect(twice.statusCode).toBe(409);
    });

    it('the daily job gives back a temporary car past its end date', async () => {
      // Ten minutes later (the usage period of the car's last temporary use ended before).
      t.clock.set(new Date('2026-02-20T04:10:00Z'));
      const res = await t.request('POST', `${P}/tempCar/add/${next.id}`, {
        as: 'admin',
        body: { carId: spare, fromDate: '2026-02-20', toDate: '2026-02-25', reason: '原车保养' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await endExpiredTempCars(t.deps, tenantId, '2026-02-25')).toBe(0);
      expect(await endExpiredTempCars(t.deps, tenantId, '2026-02-26')).toBe(1);
      expect(await carStatus(spare)).toBe('preparing');
      await prepareCar(t, spare);
      const list = (await t.request('GET', `${P}/tempCars/${next.id}`, { as: 'admin' })).json().data as TempCar[];
      expect(list.every((x) => !x.active)).toBe(true);
    });

    it('ending the contract ends its temporary cars; a user without the contract permission sees none', async () => {
      for (const url of [`${P}/tempCars/${next.id}`, `${P}/group/${next.id}`]) {
        const res = await t.request('GET', url, { as: 'clerk' });
        expect(res.statusCode, url).toBe(403);
      }
      t.clock.set(new Date('2026-02-20T04:20:00Z'));
      const res = await t.request('POST', `${P}/tempCar/add/${next.id}`, {
        as: 'admin',
        body: { carId: spare, fromDate: '2026-02-20', toDate: '2026-04-30', reason: '原车大修' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const fin = await t.request('POST', `${P}/finish/${next.id}`, { as: 'admin', body: { reason: '退车' } });
      expect(fin.statusCode, fin.body).toBe(200);
      expect(await carStatus(spare)).toBe('preparing');
      await prepareCar(t, spare);
      expect(await carStatus(cars[2]!)).toBe('preparing');
      await prepareCar(t, cars[2]!);
      const list = (await t.request('GET', `${P}/tempCars/${next.id}`, { as: 'admin' })).json().data as TempCar[];
      // The newest first: ended today, not on its planned 2026-04-30.
      expect(list[0]).toMatchObject({ active: false, toDate: '2026-02-20', reason: '原车大修' });
    });
  });
});

describe('open bills of a contract ended by a car change, while its group goes on', () => {
  let old: Contract;
  let next: Contract;
  let overdue: PaymentLine[];
  let proRated: PaymentLine;
  let assigneeId: number;

  const debtorRows = async (token: string) => {
    const res = await t.request('GET', `${P}/debtors`, { token, query: { assigneeId, pageSize: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { enabled: boolean; rows: { contractId: number; lineId: number }[]; total: number };
  };
  const reminded = async (lineIds: number[]) =>
    (
      await q<{ key: string }>(t, `select key from rental_reminders where tenant_id = $1 and key = any($2::text[])`, [
        tenantId,
        lineIds.map((id) => `overdue:${id}`),
      ])
    ).map((r) => r.key);

  it('leaves two overdue periods and a pro-rated one on the completed old contract', async () => {
    // Postpaid monthly from 2025-11-10: period 1 is collected at signing, periods 2 (due 2026-01-09) and
    // 3 (due 2026-02-09) stay open; the car changes on 2026-02-20 (to cars[3], idle again since its pending
    // contract was cancelled above) and period 4 is pro-rated to 10 days, due the day before.
    old = await signed(cars[4]!, { billing: 'postpaid', startDate: '2025-11-10', endDate: '2026-11-09' });
    const res = await t.request('POST', `${P}/changeCar/${old.id}`, {
      as: 'admin',
      body: { carId: cars[3], changeDate: '2026-02-20', reason: '车辆故障' },
    });
    expect(res.statusCode, res.body).toBe(200);
    next = Contract.parse(res.json().data);
    expect(next.state).toBe('signed');
    expect((await contract(old.id)).state).toBe('completed');
    const rent = (await lines(old.id)).filter((l) => l.type === 'rent' && l.state === 'unpaid');
    expect(rent.map((l) => [l.period, l.dueDate, l.amount])).toEqual([
      [2, '2026-01-09', 3000],
      [3, '2026-02-09', 3000],
      [4, '2026-02-19', 1000],
    ]);
    overdue = rent.slice(0, 2);
    proRated = rent[2]!;
    // The old contract's debts are followed by a collector of their own (the filter of the list below).
    assigneeId = Number((await q<{ id: number }>(t, `select id from users where username = 'contract-viewer'`))[0]!.id);
    const assign = await t.request('PUT', `${P}/debtor/assignee/${old.id}`, { as: 'admin', body: { assigneeId } });
    expect(assign.statusCode, assign.body).toBe(200);
  });

  it('the late-fee job charges its overdue bills, the pro-rated one not yet (grace days)', async () => {
    await applyLateFees(t.deps, tenantId, '2026-02-20');
    const all = await lines(old.id);
    const feeOf = (l: PaymentLine) => all.find((f) => f.type === 'lateFee' && f.lateFeeFor === l.id);
    // Deadline 2026-02-17: period 2 is 39 days past it (3,000 x 0.5 % x 39 = 585), period 3 is 8 days past it
    // (3,000 x 0.5 % x 8 = 120).
    expect(feeOf(overdue[0]!)).toMatchObject({ amount: 585, state: 'unpaid', contractId: old.id });
    expect(feeOf(overdue[1]!)).toMatchObject({ amount: 120, state: 'unpaid', contractId: old.id });
    expect(feeOf(proRated)).toBeUndefined();
    // The same day again writes nothing new for them.
    await applyLateFees(t.deps, tenantId, '2026-02-20');
    expect((await lines(old.id)).filter((l) => l.type === 'lateFee')).toHaveLength(2);
  });

  it('the debt-collection list shows them with their late fee; the viewer may not see the list', async () => {
    await q(
      t,
      `insert into tenant_settings (tenant_id, rules) values ($1, '{"settingDebtorPaying": true}')
       on conflict (tenant_id) do update set rules = tenant_settings.rules || '{"settingDebtorPaying": true}'`,
      [tenantId],
    );
    const token = (await t.signIn('admin')).json().access_token as string;
    const d = await debtorRows(token);
    expect(d.enabled).toBe(true);
    const rows = d.rows.filter((r) => r.contractId === old.id);
    expect(rows).toEqual([
      expect.objectContaining({ lineId: overdue[0]!.id, number: old.number, overdueDays: 39, bucket: 'd15plus' }),
      expect.objectContaining({ lineId: overdue[1]!.id, overdueDays: 8, bucket: 'd15', lateFee: 120 }),
    ]);
    expect(rows[0]).toMatchObject({ lateFee: 585, outstanding: 3000, repeated: true });
    expect((await t.request('GET', `${P}/debtors`, { token: viewer })).statusCode).toBe(403);
    expect(
      (await t.request('GET', `${P}/debtors`, { as: 'other', query: { pageSize: 100 } })).json().data.rows,
    ).toEqual([]);
  });

  it('the reminder job reminds them once, in the message centre', async () => {
    await sendReminders(t.deps, tenantId);
    expect((await reminded(overdue.map((l) => l.id))).sort()).toEqual(overdue.map((l) => `overdue:${l.id}`).sort());
    const msgs = await q<{ content: string }>(
      t,
      `select content from push_records where tenant_id = $1 and category = 2 and title = '租金逾期'
         and content like $2`,
      [tenantId, `合同 ${old.number}%`],
    );
    expect(msgs.length).toBeGreaterThan(0);
    expect(msgs.every((m) => m.content.includes('已逾期'))).toBe(true);
    expect(await sendReminders(t.deps, tenantId)).toBe(0);
    // Each overdue bill is also a `bill.overdue` event, once, with what is still owed.
    const events = await q<{ payload: { lineId: number; contractId: number; outstandingFen: number } }>(
      t,
      `select payload from domain_events where tenant_id = $1 and name = 'bill.overdue'
         and (payload->>'lineId')::int8 = any($2::int8[])`,
      [tenantId, `{${overdue.map((l) => l.id).join(',')}}`],
    );
    expect(events.map((e) => e.payload.lineId).sort()).toEqual(overdue.map((l) => l.id).sort());
    for (const e of events) {
      const line = overdue.find((l) => l.id === e.payload.lineId)!;
      expect(e.payload.outstandingFen).toBe(Math.round(line.outstanding * 100));
    }
  });

  it('once the group ends, nothing more: no late fee, no debt row, no reminder, no collection', async () => {
    const fin = await t.request('POST', `${P}/finish/${next.id}`, { as: 'admin', body: { reason: '退车' } });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data.state).not.toBe('signed');
    await prepareCar(t, cars[3]!);
    // On 2026-03-01 (deadline 2026-02-26) the pro-rated bill is overdue too; the fees would have grown.
    t.clock.set(new Date('2026-03-01T04:00:00Z'));
    try {
      // Tokens are signed for the moved clock.
      const token = (await t.signIn('admin')).json().access_token as string;
      await applyLateFees(t.deps, tenantId, '2026-03-01');
      const all: PaymentLine[] = (await t.request('GET', `${P}/lines/${old.id}`, { token })).json().data;
      expect(all.filter((l) => l.type === 'lateFee').map((l) => [l.lateFeeFor, l.amount])).toEqual([
        [overdue[0]!.id, 585],
        [overdue[1]!.id, 120],
      ]);
      const d = await debtorRows(token);
      expect(d.rows.filter((r) => r.contractId === old.id || r.contractId === next.id)).toEqual([]);
      await sendReminders(t.deps, tenantId);
      expect(await reminded([proRated.id])).toEqual([]);
      const col = await t.request('POST', `${P}/collect/${proRated.id}`, {
        token,
        body: { amount: 1000, accountId, version: proRated.version },
      });
      expect(col.statusCode).toBe(409);
    } finally {
      t.clock.set(new Date('2026-02-20T04:00:00Z'));
    }
  });
});
