import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { caller, staff } from '../../../test/office.js';
import { readXlsx, xlsxOf } from '../../../test/xlsx.js';
import { parseTime } from '../attendance.import.js';

const X = '/api/ccwadmin/excel/data';
const T = '/api/ccwadmin/oa/attendance';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let as: ReturnType<typeof staff>;
let liuyangPhone: string;

beforeAll(async () => {
  t = await createTestApp();
  // Wednesday 2027-04-07, noon in Beijing: Monday and Tuesday are past, Thursday is the future.
  t.clock.set(new Date('2027-04-07T12:00:00+08:00'));
  as = staff(t);
  liuyangPhone = (await t.deps.database.query<{ phone: string }>(`select phone from users where username = 'liuyang'`))
    .rows[0]!.phone;
});
afterAll(async () => t.close());

const call = caller(
  () => t,
  '',
  () => as,
);

const HEAD = ['员工', '日期', '上班时间', '下班时间', '打卡地点', '备注'];

async function send(path: string, rows: (string | number | null)[][], user = 'admin', lang?: 'en-US') {
  const { body, contentType } = multipart('attendance.xlsx', XLSX, await xlsxOf(rows));
  return t.request('POST', `${X}/${path}`, {
    ...(await as(user)),
    headers: { 'content-type': contentType },
    body,
    ...(lang ? { lang } : {}),
  });
}

const rows = () => [
  HEAD,
  ['zhengkai', '2027-04-05', '09:20', '17:30', '杭州公司前台', '考勤机'],
  [liuyangPhone, '2027/4/5', '0.375', '', '', ''],
  ['nobody', '2027-04-05', '09:00', '18:00', '', ''],
  ['zhengkai', '2027-02-30', '25:00', '', '', ''],
  ['sunli', '2027-04-06', '18:00', '09:00', '', ''],
  ['ZhengKai', '2027-04-05', '09:00', '18:00', '', ''],
  ['liuyang', '2027-04-08', '09:00', '', '', ''],
  ['liuyang', '2027-04-07', '11:00', '13:00', '', ''],
  ['other', '2027-04-05', '09:00', '18:00', '', ''],
];

describe('attendance import', () => {
  it('reads times as people and Excel write them', () => {
    expect(parseTime('9:05')).toBe(545);
    expect(parseTime('09:05:30')).toBe(545);
    expect(parseTime('9点05')).toBe(545);
    expect(parseTime('0.5')).toBe(720);
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('9.05')).toBeNull();
  });

  it('answers its header and template', async () => {
    const res = await call('GET', `${X}/dynamic/table/header/attendance`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.columns.map((c: { title: string }) => c.title)).toEqual(HEAD);
    const template = await call('GET', `${X}/template/attendance`, 'admin');
    expect(template.statusCode).toBe(200);
    expect((await readXlsx(template.rawPayload))[0]).toEqual(HEAD.map((h, i) => (i < 3 ? `${h}*` : h)));
  });

  it('checks every row (employee, dates, times, order, duplicates) without writing', async () => {
    const res = await send('check/attendance/data', rows());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 9, valid: 2, invalid: 7 });
    const at = (row: number) =>
      data.errors
        .filter((e: { row: number }) => e.row === row)
        .map((e: { column: string; message: string }) => `${e.column}: ${e.message}`);
    expect(at(4)).toEqual(['employee: 没有用户名或手机号为“nobody”的员工']);
    expect(at(5).sort()).toEqual([
      'clockIn: 时间格式不正确，请填写如 09:05',
      'day: 日期格式不正确，请填写如 2024-03-05',
    ]);
    expect(at(6)).toEqual(['clockOut: 下班时间须晚于上班时间']);
    expect(at(7)).toEqual(['day: 与第 2 行重复']);
    expect(at(8)).toEqual(['day: 日期不能晚于今天']);
    expect(at(9)).toEqual(['clockOut: 时间不能晚于现在']);
    // Another tenant's account is nobody here.
    expect(at(10)).toEqual(['employee: 没有用户名或手机号为“other”的员工']);
    const { rows: written } = await t.deps.database.query(`select 1 from attendance_records where source = 'import'`);
    expect(written).toHaveLength(0);

    const en = (await send('check/attendance/data', rows(), 'admin', 'en-US')).json().data;
    expect(en.errors.find((e: { row: number }) => e.row === 6).message).toBe(
      'The clock-out must be after the clock-in',
    );
  });

  it('imports the good rows as records of source import, marked like clock-ins, and only once', async () => {
    const res = await send('import/attendance/data', rows());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mode: 'sync', total: 9, imported: 2, failed: 7 });
    const list = (await call('GET', `${T}/record/list`, 'admin', undefined, { month: '2027-04', pageSize: 50 })).json()
      .data;
    const imported = list.rows.filter((r: { source: string }) => r.source === 'import');
    expect(
      imported.map((r: { userName: string; kind: string; at: string; mark: string | null; address: string | null }) => [
        r.userName,
        r.kind,
        r.at,
        r.mark,
        r.address,
      ]),
    ).toEqual([
      ['郑凯', 'out', '2027-04-05T09:30:00.000Z', 'early', '杭州公司前台 · 考勤机'],
      ['郑凯', 'in', '2027-04-05T01:20:00.000Z', 'late', '杭州公司前台 · 考勤机'],
      ['刘洋', 'in', '2027-04-05T01:00:00.000Z', null, null],
    ]);
    const sheet = (await call('GET', `${T}/sheet`, 'zhengkai', undefined, { month: '2027-04' })).json().data;
    expect(sheet.rows[0]).toMatchObject({ attended: 1, late: 1, early: 1 });
    const { rows: logs } = await t.deps.database.query<{ summary: { ref: string } }>(
      `select summary from operation_logs where action = 'attendance.import'`,
    );
    expect(logs.map((l) => l.summary.ref).sort()).toEqual([
      expect.stringMatching(/^imp:\d+:2$/),
      expect.stringMatching(/^imp:\d+:3$/),
    ]);

    const again = await send('import/attendance/data', rows().slice(0, 3));
    expect(again.json().data).toMatchObject({ imported: 0, failed: 2 });
    const check = (await send('check/attendance/data', rows().slice(0, 2))).json().data;
    expect(check.errors[0]).toMatchObject({ row: 2, column: 'day', message: '该员工当天已有上班打卡记录' });
  });

  it('needs oaAttendance:import, and another tenant imports only its own people', async () => {
    expect((await send('check/attendance/data', rows(), 'clerk')).statusCode).toBe(403);
    expect((await send('import/attendance/data', rows(), 'zhengkai')).statusCode).toBe(403);
    expect((await call('GET', `${X}/dynamic/table/header/attendance`, 'zhengkai')).statusCode).toBe(403);
    const other = await send('check/attendance/data', [HEAD, ['zhengkai', '2027-04-06', '09:00', '', '', '']], 'other');
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ valid: 0, invalid: 1 });
    expect(other.json().data.errors[0].column).toBe('employee');
  });
});
