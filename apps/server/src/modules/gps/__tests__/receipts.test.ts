import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser, seedIds } from '../../../test/users.js';

// Device receipts: devices handed from one company (rent) of the tenant to another.
const G = '/api/ccwgps';
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;
/** Sees and receives in Shanghai only; may not create receipts. */
let shReceiver: string;
/** Hands over in Hangzhou only; may not receive. */
let hzSender: string;
/** Sees the map, no receipt elements. */
let viewer: string;
/** A third company of the demo tenant (Ningbo). */
let nb: number;

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;

async function role(code: string, grants: string[]) {
  const [r] = await q<{ id: number }>(
    `insert into roles (tenant_id, code, name, data_scope) values ($1, $2, $2, 'assigned') returning id`,
    [ids.demo, code],
  );
  await q(`insert into role_grants (tenant_id, role_id, code) select $1, $2, c from unnest($3::text[]) c`, [
    ids.demo,
    r!.id,
    grants,
  ]);
  return Number(r!.id);
}

/** Fresh unbound devices of a rent (made directly: the device calls are tested elsewhere). */
async function devices(rentId: number, n: number, tenantId = ids.demo): Promise<{ id: number; imei: string }[]> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const imei = `86990${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    const [row] = await q<{ id: number }>(
      `insert into gps_devices (tenant_id, imei, model, rent_id) values ($1, $2, 'JT-W100', $3) returning id`,
      [tenantId, imei, rentId],
    );
    out.push({ id: Number(row!.id), imei });
  }
  return out;
}

const rentOf = async (deviceId: number) =>
  Number((await q<{ rent_id: number }>('select rent_id from gps_devices where id = $1', [deviceId]))[0]!.rent_id);

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
  const [rent] = await q<{ id: number }>(
    `insert into rents (tenant_id, name, short_name, code, city) values ($1, '宁波分公司', '宁波', 'NB', '宁波')
     returning id`,
    [ids.demo],
  );
  nb = Number(rent!.id);
  const receiver = await role('gpsReceiver', ['riskGpsMap', 'riskGpsMap:view', 'riskGpsMap:receive']);
  const sender = await role('gpsSender', ['riskGpsMap', 'riskGpsMap:view', 'riskGpsMap:receipt', 'riskGpsMap:bind']);
  const view = await role('gpsView', ['riskGpsMap', 'riskGpsMap:view']);
  shReceiver = (await addUser(t, 'shreceiver', { roleIds: [receiver], rentIds: [ids.sh] })).token;
  hzSender = (await addUser(t, 'hzsender', { roleIds: [sender], rentIds: [ids.hz] })).token;
  viewer = (await addUser(t, 'gpsview2', { roleIds: [view], rentIds: [ids.hz, ids.sh] })).token;
});
afterAll(async () => t.close());

describe('device receipts', () => {
  it('has demo receipts: received, a pending send-back, a pending send-out, a cancelled one', async () => {
    const list = (await t.request('GET', `${G}/receipt/list`, { as: 'admin', query: { pageSize: 50 } })).json().data;
    const demo = list.rows.filter((r: { number: string }) => r.number.startsWith('JJ'));
    expect(demo.map((r: { kind: string; state: string }) => `${r.kind}:${r.state}`).sort()).toEqual([
      'a2b:cancelled',
      'a2b:pending',
      'a2b:received',
      'b2a:pending',
    ]);
    const back = demo.find((r: { kind: string }) => r.kind === 'b2a');
    const detail = (await t.request('GET', `${G}/receipt/detail/${back.id}`, { as: 'admin' })).json().data;
    expect(detail).toMatchObject({ fromRentId: ids.sh, toRentId: ids.hz, canReceive: true, deviceCount: 1 });
    // Its device is locked: it cannot go on another receipt.
    const again = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      body: { fromRentId: ids.sh, toRentId: ids.hz, deviceIds: [detail.devices[0].deviceId] },
    });
    expect(again.statusCode).toBe(409);
  });

  it('sends devices from Hangzhou to Shanghai, locks them while pending, moves them on receipt', async () => {
    const devs = await devices(ids.hz, 3);
    const res = await t.request('POST', `${G}/receipt/create`, {
      token: hzSender,
      rent: ids.hz,
      body: { toRentId: ids.sh, deviceIds: devs.map((d) => d.id), note: '备用设备', expressNo: 'SF1234567890' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({
      kind: 'a2b',
      state: 'pending',
      fromRentId: ids.hz,
      toRentId: ids.sh,
      deviceCount: 3,
      expressNo: 'SF1234567890',
      canCancel: true,
      canReceive: false,
    });
    expect(r.number).toMatch(/^JJ\d{8}\d{4}$/);
    expect(r.devices.map((d: { imei: string }) => d.imei).sort()).toEqual(devs.map((d) => d.imei).sort());

    // Locked: not on a second receipt, not bindable to a car, not movable or deletable.
    const again = await t.request('POST', `${G}/receipt/create`, {
      token: hzSender,
      lang: 'en-US',
      body: { toRentId: nb, deviceIds: [devs[0]!.id] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(r.number);
    const [car] = await q<{ id: number }>(
      `select id from cars where tenant_id = $1 and rent_id = $2 and deleted_at is null
       and not exists (select 1 from gps_devices d where d.car_id = cars.id) limit 1`,
      [ids.demo, ids.hz],
    );
    const bind = await t.request('POST', `${G}/device/bind/${devs[0]!.id}`, {
      token: hzSender,
      body: { carId: car!.id, remark: null },
    });
    expect(bind.statusCode).toBe(409);
    expect((await t.request('DELETE', `${G}/device/delete/${devs[0]!.id}`, { as: 'admin' })).statusCode).toBe(409);

    // The receiver sees it, the sender cannot receive, the receiver cannot cancel.
    const detail = (await t.request('GET', `${G}/receipt/detail/${r.id}`, { token: shReceiver })).json().data;
    expect(detail).toMatchObject({ canReceive: true, canCancel: false });
    expect((await t.request('PUT', `${G}/receipt/b/receive/${r.id}`, { token: hzSender })).statusCode).toBe(403);
    expect((await t.request('PUT', `${G}/receipt/cancel/${r.id}`, { token: shReceiver })).statusCode).toBe(403);

    const got = await t.request('PUT', `${G}/receipt/b/receive/${r.id}`, { token: shReceiver });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({ state: 'received', receivedByName: 'shreceiver', canReceive: false });
    for (const d of devs) expect(await rentOf(d.id)).toBe(ids.sh);
    // Received twice: 409; the Hangzhou sender no longer sees the devices as his.
    expect((await t.request('PUT', `${G}/receipt/b/receive/${r.id}`, { token: shReceiver })).statusCode).toBe(409);
    expect((await t.request('GET', `${G}/device/get/${devs[0]!.id}`, { token: hzSender })).statusCode).toBe(404);
    // Free again: the admin may bind or move them.
    expect((await q('select 1 from gps_receipt_devices where pending and receipt_id = $1', [r.id])).length).toBe(0);

    // Sending back: the available devices, then a b2a from Shanghai to Hangzhou (by the admin, both rents).
    const avail = (await t.request('GET', `${G}/receipt/available/b2a/device/${r.id}`, { as: 'admin' })).json().data;
    expect(avail.map((d: { deviceId: number }) => d.deviceId).sort()).toEqual(devs.map((d) => d.id).sort());
    const back = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      body: { kind: 'b2a', sourceId: r.id, deviceIds: [devs[0]!.id, devs[1]!.id] },
    });
    expect(back.statusCode, back.body).toBe(200);
    const b = back.json().data;
    expect(b).toMatchObject({ kind: 'b2a', fromRentId: ids.sh, toRentId: ids.hz, sourceNumber: r.number });
    // While the send-back is pending only the third device is available.
    const left = (await t.request('GET', `${G}/receipt/available/b2a/device/${r.id}`, { as: 'admin' })).json().data;
    expect(left.map((d: { deviceId: number }) => d.deviceId)).toEqual([devs[2]!.id]);
    // A device that did not come in on the receipt cannot be sent back on it.
    const [stranger] = await devices(ids.sh, 1);
    const wrong = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      body: { kind: 'b2a', sourceId: r.id, deviceIds: [stranger!.id] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('deviceIds');
    // The Hangzhou sender receives the send-back (he lacks receive): 403; the admin does.
    expect((await t.request('PUT', `${G}/receipt/b/receive/${b.id}`, { token: hzSender })).statusCode).toBe(403);
    expect((await t.request('PUT', `${G}/receipt/b/receive/${b.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect(await rentOf(devs[0]!.id)).toBe(ids.hz);
    expect(await rentOf(devs[2]!.id)).toBe(ids.sh);
  });

  it('cancels a pending receipt: the devices stay and are free again', async () => {
    const devs = await devices(ids.hz, 1);
    const r = (
      await t.request('POST', `${G}/receipt/create`, {
        token: hzSender,
        body: { toRentId: nb, deviceIds: [devs[0]!.id] },
      })
    ).json().data;
    const c = await t.request('PUT', `${G}/receipt/cancel/${r.id}`, { token: hzSender });
    expect(c.json().data).toMatchObject({ state: 'cancelled', cancelledByName: 'hzsender' });
    expect(await rentOf(devs[0]!.id)).toBe(ids.hz);
    expect((await t.request('PUT', `${G}/receipt/cancel/${r.id}`, { token: hzSender })).statusCode).toBe(409);
    expect((await t.request('PUT', `${G}/receipt/b/receive/${r.id}`, { as: 'admin' })).statusCode).toBe(409);
    // A cancelled receipt has nothing to send back.
    expect((await t.request('GET', `${G}/receipt/available/b2a/device/${r.id}`, { as: 'admin' })).statusCode).toBe(409);
    const again = await t.request('POST', `${G}/receipt/create`, {
      token: hzSender,
      body: { toRentId: ids.sh, deviceIds: [devs[0]!.id] },
    });
    expect(again.statusCode).toBe(200);
  });

  it('validates: devices of the sender only, none bound to a car, a receiver, a courier number', async () => {
    const lang = 'en-US' as const;
    const empty = await t.request('POST', `${G}/receipt/create`, { as: 'admin', lang, body: { deviceIds: [] } });
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['deviceIds', 'toRentId']);
    const [hz] = await devices(ids.hz, 1);
    const same = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      rent: ids.hz,
      lang,
      body: { fromRentId: ids.hz, toRentId: ids.hz, deviceIds: [hz!.id] },
    });
    expect(same.json().errors[0]).toMatchObject({ path: 'toRentId' });
    const otherRent = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      lang,
      body: { fromRentId: ids.sh, toRentId: nb, deviceIds: [hz!.id] },
    });
    expect(otherRent.statusCode).toBe(400);
    expect(otherRent.json().errors[0]).toMatchObject({ path: 'deviceIds' });
    const badExpress = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      lang,
      body: { toRentId: ids.sh, deviceIds: [hz!.id], expressNo: '顺丰!' },
    });
    expect(badExpress.json().errors[0]).toMatchObject({ path: 'expressNo' });
    const noSource = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      lang,
      body: { kind: 'b2a', deviceIds: [hz!.id] },
    });
    expect(noSource.json().errors[0]).toMatchObject({ path: 'sourceId' });
    // A device bound to a car is refused with its plate named.
    const [bound] = await q<{ id: number; plate: string }>(
      `select d.id, c.plate from gps_devices d join cars c on c.id = d.car_id where d.tenant_id = $1 and d.rent_id = $2
       limit 1`,
      [ids.demo, ids.hz],
    );
    const b = await t.request('POST', `${G}/receipt/create`, {
      as: 'admin',
      lang,
      body: { fromRentId: ids.hz, toRentId: ids.sh, deviceIds: [bound!.id] },
    });
    expect(b.statusCode).toBe(409);
    expect(b.json().message).toContain(formatPlate(bound!.plate));
  });

  it('refuses without the elements, keeps other tenants out (404) and writes the operation log', async () => {
    const [d] = await devices(ids.hz, 1);
    const body = { toRentId: ids.sh, deviceIds: [d!.id] };
    expect((await t.request('POST', `${G}/receipt/create`, { token: viewer, body })).statusCode).toBe(403);
    expect((await t.request('POST', `${G}/receipt/create`, { token: shReceiver, body })).statusCode).toBe(403);
    expect((await t.request('GET', `${G}/receipt/list`, { as: 'clerk' })).statusCode).toBe(403);
    const r = (await t.request('POST', `${G}/receipt/create`, { as: 'admin', body })).json().data;
    expect((await t.request('PUT', `${G}/receipt/b/receive/${r.id}`, { token: viewer })).statusCode).toBe(403);

    // The other tenant: 404 on every call about the receipt, nothing in its list; its devices are not ours.
    for (const [method, url] of [
      ['GET', `${G}/receipt/detail/${r.id}`],
      ['PUT', `${G}/receipt/b/receive/${r.id}`],
      ['PUT', `${G}/receipt/cancel/${r.id}`],
      ['GET', `${G}/receipt/available/b2a/device/${r.id}`],
    ] as const)
      expect((await t.request(method, url, { as: 'other' })).statusCode, url).toBe(404);
    expect((await t.request('GET', `${G}/receipt/list`, { as: 'other' })).json().data.rows).toEqual([]);
    const otherRent = { id: ids.bj };
    const [foreign] = await devices(ids.bj, 1, ids.other);
    expect(
      (
        await t.request('POST', `${G}/receipt/create`, {
          as: 'admin',
          body: { toRentId: ids.sh, deviceIds: [foreign!.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request('POST', `${G}/receipt/create`, {
          as: 'admin',
          body: { toRentId: otherRent!.id, deviceIds: [d!.id] },
        })
      ).statusCode,
    ).toBe(400);

    // A user of the sender sees it (out), one of neither rent does not: Hangzhou-only sender vs a Beijing receipt.
    const [bj] = await devices(nb, 1);
    const bjr = (
      await t.request('POST', `${G}/receipt/create`, {
        as: 'admin',
        body: { fromRentId: nb, toRentId: ids.sh, deviceIds: [bj!.id] },
      })
    ).json().data;
    expect((await t.request('GET', `${G}/receipt/detail/${bjr.id}`, { token: hzSender })).statusCode).toBe(404);
    const list = (
      await t.request('GET', `${G}/receipt/list`, { token: shReceiver, query: { state: 'pending', direction: 'in' } })
    ).json().data;
    expect(list.rows.map((x: { id: number }) => x.id)).toContain(bjr.id);
    expect(
      list.rows.every((x: { toRentId: number; state: string }) => x.toRentId === ids.sh && x.state === 'pending'),
    ).toBe(true);
    const byNumber = (
      await t.request('GET', `${G}/receipt/list`, { as: 'admin', query: { number: bjr.number } })
    ).json().data;
    expect(byNumber.rows.map((x: { id: number }) => x.id)).toEqual([bjr.id]);

    const log = await q<{ n: number }>(
      `select count(*)::int as n from operation_logs where target_type = 'gpsReceipt' and target_id = $1`,
      [String(r.id)],
    );
    expect(log[0]!.n).toBeGreaterThanOrEqual(1);
  });
});
