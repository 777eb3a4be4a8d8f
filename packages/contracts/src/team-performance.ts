import { z } from 'zod';
import { Id, LocalDate, PageQuery, YearMonth, yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Fleet performance (issue 34; docs/teams.md, "Performance"): each driver's days on the ride-hailing platforms
 * (online time, orders, flow 营业流水), entered by the Excel import `driver_flow` (one platform per file, its export
 * columns recognised) or by a platform adapter; a month's figures per driver and per fleet node with the rent paid
 * on time, overdue days, violations and accidents; a ranking by the tenant's weights (`rankDrivers`, shared by the
 * server, the web and the tests). Money is yuan on the wire, fen in the database.
 */
const base = '/api/ccwadmin';

export const TeamPerformancePaths = {
  days: `${base}/teamPerf/days`,
  drivers: `${base}/teamPerf/drivers`,
  teams: `${base}/teamPerf/teams`,
  export: `${base}/teamPerf/export`,
  weights: `${base}/teamPerf/weights`,
  platforms: `${base}/teamPerf/platforms`,
  sync: `${base}/teamPerf/sync`,
  syncs: `${base}/teamPerf/syncs`,
} as const;

/** The Excel import type of platform flows: `excel/data/import/driver_flow/data/{platform}`. */
export const DRIVER_FLOW_IMPORT_TYPE = 'driver_flow';

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

