import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { tenantIds } from './fixtures.js';

const P = '/api/ccwadmin/rentCar';
let t: TestApp;
let ids: Awaited<ReturnType<typeof tenantIds>>;
let today: string;
const plusDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const FLEET = ['idle', 'rented', 'preparing', 'maintenance', 'reserved', 'off_fleet'];

beforeAll(async () => {
  t = await createTestApp();
  ids = await tenantIds(t);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t.clock.now());
});
afterAll(async () => t.close());

const get = async (path: string, query: Record<string, string | number> = {}, as = 'admin') => {
  const res = await t.request('GET', path.startsWith('/') ? path : `${P}/${path}`, { as, query });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const total = async (body: Record<string, unknown>) =>
  (await t.request('POST', `${P}/list`, { as: 'admin', body: { status: FLEET, ...body } })).json().data.total as number;

describe('getCarsinfo', () => {
  it('counts the fleet by status and the papers due, agreeing with the list filters', async () => {
    const s = await get('getCarsinfo');
    expect(s.total).toBe(82);
    expect(s.byStatus).toMatchObject({ rented: 55, sold: 3, scrapped: 1 });
    expect(Object.values(s.byStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(86);
    expect(s.inspectionOverdue).toBe(await total({ inspectionDueTo: plusDays(-1) }));
    expect(s.inspectionOverdue).toBe(2);
    expect(s.inspectionDueSoon).toBe(await total({ inspectionDueFrom: today, inspectionDueTo: plusDays(30) }));
    expect(s.inspectionDueSoon).toBeGreaterThanOrEqual(4);
    expect(s.insuranceExpired).toBe(await total({ insuranceExpiryTo: plusDays(-1) }));
    expect(s.insuranceDueSoon).toBe(await total({ insuranceExpiryFrom: today, insuranceExpiryTo: plusDays(30) }));
    expect(s.infoErrors).toBe((await get('car/info/error', { pageSize: 1 })).total);
    const hz = await get('getCarsinfo', { rentId: ids.hz });
    const sh = await get('getCarsinfo', { rentId: ids.sh });
    expect(hz.total + sh.total).toBe(82);
  });

  it('counts cars seen by GPS in the last 10 minutes as online', async () => {
    const now = t.clock.now();
    // Devices heard from 9 and 11 minutes ago (last positions, as the GPS ingest keeps them); the demo
    // trackers are unbound first, so that only these count.
    const db = t.deps.database;
    await db.query(`update gps_devices set car_id = null, is_default = false where tenant_id = ${ids.demo}`);
    const track = async (plates: string[], minutesAgo: number, n: number) => {
      for (const [i, plate] of plates.entries()) {
        const imei = `86000000${n}${i}`.padEnd(15, '0');
        const { rows } = await db.query<{ id: string }>(
          `insert into gps_devices (tenant_id, imei, model, protocol, rent_id, car_id, is_default)
           select tenant_id, $1, 'JT-W100', 'jt808', rent_id, id, true from cars
           where tenant_id = ${ids.demo} and plate = $2 returning id`,
          [imei, plate],
        );
        const at = new Date(now.getTime() - minutesAgo * 60_000);
        await db.query(
          `insert into gps_last_positions (tenant_id, device_id, fix_time, server_time, lat, lon)
           values (${ids.demo}, $1, $2, $2, 30.27, 120.15)`,
          [rows[0]!.id, at],
        );
      }
    };
    await track(['浙AF67890', '浙AG24680'], 9, 1);
    await track(['浙AH13579'], 11, 2);
    expect((await get('getCarsinfo')).online).toBe(2);
    const online = (await get('online/operation/report')).online;
    expect(online).toMatchObject({ total: 82, online: 2, offline: 1, never: 79 });
    expect(online.onlineRate).toBeCloseTo(2 / 82, 4);
    const { id } = (await t.request('POST', `${P}/list`, { as: 'admin', body: { plate: '浙AF67890' } })).json().data
      .rows[0];
    expect((await t.request('GET', `${P}/${id}`, { as: 'admin' })).json().data.online).toBe(true);
  });

  it('refuses a rent the caller may not act in', async () => {
    expect((await t.request('GET', `${P}/getCarsinfo`, { as: 'clerk', query: { rentId: ids.sh } })).statusCode).toBe(
      403,
    );
    expect((await t.request('GET', `${P}/report`, { as: 'admin', query: { rentId: ids.bj } })).statusCode).toBe(403);
  });
});

describe('car/info/error', () => {
  it('lists cars with wrong or missing data, each with its reasons, and filters by reason', async () => {
    const all = await get('car/info/error', { pageSize: 100 });
    const byPlate = new Map(
      all.rows.map((r: { plate: string; reasons: { reason: string }[] }) => [r.plate, r.reasons.map((x) => x.reason)]),
    );
    expect(byPlate.get('浙A6L8M4')).toContain('vinCheckDigit');
    expect(byPlate.get('浙A6Q2R7')).toContain('noOwner');
    expect(byPlate.get('浙A5J3K9')).toContain('noCarType');
    expect(byPlate.get('浙A3V4W1')).toContain('noEngineNo');
    expect(byPlate.get('沪C5B2C9')).toEqual(expect.arrayContaining(['noCompulsoryInsurance', 'noCommercialInsurance']));
    expect(byPlate.get('浙AD90729')).toEqual(expect.arrayContaining(['compulsoryExpired', 'commercialExpired']));
    expect(byPlate.get('浙AD40963')).toContain('inspectionOverdue');
    expect(byPlate.get('浙AD68507')).toContain('noLicense');
    expect(byPlate.has('浙A2Y6Z9')).toBe(false); // sold cars need no papers
    const first = all.rows[0];
    expect(first.reasons[0].message).toMatch(/[\u4e00-\u9fff]/);
    const vin = await get('car/info/error', { reason: 'vinCheckDigit' });
    expect(vin.rows.map((r: { plate: string }) => r.plate)).toEqual(['浙A6L8M4']);
    // A VIN shared by two cars (legacy data) flags both.
    await t.deps.database.query(
      `update cars set vin = (select vin from cars where plate = '浙AG24680' and tenant_id = ${ids.demo})
       where plate = '浙AH13579' and tenant_id = ${ids.demo}`,
    );
    const dup = await get('car/info/error', { reason: 'duplicateVin' });
    expect(dup.rows.map((r: { plate: string }) => r.plate).sort()).toEqual(['浙AG24680', '浙AH13579']);
    const en = (
      await t.request('GET', `${P}/car/info/error`, { as: 'admin', lang: 'en-US', query: { reason: 'noOwner' } })
    )
      .json()
      .data.rows[0].reasons.find((r: { reason: string }) => r.reason === 'noOwner');
    expect(en.message).toBe('No owner');
    const clerk = await get('car/info/error', { pageSize: 100 }, 'clerk');
    expect(clerk.rows.every((r: { rentName: string }) => r.rentName === '杭州公司')).toBe(true);
  });
});

describe('reports', () => {
  it('breaks the fleet down by status, type, brand, owner, energy and rent', async () => {
    const r = await get('report');
    expect(r.total).toBe(82);
    for (const key of ['byStatus', 'byType', 'byBrand', 'byOwner', 'byEnergy', 'byRent'] as const) {
      expect(
        r[key].reduce((s: number, b: { count: number }) => s + b.count, 0),
        key,
      ).toBe(82);
    }
    expect(r.byStatus.map((b: { key: string }) => b.key)).toEqual(FLEET);
    expect(r.byRent).toEqual([
      { key: String(ids.hz), name: '杭州公司', count: 48 },
      { key: String(ids.sh), name: '上海公司', count: 34 },
    ]);
    expect(r.byBrand[0]).toMatchObject({ name: '比亚迪' });
    expect(r.byOwner.find((b: { key: string }) => b.key === 'none')).toMatchObject({ name: '未设置', count: 2 });
    const sh = await get('report', { rentId: ids.sh });
    expect(sh.total).toBe(34);
  });

  it('reports per car type, per owner and by power', async () => {
    const types = await get('/api/ccwadmin/rentCarType/report');
    const ride = types.find((x: { carTypeName: string }) => x.carTypeName === '新能源网约车');
    expect(ride.total).toBeGreaterThan(20);
    expect(ride.rentedRate).toBeCloseTo(ride.rented / ride.total, 4);
    expect(ride.monthlyIncome).toBe(ride.rented * 4500);
    expect(types.reduce((s: number, x: { total: number }) => s + x.total, 0)).toBe(82);
    const owners = await get('owner/report', { pageSize: 2 });
    expect(owners.rows[0]).toMatchObject({ ownerName: '演示租车有限公司', kind: 'company' });
    expect(owners.rows[0].total).toBeGreaterThanOrEqual(owners.rows[1].total);
    expect(owners.total).toBe(6);
    const power = await get('power/report');
    expect(power.byEnergy.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(82);
    const electric = power.byEnergy.find((b: { key: string }) => b.key === 'electric').count;
    expect(power.range.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(electric);
    expect(power.battery.find((b: { key: string }) => b.key === 'lt20').count).toBeGreaterThan(0);
    expect(power.averageRangeKm).toBeGreaterThan(400);
  });

  it('replays the status history into an operation rate per day', async () => {
    const r = await get('online/operation/report');
    expect(r.days).toHaveLength(30);
    expect(r.to).toBe(today);
    const last = r.days.at(-1);
    expect(last).toMatchObject({ date: today, fleet: 82, rented: 55 });
    expect(last.operationRate).toBeCloseTo(55 / 82, 4);
    expect(r.days.every((d: { rented: number; fleet: number }) => d.rented <= d.fleet)).toBe(true);
    expect(r.averageOperationRate).toBeGreaterThan(0.4);
    const idle = (await t.request('POST', `${P}/list`, { as: 'admin', body: { status: ['idle'] } })).json().data
      .rows[0];
    await t.request('PUT', `${P}/rentOut/${idle.id}`, { as: 'admin' });
    expect((await get('online/operation/report')).days.at(-1).rented).toBe(56);
    const long = await get('online/operation/report', { from: plusDays(-365), to: today });
    expect(long.days).toHaveLength(366);
    expect(long.days[0].fleet).toBeLessThan(82);
    const tooLong = await t.request('GET', `${P}/online/operation/report`, {
      as: 'admin',
      query: { from: plusDays(-400), to: today },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0]).toMatchObject({ path: 'from', message: '统计区间最长 366 天' });
    const backwards = await t.request('GET', `${P}/online/operation/report`, {
      as: 'admin',
      query: { from: today, to: plusDays(-3) },
    });
    expect(backwards.json().errors[0]).toMatchObject({ path: 'to', message: '结束日期不能早于开始日期' });
  });
});
