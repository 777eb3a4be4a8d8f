import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationPaths } from '@fleetdesk/contracts/organisation';
import { carInput, catalogue, type Catalogue } from '../../../test/cars.js';
import { createTestApp, testStart, type TestApp } from '../../../test/harness.js';
import { ids as seedIds } from '../../../test/office.js';

/**
 * Vehicle costs posted to cost centres (issue 27 item 6): insurance premiums, accident costs and violation
 * fines go through postCost to the record's own centre, else the settings' vehicle cost centre, else nowhere.
 */
const A = '/api/ccwadmin';
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;
let rents: { hz: number };
let c: Catalogue;
let otherCentre: number;
let disabledCentre: number;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
  c = await catalogue(t);
  const { rows } = await t.deps.database.query<{ id: number }>(`select id from rents where code = 'HZ'`);
  rents = { hz: Number(rows[0]!.id) };
  const q = async (text: string) => Number((await t.deps.database.query<{ id: number }>(text)).rows[0]!.id);
  otherCentre = await q(`insert into cost_centres (tenant_id, kind, code, name, sort)
    select id, 'company', 'OTHER-VC', '别家成本中心', 1 from tenants where code = 'OTHER' returning id`);
  disabledCentre = await q(`insert into cost_centres (tenant_id, kind, code, name, enabled, sort)
    select id, 'carGroup', 'VC-OFF', '停用车组', false, 99 from tenants where code = 'DEMO' returning id`);
});
afterAll(async () => t.close());

/** A new car of the demo tenant in `rentId` (as admin). */
async function addCar(app: TestApp, rentId: number): Promise<{ id: number; plate: string }> {
  const res = await app.request('POST', `${A}/rentCar/add`, { as: 'admin', rent: rentId, body: carInput(c) });
  if (res.statusCode !== 200) throw new Error(`car: ${res.body}`);
  return res.json().data as { id: number; plate: string };
}

