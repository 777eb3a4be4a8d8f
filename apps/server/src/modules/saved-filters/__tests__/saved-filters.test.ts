import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const F = '/api/ccwadmin/filter';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('saved filters', () => {
  it("saves, replaces by name, lists the default first and deletes a user's own filters of a screen", async () => {
    const save = (name: string, filter: object, isDefault = false, as = 'admin') =>
      t.request('POST', `${F}/save/rentCar`, { as, body: { name, filter, isDefault } });
    expect((await save('杭州在租', { status: ['rented'], rentId: 1 })).statusCode).toBe(200);
    await save('新能源', { energy: ['electric'] }, true);
    await save('杭州在租', { status: ['rented', 'reserved'] });
    const list = (await t.request('GET', `${F}/list/rentCar`, { as: 'admin' })).json().data;
    expect(list.map((f: { name: string; isDefault: boolean }) => `${f.name}:${f.isDefault}`)).toEqual([
      '新能源:true',
      '杭州在租:false',
    ]);
    expect(list[1].filter).toEqual({ status: ['rented', 'reserved'] });
    await save('年检', { inspectionDueTo: '2026-12-31' }, true);
    const again = (await t.request('GET', `${F}/list/rentCar`, { as: 'admin' })).json().data;
    expect(again.filter((f: { isDefault: boolean }) => f.isDefault).map((f: { name: string }) => f.name)).toEqual([
      '年检',
    ]);
    expect((await t.request('GET', `${F}/list/rentDriver`, { as: 'admin' })).json().data).toEqual([]);
    expect((await t.request('GET', `${F}/list/rentCar`, { as: 'clerk' })).json().data).toEqual([]);
    const id = list[0].id;
    expect((await t.request('DELETE', `${F}/delete/${id}`, { as: 'clerk' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${F}/delete/${id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${F}/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('GET', `${F}/list/rentCar`, { as: 'admin' })).json().data).toHaveLength(2);
  });

  it("lets a read-only user keep his own filters, never change or delete another user's", async () => {
    const admins = await t.request('POST', `${F}/save/rentDriver`, {
      as: 'admin',
      body: { name: '黑名单', filter: { blacklisted: true }, isDefault: true },
    });
    expect(admins.statusCode).toBe(200);
    const adminFilter = admins.json().data;
    // clerk holds only view elements: saving his own filter needs none.
    const own = await t.request('POST', `${F}/save/rentDriver`, {
      as: 'clerk',
      body: { name: '黑名单', filter: { blacklisted: false }, isDefault: true },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.id).not.toBe(adminFilter.id);
    const clerks = (await t.request('GET', `${F}/list/rentDriver`, { as: 'clerk' })).json().data;
    expect(clerks.map((f: { id: number }) => f.id)).toEqual([own.json().data.id]);
    // The same name is his own filter: admin's keeps its values and stays admin's default.
    const admin = (await t.request('GET', `${F}/list/rentDriver`, { as: 'admin' })).json().data;
    expect(admin).toEqual([adminFilter]);
    // Deleting admin's: 404 (he cannot see it either), and it is still there.
    expect((await t.request('DELETE', `${F}/delete/${adminFilter.id}`, { as: 'clerk' })).statusCode).toBe(404);
    expect((await t.request('GET', `${F}/list/rentDriver`, { as: 'admin' })).json().data).toEqual([adminFilter]);
    expect((await t.request('DELETE', `${F}/delete/${own.json().data.id}`, { as: 'clerk' })).statusCode).toBe(200);
    expect((await t.request('GET', `${F}/list/rentDriver`, { as: 'clerk' })).json().data).toEqual([]);
  });

  it('validates the screen, the name and the size of a filter, and caps filters per screen', async () => {
    expect((await t.request('GET', `${F}/list/${encodeURIComponent('../x')}`, { as: 'admin' })).statusCode).toBe(400);
    const bad = await t.request('POST', `${F}/save/rentCar`, {
      as: 'admin',
      body: { name: '', filter: { x: 'y'.repeat(5000) } },
    });
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['filter', 'name']);
    for (let i = 0; i < 20; i++) {
      await t.request('POST', `${F}/save/crm`, { as: 'clerk', body: { name: `f${i}`, filter: { i } } });
    }
    const over = await t.request('POST', `${F}/save/crm`, { as: 'clerk', body: { name: 'one more', filter: {} } });
    expect(over.statusCode).toBe(409);
    expect(
      (await t.request('POST', `${F}/save/crm`, { as: 'clerk', body: { name: 'f3', filter: { again: true } } }))
        .statusCode,
    ).toBe(200);
  });

  it("renames a user's own filter, refuses a name in use on the screen and another user's filter", async () => {
    const a = (
      await t.request('POST', `${F}/save/rentDriver`, {
        as: 'admin',
        body: { name: '本月到期', filter: { documentDue: 'soon' } },
      })
    ).json().data;
    await t.request('POST', `${F}/save/rentDriver`, {
      as: 'admin',
      body: { name: '黑名单', filter: { state: ['blacklisted'] } },
    });
    const renamed = await t.request('PUT', `${F}/rename/${a.id}`, { as: 'admin', body: { name: '  即将到期  ' } });
    expect(renamed.json().data).toMatchObject({ id: a.id, name: '即将到期', filter: { documentDue: 'soon' } });
    expect((await t.request('PUT', `${F}/rename/${a.id}`, { as: 'admin', body: { name: '黑名单' } })).statusCode).toBe(
      409,
    );
    expect((await t.request('PUT', `${F}/rename/${a.id}`, { as: 'admin', body: { name: '' } })).statusCode).toBe(400);
    expect((await t.request('PUT', `${F}/rename/${a.id}`, { as: 'clerk', body: { name: 'mine' } })).statusCode).toBe(
      404,
    );
    const names = (await t.request('GET', `${F}/list/rentDriver`, { as: 'admin' }))
      .json()
      .data.map((f: { name: string }) => f.name);
    expect(names).toContain('即将到期');
  });
});
