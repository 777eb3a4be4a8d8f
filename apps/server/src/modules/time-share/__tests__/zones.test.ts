import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { ids, ok, q, R, RN, T, userWith, Z } from './fixtures.js';

let t: TestApp;
let I: Awaited<ReturnType<typeof ids>>;

beforeAll(async () => {
  t = await createTestApp();
  I = await ids(t);
});
afterAll(async () => t?.close());

const zoneBody = (o: Record<string, unknown> = {}) => ({
  rentId: I.hz,
  name: '测试站',
  city: '杭州',
  address: '杭州市余杭区测试路 1 号',
  lat: 30.3,
  lon: 120.0,
  radiusM: 200,
  bays: 4,
  parkingFee: 2.5,
  ...o,
});

describe('zones', () => {
  it('adds, lists, changes at its version and deletes a zone; money in yuan', async () => {
    const zone = ok<{ id: number; version: number; parkingFee: number; carsParked: number }>(
      await t.request('POST', `${Z}/create`, { as: 'admin', body: zoneBody() }),
    );
    expect(zone).toMatchObject({ parkingFee: 2.5, carsParked: 0, radiusM: 200, geofenceId: null });
    const [fen] = await q<{ parking_fee_fen: number }>(t, `select parking_fee_fen from ts_zones where id = $1`, [
      zone.id,
    ]);
    expect(Number(fen!.parking_fee_fen)).toBe(250);
    const list = ok<{ rows: { name: string }[]; total: number }>(
      await t.request('GET', `${Z}/list`, { as: 'admin', query: { city: '杭州', keyword: '测试' } }),
    );
    expect(list.rows.map((r) => r.name)).toEqual(['测试站']);
    const updated = ok<{ version: number; bays: number }>(
      await t.request('PUT', `${Z}/update`, {
        as: 'admin',
        body: { ...zoneBody({ bays: 9 }), id: zone.id, version: zone.version },
      }),
    );
    expect(updated.bays).toBe(9);
    const stale = await t.request('PUT', `${Z}/update`, {
      as: 'admin',
      body: { ...zoneBody({ bays: 1 }), id: zone.id, version: zone.version },
    });
    expect(stale.statusCode).toBe(409);
    const dup = await t.request('POST', `${Z}/create`, { as: 'admin', body: zoneBody() });
    expect(dup.statusCode).toBe(409);
    ok(await t.request('POST', `${Z}/delete/${zone.id}`, { as: 'admin' }));
    expect((await t.request('GET', `${Z}/get/${zone.id}`, { as: 'admin' })).statusCode).toBe(404);
    // The name is free again once the zone is deleted.
    ok(await t.request('POST', `${Z}/create`, { as: 'admin', body: zoneBody() }));
  });

  it('takes a GPS geofence of the tenant instead of a circle; neither: 400; another tenant’s geofence: 400', async () => {
    const [fence] = await q<{ id: number }>(t, `select id from gps_geofences where name = '虹桥枢纽'`);
    const zone = ok<{ geofenceName: string; radiusM: number | null }>(
      await t.request('POST', `${Z}/create`, {
        as: 'admin',
        body: zoneBody({ name: '虹桥站', city: '上海', rentId: I.sh, radiusM: null, geofenceId: Number(fence!.id) }),
      }),
    );
    expect(zone).toMatchObject({ geofenceName: '虹桥枢纽', radiusM: null });
    const neither = await t.request('POST', `${Z}/create`, {
      as: 'admin',
      body: zoneBody({ name: '无范围站', radiusM: null, geofenceId: null }),
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors[0].path).toBe('radiusM');
    const [otherFence] = await q<{ id: number }>(
      t,
      `insert into gps_geofences (tenant_id, rent_id, name, kind, points, radius, min_lat, min_lon, max_lat, max_lon)
        values ($1, (select id from rents where tenant_id = $1 limit 1), '他人围栏', 'circle', '[[39.9, 116.4]]', 100,
          39.89, 116.39, 39.91, 116.41) returning id`,
      [I.other],
    );
    const foreign = await t.request('POST', `${Z}/create`, {
      as: 'admin',
      body: zoneBody({ name: '他人围栏站', radiusM: null, geofenceId: Number(otherFence!.id) }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('geofenceId');
  });

  it('refuses to delete a zone where cars are parked', async () => {
    const res = await t.request('POST', `${Z}/delete/${I.zone('文一西路站')}`, { as: 'admin' });
    expect(res.statusCode).toBe(409);
  });
});

describe('cars in time-share', () => {
  it('adds an idle car at a zone, parks it elsewhere, removes it; refuses a rented car', async () => {
    const [idle] = await q<{ id: number }>(
      t,
      `select k.id from cars k join rents r on r.tenant_id = k.tenant_id and r.id = k.rent_id
        where r.code = 'HZ' and k.status = 'idle' and k.deleted_at is null
          and not exists (select 1 from ts_cars c where c.tenant_id = k.tenant_id and c.car_id = k.id)
          and not exists (select 1 from st_store_cars s where s.tenant_id = k.tenant_id and s.car_id = k.id)
        order by k.id limit 1`,
    );
    const carId = Number(idle!.id);
    const zone = I.zone('钱江新城站');
    expect(
      ok<{ count: number }>(
        await t.request('POST', `${Z}/cars/add`, { as: 'admin', body: { zoneId: zone, carIds: [carId] } }),
      ).count,
    ).toBe(1);
    const listed = ok<{ rows: { carId: number; zoneName: string; city: string }[] }>(
      await t.request('GET', `${Z}/cars`, { as: 'admin', query: { zoneId: zone } }),
    );
    expect(listed.rows.find((r) => r.carId === carId)).toMatchObject({ zoneName: '钱江新城站', city: '杭州' });
    const parked = ok<{ zoneName: string }>(
      await t.request('POST', `${Z}/cars/park`, { as: 'admin', body: { carId, zoneId: I.zone('文一西路站') } }),
    );
    expect(parked.zoneName).toBe('文一西路站');
    ok(await t.request('POST', `${Z}/cars/remove`, { as: 'admin', body: { carId } }));
    expect((await t.request('POST', `${Z}/cars/remove`, { as: 'admin', body: { carId } })).statusCode).toBe(404);
    const [rented] = await q<{ id: number }>(
      t,
      `select k.id from cars k join rents r on r.tenant_id = k.tenant_id and r.id = k.rent_id
        where r.code = 'HZ' and k.status = 'rented' order by k.id limit 1`,
    );
    const refused = await t.request('POST', `${Z}/cars/add`, {
      as: 'admin',
      body: { zoneId: zone, carIds: [Number(rented!.id)] },
    });
    expect(refused.statusCode).toBe(409);
    // The car on a live trip cannot leave time-share.
    const busy = await t.request('POST', `${Z}/cars/remove`, { as: 'admin', body: { carId: I.car('浙AD73S01').id } });
    expect(busy.statusCode).toBe(409);
  });
});

describe('rates', () => {
  it('adds one per city and car type (409 on a second), max not below min (400), changes and deletes it', async () => {
    const [type] = await q<{ id: number }>(t, `select id from car_types where name = '商务型'`);
    const body = {
      city: '杭州',
      carTypeId: Number(type!.id),
      dayMinutePrice: 1.2,
      nightMinutePrice: 0.8,
      kmPrice: 2,
      minPrice: 20,
      maxPrice: 1000,
      dailyCap: 399,
    };
    const rate = ok<{ id: number; version: number; dayMinutePrice: number }>(
      await t.request('POST', `${R}/create`, { as: 'admin', body }),
    );
    expect(rate.dayMinutePrice).toBe(1.2);
    expect((await t.request('POST', `${R}/create`, { as: 'admin', body })).statusCode).toBe(409);
    const bad = await t.request('POST', `${R}/create`, { as: 'admin', body: { ...body, city: '上海', maxPrice: 10 } });
    expect(bad.statusCode).toBe(400);
    const changed = ok<{ dailyCap: number }>(
      await t.request('PUT', `${R}/update`, {
        as: 'admin',
        body: { ...body, dailyCap: 299, id: rate.id, version: rate.version },
      }),
    );
    expect(changed.dailyCap).toBe(299);
    const list = ok<{ rows: { city: string; carTypeName: string }[] }>(
      await t.request('GET', `${R}/list`, { as: 'admin', query: { city: '杭州' } }),
    );
    expect(list.rows.map((r) => r.carTypeName).sort()).toEqual(['商务型', '新能源网约车', '舒适型'].sort());
    ok(await t.request('POST', `${R}/delete/${rate.id}`, { as: 'admin' }));
  });
});

describe('access', () => {
  it('403 per permission: view reads, add/edit/delete/export are separate', async () => {
    const viewer = await userWith(t, I.demo, I.hz, ['sevenGo', 'sevenGo:view']);
    const trip = (await q<{ id: number }>(t, `select id from ts_trips where state = 'paid' order by id limit 1`))[0]!;
    for (const url of [`${Z}/list`, `${Z}/cars`, `${R}/list`, `${T}/list`, `${T}/get/${trip.id}`, `${RN}/list`])
      expect((await t.request('GET', url, { token: viewer })).statusCode, url).toBe(200);
    const refused: [string, string, unknown?][] = [
      ['POST', `${Z}/create`, zoneBody({ name: '无权站' })],
      ['POST', `${Z}/delete/${I.zone('人民广场站')}`],
      ['POST', `${Z}/cars/park`, { carId: I.car('浙AD73S02').id, zoneId: I.zone('文一西路站') }],
      ['POST', `${R}/delete/1`],
      ['POST', `${T}/reserve`, { carId: I.car('浙AD73S02').id, driverId: 4 }],
      ['POST', `${T}/start/${trip.id}`],
      ['POST', `${T}/end/${trip.id}`, {}],
      ['POST', `${T}/cancel/${trip.id}`, { reason: 'x' }],
      ['POST', `${T}/pay/${trip.id}`],
      ['POST', `${RN}/topUp`, { driverId: 4, amount: 10 }],
      ['GET', `${T}/export`],
    ];
    for (const [method, url, body] of refused) {
      const res = await t.request(method as 'GET', url, { token: viewer, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const adder = await userWith(t, I.demo, I.hz, ['sevenGo', 'sevenGo:view', 'sevenGo:add']);
    expect(
      (await t.request('POST', `${Z}/create`, { token: adder, body: zoneBody({ name: '可建站' }) })).statusCode,
    ).toBe(200);
    expect((await t.request('POST', `${Z}/delete/${I.zone('人民广场站')}`, { token: adder })).statusCode).toBe(403);
    const exporter = await userWith(t, I.demo, I.hz, ['sevenGo', 'sevenGo:view', 'sevenGo:export']);
    const xlsx = await t.request('GET', `${T}/export`, { token: exporter });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    // No sevenGo at all.
    expect((await t.request('GET', `${Z}/list`, { as: 'clerk' })).statusCode).toBe(403);
  });

  it('another tenant’s zone is 404; a user of HZ only sees HZ zones and trips', async () => {
    const [foreign] = await q<{ id: number }>(t, `select id from ts_zones where tenant_id = $1`, [I.other]);
    expect((await t.request('GET', `${Z}/get/${foreign!.id}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('POST', `${Z}/delete/${foreign!.id}`, { as: 'admin' })).statusCode).toBe(404);
    const hzOnly = await userWith(t, I.demo, I.hz, ['sevenGo', 'sevenGo:view', 'sevenGo:edit']);
    const zones = ok<{ rows: { city: string }[] }>(await t.request('GET', `${Z}/list`, { token: hzOnly }));
    expect(new Set(zones.rows.map((z) => z.city))).toEqual(new Set(['杭州']));
    const [shTrip] = await q<{ id: number }>(
      t,
      `select t.id from ts_trips t join rents r on r.tenant_id = t.tenant_id and r.id = t.rent_id where r.code = 'SH' limit 1`,
    );
    expect((await t.request('GET', `${T}/get/${shTrip!.id}`, { token: hzOnly })).statusCode).toBe(404);
    const [shCar] = await q<{ id: number }>(
      t,
      `select c.car_id as id from ts_cars c join cars k on k.tenant_id = c.tenant_id and k.id = c.car_id
        join rents r on r.tenant_id = k.tenant_id and r.id = k.rent_id where r.code = 'SH' limit 1`,
    );
    expect(
      (await t.request('POST', `${T}/reserve`, { token: hzOnly, body: { carId: shCar!.id, driverId: 4 } })).statusCode,
    ).toBe(404);
  });
});
