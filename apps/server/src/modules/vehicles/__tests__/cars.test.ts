import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarListRow } from '@fleetdesk/contracts/vehicles';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { specEndpoints } from '../../../test/spec.js';
import { carInput, catalogue, nextPlate, nextVin, tenantIds, upload, type Catalogue } from './fixtures.js';

const P = '/api/ccwadmin/rentCar';
let t: TestApp;
let c: Catalogue;
let ids: Awaited<ReturnType<typeof tenantIds>>;
let otherCarId: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
  ids = await tenantIds(t);
  const { rows } = await t.deps.database.query<{ id: number }>(
    `select id from cars where tenant_id = ${ids.other} limit 1`,
  );
  otherCarId = Number(rows[0]!.id);
});
afterAll(async () => t.close());

const list = async (body: Record<string, unknown> = {}, as = 'admin', rent?: number) =>
  t.request('POST', `${P}/list`, { as, body, ...(rent ? { rent } : {}) });

async function addCar(extra: Record<string, unknown> = {}, rent = ids.hz) {
  const res = await t.request('POST', `${P}/add`, { as: 'admin', rent, body: carInput(c, extra) });
  if (res.statusCode !== 200) throw new Error(`add failed: ${res.body}`);
  return res.json().data as { id: number; plate: string; vin: string; status: string; actions: string[] };
}

