import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderRow } from '@fleetdesk/contracts/maintenance';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  MP,
  PARTS,
  PARTS_TOTAL,
  caller,
  data,
  idleCars,
  orderBody,
  path,
  seeded,
  type Caller,
} from './orders.fixtures.js';

let t: TestApp;
let call: Caller;
let ids: Awaited<ReturnType<typeof seeded>>;
let token: string;
let mine: number;
let theirs: number;

async function workshop(name: string): Promise<number> {
  const res = await call('POST', `${MP.workshopCreate}`, {
    body: {
      name,
      kind: 'partner',
      address: '杭州市拱墅区莫干山路 100 号',
      contactName: '李师傅',
      contactPhone: '13700001111',
      services: ['repair', 'routine'],
      labourRate: 100,
      rentId: ids.hz,
    },
  });
  return (await data<{ id: number }>(res)).id;
}

/** An order of a new car of Hangzhou sent into `workshopId` by the company. */
async function inWorkshop(workshopId: number): Promise<WorkOrderDetail> {
  const [car] = await idleCars(t, ids.hz, 1);
  let o = await data(await call('POST', MP.orderCreate, { body: orderBody(car!.id, { workshopId }) }));
  o = await data(await call('POST', path(MP.orderSubmit, { id: o.id }), { body: { version: o.version } }));
  return data(
    await call('POST', path(MP.orderEnter, { id: o.id }), { body: { version: o.version, mileageIn: 20_000 } }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  ids = await seeded(t);
  mine = await workshop('工单测试本厂');
  theirs = await workshop('工单测试别家');
  const res = await call('POST', MP.workshopAccount, {
    body: { workshopId: mine, username: 'wxshop', name: '本厂前台', mobile: '13955550009', password: 'Shop@2026' },
  });
  expect(res.statusCode, res.body).toBe(200);
  token = (await t.signIn('wxshop', 'Shop@2026')).json().access_token as string;
});
afterAll(async () => t.close());

describe("the workshop's sign-in and its work orders", () => {
  it('lists and completes its own orders (lines, end, mileage); another workshop’s order is 404', async () => {
    const own = await inWorkshop(mine);
    const other = await inWorkshop(theirs);

    const list = await data<{ rows: WorkOrderRow[] }>(
      await call('GET', MP.orderList, { token, query: { pageSize: 100 } }),
    );
    expect(list.rows.map((r) => r.id)).toContain(own.id);
    expect(list.rows.every((r) => r.workshopId === mine)).toBe(true);
    expect((await call('GET', path(MP.orderGet, { id: other.id }), { token })).statusCode).toBe(404);
    const detail = await data(await call('GET', path(MP.orderGet, { id: own.id }), { token }));
    expect(detail.actions).toEqual(['lines', 'complete']);

    const lined = await data(
      await call('PUT', path(MP.orderLines, { id: own.id }), { token, body: { version: own.version, lines: PARTS } }),
    );
    expect(lined.total).toBe(PARTS_TOTAL);
    const done = await data(
      await call('POST', path(MP.orderComplete, { id: own.id }), {
        token,
        body: { version: lined.version, actualEnd: t.clock.now().toISOString(), mileageOut: 20_020 },
      }),
    );
    expect(done.state).toBe('done');
    expect(done.actions).toEqual([]);

    // Not his: another workshop's order, and what only the company does.
    const foreign = await call('POST', path(MP.orderComplete, { id: other.id }), {
      token,
      body: { version: other.version, actualEnd: t.clock.now().toISOString(), mileageOut: 20_020 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('PUT', path(MP.orderLines, { id: other.id }), { token, body: { version: other.version, lines: [] } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', path(MP.orderSettle, { id: own.id }), {
          token,
          body: { version: done.version, payer: 'company' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('POST', MP.orderCreate, { token, body: orderBody(own.carId) })).statusCode).toBe(403);
    expect((await call('GET', MP.reportSummary, { token, query: { from: '2026-01', to: '2026-02' } })).statusCode).toBe(
      200,
    );
  });
});
