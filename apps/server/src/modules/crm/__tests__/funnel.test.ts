import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmPaths as P, type Funnel } from '@fleetdesk/contracts/crm';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addUser } from '../../../test/users.js';
import { data, lead, q, roleWith, seeded } from './open.fixtures.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seeded>>;
let admin: number;
let sales: { id: number; token: string };
let driverId: number;

const call = (method: 'GET', url: string, o: Parameters<TestApp['request']>[2] = {}) =>
  t.request(method, url, { as: 'admin', ...o });
// Months long before the demo's leads (the seed makes the last six months'), in Asia/Shanghai.
const range = { from: '2020-01', to: '2020-03' };
const at = (iso: string) => new Date(iso);

async function log(leadId: number, action: string, when: string, by: number | null) {
  await q(
    t,
    `insert into crm_owner_log (tenant_id, lead_id, action, from_user, to_user, by_user, at) values ($1, $2, $3, null, null, $4, $5)`,
    [ids.demo, leadId, action, by, when],
  );
}
async function followUp(leadId: number, userId: number, when: string) {
  await q(
    t,
    `insert into crm_follow_ups (tenant_id, lead_id, user_id, at, way, content) values ($1, $2, $3, $4, 'phone', '电话沟通')`,
    [ids.demo, leadId, userId, when],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await seeded(t);
  admin = ids.user('admin');
  const role = await roleWith(t, ids.demo, 'funnelSales', ['crm', 'crm:view', 'crm:export'], 'own');
  sales = await addUser(t, 'funnel_sales', { roleIds: [role], rentIds: [ids.hz] });
  const [d] = await q<{ id: number }>(t, `select id from drivers where tenant_id = $1 order by id limit 1`, [ids.demo]);
  driverId = Number(d!.id);
  // January (Shanghai): three leads of HZ; one won on 2020-01-21 after 10 days, one lost, one in the pool.
  const won = await lead(t, {
    tenantId: ids.demo,
    rentId: ids.hz,
    ownerId: admin,
    state: 'won',
    source: 'referral',
    createdAt: at('2020-01-11T02:00:00Z'),
    wonAt: at('2020-01-21T02:00:00Z'),
    driverId,
  });
  await lead(t, {
    tenantId: ids.demo,
    rentId: ids.hz,
    ownerId: admin,
    state: 'lost',
    source: 'phone',
    createdAt: at('2020-01-15T02:00:00Z'),
  });
  const pooled = await lead(t, {
    tenantId: ids.demo,
    rentId: ids.hz,
    source: 'phone',
    createdAt: at('2020-01-20T02:00:00Z'),
  });
  // 2020-01-31 16:30 UTC is 1 February 00:30 in Shanghai: a February lead, of the sales user's, won in March.
  const feb = await lead(t, {
    tenantId: ids.demo,
    rentId: ids.hz,
    ownerId: sales.id,
    state: 'won',
    source: 'onlineForm',
    createdAt: at('2020-01-31T16:30:00Z'),
    wonAt: at('2020-03-02T04:30:00Z'),
    driverId,
  });
  // SH: one lead in March (out of the HZ filter and of the sales user's rents).
  await lead(t, {
    tenantId: ids.demo,
    rentId: ids.sh,
    ownerId: admin,
    source: 'walkIn',
    createdAt: at('2020-03-05T02:00:00Z'),
  });
  await log(pooled, 'return', '2020-01-25T02:00:00Z', null);
  await log(pooled, 'claim', '2020-02-03T02:00:00Z', sales.id);
  await followUp(won, admin, '2020-01-12T02:00:00Z');
  await followUp(won, admin, '2020-01-13T02:00:00Z');
  await followUp(feb, sales.id, '2020-02-10T02:00:00Z');
  // Before the range: not counted.
  await followUp(won, admin, '2019-12-31T15:59:00Z');
});
afterAll(async () => t.close());

