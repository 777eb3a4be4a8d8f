import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser, seedIds } from '../../../test/users.js';
import { demoImei } from '../../../seed/gps.seed.js';
import { gpsRuntime } from '../runtime.js';
import { demoSecret } from '../identity.js';
import { storedAuthCode } from '../../../test/gps.js';
import { maintainGpsPartitions } from '../partitions.js';
import {
  decodeFrame,
  decodeGeneralReply,
  decodeRegisterReply,
  encodeAuth,
  encodeBatch,
  encodeFrame,
  encodeLocation,
  encodeRegister,
  splitFrames,
} from '../jt808/codec.js';

const G = '/api/ccwgps';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

/** A JT/T 808 terminal over a real socket: sends frames and reads the answers. */
class Terminal {
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
  async connect(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      const { frames, rest } = splitFrames(Buffer.concat([this.buffer, chunk]));
      this.buffer = rest;
      this.frames.push(...frames);
      for (const w of this.waiters.splice(0)) w();
    });
    this.socket.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w();
    });
    await new Promise<void>((resolve) => this.socket.once('connect', () => resolve()));
  }
  send(msgId: number, body: Buffer) {
    this.socket.write(encodeFrame({ msgId, phone: this.phone, serial: this.serial++, v2019: this.v2019 }, body));
  }
  raw(bytes: Buffer) {
    this.socket.write(bytes);
  }
  async next() {
    while (!this.frames.length) {
      if (this.closed) throw new Error('closed');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return decodeFrame(this.frames.shift()!);
  }
  async waitClosed() {
    while (!this.closed) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  end() {
    this.socket.destroy();
  }
}

const register = {
  province: 33,
  city: 100,
  maker: 'FD001',
  model: 'JT-W100',
  terminalId: 'T000001',
  plateColour: 1,
  plate: '浙A12345',
};

describe('JT/T 808 gateway over TCP', () => {
  let port: number;
  beforeAll(async () => {
    port = await gpsRuntime(t.deps).gateway.listen(0, '127.0.0.1');
  });

  it('registers, authenticates, beats and reports; a malformed frame is skipped; old positions do not move the live one', async () => {
    const imei = demoImei(3);
    // The demo tracker is registered; as after an operator's reset it may register again.
    await q('update gps_devices set auth_code = null where imei = $1', [imei]);
    const term = new Terminal(imei);
    await term.connect(port);
    term.send(0x0100, encodeRegister(register, false));
    const reg = await term.next();
    expect(reg.header.msgId).toBe(0x8100);
    const { result, authCode } = decodeRegisterReply(reg.body);
    expect(result).toBe(0);
    expect(authCode).toMatch(/^[0-9a-f]{16}$/);
    term.send(0x0102, encodeAuth({ code: authCode! }, false));
    expect(decodeGeneralReply((await term.next()).body)).toEqual({ replySerial: 1, replyId: 0x0102, result: 0 });
    term.send(0x0002, Buffer.alloc(0));
    expect(decodeGeneralReply((await term.next()).body)).toMatchObject({ replyId: 0x0002, result: 0 });

    // A frame with a broken checksum, then one truncated inside its body: both skipped, the connection stays.
    const bad = encodeFrame({ msgId: 0x0200, phone: imei, serial: 99 }, Buffer.alloc(28));
    bad[bad.length - 2] = bad[bad.length - 2]! ^ 0xff;
    term.raw(bad);
    term.send(0x0200, Buffer.alloc(20));
    expect(decodeGeneralReply((await term.next()).body)).toMatchObject({ replyId: 0x0200, result: 2 });

    const at = new Date(t.clock.now().getTime() + 60_000);
    term.send(
      0x0200,
      encodeLocation({ lat: 30.28, lon: 120.1, speed: 42.5, direction: 90, time: at, mileage: 123456, alarm: 1 }),
    );
    expect(decodeGeneralReply((await term.next()).body)).toMatchObject({ replyId: 0x0200, result: 0 });
    // Blind-area batch of older positions: stored, the live position stays.
    term.send(
      0x0704,
      encodeBatch(1, [
        encodeLocation({ lat: 30.2, lon: 120.0, speed: 10, time: new Date(at.getTime() - 600_000) }),
        encodeLocation({ lat: 30.21, lon: 120.01, speed: 11, time: new Date(at.getTime() - 570_000) }),
      ]),
    );
    expect(decodeGeneralReply((await term.next()).body)).toMatchObject({ replyId: 0x0704, result: 0 });
    await gpsRuntime(t.deps).writer.flush();
    expect(gpsRuntime(t.deps).gateway.malformed).toBeGreaterThanOrEqual(2);

    const [dev] = await q<{ id: number }>('select id from gps_devices where imei = $1', [imei]);
    const last = await q<{ lat: number; speed: number; fix_time: string; alarm: number; odometer: number }>(
      'select lat, speed, fix_time, alarm, odometer from gps_last_positions where device_id = $1',
      [dev!.id],
    );
    expect(last[0]).toMatchObject({ lat: 30.28, speed: 42.5, alarm: 1, odometer: 12345600 });
    expect(new Date(last[0]!.fix_time).getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
    const archived = await q<{ n: number }>(
      'select count(*)::int as n from gps_positions where device_id = $1 and archived',
      [dev!.id],
    );
    expect(archived[0]!.n).toBe(2);

    // A position older than the live one, sent normally: stored, the live position does not move.
    term.send(0x0200, encodeLocation({ lat: 30.1, lon: 120.2, speed: 5, time: new Date(at.getTime() - 30_000) }));
    await term.next();
    await gpsRuntime(t.deps).writer.flush();
    const after = await q<{ lat: number }>('select lat from gps_last_positions where device_id = $1', [dev!.id]);
    expect(after[0]!.lat).toBe(30.28);
    // The cars row was not written by any of this.
    term.end();
  });

  it('speaks 2019 back to a 2019 terminal', async () => {
    const imei = demoImei(4);
    await q('update gps_devices set auth_code = null where imei = $1', [imei]);
    const term = new Terminal(imei, true);
    await term.connect(port);
    term.send(0x0100, encodeRegister(register, true));
    const reg = await term.next();
    expect(reg.header).toMatchObject({ v2019: true, msgId: 0x8100, phone: imei.padStart(20, '0') });
    const code = decodeRegisterReply(reg.body).authCode!;
    term.send(0x0102, encodeAuth({ code, imei, softwareVersion: 'v1' }, true));
    expect(decodeGeneralReply((await term.next()).body).result).toBe(0);
    // Alarm bit 31 (illegal door open) and bit 0: the DWORD is stored signed and read back by name.
    const time = new Date(t.clock.now().getTime() + 90_000);
    term.send(0x0200, encodeLocation({ lat: 31.2, lon: 121.5, speed: 0, time, alarm: 0x80000001 }));
    expect(decodeGeneralReply((await term.next()).body).result).toBe(0);
    await gpsRuntime(t.deps).writer.flush();
    const [d] = await q<{ id: number }>('select id from gps_devices where imei = $1', [imei]);
    const status = (await t.request('GET', `${G}/deviceStatus/${d!.id}`, { as: 'admin' })).json().data;
    expect(status.last.alarms).toEqual(['sos', 'illegalDoorOpen']);
    term.end();
  });

  it('refuses an unknown terminal (0x8100 result 4) and a wrong auth code, closing only their connections', async () => {
    const stranger = new Terminal('13900000000');
    await stranger.connect(port);
    stranger.send(0x0100, encodeRegister(register, false));
    expect(decodeRegisterReply((await stranger.next()).body).result).toBe(4);
    await stranger.waitClosed();

    const liar = new Terminal(demoImei(5));
    await liar.connect(port);
    liar.send(0x0102, encodeAuth({ code: 'wrong' }, false));
    expect(decodeGeneralReply((await liar.next()).body).result).toBe(1);
    await liar.waitClosed();

    const early = new Terminal(demoImei(6));
    await early.connect(port);
    early.send(0x0200, encodeLocation({ lat: 1, lon: 1, speed: 0, time: t.clock.now() }));
    expect(decodeGeneralReply((await early.next()).body).result).toBe(1);
    await early.waitClosed();
  });

  it('a device of tenant B reporting never shows in tenant A', async () => {
    const term = new Terminal('644960779901');
    await term.connect(port);
    term.send(0x0102, encodeAuth({ code: (await storedAuthCode(t, '644960779901'))! }, false));
    await term.next();
    term.send(
      0x0200,
      encodeLocation({ lat: 39.91, lon: 116.4, speed: 30, time: new Date(t.clock.now().getTime() + 5000) }),
    );
    await term.next();
    await gpsRuntime(t.deps).writer.flush();
    term.end();
    const a = (await t.request('GET', `${G}/live/positions`, { as: 'admin' })).json().data as { imei: string }[];
    expect(a.length).toBeGreaterThan(5);
    expect(a.some((c) => c.imei === '644960779901')).toBe(false);
    const b = (await t.request('GET', `${G}/live/positions`, { as: 'other' })).json().data as {
      imei: string;
      lat: number;
    }[];
    expect(b).toEqual([expect.objectContaining({ imei: '644960779901', lat: 39.91 })]);
    const list = await t.request('POST', `${G}/device/all`, { as: 'admin', body: { keyword: '644960779901' } });
    expect(list.json().data.total).toBe(0);
  });
});

describe('OsmAnd (Traccar Client)', () => {
  const phone = '913800138000001';
  // Traccar Client's device id is the device's secret identifier (the seed derives the demo's), not its number.
  const secret = demoSecret('osmand', phone);
  it('query mode: speed in knots, timestamp in seconds; unknown id 400', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000) + 120;
    const res = await t.request('GET', '/api/gps/osmand', {
      query: { id: secret, lat: 30.25, lon: 120.17, timestamp: ts, speed: 10, bearing: 45, batt: 87 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const [row] = await q<{ speed: number; course: number; attributes: { batt: number } }>(
      `select l.speed, l.course, l.attributes from gps_last_positions l join gps_devices d on d.id = l.device_id where d.imei = $1`,
      [phone],
    );
    expect(row!.speed).toBeCloseTo(18.52, 2);
    expect(row!.course).toBe(45);
    expect(row!.attributes.batt).toBe(87);
    expect((await t.request('GET', '/api/gps/osmand', { query: { id: '123', lat: 1, lon: 1 } })).statusCode).toBe(400);
    expect(
      (await t.request('POST', '/api/gps/osmand', { form: { deviceid: secret, location: '30.26,120.18' } })).statusCode,
    ).toBe(200);
  });

  it('JSON mode: speed in m/s, ISO time; unknown device 404', async () => {
    const at = new Date(t.clock.now().getTime() + 180_000).toISOString();
    const res = await t.request('POST', '/api/gps/osmand', {
      body: {
        device_id: secret,
        location: {
          timestamp: at,
          coords: { latitude: 30.3, longitude: 120.2, speed: 10, heading: -1 },
          is_moving: true,
          battery: { level: 0.5 },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await q<{ speed: number; lat: number; attributes: Record<string, unknown> }>(
      `select l.speed, l.lat, l.attributes from gps_last_positions l join gps_devices d on d.id = l.device_id where d.imei = $1`,
      [phone],
    );
    expect(row).toMatchObject({ speed: 36, lat: 30.3 });
    expect(row!.attributes).toMatchObject({ motion: true, batteryLevel: 50 });
    const unknown = await t.request('POST', '/api/gps/osmand', { body: { device_id: 'nope', location: {} } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('devices', () => {
  it('creates, binds with a record, makes default, unbinds; refuses a taken IMEI and deleting a bound device', async () => {
    const add = await t.request('POST', `${G}/device/create`, {
      as: 'admin',
      body: { imei: '861234567890123', model: 'JT-W100', sim: '14400000001' },
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id as number;
    const taken = await t.request('POST', `${G}/device/create`, {
      as: 'admin',
      body: { imei: '861234567890123', model: 'x' },
    });
    expect(taken.json().errors[0].path).toBe('imei');
    const unbound = await t.request('GET', '/api/ccwadmin/rentCar/getUnbindDeviceCars', {
      as: 'admin',
      query: { pageSize: 5, rentId: add.json().data.rentId },
    });
    const car = unbound.json().data.rows.find((c: { rentId: number }) => c.rentId === add.json().data.rentId) as {
      id: number;
      vin: string;
      plate: string;
    };
    expect(car).toBeTruthy();
    const bound = await t.request('POST', `${G}/device/bind/${id}`, {
      as: 'admin',
      body: { carId: car.id, remark: '新装' },
    });
    expect(bound.json().data).toMatchObject({ carId: car.id, plate: car.plate, isDefault: true });
    expect((await t.request('DELETE', `${G}/device/delete/${id}`, { as: 'admin' })).statusCode).toBe(409);

    // A second device on the same car; make it the default by VIN + IMEI.
    const second = (
      await t.request('POST', `${G}/device/create`, {
        as: 'admin',
        body: { imei: '861234567890124', model: 'JT-B200' },
      })
    ).json().data;
    await t.request('POST', `${G}/device/bind/${second.id}`, { as: 'admin', body: { carId: car.id } });
    const change = await t.request('PUT', `${G}/device/changeDefault`, {
      as: 'admin',
      query: { carVin: car.vin, imei: '861234567890124' },
    });
    expect(change.json().data.isDefault).toBe(true);
    const byVin = (await t.request('GET', `${G}/deviceStatus/gps`, { as: 'admin', query: { carVin: car.vin } })).json()
      .data;
    expect(byVin.devices.map((d: { imei: string; isDefault: boolean }) => [d.imei, d.isDefault])).toEqual([
      ['861234567890124', true],
      ['861234567890123', false],
    ]);

    // The car by VIN (spec: rentCar/get/vin/{vin}), in any case, with its devices, the default first.
    const found = await t.request('GET', `/api/ccwadmin/rentCar/get/vin/${car.vin.toLowerCase()}`, { as: 'admin' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({
      id: car.id,
      plate: car.plate,
      vin: car.vin,
      rentId: add.json().data.rentId,
    });
    expect(found.json().data.devices.map((d: { imei: string; isDefault: boolean }) => [d.imei, d.isDefault])).toEqual([
      ['861234567890124', true],
      ['861234567890123', false],
    ]);
    const noSuch = await t.request('GET', '/api/ccwadmin/rentCar/get/vin/LNOSUCHVIN0000000', { as: 'admin' });
    expect(noSuch.statusCode).toBe(404);
    expect((await t.request('GET', `/api/ccwadmin/rentCar/get/vin/${car.vin}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/ccwadmin/rentCar/get/vin/${car.vin}`, { as: 'clerk' })).statusCode).toBe(403);
    const ids = await seedIds(t);
    const [role] = await q<{ id: number }>(
      `insert into roles (tenant_id, code, name, data_scope) values ($1, 'gpsVinViewer', 'GPS 查看', 'assigned') returning id`,
      [ids.demo],
    );
    await q(
      `insert into role_grants (tenant_id, role_id, code) select $1, $2, c from unnest(array['riskGpsMap', 'riskGpsMap:view']) c`,
      [ids.demo, role!.id],
    );
    const scoped = await addUser(t, 'gpsvinhz', { roleIds: [Number(role!.id)], rentIds: [ids.hz] });
    const [{ vin: shVin }] = (await q<{ vin: string }>(
      `select vin from cars where rent_id = $1 and deleted_at is null order by id limit 1`,
      [ids.sh],
    )) as [{ vin: string }];
    const [{ vin: hzVin }] = (await q<{ vin: string }>(
      `select vin from cars where rent_id = $1 and deleted_at is null order by id limit 1`,
      [ids.hz],
    )) as [{ vin: string }];
    const inside = await t.request('GET', `/api/ccwadmin/rentCar/get/vin/${hzVin}`, { token: scoped.token });
    expect(inside.statusCode, inside.body).toBe(200);
    const outside = await t.request('GET', `/api/ccwadmin/rentCar/get/vin/${shVin}`, { token: scoped.token });
    expect(outside.statusCode, 'a car outside the caller’s data scope').toBe(404);

    const un = await t.request('POST', `${G}/device/unbind/${id}`, { as: 'admin', body: { remark: '拆除' } });
    expect(un.json().data.carId).toBeNull();
    const history = (
      await t.request('GET', `${G}/deviceBindRecord/history`, { as: 'admin', query: { deviceId: id } })
    ).json().data;
    expect(history.rows.map((r: { action: string }) => r.action)).toEqual(['unbind', 'bind']);
    const rest = (
      await t.request('GET', `${G}/device/rentRestDevice`, { as: 'admin', query: { keyword: '861234567890123' } })
    ).json().data;
    expect(rest.total).toBe(1);
    expect((await t.request('DELETE', `${G}/device/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
  });

  it('binds to and unbinds from a user; quick bind makes a phone tracker', async () => {
    const users = await q<{ id: number }>(`select id from users where username = 'liuyang'`);
    const uid = Number(users[0]!.id);
    const quick = await t.request('POST', `${G}/device/quick/userBind/${uid}`, { as: 'admin' });
    expect(quick.json().data).toMatchObject({ protocol: 'osmand', model: 'PHONE', userId: uid });
    const id = quick.json().data.id as number;
    expect((await t.request('DELETE', `${G}/device/userUnBind/${id}`, { as: 'admin' })).json().data.userId).toBeNull();
    expect(
      (await t.request('POST', `${G}/device/userBind/${id}`, { as: 'admin', body: { userId: uid } })).json().data
        .userName,
    ).toBeTruthy();
  });

  it('status, install check, month figures, install products, work order, exports', async () => {
    const list = (
      await t.request('POST', `${G}/device/all`, { as: 'admin', body: { bound: 'yes', pageSize: 50 } })
    ).json().data;
    const d = list.rows.find((r: { imei: string }) => r.imei === demoImei(1));
    expect(d.status).toMatch(/moving|stopped/);
    const status = (await t.request('GET', `${G}/deviceStatus/${d.id}`, { as: 'admin' })).json().data;
    expect(status.last.mileage).toBeGreaterThan(1000);
    const check = (
      await t.request('GET', `${G}/deviceStatus/check/device/${d.id}/install`, { as: 'admin', lang: 'en-US' })
    ).json().data;
    expect(check.ok).toBe(true);
    expect(check.checks.map((c: { code: string }) => c.code)).toEqual([
      'registered',
      'reporting',
      'fixed',
      'bound',
      'power',
    ]);
    const powerCut = list.rows.find((r: { imei: string }) => r.imei === demoImei(2));
    const check2 = (
      await t.request('GET', `${G}/deviceStatus/check/device/${powerCut.id}/install`, { as: 'admin', lang: 'en-US' })
    ).json().data;
    expect(check2.checks.find((c: { code: string }) => c.code === 'power')).toMatchObject({
      ok: false,
      message: 'Main power is cut',
    });

    const month = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    const statics = (
      await t.request('GET', `${G}/device/gpsStatics`, { as: 'admin', query: { month, pageSize: 50 } })
    ).json().data;
    const s1 = statics.rows.find((r: { imei: string }) => r.imei === demoImei(1));
    expect(s1.positions).toBeGreaterThanOrEqual(360);
    expect(s1.mileage).toBeGreaterThan(0);
    expect(
      (await t.request('GET', `${G}/device/gpsStatics`, { as: 'admin', query: { month: '2026-13' } })).statusCode,
    ).toBe(400);

    const products = (await t.request('GET', `${G}/product/userinstall`, { as: 'admin' })).json().data;
    expect(products.find((p: { code: string }) => p.code === 'JT-W100').installed).toBeGreaterThan(0);

    const wo = await t.request('POST', `${G}/workMaintainOrder/create`, {
      as: 'admin',
      body: {
        kind: 'repair',
        carId: d.carId,
        deviceId: d.id,
        address: '杭州市西湖区文一西路 100 号',
        contactName: '王师傅',
        contactPhone: '13800000001',
      },
    });
    expect(wo.json().data).toMatchObject({ kind: 'repair', status: 'open', deviceId: d.id });
    // Since issue 31 it is a maintenance work order of kind gps_repair, on the maintenance list.
    const orders = (
      await t.request('GET', '/api/ccwadmin/maintainOrder/list', {
        as: 'admin',
        query: { kind: 'gps_repair', carId: d.carId },
      })
    ).json().data;
    expect(orders.rows.map((r: { id: number }) => r.id)).toContain(wo.json().data.id);
    expect(orders.rows[0]).toMatchObject({ kind: 'gps_repair', state: 'reported' });
    const install = await t.request('POST', `${G}/workMaintainOrder/create`, {
      as: 'admin',
      body: {
        kind: 'install',
        carId: d.carId,
        address: '杭州市西湖区文一西路 100 号',
        contactName: '王师傅',
        contactPhone: '13800000001',
        appointmentAt: t.clock.now().toISOString(),
      },
    });
    expect(install.json().data).toMatchObject({ kind: 'install', status: 'open', deviceId: null });
    const order = (
      await t.request('GET', `/api/ccwadmin/maintainOrder/get/${install.json().data.id}`, { as: 'admin' })
    ).json().data;
    expect(order).toMatchObject({ kind: 'gps_install', contactName: '王师傅', contactPhone: '13800000001' });

    const xlsx = await t.request('POST', `${G}/device/export/bindCar`, { as: 'admin', body: {} });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const xlsx2 = await t.request('POST', '/api/ccwadmin/rentCar/export/getUnbindDeviceCars', {
      as: 'admin',
      body: {},
    });
    expect(xlsx2.statusCode).toBe(200);
  });

  it('route: positions with trips and stops; a period over 7 days is refused', async () => {
    const list = (await t.request('POST', `${G}/device/all`, { as: 'admin', body: { keyword: demoImei(1) } })).json()
      .data;
    const id = list.rows[0].id as number;
    const to = t.clock.now().toISOString();
    const from = new Date(t.clock.now().getTime() - 4 * 3600_000).toISOString();
    const r = (await t.request('GET', `${G}/deviceStatus/route/${id}`, { as: 'admin', query: { from, to } })).json()
      .data;
    expect(r.points.length).toBeGreaterThanOrEqual(360);
    expect(r.truncated).toBe(false);
    expect(r.trips.length).toBeGreaterThan(0);
    expect(r.distance).toBeGreaterThan(1);
    const long = await t.request('GET', `${G}/deviceStatus/route/${id}`, {
      as: 'admin',
      query: { from: '2026-01-01T00:00:00Z', to: '2026-01-09T00:00:00Z' },
    });
    expect(long.statusCode).toBe(400);
  });

  it('refuses callers without the permission (403) and hides another tenant’s device (404)', async () => {
    const list = (await t.request('POST', `${G}/device/all`, { as: 'admin', body: { keyword: demoImei(1) } })).json()
      .data;
    const id = list.rows[0].id as number;
    for (const [method, url] of [
      ['POST', `${G}/device/all`],
      ['GET', `${G}/deviceStatus/${id}`],
      ['GET', `${G}/live/positions`],
      ['POST', `${G}/device/create`],
    ] as const) {
      const res = await t.request(method, url, { as: 'clerk', body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(40301);
    }
    expect((await t.request('GET', `${G}/deviceStatus/${id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('POST', `${G}/device/unbind/${id}`, { as: 'other', body: {} })).statusCode).toBe(404);
    const [otherDev] = await q<{ id: number }>(`select id from gps_devices where imei = '644960779901'`);
    expect(
      (
        await t.request('GET', `${G}/deviceStatus/route/${otherDev!.id}`, {
          as: 'admin',
          query: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('live push and storage upkeep', () => {
  it('announces moved devices to the live hub (LISTEN/NOTIFY, or in-process on PGlite)', async () => {
    const hub = gpsRuntime(t.deps).hub;
    await hub.start();
    const heard = new Promise<{ tenantId: number; deviceIds: number[] }>((resolve) => {
      const off = hub.subscribe((e) => {
        off();
        resolve(e);
      });
    });
    const at = Math.floor(t.clock.now().getTime() / 1000) + 240;
    await t.request('GET', '/api/gps/osmand', {
      query: { id: demoSecret('osmand', '913800138000001'), lat: 30.31, lon: 120.21, timestamp: at },
    });
    const e = await heard;
    const [d] = await q<{ id: number; tenant_id: number }>(
      `select id, tenant_id from gps_devices where imei = '913800138000001'`,
    );
    expect(e).toMatchObject({ tenantId: Number(d!.tenant_id), deviceIds: [Number(d!.id)] });
  });

  it('drops positions past the retention; on PostgreSQL creates the months ahead and moves early rows there', async () => {
    const [d] = await q<{ id: number; tenant_id: number }>(
      `select id, tenant_id from gps_devices where imei = '913800138000001'`,
    );
    const old = new Date(t.clock.now().getTime() - 400 * 86_400_000).toISOString();
    await q(
      `insert into gps_positions (tenant_id, device_id, fix_time, server_time, lat, lon) values ($1, $2, $3, $3, 30, 120)`,
      [d!.tenant_id, d!.id, old],
    );
    const result = await maintainGpsPartitions(t.deps);
    const left = await q<{ n: number }>(`select count(*)::int as n from gps_positions where fix_time = $1`, [old]);
    expect(left[0]!.n).toBe(0);
    if (t.deps.database.kind === 'postgres') {
      const parts = await q<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'gps_positions'`,
      );
      expect(parts.length).toBeGreaterThanOrEqual(4);
      expect(result.created.length + parts.length).toBeGreaterThan(0);
      // The seeded history (written before the months existed) now lives in this month's partition.
      const inDefault = await q<{ n: number }>(
        `select count(*)::int as n from gps_positions_default where fix_time > now() - interval '1 day'`,
      );
      expect(inDefault[0]!.n).toBe(0);
    }
  });
});
