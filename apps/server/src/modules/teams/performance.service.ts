import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, type Lang, type Paged } from '@fleetdesk/contracts/common';
import { addDays, addMonths } from '@fleetdesk/contracts/dates';
import {
  rankDrivers,
  type DriverMonth,
  type DriverRanking,
  type DriverRankingQuery,
  type FlowDay,
  type FlowDaysQuery,
  type MetricRow,
  type RankingWeights,
  type TeamMonth,
  type TeamMonthQuery,
} from '@fleetdesk/contracts/team-performance';
import { rentInScope, type RequestContext } from '../../core/access.js';
import { idArray, rawNumber, rawNumberOrNull, rowsOf, type DbOrTx, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { offsetOf, page } from '../../core/envelope.js';
import { monthBounds, tenantDays } from '../../core/tenant-time.js';
import type { XlsxColumn } from '../../core/xlsx.js';
import { tenantRules, updateRules } from '../settings/settings.service.js';
import { getTeam, teamTree } from './teams.service.js';
import './teams.messages.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Ctx = Pick<RequestContext, 'tenantId' | 'rentIds' | 'teamIds' | 'userId'>;

/** Drivers the caller sees (his rents; a leader: his nodes' drivers), optionally those now in a node and its teams. */
function driversIn(ctx: Ctx, teamId: number | undefined, alias = 'd'): SQL {
  const a = sql.raw(alias);
  const conds: SQL[] = [
    sql`${a}.tenant_id = ${ctx.tenantId} and ${a}.rent_id = any(${idArray(ctx.rentIds)}) and ${a}.deleted_at is null`,
  ];
  if (ctx.teamIds) conds.push(sql`${a}.team_id = any(${idArray(ctx.teamIds)})`);
  if (teamId) {
    conds.push(sql`${a}.team_id in (select s.id from teams s where s.tenant_id = ${ctx.tenantId}
      and s.deleted_at is null and (s.id = ${teamId} or s.parent_id = ${teamId}))`);
  } else {
    conds.push(sql`${a}.team_id is not null`);
  }
  return sql.join(conds, sql` and `);
}

// -------------------------------------------------------------------------------------------------- days

/** `teamPerf/days`: the platform days of the drivers the caller sees, newest first. */
export async function flowDays(deps: Deps, ctx: Ctx, q: FlowDaysQuery): Promise<Paged<FlowDay>> {
  if (q.teamId) await getTeam(deps, ctx, q.teamId);
  const conds: SQL[] = [sql`f.tenant_id = ${ctx.tenantId}`, driversInAny(ctx, q.teamId)];
  if (q.driverId) conds.push(sql`f.driver_id = ${q.driverId}`);
  if (q.platform) conds.push(sql`f.platform = ${q.platform}`);
  if (q.from) conds.push(sql`f.day >= ${q.from}`);
  if (q.to) conds.push(sql`f.day <= ${q.to}`);
  const where = sql.join(conds, sql` and `);
  const from = sql`driver_flow_days f join drivers d on d.tenant_id = f.tenant_id and d.id = f.driver_id
    left join teams tm on tm.tenant_id = d.tenant_id and tm.id = d.team_id`;
  const [rows, [count]] = await Promise.all([
    rowsOf<{
      id: RawNumber;
      driver_id: RawNumber;
      driver_name: string;
      team_name: string | null;
      day: string;
      platform: FlowDay['platform'];
      online_minutes: number;
      orders: number;
      flow_fen: RawNumber;
      source: FlowDay['source'];
    }>(
      deps.db,
      sql`select f.id, f.driver_id, d.name as driver_name, tm.name as team_name, f.day::text as day, f.platform,
          f.online_minutes, f.orders, f.flow_fen, f.source
        from ${from} where ${where}
        order by f.day desc, d.name, f.platform, f.id limit ${q.pageSize} offset ${offsetOf(q)}`,
    ),
    rowsOf<{ n: RawNumber }>(deps.db, sql`select count(*) as n from ${from} where ${where}`),
  ]);
  return page(
    rows.map((r) => ({
      id: rawNumber(r.id),
      driverId: rawNumber(r.driver_id),
      driverName: r.driver_name,
      teamName: r.team_name,
      day: r.day,
      platform: r.platform,
      onlineMinutes: r.online_minutes,
      orders: r.orders,
      flow: fenToYuan(rawNumber(r.flow_fen)),
      source: r.source,
    })),
    rawNumber(count!.n),
    q,
  );
}

/** As `driversIn`, but without a node: every driver the caller sees (in a fleet or not). */
function driversInAny(ctx: Ctx, teamId: number | undefined): SQL {
  if (teamId) return driversIn(ctx, teamId);
  const team = ctx.teamIds ? sql` and d.team_id = any(${idArray(ctx.teamIds)})` : sql``;
  return sql`d.tenant_id = ${ctx.tenantId} and d.rent_id = any(${idArray(ctx.rentIds)}) and d.deleted_at is null${team}`;
}

// ------------------------------------------------------------------------------------------------- month

interface RawMonth {
  driver_id: RawNumber;
  name: string;
  phone: string;
  team_id: RawNumber | null;
  team_name: string | null;
  online_minutes: RawNumber;
  orders: RawNumber;
  flow_fen: RawNumber;
  rent_lines: RawNumber;
  on_time_lines: RawNumber;
  overdue_days: RawNumber;
  violations: RawNumber;
  accidents: RawNumber;
}

export type DriverMonthRow = MetricRow & Omit<DriverMonth, 'score' | 'rank'>;

/**
 * The month of the drivers `who` selects (alias `d`): their platform days; their rent lines due in the month (of
 * their contracts, valid ones) with those paid in full by the due date and the days late (paid late: paid - due;
 * unpaid: today, or the month's end once it is over, - due); the violations and accidents (not cancelled) that
 * occurred in the month and are theirs. `today` is the tenant's day.
 */
export async function monthOf(
  db: DbOrTx,
  tenantId: number,
  who: SQL,
  month: string,
  now: Date,
): Promise<DriverMonthRow[]> {
  const days = await tenantDays(db, tenantId, now);
  const { from, to } = monthBounds(days.timeZone, month);
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  // Unpaid lines are late until today, or until the month's end once the month is over.
  const until = days.today < last ? days.today : last;
  const rows = await rowsOf<RawMonth>(
    db,
    sql`with who as (select d.id, d.name, d.phone, d.team_id from drivers d where ${who}),
      f as (
        select f.driver_id, sum(f.online_minutes) as online_minutes, sum(f.orders) as orders, sum(f.flow_fen) as flow_fen
        from driver_flow_days f join who on who.id = f.driver_id
        where f.tenant_id = ${tenantId} and f.day >= ${first}::date and f.day < (${first}::date + interval '1 month')
        group by f.driver_id),
      l as (
        select k.driver_id, count(*) as rent_lines,
          count(*) filter (where l.paid_fen >= l.amount_fen and l.paid_date <= l.due_date) as on_time_lines,
          sum(case when l.paid_fen >= l.amount_fen then greatest(0, l.paid_date - l.due_date)
            else greatest(0, ${until}::date - l.due_date) end) as overdue_days
        from rental_payment_lines l
        join rental_contracts k on k.tenant_id = l.tenant_id and k.id = l.contract_id
        join who on who.id = k.driver_id
        where l.tenant_id = ${tenantId} and l.type = 'rent' and l.valid
          and l.due_date >= ${first}::date and l.due_date < (${first}::date + interval '1 month')
        group by k.driver_id),
      v as (
        select v.driver_id, count(*) as violations from violations v join who on who.id = v.driver_id
        where v.tenant_id = ${tenantId} and v.occurred_at >= ${from} and v.occurred_at < ${to}
        group by v.driver_id),
      a as (
        select a.driver_id, count(*) as accidents from accidents a join who on who.id = a.driver_id
        where a.tenant_id = ${tenantId} and a.occurred_at >= ${from} and a.occurred_at < ${to} and a.state <> 'cancelled'
        group by a.driver_id)
      select who.id as driver_id, who.name, who.phone, who.team_id, tm.name as team_name,
        coalesce(f.online_minutes, 0) as online_minutes, coalesce(f.orders, 0) as orders,
        coalesce(f.flow_fen, 0) as flow_fen, coalesce(l.rent_lines, 0) as rent_lines,
        coalesce(l.on_time_lines, 0) as on_time_lines, coalesce(l.overdue_days, 0) as overdue_days,
        coalesce(v.violations, 0) as violations, coalesce(a.accidents, 0) as accidents
      from who
      left join teams tm on tm.tenant_id = ${tenantId} and tm.id = who.team_id
      left join f on f.driver_id = who.id left join l on l.driver_id = who.id
      left join v on v.driver_id = who.id left join a on a.driver_id = who.id`,
  );
  return rows.map((r) => ({
    driverId: rawNumber(r.driver_id),
    name: r.name,
    phone: r.phone,
    teamId: rawNumberOrNull(r.team_id),
    teamName: r.team_name,
    onlineMinutes: rawNumber(r.online_minutes),
    orders: rawNumber(r.orders),
    flow: fenToYuan(rawNumber(r.flow_fen)),
    rentLines: rawNumber(r.rent_lines),
    onTimeLines: rawNumber(r.on_time_lines),
    overdueDays: rawNumber(r.overdue_days),
    violations: rawNumber(r.violations),
    accidents: rawNumber(r.accidents),
  }));
}

export async function rankingWeights(deps: Pick<AppDeps, 'db'>, tenantId: number): Promise<RankingWeights> {
  return (await tenantRules(deps, tenantId)).teams.weights;
}

/** The ranked month of a node's drivers (or every fleet driver the caller sees). */
async function rankedMonth(deps: Deps, ctx: Ctx, month: string, teamId?: number) {
  if (teamId) await getTeam(deps, ctx, teamId);
  const [rows, weights] = await Promise.all([
    monthOf(deps.db, ctx.tenantId, driversIn(ctx, teamId), month, deps.clock.now()),
    rankingWeights(deps, ctx.tenantId),
  ]);
  return { ranked: rankDrivers(rows, weights), weights };
}

/** `teamPerf/drivers`: the month's ranking; the keyword filters the ranked list (ranks stay those of all). */
export async function driverRanking(deps: Deps, ctx: Ctx, q: DriverRankingQuery): Promise<DriverRanking> {
  const { ranked, weights } = await rankedMonth(deps, ctx, q.month, q.teamId);
  const needle = q.keyword?.toLowerCase();
  const shown = needle
    ? ranked.filter((r) => r.name.toLowerCase().includes(needle) || r.phone.includes(needle))
    : ranked;
  const start = offsetOf(q);
  return {
    month: q.month,
    weights,
    rows: shown.slice(start, start + q.pageSize),
    total: shown.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** Every ranked row of the month, for the export. */
export async function rankingRows(deps: Deps, ctx: Ctx, month: string, teamId?: number): Promise<DriverMonth[]> {
  return (await rankedMonth(deps, ctx, month, teamId)).ranked;
}

/** `teamPerf/teams`: each visible node's month, summed over the drivers now in it and its teams. */
export async function teamMonths(deps: Deps, ctx: Ctx, q: TeamMonthQuery): Promise<TeamMonth[]> {
  rentInScope(ctx, q.rentId);
  const [nodes, { ranked }] = await Promise.all([
    teamTree(deps, ctx, { rentId: q.rentId }),
    rankedMonth(deps, ctx, q.month),
  ]);
  return nodes.map((n) => {
    const ids = new Set([n.id, ...nodes.filter((c) => c.parentId === n.id).map((c) => c.id)]);
    const mine = ranked.filter((r) => r.teamId !== null && ids.has(r.teamId));
    const sum = (f: (r: (typeof mine)[number]) => number) => mine.reduce((s, r) => s + f(r), 0);
    const flow = Math.round(sum((r) => r.flow) * 100) / 100;
    return {
      teamId: n.id,
      parentId: n.parentId,
      name: n.name,
      kind: n.kind,
      drivers: mine.length,
      onlineMinutes: sum((r) => r.onlineMinutes),
      orders: sum((r) => r.orders),
      flow,
      flowPerDriver: mine.length ? Math.round((flow / mine.length) * 100) / 100 : 0,
      rentLines: sum((r) => r.rentLines),
      onTimeLines: sum((r) => r.onTimeLines),
      overdueDays: sum((r) => r.overdueDays),
      violations: sum((r) => r.violations),
      accidents: sum((r) => r.accidents),
      score: mine.length ? Math.round((sum((r) => r.score) / mine.length) * 100) / 100 : 0,
    };
  });
}

/** `teamPerf/weights` (PUT): the tenant's ranking weights, kept in its rules. */
export async function saveWeights(
  deps: AppDeps,
  ctx: Ctx,
  weights: RankingWeights,
): Promise<{ weights: RankingWeights; before: Record<string, unknown>; after: Record<string, unknown> }> {
  const rules = await tenantRules(deps, ctx.tenantId);
  const change = await updateRules(deps, ctx, { teams: { ...rules.teams, weights } });
  return { weights: change.value.teams.weights, before: change.before, after: change.after };
}

/** The ranking's sheet. */
export function rankingColumns(lang: Lang): XlsxColumn<DriverMonth>[] {
  const zh = lang === 'zh-CN';
  return [
    { header: zh ? '排名' : 'Rank', width: 6, value: (r) => r.rank },
    { header: zh ? '司机' : 'Driver', width: 12, value: (r) => r.name },
    { header: zh ? '手机号' : 'Phone', width: 14, value: (r) => r.phone },
    { header: zh ? '车队/小组' : 'Fleet / team', width: 14, value: (r) => r.teamName },
    { header: zh ? '综合得分' : 'Score', width: 10, value: (r) => r.score },
    { header: zh ? '流水（元）' : 'Flow (yuan)', width: 12, value: (r) => r.flow },
    { header: zh ? '订单数' : 'Orders', width: 8, value: (r) => r.orders },
    { header: zh ? '在线时长（小时）' : 'Online hours', width: 12, value: (r) => Math.round(r.onlineMinutes / 6) / 10 },
    { header: zh ? '应交租期数' : 'Rent due', width: 10, value: (r) => r.rentLines },
    { header: zh ? '按时交租' : 'Paid on time', width: 10, value: (r) => r.onTimeLines },
    { header: zh ? '逾期天数' : 'Overdue days', width: 10, value: (r) => r.overdueDays },
    { header: zh ? '违章' : 'Violations', width: 8, value: (r) => r.violations },
    { header: zh ? '事故' : 'Accidents', width: 8, value: (r) => r.accidents },
  ];
}

/** The tenant's today, for the export's file name. */
export async function todayOf(deps: Deps, tenantId: number): Promise<string> {
  return (await tenantDays(deps.db, tenantId, deps.clock.now())).today;
}
