import { sql } from 'drizzle-orm';
import type { Lang } from '@fleetdesk/contracts/common';
import {
  LEAD_SOURCES,
  LEAD_SOURCE_TITLES,
  LEAD_STATES,
  LEAD_STATE_TITLES,
  type Funnel,
  type FunnelMonth,
  type FunnelQuery,
  type LeadSource,
  type LeadState,
} from '@fleetdesk/contracts/crm';
import { scopeFor, type RequestContext } from '../../core/access.js';
import { rawNumber, rawNumberOrNull, rowsOf, type RawNumber } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { monthBounds, tenantZone } from '../../core/tenant-time.js';
import { sheetOf, type BookSheet } from '../../core/xlsx.js';
import { leadScope } from './surveys.service.js';

const ratio = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10_000) / 10_000 : null);
const days = (seconds: number | null, n: number) =>
  seconds === null || !n ? null : Math.round((seconds / n / 86_400) * 10) / 10;

/** The months `from`..`to` (YYYY-MM), in order. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let month = from; month <= to;) {
    out.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    month = `${y}-${String(m).padStart(2, '0')}`;
  }
  return out;
}

const zeros = <T extends string>(keys: readonly T[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<T, number>;

/**
 * The funnel of the leads of the caller's scope (`rentId`: one of his rents; the `own` scope: his leads and the
 * pool), by the month they were created in (the tenant's zone): how many, from which source, where they stand now,
 * how many of them were won and how fast; the leads won in each month (whenever created); the pool's inflow
 * (returns by the job) and outflow (claims). Per source the cohort's conversion; per owner the range's leads he
 * owns now, the follow-ups he made in the range and the won ones among his leads. Totals count the range's
 * cohort (its `won` the leads of the range won since).
 */
export async function funnelReport(deps: AppDeps, ctx: RequestContext, q: FunnelQuery): Promise<Funnel> {
  const scope = scopeFor(ctx, q.rentId);
  const scoped = { ...ctx, rentIds: scope.rentIds };
  const db = deps.db;
  const zone = await tenantZone(db, ctx.tenantId);
  const from = monthBounds(zone, q.from).from.toISOString();
  const to = monthBounds(zone, q.to).to.toISOString();
  const leads = leadScope(scoped);
  const month = (column: string) => sql`to_char(${sql.raw(column)} at time zone ${zone}, 'YYYY-MM')`;
  const [cohort, wonRows, poolRows, ownerRows] = await Promise.all([
    rowsOf<{ month: string; source: LeadSource; state: LeadState; n: RawNumber; won_seconds: RawNumber | null }>(
      db,
      sql`select ${month('l.created_at')} as month, l.source, l.state, count(*) as n,
          sum(extract(epoch from l.won_at - l.created_at)) filter (where l.state = 'won') as won_seconds
        from crm_leads l where ${leads} and l.created_at >= ${from} and l.created_at < ${to}
        group by 1, 2, 3`,
    ),
    rowsOf<{ month: string; n: RawNumber }>(
      db,
      sql`select ${month('l.won_at')} as month, count(*) as n from crm_leads l
        where ${leads} and l.state = 'won' and l.won_at >= ${from} and l.won_at < ${to} group by 1`,
    ),
    rowsOf<{ month: string; action: 'return' | 'claim'; n: RawNumber }>(
      db,
      sql`select ${month('o.at')} as month, o.action, count(*) as n
        from crm_owner_log o join crm_leads l on l.tenant_id = o.tenant_id and l.id = o.lead_id
        where o.tenant_id = ${ctx.tenantId} and o.action in ('return', 'claim') and o.at >= ${from} and o.at < ${to}
          and ${leads}
        group by 1, 2`,
    ),
    rowsOf<{ user_id: RawNumber; name: string | null; owned: RawNumber; won: RawNumber; follow_ups: RawNumber }>(
      db,
      sql`with owned as (
          select l.owner_id as user_id, count(*) as owned, count(*) filter (where l.state = 'won') as won
          from crm_leads l where ${leads} and l.owner_id is not null and l.created_at >= ${from} and l.created_at < ${to}
          group by 1
        ), made as (
          select f.user_id, count(*) as follow_ups
          from crm_follow_ups f join crm_leads l on l.tenant_id = f.tenant_id and l.id = f.lead_id
          where f.tenant_id = ${ctx.tenantId} and f.at >= ${from} and f.at < ${to} and ${leads}
          group by 1
        )
        select coalesce(o.user_id, m.user_id) as user_id, u.name, coalesce(o.owned, 0) as owned,
          coalesce(o.won, 0) as won, coalesce(m.follow_ups, 0) as follow_ups
        from owned o full join made m on m.user_id = o.user_id
        left join users u on u.tenant_id = ${ctx.tenantId} and u.id = coalesce(o.user_id, m.user_id)
        order by owned desc, follow_ups desc, user_id`,
    ),
  ]);

  const months: FunnelMonth[] = monthsOf(q.from, q.to).map((m) => {
    const rows = cohort.filter((r) => r.month === m);
    const bySource = zeros(LEAD_SOURCES);
    const byState = zeros(LEAD_STATES);
    let wonSeconds: number | null = null;
    for (const r of rows) {
      bySource[r.source] += rawNumber(r.n);
      byState[r.state] += rawNumber(r.n);
      const s = rawNumberOrNull(r.won_seconds);
      if (s !== null) wonSeconds = (wonSeconds ?? 0) + s;
    }
    const created = rows.reduce((s, r) => s + rawNumber(r.n), 0);
    const pool = (action: string) => rawNumber(poolRows.find((p) => p.month === m && p.action === action)?.n ?? 0);
    return {
      month: m,
      created,
      bySource,
      byState,
      won: rawNumber(wonRows.find((w) => w.month === m)?.n ?? 0),
      cohortWon: byState.won,
      conversionRate: ratio(byState.won, created),
      avgDaysToWon: days(wonSeconds, byState.won),
      poolIn: pool('return'),
      poolOut: pool('claim'),
    };
  });
  const created = months.reduce((s, m) => s + m.created, 0);
  const won = months.reduce((s, m) => s + m.cohortWon, 0);
  const wonSeconds = cohort.reduce((s, r) => s + (rawNumberOrNull(r.won_seconds) ?? 0), 0);
  return {
    from: q.from,
    to: q.to,
    months,
    sources: LEAD_SOURCES.map((source) => {
      const rows = cohort.filter((r) => r.source === source);
      const n = rows.reduce((s, r) => s + rawNumber(r.n), 0);
      const w = rows.filter((r) => r.state === 'won').reduce((s, r) => s + rawNumber(r.n), 0);
      return { source, created: n, won: w, conversionRate: ratio(w, n) };
    }),
    owners: ownerRows.map((r) => ({
      ownerId: rawNumber(r.user_id),
      ownerName: r.name,
      owned: rawNumber(r.owned),
      followUps: rawNumber(r.follow_ups),
      won: rawNumber(r.won),
      conversionRate: ratio(rawNumber(r.won), rawNumber(r.owned)),
    })),
    totals: {
      created,
      won,
      conversionRate: ratio(won, created),
      avgDaysToWon: days(won ? wonSeconds : null, won),
      poolIn: months.reduce((s, m) => s + m.poolIn, 0),
      poolOut: months.reduce((s, m) => s + m.poolOut, 0),
    },
  };
}

