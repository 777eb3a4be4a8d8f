import { formatPlate } from '@fleetdesk/contracts/identifiers';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { storedAuthCode } from '../../../test/gps.js';
import { addUser, seedIds } from '../../../test/users.js';
import { demoImei } from '../../../seed/gps.seed.js';
import { forgetEventRules } from '../events/events.js';
import { demoSecret } from '../identity.js';
import { PositionWriter } from '../ingest.js';
import { Jt808Gateway } from '../jt808/gateway.js';
import { SimTerminal } from '../jt808/terminal.js';
import { gpsRuntime } from '../runtime.js';
import {
  decodeFrame,
  decodeGeneralReply,
  decodeRegisterReply,
  encodeAuth,
  encodeFrame,
  encodeRegister,
  splitFrames,
  type Frame,
} from '../jt808/codec.js';

const G = '/api/ccwgps';
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  port = await gpsRuntime(t.deps).gateway.listen(0, '127.0.0.1');
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;
const deviceOf = async (imei: string) =>
  (
    await q<{ id: number; auth_code: string | null }>('select id::int, auth_code from gps_devices where imei = $1', [
      imei,
    ])
  )[0]!;
const identityAlarms = async (deviceId: number) =>
  (
    await q<{ attributes: { reason: string } }>(
      `select attributes from gps_events where device_id = $1 and type = 'identity' and alarm_status = 'unhandled' order by id`,
      [deviceId],
    )
  ).map((r) => (typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes).reason as string);

