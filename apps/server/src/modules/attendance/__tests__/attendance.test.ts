import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testStart, type TestApp } from '../../../test/harness.js';
import { caller, currentStepOf, ids as seedIds, staff } from '../../../test/office.js';
import { readXlsx } from '../../../test/xlsx.js';

const T = '/api/ccwadmin/oa/attendance';
const A = '/api/ccwadmin/oa/approval';
let t: TestApp;
let as: ReturnType<typeof staff>;
let ids: Awaited<ReturnType<typeof seedIds>>;

beforeAll(async () => {
  t = await createTestApp();
  as = staff(t);
  ids = await seedIds(t);
});
afterAll(async () => t.close());

const call = caller(
  () => t,
  '',
  () => as,
);
/** A Beijing wall-clock time. */
const at = (day: string, hhmm: string) => {
  t.clock.set(new Date(`${day}T${hhmm}:00+08:00`));
  as = staff(t);
};
const clock = (user: string, kind: 'in' | 'out', extra: Record<string, unknown> = {}) =>
  call('POST', `${T}/clock`, user, { kind, source: 'web', ...extra });

describe('shifts', () => {
  it('lists the seeded shifts and checks the hours, days and department of a shift in both languages', async () => {
    const list = (await call('GET', `${T}/shift/list`, 'admin')).json().data as {
      departmentId: number | null;
      name: string;
    }[];
    expect(list.map((s) => s.name)).toEqual(['标准班', '客服早班']);
    const bad = await call('POST', `${T}/shift/save`, 'admin', {
      departmentId: null,
      name: '标准班',
      workDays: [1],
      startTime: '18:00',
      endTime: '09:00',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'endTime', message: '下班时间须晚于上班时间' });
    const en = await t.request('POST', `${T}/shift/save`, {
      ...(await as('admin')),
      lang: 'en-US',
      body: { departmentId: null, name: 'x', workDays: [], startTime: '9:00', endTime: '18:00' },
    });
    expect(en.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Choose at least one working day', 'A time is HH:MM']),
    );
    const unknown = await call('POST', `${T}/shift/save`, 'admin', {
      departmentId: 999999,
      name: 'x',
      workDays: [1],
      startTime: '09:00',
      endTime: '18:00',
    });
    expect(unknown.json().errors[0].path).toBe('departmentId');
    expect(
      (
        await call('POST', `${T}/shift/save`, 'liuyang', {
          departmentId: null,
          name: 'x',
          workDays: [1],
          startTime: '09:00',
          endTime: '18:00',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', `${T}/shift/list`, 'other')).json().data).toEqual([]);
    expect((await call('GET', `${T}/shift/list`, 'clerk')).statusCode).toBe(403);
  });
});

describe('clocking and the monthly sheet', () => {
  it('marks late and early, refuses a second clock-in, counts leave from an approved request, and exports', async () => {
    // 2027-03-01 is a Monday; zhengkai works the default shift 09:00-18:00 with 5 minutes' grace.
    at('2027-03-01', '09:20');
    const late = await clock('zhengkai', 'in', {
      source: 'mobile',
      latitude: 30.274085,
      longitude: 120.15507,
      address: '杭州市西湖区文三路 398 号',
    });
    expect(late.json().data).toMatchObject({ mark: 'late', source: 'mobile', latitude: 30.274085, day: '2027-03-01' });
    expect((await clock('zhengkai', 'in')).statusCode).toBe(409);
    at('2027-03-01', '17:30');
    expect((await clock('zhengkai', 'out')).json().data.mark).toBe('early');
    expect((await clock('sunli', 'out')).statusCode).toBe(409);
    const bad = await call('POST', `${T}/clock`, 'zhengkai', { kind: 'in', source: 'web', latitude: 91 });
    expect(bad.json().errors[0].path).toBe('latitude');

    // Leave on Tuesday, approved by his department head.
    const saved = await call('POST', `${A}/request/save`, 'zhengkai', {
      businessType: 'leave',
      summary: '事假一天',
      form: { leaveType: 'personal', startsOn: '2027-03-02', endsOn: '2027-03-02' },
    });
    const sent = await call('POST', `${A}/request/submit/${saved.json().data.id}`, 'zhengkai');
    expect(
      (
        await call('POST', `${A}/request/decide/${sent.json().data.id}`, 'liuyang', {
          decision: 'approved',
          step: await currentStepOf(t, sent.json().data.id),
        })
      ).json().data.status,
    ).toBe('approved');

    at('2027-03-03', '08:55');
    expect((await clock('zhengkai', 'in')).json().data.mark).toBeNull();
    const today = (await call('GET', `${T}/today`, 'zhengkai')).json().data;
    expect(today).toMatchObject({ day: '2027-03-03', workday: true, absence: null });
    expect(today.shift.name).toBe('标准班');

    const mine = (await call('GET', `${T}/sheet`, 'zhengkai', undefined, { month: '2027-03' })).json().data;
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({
      name: '郑凯',
      workdays: 3,
      attended: 2,
      late: 1,
      early: 1,
      absent: 0,
      leave: 1,
      missingOut: 0,
    });
    const all = (await call('GET', `${T}/sheet`, 'admin', undefined, { month: '2027-03' })).json().data;
    const liuyang = all.rows.find((r: { name: string }) => r.name === '刘洋');
    // liuyang did not clock in on Monday or Tuesday: absent twice; today is not over.
    expect(liuyang).toMatchObject({ workdays: 3, attended: 0, absent: 2 });
    const hz = all.departments.find((d: { departmentName: string }) => d.departmentName === '杭州车管组');
    expect(hz.late).toBeGreaterThanOrEqual(1);
    expect(hz.employees).toBeGreaterThanOrEqual(2);

    const others = await call('GET', `${T}/record/list`, 'zhengkai', undefined, { userId: ids.user('liuyang') });
    expect(others.statusCode).toBe(403);
    const own = (await call('GET', `${T}/record/list`, 'zhengkai', undefined, { month: '2027-03' })).json().data;
    expect(own.total).toBe(3);
    expect((await call('GET', `${T}/record/list`, 'other', undefined, { month: '2027-03' })).json().data.total).toBe(0);

    const file = await call('POST', `${T}/sheet/export`, 'admin', { month: '2027-03' });
    expect(file.statusCode).toBe(200);
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet[0]!.slice(0, 4)).toEqual(['姓名', '部门', '班次', '应出勤（天）']);
    expect(
      sheet
        .find((r) => r[0] === '郑凯')!
        .slice(3, 7)
        .map(Number),
    ).toEqual([3, 2, 1, 1]);
    expect((await call('POST', `${T}/sheet/export`, 'zhengkai', { month: '2027-03' })).statusCode).toBe(403);
  });

  it('has a month of seeded attendance', async () => {
    t.clock.set(testStart());
    const month = t.clock.now().toISOString().slice(0, 7);
    as = staff(t);
    const res = await call('GET', `${T}/record/list`, 'admin', undefined, { pageSize: 5 });
    expect(res.json().data.total).toBeGreaterThan(100);
    expect((await call('GET', `${T}/sheet`, 'admin', undefined, { month })).statusCode).toBe(200);
  });
});
