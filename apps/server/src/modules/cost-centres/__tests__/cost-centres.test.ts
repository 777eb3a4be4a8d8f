import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { readXlsx } from '../../../test/xlsx.js';
import { postCost } from '../cost-centres.service.js';
import { caller, ids as seedIds, staff } from '../../../test/office.js';

const C = '/api/ccwadmin/oa/costCenter';
let t: TestApp;
let as: ReturnType<typeof staff>;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  t = await createTestApp();
  as = staff(t);
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const call = caller(
  () => t,
  C,
  () => as,
);

const thisMonth = () => t.clock.now().toISOString().slice(0, 7);

describe('the tree', () => {
  it('lists the seeded tree to finance and applicants, not to clerk or another tenant', async () => {
    const rows = (await call('GET', '/list', 'admin')).json().data as {
      code: string;
      parentId: number | null;
      postedTotal: number;
    }[];
    expect(rows.find((r) => r.code === 'HQ')!.parentId).toBeNull();
    expect(rows.find((r) => r.code === 'CAR-HZ-RIDE')!.postedTotal).toBeGreaterThan(0);
    expect((await call('GET', '/list', 'zhengkai')).statusCode).toBe(200);
    expect((await call('GET', '/list', 'clerk')).statusCode).toBe(403);
    expect((await call('GET', '/list', 'other')).json().data).toEqual([]);
  });

  it('adds, moves and deletes; refuses a taken code, a cycle, and deleting a centre with costs or children', async () => {
    const add = await call('POST', '/add', 'admin', {
      parentId: ids.centre('HZ'),
      kind: 'carGroup',
      code: 'CAR-HZ-NEW',
      name: '杭州新能源组',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id as number;
    const taken = await call('POST', '/add', 'admin', { parentId: null, kind: 'company', code: 'HQ', name: 'x' });
    expect(taken.json().errors[0].path).toBe('code');
    const badCode = await call('POST', '/add', 'admin', { parentId: null, kind: 'company', code: 'a b', name: 'x' });
    expect(badCode.json().errors[0].path).toBe('code');
    const cycle = await call('PUT', `/update/${ids.centre('HZ')}`, 'admin', {
      parentId: id,
      kind: 'rent',
      code: 'HZ',
      name: '杭州分公司',
    });
    expect(cycle.statusCode).toBe(409);
    expect((await call('DELETE', `/delete/${ids.centre('HZ')}`, 'admin')).statusCode).toBe(409);
    expect((await call('DELETE', `/delete/${ids.centre('CAR-HZ-RIDE')}`, 'admin')).statusCode).toBe(409);
    expect(
      (await call('POST', '/add', 'sunli', { parentId: null, kind: 'company', code: 'X1', name: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/delete/${id}`, 'other')).statusCode).toBe(404);
    expect((await call('DELETE', `/delete/${id}`, 'admin')).statusCode).toBe(200);
  });
});

describe('posting and the report', () => {
  it('books a cost once per source, only to an enabled centre of the tenant', async () => {
    const posting = {
      centreId: ids.centre('CAR-SH-LONG'),
      category: 'maintenance' as const,
      sourceType: 'maintenance',
      sourceId: 'WO-1',
      amountFen: 12_345,
      occurredOn: `${thisMonth()}-02`,
      description: '更换刹车片',
      createdBy: null,
    };
    const tenant = (await t.deps.database.query<{ id: number }>(`select id from tenants where code = 'DEMO'`)).rows[0]!
      .id;
    const other = (await t.deps.database.query<{ id: number }>(`select id from tenants where code = 'OTHER'`)).rows[0]!
      .id;
    expect(await postCost(t.deps.db, Number(tenant), posting)).toBe(true);
    expect(await postCost(t.deps.db, Number(tenant), posting)).toBe(false);
    await expect(postCost(t.deps.db, Number(other), { ...posting, sourceId: 'WO-2' })).rejects.toMatchObject({
      httpStatus: 400,
    });
    const list = await call('GET', '/posting/list', 'sunli', undefined, {
      centreId: ids.centre('SH'),
      month: thisMonth(),
    });
    expect(list.json().data.rows.filter((r: { sourceId: string }) => r.sourceId === 'WO-1')).toHaveLength(1);
  });

  it('sums months per centre with its children and per category, and exports the same as .xlsx', async () => {
    const month = thisMonth();
    const res = await call('GET', '/report', 'sunli', undefined, {
      from: month,
      to: month,
      centreId: ids.centre('SH'),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      months: string[];
      centres: { id: number; amounts: number[] }[];
      categories: { category: string; total: number }[];
    };
    const sh = data.centres.find((c) => c.id === ids.centre('SH'))!;
    const long = data.centres.find((c) => c.id === ids.centre('CAR-SH-LONG'))!;
    const hq = data.centres.find((c) => c.id === ids.centre('HQ'))!;
    expect(sh.amounts[0]).toBeGreaterThanOrEqual(long.amounts[0]!);
    expect(hq.amounts[0]).toBeGreaterThanOrEqual(sh.amounts[0]!);
    expect(data.categories.find((c) => c.category === 'maintenance')!.total).toBeGreaterThanOrEqual(123.45);
    const tooLong = await call('GET', '/report', 'sunli', undefined, { from: '2024-01', to: '2026-06' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].path).toBe('to');
    const file = await call('POST', '/report/export', 'sunli', { from: month, to: month });
    expect(file.statusCode).toBe(200);
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet[0]).toEqual(['成本中心', '类别', month, '合计（元）']);
    expect(Number(sheet.find((r) => r[0] === '演示租车总部')![3])).toBe(hq.amounts[0]);
    expect((await call('POST', '/report/export', 'zhengkai', { from: month, to: month })).statusCode).toBe(403);
  });
});
