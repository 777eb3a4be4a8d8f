import { addDays } from '@fleetdesk/contracts/dates';
import type { DriverRanking, FlowDay, TeamMonth } from '@fleetdesk/contracts/team-performance';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDays } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { readXlsx, xlsxOf } from '../../../test/xlsx.js';
import { seedIds } from '../../../test/users.js';

const A = '/api/ccwadmin';
const X = `${A}/excel/data`;
const P = `${A}/teamPerf`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let r: Awaited<ReturnType<typeof seedIds>>;
let team: TeamDetail;
let drivers: { id: number; name: string; phone: string }[];
let today: string;
let month: string;
let day1: string;

async function send(
  path: string,
  rows: (string | number | null)[][],
  as: { as?: string; token?: string } = { as: 'admin' },
) {
  const { body, contentType } = multipart('flows.xlsx', XLSX, await xlsxOf(rows));
  return t.request('POST', `${X}/${path}`, { ...as, headers: { 'content-type': contentType }, body });
}

beforeAll(async () => {
  t = await createTestApp();
  r = await seedIds(t);
  today = (await tenantDays(t.deps.db, r.demo, t.clock.now())).today;
  month = today.slice(0, 7);
  day1 = `${month}-01`;
  const fleet = (
    await t.request('POST', `${A}/team/create`, { as: 'admin', body: { rentId: r.hz, name: '绩效测试队' } })
  ).json().data as TeamDetail;
  team = (
    await t.request('POST', `${A}/team/create`, {
      as: 'admin',
      body: { rentId: r.hz, parentId: fleet.id, name: '绩效一组' },
    })
  ).json().data as TeamDetail;
  const { rows } = await t.deps.database.query<{ id: number; name: string; phone: string }>(
    `select id, name, phone from drivers where tenant_id = $1 and rent_id = $2 and state = 'active'
      and deleted_at is null order by id limit 3`,
    [r.demo, r.hz],
  );
  drivers = rows.map((d) => ({ ...d, id: Number(d.id) }));
  // the demo's own figures of these drivers aside
  await t.deps.database.query(`delete from driver_flow_days where driver_id = any($1)`, [drivers.map((d) => d.id)]);
  const add = await t.request('POST', `${A}/team/members/add`, {
    as: 'admin',
    body: { teamId: team.id, driverIds: drivers.map((d) => d.id) },
  });
  expect(add.statusCode, add.body).toBe(200);
});
afterAll(async () => t.close());

describe('the driver_flow import', () => {
  it("reads each platform's own export, reports bad rows, and replaces a day imported again", async () => {
    const [d1, d2, d3] = drivers as [(typeof drivers)[0], (typeof drivers)[0], (typeof drivers)[0]];
    const didi = [
      ['司机手机号', '司机姓名', '日期', '在线时长（小时）', '完成订单数', '流水(元)'],
      [d1.phone, d1.name, day1, 10, 30, 900.5],
      [d2.phone, '别的名字', day1, 8, 20, 600],
      ['13000000009', '', day1, 5, 5, 100],
      [d3.phone, '', addDays(today, 1), 5, 5, 100],
      [d1.phone, '', day1, 1, 1, 1],
      [d3.phone, '', day1, 'abc', 5, 100],
      ['', '', day1, 1, 1, 1],
    ];
    // the check has no platform: each row needs one
    const check = await send('check/driver_flow/data', didi);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ total: 7, valid: 0 });
    // with the platform, as the import will read it
    const checkDidi = await send('check/driver_flow/data/didi', didi);
    expect(checkDidi.json().data).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    expect((await send('check/driver_flow/data/uber', didi)).statusCode).toBe(400);

    const res = await send('import/driver_flow/data/didi', didi);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 7, imported: 2, failed: 5 });
    const errors = (res.json().data.errors as { row: number; column: string }[]).map((e) => `${e.row}:${e.column}`);
    expect(errors).toEqual(expect.arrayContaining(['4:phone', '5:day', '6:day', '7:onlineHours', '8:phone']));
    const warnings = (res.json().data.warnings ?? []) as { row: number; column: string }[];
    expect(warnings.map((w) => `${w.row}:${w.column}`)).toContain('3:name');

    // Amap's headers, minutes instead of hours, a platform column
    const gaode = [
      ['手机号', '统计日期', '在线时长(分钟)', '完单量', '总流水', '平台'],
      [d2.phone, day1, 300, 12, 500, '高德'],
      [d3.phone, day1, 240, 9, 300, '高德打车'],
    ];
    expect((await send('import/driver_flow/data', gaode)).json().data).toMatchObject({ imported: 2, failed: 0 });

    // DiDi's day of d1 again: replaced, with a warning
    const again = [didi[0]!, [d1.phone, d1.name, day1, 10, 31, 920]];
    const replaced = await send('import/driver_flow/data/didi', again);
    expect(replaced.json().data).toMatchObject({ imported: 1 });
    expect((replaced.json().data.warnings as { column: string }[]).map((w) => w.column)).toEqual(['day']);

    const days = await t.request('GET', `${P}/days`, { as: 'admin', query: { teamId: team.id, pageSize: 50 } });
    const list = days.json().data.rows as FlowDay[];
    expect(list).toHaveLength(4);
    expect(list.find((d) => d.driverId === d1.id)).toMatchObject({
      platform: 'didi',
      orders: 31,
      flow: 920,
      onlineMinutes: 600,
    });
    expect(
      list
        .filter((d) => d.platform === 'gaode')
        .map((d) => d.onlineMinutes)
        .sort(),
    ).toEqual([240, 300]);

    // an unknown platform in the path: 400; no teams:import: 403
    expect((await send('import/driver_flow/data/uber', again)).statusCode).toBe(400);
    expect((await send('check/driver_flow/data', again, { as: 'clerk' })).statusCode).toBe(403);
  });
});

