import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { demoImei } from '../../../../seed/gps.seed.js';
import { closeGpsRuntime, gpsRuntime } from '../../runtime.js';
import { SimTerminal } from '../../jt808/terminal.js';
import { storedAuthCode } from '../../../../test/gps.js';
import { MSG, type LocationInput } from '../../jt808/codec.js';
import { commandById, expireCommands, queueCommand } from '../commands.service.js';

const G = '/api/ccwgps';
const C = `${G}/deviceCommand`;
let t: TestApp;
let port: number;
let demoTenant: number;

beforeAll(async () => {
  t = await createTestApp();
  port = await gpsRuntime(t.deps).gateway.listen(0, '127.0.0.1');
  demoTenant = (await q<{ id: number }>(`select id::int from tenants where code = 'DEMO'`))[0]!.id;
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;
const deviceOf = async (imei: string) =>
  (
    await q<{ id: number; rent_id: number }>('select id::int, rent_id::int from gps_devices where imei = $1', [imei])
  )[0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOME = { lat: 30.2741, lon: 120.1551 };
const at = (s = 0) => new Date(t.clock.now().getTime() + s * 1000);

/** A terminal whose locations are stored before `report` resolves. */
async function terminal(imei: string, options: { unsupported?: number[] } = {}) {
  const term = new SimTerminal(imei, {
    ...options,
    clock: () => t.clock.now(),
    authCode: await storedAuthCode(t, imei),
  });
  await term.connect('127.0.0.1', port);
  await term.login();
  const acked = new Set<number>();
  term.onAck = (s) => acked.add(s);
  return {
    term,
    async report(l: Omit<LocationInput, 'time'> & { time?: Date }) {
      const serial = term.location({ time: at(), ...l });
      for (let i = 0; i < 400 && !acked.has(serial); i++) await sleep(5);
      await gpsRuntime(t.deps).writer.flush();
    },
  };
}

/** Waits until the command leaves `queued`/`sent` (or `until` holds), running the dispatcher meanwhile. */
async function settledCommand(id: number, until = (s: string) => s !== 'queued' && s !== 'sent', tries = 300) {
  for (let i = 0; i < tries; i++) {
    await gpsRuntime(t.deps).commands.kick();
    await gpsRuntime(t.deps).commands.settled();
    const c = await commandById(t.deps, demoTenant, id);
    if (until(c.status)) return c;
    await sleep(10);
  }
  return commandById(t.deps, demoTenant, id);
}

describe('demo data', () => {
  it('has past commands with the devices’ replies: locate, interval, a fuel cut and its restore', async () => {
    const list = (await t.request('GET', `${C}/page`, { as: 'admin', query: { pageSize: 50 } })).json().data;
    const types = list.rows.map((r: { commandType: string; status: string }) => `${r.commandType}:${r.status}`);
    expect(types).toEqual(
      expect.arrayContaining([
        'locate:succeeded',
        'interval:succeeded',
        'fuelCut:succeeded',
        'fuelRestore:succeeded',
        'reboot:failed',
        'locate:expired',
      ]),
    );
    const cut = list.rows.find((r: { commandType: string }) => r.commandType === 'fuelCut');
    const detail = (await t.request('GET', `${C}/page/${cut.id}`, { as: 'admin' })).json().data;
    expect(detail.steps.map((s: { step: string }) => s.step)).toEqual(['queued', 'sent', 'acknowledged', 'succeeded']);
    expect(detail.resultText).toMatch(/^fuel cut/);
  });
});

describe('a command queued while the device is offline', () => {
  it('is delivered when the terminal connects, and its result is read from the reply (locate, 0x0201)', async () => {
    const imei = demoImei(7);
    const device = await deviceOf(imei);
    const res = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'locate', reason: '核实车辆位置' },
    });
    expect(res.statusCode).toBe(200);
    const queued = res.json().data;
    expect(queued).toMatchObject({ status: 'queued', commandType: 'locate', source: 'manual', imei, sentAt: null });
    expect(queued.steps.map((s: { step: string }) => s.step)).toEqual(['queued']);

    // Still queued a moment later: nobody holds the device's connection.
    await gpsRuntime(t.deps).commands.kick();
    expect((await commandById(t.deps, demoTenant, queued.id)).status).toBe('queued');

    // The terminal connects (it knows where it is); the command goes out as soon as it has authenticated.
    const term = new SimTerminal(imei, { clock: () => t.clock.now(), authCode: await storedAuthCode(t, imei) });
    term.position = { ...HOME, speed: 0, status: 0b11, time: at() };
    const arrived = term.nextCommand();
    await term.connect('127.0.0.1', port);
    await term.login();
    const got = await arrived;
    expect(got.msgId).toBe(MSG.locate);
    const done = await settledCommand(queued.id);
    expect(done).toMatchObject({ status: 'succeeded', resultCode: 0, serial: got.serial });
    expect(done.resultText).toContain('30.274100,120.155100');
    expect(done.sentAt).not.toBeNull();
    expect(done.answeredAt).not.toBeNull();
    expect(done.steps.map((s) => s.step)).toEqual(['queued', 'sent', 'succeeded']);
    // The reply's location is stored as a position too (the device had none before).
    await gpsRuntime(t.deps).writer.flush();
    const [n] = await q<{ n: number }>('select count(*)::int as n from gps_positions where device_id = $1', [
      device.id,
    ]);
    expect(n!.n).toBe(1);

    // Queue and result are in the operation log.
    const log = await q<{ action: string; user_id: number | null }>(
      `select action, user_id::int from operation_logs where target_type = 'gpsCommand' and target_id = $1 order by id`,
      [String(queued.id)],
    );
    expect(log.map((l) => l.action)).toEqual(['deviceCommand.send', 'deviceCommand.result']);
    expect(log[0]!.user_id).not.toBeNull();

    // Reporting interval and reboot, answered with 0x0001 result 0, while connected.
    const interval = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'interval', reason: '省流量', params: { intervalSeconds: 60 } },
    });
    expect(interval.statusCode).toBe(200);
    const intervalDone = await settledCommand(interval.json().data.id);
    expect(intervalDone).toMatchObject({ status: 'succeeded', resultCode: 0, params: { intervalSeconds: 60 } });
    expect(term.intervalSeconds).toBe(60);
    const reboot = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'reboot', reason: '设备无响应' },
    });
    expect((await settledCommand(reboot.json().data.id)).status).toBe('succeeded');
    expect(term.reboots).toBe(1);
    term.close();
  });

  it('fails with the device’s result code when the terminal does not support the command', async () => {
    const device = await deviceOf(demoImei(7));
    const { term } = await terminal(demoImei(7), { unsupported: [MSG.terminalControl] });
    const res = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'reboot', reason: '测试' },
    });
    const done = await settledCommand(res.json().data.id);
    expect(done).toMatchObject({ status: 'failed', resultCode: 3, resultText: 'unsupported' });
    term.close();
  });
});