/** `from + n` days as YYYY-MM-DD in Shanghai (the demo tenant's zone). */
function day(n: number, from = testStart()): string {
  return new Date(from.getTime() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
}

/** The postings of a source (type, id). */
async function postings(sourceType: string, sourceId: number) {
  const { rows } = await t.deps.database.query<{ centre_id: number; amount_fen: number; category: string; on: string }>(
    `select centre_id, amount_fen, category, to_char(occurred_on, 'YYYY-MM-DD') as on from cost_postings
      where source_type = $1 and source_id = $2`,
    [sourceType, String(sourceId)],
  );
  return rows.map((r) => ({ centre: Number(r.centre_id), fen: Number(r.amount_fen), category: r.category, on: r.on }));
}

async function setDefault(centreId: number | null, as = 'admin') {
  const rules = (await t.request('GET', OrganisationPaths.rules, { as: 'admin' })).json().data;
  return t.request('PUT', OrganisationPaths.rules, {
    as,
    body: { ...rules, costs: { vehicleCostCentreId: centreId } },
  });
}

const policy = (carId: number, extra: Record<string, unknown> = {}) => ({
  carId,
  kind: 'compulsory',
  companyCode: 'picc',
  policyNo: `PVC2026${String(++serial).padStart(6, '0')}`,
  startDate: day(-10),
  endDate: day(300),
  premium: 950.5,
  ...extra,
});

describe('the vehicle cost centre setting', () => {
  it('takes an enabled centre of the tenant or none; a disabled, unknown or foreign one is a field error', async () => {
    expect((await t.request('GET', OrganisationPaths.rules, { as: 'admin' })).json().data.costs).toEqual({
      vehicleCostCentreId: null,
    });
    for (const bad of [disabledCentre, otherCentre, 987_654]) {
      const res = await setDefault(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('costs.vehicleCostCentreId');
    }
    expect((await setDefault(ids.centre('CAR-HZ-RIDE'), 'clerk')).statusCode).toBe(403);
    const ok = await setDefault(ids.centre('CAR-HZ-RIDE'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.costs.vehicleCostCentreId).toBe(ids.centre('CAR-HZ-RIDE'));
    expect((await setDefault(null)).json().data.costs.vehicleCostCentreId).toBeNull();
  });
});

describe('insurance premiums', () => {
  it('posts nothing without a default or a centre of its own', async () => {
    await setDefault(null);
    const car = await addCar(t, rents.hz);
    const res = await t.request('POST', `${A}/rentCar/insurance/policy/create`, { as: 'admin', body: policy(car.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.costCentreId).toBeNull();
    expect(await postings('insurance', res.json().data.id)).toEqual([]);
  });

  it('posts to the default centre, or to its own, once, in the month of its start', async () => {
    await setDefault(ids.centre('CAR-HZ-RIDE'));
    const car = await addCar(t, rents.hz);
    const byDefault = (
      await t.request('POST', `${A}/rentCar/insurance/policy/create`, { as: 'admin', body: policy(car.id) })
    ).json().data;
    expect(await postings('insurance', byDefault.id)).toEqual([
      { centre: ids.centre('CAR-HZ-RIDE'), fen: 95_050, category: 'insurance', on: day(-10) },
    ]);
    const body = policy(car.id, { kind: 'commercial', coverage: [{ code: 'damage', sumInsured: 100_000 }] });
    const own = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
      as: 'admin',
      body: { ...body, costCentreId: ids.centre('CAR-SH-LONG') },
    });
    expect(own.json().data.costCentreId).toBe(ids.centre('CAR-SH-LONG'));
    // Saved again (a higher premium): still booked once, as first booked.
    const again = await t.request('PUT', `${A}/rentCar/insurance/policy/update/${own.json().data.id}`, {
      as: 'admin',
      body: { ...body, premium: 2000, costCentreId: ids.centre('CAR-SH-LONG') },
    });
    expect(again.statusCode).toBe(200);
    expect(await postings('insurance', own.json().data.id)).toEqual([
      { centre: ids.centre('CAR-SH-LONG'), fen: 95_050, category: 'insurance', on: day(-10) },
    ]);
    await setDefault(null);
  });

  it("refuses a disabled, unknown or another tenant's centre as a field error and records nothing", async () => {
    const car = await addCar(t, rents.hz);
    for (const costCentreId of [disabledCentre, otherCentre, 987_654]) {
      const res = await t.request('POST', `${A}/rentCar/insurance/policy/create`, {
        as: 'admin',
        body: policy(car.id, { costCentreId }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('costCentreId');
    }
    const list = await t.request('GET', `${A}/rentCar/insurance/policy/list`, {
      as: 'admin',
      query: { carId: car.id },
    });
    expect(list.json().data.total).toBe(0);
  });
});

describe('accident costs', () => {
  const input = (carId: number, extra: Record<string, unknown> = {}) => ({
    carId,
    occurredAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
    place: '杭州市西湖区文三路',
    description: '倒车时碰到立柱',
    responsibility: 'full',
    claimNo: `RDAA${String(++serial).padStart(12, '0')}`,
    claimState: 'approved',
    repairCost: 6800,
    settledAmount: 6500,
    ...extra,
  });

  async function settle(body: Record<string, unknown>) {
    const acc = await t.request('POST', `${A}/accident/create`, { as: 'admin', body });
    expect(acc.statusCode).toBe(200);
    const id = acc.json().data.id as number;
    for (const state of ['assessing', 'claimed', 'settled']) {
      const res = await t.request('PUT', `${A}/accident/state/${id}`, { as: 'admin', body: { state } });
      expect(res.statusCode).toBe(200);
    }
    return id;
  }

  it('posts the repair cost less the settled amount when settled, to its own centre, else the default', async () => {
    const car = await addCar(t, rents.hz);
    const today = day(0, t.clock.now());
    const own = await settle(input(car.id, { costCentreId: ids.centre('CAR-SH-LONG') }));
    expect((await t.request('GET', `${A}/accident/detail/${own}`, { as: 'admin' })).json().data.costCentreId).toBe(
      ids.centre('CAR-SH-LONG'),
    );
    expect(await postings('accident', own)).toEqual([
      { centre: ids.centre('CAR-SH-LONG'), fen: 30_000, category: 'accident', on: today },
    ]);
    const none = await settle(input(car.id));
    expect(await postings('accident', none)).toEqual([]);
    await setDefault(ids.centre('CAR-HZ-RIDE'));
    const byDefault = await settle(input(car.id));
    expect(await postings('accident', byDefault)).toEqual([
      { centre: ids.centre('CAR-HZ-RIDE'), fen: 30_000, category: 'accident', on: today },
    ]);
    // Fully paid by the insurer: nothing left to book.
    const paid = await settle(input(car.id, { settledAmount: 6800 }));
    expect(await postings('accident', paid)).toEqual([]);
    await setDefault(null);
  });

  it("refuses a disabled or another tenant's centre as a field error", async () => {
    const car = await addCar(t, rents.hz);
    for (const costCentreId of [disabledCentre, otherCentre]) {
      const res = await t.request('POST', `${A}/accident/create`, {
        as: 'admin',
        body: input(car.id, { costCentreId }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('costCentreId');
    }
  });
});

describe('violation fines', () => {
  async function violation(carId: number, fine = 200) {
    const res = await t.request('POST', `${A}/peccancyDetail/add`, {
      as: 'admin',
      body: {
        carId,
        occurredAt: new Date(t.clock.now().getTime() - 86_400_000 - ++serial * 60_000).toISOString(),
        place: '文三路',
        offenceText: '违反禁令标志',
        fine,
        points: 3,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  }
  const handle = (id: number, body: Record<string, unknown>, as = 'admin') =>
    t.request('PUT', `${A}/peccancyDetail/handle/${id}`, { as, body });

  it('posts the fine once when the company handles it: own centre, default, or nothing', async () => {
    const car = await addCar(t, rents.hz);
    const today = day(0, t.clock.now());
    const none = await violation(car.id);
    expect((await handle(none, { handled: true })).statusCode).toBe(200);
    expect(await postings('violation', none)).toEqual([]);

    const own = await violation(car.id);
    const res = await handle(own, { handled: true, costCentreId: ids.centre('CAR-SH-LONG') });
    expect(res.json().data).toMatchObject({ handled: true, costCentreId: ids.centre('CAR-SH-LONG') });
    await handle(own, { handled: false });
    await handle(own, { handled: true, costCentreId: ids.centre('CAR-HZ-RIDE') });
    expect(await postings('violation', own)).toEqual([
      { centre: ids.centre('CAR-SH-LONG'), fen: 20_000, category: 'violation', on: today },
    ]);

    await setDefault(ids.centre('CAR-HZ-RIDE'));
    const byDefault = await violation(car.id, 150.5);
    await handle(byDefault, { handled: true });
    expect(await postings('violation', byDefault)).toEqual([
      { centre: ids.centre('CAR-HZ-RIDE'), fen: 15_050, category: 'violation', on: today },
    ]);
    await setDefault(null);
  });

  it("refuses a disabled or another tenant's centre, leaves it unhandled; another tenant's violation is 404", async () => {
    const car = await addCar(t, rents.hz);
    const id = await violation(car.id);
    for (const costCentreId of [disabledCentre, otherCentre]) {
      const res = await handle(id, { handled: true, costCentreId });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('costCentreId');
    }
    expect((await t.request('GET', `${A}/peccancyDetail/get/${id}`, { as: 'admin' })).json().data.handled).toBe(false);
    expect((await handle(id, { handled: true }, 'other')).statusCode).toBe(404);
    expect(await postings('violation', id)).toEqual([]);
  });
});
