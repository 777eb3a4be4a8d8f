import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Violation } from '@fleetdesk/contracts/violations';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { specEndpoints } from '../../../test/spec.js';
import { runVehicleReminders } from '../../compliance/vehicle-reminders.service.js';
import { remindViolationLimits } from '../violations.reminders.js';
import { addCars, B, idsOf } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof idsOf>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await idsOf(t);
});
afterAll(async () => t.close());

const list = (body: Record<string, unknown> = {}, as = 'admin') =>
  t.request('POST', `${B}/peccancyDetail/list`, { as, body });
const q = async <T>(text: string, params: unknown[] = []) => (await t.deps.database.query<T>(text, params)).rows;
const one = async <T>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;

async function overLimitCar() {
  // The seeded car over the limits: the one with the DEMO records.
  const [row] = await q<{ car_id: number; plate: string; driver_id: number | null }>(
    `select car_id, plate, driver_id from violations where violation_no like 'DEMO%' order by id limit 1`,
  );
  return { carId: Number(row!.car_id), plate: row!.plate, driverId: row!.driver_id && Number(row!.driver_id) };
}

describe('list', () => {
  it("pages the caller's violations newest first, with rent and driver names", async () => {
    const res = await list({ pageSize: 10 });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    const { n } = await one<{ n: number }>(`select count(*)::int as n from violations where tenant_id = $1`, [
      ids.demo,
    ]);
    expect(total).toBe(Number(n));
    expect(rows).toHaveLength(10);
    rows.forEach((r: unknown) => Violation.parse(r));
    expect(rows.map((r: Violation) => r.id)).toEqual([...rows.map((r: Violation) => r.id)].sort((a, b) => b - a));
    expect(rows.some((r: Violation) => r.rentName)).toBe(true);
    const page2 = (await list({ pageSize: 10, pageNum: 2 })).json().data.rows as Violation[];
    expect(page2[0]!.id).toBeLessThan(rows.at(-1).id);
  });

  it('filters by plate, car, driver, handled state, offence, authority, attribution and dates', async () => {
    const car = await overLimitCar();
    const all = async (body: Record<string, unknown>) =>
      (await list({ pageSize: 500, ...body })).json().data.rows as Violation[];
    const byPlate = await all({ plate: car.plate.slice(1) });
    expect(byPlate.length).toBeGreaterThanOrEqual(3);
    expect(byPlate.every((r) => r.plate.includes(car.plate.slice(1)))).toBe(true);
    expect((await all({ carId: car.carId })).every((r) => r.carId === car.carId)).toBe(true);
    if (car.driverId)
      expect((await all({ driverId: car.driverId })).every((r) => r.driverId === car.driverId)).toBe(true);
    const unhandled = await all({ handled: 'unhandled' });
    expect(unhandled.length).toBeGreaterThan(0);
    expect(unhandled.every((r) => !r.handled)).toBe(true);
    expect((await all({ handled: 'handled' })).every((r) => r.handled)).toBe(true);
    expect((await all({ offence: '1625' })).every((r) => r.offenceCode === '1625')).toBe(true);
    expect((await all({ offence: '信号灯' })).every((r) => r.offenceText.includes('信号灯'))).toBe(true);
    expect((await all({ authority: '杭州' })).every((r) => r.authority.includes('杭州'))).toBe(true);
    expect((await all({ attributed: 'no' })).every((r) => r.driverId === null)).toBe(true);
    const now = t.clock.now().getTime();
    const recent = await all({ from: new Date(now - 20 * 86_400_000).toISOString().slice(0, 10) });
    expect(recent.map((r) => r.plate)).toContain(car.plate);
    expect(recent.every((r) => Date.parse(r.occurredAt) > now - 21 * 86_400_000)).toBe(true);
    expect((await list({ from: '2026-02-01', to: '2026-01-01' })).statusCode).toBe(400);
    expect((await list({ handled: 'maybe' })).statusCode).toBe(400);
  });

  it("answers a rent's page (one prepared statement) as the general path does, and follows writes", async () => {
    const { rent_id: rentId } = await one<{ rent_id: number }>(
      `select rent_id from violations where tenant_id = $1 group by rent_id order by count(*) desc limit 1`,
      [ids.demo],
    );
    // `from` far back keeps every record but takes the general path (ids planned per call, rows by id).
    const general = { from: '2000-01-01' };
    for (const filter of [{ rentId }, { rentId, handled: 'unhandled' }, { rentId, handled: 'handled' }]) {
      const exact = (await list({ ...filter, pageSize: 7, pageNum: 2 })).json().data;
      const other = (await list({ ...filter, ...general, pageSize: 7, pageNum: 2 })).json().data;
      expect(exact.total).toBe(other.total);
      expect(exact.rows).toEqual(other.rows);
      exact.rows.forEach((r: unknown) => Violation.parse(r));
      expect(exact.rows.every((r: Violation) => r.rentId === Number(rentId) && typeof r.rentName === 'string')).toBe(
        true,
      );
      expect(exact.rows.every((r: Violation) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(r.occurredAt))).toBe(
        true,
      );
    }
    // Past the last page: no rows, the total still right.
    const far = (await list({ rentId, handled: 'unhandled', pageNum: 9999, pageSize: 20 })).json().data;
    expect(far.rows).toEqual([]);
    expect(far.total).toBeGreaterThan(0);
    // A write moves the version: the cached total of the exact shape follows.
    const before = (await list({ rentId, handled: 'handled' })).json().data.total;
    const { id } = await one<{ id: number }>(
      `select id from violations where tenant_id = $1 and rent_id = $2 and not handled order by id limit 1`,
      [ids.demo, rentId],
    );
    expect(
      (await t.request('PUT', `${B}/peccancyDetail/handle/${id}`, { as: 'admin', body: { handled: true } })).statusCode,
    ).toBe(200);
    expect((await list({ rentId, handled: 'handled' })).json().data.total).toBe(before + 1);
    await t.request('PUT', `${B}/peccancyDetail/handle/${id}`, { as: 'admin', body: { handled: false } });
    expect((await list({ rentId, handled: 'handled' })).json().data.total).toBe(before);
  });

  it("refuses another rent's page and shows another tenant nothing", async () => {
    const { rent_id: rentId } = await one<{ rent_id: number }>(
      `select rent_id from violations where tenant_id = $1 limit 1`,
      [ids.demo],
    );
    expect((await list({ rentId, handled: 'unhandled' }, 'other')).statusCode).toBe(403);
  });

  it('counts again after a write (cached totals follow the data version)', async () => {
    const car = await overLimitCar();
    const before = (await list({ carId: car.carId })).json().data.total;
    await q(
      `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code, offence_text)
       select tenant_id, rent_id, id, plate, 'CACHE-1', now(), '测试路', '1039', '违停' from cars where id = $1`,
      [car.carId],
    );
    expect((await list({ carId: car.carId })).json().data.total).toBe(before + 1);
    await q(`delete from violations where violation_no = 'CACHE-1'`);
    expect((await list({ carId: car.carId })).json().data.total).toBe(before);
  });

  it('the car tab: summary and the paged list of one car', async () => {
    const car = await overLimitCar();
    const s = await t.request('GET', `${B}/peccancyDetail/findByCarId/${car.carId}`, { as: 'clerk' });
    expect(s.statusCode).toBe(200);
    expect(s.json().data).toMatchObject({ carId: car.carId, plate: car.plate, overLimit: true });
    expect(s.json().data.unhandledPoints).toBeGreaterThanOrEqual(12);
    const l = await t.request('GET', `${B}/peccancyDetail/listForCar`, { as: 'clerk', query: { carId: car.carId } });
    expect(l.json().data.total).toBe(s.json().data.total);
  });
});

