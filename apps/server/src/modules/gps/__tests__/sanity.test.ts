import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { storedAuthCode } from '../../../test/gps.js';
import { demoImei } from '../../../seed/gps.seed.js';
import { commandById } from '../commands/commands.service.js';
import { demoSecret } from '../identity.js';
import { SimTerminal } from '../jt808/terminal.js';
import type { LocationInput } from '../jt808/codec.js';
import { gpsRuntime } from '../runtime.js';

const G = '/api/ccwgps';
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  port = await gpsRuntime(t.deps).gateway.listen(0, '127.0.0.1');
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deviceOf = async (imei: string) =>
  (await q<{ id: number }>('select id::int from gps_devices where imei = $1', [imei]))[0]!;
const live = async (id: number) =>
  (
    await q<{ lat: number; fix_time: string }>('select lat, fix_time from gps_last_positions where device_id = $1', [
      id,
    ])
  )[0];

async function terminal(imei: string) {
  const term = new SimTerminal(imei, { clock: () => t.clock.now(), authCode: await storedAuthCode(t, imei) });
  await term.connect('127.0.0.1', port);
  await term.login();
  const acked = new Set<number>();
  term.onAck = (s) => acked.add(s);
  return {
    term,
    async report(l: Omit<LocationInput, 'time'> & { time?: Date }) {
      const serial = term.location({ time: t.clock.now(), ...l });
      for (let i = 0; i < 400 && !acked.has(serial); i++) await sleep(5);
      await gpsRuntime(t.deps).writer.flush();
    },
  };
}

describe('position sanity checks', () => {
  it('refuses a fix time ahead of the server (it would freeze the live position) and counts it on the device', async () => {
    const imei = demoImei(1);
    const d = await deviceOf(imei);
    const { term, report } = await terminal(imei);
    // An hour ahead: acknowledged (the terminal must not resend it), not stored.
    await report({ lat: 39.9, lon: 116.4, speed: 88, time: new Date(t.clock.now().getTime() + 3600_000) });
    // Four minutes ahead is a drifting clock: stored.
    await report({ lat: 30.21, lon: 120.2, speed: 30, time: new Date(t.clock.now().getTime() + 240_000) });
    expect((await live(d.id))!.lat).toBe(30.21);
    t.clock.advance(300_000);
    await report({ lat: 30.22, lon: 120.21, speed: 31 });
    expect((await live(d.id))!.lat).toBe(30.22);
    const stored = await q<{ n: number }>(
      'select count(*)::int as n from gps_positions where device_id = $1 and lat = 39.9',
      [d.id],
    );
    expect(stored[0]!.n).toBe(0);
    const got = (await t.request('GET', `${G}/device/get/${d.id}`, { as: 'admin' })).json().data;
    expect(got).toMatchObject({ rejectedFuture: 1, rejectedRange: 0 });
    expect(got.rejectedAt).toBeTruthy();
    term.close();
  });

  it('refuses coordinates and numbers out of range (OsmAnd and JT/T 808) and counts them', async () => {
    const phone = await deviceOf('913800138000001');
    const id = demoSecret('osmand', '913800138000001');
    for (const query of [
      { lat: 999, lon: 120 },
      { lat: 1e308, lon: 120 },
      { lat: 30, lon: -181 },
      { lat: 30, lon: 120, speed: 1e308 },
      { lat: 30, lon: 120, altitude: 1e308 },
    ]) {
      const res = await t.request('GET', '/api/gps/osmand', { query: { id, ...query } });
      expect(res.statusCode).toBe(200);
    }
    const json = await t.request('POST', '/api/gps/osmand', {
      body: { device_id: id, location: { coords: { latitude: -91, longitude: 0 } } },
    });
    expect(json.statusCode).toBe(200);
    // A sane one with an absurd course is stored, the course brought into 0-359.
    await t.request('GET', '/api/gps/osmand', { query: { id, lat: 30.3, lon: 120.1, bearing: 1e12 } });
    await gpsRuntime(t.deps).writer.flush();
    const rows = await q<{ lat: number; course: number }>(
      'select lat, course from gps_positions where device_id = $1',
      [phone.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lat).toBe(30.3);
    expect(rows[0]!.course).toBeGreaterThanOrEqual(0);
    expect(rows[0]!.course).toBeLessThan(360);
    const got = (await t.request('GET', `${G}/device/get/${phone.id}`, { as: 'admin' })).json().data;
    expect(got).toMatchObject({ rejectedFuture: 0, rejectedRange: 6 });

    // JT/T 808 carries DWORD millionths of a degree: latitude 999 fits the field.
    const imei = demoImei(2);
    const d = await deviceOf(imei);
    const before = await live(d.id);
    const { term, report } = await terminal(imei);
    await report({ lat: 999, lon: 120, speed: 10 });
    expect(await live(d.id)).toEqual(before);
    expect((await t.request('GET', `${G}/device/get/${d.id}`, { as: 'admin' })).json().data.rejectedRange).toBe(1);
    term.close();
  });

  it('the safe-speed check reads positions received recently and holds a fuel cut when there are none', async () => {
    const imei = demoImei(3);
    const d = await deviceOf(imei);
    const { term, report } = await terminal(imei);
    await report({ lat: 30.27, lon: 120.15, speed: 0, status: 0b11 });
    // Silent for three minutes: the last position (standing) is too old to vouch for the car's speed now.
    t.clock.advance(180_000);
    const res = await t.request('PUT', `${G}/deviceCommand/send/${d.id}`, {
      as: 'admin',
      body: { commandType: 'fuelCut', reason: '逾期未还' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    await gpsRuntime(t.deps).commands.kick();
    await gpsRuntime(t.deps).commands.settled();
    const held = await commandById(t.deps, await tenantOf(d.id), id);
    expect(held.status).toBe('queued');
    expect(held.steps.at(-1)).toMatchObject({ step: 'held', note: 'no position in 120 s' });
    expect(term.commands).toEqual([]);
    // A position now, standing: the command goes.
    await report({ lat: 30.27, lon: 120.15, speed: 0, status: 0b11 });
    let status = 'queued';
    for (let i = 0; i < 300 && (status === 'queued' || status === 'sent'); i++) {
      await gpsRuntime(t.deps).commands.kick();
      await gpsRuntime(t.deps).commands.settled();
      status = (await commandById(t.deps, await tenantOf(d.id), id)).status;
      await sleep(10);
    }
    expect(status).toBe('succeeded');
    expect(term.fuelCut).toBe(true);
    term.close();
  });
});

async function tenantOf(deviceId: number): Promise<number> {
  return (await q<{ tenant_id: number }>('select tenant_id::int from gps_devices where id = $1', [deviceId]))[0]!
    .tenant_id;
}
