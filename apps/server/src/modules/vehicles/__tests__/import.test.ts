import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { importTaskKind } from '../../excel-import/excel-import.service.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart, readXlsx, tenantIds, xlsxOf } from './fixtures.js';

const X = '/api/ccwadmin/excel/data';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let ids: Awaited<ReturnType<typeof tenantIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await tenantIds(t);
});
afterAll(async () => t.close());

const HEAD = [
  '车牌号',
  '车架号',
  '品牌',
  '车系',
  '车型',
  '能源类型',
  '电池容量(kWh)',
  '注册日期',
  '车辆类型',
  '所属公司',
  '车辆状态',
  '交强险公司',
  '交强险到期日',
  '备注',
];
let vinSerial = 500_000;
const vin = () => withVinCheckDigit(`LSVAU2180N2${String(vinSerial++).padStart(6, '0')}`);
const wrongCheckDigit = (v: string) => `${v.slice(0, 8)}${v[8] === '1' ? '2' : '1'}${v.slice(9)}`;

function goodRow(plate: string, extra: Partial<Record<(typeof HEAD)[number], string>> = {}): string[] {
  const base: Record<string, string> = {
    车牌号: plate,
    车架号: vin(),
    品牌: '大众',
    车系: '朗逸',
    车型: '朗逸 2023款 1.5L 自动新逸版',
    能源类型: '汽油',
    '电池容量(kWh)': '',
    注册日期: '2023/6/18',
    车辆类型: '经济型',
    所属公司: '',
    车辆状态: '在租',
    交强险公司: '人保财险',
    交强险到期日: '2026-06-17',
    备注: '',
    ...extra,
  };
  return HEAD.map((h) => base[h] ?? '');
}

async function send(path: string, file: Buffer, name = 'cars.xlsx', as = 'admin', rent?: number) {
  const { body, contentType } = multipart(name, name.endsWith('.csv') ? 'text/csv' : XLSX, file);
  return t.request('POST', `${X}/${path}`, {
    as,
    headers: { 'content-type': contentType },
    body,
    ...(rent ? { rent } : {}),
  });
}

const carCount = async () =>
  Number(
    (await t.deps.database.query<{ n: number }>(`select count(*)::int as n from cars where tenant_id = ${ids.demo}`))
      .rows[0]!.n,
  );

describe('header and template', () => {
  it('answers the columns of the car import in the caller language, with the accepted values', async () => {
    const res = await t.request('GET', `${X}/dynamic/table/header/car`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const h = res.json().data;
    expect(h).toMatchObject({ type: 'car', title: '车辆', syncMaxRows: 500, maxRows: 20000 });
    const plate = h.columns.find((c: { key: string }) => c.key === 'plate');
    expect(plate).toMatchObject({ title: '车牌号', titleEn: 'Plate', required: true });
    expect(
      h.columns.find((c: { key: string }) => c.key === 'energy').values.map((v: { label: string }) => v.label),
    ).toEqual(['汽油', '柴油', '混合动力', '纯电动']);
    expect(
      h.columns.find((c: { key: string }) => c.key === 'rent').values.map((v: { label: string }) => v.label),
    ).toEqual(['杭州公司', '上海公司']);
    const en = (await t.request('GET', `${X}/dynamic/table/header/car`, { as: 'admin', lang: 'en-US' })).json().data;
    expect(en.columns[0].title).toBe('Plate');
    expect((await t.request('GET', `${X}/dynamic/table/header/drivers`, { as: 'admin' })).statusCode).toBe(404);
    expect((await t.request('GET', `${X}/dynamic/table/header/car`, { as: 'clerk' })).statusCode).toBe(403);
    const expired = await t.request('GET', `${X}/dynamic/table/header/car`, { as: 'expired' });
    expect(expired.json().status).toBe(40302);
  });

  it('serves a template whose example row checks back (its plate is the demo one, already in the fleet)', async () => {
    const res = await t.request('GET', `${X}/template/car`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['车辆', '填写说明']);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['车牌号*', '车架号*', '发动机号', '品牌*']);
    const check = (await send('check/car/data', res.rawPayload, '车辆导入模板.xlsx')).json().data;
    expect(check).toMatchObject({ total: 1, valid: 0, invalid: 1, unknownColumns: [] });
    expect(check.errors).toEqual([
      { row: 2, column: 'plate', columnTitle: '车牌号', value: '浙A·D12345', message: '车牌号已存在' },
    ]);
  });
});

