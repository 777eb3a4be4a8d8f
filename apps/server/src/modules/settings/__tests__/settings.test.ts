import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRIVER_LEVELS } from '@fleetdesk/contracts/driver-portal';
import { TenantRules } from '@fleetdesk/contracts/organisation';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { parseRules, tenantRules } from '../settings.service.js';

const S = '/api/ccwadmin/setting';
let t: TestApp;
let demo: number;
let rents: Record<string, number>;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
    'hex',
  ),
]);

async function upload(as: string): Promise<string> {
  const boundary = '----fleetdesk-settings-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.request('POST', '/api/tool/oss/upload/image', {
    as,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.url as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const q = async <T>(sql: string) => (await t.deps.database.query<T>(sql)).rows;
  demo = Number((await q<{ id: number }>(`select id from tenants where code = 'DEMO'`))[0]!.id);
  rents = Object.fromEntries(
    (await q<{ code: string; id: number }>(`select code, id from rents`)).map((r) => [r.code, Number(r.id)]),
  );
});
afterAll(async () => t.close());

async function lastLog(action: string) {
  const { rows } = await t.deps.database.query<{ summary: unknown; tenant_id: number; target_id: string }>(
    `select summary, tenant_id, target_id from operation_logs where action = '${action}' order by id desc limit 1`,
  );
  return rows[0];
}

const profile = {
  name: '演示租车 Demo Rentals',
  shortName: '演示租车',
  timeZone: 'Asia/Shanghai',
  contactName: '张伟',
  contactPhone: '13900001111',
};

