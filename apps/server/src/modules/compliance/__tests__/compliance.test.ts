import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accident, AccidentRow, License, LicenseTotal, Policy } from '@fleetdesk/contracts/compliance';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { specEndpoints } from '../../../test/spec.js';
import { A, addCar, day, ids, upload } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
});
afterAll(async () => t.close());

const pathsOf = (res: { json: () => { errors?: { path: string }[] } }) => res.json().errors?.map((e) => e.path) ?? [];

describe('licences', () => {
  it('records the transport certificate and the vehicle licence, lists them with their due state and counts', async () => {
    const car = await addCar(t, r.hz);
    const image = await upload(t, 'admin', 'license', 'cert.png');
    const before = LicenseTotal.parse(
      (await t.request('GET', `${A}/rentCarLicense/total`, { as: 'admin' })).json().data,
    );
    const cert = await t.request('POST', `${A}/rentCarLicense/save`, {
      as: 'admin',
      body: {
        carId: car.id,
        kind: 'transport',
        number: '330100123456',
        issueDate: day(-700),
        expiryDate: day(10),
        images: [image],
      },
    });
    expect(cert.statusCode).toBe(200);
    const saved = License.parse(cert.json().data);
    expect(saved).toMatchObject({ plate: car.plate, kind: 'transport', due: 'soon', rentId: r.hz });
    expect(saved.images[0]!.signedUrl).toContain('sig');
    const licence = await t.request('POST', `${A}/rentCarLicense/save`, {
      as: 'admin',
      body: { carId: car.id, kind: 'vehicle', number: '330100998877', expiryDate: day(-3) },
    });
    expect(licence.json().data.due).toBe('expired');
    // A second save of a kind replaces the first.
    const again = await t.request('POST', `${A}/rentCarLicense/save`, {
      as: 'admin',
      body: { carId: car.id, kind: 'transport', number: '330100123457', issueDate: day(-700), expiryDate: day(300) },
    });
    expect(again.json().data).toMatchObject({ id: saved.id, number: '330100123457', due: 'valid', images: [] });
    const list = await t.request('GET', `${A}/rentCarLicense/list`, { as: 'admin', query: { carId: car.id } });
    expect(
      list
        .json()
        .data.rows.map((x: License) => x.kind)
        .sort(),
    ).toEqual(['transport', 'vehicle']);
    const expired = await t.request('GET', `${A}/rentCarLicense/list`, {
      as: 'admin',
      query: { due: 'expired', plate: car.plate },
    });
    expect(expired.json().data.rows.map((x: License) => x.kind)).toEqual(['vehicle']);
    const after = LicenseTotal.parse(
      (await t.request('GET', `${A}/rentCarLicense/total`, { as: 'admin' })).json().data,
    );
    expect(after.total).toBe(before.total + 2);
    expect(after.expired).toBe(before.expired + 1);
    expect(after.expiring).toBe(before.expiring);
    expect(after.leadDays).toBe(30);
    expect(after.carsWithoutTransport).toBe(before.carsWithoutTransport - 1); // the new car has one now
  });

  it('rentCar/bind/license records the vehicle licence in the licence list', async () => {
    const car = await addCar(t, r.hz);
    const main = await upload(t, 'admin', 'license', 'main.png');
    const bound = await t.request('POST', `${A}/rentCar/bind/license`, {
      as: 'admin',
      body: {
        carId: car.id,
        mainPageUrl: main,
        fileNo: '330100654321',
        issueDate: '2023-06-18',
        inspectionDue: day(20),
      },
    });
    expect(bound.statusCode).toBe(200);
    const list = await t.request('GET', `${A}/rentCarLicense/list`, { as: 'admin', query: { carId: car.id } });
    expect(list.json().data.rows).toHaveLength(1);
    expect(list.json().data.rows[0]).toMatchObject({
      kind: 'vehicle',
      number: '330100654321',
      issueDate: '2023-06-18',
      expiryDate: day(20),
      due: 'soon',
    });
    expect(list.json().data.rows[0].images[0].url).toBe(main);
  });

  it('validates: a transport certificate needs its expiry, expiry after issue, a stored image', async () => {
    const car = await addCar(t, r.hz);
    const bad = await t.request('POST', `${A}/rentCarLicense/save`, {
      as: 'admin',
      body: { carId: car.id, kind: 'transport', number: '33', issueDate: '2025-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(pathsOf(bad).sort()).toEqual(['expiryDate', 'number']);
    const order = await t.request('POST', `${A}/rentCarLicense/save`, {
      as: 'admin',
      lang: 'en-US',
      body: {
        carId: car.id,
        kind: 'vehicle',
        number: '330100998877',
        issueDate: '2025-01-01',
        expiryDate: '2024-01-01',
      },
    });
    expect(order.json().errors[0]).toMatchObject({
      path: 'expiryDate',
      message: 'The expiry is before the issue date',
    });
    const foreign = await t.request('POST', `${A}/rentCarLicense/save`, {
      as: 'admin',
      body: { carId: car.id, kind: 'vehicle', number: '330100998877', images: ['/api/tool/oss/file/t999999/x.png'] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(pathsOf(foreign)).toEqual(['images.0']);
  });

  it('refuses a reader (403) and another tenant (404)', async () => {
    const car = await addCar(t, r.hz);
    const body = { carId: car.id, kind: 'vehicle', number: '330100998877' };
    const clerk = await t.request('POST', `${A}/rentCarLicense/save`, { as: 'clerk', body });
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json().status).toBe(40301);
    expect((await t.request('POST', `${A}/rentCarLicense/save`, { as: 'other', body })).statusCode).toBe(404);
    const saved = await t.request('POST', `${A}/rentCarLicense/save`, { as: 'admin', body });
    const id = saved.json().data.id;
    expect((await t.request('DELETE', `${A}/rentCarLicense/delete/${id}`, { as: 'other' })).statusCode).toBe(404);
    const otherList = await t.request('GET', `${A}/rentCarLicense/list`, { as: 'other', query: { plate: car.plate } });
    expect(otherList.json().data.total).toBe(0);
    // The clerk reads (his rent is Hangzhou) but may not name a rent he is not in.
    expect(
      (await t.request('GET', `${A}/rentCarLicense/list`, { as: 'clerk', query: { carId: car.id } })).json().data.total,
    ).toBe(1);
    expect(
      (await t.request('GET', `${A}/rentCarLicense/total`, { as: 'clerk', query: { rentId: r.sh } })).statusCode,
    ).toBe(403);
    expect((await t.request('DELETE', `${A}/rentCarLicense/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('DELETE', `${A}/rentCarLicense/delete/${id}`, { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('insurance policies', () => {
  let policySerial = 0;
  const compulsory = (carId: number, extra: Record<string, unknown> = {}) => ({
    carId,
    kind: 'compulsory',
    companyCode: 'picc',
    policyNo: `PDZA2026${String(++policySerial).padStart(6, '0')}`,
    startDate: day(-300),
    endDate: day(64),
    premium: 950,
    ...extra,
  });

  it('records policies and keeps the one ending last on the car', async () => {
    const car = await addCar(t, r.hz);
    const first = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: compulsory(car.id),
    });
    expect(first.statusCode).toBe(200);
    const p1 = Policy.parse(first.json().data);
    expect(p1).toMatchObject({ companyName: '人保财险', premium: 950, due: 'valid', current: true });
    const renewal = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: compulsory(car.id, { companyCode: 'cpic', startDate: day(65), endDate: day(429) }),
    });
    const p2 = Policy.parse(renewal.json().data);
    let carRes = (await t.request('GET', `${A}/rentCar/${car.id}`, { as: 'admin' })).json().data;
    expect(carRes).toMatchObject({
      compulsoryCompany: 'cpic',
      compulsoryPolicyNo: p2.policyNo,
      compulsoryExpiry: day(429),
    });
    const list = await t.request('GET', `${A}/rentCar/insurance/policy/list`, {
      as: 'admin',
      query: { carId: car.id },
    });
    const english = await t.request('GET', `${A}/rentCar/insurance/policy/list`, {
      as: 'admin',
      lang: 'en-US',
      query: { carId: car.id, kind: 'compulsory' },
    });
    expect(english.json().data.rows.map((p: Policy) => p.companyName)).toEqual([
      'CPIC Property & Casualty',
      'PICC Property and Casualty',
    ]);
    expect(list.json().data.rows.map((p: Policy) => [p.id, p.current])).toEqual([
      [p2.id, true],
      [p1.id, false],
    ]);
    // Deleting the renewal puts the first back on the car.
    expect(
      (await t.request('DELETE', `${A}/rentCar/insurance/policy/delete/${p2.id}`, { as: 'admin' })).statusCode,
    ).toBe(200);
    carRes = (await t.request('GET', `${A}/rentCar/${car.id}`, { as: 'admin' })).json().data;
    expect(carRes).toMatchObject({ compulsoryCompany: 'picc', compulsoryExpiry: day(64) });
    // A commercial policy with its covers, money in yuan.
    const commercial = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: compulsory(car.id, {
        kind: 'commercial',
        premium: 4380.5,
        endDate: day(20),
        coverage: [
          { code: 'damage', sumInsured: 152800 },
          { code: 'thirdParty', sumInsured: 2000000 },
          { code: 'roadside' },
        ],
      }),
    });
    expect(commercial.statusCode).toBe(200);
    expect(commercial.json().data).toMatchObject({ premium: 4380.5, due: 'soon' });
    expect(commercial.json().data.coverage[2]).toEqual({ code: 'roadside', sumInsured: null });
    const { rows } = await t.deps.database.query<{ premium_fen: string }>(
      `select premium_fen from insurance_policies where id = ${commercial.json().data.id}`,
    );
    expect(Number(rows[0]!.premium_fen)).toBe(438050);
    const soon = await t.request('GET', `${A}/rentCar/insurance/policy/list`, {
      as: 'admin',
      query: { due: 'soon', plate: car.plate },
    });
    expect(soon.json().data.rows.map((p: Policy) => p.kind)).toEqual(['commercial']);
    // Changing it moves the car's commercial expiry too.
    const id = commercial.json().data.id;
    const upd = await t.request('PUT', `${A}/rentCar/insurance/policy/update/${id}`, {
      as: 'admin',
      body: compulsory(car.id, {
        kind: 'commercial',
        policyNo: commercial.json().data.policyNo,
        endDate: day(50),
        coverage: [{ code: 'damage', sumInsured: 150000 }],
      }),
    });
    expect(upd.statusCode).toBe(200);
    carRes = (await t.request('GET', `${A}/rentCar/${car.id}`, { as: 'admin' })).json().data;
    expect(carRes.commercialExpiry).toBe(day(50));
  });

  it('validates the period, the covers and the policy number; a number twice is 409', async () => {
    const car = await addCar(t, r.hz);
    const bad = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: compulsory(car.id, {
        policyNo: 'x-1',
        startDate: day(0),
        endDate: day(400),
        premium: -1,
        coverage: [{ code: 'damage' }],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(pathsOf(bad).sort()).toEqual(['coverage', 'endDate', 'policyNo', 'premium']);
    const noCover = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: compulsory(car.id, { kind: 'commercial', coverage: [] }),
    });
    expect(pathsOf(noCover)).toEqual(['coverage']);
    const twice = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: compulsory(car.id, { kind: 'commercial', coverage: [{ code: 'damage' }, { code: 'damage' }] }),
    });
    expect(pathsOf(twice)).toEqual(['coverage.1.code']);
    const body = compulsory(car.id);
    expect((await t.request('POST', `${A}/rentCar/insurance/policy/create`, { as: 'admin', body })).statusCode).toBe(
      200,
    );
    const dup = await t.request('POST', `${A}/rentCar/insurance/policy/create`, { as: 'admin', body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain(body.policyNo);
  });

  it('refuses a reader (403) and another tenant (404)', async () => {
    const car = await addCar(t, r.hz);
    const clerk = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'clerk',
      body: compulsory(car.id),
    });
    expect(clerk.json().status).toBe(40301);
    const created = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: compulsory(car.id),
    });
    const id = created.json().data.id;
    expect(
      (await t.request('POST', `${A}/rentCar/insurance/policy/create`, { as: 'other', body: compulsory(car.id) }))
        .statusCode,
    ).toBe(404);
    expect((await t.request('DELETE', `${A}/rentCar/insurance/policy/delete/${id}`, { as: 'other' })).statusCode).toBe(
      404,
    );
    expect((await t.request('DELETE', `${A}/rentCar/insurance/policy/delete/${id}`, { as: 'clerk' })).statusCode).toBe(
      403,
    );
    if (r.otherCar) {
      const foreign = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
        as: 'admin',
        body: compulsory(r.otherCar),
      });
      expect(foreign.statusCode).toBe(404);
    }
  });
});

describe('annual inspections', () => {
  it("records inspections; the latest passed one sets the car's due date", async () => {
    const car = await addCar(t, r.hz, { inspectionDue: day(5) });
    const passed = await t.request('POST', `${A}/rentCar/inspection/create`, {
      as: 'admin',
      body: {
        carId: car.id,
        inspectedOn: day(-1),
        result: 'passed',
        nextDue: day(364),
        station: '杭州市机动车检测站',
        cost: 220,
      },
    });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().data).toMatchObject({ cost: 220, nextDue: day(364) });
    expect((await t.request('GET', `${A}/rentCar/${car.id}`, { as: 'admin' })).json().data.inspectionDue).toBe(
      day(364),
    );
    const failed = await t.request('POST', `${A}/rentCar/inspection/create`, {
      as: 'admin',
      body: { carId: car.id, inspectedOn: day(0), result: 'failed', remark: '灯光不合格' },
    });
    expect(failed.json().data.nextDue).toBeNull();
    expect((await t.request('GET', `${A}/rentCar/${car.id}`, { as: 'admin' })).json().data.inspectionDue).toBe(
      day(364),
    );
    const list = await t.request('GET', `${A}/rentCar/inspection/list`, { as: 'admin', query: { carId: car.id } });
    expect(list.json().data.rows.map((i: { result: string }) => i.result)).toEqual(['failed', 'passed']);
    const future = await t.request('POST', `${A}/rentCar/inspection/create`, {
      as: 'admin',
      body: { carId: car.id, inspectedOn: day(3), result: 'passed', nextDue: day(400) },
    });
    expect(future.statusCode).toBe(400);
    expect(pathsOf(future)).toEqual(['inspectedOn']);
    const noDue = await t.request('POST', `${A}/rentCar/inspection/create`, {
      as: 'admin',
      body: { carId: car.id, inspectedOn: day(0), result: 'passed', nextDue: day(-10) },
    });
    expect(pathsOf(noDue)).toEqual(['nextDue']);
    expect(
      (
        await t.request('POST', `${A}/rentCar/inspection/create`, {
          as: 'clerk',
          body: { carId: car.id, inspectedOn: day(0), result: 'failed' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `${A}/rentCar/inspection/delete/${passed.json().data.id}`, { as: 'other' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('accidents', () => {
  const input = (carId: number, extra: Record<string, unknown> = {}) => ({
    carId,
    occurredAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
    place: '杭州市西湖区文三路与学院路交叉口',
    description: '左转时与直行车辆发生碰撞，双方无人员受伤',
    responsibility: 'major',
    damage: '左前叶子板、前保险杠',
    ...extra,
  });

  it('reports an accident and moves it through its states to closed', async () => {
    const car = await addCar(t, r.hz);
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select d.id from drivers d join tenants t on t.id = d.tenant_id where t.code = 'DEMO' and d.deleted_at is null limit 1`,
    );
    const photo = await upload(t, 'admin', 'car', 'crash.png');
    const created = await t.request('POST', `${A}/accident/create`, {
      as: 'admin',
      body: input(car.id, { driverId: Number(rows[0]!.id), photos: [photo], insurerCode: 'picc', repairCost: 6800 }),
    });
    expect(created.statusCode).toBe(200);
    const acc = Accident.parse(created.json().data);
    expect(acc).toMatchObject({ state: 'reported', claimState: 'none', repairCost: 6800, plate: car.plate });
    expect(acc.driverName).toBeTruthy();
    const move = (state: string, as = 'admin') =>
      t.request('PUT', `${A}/accident/state/${acc.id}`, { as, body: { state, remark: `to ${state}` } });
    expect((await move('assessing')).statusCode).toBe(200);
    // Not allowed: assessing -> settled.
    const skip = await move('settled');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toContain('定损中');
    // A claim needs its claim number.
    expect((await move('claimed')).statusCode).toBe(409);
    const edited = await t.request('PUT', `${A}/accident/update/${acc.id}`, {
      as: 'admin',
      body: input(car.id, { claimNo: 'RDAA202611260001', repairCost: 6800, insurerCode: 'picc' }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await move('repairing')).statusCode).toBe(200);
    const claimed = await move('claimed');
    expect(claimed.json().data).toMatchObject({ state: 'claimed', claimState: 'filed' });
    // Settling needs the settled amount.
    expect((await move('settled')).statusCode).toBe(409);
    await t.request('PUT', `${A}/accident/update/${acc.id}`, {
      as: 'admin',
      body: input(car.id, {
        claimNo: 'RDAA202611260001',
        claimState: 'approved',
        repairCost: 6800,
        settledAmount: 6500,
      }),
    });
    expect((await move('settled')).json().data).toMatchObject({
      state: 'settled',
      claimState: 'paid',
      settledAmount: 6500,
    });
    // Settled: not deletable.
    expect((await t.request('DELETE', `${A}/accident/delete/${acc.id}`, { as: 'admin' })).statusCode).toBe(409);
    const closed = await move('closed');
    const detail = Accident.parse(closed.json().data);
    expect(detail.events.map((e) => e.to)).toEqual([
      'reported',
      'assessing',
      'repairing',
      'claimed',
      'settled',
      'closed',
    ]);
    expect(detail.events[1]).toMatchObject({ from: 'reported', remark: 'to assessing', userName: '张伟' });
    // Closed is final.
    expect((await move('repairing')).statusCode).toBe(409);
    expect(
      (await t.request('PUT', `${A}/accident/update/${acc.id}`, { as: 'admin', body: input(car.id) })).statusCode,
    ).toBe(409);
  });

  it('lists with filters, deletes a reported one, validates', async () => {
    const car = await addCar(t, r.sh);
    const a = (
      await t.request('POST', `${A}/accident/create`, { as: 'admin', body: input(car.id, { responsibility: 'none' }) })
    ).json().data;
    const b = (
      await t.request('POST', `${A}/accident/create`, {
        as: 'admin',
        body: input(car.id, { occurredAt: '2025-03-01T10:00:00+08:00' }),
      })
    ).json().data;
    const list = await t.request('GET', `${A}/accident/list`, { as: 'admin', query: { plate: car.plate } });
    expect(list.json().data.rows.map((x: AccidentRow) => x.id)).toEqual([a.id, b.id]);
    AccidentRow.parse(list.json().data.rows[0]);
    const byDate = await t.request('GET', `${A}/accident/list`, {
      as: 'admin',
      query: { plate: car.plate, occurredFrom: '2025-03-01', occurredTo: '2025-03-01' },
    });
    expect(byDate.json().data.rows.map((x: AccidentRow) => x.id)).toEqual([b.id]);
    const none = await t.request('GET', `${A}/accident/list`, {
      as: 'admin',
      query: { plate: car.plate, responsibility: 'none' },
    });
    expect(none.json().data.total).toBe(1);
    // The clerk sees Hangzhou only: this Shanghai car's accidents are not his.
    expect((await t.request('GET', `${A}/accident/detail/${a.id}`, { as: 'clerk' })).statusCode).toBe(404);
    expect((await t.request('GET', `${A}/accident/detail/${a.id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${A}/accident/delete/${a.id}`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${A}/accident/delete/${a.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('GET', `${A}/accident/detail/${a.id}`, { as: 'admin' })).statusCode).toBe(404);
    const bad = await t.request('POST', `${A}/accident/create`, {
      as: 'admin',
      body: input(car.id, {
        place: 'x',
        responsibility: 'half',
        claimState: 'filed',
        repairCost: 100,
        settledAmount: 1000,
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(pathsOf(bad).sort()).toEqual(['place', 'responsibility']);
    const refine = await t.request('POST', `${A}/accident/create`, {
      as: 'admin',
      body: input(car.id, { claimState: 'filed', repairCost: 100, settledAmount: 1000 }),
    });
    expect(pathsOf(refine).sort()).toEqual(['claimNo', 'settledAmount']);
    const future = await t.request('POST', `${A}/accident/create`, {
      as: 'admin',
      body: input(car.id, { occurredAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() }),
    });
    expect(pathsOf(future)).toEqual(['occurredAt']);
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select d.id from drivers d join tenants t on t.id = d.tenant_id where t.code = 'OTHER' limit 1`,
    );
    if (rows[0]) {
      const foreignDriver = await t.request('POST', `${A}/accident/create`, {
        as: 'admin',
        body: input(car.id, { driverId: Number(rows[0].id) }),
      });
      expect(pathsOf(foreignDriver)).toEqual(['driverId']);
    }
    expect((await t.request('POST', `${A}/accident/create`, { as: 'clerk', body: input(car.id) })).statusCode).toBe(
      403,
    );
  });
});

describe('OpenAPI', () => {
  it('documents the licence and accident calls of the spec with their permission', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const mine = specEndpoints().filter(({ area, path }) => area === 'fleet' && /rentCarLicense|accident/.test(path));
    expect(mine.length).toBe(5);
    for (const { method, path } of mine) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/ccwadmin/accident/delete/{id}'].delete['x-permission']).toBe('rentCar:delete');
    expect(doc.paths['/api/ccwadmin/rentCarLicense/list'].get['x-permission']).toBe('rentCar:view');
  });
});

describe('demo records', () => {
  it('the demo company has policies, licences (some expiring), inspections and accidents in several states', async () => {
    const total = LicenseTotal.parse(
      (await t.request('GET', `${A}/rentCarLicense/total`, { as: 'admin' })).json().data,
    );
    expect(total.total).toBeGreaterThan(10);
    expect(total.expiring).toBeGreaterThanOrEqual(2);
    expect(total.expired).toBeGreaterThanOrEqual(1);
    const policies = await t.request('GET', `${A}/rentCar/insurance/policy/list`, {
      as: 'admin',
      query: { kind: 'commercial' },
    });
    const first = Policy.parse(policies.json().data.rows[0]);
    expect(first.coverage.map((c) => c.code)).toContain('damage');
    const current = await t.deps.database.query<{ n: number }>(
      `select count(*)::int as n from cars c join tenants t on t.id = c.tenant_id
       where t.code = 'DEMO' and c.compulsory_policy_no is not null and not exists (select 1 from insurance_policies p
         where p.tenant_id = c.tenant_id and p.car_id = c.id and p.policy_no = c.compulsory_policy_no
           and p.end_date = c.compulsory_expiry)`,
    );
    expect(current.rows[0]!.n).toBe(0);
    const accidents = await t.request('GET', `${A}/accident/list`, { as: 'admin', query: { pageSize: 50 } });
    const states = new Set(accidents.json().data.rows.map((a: AccidentRow) => a.state));
    expect([...states]).toEqual(
      expect.arrayContaining(['assessing', 'cancelled', 'claimed', 'closed', 'reported', 'repairing']),
    );
    const inspections = await t.request('GET', `${A}/rentCar/inspection/list`, { as: 'admin' });
    expect(inspections.json().data.total).toBeGreaterThan(10);
  });
});
