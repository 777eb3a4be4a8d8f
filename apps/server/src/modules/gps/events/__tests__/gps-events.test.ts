import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { demoImei } from '../../../../seed/gps.seed.js';
import { gpsRuntime } from '../../runtime.js';
import { SimTerminal } from '../../jt808/terminal.js';
import { storedAuthCode } from '../../../../test/gps.js';
import type { LocationInput } from '../../jt808/codec.js';
import { eventsSettled, sweepOffline } from '../events.js';

const G = '/api/ccwgps';
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  port = await gpsRuntime(t.deps).gateway.listen(0, '127.0.0.1');
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

/** A simulated terminal whose reports are acknowledged and stored (events derived) before `report` resolves. */
async function terminal(imei: string) {
  const term = new SimTerminal(imei, { authCode: await storedAuthCode(t, imei) });
  await term.connect('127.0.0.1', port);
  await term.login();
  const acked = new Set<number>();
  term.onAck = (s) => acked.add(s);
  return {
    term,
    async report(l: LocationInput) {
      const serial = term.location(l);
      for (let i = 0; i < 400 && !acked.has(serial); i++) await new Promise((r) => setTimeout(r, 5));
      await gpsRuntime(t.deps).writer.flush();
      await eventsSettled(t.deps);
    },
  };
}

const ACC = 1;
const FIXED = 2;
const HOME: [number, number] = [30.2741, 120.1551];

describe('demo data', () => {
  it('has geofences bound to the trackers of their city and alarms derived from the seeded history', async () => {
    const fences = (await t.request('GET', `${G}/geofence`, { as: 'admin' })).json().data;
    expect(fences.total).toBe(5);
    expect(fences.rows.every((f: { devices: number }) => f.devices > 0)).toBe(true);
    const stats = await q<{ type: string; status: string | null; n: number }>(
      `select type, alarm_status as status, count(*)::int as n from gps_events group by 1, 2 order by 1, 2`,
    );
    const n = (type: string) => stats.filter((s) => s.type === type).reduce((a, s) => a + s.n, 0);
    expect(n('powerCut')).toBeGreaterThanOrEqual(1);
    expect(n('sos')).toBeGreaterThanOrEqual(1);
    expect(n('offline')).toBe(2);
    expect(n('geofenceEnter') + n('geofenceExit')).toBeGreaterThan(0);
    expect((await t.request('GET', `${G}/alarm/alarmCount/unHandle`, { as: 'admin' })).json().data).toBeGreaterThan(0);
  });
});