describe('company profile', () => {
  it("answers the tenant's profile", async () => {
    const res = await t.request('GET', `${S}/company`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '演示租车 Demo Rentals',
      shortName: '演示租车',
      logo: null,
      logoUrl: null,
      timeZone: 'Asia/Shanghai',
      contactName: '张伟',
    });
    expect((await t.request('GET', `${S}/company`, { as: 'other' })).json().data.name).toBe('Other Rentals');
  });

  it('saves it with an uploaded logo and licence; logs the changed fields before and after', async () => {
    const logo = await upload('admin');
    const res = await t.request('PUT', `${S}/company`, {
      as: 'admin',
      body: { ...profile, shortName: '演示', logo, licenceNo: '91330106MA2CXXXX1Y', licenceImage: logo },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ shortName: '演示', logo, licenceImage: logo, licenceNo: '91330106MA2CXXXX1Y' });
    expect(data.logoUrl).toMatch(/sig=/);
    // Sent back as answered (signed address), the file stays.
    const again = await t.request('PUT', `${S}/company`, {
      as: 'admin',
      body: { ...profile, shortName: '演示', logo: data.logoUrl, licenceImage: data.licenceImage, timeZone: 'UTC' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ logo, timeZone: 'UTC' });
    const log = await lastLog('setting.company');
    expect(log).toMatchObject({ tenant_id: demo, target_id: String(demo) });
    // Only what changed: the time zone, and the licence number the body left out (kept).
    expect(log!.summary).toEqual({ before: { timeZone: 'Asia/Shanghai' }, after: { timeZone: 'UTC' } });
    expect((await t.request('GET', `${S}/company`, { as: 'admin' })).json().data.timeZone).toBe('UTC');
  });

  it("validates the body and refuses another tenant's file (400 on the field)", async () => {
    const bad = await t.request('PUT', `${S}/company`, {
      as: 'admin',
      body: { ...profile, name: 'x', timeZone: 'Mars/Olympus', licenceNo: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['licenceNo', 'name', 'timeZone']);
    const foreign = await upload('other');
    const res = await t.request('PUT', `${S}/company`, { as: 'admin', body: { ...profile, logo: foreign } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('logo');
  });

  it('refuses a user without oaSetting:view / oaSetting:edit (403)', async () => {
    expect((await t.request('GET', `${S}/company`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('PUT', `${S}/company`, { as: 'clerk', body: profile })).statusCode).toBe(403);
    expect((await t.request('GET', `${S}/rules`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('PUT', `${S}/rules`, { as: 'clerk', body: {} })).statusCode).toBe(403);
  });
});

describe('rules', () => {
  it('answers the documented defaults to a tenant that never saved', async () => {
    const res = await t.request('GET', `${S}/rules`, { as: 'other' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      reminders: {
        licenceDays: 30,
        insuranceDays: 30,
        inspectionDays: 30,
        driverDocumentDays: 30,
        rentDueDays: 3,
        serviceDays: 15,
      },
      rentGraceDays: 3,
      lateFee: { dailyRatePermille: 5, capPercent: 20 },
      billProRating: false,
      settingDebtorPaying: false,
      contractPrefixes: {},
      mapTiles: 'amap',
      contractSms: { rentDue: false, contractEnd: false, overdue: false },
      gpsEvents: {
        overspeedKmh: 120,
        overspeedSeconds: 10,
        offlineMinutes: 10,
        lowBatteryPercent: 20,
        safeSpeedKmh: 20,
        notices: { message: ['sos', 'powerCut', 'tamper'], sms: [], smsPhones: [] },
      },
      gpsRisk: { overdueDays: 3, geofenceExitOverdue: true, powerCutRented: true, silentRented: true, silentHours: 24 },
      costs: { vehicleCostCentreId: null },
      messageArchiveDays: 90,
      maintenance: { approvalAbove: 2000, leadKm: 1000 },
      crm: { poolDays: 15, claimPerDay: 20, maxOwned: null, surveyDays: 14 },
      shortTerm: {
        graceMinutes: 60,
        freeCancelHours: 24,
        holidayFreeCancelHours: 72,
        cancelFeeDays: 1,
        holidayCancelFeeDays: 2,
        lateHourPct: 20,
        earlyReturnRefundPct: 50,
        fuelPerPct: 5,
        violationHoldDays: 30,
        unpaidMinutes: 30,
      },
      timeShare: {
        reserveMinutes: 15,
        offZoneFee: 50,
        warnBelow: 0,
        lockAfterMinutes: 60,
        recoverAfterHours: 6,
        nightFrom: '23:00',
        nightTo: '07:00',
      },
      teams: {
        weights: { flow: 30, orders: 15, onlineHours: 15, onTime: 20, overdueDays: 10, violations: 5, accidents: 5 },
        platformAccounts: [],
      },
      driverLevels: DEFAULT_DRIVER_LEVELS,
    });
    // The demo saved two rules (its second approver, its fleet's platform accounts); the rest are the defaults.
    const defaults = TenantRules.parse({});
    expect(await tenantRules(t.deps, demo)).toEqual({
      ...defaults,
      approvalSecondApproverId: expect.any(Number),
      teams: {
        ...defaults.teams,
        platformAccounts: [
          expect.objectContaining({ platform: 'didi' }),
          expect.objectContaining({ platform: 'gaode' }),
        ],
      },
    });
  });

  it('saves the document, answers it with defaults filled in, logs the changed fields only', async () => {
    // The demo's fleet accounts are part of the document: a save keeps them by sending them.
    const { teams } = await tenantRules(t.deps, demo);
    const res = await t.request('PUT', `${S}/rules`, {
      as: 'admin',
      body: {
        teams,
        rentGraceDays: 5,
        reminders: { insuranceDays: 45 },
        contractPrefixes: { [rents.HZ!]: 'HZ' },
        settingDebtorPaying: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      rentGraceDays: 5,
      reminders: { insuranceDays: 45, licenceDays: 30 },
      contractPrefixes: { [rents.HZ!]: 'HZ' },
      settingDebtorPaying: true,
      mapTiles: 'amap',
    });
    expect((await tenantRules(t.deps, demo)).rentGraceDays).toBe(5);
    expect((await lastLog('setting.rules'))!.summary).toEqual({
      before: {
        rentGraceDays: 3,
        reminders: {
          licenceDays: 30,
          insuranceDays: 30,
          inspectionDays: 30,
          driverDocumentDays: 30,
          rentDueDays: 3,
          serviceDays: 15,
        },
        contractPrefixes: {},
        settingDebtorPaying: false,
      },
      after: {
        rentGraceDays: 5,
        reminders: {
          licenceDays: 30,
          insuranceDays: 45,
          inspectionDays: 30,
          driverDocumentDays: 30,
          rentDueDays: 3,
          serviceDays: 15,
        },
        contractPrefixes: { [rents.HZ!]: 'HZ' },
        settingDebtorPaying: true,
      },
    });
    // The other tenant still has the defaults.
    expect((await t.request('GET', `${S}/rules`, { as: 'other' })).json().data.rentGraceDays).toBe(3);
  });

  it("accepts contract prefixes only for the tenant's rents; validates ranges", async () => {
    const foreign = await t.request('PUT', `${S}/rules`, {
      as: 'admin',
      body: { contractPrefixes: { [rents.SH!]: 'SH', [rents.BJ!]: 'BJ', 999999: 'X' } },
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      foreign
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual([`contractPrefixes.${rents.BJ}`, 'contractPrefixes.999999'].sort());
    const huge = await t.request('PUT', `${S}/rules`, {
      as: 'admin',
      body: { contractPrefixes: { '99999999999999999999': 'X' } },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors[0].path).toBe('contractPrefixes.99999999999999999999');
    const bad = await t.request('PUT', `${S}/rules`, {
      as: 'admin',
      body: { rentGraceDays: -1, contractPrefixes: { [rents.SH!]: 'sh-1' }, mapTiles: 'google' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.length).toBeGreaterThanOrEqual(3);
    expect((await t.request('GET', `${S}/rules`, { as: 'admin' })).json().data.rentGraceDays).toBe(5);
  });

  it('reads a stored document field by field: a field that no longer parses takes its default', () => {
    expect(parseRules({ rentGraceDays: 999, mapTiles: 'osm' })).toMatchObject({ rentGraceDays: 3, mapTiles: 'osm' });
    expect(parseRules(null)).toEqual(TenantRules.parse({}));
  });
});

describe('app flags', () => {
  it('answers settingDebtorPaying from the rules to any signed-in user', async () => {
    const clerk = await t.request('GET', `${S}/app`, { as: 'clerk' });
    expect(clerk.statusCode).toBe(200);
    expect(clerk.json().data).toEqual({ settingDebtorPaying: true });
    expect((await t.request('GET', `${S}/app`, { as: 'other' })).json().data).toEqual({ settingDebtorPaying: false });
    expect((await t.request('GET', `${S}/app`)).statusCode).toBe(401);
  });
});
