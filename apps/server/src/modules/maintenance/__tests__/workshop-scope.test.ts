import { sql } from 'drizzle-orm';
import { type Workshop } from '@fleetdesk/contracts/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workshopScope } from '../../../core/access.js';
import { rowsOf } from '../../../core/db.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { A, addCar, ids, insertOrder } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
const W = `${A}/maintainWorkshop`;
let mine: Workshop;
let theirs: Workshop;

async function workshop(name: string): Promise<Workshop> {
  const res = await t.request('POST', `${W}/create`, {
    as: 'admin',
    body: {
      name,
      kind: 'partner',
      address: '杭州市拱墅区莫干山路 100 号',
      contactName: '李师傅',
      contactPhone: '13700001111',
      services: ['repair', 'routine'],
      labourRate: 100,
      rentId: r.hz,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Workshop;
}

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  mine = await workshop('本厂');
  theirs = await workshop('别家');
  const res = await t.request('POST', `${W}/account`, {
    as: 'admin',
    body: {
      workshopId: mine.id,
      username: 'benchang',
      name: '本厂账号',
      mobile: '13955550001',
      password: 'Bench@2026',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

describe("a workshop's sign-in", () => {
  it('is limited to its workshops in the session', async () => {
    const token = (await t.signIn('benchang', 'Bench@2026')).json().access_token as string;
    const list = await t.request('GET', `${W}/list`, { token });
    expect(list.statusCode).toBe(200);
    expect((list.json().data.rows as Workshop[]).map((w) => w.id)).toEqual([mine.id]);
    expect((await t.request('GET', `${W}/get/${theirs.id}`, { token })).statusCode).toBe(404);
    expect((await t.request('GET', `${W}/get/${mine.id}`, { token })).statusCode).toBe(200);
    // what the role does not grant: 403
    expect((await t.request('POST', `${W}/create`, { token, body: {} })).statusCode).toBe(403);
    expect((await t.request('GET', `${A}/rentCar/list`, { token })).statusCode).toBe(403);
    expect((await t.request('GET', `${A}/maintainPlan/list`, { token })).statusCode).toBe(200);

    // unlinked: the session follows at once (trigger of migration 0039), nothing is his any more
    await t.deps.database.query(`delete from maintenance_workshop_users where workshop_id = $1`, [mine.id]);
    await t.deps.sessions.settled();
    const after = await t.request('GET', `${W}/list`, { token });
    expect(after.json().data.rows).toEqual([]);
  });

  it('sees only the work orders of its workshops (workshopScope)', async () => {
    const car = await addCar(t, r.hz);
    const a = await insertOrder(t, r.demo, {
      carId: car.id,
      rentId: r.hz,
      workshopId: mine.id,
      kind: 'repair',
      state: 'in_workshop',
    });
    await insertOrder(t, r.demo, {
      carId: car.id,
      rentId: r.hz,
      workshopId: theirs.id,
      kind: 'repair',
      state: 'in_workshop',
    });
    await insertOrder(t, r.demo, { carId: car.id, rentId: r.hz, workshopId: null, kind: 'repair', state: 'reported' });
    const ordersOf = async (ctx: { workshopIds?: readonly number[] }) =>
      (
        await rowsOf<{ id: number }>(
          t.deps.db,
          sql`select o.id from maintenance_work_orders o where o.car_id = ${car.id} and ${workshopScope(ctx, sql`o.workshop_id`)}
            order by o.id`,
        )
      ).map((x) => Number(x.id));
    expect(await ordersOf({ workshopIds: [mine.id] })).toEqual([a]);
    expect(await ordersOf({ workshopIds: [] })).toEqual([]);
    expect(await ordersOf({})).toHaveLength(3);
  });
});