describe('a gateway in another process', () => {
  it('delivers what the API queued by polling the table (no in-process signal)', async () => {
    // A runtime of its own, as the separate gateway process has: the API's queueing does not reach it directly.
    const gatewayDeps = { ...t.deps };
    const other = gpsRuntime(gatewayDeps);
    const otherPort = await other.gateway.listen(0, '127.0.0.1');
    try {
      const imei = demoImei(14);
      const device = await deviceOf(imei);
      const term = new SimTerminal(imei, { clock: () => t.clock.now(), authCode: await storedAuthCode(t, imei) });
      await term.connect('127.0.0.1', otherPort);
      await term.login();
      const arrived = term.nextCommand(5000);
      const res = await t.request('PUT', `${C}/send/${device.id}`, {
        as: 'admin',
        body: { commandType: 'interval', reason: '加密上报', params: { intervalSeconds: 10 } },
      });
      const started = Date.now();
      expect((await arrived).msgId).toBe(MSG.setParams);
      expect(Date.now() - started).toBeLessThan(2500);
      for (let i = 0; i < 200; i++) {
        await other.commands.settled();
        if ((await commandById(t.deps, demoTenant, res.json().data.id)).status === 'succeeded') break;
        await sleep(10);
      }
      expect((await commandById(t.deps, demoTenant, res.json().data.id)).status).toBe('succeeded');
      expect(term.intervalSeconds).toBe(10);
      term.close();
    } finally {
      await closeGpsRuntime(gatewayDeps);
    }
  });
});

