import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { readXlsx, xlsxOf } from '../../../test/xlsx.js';
import { upload } from '../../../test/multipart.js';
import { act, addDriver, P, rentsOf } from './fixtures.js';

const X = '/api/ccwadmin/excel/data';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let rents: Awaited<ReturnType<typeof rentsOf>>;

beforeAll(async () => {
  t = await createTestApp();
  rents = await rentsOf(t);
});
afterAll(async () => t.close());

async function send(path: string, file: Buffer, as = 'admin', lang?: 'en-US') {
  const { body, contentType } = multipart('drivers.xlsx', XLSX, file);
  return t.request('POST', `${X}/${path}`, {
    as,
    headers: { 'content-type': contentType },
    body,
    ...(lang ? { lang } : {}),
  });
}

const HEAD = [
  '姓名',
  '性别',
  '手机号',
  '身份证号',
  '准驾车型',
  '初次领证日期',
  '驾驶证有效期至',
  '状态',
  '所属公司',
  '标签',
  '银行账号',
  '开户行',
];
const id = (seq: string, g = '1') => withIdCardCheckDigit(`330106199202${seq}${g}`.padEnd(17, '3').slice(0, 17));

describe('import (type driver)', () => {
  const blacklisted = async () =>
    (await t.deps.database.query<{ id_number: string }>(`select id_number from drivers where phone = '13957100009'`))
      .rows[0]!.id_number;

  it('checks a file with mixed errors row by row, imports the good rows and reports the rest as the check did', async () => {
    const a = id('0101');
    const rows = [
      HEAD,
      ['导入一', '', '13860000001', a, 'C1', '2014-03-01', '2030-03-01', '在职', '上海公司', '金牌司机', '', ''],
      ['导入二', '女', '13860000002', id('0202', '1'), 'C1', '', '', '', '', '', '', ''], // gender contradicts
      ['导入三', '', '13860000003', `${a.slice(0, 17)}${a[17] === '1' ? '2' : '1'}`, '', '', '', '', '', '', '', ''],
      ['导入四', '', '13860000001', id('0404'), '', '', '', '', '', '', '', ''], // the phone of row 2
      ['导入五', '', '13957100001', id('0505'), '', '', '', '', '', '', '', ''], // a seeded driver's phone
      ['导入六', '', '13860000006', a, '', '', '', '在职', '', '', '', ''], // row 2's ID, active too
      ['导入七', '', '13860000007', await blacklisted(), '', '', '', '', '', '', '', ''], // imports, with a warning
      ['导入八', '', '13860000008', id('0808'), 'Z9', '2030-01-01', '', '拉黑', '北京公司', '无此标签', '', ''],
      [
        '导入九',
        '',
        '13860000009',
        id('0909'),
        'B2',
        '2015-01-01',
        '2014-01-01',
        '已离职',
        '杭州公司',
        '',
        '62220212',
        '工行',
      ],
      ['导入十', '', '13860000010', id('1010'), 'C2', '2016/5/1', '2032年5月1日', '', '', '', '', ''],
    ];
    const file = await xlsxOf(rows, '司机');
    const before = Number(
      (await t.deps.database.query<{ n: number }>(`select count(*)::int as n from drivers`)).rows[0]!.n,
    );
    const check = (await send('check/driver/data', file)).json().data;
    expect(check).toMatchObject({ total: 10, valid: 3, invalid: 7 });
    const byRow = (n: number) =>
      check.errors
        .filter((e: { row: number }) => e.row === n)
        .map((e: { column: string; message: string }) => `${e.column}:${e.message}`)
        .sort();
    expect(byRow(3)).toEqual(['gender:性别与身份证号不符（第 17 位奇数为男，偶数为女）']);
    expect(byRow(4)[0]).toMatch(/^idNumber:请输入正确的 18 位身份证号/);
    expect(byRow(5)).toEqual(['phone:与第 2 行重复']);
    expect(byRow(6)).toEqual(['phone:手机号已被其他司机使用']);
    expect(byRow(7)).toEqual(['idNumber:与第 2 行重复']);
    expect(byRow(9)).toEqual([
      'labels:“无此标签”不是可选值',
      'licenceClass:“Z9”不是可选值',
      'rent:“北京公司”不是可选值',
      'state:“拉黑”不是可选值',
    ]);
    expect(byRow(10)[0]).toMatch(/^bankAccount:|^licenceExpiry:/);
    expect(check.warnings).toEqual([expect.objectContaining({ row: 8, column: 'idNumber' })]);
    const after = Number(
      (await t.deps.database.query<{ n: number }>(`select count(*)::int as n from drivers`)).rows[0]!.n,
    );
    expect(after).toBe(before);

    const res = (await send('import/driver/data', file)).json().data;
    expect(res).toMatchObject({ mode: 'sync', total: 10, imported: 3, failed: 7 });
    expect(res.errors).toEqual(check.errors);
    const got = async (phone: string) =>
      (await t.request('POST', `${P}/list`, { as: 'admin', body: { phone } })).json().data.rows[0];
    expect(await got('13860000001')).toMatchObject({
      name: '导入一',
      state: 'active',
      rentName: '上海公司',
      gender: 'male',
      labels: [expect.objectContaining({ name: '金牌司机' })],
    });
    expect(await got('13860000007')).toMatchObject({ state: 'prospect', rentName: '杭州公司' });
    const ten = await got('13860000010');
    expect(ten).toMatchObject({ licenceExpiry: '2032-05-01', licenceClass: 'C2' });
    const ops = (await t.request('GET', `${P}/operations?driverId=${ten.id}`, { as: 'admin' })).json().data.rows;
    expect(ops.map((o: { kind: string }) => o.kind)).toEqual(['import']);
  });

  it('answers the columns in both languages, and needs rentDriver:import', async () => {
    const h = (await t.request('GET', `${X}/dynamic/table/header/driver`, { as: 'admin' })).json().data;
    expect(h).toMatchObject({ type: 'driver', title: '司机' });
    expect(h.columns.find((c: { key: string }) => c.key === 'idNumber')).toMatchObject({
      title: '身份证号',
      titleEn: 'ID number',
      required: true,
    });
    const en = (
      await send(
        'check/driver/data',
        await xlsxOf([
          ['Name', 'Phone', 'ID number'],
          ['A B', '1386', 'x'],
        ]),
        'admin',
        'en-US',
      )
    ).json().data;
    expect(en.errors.map((e: { message: string }) => e.message)).toContain('Enter a valid mobile number');
    expect((await t.request('GET', `${X}/dynamic/table/header/driver`, { as: 'clerk' })).statusCode).toBe(403);
    expect((await send('import/driver/data', await xlsxOf([HEAD]), 'clerk')).statusCode).toBe(403);
    const tpl = await t.request('GET', `${X}/template/driver`, { as: 'admin' });
    expect(tpl.statusCode).toBe(200);
  });
});