describe('check and small imports', () => {
  const rows = () => [
    HEAD,
    goodRow('浙AK1001'),
    goodRow('浙AK100I'), // I is not a plate character
    goodRow('浙AK1003', { 车架号: 'LSVAU2180N2OOO001' }),
    goodRow('浙AK1004', { 车架号: wrongCheckDigit(vin()) }), // imports with a warning
    goodRow('浙AK1005', { 品牌: '福特汽车' }),
    goodRow('浙AK1006', { 车系: '凯美瑞' }),
    goodRow('浙AK1001'), // the same plate as row 2
    goodRow('沪B·82M56'), // in the fleet already
    goodRow('浙AD10009', { 能源类型: '', 车型: '' }),
    goodRow('浙AK1010', { 能源类型: '汽油', '电池容量(kWh)': '60' }),
    goodRow('浙AK1011', { 注册日期: '2023-02-30' }),
    goodRow('浙AD10012', { 能源类型: '汽油' }),
    goodRow('浙AK1013', { 交强险公司: '某某保险', 交强险到期日: '' }),
    goodRow('浙AK1014', { 能源类型: '', 所属公司: '上海公司', 车辆状态: '维修' }), // energy from the model
    goodRow('浙AK1015', { 注册日期: '45096' }), // an Excel serial date
  ];

  it('reports every problem with its row, column and value, counts the good rows and stores nothing', async () => {
    const before = await carCount();
    const res = await send('check/car/data', await xlsxOf(rows()));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 15, valid: 4, invalid: 11, truncated: false });
    const byRow = (n: number) =>
      data.errors
        .filter((e: { row: number }) => e.row === n)
        .map((e: { column: string; message: string }) => `${e.column}:${e.message}`);
    expect(byRow(3)).toEqual(['plate:请输入正确的车牌号，如 浙A·12345 或 浙A·D12345']);
    expect(byRow(4)).toEqual(['vin:车架号为 17 位字母或数字，不含 I、O、Q']);
    expect(byRow(6)).toEqual(['brand:“福特汽车”不是可选值']);
    expect(byRow(7)).toEqual(['series:“凯美瑞”不是可选值']);
    expect(byRow(8)).toEqual(['plate:与第 2 行重复']);
    expect(byRow(9)).toEqual(['plate:车牌号已存在']);
    expect(byRow(10)).toEqual(['energy:必填']);
    expect(byRow(11)).toEqual(['batteryKwh:电池容量与续航只适用于纯电动或混合动力车辆']);
    expect(byRow(12)).toEqual(['registrationDate:日期格式不正确，请填写如 2024-03-05']);
    expect(byRow(13)).toEqual(['plate:新能源号牌只发给纯电动或混合动力车辆']);
    expect(byRow(14).sort()).toEqual([
      'compulsoryCompany:“某某保险”不是可选值',
      'compulsoryExpiry:填写了保险公司或保单号时，请填写到期日',
    ]);
    expect(data.warnings).toEqual([
      expect.objectContaining({ row: 5, column: 'vin', message: '车架号校验位（第 9 位）不正确，请核对' }),
    ]);
    expect(await carCount()).toBe(before);
    const en = (
      await t.request('POST', `${X}/check/car/data`, {
        as: 'admin',
        lang: 'en-US',
        headers: { 'content-type': multipart('a.xlsx', XLSX, await xlsxOf(rows())).contentType },
        body: multipart('a.xlsx', XLSX, await xlsxOf(rows())).body,
      })
    ).json().data;
    expect(en.errors.find((e: { row: number }) => e.row === 8).message).toBe('The same as row 2');
  });

  it('imports the good rows at once and reports the others exactly as the check did', async () => {
    const file = await xlsxOf(rows());
    const check = (await send('check/car/data', file)).json().data;
    const before = await carCount();
    const res = await send('import/car/data', file, 'cars.xlsx', 'admin', ids.hz);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ mode: 'sync', total: 15, imported: 4, failed: 11 });
    expect(data.errors).toEqual(check.errors);
    expect(await carCount()).toBe(before + 4);
    const list = async (plate: string) =>
      (await t.request('POST', '/api/ccwadmin/rentCar/list', { as: 'admin', body: { plate } })).json().data.rows[0];
    expect(await list('浙AK1001')).toMatchObject({
      rentName: '杭州公司',
      status: 'rented',
      brandName: '大众',
      carTypeName: '经济型',
      registrationDate: '2023-06-18',
    });
    expect(await list('浙AK1004')).toMatchObject({ vinValid: false });
    expect(await list('浙AK1014')).toMatchObject({ rentName: '上海公司', status: 'maintenance', energy: 'petrol' });
    expect((await list('浙AK1015')).registrationDate).toBe('2023-06-19');
    const car = await list('浙AK1001');
    const whole = (await t.request('GET', `/api/ccwadmin/rentCar/${car.id}`, { as: 'admin' })).json().data;
    expect(whole).toMatchObject({ compulsoryCompany: 'picc', registrationDate: '2023-06-18' });
    const ops = (
      await t.request('GET', '/api/ccwadmin/rentCar/operations', { as: 'admin', query: { carId: car.id } })
    ).json().data.rows;
    expect(ops).toEqual([expect.objectContaining({ kind: 'import', toStatus: 'rented' })]);
    const flagged = (
      await t.request('GET', '/api/ccwadmin/rentCar/car/info/error', {
        as: 'admin',
        query: { reason: 'vinCheckDigit' },
      })
    ).json().data.rows;
    expect(flagged.map((r: { plate: string }) => r.plate)).toContain('浙AK1004');
    // The same file again: every good row now clashes with the cars just imported.
    const again = (await send('import/car/data', file)).json().data;
    expect(again).toMatchObject({ imported: 0, failed: 15 });
  });

  it("imports into the rent named by {extra}, which must be one of the caller's", async () => {
    const file = await xlsxOf([HEAD, goodRow('沪AK2001', { 所属公司: '杭州公司' }), goodRow('沪AK2002')]);
    const res = await send(`import/car/data/${ids.sh}`, file);
    expect(res.json().data).toMatchObject({ mode: 'sync', imported: 2 });
    const sh = (
      await t.request('POST', '/api/ccwadmin/rentCar/list', { as: 'admin', body: { keyword: '沪AK200' } })
    ).json().data.rows;
    expect(sh.map((c: { rentName: string }) => c.rentName)).toEqual(['上海公司', '上海公司']);
    expect((await send(`import/car/data/${ids.bj}`, file)).statusCode).toBe(403);
    expect((await send(`import/car/data/abc`, file)).statusCode).toBe(403);
    expect((await send(`import/car/data/${ids.sh}`, file, 'cars.xlsx', 'clerk')).statusCode).toBe(403);
    expect((await send('check/car/data', file, 'cars.xlsx', 'clerk')).json().status).toBe(40301);
  });

  it('reads CSV too, and refuses unreadable, empty and header-less files', async () => {
    const csv = Buffer.from(`\uFEFF${HEAD.join(',')}\n${goodRow('浙AK3001').join(',')}\n`);
    expect((await send('check/car/data', csv, 'cars.csv')).json().data).toMatchObject({ total: 1, valid: 1 });
    const junk = await send('check/car/data', Buffer.from([0, 1, 2, 3, 4]), 'cars.bin');
    expect(junk.json()).toMatchObject({ status: 400, message: '无法读取文件，请上传 .xlsx 或 .csv' });
    expect((await send('check/car/data', await xlsxOf([HEAD]))).json().message).toBe('文件中没有数据行');
    const missing = await send(
      'check/car/data',
      await xlsxOf([
        ['车牌号', '颜色', '无关列'],
        ['浙AK3002', '白色', 'x'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(['vin', 'brand', 'series']);
    const unknown = (
      await send(
        'check/car/data',
        await xlsxOf([
          [...HEAD, '司机姓名'],
          [...goodRow('浙AK3003'), '王磊'],
        ]),
      )
    ).json().data;
    expect(unknown.unknownColumns).toEqual(['司机姓名']);
    const notMultipart = await t.request('POST', `${X}/check/car/data`, { as: 'admin', body: {} });
    expect(notMultipart.statusCode).toBe(400);
  });
});

describe('a large import', () => {
  it('checks 5,000 rows with mixed errors, imports them as a task, and both agree on the failed rows', async () => {
    const sheet: string[][] = [HEAD];
    const letters = 'BCEGLMNPQRSTUVWXYZ';
    for (let i = 0; i < 5000; i++) {
      const plate = `浙A${letters[Math.floor(i / 1000)]}${String(i % 1000).padStart(3, '0')}${letters[i % 7]}`;
      let row = goodRow(plate);
      if (i % 10 === 3)
        row = goodRow(`浙A${i}I`); // bad plate
      else if (i % 10 === 7) row = goodRow(plate, { 品牌: '不存在的品牌' });
      else if (i % 25 === 0 && i > 0)
        row = goodRow(sheet[i]![0]!); // same plate as the row above
      else if (i % 50 === 1)
        row = goodRow('沪B·82M56'); // in the fleet
      else if (i % 40 === 5) row = goodRow(plate, { 注册日期: '去年' });
      else if (i % 33 === 2) row = goodRow(plate, { 车架号: wrongCheckDigit(vin()) }); // warning only
      sheet.push(row);
    }
    const file = await xlsxOf(sheet);
    const started = Date.now();
    const check = (await send('check/car/data', file)).json().data;
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(check.total).toBe(5000);
    expect(check.valid + check.invalid).toBe(5000);
    expect(check.invalid).toBeGreaterThan(1000);
    expect(check.warnings.length).toBeGreaterThan(50);
    const failedRowsOfCheck = new Set<number>(check.errors.map((e: { row: number }) => e.row));
    expect(failedRowsOfCheck.size).toBe(Math.min(check.invalid, 1000));

    const before = await carCount();
    const res = (await send('import/car/data', file)).json().data;
    expect(res).toMatchObject({ mode: 'task', total: 5000 });
    const tasks = (await t.request('GET', '/api/ccwadmin/task/progress/list', { as: 'admin' })).json().data;
    expect(tasks.find((x: { id: number }) => x.id === res.taskId)).toMatchObject({
      category: 3,
      total: 5000,
      state: 'queued',
    });
    await t.deps.tasks.run(ids.demo, res.taskId, new AbortController().signal);
    const task = (await t.request('GET', `/api/ccwadmin/task/progress/get/${res.taskId}`, { as: 'admin' })).json().data;
    expect(task).toMatchObject({
      state: 'completed',
      processedNum: 5000,
      successNum: check.valid,
      failNum: check.invalid,
    });
    expect(task.result).toMatchObject({
      imported: check.valid,
      failed: check.invalid,
      truncated: check.invalid > 1000,
    });
    expect(task.result.errors).toEqual(check.errors);
    expect(await carCount()).toBe(before + check.valid);

    // A batch that comes again (a worker died after writing it) finds its rows: nothing is written twice.
    const { rows: taskRows } = await t.deps.database.query(
      `select * from task_progress where tenant_id = ${ids.demo} and id = ${res.taskId}`,
    );
    const { rows: items } = await t.deps.database.query<{ seq: number; payload: unknown }>(
      `select seq, payload from task_items where tenant_id = ${ids.demo} and task_id = ${res.taskId} order by seq limit 500`,
    );
    const row = taskRows[0] as Record<string, unknown>;
    const outcomes = await importTaskKind(t.deps).process(
      {
        task: { ...row, id: Number(row.id), tenantId: Number(row.tenant_id), targetId: String(row.target_id) } as never,
        signal: new AbortController().signal,
        log: t.deps.log,
      },
      items.map((i) => ({ seq: i.seq, payload: i.payload as never })),
    );
    const okCount = outcomes.filter((o) => o.ok).length;
    const firstBatchGood = items.filter((_, i) => !failedRowsOfCheck.has(i + 2)).length;
    expect(okCount).toBe(firstBatchGood);
    expect(await carCount()).toBe(before + check.valid);
  }, 120_000);
});