describe("the month's ranking", () => {
  it('ranks by the tenant weights, sums the nodes, and exports', async () => {
    const [d1, d2, d3] = drivers as [(typeof drivers)[0], (typeof drivers)[0], (typeof drivers)[0]];
    const zero = { flow: 0, orders: 0, onlineHours: 0, onTime: 0, overdueDays: 0, violations: 0, accidents: 0 };
    const bad = await t.request('PUT', `${P}/weights`, { as: 'admin', body: zero });
    expect(bad.statusCode).toBe(400);
    const put = await t.request('PUT', `${P}/weights`, { as: 'admin', body: { ...zero, flow: 100 } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.request('GET', `${P}/weights`, { as: 'admin' })).json().data.flow).toBe(100);

    const res = await t.request('GET', `${P}/drivers`, { as: 'admin', query: { month, teamId: team.id } });
    expect(res.statusCode, res.body).toBe(200);
    const ranking = res.json().data as DriverRanking;
    // d2 600 + 500 = 1,100; d1 920 (replaced); d3 300
    expect(ranking.rows.map((x) => [x.driverId, x.rank, x.score, x.flow])).toEqual([
      [d2.id, 1, 100, 1100],
      [d1.id, 2, expect.closeTo(77.5, 1), 920],
      [d3.id, 3, 0, 300],
    ]);
    expect(ranking.rows[0]).toMatchObject({ orders: 32, onlineMinutes: 780, teamName: '绩效一组' });
    const one = await t.request('GET', `${P}/drivers`, {
      as: 'admin',
      query: { month, teamId: team.id, keyword: d3.name },
    });
    expect((one.json().data as DriverRanking).rows.map((x) => x.rank)).toEqual([3]);

    const nodes = (await t.request('GET', `${P}/teams`, { as: 'admin', query: { month } })).json().data as TeamMonth[];
    const mine = nodes.find((n) => n.teamId === team.id)!;
    expect(mine).toMatchObject({ drivers: 3, flow: 2320, orders: 72, flowPerDriver: expect.closeTo(773.33, 2) });
    expect(nodes.find((n) => n.teamId === team.parentId)).toMatchObject({ drivers: 3, flow: 2320 });

    const xlsx = await t.request('GET', `${P}/export`, { as: 'admin', query: { month, teamId: team.id } });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet[0]![0]).toBe('排名');
    expect(sheet.slice(1).map((row) => row[1])).toEqual([d2.name, d1.name, d3.name]);

    // refusals: the clerk has no teams:view; another tenant does not see the node
    expect((await t.request('GET', `${P}/drivers`, { as: 'clerk', query: { month } })).statusCode).toBe(403);
    expect(
      (await t.request('GET', `${P}/drivers`, { as: 'other', query: { month, teamId: team.id } })).statusCode,
    ).toBe(404);
    expect((await t.request('PUT', `${P}/weights`, { as: 'clerk', body: { ...zero, flow: 1 } })).statusCode).toBe(403);
    expect((await t.request('GET', `${P}/drivers`, { as: 'admin', query: { month: '2026-13' } })).statusCode).toBe(400);
  });
});
