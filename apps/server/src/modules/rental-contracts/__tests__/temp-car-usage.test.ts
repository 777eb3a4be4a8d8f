import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempCar } from '@fleetdesk/contracts/rental-contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import { contractForCarAt, endExpiredTempCars } from '../rental-contracts.temp-cars.js';
import { activeDriver, idleCars, P, q, rentIds, terms } from './fixtures.js';

/*
 * A temporary car booked for a later start (reserved -> handed over -> ended, or cancelled), and the usage period
 * its handover opens: violations on the temporary car while the driver has it go to the original contract's driver.
 */

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let cars: number[];
let driverId: number;
let tenantId: number;
let viewer: string;
let contractId: number;
let tempCarId: number;

// Moving the clock by days outlives a session: each user signs in again after a move.
const tokens = new Map<string, string>();
const at = (iso: string) => {
  t.clock.set(new Date(iso));
  tokens.clear();
};
async function tok(username: 'admin' | 'other'): Promise<string> {
  if (!tokens.has(username)) {
    const res = await t.signIn(username);
    expect(res.statusCode, res.body).toBe(200);
    tokens.set(username, res.json().access_token as string);
  }
  return tokens.get(username)!;
}

beforeAll(async () => {
  t = await createTestApp();
  // 2026-02-20 12:00 in Shanghai.
  at('2026-02-20T04:00:00Z');
  rents = await rentIds(t);
  // New cars (no usage periods: periods of a car never overlap). cars[0]: the contract's own car; cars[1] and
  // cars[2]: temporary cars.
  cars = await idleCars(t, rents.hz, 3);
  tempCarId = cars[1]!;
  driverId = await activeDriver(t, rents.hz);
  tenantId = Number((await q<{ id: number }>(t, `select id from tenants where code = 'DEMO'`))[0]!.id);
  const acc = await t.request('POST', `${P}/account/add`, { as: 'admin', body: { name: '临时车测试', kind: 'cash' } });
  const role = await t.request('POST', '/api/ccwadmin/role/add', {
    as: 'admin',
    body: { name: '合同只读', dataScope: 'all', grants: ['rentContract:view'] },
  });
  viewer = (await addUser(t, 'temp-car-viewer', { roleIds: [role.json().data.id], rentIds: [rents.hz] })).token;
  const c = await t.request('POST', `${P}/add`, {
    as: 'admin',
    rent: rents.hz,
    body: { ...terms({ type: 'longTerm', buyOutPrice: null }), driverId, carId: cars[0] },
  });
  expect(c.statusCode, c.body).toBe(200);
  contractId = c.json().data.id;
  const s = await t.request('POST', `${P}/sign/${contractId}`, {
    as: 'admin',
    body: { accountId: acc.json().data.id },
  });
  expect(s.statusCode, s.body).toBe(200);
});
afterAll(async () => t.close());

const add = async (body: Record<string, unknown>, as: 'admin' | 'other' = 'admin') =>
  t.request('POST', `${P}/tempCar/add/${contractId}`, {
    token: await tok(as),
    body: { carId: tempCarId, toDate: '2026-03-10', reason: '原车大修', ...body },
  });
const list = async (): Promise<TempCar[]> =>
  (await t.request('GET', `${P}/tempCars/${contractId}`, { token: await tok('admin') })).json().data;
/** A returned car is declared ready (preparing -> idle), as `fixtures.prepareCar` does, with a fresh session. */
async function prepared(carId: number) {
  const res = await t.request('PUT', `/api/ccwadmin/rentCar/prepared/${carId}`, { token: await tok('admin') });
  expect(res.statusCode, res.body).toBe(200);
}
const carStatus = async (id: number) =>
  (await q<{ status: string }>(t, `select status from cars where id = $1`, [id]))[0]!.status;
