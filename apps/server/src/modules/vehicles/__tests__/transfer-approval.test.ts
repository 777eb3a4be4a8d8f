import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferResult } from '@fleetdesk/contracts/vehicles';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { caller, currentStepOf, ids as officeIds, staff } from '../../../test/office.js';
import { carInput, catalogue, tenantIds, type Catalogue } from './fixtures.js';

/**
 * A car transfer goes through its `carTransfer` approval (issue 27 item 6): moved at once when no flow step
 * applies, else marked pending and moved when approved (rejected or withdrawn: nothing moves).
 */
const P = '/api/ccwadmin/rentCar';
const APPROVAL = '/api/ccwadmin/oa/approval';
let t: TestApp;
let c: Catalogue;
let ids: Awaited<ReturnType<typeof tenantIds>>;
let people: Awaited<ReturnType<typeof officeIds>>;
let otherCarId: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
  ids = await tenantIds(t);
  people = await officeIds(t);
  const { rows } = await t.deps.database.query<{ id: number }>(
    `select id from cars where tenant_id = ${ids.other} limit 1`,
  );
  otherCarId = Number(rows[0]!.id);
});
afterAll(async () => t.close());

const approvals = caller(
  () => t,
  APPROVAL,
  () => staff(t),
);

async function addCar() {
  const res = await t.request('POST', `${P}/add`, { as: 'admin', rent: ids.hz, body: carInput(c) });
  if (res.statusCode !== 200) throw new Error(`add failed: ${res.body}`);
  return res.json().data as { id: number; plate: string };
}

const transfer = (id: number, rentId: number, as = 'admin') =>
  t.request('POST', `${P}/transfer/${id}`, { as, query: { rentId }, body: { remark: '上海缺车' } });

const rentOf = async (id: number) =>
  (await t.request('GET', `${P}/${id}`, { as: 'admin' })).json().data.rentId as number;

