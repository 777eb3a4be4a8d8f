import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderRow } from '@fleetdesk/contracts/maintenance';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import {
  MP,
  PARTS,
  PARTS_TOTAL,
  caller,
  data,
  idleCars,
  orderBody,
  path,
  q,
  roleWith,
  seeded,
  workshop,
  type Caller,
} from './orders.fixtures.js';

let t: TestApp;
let call: Caller;
let ids: Awaited<ReturnType<typeof seeded>>;
let shopId: number;
let viewerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  ids = await seeded(t);
  shopId = await workshop(t, ids.demo, '测试修理厂');
  const viewer = await roleWith(t, ids.demo, 'mViewer', ['maintenance', 'maintenance:view']);
  viewerToken = (await addUser(t, 'mviewer', { roleIds: [viewer], rentIds: [ids.hz, ids.sh] })).token;
});
afterAll(async () => t.close());

const carStatus = async (carId: number) =>
  (await q<{ status: string }>(t, `select status from cars where id = $1`, [carId]))[0]!.status;

async function create(carId: number, extra: Record<string, unknown> = {}) {
  return data(await call('POST', MP.orderCreate, { body: orderBody(carId, extra) }));
}
const step = (p: string, id: number, body: Record<string, unknown>, as = 'admin') =>
  call(p === MP.orderLines ? 'PUT' : 'POST', path(p, { id }), { as, body });

describe('reporting a work order', () => {
  it('numbers it per tenant and day, finds no driver for an idle car, and lists it', async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const a = await create(car!.id, { photos: [] });
    expect(a.number).toMatch(/^WX\d{8}\d{4}$/);
    expect(a).toMatchObject({ state: 'reported', kind: 'repair', estimate: 800, driverId: null, contractId: null });
    expect(a.events.map((e) => e.kind)).toEqual(['created']);
    expect(a.events[0]!.text).toContain('800.00');
    expect(a.actions).toEqual(['update', 'submit', 'cancel']);
    const b = await create(car!.id);
    expect(Number(b.number.slice(-4))).toBe(Number(a.number.slice(-4)) + 1);

    const list = await data<{ rows: WorkOrderRow[]; total: number }>(
      await call('GET', MP.orderList, { query: { keyword: car!.plate, state: 'reported' } }),
    );
    expect(list.total).toBe(2);
    expect(list.rows[0]!.id).toBe(b.id);
    const none = await data<{ total: number }>(
      await call('GET', MP.orderList, { query: { keyword: car!.plate, state: 'done,settled' } }),
    );
    expect(none.total).toBe(0);
  });

  it('refuses bad input (400), a car of another tenant (404), a reader without add (403)', async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const short = await call('POST', MP.orderCreate, { body: orderBody(car!.id, { problem: 'x' }) });
    expect(short.statusCode).toBe(400);
    const ends = await call('POST', MP.orderCreate, { body: orderBody(car!.id, { plannedEnd: '2026-01-01' }) });
    expect(ends.statusCode).toBe(400);
    const gps = await call('POST', MP.orderCreate, { body: orderBody(car!.id, { kind: 'gps_install' }) });
    expect(gps.statusCode).toBe(400);
    const shop = await call('POST', MP.orderCreate, { body: orderBody(car!.id, { workshopId: 999_999 }) });
    expect(shop.statusCode).toBe(400);
    expect(shop.json().errors[0].path).toBe('workshopId');
    const [otherCar] = await q<{ id: number }>(t, `select id from cars where tenant_id = $1 limit 1`, [ids.other]);
    expect((await call('POST', MP.orderCreate, { body: orderBody(Number(otherCar!.id)) })).statusCode).toBe(404);
    expect((await call('POST', MP.orderCreate, { token: viewerToken, body: orderBody(car!.id) })).statusCode).toBe(403);
  });
});