const period = async (id: number) =>
  (
    await q<{ car_id: number; contract_id: number; driver_id: number; from_at: Date; to_at: Date | null }>(
      t,
      `select car_id, contract_id, driver_id, from_at, to_at from car_usage_periods where id = $1`,
      [id],
    )
  )[0]!;

async function violationOn(carId: number, occurredAt: string, no: string) {
  const [car] = await q<{ rent_id: number; plate: string }>(t, `select rent_id, plate from cars where id = $1`, [
    carId,
  ]);
  await q(
    t,
    `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code,
       offence_text, fine_fen, points, source)
     values ($1, $2, $3, $4, $5, $6, '杭州市文三路', '1039', '违反规定停放', 20000, 0, 'manual')`,
    [tenantId, car!.rent_id, carId, car!.plate, no, occurredAt],
  );
  return (
    await q<{ driver_id: number | null; usage_period_id: number | null }>(
      t,
      `select driver_id, usage_period_id from violations where violation_no = $1`,
      [no],
    )
  )[0]!;
}

describe('a temporary car booked for a later start', () => {
  let booked: TempCar;

  it('refuses a start outside the contract, and another tenant', async () => {
    for (const [body, path] of [
      [{ fromDate: '2026-01-09' }, 'fromDate'],
      [{ fromDate: '2027-01-10', toDate: '2027-01-12' }, 'fromDate'],
      [{ fromDate: '2026-03-11' }, 'toDate'],
    ] as const) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await add({ fromDate: '2026-02-25' }, 'other')).statusCode).toBe(404);
    expect(await carStatus(tempCarId)).toBe('idle');
  });

  it('is booked: the car reserved, no usage period, not yet the contract car', async () => {
    const res = await add({ fromDate: '2026-02-25' });
    expect(res.statusCode, res.body).toBe(200);
    booked = (res.json().data as TempCar[])[0]!;
    expect(booked).toMatchObject({ state: 'booked', active: true, usagePeriodId: null, fromDate: '2026-02-25' });
    expect(await carStatus(tempCarId)).toBe('reserved');
    expect((await contractForCarAt(t.deps.db, tenantId, tempCarId, '2026-02-26'))?.contractId).not.toBe(contractId);
    // The reserved car cannot be booked twice.
    expect((await add({ fromDate: '2026-02-26' })).statusCode).toBe(409);
  });

  it('is not handed over before its first day, nor ended; a viewer and another tenant are refused', async () => {
    const early = await t.request('POST', `${P}/tempCar/start/${booked.id}`, { token: await tok('admin') });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('2026-02-25');
    expect(
      (await t.request('POST', `${P}/tempCar/end/${booked.id}`, { token: await tok('admin'), body: {} })).statusCode,
    ).toBe(409);
    for (const action of ['start', 'cancel']) {
      const url = `${P}/tempCar/${action}/${booked.id}`;
      expect((await t.request('POST', url, { token: viewer })).statusCode, action).toBe(403);
      expect((await t.request('POST', url, { token: await tok('other') })).statusCode, action).toBe(404);
    }
    expect((await t.request('POST', `${P}/tempCar/start/999999`, { token: await tok('admin') })).statusCode).toBe(404);
  });

  it('is cancelled: the reservation is released; cancelled twice is refused', async () => {
    const res = await t.request('POST', `${P}/tempCar/cancel/${booked.id}`, { token: await tok('admin') });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as TempCar[]).find((r) => r.id === booked.id)).toMatchObject({
      state: 'cancelled',
      active: false,
    });
    expect(await carStatus(tempCarId)).toBe('idle');
    expect(
      (await t.request('POST', `${P}/tempCar/cancel/${booked.id}`, { token: await tok('admin') })).statusCode,
    ).toBe(409);
    expect((await t.request('POST', `${P}/tempCar/start/${booked.id}`, { token: await tok('admin') })).statusCode).toBe(
      409,
    );
  });

  it("is handed over on its day: rented, a usage period of the temporary car for the contract's driver", async () => {
    const res = await add({ fromDate: '2026-02-22', toDate: '2026-03-05' });
    expect(res.statusCode, res.body).toBe(200);
    booked = (res.json().data as TempCar[]).find((r) => r.fromDate === '2026-02-22')!;
    expect(booked.state).toBe('booked');
    at('2026-02-22T02:00:00Z');
    const started = await t.request('POST', `${P}/tempCar/start/${booked.id}`, { token: await tok('admin') });
    expect(started.statusCode, started.body).toBe(200);
    const x = (started.json().data as TempCar[]).find((r) => r.id === booked.id)!;
    expect(x).toMatchObject({ state: 'inUse', active: true });
    expect(x.usagePeriodId).not.toBeNull();
    booked = x;
    expect(await carStatus(tempCarId)).toBe('rented');
    const p = await period(x.usagePeriodId!);
    expect(p).toMatchObject({ contract_id: contractId, driver_id: driverId, to_at: null });
    expect(Number(p.car_id)).toBe(tempCarId);
    expect(new Date(p.from_at).toISOString()).toBe('2026-02-22T02:00:00.000Z');
    expect((await t.request('POST', `${P}/tempCar/start/${booked.id}`, { token: await tok('admin') })).statusCode).toBe(
      409,
    );
    expect(await contractForCarAt(t.deps.db, tenantId, tempCarId, '2026-02-23')).toMatchObject({
      contractId,
      driverId,
      via: 'tempCar',
    });
  });

  it("attributes a violation on the temporary car in its use to the original contract's driver", async () => {
    const inUse = await violationOn(tempCarId, '2026-02-23T03:00:00Z', 'TEMP-IN-USE');
    expect(Number(inUse.driver_id)).toBe(driverId);
    expect(Number(inUse.usage_period_id)).toBe(booked.usagePeriodId);
    const before = await violationOn(tempCarId, '2026-02-22T01:00:00Z', 'TEMP-BEFORE');
    expect(before.usage_period_id).not.toBe(booked.usagePeriodId);
  });

  it('is returned: the period closes at the end of its last day and later violations are not the driver’s', async () => {
    at('2026-03-01T04:00:00Z');
    const res = await t.request('POST', `${P}/tempCar/end/${booked.id}`, {
      token: await tok('admin'),
      body: { endDate: '2026-02-27' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as TempCar[]).find((r) => r.id === booked.id)).toMatchObject({
      state: 'ended',
      active: false,
      toDate: '2026-02-27',
    });
    expect(await carStatus(tempCarId)).toBe('preparing');
    // The end of 2026-02-27 in Shanghai.
    expect(new Date((await period(booked.usagePeriodId!)).to_at!).toISOString()).toBe('2026-02-27T16:00:00.000Z');
    expect((await violationOn(tempCarId, '2026-02-27T15:00:00Z', 'TEMP-LAST-DAY')).usage_period_id).toBe(
      booked.usagePeriodId,
    );
    const after = await violationOn(tempCarId, '2026-02-28T03:00:00Z', 'TEMP-AFTER');
    expect(after.usage_period_id).not.toBe(booked.usagePeriodId);
    // The violation in use keeps its driver.
    expect(Number((await violationOn(tempCarId, '2026-02-24T03:00:00Z', 'TEMP-IN-USE-2')).driver_id)).toBe(driverId);
    await prepared(tempCarId);
  });
});

