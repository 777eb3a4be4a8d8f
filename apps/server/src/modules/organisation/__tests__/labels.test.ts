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

interface LabelRow {
  id: number;
  kind: string;
  name: string;
  color: string;
  used: number;
}

describe('label/list', () => {
  it('lists labels of every kind, or of one, with used-by counts', async () => {
    const all = (await t.request('GET', `${O}/label/list`, { as: 'admin' })).json().data as LabelRow[];
    expect(new Set(all.map((l) => l.kind))).toEqual(new Set(['employee', 'driver', 'car', 'customer']));
    const employee = (await t.request('GET', `${O}/label/list`, { as: 'admin', query: { kind: 'employee' } })).json()
      .data as LabelRow[];
    expect(employee.every((l) => l.kind === 'employee')).toBe(true);
    // 值班: liuyang, chenjing, zhoujie; 催收专员: zhaolei, zhoujie and majun (left, still labelled).
    expect(employee.find((l) => l.name === '值班')!.used).toBe(3);
    expect(employee.find((l) => l.name === '催收专员')!.used).toBe(3);
    expect(all.find((l) => l.kind === 'car')!.used).toBe(0);
  });

  it('validates the kind, refuses the clerk and shows another tenant only its own', async () => {
    const bad = await t.request('GET', `${O}/label/list`, { as: 'admin', query: { kind: 'truck' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('kind');
    expect((await t.request('GET', `${O}/label/list`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await t.request('GET', `${O}/label/list`, { as: 'other' })).json().data).toEqual([]);
  });
});

describe('label/add and label/update', () => {
  it('adds a label; its name is unique within its kind only', async () => {
    const res = await t.request('POST', `${O}/label/add`, {
      as: 'admin',
      body: { kind: 'car', name: '值班', color: 'red' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'car', name: '值班', color: 'red', used: 0 });
    const dup = await t.request('POST', `${O}/label/add`, { as: 'admin', body: { kind: 'employee', name: '值班' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors[0].path).toBe('name');
    expect((await lastLog(t, 'label.add'))?.target_id).toBe(String(res.json().data.id));
  });

  it('answers field errors for a bad colour, kind or name', async () => {
    const res = await t.request('POST', `${O}/label/add`, {
      as: 'admin',
      body: { kind: 'x', name: '', color: '#fff' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['color', 'kind', 'name']);
    expect(
      (await t.request('POST', `${O}/label/add`, { as: 'clerk', body: { kind: 'car', name: 'A' } })).statusCode,
    ).toBe(403);
  });

  it('renames and recolours, logging the change; the kind of a used label stays', async () => {
    const id = ids.label('新员工');
    const res = await t.request('PUT', `${O}/label/update/${id}`, {
      as: 'admin',
      body: { kind: 'employee', name: '试用期', color: 'cyan' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: '试用期', color: 'cyan', used: 2 });
    expect((await lastLog(t, 'label.update'))?.summary).toEqual({
      before: { name: '新员工', color: 'green' },
      after: { name: '试用期', color: 'cyan' },
    });
    const kind = await t.request('PUT', `${O}/label/update/${id}`, {
      as: 'admin',
      body: { kind: 'car', name: '试用期' },
    });
    expect(kind.statusCode).toBe(409);
    const taken = await t.request('PUT', `${O}/label/update/${id}`, {
      as: 'admin',
      body: { kind: 'employee', name: '值班' },
    });
    expect(taken.statusCode).toBe(400);
    expect(
      (await t.request('PUT', `${O}/label/update/${id}`, { as: 'other', body: { kind: 'employee', name: 'Q' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request('PUT', `${O}/label/update/${id}`, { as: 'clerk', body: { kind: 'employee', name: 'Q' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('label/delete', () => {
  it('refuses a used label (409) unless force=true, which removes it from every employee', async () => {
    const id = ids.label('值班');
    const refused = await t.request('DELETE', `${O}/label/delete/${id}`, { as: 'admin', lang: 'en-US' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/3 records/);
    expect(
      (await t.request('DELETE', `${O}/label/delete/${id}`, { as: 'other', query: { force: 'true' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `${O}/label/delete/${id}`, { as: 'clerk', query: { force: 'true' } })).statusCode,
    ).toBe(403);
    const bad = await t.request('DELETE', `${O}/label/delete/${id}`, { as: 'admin', query: { force: 'yes' } });
    expect(bad.statusCode).toBe(400);
    const forced = await t.request('DELETE', `${O}/label/delete/${id}`, { as: 'admin', query: { force: 'true' } });
    expect(forced.statusCode).toBe(200);
    const { rows } = await t.deps.database.query(`select 1 from user_labels where label_id = ${id}`);
    expect(rows).toHaveLength(0);
    expect((await lastLog(t, 'label.delete'))?.summary).toMatchObject({ name: '值班', removedFrom: 3 });
  });

  it('deletes an unused label at once', async () => {
    const id = ids.label('新车');
    expect((await t.request('DELETE', `${O}/label/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.request('DELETE', `${O}/label/delete/${id}`, { as: 'admin' })).statusCode).toBe(404);
  });
});
