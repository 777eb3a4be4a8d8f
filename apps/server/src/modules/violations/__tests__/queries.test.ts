import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { ViolationProvider } from '../providers/provider.js';
import { SandboxViolationProvider } from '../providers/sandbox.js';
import { providerOf, setProvider } from '../violations.service.js';
import { addCars, B, balanceFen, idsOf, runTask, setBalance, taskRow } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof idsOf>>;
let sandbox: ViolationProvider;

beforeAll(async () => {
  t = await createTestApp();
  ids = await idsOf(t);
  sandbox = providerOf(t.deps);
});
afterAll(async () => t.close());

const q = async <T>(text: string, params: unknown[] = []) => (await t.deps.database.query<T>(text, params)).rows;
const one = async <T>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!;
const check = (carIds: number[], as = 'admin') =>
  t.request('POST', `${B}/peccancy/order/check/batch/peccancy/order/data`, { as, body: { carIds } });
const batch = (carIds: number[], as = 'admin') =>
  t.request('POST', `${B}/peccancy/order/batch/query`, { as, body: { carIds } });

/** What the sandbox holds for these cars: violation numbers per car. */
async function expectedNumbers(carIds: number[]): Promise<Set<string>> {
  const cars = await q<{ plate: string; vin: string; engine_no: string | null }>(
    `select plate, vin, engine_no from cars where id = any($1::int8[])`,
    [`{${carIds.join(',')}}`],
  );
  const provider = new SandboxViolationProvider(0, () => t.clock.now());
  const out = new Set<string>();
  for (const c of cars) {
    const a = await provider.query({ plate: c.plate, vin: c.vin, engineNo: c.engine_no }).catch(() => null);
    a?.violations.forEach((v) => out.add(v.violationNo));
  }
  return out;
}

async function numbersOf(carIds: number[]): Promise<string[]> {
  return (
    await q<{ violation_no: string }>(`select violation_no from violations where car_id = any($1::int8[])`, [
      `{${carIds.join(',')}}`,
    ])
  ).map((r) => r.violation_no);
}

describe('check and price', () => {
  it('says which cars can be queried and why not, with the price of the others and the balance', async () => {
    const good = await addCars(t, ids.hz, 2, { prefix: '浙Z7' });
    const noEngine = await addCars(t, ids.hz, 1, { prefix: '浙Z6', engine: false });
    const unsupported = await addCars(t, ids.hz, 1, { prefix: '闽Z5' });
    const [otherCar] = await q<{ id: number }>(`select id from cars where tenant_id = $1 limit 1`, [ids.other]);
    await setBalance(t, ids.demo, 10_000);
    const res = await check([...good, ...noEngine, ...unsupported, Number(otherCar!.id)]);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ queryable: 2, refused: 3, balance: 100, provider: 'sandbox', sandbox: true });
    expect(d.total).toBeCloseTo(d.unitPrice * 2, 2);
    const reasons = Object.fromEntries(d.cars.map((c: { carId: number; reason: string }) => [c.carId, c.reason]));
    expect(reasons[good[0]!]).toBeNull();
    expect(reasons[noEngine[0]!]).toBe('noEngineNo');
    expect(reasons[unsupported[0]!]).toBe('unsupportedPlate');
    expect(reasons[Number(otherCar!.id)]).toBe('notFound');
    expect(d.cars.find((c: { carId: number }) => c.carId === good[0]).engineDigits).toBe(6);
    const single = await t.request('POST', `${B}/peccancy/order/check/single/peccancy/order/data`, {
      as: 'admin',
      body: { carId: noEngine[0] },
    });
    expect(single.json().data.cars[0].reason).toBe('noEngineNo');
    const price = await t.request('GET', `${B}/service/price/compute/S10/1`, { as: 'admin' });
    expect(price.statusCode).toBe(200);
  });

  it('refuses a query the balance cannot pay, with the code the web links to the top-up page', async () => {
    const cars = await addCars(t, ids.hz, 3, { prefix: '浙Z4' });
    await setBalance(t, ids.demo, 100);
    const { n: before } = await one<{ n: number }>(`select count(*)::int as n from violation_query_orders`);
    const res = await batch(cars);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 30101, code: 'payments.insufficientBalance' });
    expect(res.json().message).toContain('1.00');
    const { n: after } = await one<{ n: number }>(`select count(*)::int as n from violation_query_orders`);
    expect(after).toBe(before);
    expect(await balanceFen(t, ids.demo)).toBe(100);
    const none = await addCars(t, ids.hz, 1, { prefix: '浙Z3', engine: false });
    await setBalance(t, ids.demo, 100_000);
    expect((await batch(none)).statusCode).toBe(409);
  });
});

