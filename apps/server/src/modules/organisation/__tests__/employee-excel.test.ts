import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { invitationCode, multipart, O, readXlsx, seedIds, xlsxOf } from './fixtures.js';

const X = `${O}/excel/data`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const HEAD = ['姓名', '用户名', '手机号', '职位', '部门', '角色', '可操作公司', '标签'];

async function send(path: string, file: Buffer, as = 'admin') {
  const { body, contentType } = multipart('employees.xlsx', XLSX, file);
  return t.request('POST', `${X}/${path}`, { as, headers: { 'content-type': contentType }, body });
}

const smsTo = async (phones: string[]) =>
  Number(
    (
      await t.deps.database.query<{ n: number }>(`select count(*)::int as n from sms_messages where phone = any($1)`, [
        phones,
      ])
    ).rows[0]!.n,
  );

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ROWS = [
  HEAD,
  ['钱多多', 'qianduoduo', '13600001001', '调度', '杭州车管组', '办公人员', '杭州公司、上海公司', '值班'],
  ['孙小美', 'sunxm', '13600001002', '', '财务部', 'office', '演示租车杭州分公司', ''],
  ['重名', 'LIUYANG', '13600001003', '', '', '办公人员', '杭州公司', ''],
  ['重号', 'chonghao', '13800000011', '', '', '办公人员', '杭州公司', ''],
  ['文件内重复', 'qianduoduo', '13600001005', '', '', '办公人员', '杭州公司', ''],
  ['未知', 'weizhi', '13600001006', '', '不存在部', '无此角色', 'Beijing', '网约车'],
  ['', 'bad name', '123', '', '', '', '', ''],
];

describe('employee import', () => {
  it('answers its header and template', async () => {
    const res = await t.request('GET', `${X}/dynamic/table/header/employee`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.columns.map((c: { title: string }) => c.title)).toEqual(HEAD);
    const template = await t.request('GET', `${X}/template/employee`, { as: 'admin' });
    expect(template.statusCode).toBe(200);
    expect((await readXlsx(template.rawPayload))[0]).toEqual(
      HEAD.map((h, i) => ([0, 1, 2, 5, 6].includes(i) ? `${h}*` : h)),
    );
  });

  it('checks every row without writing or sending anything', async () => {
    const res = await send('check/employee/data', await xlsxOf(ROWS));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    const at = (row: number) =>
      data.errors.filter((e: { row: number }) => e.row === row).map((e: { column: string }) => e.column);
    expect(at(4)).toEqual(['username']);
    expect(at(5)).toEqual(['phone']);
    expect(at(6)).toEqual(['username']);
    expect(at(7).sort()).toEqual(['department', 'labels', 'rents', 'roles']);
    expect(at(8).sort()).toEqual(['name', 'phone', 'rents', 'roles', 'username']);
    const { rows } = await t.deps.database.query(`select 1 from users where username in ('qianduoduo', 'sunxm')`);
    expect(rows).toHaveLength(0);
    expect(await smsTo(['13600001001', '13600001002'])).toBe(0);
  });

  it('imports the good rows with their links and invites each imported employee by SMS', async () => {
    const res = await send('import/employee/data', await xlsxOf(ROWS));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mode: 'sync', total: 7, imported: 2, failed: 5 });
    const list = await t.request('GET', `${O}/employee/list`, { as: 'admin', query: { keyword: 'qianduoduo' } });
    const e = list.json().data.rows[0];
    expect(e).toMatchObject({
      name: '钱多多',
      title: '调度',
      departmentId: ids.dept('杭州车管组'),
      rentIds: [ids.hz, ids.sh],
      roles: [{ id: ids.officeRole }],
      labels: [{ id: ids.label('值班') }],
      status: 'active',
    });
    await waitFor(async () => (await smsTo(['13600001001', '13600001002'])) === 2);
    const code = await invitationCode(t, '13600001001');
    expect((await t.signIn('qianduoduo', '', { verify: code })).statusCode).toBe(200);
    const { rows } = await t.deps.database.query<{ summary: { ref: string } }>(
      `select summary from operation_logs where action = 'employee.import' and target_id = '${e.id}'`,
    );
    expect(rows[0]!.summary.ref).toMatch(/^imp:\d+:2$/);
    // The same file again: every row is refused now, nothing more is sent.
    const again = await send('import/employee/data', await xlsxOf(ROWS.slice(0, 3)));
    expect(again.json().data).toMatchObject({ imported: 0, failed: 2 });
  });

  it('needs oaDepart:import', async () => {
    expect((await send('check/employee/data', await xlsxOf(ROWS), 'clerk')).statusCode).toBe(403);
    expect((await t.request('GET', `${X}/dynamic/table/header/employee`, { as: 'clerk' })).statusCode).toBe(403);
  });
});

describe('employee/export', () => {
  it('streams the filtered list as .xlsx with the import columns first', async () => {
    const res = await t.request('POST', `${O}/employee/export`, {
      as: 'admin',
      body: { departmentId: ids.dept('运营部') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 8)).toEqual(HEAD);
    const byName = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect([...byName.keys()].sort()).toEqual(['chenjing', 'clerk', 'heqiang', 'liuyang', 'qianduoduo', 'zhengkai']);
    expect(byName.get('chenjing')!.slice(0, 8)).toEqual([
      '陈静',
      'chenjing',
      '13800000012',
      '车管专员',
      '上海车管组',
      '办公人员',
      '上海公司',
      '值班、新员工',
    ]);
    expect(byName.get('heqiang')![8]).toBe('停用');
  });

  it('takes the list filters (validated), needs oaDepart:export, and shows only the caller tenant', async () => {
    const left = await t.request('POST', `${O}/employee/export`, {
      as: 'admin',
      body: { status: 'left' },
      lang: 'en-US',
    });
    const rows = await readXlsx(left.rawPayload);
    expect(rows.map((r) => r[1])).toEqual(['Username', 'majun']);
    expect(rows[1]![8]).toBe('Left');
    const bad = await t.request('POST', `${O}/employee/export`, { as: 'admin', body: { status: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.request('POST', `${O}/employee/export`, { as: 'clerk', body: {} })).statusCode).toBe(403);
    const other = await readXlsx(
      (await t.request('POST', `${O}/employee/export`, { as: 'other', body: {} })).rawPayload,
    );
    expect(other.slice(1).map((r) => r[1])).toEqual(['other']);
  });
});