describe('fuel cut and the safe speed', () => {
  it('refuses a fuel cut above the safe speed (409), sends it with force, restores it', async () => {
    const imei = demoImei(7);
    const device = await deviceOf(imei);
    const { term, report } = await terminal(imei);
    await report({ ...HOME, speed: 60, status: 0b11 });
    const refused = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      lang: 'en-US',
      body: { commandType: 'fuelCut', reason: '逾期未还' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'tooFast' });
    expect(refused.json().message).toContain('60 km/h');
    expect(refused.json().message).toContain('20 km/h');

    const forced = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'fuelCut', reason: '逾期未还，已电话确认', force: true },
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data).toMatchObject({ forced: true, waitSafeSpeed: false });
    const cut = await settledCommand(forced.json().data.id);
    expect(cut).toMatchObject({ status: 'succeeded', resultCode: 0 });
    expect(cut.resultText).toMatch(/^fuel cut/);
    expect(cut.steps.map((s) => s.step)).toEqual(['queued', 'sent', 'acknowledged', 'succeeded']);
    expect(term.fuelCut).toBe(true);
    // The terminal reports its fuel state from now on (status bit 10).
    await report({ ...HOME, speed: 0, status: 0b11 });
    const [last] = await q<{ status: number }>('select status from gps_last_positions where device_id = $1', [
      device.id,
    ]);
    expect((last!.status >>> 10) & 1).toBe(1);

    const restore = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'fuelRestore', reason: '已还款' },
    });
    expect((await settledCommand(restore.json().data.id)).status).toBe('succeeded');
    expect(term.fuelCut).toBe(false);
    term.close();
  });

  it('holds a fuel cut with waitSafeSpeed until a position at or below the safe speed (the risk engine’s call)', async () => {
    const imei = demoImei(7);
    const device = await deviceOf(imei);
    const { term, report } = await terminal(imei);
    await report({ ...HOME, speed: 70, status: 0b11 });
    const admin = (await q<{ id: number }>(`select id::int from users where username = 'admin'`))[0]!.id;
    const queued = await queueCommand(t.deps, {
      tenantId: demoTenant,
      actorId: admin,
      deviceId: device.id,
      commandType: 'fuelCut',
      reason: '风控：逾期且驶出围栏',
      waitSafeSpeed: true,
      source: 'risk',
      riskCaseId: null,
    });
    expect(queued.status).toBe('queued');
    const before = term.commands.length;
    const held = await settledCommand(queued.id, () => false, 5);
    expect(held.status).toBe('queued');
    expect(held.steps.map((s) => s.step)).toEqual(['queued', 'held']);
    expect(held).toMatchObject({ source: 'risk', waitSafeSpeed: true, forced: false });
    expect(term.commands.length).toBe(before);

    await report({ ...HOME, speed: 35, status: 0b11 });
    expect((await settledCommand(queued.id, () => false, 5)).status).toBe('queued');
    await report({ ...HOME, speed: 20, status: 0b11 });
    const done = await settledCommand(queued.id);
    expect(done.status).toBe('succeeded');
    expect(term.fuelCut).toBe(true);
    term.close();
  });
});

