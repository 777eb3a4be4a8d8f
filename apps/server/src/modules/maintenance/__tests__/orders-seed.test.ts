import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderDetail, WorkOrderRow } from '@fleetdesk/contracts/maintenance';
import { WORK_ORDER_STATES } from '@fleetdesk/contracts/maintenance';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { MP, caller, data, path, q, seeded, type Caller } from './orders.fixtures.js';

let t: TestApp;
let call: Caller;
let ids: Awaited<ReturnType<typeof seeded>>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  ids = await seeded(t);
});
afterAll(async () => t.close());

describe('the demo year of work orders', () => {
  it('has every state, a year of services, and its numbers go on from the seeded ones', async () => {
    const states = await q<{ state: string; n: number }>(
      t,
      `select state, count(*)::int as n from maintenance_work_orders where tenant_id = $1 group by state`,
      [ids.demo],
    );
    expect(states.map((s) => s.state).sort()).toEqual([...WORK_ORDER_STATES].sort());
    expect(states.find((s) => s.state === 'in_workshop')!.n).toBe(2);
    const services = await q<{ n: number }>(
      t,
      `select count(*)::int as n from maintenance_work_orders where tenant_id = $1 and kind = 'service'
         and state = 'picked_up'`,
      [ids.demo],
    );
    expect(services[0]!.n).toBeGreaterThanOrEqual(20);
    const list = await data<{ rows: WorkOrderRow[]; total: number }>(
      await call('GET', MP.orderList, { query: { pageSize: 5 } }),
    );
    expect(list.total).toBeGreaterThanOrEqual(50);
  });

  it('posts the settled costs once, bills the driver, records the insurer and waits for an approval', async () => {
    const unposted = await q<{ n: number }>(
      t,
      `select count(*)::int as n from maintenance_work_orders o where o.tenant_id = $1 and o.settled_at is not null
         and o.total_fen - o.driver_share_fen - o.insurance_share_fen > 0
         and not exists (select 1 from cost_postings p where p.tenant_id = o.tenant_id and p.source_type = 'maintenance'
           and p.source_id = o.id::text)`,
      [ids.demo],
    );
    expect(unposted[0]!.n).toBe(0);
    const [driver] = await q<{ contract_id: number; driver_share_fen: number; number: string }>(
      t,
      `select contract_id, driver_share_fen, number from maintenance_work_orders
       where tenant_id = $1 and payer = 'driver' and driver_share_fen > 0`,
      [ids.demo],
    );
    const lines = await q<{ amount_fen: number }>(
      t,
      `select amount_fen from rental_payment_lines where contract_id = $1 and type = 'repair'`,
      [driver!.contract_id],
    );
    expect(lines.map((l) => Number(l.amount_fen))).toEqual([Number(driver!.driver_share_fen)]);
    const [ins] = await q<{ accident_id: number | null; insurance_share_fen: number }>(
      t,
      `select accident_id, insurance_share_fen from maintenance_work_orders where tenant_id = $1 and payer = 'insurance'`,
      [ids.demo],
    );
    expect(ins!.accident_id).not.toBeNull();
    expect(Number(ins!.insurance_share_fen)).toBeGreaterThan(0);
    const [waiting] = await q<{ id: number; status: string }>(
      t,
      `select o.id, r.status from maintenance_work_orders o join approval_requests r
         on r.tenant_id = o.tenant_id and r.id = o.approval_request_id
       where o.tenant_id = $1 and o.state = 'approving'`,
      [ids.demo],
    );
    expect(waiting!.status).toBe('pending');
    const detail = await data<WorkOrderDetail>(await call('GET', path(MP.orderGet, { id: waiting!.id })));
    expect(detail.events.map((e) => e.kind)).toEqual(['created', 'approvalAsked']);
    const [gps] = await q<{ n: number }>(
      t,
      `select count(*)::int as n from maintenance_work_orders where tenant_id = $1 and kind = 'gps_install'`,
      [ids.demo],
    );
    expect(gps!.n).toBeGreaterThan(0);
    // The cars in the workshop are in maintenance; the due rows are written.
    const cars = await q<{ status: string }>(
      t,
      `select c.status from maintenance_work_orders o join cars c on c.tenant_id = o.tenant_id and c.id = o.car_id
       where o.tenant_id = $1 and o.state = 'in_workshop'`,
      [ids.demo],
    );
    expect(cars.map((c) => c.status)).toEqual(['maintenance', 'maintenance']);
  });

  it('is approved through the approvals API and then moves on', async () => {
    const [o] = await q<{ id: number; approval_request_id: number }>(
      t,
      `select id, approval_request_id from maintenance_work_orders where tenant_id = $1 and state = 'approving'`,
      [ids.demo],
    );
    const [s] = await q<{ s: number }>(t, `select current_step as s from approval_requests where id = $1`, [
      o!.approval_request_id,
    ]);
    const res = await t.request('POST', `/api/ccwadmin/oa/approval/request/decide/${o!.approval_request_id}`, {
      as: 'admin',
      body: { decision: 'approved', comment: '同意维修', step: Number(s?.s ?? 0) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await data<WorkOrderDetail>(await call('GET', path(MP.orderGet, { id: o!.id })));
    expect(after.state).toBe('approved');
  });
});
