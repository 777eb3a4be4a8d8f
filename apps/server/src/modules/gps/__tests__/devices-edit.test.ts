import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser, seedIds } from '../../../test/users.js';

// Device editing and user binding: what the devices screen calls.
const G = '/api/ccwgps';
let t: TestApp;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await seedIds(t);
  // A role that may see the map and devices but neither edit nor bind.
  const { rows } = await t.deps.database.query<{ id: number }>(
    `insert into roles (tenant_id, code, name) values ($1, 'gpsViewer', 'GPS 查看') returning id`,
    [ids.demo],
  );
  const roleId = Number(rows[0]!.id);
  await t.deps.database.query(
    `insert into role_grants (tenant_id, role_id, code) select $1, $2, c from unnest(array['riskGpsMap', 'riskGpsMap:view']) c`,
    [ids.demo, roleId],
  );
  viewer = (await addUser(t, 'gpsviewer', { roleIds: [roleId], rentIds: [ids.hz, ids.sh] })).token;
});
afterAll(async () => t.close());

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;
const userId = async (username: string) =>
  Number((await q<{ id: number }>('select id from users where username = $1', [username]))[0]!.id);

const full = {
  imei: '861234567000001',
  model: 'JT-W100',
  protocol: 'jt808',
  sim: '14400001234',
  installedAt: null,
  installer: null,
  installPosition: null,
  remark: null,
};

