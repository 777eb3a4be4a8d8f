import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { seedIds } from '../../../../test/users.js';
import { eventPipeline, eventsSettled, forgetEventRules, type WrittenPosition } from '../events.js';

// Overspeed limits per car type and geofence (through the processor), and alarm notices.
const G = '/api/ccwgps';
const V = '/api/ccwadmin';
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

/** A fresh device on a Hangzhou car (not its default), with no event state. */
async function deviceOnCar(): Promise<{ deviceId: number; carId: number; plate: string; carTypeId: number }> {
  const [car] = await q<{ id: number; plate: string; car_type_id: number }>(
    `select id, plate, car_type_id from cars where tenant_id = $1 and rent_id = $2 and deleted_at is null
     and car_type_id is not null order by id limit 1`,
    [ids.demo, ids.hz],
  );
  const imei = `86991${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const [d] = await q<{ id: number }>(
    `insert into gps_devices (tenant_id, imei, model, rent_id, car_id) values ($1, $2, 'JT-W100', $3, $4) returning id`,
    [ids.demo, imei, ids.hz, car!.id],
  );
  return { deviceId: Number(d!.id), carId: Number(car!.id), plate: car!.plate, carTypeId: Number(car!.car_type_id) };
}

/** Positions every 10 s from `start` through the event pipeline (as the writer hands them over). */
async function drive(deviceId: number, steps: { speed: number; alarm?: number; lat?: number; lon?: number }[]) {
  const start = t.clock.now().getTime();
  const batch: WrittenPosition[] = steps.map((s, i) => ({
    tenantId: ids.demo,
    deviceId,
    serverTime: new Date(start + i * 10_000),
    fixTime: new Date(start + i * 10_000),
    lat: s.lat ?? 30.3,
    lon: s.lon ?? 120.1,
    speed: s.speed,
    alarm: s.alarm ?? 0,
  }));
  await eventPipeline(t.deps)(batch);
  await eventsSettled(t.deps);
}

const events = (deviceId: number, type: string) =>
  q<{ attributes: Record<string, unknown> }>('select attributes from gps_events where device_id = $1 and type = $2', [
    deviceId,
    type,
  ]);

async function setRules(gpsEvents: Record<string, unknown>) {
  await q(
    `insert into tenant_settings (tenant_id, rules) values ($1, jsonb_build_object('gpsEvents', $2::jsonb))
     on conflict (tenant_id) do update set rules = tenant_settings.rules || excluded.rules`,
    [ids.demo, JSON.stringify(gpsEvents)],
  );
  forgetEventRules(t.deps);
}

describe('overspeed limits of car types and geofences', () => {
  it('validates and keeps the limits', async () => {
    const types = (await t.request('GET', `${V}/rentCarType/list`, { as: 'admin', query: { limit: 0 } })).json().data;
    const type = types.rows[0];
    const body = { carTypeName: type.carTypeName, monthlyRent: type.monthlyRent, deposit: type.deposit };
    for (const bad of [0, 301, 55.5]) {
      const res = await t.request('PUT', `${V}/rentCarType/update/${type.id}`, {
        as: 'admin',
        lang: 'en-US',
        body: { ...body, overspeedKmh: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'overspeedKmh' });
    }
    const ok = await t.request('PUT', `${V}/rentCarType/update/${type.id}`, {
      as: 'admin',
      body: { ...body, overspeedKmh: 80 },
    });
    expect(ok.json().data.overspeedKmh).toBe(80);
    // A change that leaves the limit out keeps it; null clears it.
    const kept = await t.request('PUT', `${V}/rentCarType/update/${type.id}`, { as: 'admin', body });
    expect(kept.json().data.overspeedKmh).toBe(80);
    const cleared = await t.request('PUT', `${V}/rentCarType/update/${type.id}`, {
      as: 'admin',
      body: { ...body, overspeedKmh: null },
    });
    expect(cleared.json().data.overspeedKmh).toBeNull();

    const fence = { name: '限速区', kind: 'circle', points: [[30.3, 120.1]], radius: 500 };
    const bad = await t.request('POST', `${G}/geofence`, { as: 'admin', body: { ...fence, speedLimitKmh: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'speedLimitKmh' });
    const created = (
      await t.request('POST', `${G}/geofence`, { as: 'admin', body: { ...fence, speedLimitKmh: 40 } })
    ).json().data;
    expect(created.speedLimitKmh).toBe(40);
    const renamed = (
      await t.request('PUT', `${G}/geofence/${created.id}`, { as: 'admin', body: { ...fence, name: 'x' } })
    ).json().data;
    expect(renamed.speedLimitKmh).toBe(40);
    await t.request('DELETE', `${G}/geofence/${created.id}`, { as: 'admin' });
  });

  it('the processor applies the car type limit, and a bound geofence limit below it', async () => {
    const d = await deviceOnCar();
    await q('update car_types set overspeed_kmh = 80 where tenant_id = $1 and id = $2', [ids.demo, d.carTypeId]);
    // 90 km/h for 30 s: above the car type's 80, below the tenant's 120.
    await drive(d.deviceId, [{ speed: 90 }, { speed: 90 }, { speed: 90 }, { speed: 90 }, { speed: 50 }]);
    expect((await events(d.deviceId, 'overspeed')).map((e) => e.attributes)).toEqual([
      expect.objectContaining({ limit: 80, limitSource: 'carType' }),
    ]);

    // A 40 km/h zone bound to the device: 60 km/h inside raises, with the geofence named.
    const fence = (
      await t.request('POST', `${G}/geofence`, {
        as: 'admin',
        body: { name: '学校区', kind: 'circle', points: [[30.31, 120.11]], radius: 300, speedLimitKmh: 40 },
      })
    ).json().data;
    await t.request('POST', `${G}/deviceGeofence/${fence.id}`, { as: 'admin', body: { deviceIds: [d.deviceId] } });
    t.clock.advance(60_000);
    const inZone = { lat: 30.31, lon: 120.11 };
    await drive(d.deviceId, [
      { speed: 60, ...inZone },
      { speed: 60, ...inZone },
      { speed: 60, ...inZone },
      { speed: 30, ...inZone },
    ]);
    const all = (await events(d.deviceId, 'overspeed')).map((e) => e.attributes);
    expect(all).toHaveLength(2);
    expect(all).toContainEqual(
      expect.objectContaining({ limit: 40, limitSource: 'geofence', limitGeofenceId: fence.id }),
    );
    await q('update car_types set overspeed_kmh = null where tenant_id = $1 and id = $2', [ids.demo, d.carTypeId]);
  });
});

describe('alarm notices', () => {
  it('notifies the message centre of the users who may see the map in the rent, and SMS to the numbers', async () => {
    await setRules({ notices: { message: ['sos', 'powerCut'], sms: ['sos'], smsPhones: ['13900000001'] } });
    const d = await deviceOnCar();
    const pushes = async () =>
      (
        await q<{ username: string; title: string }>(
          `select u.username, p.title from push_records p join users u on u.id = p.user_id
           where p.tenant_id = $1 and p.category = 4 and p.title like $2 order by p.id`,
          [ids.demo, `%${formatPlate(d.plate)}%`],
        )
      ).map((r) => `${r.username}:${r.title}`);
    const batches = () =>
      q<{ total: number; content: string }>(
        `select total, content from sms_batches where source = 'gpsAlarm' order by id`,
      );
    const before = (await batches()).length;

    // SOS (message + SMS) and vibration (neither): one message per allowed user, one SMS.
    await drive(d.deviceId, [{ speed: 0 }, { speed: 0, alarm: 1 | (1 << 15) }]);
    const first = await pushes();
    expect(first).toContain(`admin:SOS 求救报警：${formatPlate(d.plate)}`);
    expect(first.some((p) => p.startsWith('clerk:'))).toBe(false); // the clerk may not see the map
    expect(first.every((p) => p.includes('SOS'))).toBe(true);
    // Stored as keys: the admin reads the notice in his language, the alarm type by its own title.
    const notice = async (lang: 'zh-CN' | 'en-US') =>
      (await t.request('GET', '/api/ccwmc/pushRecord/list', { as: 'admin', lang, query: { category: '4' } }))
        .json()
        .data.rows.find((m: { title: string }) => m.title.includes(formatPlate(d.plate))) as {
        title: string;
        content: string;
      };
    expect((await notice('zh-CN')).content).toMatch(
      new RegExp(`^${formatPlate(d.plate)}（.+）于 .+ 发生SOS 求救报警，`),
    );
    const en = await notice('en-US');
    expect(en.title).toBe(`SOS alarm: ${formatPlate(d.plate)}`);
    expect(en.content).toMatch(new RegExp(`^${formatPlate(d.plate)} \\(.+\\) raised a SOS alarm at `));
    const sms = (await batches()).slice(before);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.total).toBe(1);

    // The same alarm again within 10 minutes: stored as an alarm, not notified again.
    t.clock.advance(5 * 60_000);
    await drive(d.deviceId, [{ speed: 0 }, { speed: 0, alarm: 1 }]);
    expect((await q('select 1 from gps_events where device_id = $1 and type = $2', [d.deviceId, 'sos'])).length).toBe(
      2,
    );
    expect(await pushes()).toEqual(first);
    expect((await batches()).length).toBe(before + 1);

    // After 10 minutes it is notified again; a power cut is a type of its own (message only).
    t.clock.advance(6 * 60_000);
    await drive(d.deviceId, [{ speed: 0 }, { speed: 0, alarm: 1 | (1 << 8) }]);
    const third = await pushes();
    expect(third.filter((p) => p.startsWith('admin:')).map((p) => p.split('：')[0])).toEqual([
      'admin:SOS 求救报警',
      'admin:SOS 求救报警',
      'admin:断电报警',
    ]);
    expect((await batches()).length).toBe(before + 2);
    // Nothing reached the other tenant's users.
    const [otherPush] = await q<{ n: number }>(
      'select count(*)::int as n from push_records where tenant_id = $1 and category = 4',
      [ids.other],
    );
    expect(otherPush!.n).toBe(0);
  });

  it('sends nothing for types that are off, and texts the rent contact phone when no numbers are set', async () => {
    await setRules({ notices: { message: [], sms: ['powerCut'], smsPhones: [] } });
    await q(`update rents set contact_phone = '13900000002' where id = $1`, [ids.hz]);
    const d = await deviceOnCar();
    const count = async () =>
      (await q<{ n: number }>('select count(*)::int as n from push_records where category = 4'))[0]!.n;
    const pushesBefore = await count();
    const [{ n: smsBefore }] = (await q<{ n: number }>(
      `select count(*)::int as n from sms_batches where source = 'gpsAlarm'`,
    )) as [{ n: number }];
    await drive(d.deviceId, [{ speed: 0 }, { speed: 0, alarm: 1 }]); // SOS: off now
    t.clock.advance(60_000);
    await drive(d.deviceId, [{ speed: 0, alarm: 1 << 8 }]); // power cut: SMS only
    expect(await count()).toBe(pushesBefore);
    const sms = await q<{ id: number }>(`select id from sms_batches where source = 'gpsAlarm' order by id`);
    expect(sms.length).toBe(smsBefore + 1);
    const items = await q<{ phone: string; text: string }>(
      `select i.payload->>'phone' as phone, i.payload->>'text' as text from task_items i
       join sms_batches b on b.tenant_id = i.tenant_id and b.task_id = i.task_id where b.id = $1`,
      [sms.at(-1)!.id],
    );
    expect(items.map((i) => i.phone)).toEqual(['13900000002']);
    expect(items[0]!.text).toContain(`车辆${d.plate}`);
    expect(items[0]!.text).toContain('断电');
  });
});