describe('list', () => {
  it('pages the seeded fleet of both rents, newest first, with names joined', async () => {
    const res = await list({ pageSize: 10 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(86);
    expect(data.rows).toHaveLength(10);
    expect(data).toMatchObject({ pageNum: 1, pageSize: 10 });
    const ids = data.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The next page goes on where this one ends, in the same order, and a sorted page keeps its sort.
    const next = (await list({ pageSize: 10, pageNum: 2 })).json().data.rows.map((r: { id: number }) => r.id);
    expect(next).toHaveLength(10);
    expect(Math.max(...next)).toBeLessThan(Math.min(...ids));
    expect(next).toEqual([...next].sort((a, b) => b - a));
    const camry = (await list({ plate: '沪B·82M56' })).json().data.rows[0];
    expect(camry).toMatchObject({
      plate: '沪B82M56',
      brandName: '丰田',
      seriesName: '凯美瑞',
      rentName: '上海公司',
      carTypeName: '舒适型',
      energy: 'petrol',
      status: 'rented',
      actions: ['giveBack'],
      vinValid: true,
    });
    // The list row carries what the list shows, not the whole car: the car page reads that.
    expect(Object.keys(camry).sort()).toEqual(Object.keys(CarListRow.shape).sort());
    expect(camry).not.toHaveProperty('purchasePrice');
  });

  it('filters by status, energy, rent, brand, type, owner, keyword and dates, and sorts', async () => {
    const rented = (await list({ status: ['rented'], pageSize: 500 })).json().data;
    expect(rented.rows.every((r: { status: string }) => r.status === 'rented')).toBe(true);
    // 53 rented by the demo data's fleet and contracts, and one contract's temporary car (seedTempCars).
    expect(rented.total).toBe(55);
    const sh = (await list({ rentId: ids.sh, energy: ['electric'], pageSize: 500 })).json().data;
    expect(sh.total).toBeGreaterThan(0);
    expect(
      sh.rows.every((r: { rentName: string; energy: string }) => r.rentName === '上海公司' && r.energy === 'electric'),
    ).toBe(true);
    const byd = (await list({ brandId: c.brandId, pageSize: 500 })).json().data;
    expect(byd.rows.every((r: { brandName: string }) => r.brandName === '比亚迪')).toBe(true);
    const kw = (await list({ keyword: 'af678' })).json().data;
    expect(kw.rows.map((r: { plate: string }) => r.plate)).toEqual(['浙AF67890']);
    const due = (await list({ inspectionDueTo: t.clock.now().toISOString().slice(0, 10) })).json().data;
    expect(due.total).toBe(2);
    const sorted = (await list({ sortField: 'plate', sortOrder: 'asc', pageSize: 5 }))
      .json()
      .data.rows.map((r: { plate: string }) => r.plate);
    expect(sorted).toEqual([...sorted].sort());
    const typeId = (await t.request('GET', '/api/ccwadmin/rentCarType/list', { as: 'admin', query: { limit: 0 } }))
      .json()
      .data.rows.find((r: { carTypeName: string }) => r.carTypeName === '商务型').id;
    const business = (await list({ carTypeId: [typeId], pageSize: 100 })).json().data;
    expect(business.rows.every((r: { carTypeName: string }) => r.carTypeName === '商务型')).toBe(true);
    expect(business.total).toBe(7);
  });

  it('answers field errors with their paths', async () => {
    const res = await list({
      status: ['flying'],
      pageSize: 0,
      inspectionDueFrom: '2026-02-01',
      inspectionDueTo: '2026-01-01',
      x: 1,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['status.0', 'pageSize', '']));
  });

  it("shows only the caller's rents: the clerk sees Hangzhou only and may not ask for Shanghai", async () => {
    const clerk = (await list({ pageSize: 500 }, 'clerk')).json().data;
    expect(clerk.total).toBe(51);
    expect(clerk.rows.every((r: { rentName: string }) => r.rentName === '杭州公司')).toBe(true);
    const refused = await list({ rentId: ids.sh }, 'clerk');
    expect(refused.statusCode).toBe(403);
  });

  it('keeps a total only until the cars change, whoever changes them', async () => {
    const body = { status: ['maintenance'], pageSize: 1 };
    const before = (await list(body)).json().data.total as number;
    expect((await list(body)).json().data.total).toBe(before);
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select id from cars where tenant_id = ${ids.demo} and status = 'idle' and deleted_at is null limit 2`,
    );
    const moved = rows.map((r) => Number(r.id)).join(', ');
    // Written behind the service's back (another process, psql): the statement triggers move the version.
    await t.deps.database.query(`update cars set status = 'maintenance' where id in (${moved})`);
    expect((await list(body)).json().data.total).toBe(before + 2);
    await t.deps.database.query(`update cars set status = 'idle' where id in (${moved})`);
    expect((await list(body)).json().data.total).toBe(before);
    // A change in another tenant leaves this tenant's version, and its totals, alone.
    const { rows: versions } = await t.deps.database.query<{ version: string }>(
      `select version from car_list_versions where tenant_id = ${ids.demo}`,
    );
    await t.deps.database.query(`update cars set mileage_km = mileage_km + 1 where tenant_id = ${ids.other}`);
    const { rows: after } = await t.deps.database.query<{ version: string }>(
      `select version from car_list_versions where tenant_id = ${ids.demo}`,
    );
    expect(after[0]!.version).toBe(versions[0]!.version);
  });

  it("never shows another tenant's cars", async () => {
    const other = (await list({ pageSize: 500 }, 'other')).json().data;
    expect(other.total).toBe(6);
    expect(other.rows.every((r: { plate: string }) => r.plate.startsWith('京'))).toBe(true);
    expect((await list({ ids: [otherCarId] })).json().data).toMatchObject({ total: 0, rows: [] });
  });
});

describe('one car', () => {
  it('creates a car in the rent of the call, with images, and reads it back', async () => {
    const front = await upload(t, 'admin', 'car', 'front.png');
    const inside = await upload(t, 'admin', 'car', 'inside.png');
    const input = carInput(c, {
      plate: '浙a·f 12321',
      images: [
        { kind: 'front', url: front },
        { kind: 'interior', url: inside },
      ],
      purchasePrice: 99800.5,
      keyCount: 2,
      keyLocation: '钥匙柜 A-01',
    });
    const res = await t.request('POST', `${P}/add`, { as: 'admin', rent: ids.sh, body: input });
    expect(res.statusCode).toBe(200);
    const car = res.json().data;
    expect(car).toMatchObject({
      plate: '浙AF12321',
      rentName: '上海公司',
      status: 'idle',
      purchasePrice: 99800.5,
      keyCount: 2,
      actions: expect.arrayContaining(['rentOut', 'reserve', 'repair']),
    });
    expect(car.images.map((i: { kind: string }) => i.kind)).toEqual(['front', 'interior']);
    expect(car.images[0].url).toBe(front);
    expect(car.images[0].signedUrl).toMatch(/\?exp=\d+&sig=/);
    const again = await t.request('GET', `${P}/${car.id}`, { as: 'admin' });
    expect(again.json().data.images).toHaveLength(2);
    const history = (await t.request('GET', `${P}/operations`, { as: 'admin', query: { carId: car.id } })).json().data;
    expect(history.rows).toEqual([
      expect.objectContaining({ kind: 'create', toStatus: 'idle', toRentName: '上海公司' }),
    ]);
    const log = (
      await t.request('GET', '/api/ccwadmin/operationLog/list', { as: 'admin', query: { target: `car:${car.id}` } })
    ).json().data;
    expect(log.rows[0]).toMatchObject({ action: 'rentCar.add', targetType: 'car', targetId: String(car.id) });
  });

  it('validates plate, VIN check digit, energy rules and references, with paths', async () => {
    const bad = await t.request('POST', `${P}/add`, {
      as: 'admin',
      lang: 'en-US',
      body: {
        ...carInput(c),
        plate: '浙AI2345',
        vin: 'LGXCE4CB0P0123456',
        energy: 'petrol',
        batteryKwh: 60,
        colour: 7,
      },
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path).sort()).toEqual(['colour', 'plate', 'vin']);
    expect(errors.find((e) => e.path === 'vin')!.message).toContain('check digit');
    // The rules between fields come once the fields themselves are right.
    const rules = await t.request('POST', `${P}/add`, {
      as: 'admin',
      body: { ...carInput(c), plate: nextPlate('浙A'), energy: 'petrol', batteryKwh: 60, compulsoryExpiry: null },
    });
    expect(
      rules
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['batteryKwh', 'compulsoryExpiry', 'rangeKm']);
    const green = await t.request('POST', `${P}/add`, {
      as: 'admin',
      body: { ...carInput(c), energy: 'petrol', batteryKwh: null, rangeKm: null },
    });
    expect(green.json().errors).toEqual([
      expect.objectContaining({ path: 'plate', message: expect.stringContaining('新能源') }),
    ]);
    const wrongSeries = await t.request('POST', `${P}/add`, {
      as: 'admin',
      body: carInput(c, { seriesId: c.otherSeriesId }),
    });
    expect(wrongSeries.statusCode).toBe(400);
    expect(wrongSeries.json().errors[0].path).toBe('seriesId');
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select id from car_types where tenant_id = ${ids.other} limit 1`,
    );
    const foreignType = await t.request('POST', `${P}/add`, {
      as: 'admin',
      body: carInput(c, { carTypeId: Number(rows[0]!.id) }),
    });
    expect(foreignType.statusCode).toBe(400);
    expect(foreignType.json().errors[0].path).toBe('carTypeId');
  });

  it('refuses a plate or VIN already in the fleet with 409 30101', async () => {
    const dup = await t.request('POST', `${P}/add`, { as: 'admin', body: carInput(c, { plate: '浙A·F67890' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: 30101, message: expect.stringContaining('浙A·F67890') });
    const first = await addCar();
    const vin = await t.request('POST', `${P}/add`, { as: 'admin', body: carInput(c, { vin: first.vin }) });
    expect(vin.statusCode).toBe(409);
    // Another tenant may have the same plate.
    const other = await t.request('POST', `${P}/add`, { as: 'other', body: carInput(c, { plate: first.plate }) });
    expect(other.statusCode).toBe(200);
  });

  it('updates a car; the plate may change but not to one in use', async () => {
    const car = await addCar();
    const input = carInput(c, { plate: nextPlate(), vin: car.vin, mileageKm: 12000, remark: '新胎' });
    const res = await t.request('PUT', `${P}/update/${car.id}`, { as: 'admin', body: input });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ plate: input.plate, mileageKm: 12000, remark: '新胎' });
    const taken = await t.request('PUT', `${P}/update/${car.id}`, {
      as: 'admin',
      body: { ...input, plate: '浙AF67890' },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('soft-deletes (not a rented car) and restores unless the plate is taken again', async () => {
    const car = await addCar();
    const del = await t.request('DELETE', `${P}/delete/${car.id}`, { as: 'admin', query: { reason: '录入错误' } });
    expect(del.statusCode).toBe(200);
    expect((await list({ ids: [car.id] })).json().data.total).toBe(0);
    const deleted = (await list({ ids: [car.id], deleted: 'only' })).json().data.rows[0];
    expect(deleted.deletedAt).not.toBeNull();
    expect(deleted.actions).toEqual([]);
    expect((await t.request('GET', `${P}/${car.id}`, { as: 'admin' })).json().data.deletedAt).not.toBeNull();
    expect((await t.request('PUT', `${P}/rentOut/${car.id}`, { as: 'admin' })).statusCode).toBe(404);
    const taker = await addCar({ plate: car.plate });
    expect((await t.request('POST', `${P}/restore/${car.id}`, { as: 'admin' })).statusCode).toBe(409);
    await t.request('DELETE', `${P}/delete/${taker.id}`, { as: 'admin' });
    const restored = await t.request('POST', `${P}/restore/${car.id}`, { as: 'admin' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.deletedAt).toBeNull();
    expect((await t.request('POST', `${P}/restore/${car.id}`, { as: 'admin' })).statusCode).toBe(409);
    const kinds = (await t.request('GET', `${P}/operations`, { as: 'admin', query: { carId: car.id } }))
      .json()
      .data.rows.map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual(['restore', 'delete', 'create']);
    const rented = (await list({ status: ['rented'], pageSize: 1 })).json().data.rows[0];
    const refused = await t.request('DELETE', `${P}/delete/${rented.id}`, { as: 'admin' });
    expect(refused.statusCode).toBe(409);
  });
});

describe('status actions', () => {
  it('follows the transition table and records each change', async () => {
    const car = await addCar();
    const act = (action: string, body?: unknown) =>
      t.request('PUT', `${P}/${action}/${car.id}`, { as: 'admin', ...(body ? { body } : {}) });
    expect((await act('reserve', { remark: '客户预订' })).json().data.status).toBe('reserved');
    expect((await act('rentOut')).json().data).toMatchObject({ status: 'rented', actions: ['giveBack'] });
    const refused = await act('repair');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 30101, message: '车辆当前状态为“已出租”，不能执行“送修”' });
    // A returned car waits for its preparation before it may be reserved or rented out again.
    expect((await act('giveBack')).json().data).toMatchObject({
      status: 'preparing',
      actions: ['prepared', 'repair', 'suspend'],
    });
    expect((await act('reserve')).statusCode).toBe(409);
    expect((await act('prepared')).json().data.status).toBe('idle');
    expect((await act('repair')).json().data.status).toBe('maintenance');
    expect((await act('suspend')).json().data.status).toBe('off_fleet');
    expect((await act('resume')).json().data.status).toBe('idle');
    expect((await act('sell')).json().data).toMatchObject({ status: 'sold', actions: [] });
    for (const a of ['resume', 'rentOut', 'scrap', 'repair']) expect((await act(a)).statusCode).toBe(409);
    expect((await act('fly')).statusCode).toBe(400);
    const history = (
      await t.request('GET', `${P}/operations`, { as: 'admin', query: { carId: car.id, kind: 'status' } })
    )
      .json()
      .data.rows.map(
        (r: { action: string; fromStatus: string; toStatus: string }) => `${r.action}:${r.fromStatus}>${r.toStatus}`,
      );
    expect(history).toEqual([
      'sell:idle>sold',
      'resume:off_fleet>idle',
      'suspend:maintenance>off_fleet',
      'repair:idle>maintenance',
      'prepared:preparing>idle',
      'giveBack:rented>preparing',
      'rentOut:reserved>rented',
      'reserve:idle>reserved',
    ]);
  });

  it('refuses to rent out a car without valid compulsory insurance or with an overdue inspection', async () => {
    const noPolicy = await addCar({ compulsoryCompany: null, compulsoryPolicyNo: null, compulsoryExpiry: null });
    const res = await t.request('PUT', `${P}/rentOut/${noPolicy.id}`, { as: 'admin', lang: 'en-US' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('compulsory insurance');
    const overdue = await addCar({ inspectionDue: '2020-01-01' });
    expect((await t.request('PUT', `${P}/rentOut/${overdue.id}`, { as: 'admin' })).json().message).toContain('年检');
  });

  it('changes many cars at once and says which were refused', async () => {
    const a = await addCar();
    const b = await addCar();
    await t.request('PUT', `${P}/rentOut/${b.id}`, { as: 'admin' });
    const res = await t.request('PUT', `${P}/batch/repair`, {
      as: 'admin',
      lang: 'en-US',
      body: { ids: [a.id, b.id, otherCarId], remark: '集中保养' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.done).toEqual([a.id]);
    expect(data.refused).toEqual([
      { id: b.id, plate: b.plate, message: 'The car is "Rented"; "Send to repair" is not possible' },
      { id: otherCarId, plate: null, message: 'No such car' },
    ]);
  });
});

describe('transfer', () => {
  it('moves a car to another rent of the tenant and records it; refuses rented cars and foreign rents', async () => {
    const car = await addCar();
    const res = await t.request('POST', `${P}/transfer/${car.id}`, {
      as: 'admin',
      query: { rentId: ids.sh },
      body: { remark: '上海缺车' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rentName).toBe('上海公司');
    const ops = (
      await t.request('GET', `${P}/operations`, { as: 'admin', query: { carId: car.id, kind: 'transfer' } })
    ).json().data.rows;
    expect(ops[0]).toMatchObject({
      fromRentName: '杭州公司',
      toRentName: '上海公司',
      remark: '上海缺车',
      userName: '张伟',
    });
    expect(
      (await t.request('POST', `${P}/transfer/${car.id}`, { as: 'admin', query: { rentId: ids.sh } })).statusCode,
    ).toBe(409);
    const foreign = await t.request('POST', `${P}/transfer/${car.id}`, { as: 'admin', query: { rentId: ids.bj } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('rentId');
    await t.request('PUT', `${P}/rentOut/${car.id}`, { as: 'admin' });
    expect(
      (await t.request('POST', `${P}/transfer/${car.id}`, { as: 'admin', query: { rentId: ids.hz } })).statusCode,
    ).toBe(409);
  });
});

describe('images, licence and keys', () => {
  it("sets, reorders and deletes images; refuses another tenant's file", async () => {
    const car = await addCar();
    const [a, b, cc] = [await upload(t, 'admin'), await upload(t, 'admin'), await upload(t, 'admin')];
    const set = await t.request('POST', `${P}/edit/img`, {
      as: 'admin',
      body: {
        carId: car.id,
        images: [
          { kind: 'front', url: a },
          { kind: 'back', url: b },
          { kind: 'left', url: cc },
        ],
      },
    });
    expect(set.json().data.map((i: { url: string }) => i.url)).toEqual([a, b, cc]);
    const reordered = await t.request('POST', `${P}/edit/img`, {
      as: 'admin',
      body: {
        carId: car.id,
        images: [
          { kind: 'left', url: cc },
          { kind: 'front', url: a },
        ],
      },
    });
    expect(reordered.json().data.map((i: { kind: string; sort: number }) => `${i.sort}:${i.kind}`)).toEqual([
      '0:left',
      '1:front',
    ]);
    const imgs = (await t.request('GET', `${P}/get/img/${car.id}`, { as: 'admin' })).json().data;
    const del = await t.request('POST', `${P}/delete/img`, { as: 'admin', body: { carId: car.id, ids: [imgs[0].id] } });
    expect(del.json().data.map((i: { kind: string }) => i.kind)).toEqual(['front']);
    expect(
      (await t.request('POST', `${P}/delete/img`, { as: 'admin', body: { carId: car.id, ids: [imgs[0].id] } }))
        .statusCode,
    ).toBe(404);
    const foreign = await upload(t, 'other');
    const refused = await t.request('POST', `${P}/edit/img`, {
      as: 'admin',
      body: { carId: car.id, images: [{ kind: 'front', url: foreign }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('images.0.url');
    const forged = await t.request('POST', `${P}/edit/img`, {
      as: 'admin',
      body: { carId: car.id, images: [{ kind: 'front', url: '/api/tool/oss/file/t1/car/2024/01/none.png' }] },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('binds the vehicle licence pages and data; sets key information', async () => {
    const car = await addCar();
    const main = await upload(t, 'admin', 'license', 'main.png');
    const second = await upload(t, 'admin', 'license', 'second.png');
    const res = await t.request('POST', `${P}/bind/license`, {
      as: 'admin',
      body: {
        carId: car.id,
        mainPageUrl: main,
        secondPageUrl: second,
        fileNo: '330100123456',
        useCharacter: '预约出租客运',
        issueDate: '2023-06-18',
        inspectionDue: '2027-06-30',
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      licenseFileNo: '330100123456',
      licenseUseCharacter: '预约出租客运',
      inspectionDue: '2027-06-30',
    });
    expect(data.licenseBoundAt).not.toBeNull();
    expect(data.images.map((i: { kind: string }) => i.kind)).toEqual(['licenseMain', 'licenseSecond']);
    const keys = await t.request('POST', `${P}/update/car/key/info`, {
      as: 'admin',
      body: { carId: car.id, keyCount: 3, keyLocation: '上海门店钥匙柜 B-07', keyRemark: '备用钥匙在财务室' },
    });
    expect(keys.json().data).toMatchObject({
      keyCount: 3,
      keyLocation: '上海门店钥匙柜 B-07',
      keyRemark: '备用钥匙在财务室',
    });
    const bad = await t.request('POST', `${P}/update/car/key/info`, {
      as: 'admin',
      body: { carId: car.id, keyCount: -1 },
    });
    expect(bad.json().errors[0].path).toBe('keyCount');
  });
});

describe('permissions and tenants', () => {
  it('lets the clerk read but refuses every write with 403 40301', async () => {
    const car = (await list({ pageSize: 1 }, 'clerk')).json().data.rows[0];
    expect((await t.request('GET', `${P}/${car.id}`, { as: 'clerk' })).statusCode).toBe(200);
    const writes: [string, string, Record<string, unknown>?][] = [
      ['POST', `${P}/add`, carInput(c)],
      ['PUT', `${P}/update/${car.id}`, carInput(c)],
      ['DELETE', `${P}/delete/${car.id}`],
      ['POST', `${P}/restore/${car.id}`],
      ['PUT', `${P}/repair/${car.id}`],
      ['PUT', `${P}/batch/repair`, { ids: [car.id] }],
      ['POST', `${P}/transfer/${car.id}?rentId=${ids.sh}`],
      ['POST', `${P}/edit/img`, { carId: car.id, images: [] }],
      ['POST', `${P}/delete/img`, { carId: car.id, ids: [1] }],
      ['POST', `${P}/bind/license`, { carId: car.id, mainPageUrl: 'x' }],
      ['POST', `${P}/update/car/key/info`, { carId: car.id, keyCount: 1 }],
      ['POST', `${P}/exportCar`, {}],
      ['POST', `${P}/exportCarInspection`, {}],
      ['POST', `${P}/exportInsurance`, {}],
      ['POST', `${P}/owner/create`, { kind: 'person', name: 'x' }],
      ['PUT', `${P}/owner/update/1`, { kind: 'person', name: 'x' }],
      ['DELETE', `${P}/owner/delete/1`],
      ['POST', '/api/ccwadmin/rentCarType/create', { carTypeName: 'x', monthlyRent: 1, deposit: 1 }],
      ['PUT', '/api/ccwadmin/rentCarType/update/1', { carTypeName: 'x', monthlyRent: 1, deposit: 1 }],
      ['DELETE', '/api/ccwadmin/rentCarType/delete/1'],
      [
        'POST',
        '/api/ccwadmin/commonCar/type/create',
        { seriesId: c.seriesId, name: 'x', year: 2024, energy: 'petrol', seats: 5 },
      ],
      ['DELETE', '/api/ccwadmin/commonCar/type/delete/1'],
    ];
    for (const [method, url, body] of writes) {
      const res = await t.request(method as 'POST', url, { as: 'clerk', ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().status, `${method} ${url}`).toBe(40301);
    }
  });

  it('refuses an expired tenant with 403 40302', async () => {
    const calls: [string, string][] = [
      ['POST', `${P}/list`],
      ['GET', `${P}/getCarsinfo`],
      ['POST', `${P}/add`],
      ['GET', '/api/ccwadmin/commonCar/brand'],
    ];
    for (const [method, url] of calls) {
      const res = await t.request(method as 'GET', url, { as: 'expired', ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status, url).toBe(40302);
    }
  });

  it("answers 404 for another tenant's car on every call, never its data", async () => {
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', `${P}/${otherCarId}`],
      ['GET', `${P}/get/img/${otherCarId}`],
      ['GET', `${P}/operations?carId=${otherCarId}`],
      ['PUT', `${P}/update/${otherCarId}`, carInput(c)],
      ['PUT', `${P}/repair/${otherCarId}`],
      ['DELETE', `${P}/delete/${otherCarId}`],
      ['POST', `${P}/restore/${otherCarId}`],
      ['POST', `${P}/transfer/${otherCarId}?rentId=${ids.sh}`],
      ['POST', `${P}/edit/img`, { carId: otherCarId, images: [] }],
      ['POST', `${P}/delete/img`, { carId: otherCarId, ids: [1] }],
      ['POST', `${P}/update/car/key/info`, { carId: otherCarId, keyCount: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.request(method as 'GET', url, { as: 'admin', ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('京');
    }
  });

  it('documents every fleet call of the spec in the OpenAPI document with its permission', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const mine = specEndpoints().filter(
      ({ area, path }) =>
        (area === 'fleet' && !/rentCarLicense|accident|peccancy/.test(path)) ||
        area === 'excel' ||
        (area === 'common' && /commonArea|filter/.test(path)),
    );
    expect(mine.length).toBeGreaterThan(35);
    for (const { method, path } of mine) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/ccwadmin/rentCar/add'].post['x-permission']).toBe('rentCar:add');
    expect(doc.paths['/api/ccwadmin/rentCar/transfer/{id}'].post['x-permission']).toBe('rentCar:transfer');
    expect(doc.paths['/api/ccwadmin/rentCar/exportCar'].post['x-permission']).toBe('rentCar:export');
  });
});

describe('vin helpers', () => {
  it('gives distinct valid VINs', () => {
    expect(nextVin()).not.toBe(nextVin());
  });
});