export const TEAM_PERFORMANCE_VALIDATION_MESSAGES = {
  'v.rankingWeights': {
    'zh-CN': '至少一项指标的权重须大于 0',
    'en-US': 'Give at least one metric a weight above 0',
  },
  'v.pctOneDecimal': { 'zh-CN': '百分比最多一位小数', 'en-US': 'At most one decimal in a percentage' },
  'v.platformTwice': { 'zh-CN': '每个平台只能配置一个账号', 'en-US': 'One account per platform' },
  'v.syncRange': {
    'zh-CN': '同步的日期须从早到晚，且不超过 31 天',
    'en-US': 'The days run from the first to the last, 31 at most',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(TEAM_PERFORMANCE_VALIDATION_MESSAGES);

export const FLOW_PLATFORMS = ['didi', 'gaode', 'caocao', 't3', 'meituan', 'other'] as const;
export const FlowPlatform = z.enum(FLOW_PLATFORMS);
export type FlowPlatform = z.infer<typeof FlowPlatform>;
export const FLOW_PLATFORM_TITLES: Record<FlowPlatform, LocalText> = {
  didi: t('滴滴出行', 'DiDi'),
  gaode: t('高德打车', 'Amap ride-hailing'),
  caocao: t('曹操出行', 'Caocao'),
  t3: t('T3 出行', 'T3'),
  meituan: t('美团打车', 'Meituan'),
  other: t('其他平台', 'Other platform'),
};

// ------------------------------------------------------------------------------------------------ weights

export const RANKING_METRICS = [
  'flow',
  'orders',
  'onlineHours',
  'onTime',
  'overdueDays',
  'violations',
  'accidents',
] as const;
export type RankingMetric = (typeof RANKING_METRICS)[number];
export const RANKING_METRIC_TITLES: Record<RankingMetric, LocalText> = {
  flow: t('流水', 'Flow'),
  orders: t('订单数', 'Orders'),
  onlineHours: t('在线时长', 'Online hours'),
  onTime: t('按时交租率', 'Rent paid on time'),
  overdueDays: t('逾期天数', 'Overdue days'),
  violations: t('违章', 'Violations'),
  accidents: t('事故', 'Accidents'),
};
/** Metrics where less is better: their best driver is the one with the fewest. */
export const LOWER_IS_BETTER: ReadonlySet<RankingMetric> = new Set(['overdueDays', 'violations', 'accidents']);

const weight = z.number().int().min(0).max(100);
export const RankingWeights = z
  .strictObject({
    flow: weight,
    orders: weight,
    onlineHours: weight,
    onTime: weight,
    overdueDays: weight,
    violations: weight,
    accidents: weight,
  })
  .refine((w) => RANKING_METRICS.some((m) => w[m] > 0), { message: 'v.rankingWeights', path: ['flow'] });
export type RankingWeights = z.infer<typeof RankingWeights>;
export const DEFAULT_RANKING_WEIGHTS: RankingWeights = {
  flow: 30,
  orders: 15,
  onlineHours: 15,
  onTime: 20,
  overdueDays: 10,
  violations: 5,
  accidents: 5,
};

/**
 * The fleet's account at a ride-hailing platform, for the platform adapter (docs/teams.md, "Platform API"): its
 * partner (merchant) id there; the integration's own key and secret are the server's configuration.
 */
export const PlatformAccount = z.object({
  platform: FlowPlatform,
  partnerId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/)
    .describe("the fleet's partner id at the platform"),
  enabled: z.boolean().default(true).describe('synced daily (yesterday) by the job teams.flowSync'),
});
export type PlatformAccount = z.infer<typeof PlatformAccount>;
export const PlatformAccounts = z
  .array(PlatformAccount)
  .max(FLOW_PLATFORMS.length)
  .refine((list) => new Set(list.map((a) => a.platform)).size === list.length, { message: 'v.platformTwice' });

/** `TenantRules.teams`. */
export const TeamRules = z.object({
  weights: RankingWeights.default(DEFAULT_RANKING_WEIGHTS).describe('the ranking weights of fleet performance'),
  platformAccounts: PlatformAccounts.default([]).describe("the fleet's accounts at the platforms (flow sync)"),
});
export type TeamRules = z.infer<typeof TeamRules>;
export const DEFAULT_TEAM_RULES: TeamRules = { weights: DEFAULT_RANKING_WEIGHTS, platformAccounts: [] };

/** Days one sync may ask a platform for. */
export const FLOW_SYNC_MAX_DAYS = 31;

export const FlowSyncInput = z
  .object({ platform: FlowPlatform, from: LocalDate, to: LocalDate })
  .refine((v) => v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < FLOW_SYNC_MAX_DAYS, {
    message: 'v.syncRange',
    path: ['to'],
  });
export type FlowSyncInput = z.infer<typeof FlowSyncInput>;

export const FLOW_SYNC_STATES = ['done', 'failed'] as const;

/** One sync of a platform's days (by a user, or by the daily job: `byName` null). */
export const FlowSync = z.object({
  id: Id,
  platform: FlowPlatform,
  from: LocalDate,
  to: LocalDate,
  state: z.enum(FLOW_SYNC_STATES),
  /** Days the platform answered, days written, and days of phones that are no driver of the fleet. */
  fetched: z.number().int(),
  written: z.number().int(),
  unknown: z.number().int(),
  /** A few of the unknown phones, masked. */
  unknownPhones: z.array(z.string()),
  error: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
});
export type FlowSync = z.infer<typeof FlowSync>;

/** `teamPerf/platforms`: the accounts, whether the server has an adapter, and each platform's last sync. */
export const PlatformSetup = z.object({
  provider: z.string().describe('the adapter the server is configured with: sandbox or http'),
  sandbox: z.boolean(),
  accounts: z.array(PlatformAccount.extend({ lastSync: FlowSync.nullable() })),
});
export type PlatformSetup = z.infer<typeof PlatformSetup>;

// ------------------------------------------------------------------------------------------------ ranking

/** One driver's month, the ranking's input. */
export interface MetricRow {
  driverId: number;
  onlineMinutes: number;
  orders: number;
  /** Yuan. */
  flow: number;
  /** Rent lines due in the month. */
  rentLines: number;
  /** Of those, paid in full by their due date. */
  onTimeLines: number;
  overdueDays: number;
  violations: number;
  accidents: number;
}

/** The metric's value for the ranking; the on-time rate of a driver with no rent due is 1 (nothing was late). */
export function metricValue(row: MetricRow, metric: RankingMetric): number {
  switch (metric) {
    case 'flow':
      return row.flow;
    case 'orders':
      return row.orders;
    case 'onlineHours':
      return row.onlineMinutes / 60;
    case 'onTime':
      return row.rentLines === 0 ? 1 : row.onTimeLines / row.rentLines;
    case 'overdueDays':
      return row.overdueDays;
    case 'violations':
      return row.violations;
    case 'accidents':
      return row.accidents;
  }
}

/**
 * Scores and ranks drivers: each metric scaled 0-100 across the rows (the best 100, the worst 0; all equal: 100),
 * less being better for overdue days, violations and accidents; the score is the weighted mean (0-100, two
 * decimals); rank 1 is the highest score, ties share a rank (competition ranking: 1, 1, 3), ordered then by flow
 * and the driver's id.
 */
export function rankDrivers<R extends MetricRow>(
  rows: readonly R[],
  weights: RankingWeights,
): (R & { score: number; rank: number })[] {
  const total = RANKING_METRICS.reduce((sum, m) => sum + weights[m], 0);
  const range = new Map<RankingMetric, { min: number; max: number }>();
  for (const m of RANKING_METRICS) {
    let min = Infinity;
    let max = -Infinity;
    for (const row of rows) {
      const v = metricValue(row, m);
      if (v < min) min = v;
      if (v > max) max = v;
    }
    range.set(m, { min, max });
  }
  const scored = rows.map((row) => {
    let sum = 0;
    for (const m of RANKING_METRICS) {
      if (!weights[m]) continue;
      const { min, max } = range.get(m)!;
      const v = metricValue(row, m);
      const scaled = max === min ? 1 : LOWER_IS_BETTER.has(m) ? (max - v) / (max - min) : (v - min) / (max - min);
      sum += weights[m] * scaled * 100;
    }
    return { ...row, score: total ? Math.round((sum / total) * 100) / 100 : 0, rank: 0 };
  });
  scored.sort((a, b) => b.score - a.score || b.flow - a.flow || a.driverId - b.driverId);
  for (let i = 0; i < scored.length; i++) {
    scored[i]!.rank = i > 0 && scored[i]!.score === scored[i - 1]!.score ? scored[i - 1]!.rank : i + 1;
  }
  return scored;
}

// ------------------------------------------------------------------------------------------------ calls

export const FlowDaysQuery = PageQuery.extend({
  teamId: Id.optional().describe('the drivers now in this node and its teams'),
  driverId: Id.optional(),
  platform: FlowPlatform.optional(),
  from: LocalDate.optional(),
  to: LocalDate.optional(),
});
export type FlowDaysQuery = z.infer<typeof FlowDaysQuery>;

export const FlowDay = z.object({
  id: Id,
  driverId: Id,
  driverName: z.string(),
  teamName: z.string().nullable(),
  day: LocalDate,
  platform: FlowPlatform,
  onlineMinutes: z.number().int(),
  orders: z.number().int(),
  flow: z.number(),
  source: z.enum(['import', 'api']),
});
export type FlowDay = z.infer<typeof FlowDay>;

export const DriverRankingQuery = PageQuery.extend({
  month: YearMonth,
  teamId: Id.optional().describe('the drivers now in this node and its teams; none: every driver in a fleet'),
  keyword: z.string().trim().max(30).optional().describe("part of the driver's name or phone"),
});
export type DriverRankingQuery = z.infer<typeof DriverRankingQuery>;

export const DriverMonth = z.object({
  driverId: Id,
  name: z.string(),
  phone: z.string(),
  teamId: Id.nullable(),
  teamName: z.string().nullable(),
  onlineMinutes: z.number().int(),
  orders: z.number().int(),
  flow: z.number(),
  rentLines: z.number().int(),
  onTimeLines: z.number().int(),
  overdueDays: z.number().int(),
  violations: z.number().int(),
  accidents: z.number().int(),
  /** 0-100 by the tenant's weights, among the drivers ranked together (the node's, or every fleet's). */
  score: z.number(),
  rank: z.number().int(),
});
export type DriverMonth = z.infer<typeof DriverMonth>;

export const DriverRanking = z.object({
  month: YearMonth,
  weights: RankingWeights,
  rows: z.array(DriverMonth),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type DriverRanking = z.infer<typeof DriverRanking>;

export const TeamMonthQuery = z.object({ month: YearMonth, rentId: Id.optional() });
export type TeamMonthQuery = z.infer<typeof TeamMonthQuery>;

/** A node's month: the sums over the drivers now in it and its teams. */
export const TeamMonth = z.object({
  teamId: Id,
  parentId: Id.nullable(),
  name: z.string(),
  kind: z.enum(['fleet', 'team']),
  drivers: z.number().int(),
  onlineMinutes: z.number().int(),
  orders: z.number().int(),
  flow: z.number(),
  /** Flow per driver. */
  flowPerDriver: z.number(),
  rentLines: z.number().int(),
  onTimeLines: z.number().int(),
  overdueDays: z.number().int(),
  violations: z.number().int(),
  accidents: z.number().int(),
  /** The mean score of its drivers among every fleet's. */
  score: z.number(),
});
export type TeamMonth = z.infer<typeof TeamMonth>;

// ------------------------------------------------------------------------------------------------ commission

/**
 * Commission and rewards (issue 34): a node's rule, applied each month to the drivers in it (and in its teams that
 * have no rule of their own) by the monthly statement, which a manager approves (approval type `teamStatement`);
 * then each driver's net becomes a line of his contract (type `teamReward`: a reward lowers his next rent, a net
 * penalty adds to it) and the leader's commission is posted as a cost (a payable) to the rule's cost centre.
 */
export const TeamCommissionPaths = {
  rule: `${base}/teamCommission/rule/:teamId`,
  ruleSave: `${base}/teamCommission/rule`,
  statements: `${base}/teamStatement/list`,
  statement: `${base}/teamStatement/get/:id`,
  compute: `${base}/teamStatement/compute`,
  submit: `${base}/teamStatement/submit/:id`,
} as const;

/** A percentage with at most one decimal. */
const pct = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: 'v.pctOneDecimal' });

/** The approval type of a monthly statement. */
export const TEAM_STATEMENT_APPROVAL = 'teamStatement';

export const CommissionRuleInput = z.strictObject({
  teamId: Id,
  enabled: z.boolean().default(true),
  flowTarget: yuan(1_000_000).describe('monthly flow (yuan) above which the share applies'),
  flowSharePct: pct(100).describe('% of the flow above the target, as a reward'),
  onTimeBonus: yuan(100_000).describe('yuan, when every rent line due in the month was paid on time (at least one)'),
  violationPenalty: yuan(100_000).describe('yuan per violation of the month'),
  accidentPenalty: yuan(100_000).describe('yuan per accident of the month'),
  leaderPct: pct(20).describe("% of the drivers' total flow, the leader's commission"),
  costCentreId: Id.nullable()
    .default(null)
    .describe("the cost centre the leader's commission is posted to (null: none)"),
});
export type CommissionRuleInput = z.infer<typeof CommissionRuleInput>;
export const CommissionRule = CommissionRuleInput.extend({
  teamName: z.string(),
  /** The cost centre's name, for readers who may not list the cost centres (a fleet leader). */
  costCentreName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CommissionRule = z.infer<typeof CommissionRule>;

/** A driver's month as the rule reads it (flow in fen). */
export interface CommissionMetrics {
  flowFen: number;
  rentLines: number;
  onTimeLines: number;
  violations: number;
  accidents: number;
}
export type CommissionTerms = Pick<
  CommissionRuleInput,
  'flowTarget' | 'flowSharePct' | 'onTimeBonus' | 'violationPenalty' | 'accidentPenalty'
>;

/**
 * One driver's reward and penalty in fen: the share of the flow above the target (rounded to the fen), the on-time
 * bonus when every rent line due in the month was paid on time and there was one, and the penalties per violation
 * and accident; `net` = reward - penalty (negative: he owes it).
 */
export function driverCommission(
  m: CommissionMetrics,
  rule: CommissionTerms,
): { shareFen: number; bonusFen: number; rewardFen: number; penaltyFen: number; netFen: number } {
  const above = Math.max(0, m.flowFen - Math.round(rule.flowTarget * 100));
  const shareFen = Math.round((above * Math.round(rule.flowSharePct * 10)) / 1000);
  const bonusFen = m.rentLines > 0 && m.onTimeLines === m.rentLines ? Math.round(rule.onTimeBonus * 100) : 0;
  const penaltyFen =
    m.violations * Math.round(rule.violationPenalty * 100) + m.accidents * Math.round(rule.accidentPenalty * 100);
  const rewardFen = shareFen + bonusFen;
  return { shareFen, bonusFen, rewardFen, penaltyFen, netFen: rewardFen - penaltyFen };
}

/** The leader's commission in fen: `leaderPct` % of the drivers' total flow, rounded to the fen. */
export function leaderCommission(totalFlowFen: number, leaderPct: number): number {
  return Math.round((totalFlowFen * Math.round(leaderPct * 10)) / 1000);
}

export const STATEMENT_STATES = ['draft', 'pending', 'approved', 'rejected'] as const;
export const StatementState = z.enum(STATEMENT_STATES);
export type StatementState = z.infer<typeof StatementState>;
export const STATEMENT_STATE_TITLES: Record<StatementState, LocalText> = {
  draft: t('待提交', 'Draft'),
  pending: t('审批中', 'Awaiting approval'),
  approved: t('已批准', 'Approved'),
  rejected: t('已驳回', 'Rejected'),
};

export const StatementListQuery = PageQuery.extend({
  teamId: Id.optional(),
  month: YearMonth.optional(),
  state: StatementState.optional(),
});
export type StatementListQuery = z.infer<typeof StatementListQuery>;

export const TeamStatement = z.object({
  id: Id,
  teamId: Id,
  teamName: z.string(),
  month: YearMonth,
  state: StatementState,
  drivers: z.number().int(),
  flow: z.number(),
  reward: z.number(),
  penalty: z.number(),
  net: z.number(),
  leaderName: z.string().nullable(),
  leaderCommission: z.number(),
  approvalId: Id.nullable(),
  computedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TeamStatement = z.infer<typeof TeamStatement>;

export const TeamStatementLine = z.object({
  driverId: Id,
  name: z.string(),
  teamName: z.string().nullable(),
  flow: z.number(),
  rentLines: z.number().int(),
  onTimeLines: z.number().int(),
  violations: z.number().int(),
  accidents: z.number().int(),
  share: z.number(),
  bonus: z.number(),
  penalty: z.number(),
  net: z.number(),
  /** The contract the net went to once approved, and its number (null: not yet, or no live contract then). */
  contractId: Id.nullable(),
  contractNo: z.string().nullable(),
  billLineId: Id.nullable(),
});
export type TeamStatementLine = z.infer<typeof TeamStatementLine>;

export const TeamStatementDetail = TeamStatement.extend({
  rule: CommissionRuleInput.omit({ teamId: true }),
  costCentreName: z.string().nullable().describe("the rule's cost centre's name"),
  lines: z.array(TeamStatementLine),
});
export type TeamStatementDetail = z.infer<typeof TeamStatementDetail>;

export const StatementComputeInput = z.strictObject({ teamId: Id, month: YearMonth });
export type StatementComputeInput = z.infer<typeof StatementComputeInput>;