describe('an idle car through the workshop', () => {
  it('goes reported → approved → in the workshop (car in maintenance) → done → settled → picked up (car idle)', async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const o = await create(car!.id, { workshopId: shopId });
    const submitted = await data(await step(MP.orderSubmit, o.id, { version: o.version }));
    expect(submitted.state).toBe('approved');
    expect(submitted.approvalRequestId).toBeNull();
    // A stale version is refused.
    expect((await step(MP.orderEnter, o.id, { version: o.version })).statusCode).toBe(409);
    // Settling before the work is done: 409 naming the state.
    const early = await step(MP.orderSettle, o.id, { version: submitted.version, payer: 'company' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('待进厂');

    const entered = await data(await step(MP.orderEnter, o.id, { version: submitted.version, mileageIn: 20_100 }));
    expect(entered).toMatchObject({
      state: 'in_workshop',
      workshopId: shopId,
      mileageIn: 20_100,
      carStatusBefore: 'idle',
    });
    expect(await carStatus(car!.id)).toBe('maintenance');

    const lined = await data(await step(MP.orderLines, o.id, { version: entered.version, lines: PARTS }));
    expect(lined.total).toBe(PARTS_TOTAL);
    expect(lined.parts).toBe(429);
    expect(lined.labour).toBe(180);
    expect(lined.lines.map((l) => l.amount)).toEqual([361, 68, 180]);

    const low = await step(MP.orderComplete, o.id, {
      version: lined.version,
      actualEnd: t.clock.now().toISOString(),
      mileageOut: 20_000,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors[0].path).toBe('mileageOut');
    const done = await data(
      await step(MP.orderComplete, o.id, {
        version: lined.version,
        actualEnd: t.clock.now().toISOString(),
        mileageOut: 20_130,
        note: '已更换前轮刹车片',
      }),
    );
    expect(done.state).toBe('done');
    expect(done.actions).toEqual(['settle']);
    const km = await q<{ mileage_km: number }>(t, `select mileage_km from cars where id = $1`, [car!.id]);
    expect(Number(km[0]!.mileage_km)).toBe(20_130);

    const [centre] = await q<{ id: number }>(
      t,
      `select id from cost_centres where tenant_id = $1 and enabled limit 1`,
      [ids.demo],
    );
    const settled = await data(
      await step(MP.orderSettle, o.id, { version: done.version, payer: 'company', costCentreId: Number(centre!.id) }),
    );
    expect(settled).toMatchObject({ state: 'settled', companyShare: PARTS_TOTAL, driverShare: 0 });
    const postings = await q<{ amount_fen: number; category: string; centre_id: number }>(
      t,
      `select amount_fen, category, centre_id from cost_postings where source_type = 'maintenance' and source_id = $1`,
      [String(o.id)],
    );
    expect(postings.map((p) => [Number(p.amount_fen), p.category])).toEqual([[60_900, 'maintenance']]);

    const picked = await data(await step(MP.orderPickUp, o.id, { version: settled.version }));
    expect(picked.state).toBe('picked_up');
    expect(await carStatus(car!.id)).toBe('idle');
    expect(picked.events.map((e) => e.kind)).toEqual([
      'created',
      'submitted',
      'entered',
      'linesChanged',
      'completed',
      'settled',
      'pickedUp',
    ]);
    const history = await q<{ action: string; from_status: string; to_status: string }>(
      t,
      `select action, from_status, to_status from car_events where car_id = $1 and kind = 'status' order by id`,
      [car!.id],
    );
    expect(history.map((h) => [h.action, h.from_status, h.to_status])).toEqual([
      ['workshopIn', 'idle', 'maintenance'],
      ['workshopOut', 'maintenance', 'idle'],
    ]);
    // Posted once: nothing moves it again.
    expect((await step(MP.orderSettle, o.id, { version: picked.version, payer: 'company' })).statusCode).toBe(409);
  });

  it('refuses a second order of the same car into a workshop, and brings the car back when one is cancelled', async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const a = await create(car!.id, { workshopId: shopId });
    const b = await create(car!.id, { workshopId: shopId });
    const sa = await data(await step(MP.orderSubmit, a.id, { version: a.version }));
    const sb = await data(await step(MP.orderSubmit, b.id, { version: b.version }));
    const ea = await data(await step(MP.orderEnter, a.id, { version: sa.version }));
    const second = await step(MP.orderEnter, b.id, { version: sb.version });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain(a.number);
    const cancelled = await data(await step(MP.orderCancel, a.id, { version: ea.version, reason: '车主取消维修' }));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: '车主取消维修' });
    expect(await carStatus(car!.id)).toBe('idle');
    expect((await step(MP.orderCancel, a.id, { version: cancelled.version, reason: '再次取消' })).statusCode).toBe(409);
  });
});

