import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSummary, WorkOrderDetail } from '@fleetdesk/contracts/maintenance';
import { localDate } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import {
  MP,
  caller,
  data,
  idleCars,
  orderBody,
  path,
  roleWith,
  seeded,
  workshop,
  type Caller,
} from './orders.fixtures.js';

let t: TestApp;
let call: Caller;
let ids: Awaited<ReturnType<typeof seeded>>;
let month: string;
let cars: { id: number; plate: string }[];
let shopId: number;

/** An order of `carId` through to settled (company pays), finished now with `km` from `kmIn`. */
async function finished(carId: number, kind: string, lines: unknown[], kmIn: number, kmOut: number) {
  const step = (p: string, id: number, body: Record<string, unknown>) => call('POST', path(p, { id }), { body });
  let o = await data<WorkOrderDetail>(
    await call('POST', MP.orderCreate, { body: orderBody(carId, { kind, workshopId: shopId }) }),
  );
  o = await data(await step(MP.orderSubmit, o.id, { version: o.version }));
  o = await data(await step(MP.orderEnter, o.id, { version: o.version, mileageIn: kmIn }));
  o = await data(
    await step(MP.orderComplete, o.id, {
      version: o.version,
      actualEnd: t.clock.now().toISOString(),
      mileageOut: kmOut,
      lines,
    }),
  );
  o = await data<WorkOrderDetail>(await step(MP.orderSettle, o.id, { version: o.version, payer: 'company' }));
  return data<WorkOrderDetail>(await step(MP.orderPickUp, o.id, { version: o.version }));
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  ids = await seeded(t);
  month = localDate('Asia/Shanghai', t.clock.now()).slice(0, 7);
  shopId = await workshop(t, ids.demo, '报表测试修理厂', ids.sh);
  cars = await idleCars(t, ids.sh, 2);
  const oil = [{ kind: 'part', name: '机油', quantity: 1, unitPrice: 300 }];
  const brake = [
    { kind: 'part', name: '刹车片', quantity: 1, unitPrice: 400 },
    { kind: 'labour', name: '工时', hours: 2, rate: 100 },
  ];
  await finished(cars[0]!.id, 'service', oil, 20_000, 20_010);
  await finished(cars[0]!.id, 'repair', brake, 21_000, 22_000);
  await finished(cars[1]!.id, 'repair', brake, 30_000, 30_000);
});
afterAll(async () => t.close());

describe('the maintenance report', () => {
  it('sums the orders finished in the period by car, kind, workshop and month, with the cost per 1,000 km', async () => {
    const r = await data<ReportSummary>(
      await call('GET', MP.reportSummary, { query: { from: month, to: month, rentId: ids.sh } }),
    );
    const mine = r.byCar.filter((c) => cars.some((x) => x.id === c.carId));
    expect(mine).toHaveLength(2);
    const first = mine.find((c) => c.carId === cars[0]!.id)!;
    // 300 + (400 + 200) = 900 yuan over 22,000 − 20,000 = 2,000 km: 450 yuan per 1,000 km.
    expect(first).toMatchObject({ orders: 2, parts: 700, labour: 200, total: 900, company: 900, km: 2000 });
    expect(first.costPer1000Km).toBe(450);
    const second = mine.find((c) => c.carId === cars[1]!.id)!;
    expect(second).toMatchObject({ orders: 1, total: 600, km: null, costPer1000Km: null });
    const shop = r.byWorkshop.find((w) => w.workshopId === shopId)!;
    expect(shop).toMatchObject({ orders: 3, total: 1500 });
    expect(r.byMonth.find((m) => m.month === month)!.total).toBeGreaterThanOrEqual(1500);
    expect(r.byKind.find((k) => k.kind === 'service')!.total).toBeGreaterThanOrEqual(300);
    const top = r.topRepairs.filter((c) => cars.some((x) => x.id === c.carId));
    expect(top.map((c) => c.repairs)).toEqual([1, 1]);
    expect(r.totals.orders).toBeGreaterThanOrEqual(3);
  });

  it('refuses a range over 24 months or backwards (400), a rent outside the scope (403), a caller without maintenance (403)', async () => {
    expect((await call('GET', MP.reportSummary, { query: { from: '2024-01', to: '2026-06' } })).statusCode).toBe(400);
    expect((await call('GET', MP.reportSummary, { query: { from: '2026-06', to: '2026-01' } })).statusCode).toBe(400);
    const role = await roleWith(t, ids.demo, 'mHzOnly', ['maintenance', 'maintenance:view']);
    const hz = await addUser(t, 'mhzonly', { roleIds: [role], rentIds: [ids.hz] });
    const res = await call('GET', MP.reportSummary, {
      token: hz.token,
      query: { from: month, to: month, rentId: ids.sh },
    });
    expect(res.statusCode).toBe(403);
    // His own rents: none of the Shanghai orders.
    const own = await data<ReportSummary>(
      await call('GET', MP.reportSummary, { token: hz.token, query: { from: month, to: month } }),
    );
    expect(own.byCar.some((c) => cars.some((x) => x.id === c.carId))).toBe(false);
    const none = await roleWith(t, ids.demo, 'mNoMaint', ['rentCar', 'rentCar:view']);
    const n = await addUser(t, 'mnomaint', { roleIds: [none], rentIds: [ids.hz] });
    expect(
      (await call('GET', MP.reportSummary, { token: n.token, query: { from: month, to: month } })).statusCode,
    ).toBe(403);
    // Another tenant sees none of ours.
    const other = await data<ReportSummary>(
      await call('GET', MP.reportSummary, { as: 'other', query: { from: month, to: month } }),
    );
    expect(other.byCar.some((c) => cars.some((x) => x.id === c.carId))).toBe(false);
  });

  it('exports the report as a workbook with one sheet per view', async () => {
    const res = await call('GET', MP.reportExport, { query: { from: month, to: month, rentId: ids.sh } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '按月份',
      '按车辆',
      '按车型',
      '按修理厂',
      '按类型',
      '维修次数排行',
    ]);
    const byCar = wb.getWorksheet('按车辆')!;
    const plates: string[] = [];
    byCar.eachRow((row, n) => {
      if (n > 1) plates.push(String(row.getCell(1).value));
    });
    expect(plates).toEqual(expect.arrayContaining(cars.map((c) => c.plate)));
    const en = await call('GET', MP.reportExport, { query: { from: month, to: month }, lang: 'en-US' });
    expect(en.statusCode).toBe(200);
  });
});