describe('the daily job and the end of the contract', () => {
  it('cancels a booking whose period passed unstarted', async () => {
    const res = await add({ fromDate: '2026-03-03', toDate: '2026-03-04' });
    expect(res.statusCode, res.body).toBe(200);
    const x = (res.json().data as TempCar[]).find((r) => r.fromDate === '2026-03-03')!;
    expect(await carStatus(tempCarId)).toBe('reserved');
    expect(await endExpiredTempCars(t.deps, tenantId, '2026-03-04')).toBe(0);
    expect(await endExpiredTempCars(t.deps, tenantId, '2026-03-05')).toBe(1);
    expect((await list()).find((r) => r.id === x.id)).toMatchObject({ state: 'cancelled', active: false });
    expect(await carStatus(tempCarId)).toBe('idle');
  });

  it('closes the period of one handed over when it was recorded, after its end date', async () => {
    at('2026-03-01T05:00:00Z');
    const res = await add({ fromDate: '2026-03-01', toDate: '2026-03-02' });
    expect(res.statusCode, res.body).toBe(200);
    const x = (res.json().data as TempCar[]).find((r) => r.fromDate === '2026-03-01')!;
    expect(x).toMatchObject({ state: 'inUse' });
    expect((await period(x.usagePeriodId!)).to_at).toBeNull();
    at('2026-03-03T01:00:00Z');
    expect(await endExpiredTempCars(t.deps, tenantId)).toBe(1);
    expect((await list()).find((r) => r.id === x.id)).toMatchObject({ state: 'ended', active: false });
    expect(new Date((await period(x.usagePeriodId!)).to_at!).toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(await carStatus(tempCarId)).toBe('preparing');
    await prepared(tempCarId);
  });

  it('ending the contract cancels a booking and closes a period in use', async () => {
    const inUse = await add({ carId: cars[2], fromDate: '2026-03-03', toDate: '2026-03-20' });
    expect(inUse.statusCode, inUse.body).toBe(200);
    const bookedRes = await add({ fromDate: '2026-03-10', toDate: '2026-03-20' });
    expect(bookedRes.statusCode, bookedRes.body).toBe(200);
    at('2026-03-03T06:00:00Z');
    const fin = await t.request('POST', `${P}/finish/${contractId}`, {
      token: await tok('admin'),
      body: { reason: '退车' },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const rows = await list();
    expect(rows.filter((r) => r.active)).toHaveLength(0);
    const a = rows.find((r) => r.carId === cars[2])!;
    expect(a.state).toBe('ended');
    expect((await period(a.usagePeriodId!)).to_at).not.toBeNull();
    expect(rows.find((r) => r.fromDate === '2026-03-10')!.state).toBe('cancelled');
    expect(await carStatus(tempCarId)).toBe('idle');
    expect(await carStatus(cars[2]!)).toBe('preparing');
  });

  it("another tenant does not see the contract's temporary cars", async () => {
    expect((await t.request('GET', `${P}/tempCars/${contractId}`, { token: await tok('other') })).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it("has a temporary car in use, its violation the contract driver's", async () => {
    const rows = await q<{ status: string; driver_id: number; period_driver: number | null }>(
      t,
      `select car.status, k.driver_id, p.driver_id as period_driver
       from rental_temp_cars x
       join rental_contracts k on k.tenant_id = x.tenant_id and k.id = x.contract_id
       join cars car on car.tenant_id = x.tenant_id and car.id = x.car_id
       left join car_usage_periods p on p.tenant_id = x.tenant_id and p.id = x.usage_period_id and p.to_at is null
       where x.tenant_id = $1 and x.state = 'inUse' and x.reason = '原车事故维修，等待配件'`,
      [tenantId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('rented');
    expect(Number(rows[0]!.period_driver)).toBe(Number(rows[0]!.driver_id));
    const [v] = await q<{ driver_id: number; contract_driver: number }>(
      t,
      `select v.driver_id, k.driver_id as contract_driver from violations v
       join car_usage_periods p on p.tenant_id = v.tenant_id and p.id = v.usage_period_id
       join rental_contracts k on k.tenant_id = p.tenant_id and k.id = p.contract_id
       where v.tenant_id = $1 and v.violation_no = 'DEMO-TEMPCAR-0001'`,
      [tenantId],
    );
    expect(Number(v!.driver_id)).toBe(Number(v!.contract_driver));
  });
});