const L = {
  month: { 'zh-CN': '月份', 'en-US': 'Month' },
  created: { 'zh-CN': '新增线索', 'en-US': 'Leads created' },
  won: { 'zh-CN': '当月成交', 'en-US': 'Won in the month' },
  cohortWon: { 'zh-CN': '其中已成交', 'en-US': 'Of them won' },
  rate: { 'zh-CN': '转化率', 'en-US': 'Conversion' },
  avgDays: { 'zh-CN': '平均成交天数', 'en-US': 'Average days to won' },
  poolIn: { 'zh-CN': '退回公海', 'en-US': 'Returned to the pool' },
  poolOut: { 'zh-CN': '公海领取', 'en-US': 'Claimed from the pool' },
  source: { 'zh-CN': '来源', 'en-US': 'Source' },
  owner: { 'zh-CN': '负责人', 'en-US': 'Owner' },
  owned: { 'zh-CN': '负责线索', 'en-US': 'Leads owned' },
  followUps: { 'zh-CN': '跟进次数', 'en-US': 'Follow-ups' },
  wonOwner: { 'zh-CN': '成交', 'en-US': 'Won' },
  sheets: {
    months: { 'zh-CN': '按月份', 'en-US': 'By month' },
    sources: { 'zh-CN': '按来源', 'en-US': 'By source' },
    owners: { 'zh-CN': '按负责人', 'en-US': 'By owner' },
  },
} as const;

/** The funnel as a workbook: months (with a column per source and per state), sources, owners. */
export function funnelSheets(lang: Lang, f: Funnel): BookSheet[] {
  type M = FunnelMonth;
  return [
    sheetOf<M>(
      L.sheets.months[lang],
      [
        { header: L.month[lang], value: (m) => m.month },
        { header: L.created[lang], value: (m) => m.created },
        ...LEAD_SOURCES.map((s) => ({ header: LEAD_SOURCE_TITLES[s][lang], value: (m: M) => m.bySource[s] })),
        ...LEAD_STATES.map((s) => ({ header: LEAD_STATE_TITLES[s][lang], value: (m: M) => m.byState[s] })),
        { header: L.won[lang], value: (m) => m.won },
        { header: L.cohortWon[lang], value: (m) => m.cohortWon },
        { header: L.rate[lang], value: (m) => m.conversionRate },
        { header: L.avgDays[lang], value: (m) => m.avgDaysToWon },
        { header: L.poolIn[lang], value: (m) => m.poolIn },
        { header: L.poolOut[lang], value: (m) => m.poolOut },
      ],
      f.months,
    ),
    sheetOf<Funnel['sources'][number]>(
      L.sheets.sources[lang],
      [
        { header: L.source[lang], value: (s) => LEAD_SOURCE_TITLES[s.source][lang] },
        { header: L.created[lang], value: (s) => s.created },
        { header: L.cohortWon[lang], value: (s) => s.won },
        { header: L.rate[lang], value: (s) => s.conversionRate },
      ],
      f.sources,
    ),
    sheetOf<Funnel['owners'][number]>(
      L.sheets.owners[lang],
      [
        { header: L.owner[lang], value: (o) => o.ownerName },
        { header: L.owned[lang], value: (o) => o.owned },
        { header: L.followUps[lang], value: (o) => o.followUps },
        { header: L.wonOwner[lang], value: (o) => o.won },
        { header: L.rate[lang], value: (o) => o.conversionRate },
      ],
      f.owners,
    ),
  ];
}