describe('refusals', () => {
  it('validates the body with clear messages', async () => {
    const device = await deviceOf(demoImei(7));
    const send = (body: unknown) => t.request('PUT', `${C}/send/${device.id}`, { as: 'admin', lang: 'en-US', body });
    const noReason = await send({ commandType: 'locate', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({
      path: 'reason',
      message: 'Enter a reason (1 to 200 characters)',
    });
    const noInterval = await send({ commandType: 'interval', reason: 'x' });
    expect(noInterval.json().errors[0]).toMatchObject({ path: 'params.intervalSeconds' });
    expect((await send({ commandType: 'interval', reason: 'x', params: { intervalSeconds: 4 } })).statusCode).toBe(400);
    expect((await send({ commandType: 'interval', reason: 'x', params: { intervalSeconds: 3601 } })).statusCode).toBe(
      400,
    );
    expect((await send({ commandType: 'selfDestruct', reason: 'x' })).statusCode).toBe(400);
    expect((await send({ commandType: 'locate', reason: 'x'.repeat(201) })).statusCode).toBe(400);
  });

  it('refuses an OsmAnd phone tracker with 409', async () => {
    const phone = await deviceOf('913800138000001');
    const res = await t.request('PUT', `${C}/send/${phone.id}`, {
      as: 'admin',
      lang: 'en-US',
      body: { commandType: 'locate', reason: '定位' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('OsmAnd');
  });

  it('needs riskGpsMap:fuelCut for fuel commands and riskGpsMap:command for the others', async () => {
    const hz = (
      await q<{ id: number; rent_id: number }>(
        `select d.id::int, d.rent_id::int from gps_devices d join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
       where r.code = 'HZ' and d.protocol = 'jt808' order by d.id limit 1`,
      )
    )[0]!;
    const sh = (
      await q<{ id: number }>(
        `select d.id::int from gps_devices d join rents r on r.tenant_id = d.tenant_id and r.id = d.rent_id
       where r.code = 'SH' and d.protocol = 'jt808' order by d.id limit 1`,
      )
    )[0]!;
    // The clerk (Hangzhou only) holds no GPS element yet.
    const locate = { commandType: 'locate', reason: '定位' };
    expect((await t.request('PUT', `${C}/send/${hz.id}`, { as: 'clerk', body: locate })).statusCode).toBe(403);
    await t.deps.database.query(
      `insert into role_grants (tenant_id, role_id, code)
       select tenant_id, id, unnest(array['riskGpsMap', 'riskGpsMap:view', 'riskGpsMap:command']) from roles
       where tenant_id = $1 and code = 'clerk'`,
      [demoTenant],
    );
    await t.deps.sessions.settled(); // the grant's announcement has reached this process's session cache
    const ok = await t.request('PUT', `${C}/send/${hz.id}`, { as: 'clerk', body: locate });
    expect(ok.statusCode).toBe(200);
    const fuel = await t.request('PUT', `${C}/send/${hz.id}`, {
      as: 'clerk',
      lang: 'en-US',
      body: { commandType: 'fuelCut', reason: '逾期', force: true },
    });
    expect(fuel.statusCode).toBe(403);
    expect(fuel.json().message).toContain('Cut and restore fuel');
    expect(
      (await t.request('PUT', `${C}/send/${hz.id}`, { as: 'clerk', body: { commandType: 'fuelRestore', reason: 'x' } }))
        .statusCode,
    ).toBe(403);
    // A device of a rent outside the clerk's is not found; so is the command of it.
    expect((await t.request('PUT', `${C}/send/${sh.id}`, { as: 'clerk', body: locate })).statusCode).toBe(404);
    const shCommand = await t.request('PUT', `${C}/send/${sh.id}`, { as: 'admin', body: locate });
    expect((await t.request('GET', `${C}/page/${shCommand.json().data.id}`, { as: 'clerk' })).statusCode).toBe(404);
    const clerkList = (await t.request('GET', `${C}/page`, { as: 'clerk', query: { pageSize: 100 } })).json().data;
    expect(clerkList.rows.every((r: { rentId: number }) => r.rentId === hz.rent_id)).toBe(true);
  });

  it('isolates tenants: another tenant’s device and command are 404', async () => {
    const otherDevice = (
      await q<{ id: number }>(`select id::int from gps_devices where tenant_id <> $1 order by id limit 1`, [demoTenant])
    )[0]!;
    const res = await t.request('PUT', `${C}/send/${otherDevice.id}`, {
      as: 'admin',
      body: { commandType: 'locate', reason: 'x' },
    });
    expect(res.statusCode).toBe(404);
    const mine = (await t.request('GET', `${C}/page`, { as: 'admin' })).json().data.rows[0];
    expect((await t.request('GET', `${C}/page/${mine.id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', `${C}/page`, { as: 'other' })).json().data.total).toBe(0);
    await expect(commandById(t.deps, demoTenant + 1000, mine.id)).rejects.toThrow();
    await expect(
      queueCommand(t.deps, {
        tenantId: demoTenant,
        actorId: 1,
        deviceId: otherDevice.id,
        commandType: 'locate',
        reason: 'x',
      }),
    ).rejects.toMatchObject({ httpStatus: 404 });
    // An actor who is no user of the tenant (a system actor) is stored as nobody, kept in the log's summary.
    const own = await deviceOf(demoImei(13));
    const bySystem = await queueCommand(t.deps, {
      tenantId: demoTenant,
      actorId: 999_999,
      deviceId: own.id,
      commandType: 'locate',
      reason: 'system',
      source: 'risk',
      riskCaseId: 42,
    });
    expect(await commandById(t.deps, demoTenant, bySystem.id)).toMatchObject({ createdBy: null, riskCaseId: 42 });
  });
});

describe('history, cancel and expiry', () => {
  it('lists with filters and shows one command with its steps', async () => {
    const all = (await t.request('GET', `${C}/page`, { as: 'admin', query: { pageSize: 100 } })).json().data;
    expect(all.total).toBeGreaterThan(5);
    const locates = (
      await t.request('GET', `${C}/page`, { as: 'admin', query: { commandName: 'locate', status: 'succeeded' } })
    ).json().data;
    expect(locates.rows.length).toBeGreaterThan(0);
    expect(locates.rows.every((r: { commandType: string; status: string }) => r.commandType === 'locate')).toBe(true);
    const byImei = (await t.request('GET', `${C}/page`, { as: 'admin', query: { keyword: demoImei(7) } })).json().data;
    expect(byImei.rows.every((r: { imei: string }) => r.imei === demoImei(7))).toBe(true);
    const risk = (await t.request('GET', `${C}/page`, { as: 'admin', query: { source: 'risk' } })).json().data;
    expect(risk.rows.every((r: { source: string }) => r.source === 'risk')).toBe(true);
    const one = await t.request('GET', `${C}/page/${byImei.rows[0].id}`, { as: 'admin' });
    expect(one.json().data.steps.length).toBeGreaterThan(0);
  });

  it('cancels a queued command only', async () => {
    const device = await deviceOf(demoImei(14));
    const sent = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'locate', reason: 'x' },
    });
    const id = sent.json().data.id;
    const cancelled = await t.request('PUT', `${C}/cancel/${id}`, { as: 'admin' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    const again = await t.request('PUT', `${C}/cancel/${id}`, { as: 'admin', lang: 'en-US' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('cancelled');
  });

  it('expires a command not delivered within 24 hours (maintenance)', async () => {
    const device = await deviceOf(demoImei(14));
    const sent = await t.request('PUT', `${C}/send/${device.id}`, {
      as: 'admin',
      body: { commandType: 'reboot', reason: '重启' },
    });
    const id = sent.json().data.id;
    t.clock.advance(23 * 3600_000);
    expect(await expireCommands(t.deps)).toBe(0);
    t.clock.advance(1 * 3600_000 + 1000);
    expect(await expireCommands(t.deps)).toBeGreaterThanOrEqual(1);
    const c = await commandById(t.deps, demoTenant, id);
    expect(c.status).toBe('expired');
    expect(c.steps.at(-1)!.step).toBe('expired');
    const log = await q<{ action: string }>(
      `select action from operation_logs where target_type = 'gpsCommand' and target_id = $1 order by id`,
      [String(id)],
    );
    expect(log.map((l) => l.action)).toEqual(['deviceCommand.send', 'deviceCommand.expire']);
  });
});