describe('device edit', () => {
  it('changes model, SIM, protocol and install info; refuses a model speaking another protocol', async () => {
    const add = await t.request('POST', `${G}/device/create`, {
      as: 'admin',
      body: { imei: full.imei, model: 'JT-W100' },
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id as number;
    const res = await t.request('PUT', `${G}/device/update/${id}`, {
      as: 'admin',
      body: {
        ...full,
        model: 'MD300',
        sim: '14400009999',
        installedAt: '2026-11-20T02:00:00.000Z',
        installer: '王师傅',
        installPosition: 'OBD 口',
        remark: '换装 OBD',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      imei: full.imei,
      model: 'MD300',
      protocol: 'jt808',
      sim: '14400009999',
      installedAt: '2026-11-20T02:00:00.000Z',
      installer: '王师傅',
      installPosition: 'OBD 口',
      remark: '换装 OBD',
    });
    // A phone speaks OsmAnd, not JT/T 808.
    const wrong = await t.request('PUT', `${G}/device/update/${id}`, {
      as: 'admin',
      lang: 'en-US',
      body: { ...full, model: 'PHONE', protocol: 'jt808' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { path: 'protocol', message: 'The protocol does not fit the model: a phone speaks OsmAnd, a tracker JT/T 808' },
    ]);
    const phone = await t.request('PUT', `${G}/device/update/${id}`, {
      as: 'admin',
      body: { ...full, model: 'PHONE', protocol: 'osmand', sim: null },
    });
    expect(phone.json().data).toMatchObject({ model: 'PHONE', protocol: 'osmand', sim: null, installer: null });
    // An unknown model may speak either protocol; the same checks when registering.
    const createWrong = await t.request('POST', `${G}/device/create`, {
      as: 'admin',
      body: { imei: '861234567000002', model: 'PHONE' },
    });
    expect(createWrong.json().errors[0].path).toBe('protocol');
    const custom = await t.request('POST', `${G}/device/create`, {
      as: 'admin',
      body: { imei: '861234567000002', model: 'GT06', protocol: 'osmand' },
    });
    expect(custom.statusCode).toBe(200);
  });

  it('validates each field with a clear message', async () => {
    const [d] = await q<{ id: number }>(`select id from gps_devices where imei = '644960770013'`);
    const bad = await t.request('PUT', `${G}/device/update/${d!.id}`, {
      as: 'admin',
      lang: 'en-US',
      body: { ...full, imei: '12ab', model: '', sim: '123', installer: 'x'.repeat(31) },
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().errors as { path: string; message: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['imei', 'installer', 'model', 'sim']);
    expect(bad.json().errors.find((e: { path: string }) => e.path === 'sim').message).toBe(
      'A SIM number is 11-20 digits',
    );
    // Another device's number is taken.
    const taken = await t.request('PUT', `${G}/device/update/${d!.id}`, {
      as: 'admin',
      body: { ...full, imei: '644960770001' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0].path).toBe('imei');
  });
});

describe('user binding', () => {
  it('lists active users to bind to, binds, refuses another user, unbinds', async () => {
    const users = (await t.request('GET', `${G}/device/users`, { as: 'admin', query: { keyword: '刘洋' } })).json()
      .data;
    expect(users).toEqual([expect.objectContaining({ username: 'liuyang', devices: 0 })]);
    const all = (await t.request('GET', `${G}/device/users`, { as: 'admin' })).json().data as { username: string }[];
    // Disabled (heqiang) and departed (majun) users are not offered; nor another tenant's.
    expect(all.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'clerk', 'liuyang']));
    expect(all.map((u) => u.username)).not.toEqual(expect.arrayContaining(['heqiang']));
    expect(all.map((u) => u.username)).not.toContain('majun');
    expect(all.map((u) => u.username)).not.toContain('other');
    expect(all.find((u) => u.username === 'clerk')).toMatchObject({ devices: 1 });

    const [d] = await q<{ id: number }>(`select id from gps_devices where imei = '644960770013'`);
    const id = d!.id;
    const liuyang = await userId('liuyang');
    const bound = await t.request('POST', `${G}/device/userBind/${id}`, { as: 'admin', body: { userId: liuyang } });
    expect(bound.json().data).toMatchObject({ userId: liuyang, userName: '刘洋' });
    const again = await t.request('POST', `${G}/device/userBind/${id}`, {
      as: 'admin',
      lang: 'en-US',
      body: { userId: await userId('clerk') },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The device is bound to the user 刘洋');
    const [log] = await q<{ summary: { user: string } }>(
      `select summary from operation_logs where target_type = 'gpsDevice' and target_id = $1 order by id desc limit 1`,
      [String(id)],
    );
    expect(log?.summary.user).toBe('刘洋');
    const un = await t.request('DELETE', `${G}/device/userUnBind/${id}`, { as: 'admin' });
    expect(un.json().data).toMatchObject({ userId: null, userName: null });
    const twice = await t.request('DELETE', `${G}/device/userUnBind/${id}`, { as: 'admin' });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a disabled, departed, unknown or other tenant’s user', async () => {
    const [d] = await q<{ id: number }>(`select id from gps_devices where imei = '644960770013'`);
    for (const username of ['heqiang', 'majun', 'other']) {
      const res = await t.request('POST', `${G}/device/userBind/${d!.id}`, {
        as: 'admin',
        lang: 'en-US',
        body: { userId: await userId(username) },
      });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().errors[0].path).toBe('userId');
    }
    const quick = await t.request('POST', `${G}/device/quick/userBind/${await userId('heqiang')}`, {
      as: 'admin',
      lang: 'en-US',
    });
    expect(quick.statusCode).toBe(400);
    expect(quick.json().message).toMatch(/disabled or has left/);
    const missing = await t.request('POST', `${G}/device/userBind/${d!.id}`, { as: 'admin', body: { userId: 999999 } });
    expect(missing.statusCode).toBe(400);
    const bad = await t.request('POST', `${G}/device/userBind/${d!.id}`, { as: 'admin', body: { userId: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses callers who may only view (403) and hides another tenant’s device (404)', async () => {
    const [d] = await q<{ id: number }>(`select id from gps_devices where imei = '644960770013'`);
    const id = d!.id;
    const liuyang = await userId('liuyang');
    expect((await t.request('POST', `${G}/device/all`, { token: viewer, body: {} })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PUT', `${G}/device/update/${id}`, full],
      ['POST', `${G}/device/userBind/${id}`, { userId: liuyang }],
      ['POST', `${G}/device/quick/userBind/${liuyang}`, undefined],
      ['DELETE', `${G}/device/userUnBind/${id}`, undefined],
      ['GET', `${G}/device/users`, undefined],
    ] as const) {
      const res = await t.request(method, url, { token: viewer, body });
      expect(res.statusCode, url).toBe(403);
    }
    for (const [method, url, body] of [
      ['PUT', `${G}/device/update/${id}`, full],
      ['POST', `${G}/device/userBind/${id}`, { userId: await userId('other') }],
      ['DELETE', `${G}/device/userUnBind/${id}`, undefined],
    ] as const) {
      const res = await t.request(method, url, { as: 'other', body });
      expect(res.statusCode, url).toBe(404);
    }
    // The other tenant's picker lists only its own users.
    const others = (await t.request('GET', `${G}/device/users`, { as: 'other' })).json().data as { username: string }[];
    expect(others.map((u) => u.username)).not.toContain('liuyang');
  });
});
