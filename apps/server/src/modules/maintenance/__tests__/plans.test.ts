import { Plan } from '@fleetdesk/contracts/maintenance';
import { addMonths } from '@fleetdesk/contracts/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { A, addCar, addCarType, ids, today } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
let typeId: number;
const P = `${A}/maintainPlan`;
const dueOf = async (carId: number) =>
  (await t.request('GET', `${A}/maintainDue/list`, { as: 'admin', query: { carId } })).json().data.rows as {
    state: string;
    planName: string;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  typeId = await addCarType(t, r.demo, '计划测试车型');
});
afterAll(async () => t.close());

describe('service plans', () => {
  it('saves a car type plan and a car plan; the due list follows at once', async () => {
    const old = await addCar(t, r.hz, { carTypeId: typeId, registrationDate: addMonths(today(t), -8) });
    expect(await dueOf(old.id)).toEqual([]);
    const created = await t.request('POST', `${P}/save`, {
      as: 'admin',
      body: {
        name: '燃油车常规保养',
        carTypeId: typeId,
        intervalKm: 10_000,
        intervalMonths: 6,
        items: [
          { name: '机油', partNo: '0W-20', quantity: 4 },
          { name: '机油滤清器', quantity: 1 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const plan = Plan.parse(created.json().data);
    expect(plan).toMatchObject({ carTypeId: typeId, carTypeName: '计划测试车型', cars: 1, version: 0, enabled: true });
    expect(plan.items).toHaveLength(2);
    expect(await dueOf(old.id)).toMatchObject([{ state: 'overdue', planName: '燃油车常规保养' }]);

    // the car's own plan (every 12 months) takes over: not due any more
    const own = await t.request('POST', `${P}/save`, {
      as: 'admin',
      body: { name: '单车年保', carId: old.id, intervalMonths: 12 },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(Plan.parse(own.json().data)).toMatchObject({ carId: old.id, plate: old.plate, cars: 1 });
    expect(await dueOf(old.id)).toEqual([]);
    expect(Plan.parse((await t.request('GET', `${P}/get/${plan.id}`, { as: 'admin' })).json().data).cars).toBe(0);

    // update with the version: every 6 months again
    const ownPlan = Plan.parse(own.json().data);
    const upd = await t.request('PUT', `${P}/save`, {
      as: 'admin',
      body: { id: ownPlan.id, version: 0, name: '单车半年保', carId: old.id, intervalMonths: 6 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.version).toBe(1);
    expect(await dueOf(old.id)).toMatchObject([{ state: 'overdue', planName: '单车半年保' }]);
    const stale = await t.request('PUT', `${P}/save`, {
      as: 'admin',
      body: { id: ownPlan.id, version: 0, name: '过期版本', carId: old.id, intervalMonths: 6 },
    });
    expect(stale.statusCode).toBe(409);

    // list and filters
    const list = await t.request('GET', `${P}/list`, {
      as: 'admin',
      query: { target: 'car', keyword: old.plate.slice(-4) },
    });
    expect((list.json().data.rows as Plan[]).map((p) => p.id)).toEqual([ownPlan.id]);

    // delete the car's plan: back to its type's plan; delete that: off the list
    expect((await t.request('DELETE', `${P}/delete/${ownPlan.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect(await dueOf(old.id)).toMatchObject([{ planName: '燃油车常规保养' }]);
    expect((await t.request('DELETE', `${P}/delete/${plan.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect(await dueOf(old.id)).toEqual([]);
    expect((await t.request('GET', `${P}/get/${plan.id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('validates: one target, at least one interval, within bounds, one plan per target', async () => {
    const car = await addCar(t, r.hz, { carTypeId: typeId });
    const save = (body: Record<string, unknown>) => t.request('POST', `${P}/save`, { as: 'admin', body });
    const both = await save({ name: '两者', carTypeId: typeId, carId: car.id, intervalKm: 5000 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].path).toBe('carTypeId');
    expect((await save({ name: '没有间隔', carTypeId: typeId })).statusCode).toBe(400);
    expect((await save({ name: '太短', carTypeId: typeId, intervalKm: 100 })).statusCode).toBe(400);
    expect((await save({ name: '太久', carTypeId: typeId, intervalMonths: 61 })).statusCode).toBe(400);
    const unknownType = await save({ name: '未知车型', carTypeId: 99_999_999, intervalKm: 5000 });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors[0].path).toBe('carTypeId');
    expect((await save({ name: '第一个', carTypeId: typeId, intervalKm: 5000 })).statusCode).toBe(200);
    const second = await save({ name: '第二个', carTypeId: typeId, intervalKm: 8000 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('第一个');
  });

  it('answers 403 without the permission, 404 or 400 across tenants', async () => {
    const car = await addCar(t, r.hz, { carTypeId: typeId });
    const mine = await t.request('POST', `${P}/save`, {
      as: 'admin',
      body: { name: '跨租户', carId: car.id, intervalKm: 5000 },
    });
    expect(mine.statusCode).toBe(200);
    const id = mine.json().data.id as number;
    expect((await t.request('GET', `${P}/list`, { as: 'clerk' })).statusCode).toBe(403);
    expect(
      (await t.request('POST', `${P}/save`, { as: 'clerk', body: { name: 'x', carId: car.id, intervalKm: 5000 } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request('DELETE', `${P}/delete/${id}`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('GET', `${P}/get/${id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${P}/delete/${id}`, { as: 'other' })).statusCode).toBe(404);
    const foreign = await t.request('POST', `${P}/save`, {
      as: 'other',
      body: { name: '别人的车', carId: car.id, intervalKm: 5000 },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('carId');
    const foreignType = await t.request('POST', `${P}/save`, {
      as: 'other',
      body: { name: '别人的车型', carTypeId: typeId, intervalKm: 5000 },
    });
    expect(foreignType.statusCode).toBe(400);
    expect((await t.request('GET', `${P}/list`, { as: 'other' })).json().data.rows.some((p: Plan) => p.id === id)).toBe(
      false,
    );
  });
});