/** The demo flow of `carTransfer` decided by `userIds` (none: every step is skipped for the admin). */
async function setFlow(userIds: number[]) {
  const res = await approvals('PUT', `/flow/update/${people.flow('carTransfer')}`, 'admin', {
    businessType: 'carTransfer',
    name: '车辆调拨审批',
    steps: [
      {
        name: '运营负责人',
        kind: 'user',
        userIds,
        roleId: null,
        mode: 'any',
        amountAbove: null,
        amountUpTo: null,
      },
    ],
    copyUserIds: [],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const decide = async (id: number, decision: 'approved' | 'rejected', user = 'liuyang') =>
  approvals('POST', `/request/decide/${id}`, user, {
    decision,
    comment: decision === 'rejected' ? '不同意' : '',
    step: await currentStepOf(t, id),
  });

describe('a transfer without a flow step that applies', () => {
  it('moves the car at once, with an approved carTransfer request about it', async () => {
    // The demo flow's only approver is the admin himself: his own request skips the step.
    await setFlow([people.user('admin')]);
    const car = await addCar();
    const res = await transfer(car.id, ids.sh);
    expect(res.statusCode, res.body).toBe(200);
    const data = TransferResult.parse(res.json().data);
    expect(data.rentId).toBe(ids.sh);
    expect(data.transferApproval).toMatchObject({ status: 'approved' });
    const request = (await approvals('GET', `/request/${data.transferApproval!.id}`, 'admin')).json().data;
    expect(request).toMatchObject({ businessType: 'carTransfer', status: 'approved' });
    expect(request.form).toMatchObject({
      plateNo: car.plate,
      fromRent: '杭州公司',
      toRent: '上海公司',
      reason: '上海缺车',
    });
    const ops = (
      await t.request('GET', `${P}/operations`, { as: 'admin', query: { carId: car.id, kind: 'transfer' } })
    ).json().data.rows;
    expect(ops).toHaveLength(1);
    // A second transfer is free again (no pending mark left).
    expect((await transfer(car.id, ids.hz)).json().data.rentId).toBe(ids.hz);
  });
});

describe('a transfer a flow step applies to', () => {
  it('keeps the car until approved; a second transfer meanwhile is 409; approval moves it', async () => {
    await setFlow([people.user('liuyang')]);
    const car = await addCar();
    const res = await transfer(car.id, ids.sh);
    expect(res.statusCode, res.body).toBe(200);
    const approval = res.json().data.transferApproval as { id: number; status: string };
    expect(approval.status).toBe('pending');
    expect(res.json().data.rentId).toBe(ids.hz);
    expect(await rentOf(car.id)).toBe(ids.hz);
    // The car page says where the car is to go while the approval runs.
    expect(res.json().data).toMatchObject({ transferToRentId: ids.sh, transferToRentName: '上海公司' });
    const again = await transfer(car.id, ids.sh);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`#${approval.id}`);
    expect((await decide(approval.id, 'approved')).statusCode).toBe(200);
    expect(await rentOf(car.id)).toBe(ids.sh);
    const moved = (await t.request('GET', `${P}/${car.id}`, { as: 'admin', rent: ids.sh })).json().data;
    expect(moved).toMatchObject({ rentId: ids.sh, transferToRentId: null, transferToRentName: null });
    const ops = (
      await t.request('GET', `${P}/operations`, { as: 'admin', query: { carId: car.id, kind: 'transfer' } })
    ).json().data.rows;
    expect(ops[0]).toMatchObject({ fromRentName: '杭州公司', toRentName: '上海公司', remark: '上海缺车' });
  });

  it('moves nothing when rejected or withdrawn, and frees the car for a new transfer', async () => {
    await setFlow([people.user('liuyang')]);
    const car = await addCar();
    const first = (await transfer(car.id, ids.sh)).json().data.transferApproval as { id: number };
    expect((await decide(first.id, 'rejected')).statusCode).toBe(200);
    expect(await rentOf(car.id)).toBe(ids.hz);
    const second = (await transfer(car.id, ids.sh)).json().data.transferApproval as { id: number };
    expect((await approvals('POST', `/request/withdraw/${second.id}`, 'admin')).statusCode).toBe(200);
    expect(await rentOf(car.id)).toBe(ids.hz);
    expect((await transfer(car.id, ids.sh)).statusCode).toBe(200);
  });

  it('checks the move again when decided: a car rented meanwhile refuses the approval, which stays pending', async () => {
    await setFlow([people.user('liuyang')]);
    const car = await addCar();
    const pending = (await transfer(car.id, ids.sh)).json().data.transferApproval as { id: number };
    expect((await t.request('PUT', `${P}/rentOut/${car.id}`, { as: 'admin' })).statusCode).toBe(200);
    const refused = await decide(pending.id, 'approved');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('出租中的车辆不能调拨');
    expect((await approvals('GET', `/request/${pending.id}`, 'admin')).json().data.status).toBe('pending');
    expect(await rentOf(car.id)).toBe(ids.hz);
  });

  it('refuses as before: a rented car, the same rent, a foreign rent, no permission (403), another tenant (404)', async () => {
    await setFlow([people.user('liuyang')]);
    const car = await addCar();
    expect((await transfer(car.id, ids.hz)).statusCode).toBe(409);
    const foreign = await transfer(car.id, ids.bj);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('rentId');
    expect((await transfer(car.id, ids.sh, 'clerk')).statusCode).toBe(403);
    expect((await transfer(otherCarId, ids.sh)).statusCode).toBe(404);
    await t.request('PUT', `${P}/rentOut/${car.id}`, { as: 'admin' });
    expect((await transfer(car.id, ids.sh)).statusCode).toBe(409);
    // None of these started a request about the car.
    const { rows } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from approval_requests where business_type = 'carTransfer' and business_id = $1`,
      [String(car.id)],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
