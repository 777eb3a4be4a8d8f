import { addMonths } from '@fleetdesk/contracts/dates';
import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { CarServicePosition, DueRow, nextService } from '@fleetdesk/contracts/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import { refreshDue, runDueHourly } from '../due.service.js';
import { A, addCar, addCarType, ids, insertOrder, insertPlan, setOdometer, today } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
let typeId: number;
let typePlan: number;
const cars: Record<string, { id: number; plate: string }> = {};
let viewer: string; // a user with maintenance view and add, Hangzhou only
let viewerNoExport: string;

const LIST = `${A}/maintainDue/list`;

async function list(query: Record<string, string | number> = {}, as = 'admin') {
  const who = as === 'admin' || as === 'other' ? { as } : { token: as };
  const res = await t.request('GET', LIST, { ...who, query: { pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { rows: DueRow[]; total: number };
  for (const row of data.rows) DueRow.parse(row);
  return data;
}
const mine = (rows: DueRow[]) => rows.filter((x) => Object.values(cars).some((c) => c.id === x.carId));

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  typeId = await addCarType(t, r.demo, '保养测试车型');
  typePlan = await insertPlan(t, r.demo, { carTypeId: typeId, km: 10_000, months: 6, name: '常规保养 1万公里/6个月' });
  const car = (key: string, rent: number, extra: Record<string, unknown>) =>
    addCar(t, rent, { carTypeId: typeId, ...extra }).then((c) => (cars[key] = c));
  await car('overByDate', r.hz, { registrationDate: addMonths(today(t), -7) });
  await car('soon', r.hz, { registrationDate: today(t, -170) });
  await car('ok', r.hz, { registrationDate: today(t, -30), mileageKm: 1000 });
  await car('kmSoon', r.hz, { registrationDate: today(t, -60), mileageKm: 2000 });
  await car('kmOver', r.hz, { registrationDate: today(t, -60), mileageKm: 2000 });
  await car('serviced', r.hz, { registrationDate: today(t, -400), mileageKm: 31_000 });
  await car('ownPlan', r.hz, { registrationDate: today(t, -40) });
  await car('sold', r.hz, { registrationDate: addMonths(today(t), -8) });
  await car('shanghai', r.sh, { registrationDate: addMonths(today(t), -9) });
  cars.noPlan = await addCar(t, r.hz, {});
  await setOdometer(t, r.demo, r.hz, cars.kmSoon!.id, 9_500);
  await setOdometer(t, r.demo, r.hz, cars.kmOver!.id, 10_200);
  await insertOrder(t, r.demo, {
    carId: cars.serviced!.id,
    rentId: r.hz,
    actualEnd: `${today(t, -20)}T10:00:00+08:00`,
    mileageIn: 29_990,
    mileageOut: 30_000,
  });
  // An older one and one not done: neither is the baseline.
  await insertOrder(t, r.demo, {
    carId: cars.serviced!.id,
    rentId: r.hz,
    actualEnd: `${today(t, -200)}T10:00:00+08:00`,
    mileageOut: 20_000,
  });
  await insertOrder(t, r.demo, { carId: cars.serviced!.id, rentId: r.hz, state: 'in_workshop', mileageIn: 30_500 });
  await insertPlan(t, r.demo, { carId: cars.ownPlan!.id, months: 1, name: '专车月保' });
  await t.deps.database.query(`update cars set status = 'sold' where id = $1`, [cars.sold!.id]);

  const role = await t.deps.database.query<{ id: number }>(
    `insert into roles (tenant_id, code, name, data_scope) values ($1, 'mview', '保养查看', 'assigned') returning id`,
    [r.demo],
  );
  const roleId = Number(role.rows[0]!.id);
  for (const code of ['maintenance', 'maintenance:view', 'maintenance:add']) {
    await t.deps.database.query(`insert into role_grants (tenant_id, role_id, code) values ($1, $2, $3)`, [
      r.demo,
      roleId,
      code,
    ]);
  }
  viewer = (await addUser(t, 'mviewer', { roleIds: [roleId], rentIds: [r.hz] })).token;
  viewerNoExport = viewer;

  await runDueHourly(t.deps);
});
afterAll(async () => t.close());

describe('the due list', () => {
  it('lists the cars due and overdue, soonest first, by date, by km and by their own plan', async () => {
    const { rows, total } = await list();
    const got = mine(rows);
    const by = (key: string) => got.find((x) => x.carId === cars[key]!.id);
    expect(got.map((x) => x.carId).sort()).toEqual(
      ['overByDate', 'soon', 'kmSoon', 'kmOver', 'ownPlan', 'shanghai'].map((k) => cars[k]!.id).sort(),
    );
    expect(total).toBe(rows.length);
    // soonest first
    const order = rows.map((x) => `${x.dueOn}|${String(x.carId).padStart(12, '0')}`);
    expect(order).toEqual([...order].sort());

    // months first, no history: the registration day is the baseline
    expect(by('overByDate')).toMatchObject({
      state: 'overdue',
      lastServiceOn: null,
      nextDueOn: addMonths(addMonths(today(t), -7), 6),
      nextDueKm: 10_000,
      kmSource: 'car',
    });
    const soon = nextService(
      { intervalKm: 10_000, intervalMonths: 6 },
      null,
      { registeredOn: today(t, -170), currentKm: 0 },
      today(t),
      { days: 15, km: 1000 },
    );
    expect(soon.state).toBe('due');
    expect(by('soon')).toMatchObject({ state: 'due', nextDueOn: soon.nextDueOn, dueOn: soon.dueOn, kmPerDay: null });

    // km first: the GPS odometer is larger than the car's mileage; within the lead km it is due today
    expect(by('kmSoon')).toMatchObject({
      state: 'due',
      currentKm: 9_500,
      kmSource: 'gps',
      remainingKm: 500,
      dueOn: today(t),
      kmPerDay: Math.round((9_500 / 60) * 100) / 100,
    });
    expect(by('kmOver')).toMatchObject({ state: 'overdue', currentKm: 10_200, remainingKm: -200 });

    // the car's own plan wins over its type's
    expect(by('ownPlan')).toMatchObject({
      state: 'overdue',
      planName: '专车月保',
      intervalMonths: 1,
      intervalKm: null,
    });
  });

  it('filters by state, keyword, car and rent', async () => {
    const overdue = mine((await list({ state: 'overdue' })).rows);
    expect(overdue.map((x) => x.state)).toEqual(overdue.map(() => 'overdue'));
    expect(overdue).toHaveLength(4);
    const due = mine((await list({ state: 'due' })).rows);
    expect(due.map((x) => x.carId).sort()).toEqual([cars.soon!.id, cars.kmSoon!.id].sort());
    expect((await list({ keyword: cars.soon!.plate.slice(-5) })).rows.map((x) => x.carId)).toEqual([cars.soon!.id]);
    expect((await list({ carId: cars.kmOver!.id })).rows.map((x) => x.carId)).toEqual([cars.kmOver!.id]);
    expect(mine((await list({ rentId: r.sh })).rows).map((x) => x.carId)).toEqual([cars.shanghai!.id]);
    expect(mine((await list({ carTypeId: typeId })).rows)).toHaveLength(6);
    const bad = await t.request('GET', LIST, { as: 'admin', query: { state: 'soon' } });
    expect(bad.statusCode).toBe(400);
  });

  it("sees only the caller's rents and permissions; another tenant sees nothing of it", async () => {
    const hz = await list({}, viewer);
    expect(mine(hz.rows).some((x) => x.carId === cars.shanghai!.id)).toBe(false);
    expect(mine(hz.rows)).toHaveLength(5);
    expect((await t.request('GET', LIST, { token: viewer, query: { rentId: r.sh } })).statusCode).toBe(403);
    expect((await t.request('GET', LIST, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('GET', `${A}/maintainDue/export`, { token: viewerNoExport })).statusCode).toBe(403);
    const other = await t.request('GET', LIST, { as: 'other' });
    expect(other.statusCode).toBe(200);
    expect(mine(other.json().data.rows)).toHaveLength(0);
  });

  it('exports the list as xlsx', async () => {
    const res = await t.request('GET', `${A}/maintainDue/export`, { as: 'admin', query: { state: 'overdue' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe("a car's service position", () => {
  const get = (carId: number, as = 'admin') => t.request('GET', `${A}/maintainDue/car/${carId}`, { as });

  it('answers the baseline of the newest done service, the next date and km, the pace', async () => {
    const res = await get(cars.serviced!.id);
    expect(res.statusCode).toBe(200);
    const p = CarServicePosition.parse(res.json().data);
    const expected = nextService(
      { intervalKm: 10_000, intervalMonths: 6 },
      { day: today(t, -20), km: 30_000 },
      { registeredOn: today(t, -400), currentKm: 31_000 },
      today(t),
    );
    expect(p).toMatchObject({
      plan: { id: typePlan, scope: 'carType', intervalKm: 10_000, intervalMonths: 6 },
      lastServiceOn: today(t, -20),
      lastServiceKm: 30_000,
      currentKm: 31_000,
      nextDueOn: expected.nextDueOn,
      nextDueKm: 40_000,
      remainingKm: 9_000,
      dueOn: expected.dueOn,
      kmPerDay: 50,
      state: 'ok',
      leadDays: 15,
      leadKm: 1000,
    });
    // not on the list
    expect((await list({ carId: cars.serviced!.id })).rows).toHaveLength(0);
  });

  it("a car without a plan has none; another tenant's car is 404; no permission is 403", async () => {
    const none = CarServicePosition.parse((await get(cars.noPlan!.id)).json().data);
    expect(none).toMatchObject({ plan: null, state: null, dueOn: null });
    expect((await get(r.otherCar!)).statusCode).toBe(404);
    expect((await get(cars.soon!.id, 'other')).statusCode).toBe(404);
    expect((await get(cars.soon!.id, 'clerk')).statusCode).toBe(403);
    expect((await t.request('GET', `${A}/maintainDue/car/${cars.shanghai!.id}`, { token: viewer })).statusCode).toBe(
      404,
    );
  });
});

describe('reminders and refresh', () => {
  async function messagesAbout(plate: string) {
    const { rows } = await t.deps.database.query<{ username: string; title: string; category: number; link: string }>(
      `select u.username, p.title, p.category, p.link from push_records p
        join users u on u.tenant_id = p.tenant_id and u.id = p.user_id
       where (p.content like '%' || $1 || '%' or p.content like '%' || $2 || '%') and p.channel = 'rent_m'
       order by p.id`,
      // texts show a plate in the one plate format (浙A·D12345)
      [plate, formatPlate(plate)],
    );
    return rows;
  }

  it('reminds each due car once per cycle, to the users who may see it', async () => {
    const over = await messagesAbout(cars.overByDate!.plate);
    expect(over.map((m) => m.username).sort()).toEqual(['admin', 'mviewer']);
    expect(over[0]).toMatchObject({
      category: 3,
      title: '车辆保养已超期',
      link: `/maintenance/due?car=${cars.overByDate!.id}`,
    });
    expect((await messagesAbout(cars.soon!.plate))[0]!.title).toBe('车辆即将保养');
    expect((await messagesAbout(cars.shanghai!.plate)).map((m) => m.username)).toEqual(['admin']);
    expect(await messagesAbout(cars.ok!.plate)).toHaveLength(0);
    // a second run the same day, or days later in the same cycle: nothing new
    await runDueHourly(t.deps);
    t.clock.advance(3 * 86_400_000);
    try {
      await runDueHourly(t.deps);
      expect(await messagesAbout(cars.overByDate!.plate)).toHaveLength(2);
      expect(await messagesAbout(cars.kmSoon!.plate)).toHaveLength(2);
    } finally {
      t.clock.advance(-3 * 86_400_000);
    }
  });

  it('follows plan changes: a car without its own plan falls back to its type, without any plan it leaves', async () => {
    await t.deps.database.query(`delete from maintenance_plans where car_id = $1`, [cars.ownPlan!.id]);
    await refreshDue(t.deps.db, r.demo, [cars.ownPlan!.id], t.clock.now());
    expect((await list({ carId: cars.ownPlan!.id })).rows).toHaveLength(0); // 40 days of a 6-month plan: ok
    // The whole tenant at the test's clock first (the demo's rows were written at the seed's moment).
    await refreshDue(t.deps.db, r.demo, undefined, t.clock.now());
    const before = (await list()).total;
    await t.deps.database.query(`update maintenance_plans set enabled = false where id = $1`, [typePlan]);
    expect(await refreshDue(t.deps.db, r.demo, undefined, t.clock.now())).toBeGreaterThan(0);
    const after = await list();
    expect(mine(after.rows)).toHaveLength(0);
    expect(after.total).toBe(before - 5);
    const rows = await t.deps.database.query(`select 1 from maintenance_due where plan_id = $1`, [typePlan]);
    expect(rows.rows).toHaveLength(0);
    // nothing changed: nothing written
    expect(await refreshDue(t.deps.db, r.demo, undefined, t.clock.now())).toBe(0);
    await t.deps.database.query(`update maintenance_plans set enabled = true where id = $1`, [typePlan]);
    await refreshDue(t.deps.db, r.demo, undefined, t.clock.now());
    expect(mine((await list()).rows)).toHaveLength(5);
  });
});
