import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { lastLog, multipart, O, seedIds } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
    'hex',
  ),
]);

async function uploadLicence(as: string): Promise<string> {
  const { body, contentType } = multipart('licence.png', 'image/png', PNG);
  const res = await t.request('POST', '/api/tool/oss/upload/license', {
    as,
    headers: { 'content-type': contentType },
    body,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.url as string;
}

const input = (extra: Record<string, unknown> = {}) => ({
  name: '演示租车宁波分公司',
  shortName: '宁波公司',
  city: '宁波',
  address: '浙江省宁波市鄞州区天童南路 588 号',
  contactName: '周杰',
  contactPhone: '13800000015',
  licenceNo: '91330106MA2J8PQR17',
  ...extra,
});

describe('rent/list', () => {
  it('answers every rent of the tenant with employee and car counts and the seeded details', async () => {
    const res = await t.request('GET', `${O}/rent/list`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number; code: string; employees: number; cars: number; licenceNo: string }[];
    expect(rows.map((r) => r.code)).toEqual(['HZ', 'SH']);
    const hz = rows.find((r) => r.code === 'HZ')!;
    expect(hz).toMatchObject({ contactName: '刘洋', licenceNo: '91330106MA2CFK7Q3M', status: 'active' });
    const { rows: counts } = await t.deps.database.query<{ e: number; c: number }>(
      `select (select count(*)::int from user_rents ur join users u on u.tenant_id = ur.tenant_id and u.id = ur.user_id
         where ur.rent_id = ${hz.id} and u.status <> 'left') as e,
        (select count(*)::int from cars where rent_id = ${hz.id} and deleted_at is null) as c`,
    );
    expect(hz.employees).toBe(Number(counts[0]!.e));
    expect(hz.cars).toBe(Number(counts[0]!.c));
    expect(hz.cars).toBeGreaterThan(0);
  });

  it('is open to rentCar:view (the car form) as well as oaCompany:view, and to nobody else', async () => {
    // The clerk holds rentCar:view only, and his role sees only the rents he is assigned to (HZ).
    const clerk = await t.request('GET', `${O}/rent/list`, { as: 'clerk' });
    expect(clerk.statusCode).toBe(200);
    expect(clerk.json().data.map((r: { code: string }) => r.code)).toEqual(['HZ']);
    expect((await t.request('GET', `${O}/rent/list`, { as: 'admin' })).json().data).toHaveLength(2);
    // liuyang holds the office role (address book and messages): neither element.
    expect(
      (await t.request('GET', `${O}/rent/list`, { as: 'liuyang', token: await staffToken('liuyang') })).statusCode,
    ).toBe(403);
    const other = await t.request('GET', `${O}/rent/list`, { as: 'other' });
    expect(other.json().data.map((r: { code: string }) => r.code)).toEqual(['BJ']);
  });
});

async function staffToken(username: string): Promise<string> {
  const res = await t.signIn(username, 'Staff@123');
  return res.json().access_token as string;
}

describe('rent/add and rent/update', () => {
  it('adds a rent with a generated code and a licence image, and answers its signed address', async () => {
    const licenceImage = await uploadLicence('admin');
    const res = await t.request('POST', `${O}/rent/add`, { as: 'admin', body: input({ licenceImage }) });
    expect(res.statusCode).toBe(200);
    const rent = res.json().data;
    expect(rent).toMatchObject({
      code: 'R003',
      name: '演示租车宁波分公司',
      licenceImage,
      employees: 0,
      cars: 0,
      status: 'active',
    });
    expect(rent.licenceImageUrl).toContain('sig=');
    const second = await t.request('POST', `${O}/rent/add`, {
      as: 'admin',
      body: input({ name: '演示租车温州分公司' }),
    });
    expect(second.json().data.code).toBe('R004');
    expect((await lastLog(t, 'rent.add'))?.target_id).toBe(String(second.json().data.id));
  });

  it('answers field errors: short name, bad phone, a credit code with a wrong check character, a foreign file', async () => {
    const bad = await t.request('POST', `${O}/rent/add`, {
      as: 'admin',
      body: input({ name: 'X', contactPhone: '12345' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['contactPhone', 'name']);
    const check = await t.request('POST', `${O}/rent/add`, {
      as: 'admin',
      body: input({ licenceNo: '91330106MA2J8PQR18' }),
    });
    expect(check.statusCode).toBe(400);
    expect(check.json().errors[0].path).toBe('licenceNo');
    const foreign = await uploadLicence('other');
    const file = await t.request('POST', `${O}/rent/add`, { as: 'admin', body: input({ licenceImage: foreign }) });
    expect(file.statusCode).toBe(400);
    expect(file.json().errors[0].path).toBe('licenceImage');
  });

  it('updates a rent, logging what changed; 404 for another tenant, 403 for the clerk', async () => {
    const res = await t.request('PUT', `${O}/rent/update/${ids.sh}`, {
      as: 'admin',
      body: input({ name: '演示租车上海分公司', shortName: '上海公司', city: '上海', contactName: '吴婷' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: ids.sh, code: 'SH', contactName: '吴婷' });
    const log = await lastLog(t, 'rent.update');
    expect(log?.summary).toMatchObject({ before: { contactName: '陈静' }, after: { contactName: '吴婷' } });
    expect((await t.request('PUT', `${O}/rent/update/${ids.bj}`, { as: 'admin', body: input() })).statusCode).toBe(404);
    expect((await t.request('PUT', `${O}/rent/update/${ids.sh}`, { as: 'clerk', body: input() })).statusCode).toBe(403);
    expect((await t.request('POST', `${O}/rent/add`, { as: 'clerk', body: input() })).statusCode).toBe(403);
  });
});

describe('the rents one may switch to (userInfo)', () => {
  const rentsOf = async (as: string) => {
    const front = (await t.request('GET', '/api/admin/client/user/front/info', { as })).json().data;
    const info = await t.request('GET', `/api/admin/client/user/userInfo/${front.id}`, { as });
    return (info.json().data.rents as { code: string }[]).map((r) => r.code);
  };

  it('lists every active rent for a role of scope "all" (a new one at once), only his own for "assigned"', async () => {
    const added = await t.request('POST', `${O}/rent/add`, {
      as: 'admin',
      body: input({ name: '演示租车宁波分公司', shortName: '宁波公司', city: '宁波' }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const code = added.json().data.code as string;
    expect(await rentsOf('admin')).toContain(code);
    expect(await rentsOf('clerk')).toEqual(['HZ']);
    const id = added.json().data.id as number;
    expect(
      (await t.request('PUT', `${O}/rent/status/${id}`, { as: 'admin', body: { status: 'disabled' } })).statusCode,
    ).toBe(200);
    expect(await rentsOf('admin')).not.toContain(code);
  });
});

describe('rent/status', () => {
  async function carBody() {
    const { rows } = await t.deps.database.query<{ b: number; s: number }>(
      `select b.id as b, s.id as s from car_brands b join car_series s on s.brand_id = b.id
        where b.code = 'byd' and s.code = 'byd-qin-plus'`,
    );
    return {
      plate: '浙AD77001',
      vin: withVinCheckDigit('LGXCE4CB0P2770001'),
      brandId: Number(rows[0]!.b),
      seriesId: Number(rows[0]!.s),
      energy: 'hybrid',
    };
  }

  it('a disabled rent stays readable but takes no new car, by add or transfer; enabled again it does', async () => {
    const off = await t.request('PUT', `${O}/rent/status/${ids.sh}`, { as: 'admin', body: { status: 'disabled' } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('disabled');
    expect((await lastLog(t, 'rent.status'))?.summary).toEqual({
      before: { status: 'active' },
      after: { status: 'disabled' },
    });

    const cars = await t.request('POST', `${O}/rentCar/list`, { as: 'admin', body: { rentId: ids.sh } });
    expect(cars.statusCode).toBe(200);
    expect(cars.json().data.total).toBeGreaterThan(0);

    const body = await carBody();
    const add = await t.request('POST', `${O}/rentCar/add`, { as: 'admin', rent: ids.sh, body, lang: 'en-US' });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toMatch(/disabled/);

    const idle = await t.deps.database.query<{ id: number }>(
      `select id from cars where rent_id = ${ids.hz} and status = 'idle' and deleted_at is null limit 1`,
    );
    const carId = Number(idle.rows[0]!.id);
    const transfer = await t.request('POST', `${O}/rentCar/transfer/${carId}`, {
      as: 'admin',
      query: { rentId: ids.sh },
      body: {},
    });
    expect(transfer.statusCode).toBe(409);

    const on = await t.request('PUT', `${O}/rent/status/${ids.sh}`, { as: 'admin', body: { status: 'active' } });
    expect(on.json().data.status).toBe('active');
    expect((await t.request('POST', `${O}/rentCar/add`, { as: 'admin', rent: ids.sh, body })).statusCode).toBe(200);
  });

  it('validates the status, answers 404 for another tenant and 403 for the clerk', async () => {
    const bad = await t.request('PUT', `${O}/rent/status/${ids.sh}`, { as: 'admin', body: { status: 'gone' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
    expect(
      (await t.request('PUT', `${O}/rent/status/${ids.bj}`, { as: 'admin', body: { status: 'disabled' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('PUT', `${O}/rent/status/${ids.sh}`, { as: 'clerk', body: { status: 'disabled' } })).statusCode,
    ).toBe(403);
  });
});