describe('a batch query', () => {
  it('runs 500 cars to completion with progress, survives a restart in the middle and adds nothing twice', async () => {
    const cars = await addCars(t, ids.hz, 500, { prefix: '浙Z9' });
    await setBalance(t, ids.demo, 10_000_000);
    const start = await batch(cars);
    expect(start.statusCode).toBe(200);
    const { order } = start.json().data;
    expect(order).toMatchObject({ state: 'running', carCount: 500, kind: 'batch' });
    const unit = order.amount / 500;
    expect(await balanceFen(t, ids.demo)).toBe(10_000_000 - Math.round(order.amount * 100));
    const task = await taskRow(t, order.taskId);
    expect(task).toMatchObject({ category: 2, total: 500, processed_num: 0 });

    // The worker stops after 130 cars (a restart): the task keeps its progress and stays unfinished.
    const stop = new AbortController();
    let asked = 0;
    setProvider(t.deps, {
      name: sandbox.name,
      sandbox: true,
      requirements: (p) => sandbox.requirements(p),
      query: async (car) => {
        if (++asked === 130) stop.abort();
        return sandbox.query(car);
      },
    });
    expect(await runTask(t, ids.demo, order.taskId, stop.signal)).toBe(false);
    setProvider(t.deps, sandbox);
    const halfway = await taskRow(t, order.taskId);
    expect(halfway.state).toBe('running');
    expect(halfway.processed_num).toBeGreaterThanOrEqual(125);
    expect(halfway.processed_num).toBeLessThan(500);
    const progress = await t.request('GET', `${B}/task/progress/list`, { as: 'admin' });
    const row = progress.json().data.find((p: { targetId: string }) => p.targetId === order.targetId);
    expect(row).toMatchObject({ category: 2, total: 500, processedNum: halfway.processed_num });

    // A crash after a batch's records were written but before its progress was: those items come again.
    await q(
      `update task_items set state = 'pending', result = null where task_id = $1 and seq in
         (select seq from task_items where task_id = $1 and state = 'done' order by seq desc limit 20)`,
      [order.taskId],
    );
    await q(
      `update task_progress set processed_num = processed_num - 20, success_num = success_num - 20 where id = $1`,
      [order.taskId],
    );
    expect(await runTask(t, ids.demo, order.taskId)).toBe(true);
    const done = await taskRow(t, order.taskId);
    expect(done).toMatchObject({ state: 'completed', processed_num: 500, success_num: 500, fail_num: 0 });

    const expected = await expectedNumbers(cars);
    const stored = await numbersOf(cars);
    expect(stored.length).toBe(expected.size);
    expect(new Set(stored)).toEqual(expected);
    const detail = (await t.request('GET', `${B}/consumer/order/peccancy/items/${order.id}`, { as: 'admin' })).json()
      .data;
    expect(detail.order).toMatchObject({ state: 'completed', found: expected.size, added: expected.size, failed: 0 });
    expect(detail.items).toHaveLength(500);
    expect(detail.items.every((i: { state: string }) => i.state === 'done')).toBe(true);

    // The same cars again: everything is found, nothing is added.
    const again = (await batch(cars)).json().data.order;
    expect(await runTask(t, ids.demo, again.taskId)).toBe(true);
    const second = (await t.request('GET', `${B}/consumer/order/peccancy/items/${again.id}`, { as: 'admin' })).json()
      .data.order;
    expect(second).toMatchObject({ found: expected.size, added: 0 });
    expect((await numbersOf(cars)).length).toBe(expected.size);
    expect(unit).toBeGreaterThan(0);
  }, 120_000);

  it('refunds each car the provider failed for, once, and keeps its answer as original data', async () => {
    // Plates ending in 000 fail in the sandbox.
    const failing = await addCars(t, ids.hz, 2, { prefix: '浙Y', from: 1000 });
    const failing2 = await addCars(t, ids.hz, 1, { prefix: '浙X', from: 2000 });
    const fine = await addCars(t, ids.hz, 2, { prefix: '浙W8' });
    await setBalance(t, ids.demo, 100_000);
    const { order } = (await batch([...failing, ...failing2, ...fine])).json().data;
    const paid = 100_000 - (await balanceFen(t, ids.demo));
    const unitFen = paid / 5;
    expect(await runTask(t, ids.demo, order.taskId)).toBe(true);
    // 浙Y1000 and 浙X2000 fail; 浙Y1001 does not.
    const detail = (await t.request('GET', `${B}/consumer/order/peccancy/items/${order.id}`, { as: 'admin' })).json()
      .data;
    const failed = detail.items.filter((i: { state: string }) => i.state === 'failed');
    expect(failed.map((i: { plate: string }) => i.plate).sort()).toEqual(['浙X2000', '浙Y1000']);
    expect(failed.every((i: { refunded: boolean; error: string }) => i.refunded && i.error)).toBe(true);
    expect(detail.order).toMatchObject({ failed: 2, refunded: (2 * unitFen) / 100 });
    expect(await balanceFen(t, ids.demo)).toBe(100_000 - 3 * unitFen);
    const refunds = await q<{ n: number }>(
      `select count(*)::int as n from balance_ledger where tenant_id = $1 and kind = 'chargeRefund' and amount_fen = $2`,
      [ids.demo, unitFen],
    );
    expect(refunds[0]!.n).toBeGreaterThanOrEqual(2);
    // The failed batch coming again after a crash does not refund twice.
    await q(`update task_items set state = 'pending' where task_id = $1`, [order.taskId]);
    await q(
      `update task_progress set state = 'running', processed_num = 0, success_num = 0, fail_num = 0 where id = $1`,
      [order.taskId],
    );
    expect(await runTask(t, ids.demo, order.taskId)).toBe(true);
    expect(await balanceFen(t, ids.demo)).toBe(100_000 - 3 * unitFen);
    const original = await t.request('GET', `${B}/peccancyDetail/original/data`, {
      as: 'admin',
      query: { orderId: order.id },
    });
    expect(original.json().data.total).toBe(5);
    const failedRaw = original.json().data.rows.find((r: { plate: string }) => r.plate === '浙Y1000');
    expect(failedRaw.data).toMatchObject({ resultcode: '203605' });
  });

  it('queries one car and shows the new records on its tab', async () => {
    const [car] = await addCars(t, ids.hz, 1, { prefix: '浙V1', from: 7 });
    const expected = await expectedNumbers([car!]);
    const res = await t.request('POST', `${B}/peccancy/order/query`, { as: 'admin', body: { carId: car } });
    expect(res.statusCode).toBe(200);
    const { order } = res.json().data;
    expect(order).toMatchObject({ kind: 'single', carCount: 1 });
    await runTask(t, ids.demo, order.taskId);
    const tab = await t.request('GET', `${B}/peccancyDetail/listForCar`, { as: 'admin', query: { carId: car } });
    expect(tab.json().data.total).toBe(expected.size);
    const [otherCar] = await q<{ id: number }>(`select id from cars where tenant_id = $1 limit 1`, [ids.other]);
    const foreign = await t.request('POST', `${B}/peccancy/order/query`, {
      as: 'admin',
      body: { carId: otherCar!.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
