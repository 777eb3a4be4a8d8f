import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { readXlsx, xlsxOf } from '../../../test/xlsx.js';
import { addLead, addRole, addSales, ids, L, nextPhone, SALES_GRANTS } from './fixtures.js';

const X = '/api/ccwadmin/excel/data';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let r: Awaited<ReturnType<typeof ids>>;
let sales: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  r = await ids(t);
  sales = await addSales(t, 'impsales', await addRole(t, r.demo, SALES_GRANTS, 'own'), r.hz);
});
afterAll(async () => t.close());

const HEAD = [
  '客户姓名',
  '客户类型',
  '企业名称',
  '手机号',
  '意向',
  '意向车型',
  '月租预算（元）',
  '租赁方式',
  '所属公司',
  '负责人',
  '备注',
];

async function send(
  path: string,
  rows: (string | number | null)[][],
  as: { as?: string; token?: string } = { as: 'admin' },
) {
  const { body, contentType } = multipart('leads.xlsx', XLSX, await xlsxOf(rows));
  return t.request('POST', `${X}/${path}`, { ...as, headers: { 'content-type': contentType }, body });
}

describe('lead import', () => {
  it('answers its header and template', async () => {
    const res = await t.request('GET', `${X}/dynamic/table/header/lead`, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.columns.map((c: { title: string }) => c.title)).toEqual(HEAD);
    expect((await t.request('GET', `${X}/template/lead`, { as: 'admin' })).statusCode).toBe(200);
  });

  it('imports the good rows (source import, owner or pool), reports the others by row and column', async () => {
    const taken = await addLead(t, { rentId: r.hz });
    const p1 = nextPhone();
    const p2 = nextPhone();
    const rows = [
      HEAD,
      ['导入甲', '个人', '', p1, '强', '比亚迪秦 PLUS', 4200, '以租代购', '杭州公司', 'impsales', ''],
      ['导入乙', '企业', '杭州快运有限公司', p2, '', '', '', '', '', '', '车队'],
      ['坏手机', '', '', '12345', '', '', '', '', '', '', ''],
      ['企业无名', '企业', '', nextPhone(), '', '', '', '', '', '', ''],
      ['重复', '', '', p1, '', '', '', '', '', '', ''],
      ['已有', '', '', taken.phone, '', '', '', '', '', '', ''],
      ['无人', '', '', nextPhone(), '', '', '', '', '', 'nobody', ''],
      ['预算', '', '', nextPhone(), '', '', 200000, '', '', '', ''],
    ];
    const check = await send('check/lead/data', rows);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ total: 8, valid: 2, invalid: 6 });
    const cols = (check.json().data.errors as { row: number; column: string }[]).map((e) => `${e.row}:${e.column}`);
    expect(cols).toEqual(
      expect.arrayContaining(['4:phone', '5:companyName', '6:phone', '7:phone', '8:owner', '9:budget']),
    );
    const res = await send('import/lead/data', rows);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 8, imported: 2, failed: 6 });
    const { rows: written } = await t.deps.database.query<{
      name: string;
      source: string;
      owner_id: number | null;
      state: string;
    }>(`select name, source, owner_id, state from crm_leads where phone = any($1) order by name`, [[p1, p2]]);
    expect(written).toEqual([
      { name: '导入乙', source: 'import', owner_id: null, state: 'new' },
      { name: '导入甲', source: 'import', owner_id: sales.id, state: 'new' },
    ]);
    // only once
    expect((await send('import/lead/data', rows.slice(0, 2))).json().data).toMatchObject({ imported: 0, failed: 1 });
  });

  it('needs crm:import (403)', async () => {
    expect((await send('check/lead/data', [HEAD], { token: sales.token })).statusCode).toBe(403);
  });
});

describe('lead export', () => {
  it('opens as a workbook with the filtered leads; needs crm:export', async () => {
    const lead = await addLead(t, { rentId: r.hz, name: '导出客户', wantedCar: '埃安 S' });
    const res = await t.request('GET', `${L}/export`, { as: 'admin', query: { view: 'all', keyword: '导出' } });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet[0]![0]).toBe('客户姓名');
    expect(sheet.slice(1).map((row) => row[0])).toEqual(['导出客户']);
    expect(sheet[1]).toContain(lead.phone);
    expect(sheet[1]).toContain('埃安 S');
    expect((await t.request('GET', `${L}/export`, { as: 'clerk' })).statusCode).toBe(403);
    const own = await t.request('GET', `${L}/export`, { token: sales.token, query: { view: 'all' } });
    expect(own.statusCode).toBe(403);
  });
});