describe('export', () => {
  it('streams the filtered drivers as .xlsx with the import headers, readable back', async () => {
    const res = await t.request('POST', `${P}/exportDriver`, { as: 'admin', body: { rentId: rents.sh } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['姓名', '性别', '手机号', '身份证号']);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toEqual(expect.arrayContaining(['马秀英', '朱志强', '高建华']));
    expect(names).not.toContain('王建国');
    const gao = rows.find((r) => r[0] === '高建华')!;
    expect(gao).toContain('黑名单');
    expect(gao).toContain('多次交通违法未处理，拒不配合');
    // An export can be imported again: its headers are the import's columns.
    const check = (await send('check/driver/data', res.rawPayload)).json().data;
    expect(check.unknownColumns.length).toBeGreaterThan(0);
    expect(
      check.errors.every(
        (e: { column: string }) => e.column === 'phone' || e.column === 'state' || e.column === 'idNumber',
      ),
    ).toBe(true);
  });

  it('exports only the selected rows, in English', async () => {
    const a = await addDriver(t);
    const b = await addDriver(t);
    const res = await t.request('POST', `${P}/exportDriver`, {
      as: 'admin',
      lang: 'en-US',
      body: { ids: [a.id, b.id] },
    });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Gender', 'Phone']);
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual([a.phone, b.phone].sort());
  });
});

describe('OCR of ID cards and driving licences', () => {
  it('reads an uploaded ID card and licence through ocr/recognition for a driver form user', async () => {
    const number = withIdCardCheckDigit('33010619910215331');
    const front = await upload(t, 'admin', 'license', `${number}.png`);
    const card = await t.request('POST', '/api/ccwadmin/ocr/recognition', {
      as: 'admin',
      body: { type: 'idCard', side: 'front', url: front },
    });
    expect(card.statusCode).toBe(200);
    expect(card.json().data).toMatchObject({
      type: 'idCard',
      sandbox: true,
      idNumberValid: true,
      idCard: { idNumber: number, birthDate: '1991-02-15', gender: 'male' },
      drivingLicence: null,
    });
    const lic = await t.request('POST', '/api/ccwadmin/ocr/recognition', {
      as: 'admin',
      body: { type: 'drivingLicence', url: front },
    });
    expect(lic.json().data.drivingLicence).toMatchObject({ licenceNumber: number, name: card.json().data.idCard.name });
    const blurred = await upload(t, 'admin', 'license', 'fail.png');
    const failed = await t.request('POST', '/api/ccwadmin/ocr/recognition', {
      as: 'admin',
      body: { type: 'idCard', url: blurred },
    });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toContain('身份证');
    const clerk = await t.request('POST', '/api/ccwadmin/ocr/recognition', {
      as: 'clerk',
      body: { type: 'idCard', url: front },
    });
    expect(clerk.statusCode).toBe(403);
  });
});

describe('SMS recipient source', () => {
  it('offers drivers by state, label and documents due, within the caller rents', async () => {
    const sources = await t.request('GET', '/api/ccwadmin/smsNotice/recipient/sources', { as: 'admin' });
    if (sources.statusCode !== 200) throw new Error(sources.body);
    const driver = sources.json().data.find((s: { key: string }) => s.key === 'driver');
    expect(driver.filters.map((f: { key: string }) => f.key)).toEqual(['state', 'labelId', 'documentDue']);
    const resolve = async (filter: Record<string, unknown>) =>
      (
        await t.request('POST', '/api/ccwadmin/smsNotice/recipient/resolve', {
          as: 'admin',
          body: { source: 'driver', filter },
        })
      ).json().data;
    const blacklisted = await resolve({ state: ['blacklisted'] });
    expect(blacklisted.map((r: { name: string }) => r.name).sort()).toEqual(['周杰', '高建华']);
    const due = await resolve({ state: ['active'], documentDue: ['expired'] });
    expect(due.map((r: { name: string }) => r.name).sort()).toEqual(['张伟', '胡娜', '陈静']);
    expect(due.find((r: { name: string }) => r.name === '张伟').variables).toMatchObject({
      company: '杭州公司',
      dueDate: expect.any(String),
    });
    const d = await addDriver(t);
    await act(t, d.id, 'activate');
    expect((await resolve({ state: ['active'] })).some((r: { phone: string }) => r.phone === d.phone)).toBe(true);
  });
});