describe('permissions and isolation', () => {
  it('lets the read-only clerk read but not attribute, save limits, query or export (403 40301)', async () => {
    expect((await list({}, 'clerk')).statusCode).toBe(200);
    const { id } = await one<{ id: number }>(`select id from violations where tenant_id = $1 limit 1`, [ids.demo]);
    for (const [method, url, body] of [
      ['PUT', `${B}/peccancyDetail/attribute/${id}`, { driverId: null }],
      ['PUT', `${B}/peccancyDetail/handle/${id}`, { handled: true }],
      ['POST', `${B}/peccancyLimitConfig/save`, { carPoints: 1, carFine: null, driverPoints: null, driverFine: null }],
      ['POST', `${B}/peccancy/order/batch/query`, { carIds: [1] }],
      ['POST', `${B}/peccancy/order/check/batch/peccancy/order/data`, { carIds: [1] }],
      ['GET', `${B}/peccancyDetail/export`, undefined],
    ] as const) {
      const res = await t.request(method, url, { as: 'clerk', body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(40301);
    }
  });

  it("hides another tenant's records (404) and lists only the caller's", async () => {
    const other = (await list({ pageSize: 50 }, 'other')).json().data;
    expect(other.total).toBe(2);
    const { id: demoId } = await one<{ id: number }>(`select id from violations where tenant_id = $1 limit 1`, [
      ids.demo,
    ]);
    const { id: otherId, car_id: otherCar } = await one<{ id: number; car_id: number }>(
      `select id, car_id from violations where tenant_id = $1 limit 1`,
      [ids.other],
    );
    expect((await t.request('GET', `${B}/peccancyDetail/get/${otherId}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('GET', `${B}/peccancyDetail/get/${demoId}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', `${B}/peccancyDetail/findByCarId/${otherCar}`, { as: 'admin' })).statusCode).toBe(
      404,
    );
    const put = await t.request('PUT', `${B}/peccancyDetail/attribute/${otherId}`, {
      as: 'admin',
      body: { driverId: null },
    });
    expect(put.statusCode).toBe(404);
  });

  it('refuses a rent filter outside the caller’s rents (403)', async () => {
    expect((await list({ rentId: ids.bj })).statusCode).toBe(403);
  });
});

describe('attribution and handling', () => {
  it('sets and clears the driver; refuses a driver of another tenant', async () => {
    const [v] = await q<{ id: number; rent_id: number }>(
      `select id, rent_id from violations where tenant_id = $1 and driver_id is null order by id limit 1`,
      [ids.demo],
    );
    const [d] = await q<{ id: number; name: string }>(
      `select id, name from drivers where tenant_id = $1 and rent_id = $2 limit 1`,
      [ids.demo, v!.rent_id],
    );
    const url = `${B}/peccancyDetail/attribute/${v!.id}`;
    const set = await t.request('PUT', url, { as: 'admin', body: { driverId: Number(d!.id) } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ driverId: Number(d!.id), driverName: d!.name });
    const cleared = await t.request('PUT', url, { as: 'admin', body: { driverId: null } });
    expect(cleared.json().data.driverId).toBeNull();
    const [od] = await q<{ id: number }>(`select id from drivers where tenant_id = $1 limit 1`, [ids.other]);
    if (od) {
      const bad = await t.request('PUT', url, { as: 'admin', body: { driverId: Number(od.id) } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toBe('driverId');
    }
  });

  it('marks handled and back', async () => {
    const [v] = await q<{ id: number }>(`select id from violations where tenant_id = $1 and not handled limit 1`, [
      ids.demo,
    ]);
    const url = `${B}/peccancyDetail/handle/${v!.id}`;
    const done = await t.request('PUT', url, { as: 'admin', body: { handled: true } });
    expect(done.json().data.handled).toBe(true);
    expect(done.json().data.handledAt).not.toBeNull();
    const back = await t.request('PUT', url, { as: 'admin', body: { handled: false } });
    expect(back.json().data).toMatchObject({ handled: false, handledAt: null });
  });
});

describe('limits and reminders', () => {
  it('reads and saves the limits, validating them', async () => {
    const got = await t.request('GET', `${B}/peccancyLimitConfig/get`, { as: 'clerk' });
    expect(got.json().data).toEqual({ carPoints: 12, carFine: 1000, driverPoints: 9, driverFine: 800 });
    const bad = await t.request('POST', `${B}/peccancyLimitConfig/save`, {
      as: 'admin',
      body: { carPoints: -1, carFine: 1.234, driverPoints: null, driverFine: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['carFine', 'carPoints']);
    const saved = await t.request('POST', `${B}/peccancyLimitConfig/save`, {
      as: 'admin',
      body: { carPoints: 12, carFine: 1000, driverPoints: null, driverFine: 800 },
    });
    expect(saved.json().data).toEqual({ carPoints: 12, carFine: 1000, driverPoints: null, driverFine: 800 });
    await t.request('POST', `${B}/peccancyLimitConfig/save`, {
      as: 'admin',
      body: { carPoints: 12, carFine: 1000, driverPoints: 9, driverFine: 800 },
    });
  });

  it('counts the cars and drivers over a limit for the header badge', async () => {
    const res = await t.request('GET', `${B}/peccancyDetail/getLimitRemindCount`, { as: 'clerk' });
    expect(res.statusCode).toBe(200);
    const c = res.json().data;
    expect(c.cars).toBeGreaterThanOrEqual(1);
    expect(c.total).toBe(c.cars + c.drivers);
    const other = await t.request('GET', `${B}/peccancyDetail/getLimitRemindCount`, { as: 'other' });
    expect(other.json().data.total).toBe(0);
  });

  it('reminds each subject once per level in the message centre (category 3 cars, 7 drivers, channel rent_m)', async () => {
    const car = await overLimitCar();
    const count = async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from push_records where tenant_id = $1 and channel = 'rent_m' and content like $2`,
          [ids.demo, `%${formatPlate(car.plate)}%`],
        )
      )[0]!.n;
    const before = await count();
    expect(await remindViolationLimits(t.deps, ids.demo)).toBeGreaterThan(0);
    const once = await count();
    expect(once).toBeGreaterThan(before);
    const [admin] = await q<{ category: number; link: string }>(
      `select p.category, p.link from push_records p join users u on u.id = p.user_id
       where u.username = 'admin' and p.content like $1 order by p.id desc limit 1`,
      [`%${formatPlate(car.plate)}%`],
    );
    expect(admin).toMatchObject({ category: 3 });
    expect(admin!.link).toContain(`carId=${car.carId}`);
    await remindViolationLimits(t.deps, ids.demo);
    expect(await count()).toBe(once);
    // A new unhandled record raises the total: reminded again.
    await q(
      `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code, offence_text, points, fine_fen)
       select tenant_id, rent_id, id, plate, 'MORE-1', now(), '测试路', '1625', '闯红灯', 6, 20000 from cars where id = $1`,
      [car.carId],
    );
    await remindViolationLimits(t.deps, ids.demo);
    expect(await count()).toBeGreaterThan(once);
    if (car.driverId) {
      const { n } = await one<{ n: number }>(
        `select count(*)::int as n from push_records where tenant_id = $1 and category = 7 and title = '司机违章超限'`,
        [ids.demo],
      );
      expect(n).toBeGreaterThan(0);
    }
  });
});

describe('the daily vehicle reminders', () => {
  it('run the violation limits as one of their sources, once per level', async () => {
    // A car of the demo tenant without records yet, pushed over the car limits (12 points).
    const [car] = await q<{ id: number; plate: string; rent_id: number }>(
      `select c.id, c.plate, c.rent_id from cars c where c.tenant_id = $1 and c.deleted_at is null
         and not exists (select 1 from violations v where v.tenant_id = c.tenant_id and v.car_id = c.id)
       order by c.id limit 1`,
      [ids.demo],
    );
    await q(
      `insert into violations (tenant_id, rent_id, car_id, plate, violation_no, occurred_at, place, offence_code, offence_text, points, fine_fen)
       values ($1, $2, $3, $4, 'DAILY-1', now(), '测试路', '1625', '闯红灯', 12, 20000)`,
      [ids.demo, car!.rent_id, car!.id, car!.plate],
    );
    const about = async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from push_records where tenant_id = $1 and title = '车辆违章超限' and content like $2`,
          [ids.demo, `%${formatPlate(car!.plate)}%`],
        )
      )[0]!.n;
    expect(await about()).toBe(0);
    expect(await runVehicleReminders(t.deps)).toBeGreaterThan(0);
    const once = await about();
    expect(once).toBeGreaterThan(0);
    const [m] = await q<{ category: number; link: string; channel: string }>(
      `select category, link, channel from push_records where tenant_id = $1 and content like $2 order by id desc limit 1`,
      [ids.demo, `%${formatPlate(car!.plate)}%`],
    );
    expect(m).toMatchObject({ category: 3, channel: 'rent_m' });
    expect(m!.link).toBe(`/rentCar/violations?carId=${car!.id}&handled=unhandled`);
    // The same level again: nothing new, whether from the daily run or a finished query order's run.
    await runVehicleReminders(t.deps);
    await remindViolationLimits(t.deps, ids.demo);
    expect(await about()).toBe(once);
  });
});

describe('statistics', () => {
  it('sums a year month by month with the top offences', async () => {
    const year = t.clock.now().getFullYear();
    const res = await t.request('GET', `${B}/statisticsPeccancy/getByYear`, { as: 'clerk', query: { year } });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.months).toHaveLength(12);
    const { n } = await one<{ n: number }>(
      `select count(*)::int as n from violations where tenant_id = $1
       and extract(year from occurred_at at time zone 'Asia/Shanghai') = $2`,
      [ids.demo, year],
    );
    expect(s.total.count).toBe(Number(n));
    expect(s.months.reduce((a: number, m: { count: number }) => a + m.count, 0)).toBe(Number(n));
    expect(s.topOffences.length).toBeGreaterThan(0);
    expect(
      (await t.request('GET', `${B}/statisticsPeccancy/getByYear`, { as: 'clerk', query: { year: 1900 } })).statusCode,
    ).toBe(400);
  });
});

describe('exports', () => {
  it('streams the filtered violations and the original data as .xlsx', async () => {
    const res = await t.request('GET', `${B}/peccancyDetail/export`, { as: 'admin', query: { handled: 'unhandled' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const orig = await t.request('GET', `${B}/peccancyDetail/original/data/export`, { as: 'admin' });
    expect(orig.statusCode).toBe(200);
    expect(orig.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const page = await t.request('GET', `${B}/peccancyDetail/original/data`, { as: 'clerk' });
    expect(page.json().data.total).toBeGreaterThanOrEqual(5);
    expect(page.json().data.rows[0].provider).toBe('sandbox');
  });
});

describe('seeded query order', () => {
  it('lists the finished order with what each car found', async () => {
    const orders = await t.request('GET', `${B}/peccancy/order/list`, { as: 'clerk' });
    const order = orders.json().data.rows.at(-1);
    expect(order).toMatchObject({ state: 'completed', kind: 'batch', carCount: 5 });
    const items = await t.request('GET', `${B}/consumer/order/peccancy/items/${order.id}`, { as: 'clerk' });
    expect(items.json().data.items).toHaveLength(5);
    expect(items.json().data.items.reduce((s: number, i: { found: number }) => s + i.found, 0)).toBe(order.found);
    expect((await t.request('GET', `${B}/consumer/order/peccancy/items/${order.id}`, { as: 'other' })).statusCode).toBe(
      404,
    );
  });

  it('makes new cars with the fixture (sanity)', async () => {
    const made = await addCars(t, ids.sh, 2, { prefix: '沪Z8' });
    expect(made).toHaveLength(2);
  });
});

describe('the calls of the spec', () => {
  it('documents every violation call of the spec in the OpenAPI document with its permission', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const mine = specEndpoints().filter(({ path }) => /peccancy|Peccancy/i.test(path));
    expect(mine.length).toBeGreaterThanOrEqual(15);
    for (const { method, path } of mine) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/ccwadmin/peccancy/order/batch/query'].post['x-permission']).toBe('rentCar:query');
    expect(doc.paths['/api/ccwadmin/peccancyLimitConfig/save'].post['x-permission']).toBe('rentCar:edit');
  });
});
