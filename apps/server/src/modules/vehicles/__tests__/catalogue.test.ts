import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAR_CATALOGUE } from '../catalogue/car-catalogue.data.js';
import { catalogueHash, syncCarCatalogue } from '../catalogue/catalogue.sync.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { carInput, catalogue, type Catalogue } from './fixtures.js';

const A = '/api/ccwadmin';
let t: TestApp;
let c: Catalogue;

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
});
afterAll(async () => t.close());

const get = async (url: string, as = 'admin', query?: Record<string, string | number>) => {
  const res = await t.request('GET', `${A}${url}`, { as, ...(query ? { query } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('catalogue', () => {
  it('ships the brands of the Chinese market with their series and models', async () => {
    const brands = await get('/commonCar/brand');
    const names = brands.map((b: { name: string }) => b.name);
    for (const n of [
      '比亚迪',
      '丰田',
      '大众',
      '吉利汽车',
      '本田',
      '日产',
      '特斯拉',
      '蔚来',
      '长安汽车',
      '埃安',
      '理想汽车',
      '小鹏汽车',
      '奇瑞',
      '哈弗',
      '长城',
      '别克',
      '雪佛兰',
      '现代',
      '起亚',
      '奔驰',
      '宝马',
      '奥迪',
      '五菱汽车',
      '荣威',
      '名爵',
    ]) {
      expect(names, n).toContain(n);
    }
    expect(brands.map((b: { initial: string }) => b.initial)).toEqual(
      [...brands.map((b: { initial: string }) => b.initial)].sort(),
    );
    const series = await get(`/commonCar/serial/${c.brandId}`);
    expect(series.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['秦PLUS', '汉', '海豚', '宋PLUS']),
    );
    const models = await get(`/commonCar/type/${c.seriesId}`);
    expect(models[0]).toMatchObject({ energy: expect.any(String), seats: 5, custom: false });
    const dmi = models.find((m: { name: string }) => m.name.includes('DM-i 2023款 冠军版 55KM'));
    expect(dmi).toMatchObject({ energy: 'hybrid', batteryKwh: 8.32, rangeKm: 55, guidePrice: 99800 });
    expect((await get('/commonCar/brand', 'admin', { keyword: 'tes' })).map((b: { name: string }) => b.name)).toEqual([
      '特斯拉',
    ]);
  });

  it('has a consistent dataset: unique codes, levels and energies, plausible figures', () => {
    const codes = new Set<string>();
    for (const b of CAR_CATALOGUE) {
      expect(codes.has(b.code)).toBe(false);
      codes.add(b.code);
      expect(b.initial).toMatch(/^[A-Z]$/);
      for (const s of b.series) {
        expect(codes.has(s.code), s.code).toBe(false);
        codes.add(s.code);
        expect(s.models.length).toBeGreaterThan(0);
        for (const [name, year, energy, seats, battery, range, price] of s.models) {
          expect(name).toContain(s.name.replace(/^.*?(?=[A-Za-z0-9])/, '').slice(0, 2));
          expect(year).toBeGreaterThanOrEqual(2019);
          expect(seats).toBeGreaterThanOrEqual(4);
          if (energy === 'electric') expect(battery && range, name).toBeTruthy();
          if (energy === 'petrol' || energy === 'diesel') expect(battery ?? range, name).toBeNull();
          expect(price).toBeGreaterThan(3);
        }
      }
    }
  });

  it('syncs once per version of the data', async () => {
    expect(await syncCarCatalogue(t.deps.db)).toBe(false);
    const { rows } = await t.deps.database.query<{ value: string }>(
      `select value from app_settings where key = 'car_catalogue_hash'`,
    );
    expect(rows[0]!.value).toBe(catalogueHash());
    const changed = structuredClone(CAR_CATALOGUE);
    changed[0]!.series[0]!.models[0]![6] = 9.68;
    expect(await syncCarCatalogue(t.deps.db, changed)).toBe(true);
    const m = (await get(`/commonCar/type/${c.seriesId}`)).find((x: { name: string }) =>
      x.name.includes('55KM 领先型'),
    );
    expect(m.guidePrice).toBe(96800);
    expect(await syncCarCatalogue(t.deps.db)).toBe(true);
  });

  it('lets a tenant add models, series and brands that only it sees', async () => {
    const model = await t.request('POST', `${A}/commonCar/type/create`, {
      as: 'admin',
      body: {
        seriesId: c.seriesId,
        name: '秦PLUS DM-i 出租车专用版',
        year: 2024,
        energy: 'hybrid',
        seats: 5,
        batteryKwh: 8.3,
        rangeKm: 55,
      },
    });
    expect(model.statusCode).toBe(200);
    expect(model.json().data).toMatchObject({ custom: true, seriesId: c.seriesId });
    const fresh = await t.request('POST', `${A}/commonCar/type/create`, {
      as: 'admin',
      body: {
        brandName: '远程新能源商用车',
        seriesName: '远程E5',
        level: 'van',
        name: '远程E5 2024款 城配版',
        year: 2024,
        energy: 'electric',
        seats: 2,
      },
    });
    expect(fresh.statusCode).toBe(200);
    const brand = (await get('/commonCar/brand')).find((b: { name: string }) => b.name === '远程新能源商用车');
    expect(brand).toMatchObject({ custom: true });
    expect((await get('/commonCar/brand', 'other')).some((b: { name: string }) => b.name === '远程新能源商用车')).toBe(
      false,
    );
    expect((await get(`/commonCar/type/${c.seriesId}`, 'other')).some((m: { custom: boolean }) => m.custom)).toBe(
      false,
    );
    const dup = await t.request('POST', `${A}/commonCar/type/create`, {
      as: 'admin',
      body: { seriesId: c.seriesId, name: '秦PLUS DM-i 出租车专用版', year: 2024, energy: 'hybrid', seats: 5 },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await t.request('POST', `${A}/commonCar/type/create`, {
      as: 'admin',
      body: { name: 'x', year: 2024, energy: 'hybrid', seats: 5 },
    });
    expect(
      missing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['brandId', 'seriesId']);
    // Used by a car: it stays; unused: deleted; a platform model never.
    const id = model.json().data.id;
    const car = await t.request('POST', `${A}/rentCar/add`, { as: 'admin', body: carInput(c, { modelId: id }) });
    expect(car.statusCode).toBe(200);
    expect((await t.request('DELETE', `${A}/commonCar/type/delete/${id}`, { as: 'admin' })).statusCode).toBe(409);
    expect((await t.request('DELETE', `${A}/commonCar/type/delete/${c.modelId}`, { as: 'admin' })).statusCode).toBe(
      409,
    );
    expect((await t.request('DELETE', `${A}/commonCar/type/delete/${id}`, { as: 'other' })).statusCode).toBe(404);
    expect(
      (await t.request('DELETE', `${A}/commonCar/type/delete/${fresh.json().data.id}`, { as: 'admin' })).statusCode,
    ).toBe(200);
  });
});

describe('car-data tag (carlife/commonCar/tag/d_qcsj)', () => {
  const tag = async (as: string, query?: Record<string, string>) => {
    const res = await t.request('GET', '/carlife/commonCar/tag/d_qcsj', { as, ...(query ? { query } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('answers the whole catalogue as one tree outside /api, with guide prices in yuan', async () => {
    const all = await tag('admin');
    expect(all.tag).toBe('d_qcsj');
    const shipped = CAR_CATALOGUE.reduce((n, b) => n + b.series.reduce((m, s) => m + s.models.length, 0), 0);
    expect(all.models).toBeGreaterThanOrEqual(shipped);
    expect(all.brands.map((b: { initial: string }) => b.initial)).toEqual(
      [...all.brands.map((b: { initial: string }) => b.initial)].sort(),
    );
    const byd = all.brands.find((b: { name: string }) => b.name === '比亚迪');
    const data = CAR_CATALOGUE.find((b) => b.name === '比亚迪')!;
    expect(byd.series.map((s: { name: string }) => s.name)).toEqual(data.series.map((s) => s.name));
    const [name, year, , , , , wan] = data.series[0]!.models[0]!;
    const model = byd.series[0].models.find((m: { name: string; year: number }) => m.name === name && m.year === year);
    expect(model.guidePrice).toBe(wan === null ? null : Math.round(wan * 1_000_000) / 100);
    const years = byd.series[0].models.map((m: { year: number }) => m.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('keeps only the branches a keyword names, shows a tenant its own models only, and needs a sign-in', async () => {
    const made = await t.request('POST', `${A}/commonCar/type/create`, {
      as: 'admin',
      body: { seriesId: c.seriesId, name: '标签测试专用型号 网约车版', year: 2025, energy: 'electric', seats: 5 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const hit = await tag('admin', { keyword: '标签测试专用' });
    expect(hit.models).toBe(1);
    expect(hit.brands).toHaveLength(1);
    expect(hit.brands[0].series[0].models[0]).toMatchObject({ name: '标签测试专用型号 网约车版', guidePrice: null });
    expect((await tag('other', { keyword: '标签测试专用' })).brands).toEqual([]);
    // A brand's name keeps the brand whole.
    const brand = await tag('admin', { keyword: 'Tesla' });
    expect(brand.brands.map((b: { nameEn: string }) => b.nameEn)).toEqual(['Tesla']);
    expect(brand.models).toBe(CAR_CATALOGUE.find((b) => b.nameEn === 'Tesla')!.series.flatMap((s) => s.models).length);
    expect((await t.request('GET', '/carlife/commonCar/tag/d_qcsj')).statusCode).toBe(401);
    await t.request('DELETE', `${A}/commonCar/type/delete/${made.json().data.id}`, { as: 'admin' });
  });
});

describe('car types', () => {
  it('lists all with page=0&limit=0, pages with page/limit or pageNum/pageSize, filters by name', async () => {
    const all = await get('/rentCarType/list', 'admin', { page: 0, limit: 0 });
    expect(all.rows.map((r: { carTypeName: string }) => r.carTypeName)).toEqual([
      '经济型',
      '新能源网约车',
      '舒适型',
      '商务型',
    ]);
    expect(all).toMatchObject({ total: 4, pageNum: 1, pageSize: 4 });
    expect(all.rows[0]).toMatchObject({ monthlyRent: 3800, deposit: 5000 });
    expect(all.rows.find((r: { carTypeName: string }) => r.carTypeName === '新能源网约车').cars).toBeGreaterThan(20);
    const paged = await get('/rentCarType/list', 'admin', { page: 2, limit: 3 });
    expect(paged).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(paged.rows).toHaveLength(1);
    expect((await get('/rentCarType/list', 'admin', { pageNum: 1, pageSize: 2 })).rows).toHaveLength(2);
    expect((await get('/rentCarType/list', 'admin', { carTypeName: '新能源' })).total).toBe(1);
    expect((await get('/rentCarType/list', 'other', { limit: 0 })).total).toBe(1);
  });

  it('creates, changes and deletes a type; refuses a taken name and a type in use', async () => {
    const res = await t.request('POST', `${A}/rentCarType/create`, {
      as: 'admin',
      body: { carTypeName: '豪华型', monthlyRent: 12000.5, deposit: 30000 },
    });
    expect(res.json().data).toMatchObject({ carTypeName: '豪华型', monthlyRent: 12000.5, deposit: 30000, cars: 0 });
    const id = res.json().data.id;
    expect(
      (
        await t.request('POST', `${A}/rentCarType/create`, {
          as: 'admin',
          body: { carTypeName: '豪华型', monthlyRent: 1, deposit: 1 },
        })
      ).statusCode,
    ).toBe(409);
    const bad = await t.request('POST', `${A}/rentCarType/create`, {
      as: 'admin',
      body: { carTypeName: '', monthlyRent: 1.234, deposit: -1 },
    });
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['carTypeName', 'deposit', 'monthlyRent']);
    const changed = await t.request('PUT', `${A}/rentCarType/update/${id}`, {
      as: 'admin',
      body: { carTypeName: '豪华型', monthlyRent: 11000, deposit: 30000 },
    });
    expect(changed.json().data.monthlyRent).toBe(11000);
    expect(
      (
        await t.request('PUT', `${A}/rentCarType/update/${id}`, {
          as: 'other',
          body: { carTypeName: 'x', monthlyRent: 1, deposit: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const car = await t.request('POST', `${A}/rentCar/add`, { as: 'admin', body: carInput(c, { carTypeId: id }) });
    const inUse = await t.request('DELETE', `${A}/rentCarType/delete/${id}`, { as: 'admin' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('有 1 辆车属于该类型，不能删除');
    await t.request('DELETE', `${A}/rentCar/delete/${car.json().data.id}`, { as: 'admin' });
    expect((await t.request('DELETE', `${A}/rentCarType/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect(
      (await t.request('GET', `${A}/rentCar/${car.json().data.id}`, { as: 'admin' })).json().data.carTypeId,
    ).toBeNull();
  });
});

describe('owners', () => {
  it('lists owners with their cars and validates credit codes and ID numbers', async () => {
    const list = await get('/rentCar/owner', 'admin', { pageSize: 50 });
    expect(list.total).toBe(5);
    expect(list.rows.find((o: { name: string }) => o.name === '演示租车有限公司').cars).toBeGreaterThan(40);
    expect((await get('/rentCar/owner', 'admin', { kind: 'person' })).total).toBe(3);
    const bad = await t.request('POST', `${A}/rentCar/owner/create`, {
      as: 'admin',
      lang: 'en-US',
      body: { kind: 'company', name: '杭州某某租赁有限公司', idNumber: '91330100MA2B000000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'idNumber', message: expect.stringContaining('credit code') });
    const person = await t.request('POST', `${A}/rentCar/owner/create`, {
      as: 'admin',
      body: { kind: 'person', name: '周杰', idNumber: '11010519491231002x', phone: '13900001111' },
    });
    expect(person.json().data).toMatchObject({ idNumber: '11010519491231002X', cars: 0 });
    const dup = await t.request('POST', `${A}/rentCar/owner/create`, {
      as: 'admin',
      body: { kind: 'person', name: '周杰伦', idNumber: '11010519491231002X' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('周杰');
    // Another tenant may register the same person.
    expect(
      (
        await t.request('POST', `${A}/rentCar/owner/create`, {
          as: 'other',
          body: { kind: 'person', name: '周杰', idNumber: '11010519491231002X' },
        })
      ).statusCode,
    ).toBe(200);
    const id = person.json().data.id;
    const changed = await t.request('PUT', `${A}/rentCar/owner/update/${id}`, {
      as: 'admin',
      body: { kind: 'person', name: '周杰', idNumber: '11010519491231002X', address: '杭州市上城区' },
    });
    expect(changed.json().data.address).toBe('杭州市上城区');
    expect(
      (await t.request('PUT', `${A}/rentCar/owner/update/${id}`, { as: 'other', body: { kind: 'person', name: 'x' } }))
        .statusCode,
    ).toBe(404);
    const car = await t.request('POST', `${A}/rentCar/add`, { as: 'admin', body: carInput(c, { ownerId: id }) });
    expect(car.json().data.ownerName).toBe('周杰');
    expect((await t.request('DELETE', `${A}/rentCar/owner/delete/${id}`, { as: 'admin' })).statusCode).toBe(409);
    const spare = await t.request('POST', `${A}/rentCar/owner/create`, {
      as: 'admin',
      body: { kind: 'company', name: '备用' },
    });
    expect(
      (await t.request('DELETE', `${A}/rentCar/owner/delete/${spare.json().data.id}`, { as: 'admin' })).statusCode,
    ).toBe(200);
  });
});

describe('insurers', () => {
  it('lists the Chinese motor insurers', async () => {
    const list = await get('/rentCar/insurance/company', 'clerk');
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(list[0]).toMatchObject({
      enabled: true,
      code: 'picc',
      name: '中国人民财产保险股份有限公司',
      shortName: '人保财险',
      nameEn: 'PICC Property and Casualty',
    });
  });
});
