import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { tenantDaysOf } from '../../../core/tenant-time.js';
import { staff } from '../../../test/office.js';
import { carInput, catalogue, nextPlate, tenantIds, type Catalogue } from './fixtures.js';

const P = '/api/ccwadmin/rentCar';
let t: TestApp;
let c: Catalogue;
let ids: Awaited<ReturnType<typeof tenantIds>>;
let hz: number;
let today: string;
let day: (n: number) => string;

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
  ids = await tenantIds(t);
  const { rows } = await t.deps.database.query<{ id: number }>(`select id from rents where code = 'HZ'`);
  hz = Number(rows[0]!.id);
  const days = tenantDaysOf('Asia/Shanghai', t.clock.now());
  today = days.today;
  day = (n) => days.plusDays(n);
});
afterAll(async () => t.close());

async function activeDriver(t: TestApp, rentId: number): Promise<number> {
  const { rows } = await t.deps.database.query<{ id: number }>(
    `select id from drivers where rent_id = $1 and state = 'active' and deleted_at is null order by id limit 1`,
    [rentId],
  );
  return Number(rows[0]!.id);
}

/** A year's rent-to-own contract from `startDate` (the contract calls' terms). */
const terms = (o: { startDate: string; endDate: string }) => ({
  type: 'rentToOwn',
  period: 'monthly',
  billing: 'prepaid',
  paymentDay: null,
  freeDays: 0,
  deposit: 5000,
  managementFee: 200,
  rent: 3000,
  buyOutPrice: 20000,
  ...o,
});

async function addCar(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request('POST', `${P}/add`, {
    as: 'admin',
    rent: hz,
    body: carInput(c, { plate: nextPlate('浙AF'), ...extra }),
  });
  if (res.statusCode !== 200) throw new Error(`add failed: ${res.body}`);
  return Number(res.json().data.id);
}

const rentability = (body: unknown, as = 'admin', lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
  t.request('POST', `${P}/rentability`, { as, body, lang });

type Row = { carId: number; rentable: boolean; reasons: { code: string; message: string; fix: string }[] };
const one = async (id: number, lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<Row> => {
  const res = await rentability({ ids: [id] }, 'admin', lang);
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as Row;
};

describe('rentability', () => {
  it('answers an idle car with its papers in force as rentable, with no reason', async () => {
    const id = await addCar();
    expect(await one(id)).toEqual({ carId: id, rentable: true, reasons: [] });
  });

  it('names a missing compulsory insurance, with the insurance tab to fix it', async () => {
    const id = await addCar({ compulsoryCompany: null, compulsoryPolicyNo: null, compulsoryExpiry: null });
    const row = await one(id);
    expect(row.rentable).toBe(false);
    expect(row.reasons).toEqual([{ code: 'compulsoryMissing', fix: 'insurance', message: '未登记交强险，不能出租' }]);
    expect((await one(id, 'en-US')).reasons[0]!.message).toBe(
      'No compulsory insurance is registered; the car cannot be rented out',
    );
  });

  it('names an ended compulsory insurance with its date; the last day itself still counts', async () => {
    const ended = await addCar({ compulsoryExpiry: day(-1) });
    expect((await one(ended)).reasons).toEqual([
      { code: 'compulsoryExpired', fix: 'insurance', message: `交强险已于 ${day(-1)} 到期，不能出租` },
    ]);
    const lastDay = await addCar({ compulsoryExpiry: today });
    expect((await one(lastDay)).rentable).toBe(true);
  });

  it('names an overdue inspection, and every reason at once', async () => {
    const late = await addCar({ inspectionDue: day(-3) });
    expect((await one(late)).reasons.map((r) => [r.code, r.fix])).toEqual([['inspectionOverdue', 'inspections']]);
    const both = await addCar({ compulsoryExpiry: day(-2), inspectionDue: day(-2) });
    expect((await one(both)).reasons.map((r) => r.code)).toEqual(['compulsoryExpired', 'inspectionOverdue']);
  });

  it('names a status that takes no new contract (reserved, in repair), with the status in the text', async () => {
    const reserved = await addCar();
    expect((await t.request('PUT', `${P}/reserve/${reserved}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await one(reserved)).reasons).toEqual([
      { code: 'status', fix: 'info', message: '车辆当前为“已预订”，不能签新合同' },
    ]);
    const repair = await addCar({ compulsoryExpiry: null, compulsoryCompany: null, compulsoryPolicyNo: null });
    expect((await t.request('PUT', `${P}/repair/${repair}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await one(repair)).reasons.map((r) => r.code)).toEqual(['status', 'compulsoryMissing']);
  });

  it('answers several cars in the order asked', async () => {
    const a = await addCar();
    const b = await addCar({ compulsoryExpiry: null, compulsoryCompany: null, compulsoryPolicyNo: null });
    const res = await rentability({ ids: [b, a] });
    expect(res.json().data.map((r: Row) => [r.carId, r.rentable])).toEqual([
      [b, false],
      [a, true],
    ]);
  });

  it('agrees with signing: the car it refuses is refused by the signing, and passes once the policy is added', async () => {
    const car = await addCar({ compulsoryExpiry: null, compulsoryCompany: null, compulsoryPolicyNo: null });
    const driverId = await activeDriver(t, hz);
    const made = await t.request('POST', '/api/ccwadmin/rentContract/add', {
      as: 'admin',
      rent: hz,
      body: { ...terms({ startDate: today, endDate: day(364) }), driverId, carId: car, clauses: [], attachments: [] },
    });
    expect(made.statusCode).toBe(200);
    const contractId = made.json().data.id;
    // Reserved by its pending contract: another contract may not take it, and the papers are still missing.
    expect((await one(car)).reasons.map((r) => r.code)).toEqual(['status', 'compulsoryMissing']);
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select id from collection_accounts where tenant_id = ${ids.demo} order by id limit 1`,
    );
    const sign = () =>
      t.request('POST', `/api/ccwadmin/rentContract/sign/${contractId}`, {
        as: 'admin',
        body: { accountId: Number(rows[0]!.id) },
      });
    const refused = await sign();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('交强险已过期或未登记，不能出租');
    // The policy as the compliance area records it: its end date copied onto the car.
    await t.deps.database.query(`update cars set compulsory_expiry = $1 where id = $2`, [day(200), car]);
    expect((await one(car)).reasons.map((r) => r.code)).toEqual(['status']);
    expect((await sign()).statusCode).toBe(200);
  });

  it('validates the ids', async () => {
    expect((await rentability({ ids: [] })).statusCode).toBe(400);
    expect((await rentability({})).statusCode).toBe(400);
    expect((await rentability({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })).statusCode).toBe(400);
  });

  it('refuses a user with neither the car list nor contract creation', async () => {
    const id = await addCar();
    const { token } = await staff(t)('liuyang');
    const res = await t.request('POST', `${P}/rentability`, { token, body: { ids: [id] } });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another tenant's car, also among the caller's own", async () => {
    const own = await addCar();
    const { rows } = await t.deps.database.query<{ id: number }>(
      `select id from cars where tenant_id = ${ids.other} order by id limit 1`,
    );
    const theirs = Number(rows[0]!.id);
    expect((await rentability({ ids: [theirs] })).statusCode).toBe(404);
    expect((await rentability({ ids: [own, theirs] })).statusCode).toBe(404);
    expect((await rentability({ ids: [own] }, 'other')).statusCode).toBe(404);
  });
});
