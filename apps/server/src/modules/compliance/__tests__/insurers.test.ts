import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Insurer } from '@fleetdesk/contracts/compliance';
import { INSURANCE_COMPANIES } from '@fleetdesk/contracts/vehicles';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { A, addCar, day, ids } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
});
afterAll(async () => t.close());

const list = async (as = 'admin') => {
  const res = await t.request('GET', `${A}/rentCar/insurance/company`, { as });
  expect(res.statusCode).toBe(200);
  return res.json().data as Insurer[];
};
const create = (body: Record<string, unknown>, as = 'admin') =>
  t.request('POST', `${A}/rentCar/insurance/company/create`, { as, body });
const update = (id: number, body: Record<string, unknown>, as = 'admin') =>
  t.request('PUT', `${A}/rentCar/insurance/company/update/${id}`, { as, body });
const enable = (id: number, enabled: boolean, as = 'admin') =>
  t.request('PUT', `${A}/rentCar/insurance/company/enable/${id}`, { as, body: { enabled } });

describe('insurance companies per tenant', () => {
  it('starts every tenant with the common insurers, in the catalogue order', async () => {
    const mine = await list();
    mine.forEach((i) => Insurer.parse(i));
    expect(mine.slice(0, INSURANCE_COMPANIES.length).map((i) => i.code)).toEqual(
      INSURANCE_COMPANIES.map((c) => c.code),
    );
    // The demo company also has one of its own and one it disabled (the seed).
    expect(mine.filter((i) => !i.enabled).map((i) => i.code)).toEqual(['dubon']);
    expect(mine.find((i) => i.code.startsWith('c-'))).toMatchObject({ shortName: '中原农险', enabled: true });
    const other = await list('other');
    expect(other.every((i) => i.enabled)).toBe(true);
    expect(other.map((i) => i.code)).toEqual(INSURANCE_COMPANIES.map((c) => c.code));
    // The same codes, but each tenant's own rows.
    expect(other[0]!.id).not.toBe(mine[0]!.id);
    // A tenant made after the migration gets them too (the trigger on tenants).
    const { rows } = await t.deps.database.query<{ id: number }>(
      `insert into tenants (code, name, short_name) values ('INSNEW', '新公司', '新公司') returning id`,
    );
    const { rows: seeded } = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from insurance_companies where tenant_id = $1`,
      [rows[0]!.id],
    );
    expect(Number(seeded[0]!.n)).toBe(INSURANCE_COMPANIES.length);
  });

  it('adds an insurer of its own, unique by name and short name in the tenant, with clear field errors', async () => {
    const res = await create({ name: '  测试互助保险社 ', shortName: '测试互助', nameEn: 'Test Mutual' });
    expect(res.statusCode).toBe(200);
    const made = res.json().data as Insurer;
    expect(made).toMatchObject({ name: '测试互助保险社', shortName: '测试互助', nameEn: 'Test Mutual', enabled: true });
    expect(made.code).toMatch(/^c-[0-9a-f]{10}$/);
    expect((await list()).at(-1)!.id).toBe(made.id);
    // The English name defaults to the short name.
    const plain = (await create({ name: '测试财产保险公司二', shortName: '测试二' })).json().data as Insurer;
    expect(plain.nameEn).toBe('测试二');

    const same = await create({ name: '测试互助保险社', shortName: '另一个简称' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ path: 'name', message: expect.stringContaining('同名') }]);
    const both = await create({ name: '中国人民财产保险股份有限公司', shortName: '人保财险' });
    expect(both.json().errors.map((e: { path: string }) => e.path)).toEqual(['name', 'shortName']);
    const invalid = await create({ name: 'x', shortName: '' });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['name', 'shortName']);
    expect((await create({ name: '额外字段保险', shortName: '额外', code: 'picc' })).statusCode).toBe(400);
    // Another tenant may use the same names.
    expect((await create({ name: '测试互助保险社', shortName: '测试互助' }, 'other')).statusCode).toBe(200);
  });

  it('renames an insurer (its code stays) and refuses a name another one has', async () => {
    const mine = await list();
    const own = mine.find((i) => i.shortName === '测试二')!;
    const res = await update(own.id, { name: '测试财产保险公司(改)', shortName: '测试改', nameEn: 'Test Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: own.id, code: own.code, shortName: '测试改' });
    // Keeping its own names is not a clash.
    expect((await update(own.id, { name: '测试财产保险公司(改)', shortName: '测试改' })).statusCode).toBe(200);
    const clash = await update(own.id, { name: '测试财产保险公司(改)', shortName: '平安产险' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([{ path: 'shortName', message: expect.any(String) }]);
    expect((await update(999_999, { name: '不存在的保险', shortName: '不存在' })).statusCode).toBe(404);
  });

  it('disables an insurer: refused for new records, kept on the records naming it, enabled again', async () => {
    const car = await addCar(t, r.hz);
    const pingan = (await list()).find((i) => i.code === 'pingan')!;
    const policy = {
      carId: car.id,
      kind: 'compulsory',
      companyCode: 'pingan',
      policyNo: `PDZA${Date.now()}`,
      startDate: day(-10),
      endDate: day(355),
      premium: 950,
    };
    const made = await t.request('POST', `${A}/rentCar/insurance/policy/create`, { as: 'admin', body: policy });
    expect(made.statusCode).toBe(200);
    expect(made.json().data.companyName).toBe('平安产险');

    expect((await enable(pingan.id, false)).json().data.enabled).toBe(false);
    expect((await list()).find((i) => i.id === pingan.id)!.enabled).toBe(false);
    const again = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: { ...policy, policyNo: `${policy.policyNo}B` },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ path: 'companyCode', message: expect.stringContaining('已停用') }]);
    // The policy that names it can still be changed without picking another insurer.
    const id = made.json().data.id as number;
    const kept = await t.request('PUT', `${A}/rentCar/insurance/policy/update/${id}`, {
      as: 'admin',
      body: { ...policy, premium: 990 },
    });
    expect(kept.statusCode).toBe(200);
    // The car form too.
    const carDisabled = await t.request('POST', `${A}/rentCar/add`, {
      as: 'admin',
      rent: r.hz,
      body: { plate: '浙A00000', vin: 'x', brandId: 1, seriesId: 1, energy: 'electric', compulsoryCompany: 'pingan' },
    });
    expect(carDisabled.statusCode).toBe(400);
    const unknown = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: { ...policy, companyCode: 'nosuch', policyNo: `${policy.policyNo}C` },
    });
    expect(unknown.json().errors).toEqual([{ path: 'companyCode', message: expect.any(String) }]);

    expect((await enable(pingan.id, true)).json().data.enabled).toBe(true);
    expect(
      (
        await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
          as: 'admin',
          body: { ...policy, policyNo: `${policy.policyNo}D` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('names an own insurer on cars and policies, in both languages', async () => {
    const own = (await list()).find((i) => i.shortName === '测试互助')!;
    const car = await addCar(t, r.hz, { commercialCompany: own.code, commercialExpiry: day(200) });
    const res = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: {
        carId: car.id,
        kind: 'commercial',
        companyCode: own.code,
        policyNo: `OWN${Date.now()}`,
        startDate: day(-1),
        endDate: day(300),
        premium: 3000,
        coverage: [{ code: 'damage', sumInsured: 120000 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.companyName).toBe('测试互助');
    const en = await t.request('GET', `${A}/rentCar/insurance/policy/list`, {
      as: 'admin',
      query: { carId: car.id },
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.json().data.rows[0].companyName).toBe('Test Mutual');
  });

  it('lets a reader list but not change insurers (403), and keeps tenants apart (404)', async () => {
    expect((await list('clerk')).length).toBeGreaterThan(0);
    const picc = (await list()).find((i) => i.code === 'picc')!;
    expect((await create({ name: '读者不能加保险', shortName: '读者' }, 'clerk')).statusCode).toBe(403);
    expect((await update(picc.id, { name: '读者不能改名', shortName: '读者改' }, 'clerk')).statusCode).toBe(403);
    expect((await enable(picc.id, false, 'clerk')).statusCode).toBe(403);
    // The other tenant cannot touch this tenant's rows, nor see its own insurer.
    expect((await update(picc.id, { name: '别家改名保险', shortName: '别家' }, 'other')).statusCode).toBe(404);
    expect((await enable(picc.id, false, 'other')).statusCode).toBe(404);
    expect((await list()).find((i) => i.id === picc.id)!.enabled).toBe(true);
    const otherOwn = (await list('other')).filter((i) => i.code.startsWith('c-'));
    expect(otherOwn.map((i) => i.shortName)).toEqual(['测试互助']);
    // This tenant's own code is unknown to the other tenant.
    const mineOwn = (await list()).find((i) => i.shortName === '测试互助')!;
    expect(otherOwn[0]!.code).not.toBe(mineOwn.code);
  });
});
