import { Workshop, WorkshopAccount, type WorkshopOption } from '@fleetdesk/contracts/maintenance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { A, addCar, ids, insertOrder } from './fixtures.js';

let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
const W = `${A}/maintainWorkshop`;

const input = (extra: Record<string, unknown> = {}) => ({
  name: '测试维修中心',
  kind: 'own',
  address: '杭州市余杭区文一西路 998 号',
  contactName: '王师傅',
  contactPhone: '0571-88886666',
  services: ['routine', 'repair'],
  labourRate: 120.5,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
});
afterAll(async () => t.close());

describe('workshops', () => {
  it('creates, reads, lists, updates with the version and deletes a workshop', async () => {
    const created = await t.request('POST', `${W}/create`, { as: 'admin', body: input({ rentId: r.hz }) });
    expect(created.statusCode, created.body).toBe(200);
    const w = Workshop.parse(created.json().data);
    expect(w).toMatchObject({
      name: '测试维修中心',
      rentId: r.hz,
      labourRate: 120.5,
      enabled: true,
      version: 0,
      accounts: 0,
    });
    expect(Workshop.parse((await t.request('GET', `${W}/get/${w.id}`, { as: 'admin' })).json().data).id).toBe(w.id);

    const list = await t.request('GET', `${W}/list`, { as: 'admin', query: { keyword: '测试维修', kind: 'own' } });
    expect(list.json().data.rows.map((x: Workshop) => x.id)).toEqual([w.id]);
    expect(
      (await t.request('GET', `${W}/list`, { as: 'admin', query: { enabled: 'false', keyword: '测试维修' } })).json()
        .data.total,
    ).toBe(0);

    const updated = await t.request('PUT', `${W}/update`, {
      as: 'admin',
      body: { ...input({ rentId: r.hz, name: '测试维修中心（滨江）', enabled: false }), id: w.id, version: 0 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ version: 1, enabled: false, name: '测试维修中心（滨江）' });
    const stale = await t.request('PUT', `${W}/update`, {
      as: 'admin',
      body: { ...input({ rentId: r.hz }), id: w.id, version: 0 },
    });
    expect(stale.statusCode).toBe(409);

    // options: enabled ones only
    const options = (await t.request('GET', `${W}/options`, { as: 'admin' })).json().data as WorkshopOption[];
    expect(options.some((o) => o.id === w.id)).toBe(false);

    expect((await t.request('DELETE', `${W}/delete/${w.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('GET', `${W}/get/${w.id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('validates its input and refuses a taken name', async () => {
    const bad = await t.request('POST', `${W}/create`, {
      as: 'admin',
      body: input({ contactPhone: '12345', services: [], labourRate: 1.234 }),
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['contactPhone', 'labourRate', 'services']);
    expect((await t.request('POST', `${W}/create`, { as: 'admin', body: input({ kind: 'dealer' }) })).statusCode).toBe(
      400,
    );
    const a = await t.request('POST', `${W}/create`, { as: 'admin', body: input({ name: '重名修理厂' }) });
    expect(a.statusCode).toBe(200);
    const b = await t.request('POST', `${W}/create`, { as: 'admin', body: input({ name: '重名修理厂' }) });
    expect(b.statusCode).toBe(400);
    expect(b.json().errors[0].path).toBe('name');
  });

  it('refuses to delete a workshop that work orders name (409: disable it)', async () => {
    const w = (await t.request('POST', `${W}/create`, { as: 'admin', body: input({ name: '有工单的修理厂' }) })).json()
      .data as Workshop;
    const car = await addCar(t, r.hz);
    await insertOrder(t, r.demo, {
      carId: car.id,
      rentId: r.hz,
      workshopId: w.id,
      kind: 'repair',
      state: 'in_workshop',
    });
    const del = await t.request('DELETE', `${W}/delete/${w.id}`, { as: 'admin' });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('有工单的修理厂');
    expect(Workshop.parse((await t.request('GET', `${W}/get/${w.id}`, { as: 'admin' })).json().data).openOrders).toBe(
      1,
    );
  });

  it('answers 403 without the permission and 404 for another tenant', async () => {
    const w = (await t.request('POST', `${W}/create`, { as: 'admin', body: input({ name: '他人不可见' }) })).json()
      .data as Workshop;
    expect((await t.request('GET', `${W}/list`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('POST', `${W}/create`, { as: 'clerk', body: input({ name: '无权' }) })).statusCode).toBe(
      403,
    );
    expect((await t.request('DELETE', `${W}/delete/${w.id}`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('GET', `${W}/options`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('GET', `${W}/get/${w.id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${W}/delete/${w.id}`, { as: 'other' })).statusCode).toBe(404);
    expect(
      (
        await t.request('PUT', `${W}/update`, {
          as: 'other',
          body: { ...input({ name: '改名' }), id: w.id, version: 0 },
        })
      ).statusCode,
    ).toBe(404);
    const theirs = await t.request('GET', `${W}/list`, { as: 'other', query: { keyword: '他人不可见' } });
    expect(theirs.json().data.total).toBe(0);
  });
});

describe('workshop sign-ins', () => {
  it('gives a workshop a sign-in with the workshop role, once per username and phone', async () => {
    const w = (
      await t.request('POST', `${W}/create`, {
        as: 'admin',
        body: input({ name: '途虎测试店', kind: 'partner', rentId: r.hz }),
      })
    ).json().data as Workshop;
    const res = await t.request('POST', `${W}/account`, {
      as: 'admin',
      body: {
        workshopId: w.id,
        username: 'tuhu_test',
        name: '途虎店长',
        mobile: '13912345678',
        password: 'Tuhu@2026x',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(WorkshopAccount.parse(res.json().data)).toMatchObject({
      workshopId: w.id,
      username: 'tuhu_test',
      enabled: true,
    });
    const accounts = (await t.request('GET', `${W}/accounts/${w.id}`, { as: 'admin' })).json()
      .data as WorkshopAccount[];
    expect(accounts.map((a) => a.username)).toEqual(['tuhu_test']);
    const { rows } = await t.deps.database.query<{ code: string; data_scope: string; rents: number[] }>(
      `select r.code, r.data_scope, (select array_agg(rent_id) from user_rents ur where ur.user_id = u.id) as rents
       from users u join user_roles x on x.user_id = u.id join roles r on r.id = x.role_id where u.username = 'tuhu_test'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: 'workshop', data_scope: 'workshop' });
    expect(rows[0]!.rents.map(Number)).toEqual([r.hz]);

    // the same username or phone again: field errors; a weak password: 400
    const again = await t.request('POST', `${W}/account`, {
      as: 'admin',
      body: {
        workshopId: w.id,
        username: 'tuhu_test',
        name: '途虎店员',
        mobile: '13912345679',
        password: 'Tuhu@2026x',
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].path).toBe('username');
    const phone = await t.request('POST', `${W}/account`, {
      as: 'admin',
      body: {
        workshopId: w.id,
        username: 'tuhu_test2',
        name: '途虎店员',
        mobile: '13912345678',
        password: 'Tuhu@2026x',
      },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors[0].path).toBe('mobile');
    const weak = await t.request('POST', `${W}/account`, {
      as: 'admin',
      body: { workshopId: w.id, username: 'tuhu_test3', name: '途虎店员', mobile: '13912345670', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    // the workshop signs in with it
    expect((await t.signIn('tuhu_test', 'Tuhu@2026x')).statusCode).toBe(200);
    // a second account reuses the role
    const second = await t.request('POST', `${W}/account`, {
      as: 'admin',
      body: {
        workshopId: w.id,
        username: 'tuhu_test4',
        name: '途虎店员',
        mobile: '13912345671',
        password: 'Tuhu@2026x',
      },
    });
    expect(second.statusCode).toBe(200);
    const roles = await t.deps.database.query(`select 1 from roles where code = 'workshop'`);
    expect(roles.rows).toHaveLength(1);
    // another tenant cannot give it one
    const other = await t.request('POST', `${W}/account`, {
      as: 'other',
      body: { workshopId: w.id, username: 'tuhu_other', name: '冒名', mobile: '13912345672', password: 'Tuhu@2026x' },
    });
    expect(other.statusCode).toBe(404);
  });
});
