import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { lastLog, O, seedIds } from './fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const list = async () =>
  (await t.request('GET', `${O}/dept/list`, { as: 'admin' })).json().data as {
    id: number;
    parentId: number | null;
    name: string;
    sort: number;
    employees: number;
  }[];

describe('dept/list', () => {
  it('answers the flat tree with direct employee counts (left employees not counted)', async () => {
    const rows = await list();
    const ops = rows.find((d) => d.name === '运营部')!;
    const hz = rows.find((d) => d.name === '杭州车管组')!;
    expect(hz.parentId).toBe(ops.id);
    // liuyang, zhengkai and clerk are in 杭州车管组; the parent has nobody directly.
    expect(hz.employees).toBe(3);
    expect(ops.employees).toBe(0);
    // majun (left) is in 风控部 with zhaolei and zhoujie.
    expect(rows.find((d) => d.name === '风控部')!.employees).toBe(2);
  });

  it('is refused without oaDepart:view, and shows another tenant nothing of ours', async () => {
    expect((await t.request('GET', `${O}/dept/list`, { as: 'clerk' })).statusCode).toBe(403);
    const other = await t.request('GET', `${O}/dept/list`, { as: 'other' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual([]);
  });
});

describe('dept/add', () => {
  it('adds a department under a parent and logs it', async () => {
    const res = await t.request('POST', `${O}/dept/add`, {
      as: 'admin',
      body: { name: '宁波车管组', parentId: ids.dept('运营部'), sort: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '宁波车管组', parentId: ids.dept('运营部'), employees: 0 });
    expect((await lastLog(t, 'dept.add'))?.target_id).toBe(String(res.json().data.id));
  });

  it('answers field errors: empty name, a name taken among siblings (also at the top), an unknown parent', async () => {
    const empty = await t.request('POST', `${O}/dept/add`, { as: 'admin', body: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('name');
    const taken = await t.request('POST', `${O}/dept/add`, {
      as: 'admin',
      body: { name: '杭州车管组', parentId: ids.dept('运营部') },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0].path).toBe('name');
    const top = await t.request('POST', `${O}/dept/add`, { as: 'admin', body: { name: '财务部' } });
    expect(top.statusCode).toBe(400);
    expect(top.json().errors[0].path).toBe('name');
    // The same name under another parent is fine.
    const elsewhere = await t.request('POST', `${O}/dept/add`, {
      as: 'admin',
      body: { name: '杭州车管组', parentId: ids.dept('风控部') },
    });
    expect(elsewhere.statusCode).toBe(200);
    const otherParent = await t.request('POST', `${O}/dept/add`, {
      as: 'other',
      body: { name: 'X', parentId: ids.dept('运营部') },
    });
    expect(otherParent.statusCode).toBe(400);
    expect(otherParent.json().errors[0].path).toBe('parentId');
  });

  it('is refused to the clerk', async () => {
    expect((await t.request('POST', `${O}/dept/add`, { as: 'clerk', body: { name: 'Y' } })).statusCode).toBe(403);
  });
});

describe('dept/update', () => {
  it('renames, moves and resorts, logging the before and after values', async () => {
    const id = ids.dept('上海车管组');
    const res = await t.request('PUT', `${O}/dept/update/${id}`, {
      as: 'admin',
      body: { name: '上海运营组', parentId: null, sort: 9 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: '上海运营组', parentId: null, sort: 9 });
    const log = await lastLog(t, 'dept.update');
    expect(log?.summary).toMatchObject({
      before: { name: '上海车管组', parentId: ids.dept('运营部') },
      after: { name: '上海运营组', parentId: null },
    });
  });

  it('refuses a move under itself or one of its descendants (409)', async () => {
    const ops = ids.dept('运营部');
    const self = await t.request('PUT', `${O}/dept/update/${ops}`, {
      as: 'admin',
      body: { name: '运营部', parentId: ops },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().status).toBe(30101);
    const below = await t.request('PUT', `${O}/dept/update/${ops}`, {
      as: 'admin',
      body: { name: '运营部', parentId: ids.dept('杭州车管组') },
    });
    expect(below.statusCode).toBe(409);
  });

  it("answers 404 for another tenant's department and 403 to the clerk", async () => {
    const id = ids.dept('财务部');
    expect((await t.request('PUT', `${O}/dept/update/${id}`, { as: 'other', body: { name: 'Z' } })).statusCode).toBe(
      404,
    );
    expect((await t.request('PUT', `${O}/dept/update/${id}`, { as: 'clerk', body: { name: 'Z' } })).statusCode).toBe(
      403,
    );
  });
});

describe('dept/delete', () => {
  it('refuses a department with sub-departments or employees, with a clear message', async () => {
    const parent = await t.request('DELETE', `${O}/dept/delete/${ids.dept('运营部')}`, { as: 'admin', lang: 'en-US' });
    expect(parent.statusCode).toBe(409);
    expect(parent.json().message).toMatch(/sub-departments/);
    const staffed = await t.request('DELETE', `${O}/dept/delete/${ids.dept('财务部')}`, { as: 'admin', lang: 'en-US' });
    expect(staffed.statusCode).toBe(409);
    expect(staffed.json().message).toMatch(/1 employees/);
  });

  it('deletes an empty department; one that only a left employee names goes too, the employee stays', async () => {
    const add = await t.request('POST', `${O}/dept/add`, { as: 'admin', body: { name: '临时组' } });
    const id = add.json().data.id as number;
    expect((await t.request('DELETE', `${O}/dept/delete/${id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('DELETE', `${O}/dept/delete/${id}`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('DELETE', `${O}/dept/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await list()).some((d) => d.id === id)).toBe(false);

    const lone = (await t.request('POST', `${O}/dept/add`, { as: 'admin', body: { name: '离职组' } })).json().data.id;
    await t.deps.database.query(`update users set department_id = $1 where username = 'majun'`, [lone]);
    expect((await t.request('DELETE', `${O}/dept/delete/${lone}`, { as: 'admin' })).statusCode).toBe(200);
    const { rows } = await t.deps.database.query<{ status: string; department_id: number | null }>(
      `select status, department_id from users where username = 'majun'`,
    );
    expect(rows[0]).toEqual({ status: 'left', department_id: null });
  });
});