describe('the funnel', () => {
  it('counts by month created in the tenant zone: sources, states, won, conversion, days to won, pool flows', async () => {
    const f = await data<Funnel>(await call('GET', P.reportFunnel, { query: { ...range, rentId: ids.hz } }));
    expect(f.months.map((m) => m.month)).toEqual(['2020-01', '2020-02', '2020-03']);
    const [jan, feb, mar] = f.months;
    expect(jan).toMatchObject({
      created: 3,
      won: 1,
      cohortWon: 1,
      conversionRate: 0.3333,
      avgDaysToWon: 10,
      poolIn: 1,
      poolOut: 0,
    });
    expect(jan!.bySource).toMatchObject({ referral: 1, phone: 2, walkIn: 0, onlineForm: 0 });
    expect(jan!.byState).toMatchObject({ won: 1, lost: 1, new: 1, following: 0, paused: 0 });
    expect(feb).toMatchObject({ created: 1, won: 0, cohortWon: 1, conversionRate: 1, avgDaysToWon: 30.5, poolOut: 1 });
    expect(mar).toMatchObject({ created: 0, won: 1, cohortWon: 0, conversionRate: null, avgDaysToWon: null });
    expect(f.totals).toEqual({ created: 4, won: 2, conversionRate: 0.5, avgDaysToWon: 20.3, poolIn: 1, poolOut: 1 });
    expect(f.sources.find((s) => s.source === 'phone')).toEqual({
      source: 'phone',
      created: 2,
      won: 0,
      conversionRate: 0,
    });
    expect(f.sources.find((s) => s.source === 'referral')!.conversionRate).toBe(1);
    expect(f.owners).toEqual([
      { ownerId: admin, ownerName: '张伟', owned: 2, followUps: 2, won: 1, conversionRate: 0.5 },
      { ownerId: sales.id, ownerName: 'funnel_sales', owned: 1, followUps: 1, won: 1, conversionRate: 1 },
    ]);
    const all = await data<Funnel>(await call('GET', P.reportFunnel, { query: range }));
    expect(all.totals.created).toBe(5);
    expect(all.months[2]!.bySource.walkIn).toBe(1);
  });

  it("gives the own scope its leads and the pool's only", async () => {
    const f = await data<Funnel>(await call('GET', P.reportFunnel, { token: sales.token, query: range }));
    expect(f.totals.created).toBe(2);
    expect(f.months[0]!.created).toBe(1);
    expect(f.owners.map((o) => o.ownerId)).toEqual([sales.id]);
  });

  it('refuses more than 24 months (400), a rent out of scope (403), no permission (403); another tenant sees none', async () => {
    expect((await call('GET', P.reportFunnel, { query: { from: '2020-01', to: '2022-01' } })).statusCode).toBe(400);
    expect((await call('GET', P.reportFunnel, { query: { from: '2020-03', to: '2020-01' } })).statusCode).toBe(400);
    expect((await call('GET', P.reportFunnel, { query: { from: '2020-13', to: '2020-01' } })).statusCode).toBe(400);
    expect((await call('GET', P.reportFunnel, { query: { ...range, rentId: ids.bj } })).statusCode).toBe(403);
    expect(
      (await call('GET', P.reportFunnel, { token: sales.token, query: { ...range, rentId: ids.sh } })).statusCode,
    ).toBe(403);
    expect((await call('GET', P.reportFunnel, { as: 'clerk', query: range })).statusCode).toBe(403);
    const other = await data<Funnel>(await call('GET', P.reportFunnel, { as: 'other', query: range }));
    expect(other.totals.created).toBe(0);
    expect(other.owners).toEqual([]);
  });

  it('exports the months, sources and owners as a workbook', async () => {
    const res = await call('GET', P.reportExport, { query: { ...range, rentId: ids.hz } });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['按月份', '按来源', '按负责人']);
    expect(wb.worksheets[0]!.rowCount).toBe(4);
    expect(wb.worksheets[0]!.getRow(2).getCell(1).value).toBe('2020-01');
    expect(wb.worksheets[2]!.getRow(2).getCell(1).value).toBe('张伟');
    const en = await call('GET', P.reportExport, { lang: 'en-US', query: range });
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(wbEn.worksheets.map((w) => w.name)).toEqual(['By month', 'By source', 'By owner']);
    expect(
      (await call('GET', P.reportExport, { token: sales.token, query: { from: '2020-01', to: '2020-01' } })).statusCode,
    ).toBe(200);
    expect((await call('GET', P.reportExport, { as: 'clerk', query: range })).statusCode).toBe(403);
  });
});
