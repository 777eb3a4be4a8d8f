import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, PaymentLine } from '@fleetdesk/contracts/rental-contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { upload } from '../../../test/multipart.js';
import { withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import { activeDriver, idleCars, P, q, rentIds, terms } from './fixtures.js';

// What the clerk's contract job asks of the server (issue 29): the wizard's pickers search the driver and car
// lists as the user types, and a collection keeps its remark and payment voucher.

/** A new driver as the driver form sends it (a new driver starts as a prospect). */
const newDriver = (name: string, phone: string) => {
  const idNumber = withIdCardCheckDigit('33010619900101551');
  return {
    name,
    gender: 'male',
    phone,
    idNumber,
    birthDate: '1990-01-01',
    address: '浙江省杭州市西湖区文三路 1 号',
    licenceNumber: idNumber,
    licenceClass: 'C1',
    licenceFirstIssue: '2012-05-20',
    licenceExpiry: '2030-05-20',
    source: 'referral',
  };
};

let t: TestApp;
let rents: Awaited<ReturnType<typeof rentIds>>;
let cars: number[];
let accountId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-02-20T04:00:00Z'));
  rents = await rentIds(t);
  cars = await idleCars(t, rents.hz, 2);
  const acc = await t.request('POST', `${P}/account/add`, { as: 'admin', body: { name: '测试银行', kind: 'bank' } });
  accountId = acc.json().data.id;
});
afterAll(async () => t.close());

const drivers = (body: Record<string, unknown>, as = 'admin') =>
  t.request('POST', '/api/ccwadmin/rentDriver/list', { as, body });
const carList = (body: Record<string, unknown>, as = 'admin') =>
  t.request('POST', '/api/ccwadmin/rentCar/list', { as, body });

describe('the wizard pickers search the server', () => {
  it('finds a new prospect by part of the name or phone among active drivers and prospects, paged', async () => {
    const made = await t.request('POST', '/api/ccwadmin/rentDriver/add', {
      as: 'admin',
      rent: rents.hz,
      body: newDriver('闻一鸣', '13957199321'),
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.state).toBe('prospect');
    const picker = { state: ['active', 'prospect'], pageNum: 1, pageSize: 20 };
    const byName = (await drivers({ ...picker, keyword: '一鸣' })).json().data;
    expect(byName.rows.map((r: { name: string; state: string }) => [r.name, r.state])).toEqual([
      ['闻一鸣', 'prospect'],
    ]);
    const byPhone = (await drivers({ ...picker, keyword: '99321' })).json().data;
    expect(byPhone.rows.map((r: { id: number }) => r.id)).toEqual([made.json().data.id]);
    // Active drivers only (the old picker): the prospect is not there.
    expect((await drivers({ state: ['active'], keyword: '一鸣' })).json().data.total).toBe(0);
    // Paged: a page of 2 out of many, the total says how many more.
    const all = (await drivers({ ...picker, pageSize: 2 })).json().data;
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    // Another tenant's users do not find the demo company's drivers.
    expect((await drivers({ ...picker, keyword: '一鸣' }, 'other')).json().data.total).toBe(0);
  });

  it("finds a car by part of its plate within the driver's rent, paged", async () => {
    const [row] = await q<{ plate: string }>(t, `select plate from cars where id = $1`, [cars[0]]);
    // The shortest tail of its plate (from 4 characters) that no car of the other rent holds in its plate or VIN,
    // which the keyword also searches: demo plates and VINs are random, and a 4-character tail was once shared.
    const others = await q<{ plate: string; vin: string }>(t, `select plate, vin from cars where rent_id = $1`, [
      rents.sh,
    ]);
    const tail = [4, 5, 6]
      .map((n) => row!.plate.slice(-n))
      .find((part) => !others.some((c) => `${c.plate} ${c.vin ?? ''}`.toUpperCase().includes(part.toUpperCase())))!;
    expect(tail, 'a part of the plate the other rent does not hold').toBeTruthy();
    const hit = (await carList({ keyword: tail, rentId: rents.hz, pageNum: 1, pageSize: 20 })).json().data;
    expect(hit.rows.map((r: { id: number }) => r.id)).toContain(cars[0]);
    // Another rent of the tenant does not have it; another tenant's user finds nothing.
    expect((await carList({ keyword: tail, rentId: rents.sh })).json().data.rows).toEqual([]);
    expect((await carList({ keyword: tail }, 'other')).json().data.total).toBe(0);
    const page = (await carList({ rentId: rents.hz, pageSize: 5 })).json().data;
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
  });
});

describe('a collection with its remark and voucher', () => {
  let contractId: number;
  let line: PaymentLine;

  beforeAll(async () => {
    const driverId = await activeDriver(t, rents.hz);
    const made = await t.request('POST', `${P}/add`, {
      as: 'admin',
      rent: rents.hz,
      body: { ...terms({ startDate: '2026-02-20', endDate: '2027-02-19' }), driverId, carId: cars[1], clauses: [] },
    });
    expect(made.statusCode, made.body).toBe(200);
    contractId = made.json().data.id;
    const signed = await t.request('POST', `${P}/sign/${contractId}`, { as: 'admin', body: { accountId } });
    expect(signed.statusCode, signed.body).toBe(200);
    const lines: PaymentLine[] = (await t.request('GET', `${P}/lines/${contractId}`, { as: 'admin' })).json().data;
    line = lines.find((l) => l.type === 'rent' && l.period === 2)!;
  });

  const collect = (body: Record<string, unknown>, as = 'admin') =>
    t.request('POST', `${P}/collect/${line.id}`, {
      as,
      body: { amount: 100, accountId, version: line.version, ...body },
    });

  it('keeps the remark and the voucher and answers the voucher signed with the collections', async () => {
    const voucher = await upload(t, 'admin', 'document', 'slip.png');
    const res = await collect({ remark: '银行转账 尾号 8821', voucher });
    expect(res.statusCode, res.body).toBe(200);
    line = res.json().data;
    const rows: Collection[] = (await t.request('GET', `${P}/collections/${contractId}`, { as: 'admin' })).json().data;
    const mine = rows.find((r) => r.lineId === line.id)!;
    expect(mine.remark).toBe('银行转账 尾号 8821');
    expect(mine.voucher).toMatch(/sig=|signature|exp=/);
    const file = await t.request('GET', mine.voucher!.replace(/^https?:\/\/[^/]+/, ''));
    expect(file.statusCode).toBe(200);
    // Without a voucher the collection has none.
    const plain = await collect({ remark: null, version: line.version });
    expect(plain.statusCode, plain.body).toBe(200);
    line = plain.json().data;
    const again: Collection[] = (await t.request('GET', `${P}/collections/${contractId}`, { as: 'admin' })).json().data;
    expect(again[0]!.voucher).toBeNull();
  });

  it("refuses a voucher that is not the tenant's file, or of another upload type, on the field", async () => {
    const theirs = await upload(t, 'other', 'document', 'theirs.png');
    const foreign = await collect({ voucher: theirs });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'voucher' })]));
    const avatar = await upload(t, 'admin', 'avatar', 'me.png');
    expect((await collect({ voucher: avatar })).statusCode).toBe(400);
    expect((await collect({ voucher: 'https://example.com/x.png' })).statusCode).toBe(400);
    expect((await collect({ voucher: 'x'.repeat(1025) })).statusCode).toBe(400);
  });

  it('lets a collector upload a voucher; refuses one without the collect element', async () => {
    const res = await collect({}, 'clerk');
    expect(res.statusCode).toBe(403);
  });
});