/** A terminal on a raw socket (the impostor's view): sends frames, reads answers, sees the close. */
class Raw {
  private socket!: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private frames: Buffer[] = [];
  private waiters: (() => void)[] = [];
  closed = false;
  serial = 0;
  constructor(
    readonly phone: string,
    readonly v2019 = false,
  ) {}
  async connect(p = port) {
    this.socket = net.connect(p, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      const { frames, rest } = splitFrames(Buffer.concat([this.buffer, chunk]));
      this.buffer = rest;
      this.frames.push(...frames);
      for (const w of this.waiters.splice(0)) w();
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w();
    });
    await new Promise<void>((resolve) => this.socket.once('connect', () => resolve()));
    return this;
  }
  send(msgId: number, body: Buffer) {
    this.socket.write(encodeFrame({ msgId, phone: this.phone, serial: this.serial++, v2019: this.v2019 }, body));
  }
  async next(): Promise<Frame> {
    while (!this.frames.length) {
      if (this.closed) throw new Error('closed');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return decodeFrame(this.frames.shift()!);
  }
  async waitClosed() {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  register() {
    this.send(0x0100, encodeRegister(REGISTER, this.v2019));
  }
  end() {
    this.socket.destroy();
  }
}

const REGISTER = {
  province: 33,
  city: 100,
  maker: 'EVIL1',
  model: 'JT-W100',
  terminalId: 'X000001',
  plateColour: 1,
  plate: '',
};

describe('JT/T 808 identity', () => {
  it('refuses a register for a device that has a code (result 3), keeps the code, closes and alarms the tenant', async () => {
    const imei = demoImei(2);
    const before = await deviceOf(imei);
    // The seed's code is the one the simulator and the e2e tests derive (GPS_DEMO_SECRET).
    expect(before.auth_code).toBe(demoSecret('jt808', imei));
    const evil = await new Raw(imei).connect();
    evil.register();
    const reply = decodeRegisterReply((await evil.next()).body);
    expect(reply).toMatchObject({ result: 3, authCode: null });
    await evil.waitClosed();
    expect((await deviceOf(imei)).auth_code).toBe(before.auth_code);
    expect(await identityAlarms(before.id)).toEqual(['reRegister']);
    // The alarm is in the tenant's alarm list under its own type.
    const list = await t.request('GET', `${G}/alarm`, { as: 'admin', query: { type: 'identity' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.rows).toEqual([expect.objectContaining({ imei, type: 'identity' })]);
    // A second try within the hour: refused again, no second alarm.
    const again = await new Raw(imei).connect();
    again.register();
    expect(decodeRegisterReply((await again.next()).body).result).toBe(3);
    expect(await identityAlarms(before.id)).toEqual(['reRegister']);
    // An unknown number is still result 4.
    const stranger = await new Raw('13911112222').connect();
    stranger.register();
    expect(decodeRegisterReply((await stranger.next()).body).result).toBe(4);
    await stranger.waitClosed();
  });

  it('announces an identity alarm like any alarm: the message notice reaches the staff who asked for it', async () => {
    const { rows: tenant } = await t.deps.database.query<{ id: number }>(`select id from tenants where code = 'DEMO'`);
    await q(
      `insert into tenant_settings (tenant_id, rules) values ($1, jsonb_build_object('gpsEvents', $2::jsonb))
       on conflict (tenant_id) do update set rules = tenant_settings.rules || excluded.rules`,
      [tenant[0]!.id, JSON.stringify({ notices: { message: ['identity'], sms: [], smsPhones: [] } })],
    );
    forgetEventRules(t.deps);
    const imei = demoImei(11);
    const device = await deviceOf(imei);
    const plateOrImei = (
      await q<{ plate: string | null }>(
        'select c.plate from gps_devices d left join cars c on c.tenant_id = d.tenant_id and c.id = d.car_id where d.id = $1',
        [device.id],
      )
    )[0]!.plate;
    const mentions = async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from push_records where tenant_id = $1 and category = 4 and content like $2`,
          [tenant[0]!.id, `%${plateOrImei ? formatPlate(plateOrImei) : imei}%`],
        )
      )[0]!.n;
    const before = await mentions();
    const evil = await new Raw(imei).connect();
    evil.register();
    expect(decodeRegisterReply((await evil.next()).body).result).toBe(3);
    await evil.waitClosed();
    await t.deps.events.settled();
    expect(await identityAlarms(device.id)).toEqual(['reRegister']);
    expect(await mentions()).toBeGreaterThan(before);
  });

  it('an impostor cannot unregister the device, and a wrong code closes; repeated failures alarm', async () => {
    const imei = demoImei(9);
    const d = await deviceOf(imei);
    const evil = await new Raw(imei).connect();
    evil.send(0x0003, Buffer.alloc(0));
    expect(decodeGeneralReply((await evil.next()).body)).toMatchObject({ replyId: 0x0003, result: 1 });
    await evil.waitClosed();
    expect((await deviceOf(imei)).auth_code).toBe(d.auth_code);
    for (let i = 0; i < 4; i++) {
      const liar = await new Raw(imei).connect();
      liar.send(0x0102, encodeAuth({ code: `guess${i}` }, false));
      expect(decodeGeneralReply((await liar.next()).body).result).toBe(1);
      await liar.waitClosed();
    }
    expect(await identityAlarms(d.id)).toEqual(['authFailures']);
    // The device itself still gets in with its code.
    const real = new SimTerminal(imei, { authCode: d.auth_code! });
    await real.connect('127.0.0.1', port);
    await real.login();
    real.close();
  });

  it('a 2019 terminal proves the IMEI it first authenticated with', async () => {
    const imei = demoImei(10);
    const d = await deviceOf(imei);
    const first = new SimTerminal(imei, { v2019: true, authCode: d.auth_code!, imei: '861234567890123' });
    await first.connect('127.0.0.1', port);
    await first.login();
    first.close();
    expect(
      (await q<{ terminal_imei: string }>('select terminal_imei from gps_devices where id = $1', [d.id]))[0],
    ).toEqual({ terminal_imei: '861234567890123' });
    const other = await new Raw(imei, true).connect();
    other.send(0x0102, encodeAuth({ code: d.auth_code!, imei: '869999999999999', softwareVersion: 'x' }, true));
    expect(decodeGeneralReply((await other.next()).body).result).toBe(1);
    await other.waitClosed();
    expect(await identityAlarms(d.id)).toEqual(['imeiMismatch']);
    const again = new SimTerminal(imei, { v2019: true, authCode: d.auth_code!, imei: '861234567890123' });
    await again.connect('127.0.0.1', port);
    await again.login();
    again.close();
  });

  it('an operator resets the identity (own permission, audited; 403, 404); then the device registers once', async () => {
    const imei = demoImei(11);
    const d = await deviceOf(imei);
    const url = `${G}/device/resetIdentity/${d.id}`;
    const ids = await seedIds(t);
    const [role] = await q<{ id: number }>(
      `insert into roles (tenant_id, code, name, data_scope) values ($1, 'gpsEditor', 'GPS 编辑', 'all') returning id`,
      [ids.demo],
    );
    await q(
      `insert into role_grants (tenant_id, role_id, code)
       select $1, $2, c from unnest(array['riskGpsMap', 'riskGpsMap:view', 'riskGpsMap:edit', 'riskGpsMap:bind']) c`,
      [ids.demo, role!.id],
    );
    const editor = await addUser(t, 'gpseditor', { roleIds: [Number(role!.id)], rentIds: [ids.hz, ids.sh] });
    const refused = await t.request('POST', url, { token: editor.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(40301);
    expect((await t.request('POST', url, { as: 'other' })).statusCode).toBe(404);
    expect((await deviceOf(imei)).auth_code).toBe(d.auth_code);

    // Connected with the old code; a command waits for it.
    const old = new SimTerminal(imei, { authCode: d.auth_code!, clock: () => t.clock.now() });
    await old.connect('127.0.0.1', port);
    await old.login();

    const res = await t.request('POST', url, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: d.id, registeredAt: null, terminalImei: null });
    expect((await deviceOf(imei)).auth_code).toBeNull();
    const [log] = await q<{ summary: unknown }>(
      `select summary from operation_logs where target_type = 'gpsDevice' and target_id = $1 order by id desc limit 1`,
      [d.id],
    );
    expect(JSON.stringify(log!.summary)).toContain('resetIdentity');

    // A command is not sent on the connection that authenticated with the old code: it is dropped instead.
    const cmd = await t.request('PUT', `${G}/deviceCommand/send/${d.id}`, {
      as: 'admin',
      body: { commandType: 'locate', reason: '核实' },
    });
    expect(cmd.statusCode).toBe(200);
    await gpsRuntime(t.deps).commands.kick();
    await gpsRuntime(t.deps).commands.settled();
    expect(old.commands).toEqual([]);
    const [c] = await q<{ status: string }>('select status from gps_commands where id = $1', [cmd.json().data.id]);
    expect(c!.status).toBe('queued');
    expect(
      gpsRuntime(t.deps)
        .gateway.connectedDevices()
        .some((x) => x.imei === imei),
    ).toBe(false);
    old.close();

    // Registers once: a new code; a second register is refused.
    const fresh = new SimTerminal(imei, { clock: () => t.clock.now() });
    const arrived = fresh.nextCommand();
    await fresh.connect('127.0.0.1', port);
    await fresh.login();
    expect(fresh.authCode).toMatch(/^[0-9a-f]{16}$/);
    expect(fresh.authCode).not.toBe(d.auth_code);
    expect((await arrived).msgId).toBe(0x8201);
    fresh.close();
    const second = await new Raw(imei).connect();
    second.register();
    expect(decodeRegisterReply((await second.next()).body).result).toBe(3);
  });

  it('limits register and auth attempts per connection, per address and per device', async () => {
    // Per device: the 11th register within the hour is refused without an answer, and alarmed.
    const imei = demoImei(12);
    const d = await deviceOf(imei);
    for (let i = 0; i < 10; i++) {
      const r = await new Raw(imei).connect();
      r.register();
      expect(decodeRegisterReply((await r.next()).body).result).toBe(3);
      await r.waitClosed();
    }
    const over = await new Raw(imei).connect();
    over.register();
    await over.waitClosed();
    expect(await identityAlarms(d.id)).toEqual(['reRegister', 'rateLimited']);

    // Per connection and per address: a gateway of its own with a small address budget.
    const writer = new PositionWriter(t.deps, { intervalMs: 10, maxBatch: 100 });
    const gw = new Jt808Gateway(t.deps, writer, { attemptsPerAddressPerMinute: 2 });
    const own = await gw.listen(0, '127.0.0.1');
    try {
      const code = (await storedAuthCode(t, demoImei(13)))!;
      for (let i = 0; i < 2; i++) {
        const ok = new SimTerminal(demoImei(13), { authCode: code });
        await ok.connect('127.0.0.1', own);
        await ok.login();
        ok.close();
      }
      const third = new SimTerminal(demoImei(13), { authCode: code });
      await third.connect('127.0.0.1', own);
      await expect(third.login()).rejects.toThrow();
    } finally {
      await gw.close();
      await writer.close();
    }
  });
});

describe('OsmAnd identity', () => {
  const report = (id: string, lat = 30.25) =>
    t.request('GET', '/api/gps/osmand', {
      query: { id, lat, lon: 120.17, timestamp: Math.floor(t.clock.now().getTime() / 1000) },
    });

  it('a random secret id, shown once and regenerable; never the device number; never a JT/T 808 device', async () => {
    const [clerk] = await q<{ id: number }>(`select id::int from users where username = 'clerk'`);
    const quick = await t.request('POST', `${G}/device/quick/userBind/${clerk!.id}`, { as: 'admin' });
    expect(quick.statusCode).toBe(200);
    const device = quick.json().data as { id: number; imei: string; osmandSecret: string; hasOsmandSecret: boolean };
    expect(device.osmandSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(device.osmandSecret).not.toContain(device.imei);
    expect(device.hasOsmandSecret).toBe(true);
    const got = (await t.request('GET', `${G}/device/get/${device.id}`, { as: 'admin' })).json().data;
    expect(got.osmandSecret).toBeUndefined();
    expect(got.hasOsmandSecret).toBe(true);

    expect((await report(device.imei)).statusCode).toBe(400);
    expect((await report(device.osmandSecret)).statusCode).toBe(200);
    // The demo's JT/T 808 trackers: neither their number nor their auth code is an OsmAnd id.
    expect((await report(demoImei(1))).statusCode).toBe(400);
    expect((await report((await storedAuthCode(t, demoImei(1)))!)).statusCode).toBe(400);
    // The seeded phone tracker answers to its secret only.
    expect((await report('913800138000001')).statusCode).toBe(400);
    expect((await report(demoSecret('osmand', '913800138000001'))).statusCode).toBe(200);

    const url = `${G}/device/osmandSecret/${device.id}`;
    expect((await t.request('POST', url, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('POST', url, { as: 'other' })).statusCode).toBe(404);
    const renewed = await t.request('POST', url, { as: 'admin' });
    expect(renewed.statusCode).toBe(200);
    const secret = renewed.json().data.osmandSecret as string;
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    expect((await report(device.osmandSecret)).statusCode).toBe(400);
    expect((await report(secret)).statusCode).toBe(200);
    const jt = await deviceOf(demoImei(1));
    expect((await t.request('POST', `${G}/device/osmandSecret/${jt.id}`, { as: 'admin' })).statusCode).toBe(409);
    expect((await t.request('POST', `${G}/device/resetIdentity/${device.id}`, { as: 'admin' })).statusCode).toBe(409);
  });

  it('creating an OsmAnd device answers its secret once; a JT/T 808 device none', async () => {
    const [rent] = await q<{ id: number }>(`select id::int from rents where code = 'HZ'`);
    const phone = await t.request('POST', `${G}/device/create`, {
      as: 'admin',
      body: { imei: '913800138009999', model: 'PHONE', protocol: 'osmand', rentId: rent!.id },
    });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().data.osmandSecret).toMatch(/^[0-9a-f]{32}$/);
    const tracker = await t.request('POST', `${G}/device/create`, {
      as: 'admin',
      body: { imei: '644960778888', model: 'JT-W100', protocol: 'jt808', rentId: rent!.id },
    });
    expect(tracker.statusCode).toBe(200);
    expect(tracker.json().data.osmandSecret).toBeUndefined();
    expect(tracker.json().data.hasOsmandSecret).toBe(false);
  });
});