describe('events and alarms from a JT/T 808 terminal', () => {
  let deviceId: number;
  let fenceId: number;
  // The Hangzhou tracker in stock: no seeded history, events or geofences.
  const imei = demoImei(7);
  const base = () => t.clock.now().getTime();

  it('draws a geofence and binds the device; refuses bad shapes with clear messages', async () => {
    const bad = await t.request('POST', `${G}/geofence`, {
      as: 'admin',
      lang: 'en-US',
      body: { name: 'x', kind: 'polygon', points: [HOME, [30.28, 120.16]] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'points' });
    const noRadius = await t.request('POST', `${G}/geofence`, {
      as: 'admin',
      body: { name: 'x', kind: 'circle', points: [HOME] },
    });
    expect(noRadius.statusCode).toBe(400);
    const wrongPoint = await t.request('POST', `${G}/geofence`, {
      as: 'admin',
      body: { name: 'x', kind: 'circle', points: [[120.1, 30.2]], radius: 100 },
    });
    expect(wrongPoint.statusCode).toBe(400);

    const res = await t.request('POST', `${G}/geofence`, {
      as: 'admin',
      body: { name: '西湖停车场', kind: 'circle', points: [HOME], radius: 500, alarmOnEnter: true, alarmOnExit: true },
    });
    expect(res.statusCode).toBe(200);
    fenceId = res.json().data.id;
    deviceId = (await q<{ id: number }>('select id::int from gps_devices where imei = $1', [imei]))[0]!.id;
    const unbound = await t.request('GET', `${G}/geofence/unbind`, {
      as: 'admin',
      query: { geofenceId: fenceId, keyword: imei },
    });
    expect(unbound.json().data.rows.map((d: { id: number }) => d.id)).toEqual([deviceId]);
    const bind = await t.request('POST', `${G}/deviceGeofence/${fenceId}`, {
      as: 'admin',
      body: { deviceIds: [deviceId] },
    });
    expect(bind.json().data).toEqual({ added: 1 });
    const devices = await t.request('GET', `${G}/geofence/${fenceId}/devices`, { as: 'admin' });
    expect(devices.json().data.rows).toEqual([expect.objectContaining({ id: deviceId, imei })]);
    const list = await t.request('GET', `${G}/geofence`, { as: 'admin', query: { deviceId } });
    expect(list.json().data.rows[0]).toMatchObject({ id: fenceId, devices: 1, kind: 'circle', radius: 500 });
  });

  it('raises online, ignition, geofence enter/exit, one overspeed per episode and a power cut once', async () => {
    const { term, report } = await terminal(imei);
    const at = (s: number) => new Date(base() + s * 1000);
    const inside = { lat: HOME[0] + 0.001, lon: HOME[1] };
    const outside = { lat: HOME[0] + 0.02, lon: HOME[1] };
    await report({ ...inside, speed: 0, status: FIXED, time: at(1) });
    await report({ ...inside, speed: 40, status: FIXED | ACC, time: at(11) });
    await report({ ...inside, speed: 130, status: FIXED | ACC, time: at(21) });
    await report({ ...inside, speed: 135, status: FIXED | ACC, time: at(26) }); // 5 s above: not yet
    await report({ ...outside, speed: 140, status: FIXED | ACC, time: at(36), alarm: 1 << 8 }); // 15 s: overspeed
    await report({ ...outside, speed: 128, status: FIXED | ACC, time: at(46), alarm: 1 << 8 }); // same episode
    await report({ ...outside, speed: 0, status: FIXED, time: at(56), alarm: 1 << 8 });
    term.close();
    const events = await q<{ type: string; alarm_status: string | null; geofence_id: number | null }>(
      `select type, alarm_status, geofence_id::int from gps_events where device_id = $1 order by at, id`,
      [deviceId],
    );
    expect(events.map((e) => e.type)).toEqual([
      'online',
      'geofenceEnter',
      'ignitionOn',
      'powerCut',
      'overspeed',
      'geofenceExit',
      'ignitionOff',
    ]);
    expect(events.filter((e) => e.alarm_status === 'unhandled').map((e) => e.type)).toEqual([
      'geofenceEnter',
      'powerCut',
      'overspeed',
      'geofenceExit',
    ]);
    expect(events.find((e) => e.type === 'geofenceExit')!.geofence_id).toBe(fenceId);
    const inFence = await t.request('GET', `${G}/geofence/${fenceId}/devices`, { as: 'admin' });
    expect(inFence.json().data.rows[0].inside).toBe(false);
  });

  it('lists, handles (with a note), ignores and batch-ignores alarms; the badge counts what is left', async () => {
    const before = (await t.request('GET', `${G}/alarm/alarmCount/unHandle`, { as: 'admin' })).json().data as number;
    const mine = (await t.request('GET', `${G}/alarm/byImei/${imei}`, { as: 'admin', query: { pageSize: 50 } })).json()
      .data;
    expect(mine.total).toBe(4);
    expect(mine.rows[0]).toMatchObject({
      imei,
      type: 'geofenceExit',
      alarmStatus: 'unhandled',
      geofenceName: '西湖停车场',
    });
    const overspeed = mine.rows.find((a: { type: string }) => a.type === 'overspeed');
    expect(overspeed.attributes).toMatchObject({ limit: 120 });

    const filtered = await t.request('GET', `${G}/alarm`, {
      as: 'admin',
      query: { type: 'powerCut', keyword: imei, status: 'unhandled' },
    });
    expect(filtered.json().data.rows.map((a: { type: string }) => a.type)).toEqual(['powerCut']);

    const noNote = await t.request('PUT', `${G}/alarm/handle/${overspeed.id}`, {
      as: 'admin',
      lang: 'en-US',
      body: { note: '  ' },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors[0]).toMatchObject({ path: 'note' });
    const handled = await t.request('PUT', `${G}/alarm/handle/${overspeed.id}`, {
      as: 'admin',
      body: { note: '已电话提醒司机减速' },
    });
    expect(handled.json().data).toMatchObject({ alarmStatus: 'handled', note: '已电话提醒司机减速' });
    expect(handled.json().data.handledByName).toBeTruthy();
    const again = await t.request('PUT', `${G}/alarm/handle/${overspeed.id}`, { as: 'admin', body: { note: 'x' } });
    expect(again.statusCode).toBe(409);

    const power = mine.rows.find((a: { type: string }) => a.type === 'powerCut');
    const ignored = await t.request('DELETE', `${G}/alarm`, { as: 'admin', query: { id: power.id } });
    expect(ignored.json().data.alarmStatus).toBe('ignored');

    const rest = mine.rows
      .filter((a: { type: string }) => a.type.startsWith('geofence'))
      .map((a: { id: number }) => a.id);
    const batch = await t.request('POST', `${G}/alarm/ignoreBatch`, {
      as: 'admin',
      body: { ids: [...rest, power.id] },
    });
    expect(batch.json().data).toEqual({ changed: 2 });
    expect((await t.request('POST', `${G}/alarm/ignoreBatch`, { as: 'admin', body: { ids: [] } })).statusCode).toBe(
      400,
    );
    const after = (await t.request('GET', `${G}/alarm/alarmCount/unHandle`, { as: 'admin' })).json().data;
    expect(after).toBe(before - 4);

    const month = new Date(base() + 8 * 3600_000).toISOString().slice(0, 7);
    const stats = (await t.request('GET', `${G}/alarm/gpsAlarmStatics`, { as: 'admin', query: { month } })).json().data;
    expect(stats.byType.find((r: { type: string }) => r.type === 'overspeed').count).toBeGreaterThanOrEqual(1);
    expect(stats.total).toBe(stats.byDay.reduce((s: number, d: { count: number }) => s + d.count, 0));
    const events = (
      await t.request('POST', `${G}/deviceEvents`, { as: 'admin', body: { deviceId, type: 'ignitionOn' } })
    ).json().data;
    expect(events.total).toBe(1);
  });

  it('goes offline after the configured silence (the periodic sweep) and online again on the next report', async () => {
    await q(
      `insert into tenant_settings (tenant_id, rules) select tenant_id, '{"gpsEvents":{"offlineMinutes":5}}'::jsonb
       from gps_devices where id = $1
       on conflict (tenant_id) do update set rules = tenant_settings.rules || excluded.rules`,
      [deviceId],
    );
    t.clock.advance(4 * 60_000);
    await sweepOffline(t.deps);
    const count = async (type: string) =>
      (
        await q<{ n: number }>('select count(*)::int as n from gps_events where device_id = $1 and type = $2', [
          deviceId,
          type,
        ])
      )[0]!.n;
    expect(await count('offline')).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await sweepOffline(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await count('offline')).toBe(1);
    expect(await sweepOffline(t.deps)).toBe(0);
    const { term, report } = await terminal(imei);
    await report({ lat: HOME[0], lon: HOME[1], speed: 0, status: FIXED, time: new Date(base()) });
    term.close();
    expect(await count('online')).toBe(2);
  });

  it('unbinding forgets the geofence (no exit); permissions and other tenants', async () => {
    const un = await t.request('DELETE', `${G}/deviceGeofence/${fenceId}`, {
      as: 'admin',
      body: { deviceIds: [deviceId] },
    });
    expect(un.json().data).toEqual({ removed: 1 });
    const [state] = await q<{ ids: number[] }>(
      'select geofence_ids as ids from gps_event_states where device_id = $1',
      [deviceId],
    );
    expect(state!.ids).toEqual([]);

    for (const [method, url, body] of [
      ['GET', `${G}/alarm`, undefined],
      ['GET', `${G}/alarm/alarmCount/unHandle`, undefined],
      ['POST', `${G}/alarm/ignoreBatch`, { ids: [1] }],
      ['GET', `${G}/geofence`, undefined],
      ['POST', `${G}/geofence`, { name: 'x', kind: 'circle', points: [HOME], radius: 100 }],
    ] as const) {
      const res = await t.request(method, url, { as: 'clerk', body });
      expect(res.statusCode, url).toBe(403);
    }
    const mine = (await t.request('GET', `${G}/alarm/byImei/${imei}`, { as: 'admin' })).json().data;
    const id = mine.rows[0].id as number;
    expect((await t.request('GET', `${G}/alarm/byImei/${imei}`, { as: 'other' })).json().data.total).toBe(0);
    expect((await t.request('PUT', `${G}/alarm/handle/${id}`, { as: 'other', body: { note: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await t.request('DELETE', `${G}/alarm`, { as: 'other', query: { id } })).statusCode).toBe(404);
    expect(
      (
        await t.request('PUT', `${G}/geofence/${fenceId}`, {
          as: 'other',
          body: { name: 'x', kind: 'circle', points: [HOME], radius: 100 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.request('GET', `${G}/geofence`, { as: 'other' })).json().data.rows).not.toContainEqual(
      expect.objectContaining({ id: fenceId }),
    );
    expect(
      (await t.request('POST', `${G}/deviceGeofence/${fenceId}`, { as: 'admin', body: { deviceIds: [999999] } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request('DELETE', `${G}/geofence/${fenceId}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('GET', `${G}/geofence/${fenceId}/devices`, { as: 'admin' })).statusCode).toBe(404);
  });
});