describe('a rented car and the money', () => {
  async function rentedCar() {
    const rows = await q<{ car_id: number; contract_id: number; driver_id: number }>(
      t,
      `select k.car_id, k.id as contract_id, k.driver_id from rental_contracts k join cars c on c.id = k.car_id
       where k.tenant_id = $1 and k.state = 'signed' and c.status = 'rented' and k.rent_id = $2
         and not exists (select 1 from maintenance_work_orders o where o.car_id = k.car_id and o.state = 'in_workshop')
       order by k.id`,
      [ids.demo, ids.hz],
    );
    return rows.map((r) => ({
      carId: Number(r.car_id),
      contractId: Number(r.contract_id),
      driverId: Number(r.driver_id),
    }));
  }

  it("finds the driver and contract, goes back to rented, and bills the driver's share on the contract", async () => {
    const [r] = await rentedCar();
    expect(r).toBeDefined();
    const o = await create(r!.carId, { workshopId: shopId, kind: 'repair' });
    expect(o).toMatchObject({ driverId: r!.driverId, contractId: r!.contractId });
    const s = await data(await step(MP.orderSubmit, o.id, { version: o.version }));
    const e = await data(await step(MP.orderEnter, o.id, { version: s.version }));
    expect(e.carStatusBefore).toBe('rented');
    expect(await carStatus(r!.carId)).toBe('maintenance');
    const d = await data(
      await step(MP.orderComplete, o.id, {
        version: e.version,
        actualEnd: t.clock.now().toISOString(),
        mileageOut: (e.mileageIn ?? 0) + 5,
        lines: PARTS,
      }),
    );
    // Shares beyond the total: 400.
    const over = await step(MP.orderSettle, o.id, { version: d.version, payer: 'driver', driverShare: 700 });
    expect(over.statusCode).toBe(400);
    // An insurer's share needs the accident on the order.
    const ins = await step(MP.orderSettle, o.id, { version: d.version, payer: 'insurance', insuranceShare: 100 });
    expect(ins.statusCode).toBe(400);
    expect(ins.json().errors[0].path).toBe('insuranceShare');

    const settled = await data(await step(MP.orderSettle, o.id, { version: d.version, payer: 'driver' }));
    expect(settled).toMatchObject({ driverShare: PARTS_TOTAL, companyShare: 0, insuranceShare: 0 });
    const lines = await q<{ type: string; amount_fen: number; remark: string }>(
      t,
      `select type, amount_fen, remark from rental_payment_lines where contract_id = $1 and type = 'repair'
         and remark like $2`,
      [r!.contractId, `%${o.number}%`],
    );
    expect(lines.map((l) => Number(l.amount_fen))).toEqual([60_900]);
    expect(lines[0]!.remark).toContain(o.number);
    const history = await q<{ kind: string }>(
      t,
      `select kind from rental_contract_events where contract_id = $1 and kind = 'line'`,
      [r!.contractId],
    );
    expect(history.length).toBeGreaterThan(0);
    // No company part: nothing posted.
    const posted = await q(t, `select 1 from cost_postings where source_type = 'maintenance' and source_id = $1`, [
      String(o.id),
    ]);
    expect(posted).toHaveLength(0);

    await data(await step(MP.orderPickUp, o.id, { version: settled.version }));
    expect(await carStatus(r!.carId)).toBe('rented');
  });

  it("refuses a driver's share when the order has no live contract (409)", async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const o = await create(car!.id, { workshopId: shopId });
    const s = await data(await step(MP.orderSubmit, o.id, { version: o.version }));
    const e = await data(await step(MP.orderEnter, o.id, { version: s.version }));
    const d = await data(
      await step(MP.orderComplete, o.id, {
        version: e.version,
        actualEnd: t.clock.now().toISOString(),
        mileageOut: 20_050,
        lines: PARTS,
      }),
    );
    const res = await step(MP.orderSettle, o.id, { version: d.version, payer: 'driver', driverShare: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('合同');
    // Nothing of the settlement stayed.
    const posted = await q(t, `select 1 from cost_postings where source_type = 'maintenance' and source_id = $1`, [
      String(o.id),
    ]);
    expect(posted).toHaveLength(0);
  });
});

describe('approval above the amount', () => {
  beforeAll(async () => {
    // The demo has a flow of the type (the administrator decides): sunli decides in these tests.
    const definition = JSON.stringify({
      steps: [
        {
          name: '财务审核',
          kind: 'user',
          userIds: [ids.user('sunli')],
          roleId: null,
          mode: 'any',
          amountAbove: null,
          amountUpTo: null,
        },
      ],
      copyUserIds: [],
    });
    let [flow] = await q<{ id: number }>(
      t,
      `select id from approval_flows where tenant_id = $1 and business_type = 'maintenanceOrder'`,
      [ids.demo],
    );
    if (!flow) {
      [flow] = await q<{ id: number }>(
        t,
        `insert into approval_flows (tenant_id, business_type, name, version, updated_by)
         values ($1, 'maintenanceOrder', '维修审批', 1, $2) returning id`,
        [ids.demo, ids.user('admin')],
      );
      await q(
        t,
        `insert into approval_flow_versions (tenant_id, flow_id, version, name, definition, created_by)
         values ($1, $2, 1, '维修审批', $3, $4)`,
        [ids.demo, flow!.id, definition, ids.user('admin')],
      );
    } else {
      await q(t, `update approval_flow_versions set definition = $2 where flow_id = $1`, [flow.id, definition]);
    }
  });

  const decide = async (requestId: number, decision: 'approved' | 'rejected', comment = '') => {
    const [s] = await q<{ s: number }>(t, `select current_step as s from approval_requests where id = $1`, [requestId]);
    const signIn = await t.signIn('sunli', 'Staff@123');
    const res = await t.request('POST', `/api/ccwadmin/oa/approval/request/decide/${requestId}`, {
      token: signIn.json().access_token,
      body: { decision, comment, step: Number(s?.s ?? 0) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('waits for the maintenanceOrder approval above 2,000 yuan; approved, it may enter the workshop', async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const o = await create(car!.id, { estimate: 5000, workshopId: shopId });
    const s = await data(await step(MP.orderSubmit, o.id, { version: o.version }));
    expect(s.state).toBe('approving');
    expect(s.approvalRequestId).not.toBeNull();
    expect(s.actions).toEqual(['cancel']);
    const [req] = await q<{ business_type: string; amount_fen: number; status: string }>(
      t,
      `select business_type, amount_fen, status from approval_requests where id = $1`,
      [s.approvalRequestId],
    );
    expect(req).toMatchObject({ business_type: 'maintenanceOrder', status: 'pending' });
    expect(Number(req!.amount_fen)).toBe(500_000);
    expect((await step(MP.orderEnter, o.id, { version: s.version })).statusCode).toBe(409);
    await decide(s.approvalRequestId!, 'approved');
    const after = await data(await call('GET', path(MP.orderGet, { id: o.id })));
    expect(after.state).toBe('approved');
    expect(after.events.map((e) => e.kind)).toEqual(['created', 'approvalAsked', 'approved']);
    expect((await step(MP.orderEnter, o.id, { version: after.version })).statusCode).toBe(200);
  });

  it('rejected, it goes back to reported with the reason; cancelled while waiting, the request is withdrawn', async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const o = await create(car!.id, { estimate: 3000 });
    const s = await data(await step(MP.orderSubmit, o.id, { version: o.version }));
    await decide(s.approvalRequestId!, 'rejected', '报价过高，请重新询价');
    const back = await data(await call('GET', path(MP.orderGet, { id: o.id })));
    expect(back.state).toBe('reported');
    expect(back.events.at(-1)!.text).toContain('报价过高');

    const again = await data(await step(MP.orderSubmit, o.id, { version: back.version }));
    expect(again.state).toBe('approving');
    const c = await data(await step(MP.orderCancel, o.id, { version: again.version, reason: '不修了' }));
    expect(c.state).toBe('cancelled');
    const [req] = await q<{ status: string }>(t, `select status from approval_requests where id = $1`, [
      again.approvalRequestId,
    ]);
    expect(req!.status).toBe('withdrawn');
  });
});

describe('permissions and isolation', () => {
  it('a reader sees orders but may not move them (403); without maintenance at all, nothing (403)', async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const o = await create(car!.id);
    expect((await call('GET', path(MP.orderGet, { id: o.id }), { token: viewerToken })).statusCode).toBe(200);
    const res = await call('POST', path(MP.orderSubmit, { id: o.id }), { token: viewerToken, body: { version: 0 } });
    expect(res.statusCode).toBe(403);
    const settle = await call('POST', path(MP.orderSettle, { id: o.id }), {
      token: viewerToken,
      body: { version: 0, payer: 'company' },
    });
    expect(settle.statusCode).toBe(403);
    const detail = await data<WorkOrderDetail>(
      await call('GET', path(MP.orderGet, { id: o.id }), { token: viewerToken }),
    );
    expect(detail.actions).toEqual([]);
    const none = await roleWith(t, ids.demo, 'mNone', ['rentCar', 'rentCar:view']);
    const nobody = await addUser(t, 'mnobody', { roleIds: [none], rentIds: [ids.hz] });
    expect((await call('GET', MP.orderList, { token: nobody.token })).statusCode).toBe(403);
  });

  it("another tenant's order is 404, and another tenant's list is empty of ours", async () => {
    const [car] = await idleCars(t, ids.hz, 1);
    const o = await create(car!.id);
    expect((await call('GET', path(MP.orderGet, { id: o.id }), { as: 'other' })).statusCode).toBe(404);
    expect((await step(MP.orderSubmit, o.id, { version: o.version }, 'other')).statusCode).toBe(404);
    const list = await data<{ rows: WorkOrderRow[] }>(await call('GET', MP.orderList, { as: 'other' }));
    expect(list.rows.some((r) => r.id === o.id)).toBe(false);
  });

  it('exports the filtered list as .xlsx', async () => {
    const res = await call('GET', MP.orderExport, { query: { kind: 'repair' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await call('GET', MP.orderExport, { token: viewerToken })).statusCode).toBe(403);
  });
});
