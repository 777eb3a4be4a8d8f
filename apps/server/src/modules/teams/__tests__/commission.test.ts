import { addMonths } from '@fleetdesk/contracts/dates';
import type { CommissionRule, TeamStatement, TeamStatementDetail } from '@fleetdesk/contracts/team-performance';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDays } from '../../../core/tenant-time.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { seedIds } from '../../../test/users.js';
import { runTeamStatements } from '../register.js';

const A = '/api/ccwadmin';
let t: TestApp;
let r: Awaited<ReturnType<typeof seedIds>>;
let fleet: TeamDetail;
let team: TeamDetail;
let withContract: number;
let without: number;
let centreId: number;
let lastMonth: string;
let today: string;

const q = async <R>(text: string, params: unknown[] = []) => (await t.deps.database.query<R>(text, params)).rows;
const fieldsOf = (res: { json(): { errors?: { path: string }[] } }) => (res.json().errors ?? []).map((e) => e.path);

async function node(body: Record<string, unknown>): Promise<TeamDetail> {
  const res = await t.request('POST', `${A}/team/create`, { as: 'admin', body: { rentId: r.hz, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TeamDetail;
}

const rule = (teamId: number, extra: Record<string, unknown> = {}) => ({
  teamId,
  enabled: true,
  flowTarget: 500,
  flowSharePct: 10,
  onTimeBonus: 100,
  violationPenalty: 50,
  accidentPenalty: 200,
  leaderPct: 2,
  costCentreId: centreId,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  r = await seedIds(t);
  today = (await tenantDays(t.deps.db, r.demo, t.clock.now())).today;
  lastMonth = addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const [admin] = await q<{ id: number }>(`select id from users where username = 'admin'`);
  fleet = await node({ name: '提成测试队', leaderKind: 'employee', leaderUserId: Number(admin!.id) });
  team = await node({ name: '提成一组', parentId: fleet.id });
  const [a] = await q<{ id: number }>(
    `select d.id from drivers d where d.tenant_id = $1 and d.rent_id = $2 and d.state = 'active' and d.deleted_at is null
      and exists (select 1 from rental_contracts k where k.tenant_id = d.tenant_id and k.driver_id = d.id and k.state = 'signed')
      order by d.id limit 1`,
    [r.demo, r.hz],
  );
  const [b] = await q<{ id: number }>(
    `select d.id from drivers d where d.tenant_id = $1 and d.rent_id = $2 and d.state in ('active', 'prospect')
      and d.deleted_at is null and not exists (select 1 from rental_contracts k where k.tenant_id = d.tenant_id
        and k.driver_id = d.id) order by d.id limit 1`,
    [r.demo, r.hz],
  );
  withContract = Number(a!.id);
  without = Number(b!.id);
  const moved = await t.request('POST', `${A}/team/members/add`, {
    as: 'admin',
    body: { teamId: team.id, driverIds: [withContract, without] },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  // last month's platform figures: 2,000 and 300 yuan
  await q(`delete from driver_flow_days where driver_id = any($1)`, [[withContract, without]]);
  for (const [id, fen] of [
    [withContract, 200_000],
    [without, 30_000],
  ] as const) {
    await q(
      `insert into driver_flow_days (tenant_id, driver_id, rent_id, day, platform, online_minutes, orders, flow_fen, source)
        values ($1, $2, $3, $4::date, 'didi', 600, 20, $5, 'import')`,
      [r.demo, id, r.hz, `${lastMonth}-15`, fen],
    );
  }
  const [centre] = await q<{ id: number }>(
    `select id from cost_centres where tenant_id = $1 and enabled order by id limit 1`,
    [r.demo],
  );
  centreId = Number(centre!.id);
});
afterAll(async () => t.close());

describe('commission rules', () => {
  it('are set per node, checked field by field', async () => {
    const none = (await t.request('GET', `${A}/teamCommission/rule/${team.id}`, { as: 'admin' })).json()
      .data as CommissionRule;
    expect(none).toMatchObject({ enabled: false, flowSharePct: 0, updatedAt: null });
    const saved = await t.request('PUT', `${A}/teamCommission/rule`, { as: 'admin', body: rule(fleet.id) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      teamName: '提成测试队',
      flowSharePct: 10,
      leaderPct: 2,
      costCentreName: expect.any(String),
    });
    const bad = await t.request('PUT', `${A}/teamCommission/rule`, {
      as: 'admin',
      body: rule(fleet.id, { flowSharePct: 10.25, leaderPct: 30, onTimeBonus: -1 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['flowSharePct', 'leaderPct', 'onTimeBonus']);
    const centre = await t.request('PUT', `${A}/teamCommission/rule`, {
      as: 'admin',
      body: rule(fleet.id, { costCentreId: 999_999 }),
    });
    expect(fieldsOf(centre)).toEqual(['costCentreId']);
    expect((await t.request('PUT', `${A}/teamCommission/rule`, { as: 'clerk', body: rule(fleet.id) })).statusCode).toBe(
      403,
    );
    expect((await t.request('GET', `${A}/teamCommission/rule/${fleet.id}`, { as: 'other' })).statusCode).toBe(404);
  });
});

describe('monthly statements', () => {
  it('are computed from the month, approved, and become contract lines and the leader payable', async () => {
    // the month is not over: refused; a node without a rule: refused
    expect(
      (
        await t.request('POST', `${A}/teamStatement/compute`, {
          as: 'admin',
          body: { teamId: fleet.id, month: today.slice(0, 7) },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.request('POST', `${A}/teamStatement/compute`, {
          as: 'admin',
          body: { teamId: team.id, month: lastMonth },
        })
      ).statusCode,
    ).toBe(409);

    const res = await t.request('POST', `${A}/teamStatement/compute`, {
      as: 'admin',
      body: { teamId: fleet.id, month: lastMonth },
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as TeamStatementDetail;
    expect(s).toMatchObject({ state: 'draft', drivers: 2, flow: 2300, leaderCommission: 46 });
    const a = s.lines.find((l) => l.driverId === withContract)!;
    const b = s.lines.find((l) => l.driverId === without)!;
    // 10 % of 2,000 - 500; the bonus when every rent line of the month was paid on time; 50 per violation
    const bonusA = a.rentLines > 0 && a.onTimeLines === a.rentLines ? 100 : 0;
    expect(a).toMatchObject({ share: 150, bonus: bonusA, penalty: a.violations * 50 + a.accidents * 200 });
    expect(a.net).toBeCloseTo(150 + bonusA - a.penalty, 2);
    expect(b).toMatchObject({ share: 0, bonus: 0, rentLines: 0 });
    expect(s.net).toBeCloseTo(a.net + b.net, 2);

    // the demo's flow of the type (the administrator decides): sunli decides here, so the request waits
    const [sunli] = await q<{ id: number }>(`select id from users where username = 'sunli'`);
    const definition = JSON.stringify({
      steps: [
        {
          name: '运营经理',
          kind: 'user',
          userIds: [sunli!.id],
          roleId: null,
          mode: 'any',
          amountAbove: null,
          amountUpTo: null,
        },
      ],
      copyUserIds: [],
    });
    await q(
      `update approval_flow_versions v set definition = $2 from approval_flows f
        where f.tenant_id = $1 and f.business_type = 'teamStatement' and v.flow_id = f.id`,
      [r.demo, definition],
    );
    const sent = await t.request('POST', `${A}/teamStatement/submit/${s.id}`, { as: 'admin' });
    expect(sent.statusCode, sent.body).toBe(200);
    const pending = sent.json().data as TeamStatement;
    expect(pending).toMatchObject({ state: 'pending', approvalId: expect.any(Number) });
    // locked while it waits
    expect(
      (
        await t.request('POST', `${A}/teamStatement/compute`, {
          as: 'admin',
          body: { teamId: fleet.id, month: lastMonth },
        })
      ).statusCode,
    ).toBe(409);

    const decider = (await t.signIn('sunli', 'Staff@123')).json().access_token as string;
    const decide = await t.request('POST', `${A}/oa/approval/request/decide/${pending.approvalId}`, {
      token: decider,
      body: { decision: 'approved', comment: '同意', step: 0 },
    });
    expect(decide.statusCode, decide.body).toBe(200);
    const done = (await t.request('GET', `${A}/teamStatement/get/${s.id}`, { as: 'admin' })).json()
      .data as TeamStatementDetail;
    expect(done.state).toBe('approved');
    const lineA = done.lines.find((l) => l.driverId === withContract)!;
    expect(lineA.billLineId).not.toBeNull();
    expect(lineA).toMatchObject({ contractId: expect.any(Number), contractNo: expect.any(String) });
    expect(done.costCentreName).toEqual(expect.any(String));
    const [bill] = await q<{ type: string; amount_fen: number | string; due_date: string }>(
      `select type, amount_fen, due_date::text from rental_payment_lines where id = $1`,
      [lineA.billLineId],
    );
    expect(bill!.type).toBe('teamReward');
    expect(Number(bill!.amount_fen)).toBe(-Math.round(lineA.net * 100));
    expect(bill!.due_date >= today).toBe(true);
    // the driver without a contract: nothing to apply it to
    expect(done.lines.find((l) => l.driverId === without)!.billLineId).toBeNull();
    const posted = await q<{ amount_fen: string }>(
      `select amount_fen from cost_postings where tenant_id = $1 and source_type = 'teamStatement' and source_id = $2`,
      [r.demo, String(s.id)],
    );
    expect(posted.map((p) => Number(p.amount_fen))).toEqual([4600]);

    const list = await t.request('GET', `${A}/teamStatement/list`, { as: 'admin', query: { teamId: fleet.id } });
    expect((list.json().data.rows as TeamStatement[]).map((x) => [x.month, x.state])).toEqual([
      [lastMonth, 'approved'],
    ]);
    expect((await t.request('GET', `${A}/teamStatement/get/${s.id}`, { as: 'other' })).statusCode).toBe(404);
    expect((await t.request('POST', `${A}/teamStatement/submit/${s.id}`, { as: 'admin' })).statusCode).toBe(409);
  });

  it('are made by the daily job for the nodes with a rule and none yet', async () => {
    const other = await node({ name: '提成二队' });
    await t.request('PUT', `${A}/teamCommission/rule`, { as: 'admin', body: rule(other.id, { costCentreId: null }) });
    const made = await runTeamStatements(t.deps, t.clock.now());
    expect(made).toBeGreaterThanOrEqual(1);
    const mine = await q<{ team_id: number; state: string }>(
      `select team_id, state from team_statements where tenant_id = $1 and month = $2 and team_id = any($3)
        order by team_id`,
      [r.demo, lastMonth, [fleet.id, other.id]],
    );
    expect(mine.map((m) => [Number(m.team_id), m.state])).toEqual([
      [fleet.id, 'approved'],
      [other.id, 'draft'],
    ]);
    expect(await runTeamStatements(t.deps, t.clock.now())).toBe(0);
  });
});
