import type { Paged } from '@fleetdesk/contracts/common';
import type { TeamDetail, TeamMember, TeamMove, TeamNode } from '@fleetdesk/contracts/teams';
import { TeamPaths } from '@fleetdesk/contracts/teams';
import {
  TeamCommissionPaths,
  TeamPerformancePaths,
  type CommissionRule,
  type DriverMonth,
  type DriverRanking,
  type FlowSync,
  type PlatformSetup,
  type RankingWeights,
  type TeamMonth,
  type TeamStatement,
  type TeamStatementDetail,
  type TeamStatementLine,
} from '@fleetdesk/contracts/team-performance';
import type { CostCentre } from '@fleetdesk/contracts/cost-centres';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import type { Account } from '../../../test/fixtures';

export const P = TeamPaths;
export const FIRST = { timeout: 60_000 };
export const SLOW = { timeout: 20_000 };
export const paged = <T>(rows: T[]): FakeAnswer =>
  ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 } satisfies Paged<T>);

/** Sees the fleets, changes nothing. */
export const VIEWER: Account = { menus: ['teams'], elements: ['teams:view'] };

export function node(patch: Partial<TeamNode> & Pick<TeamNode, 'id' | 'name'>): TeamNode {
  return {
    rentId: 7,
    rentName: 'Demo Rentals Hangzhou',
    parentId: null,
    kind: 'fleet',
    leader: null,
    enabled: true,
    sort: 0,
    members: 0,
    cars: 0,
    version: 1,
    ...patch,
  };
}

/** Hangzhou: the North fleet (2 drivers, 1 car of its own) with two teams; Shanghai: the Pudong fleet. */
export const TREE: TeamNode[] = [
  node({
    id: 1,
    name: 'North fleet',
    leader: { kind: 'employee', id: 11, name: 'Li Na', phone: '13800000011' },
    members: 2,
    cars: 1,
  }),
  node({
    id: 2,
    name: 'Airport team',
    parentId: 1,
    kind: 'team',
    leader: { kind: 'driver', id: 31, name: 'Wang Jianguo', phone: '13900000031' },
    members: 3,
    cars: 2,
  }),
  node({ id: 3, name: 'Night team', parentId: 1, kind: 'team', enabled: false }),
  node({ id: 4, name: 'Pudong fleet', rentId: 8, rentName: 'Demo Rentals Shanghai', members: 1 }),
];

export function detail(id: number, patch: Partial<TeamDetail> = {}): TeamDetail {
  const n = TREE.find((x) => x.id === id)!;
  const children = TREE.filter((x) => x.parentId === id);
  return {
    ...n,
    remark: null,
    parentName: TREE.find((x) => x.id === n.parentId)?.name ?? null,
    membersTotal: n.members + children.reduce((s, c) => s + c.members, 0),
    carsTotal: n.cars + children.reduce((s, c) => s + c.cars, 0),
    children: children.length,
    createdAt: '2026-11-01T02:00:00.000Z',
    updatedAt: '2026-11-02T02:00:00.000Z',
    ...patch,
  };
}

export const member = (patch: Partial<TeamMember> = {}): TeamMember => ({
  driverId: 31,
  name: 'Wang Jianguo',
  phone: '13900000031',
  state: 'active',
  teamId: 2,
  teamName: 'Airport team',
  joinedAt: '2026-11-03T02:00:00.000Z',
  leader: true,
  ...patch,
});

export const move = (patch: Partial<TeamMove> = {}): TeamMove => ({
  id: 1,
  driverId: 31,
  driverName: 'Wang Jianguo',
  teamId: 2,
  teamName: 'Airport team',
  joinedAt: '2026-11-03T02:00:00.000Z',
  joinReason: 'Airport shifts',
  joinedBy: 'Zhang Wei',
  leftAt: null,
  leaveReason: null,
  leftBy: null,
  ...patch,
});

export const driverRow = (id: number, name: string, phone: string) => ({
  id,
  rentId: 7,
  rentName: 'Demo Rentals Hangzhou',
  name,
  phone,
  state: 'active',
});

const idOf = (req: FakeRequest) => Number(req.path.split('/').at(-1));

/** The area's calls answered from TREE; `more` adds or replaces routes. */
export function teamRoutes(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return {
    [`GET ${P.tree}`]: (req: FakeRequest) => {
      const rent = req.query.get('rentId');
      const keyword = req.query.get('keyword');
      return ok(
        TREE.filter((n) => !rent || n.rentId === Number(rent)).filter(
          (n) =>
            !keyword || n.name.includes(keyword) || TREE.some((c) => c.parentId === n.id && c.name.includes(keyword)),
        ),
      );
    },
    [`GET ${P.get}`]: (req: FakeRequest) => ok(detail(idOf(req))),
    [`GET ${P.options}`]: () =>
      ok(
        TREE.filter((n) => n.enabled).map((n) => ({
          id: n.id,
          rentId: n.rentId,
          parentId: n.parentId,
          kind: n.kind,
          label: n.parentId ? `North fleet / ${n.name}` : n.name,
          enabled: n.enabled,
        })),
      ),
    [`GET ${P.members}`]: () =>
      paged([member(), member({ driverId: 32, name: 'Zhao Lei', phone: '13900000032', leader: false })]),
    [`GET ${P.cars}`]: () => paged([]),
    [`GET ${P.moves}`]: () => paged([move()]),
    'GET /api/ccwadmin/employee/list': () => paged([]),
    ...more,
  };
}

// ------------------------------------------------------------------------------------------------ performance

export const PERF = TeamPerformancePaths;

export const rankRow = (
  patch: Partial<DriverMonth> & Pick<DriverMonth, 'driverId' | 'name' | 'rank'>,
): DriverMonth => ({
  phone: `139000000${patch.driverId}`,
  teamId: 2,
  teamName: 'Airport team',
  onlineMinutes: 2883,
  orders: 165,
  flow: 5952.95,
  rentLines: 4,
  onTimeLines: 3,
  overdueDays: 2,
  violations: 0,
  accidents: 0,
  score: 96.59,
  ...patch,
});

export const RANKING: DriverMonth[] = [
  rankRow({ driverId: 31, name: 'Wang Jianguo', rank: 1 }),
  rankRow({
    driverId: 32,
    name: 'Zhao Lei',
    rank: 2,
    teamId: 1,
    teamName: 'North fleet',
    score: 61.5,
    flow: 12345.6,
    onlineMinutes: 600,
    orders: 1203,
    rentLines: 0,
    onTimeLines: 0,
    violations: 1,
  }),
];

export function teamMonth(patch: Partial<TeamMonth> & Pick<TeamMonth, 'teamId' | 'name'>): TeamMonth {
  return {
    parentId: null,
    kind: 'fleet',
    drivers: 2,
    onlineMinutes: 3483,
    orders: 1368,
    flow: 18298.55,
    flowPerDriver: 9149.28,
    rentLines: 4,
    onTimeLines: 3,
    overdueDays: 2,
    violations: 1,
    accidents: 0,
    score: 79.05,
    ...patch,
  };
}

export const MONTHS: TeamMonth[] = [
  teamMonth({ teamId: 1, name: 'North fleet' }),
  teamMonth({
    teamId: 2,
    parentId: 1,
    kind: 'team',
    name: 'Airport team',
    drivers: 1,
    flow: 5952.95,
    flowPerDriver: 5952.95,
    score: 96.59,
  }),
  teamMonth({ teamId: 3, parentId: 1, kind: 'team', name: 'Night team', drivers: 0, flow: 0, flowPerDriver: 0 }),
  teamMonth({ teamId: 4, name: 'Pudong fleet', drivers: 1, flow: 4000, flowPerDriver: 4000, score: 50 }),
];

/** Nothing imported for the month: the drivers are there, their platform figures are not. */
export const EMPTY_MONTHS: TeamMonth[] = MONTHS.map((m) => ({
  ...m,
  onlineMinutes: 0,
  orders: 0,
  flow: 0,
  flowPerDriver: 0,
}));

export const WEIGHTS: RankingWeights = {
  flow: 30,
  orders: 15,
  onlineHours: 15,
  onTime: 20,
  overdueDays: 10,
  violations: 5,
  accidents: 5,
};

/** The area's calls with the performance ones: the ranking filtered by keyword, the months, the weights. */
export function perfRoutes(
  opts: { months?: TeamMonth[] } = {},
  more: Record<string, (req: FakeRequest) => FakeAnswer> = {},
) {
  return teamRoutes({
    [`GET ${PERF.drivers}`]: (req: FakeRequest) => {
      const keyword = req.query.get('keyword');
      const rows = RANKING.filter((r) => !keyword || r.name.includes(keyword));
      return ok({
        month: req.query.get('month'),
        weights: WEIGHTS,
        rows,
        total: rows.length,
        pageNum: 1,
        pageSize: 20,
      } satisfies Omit<DriverRanking, 'month'> & { month: string | null });
    },
    [`GET ${PERF.teams}`]: () => ok(opts.months ?? MONTHS),
    [`GET ${PERF.weights}`]: () => ok(WEIGHTS),
    [`GET ${PERF.days}`]: () => paged([]),
    [`GET ${PERF.export}`]: () => ({
      file: 'PK',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    ...more,
  });
}

// ------------------------------------------------------------------------------------------------ platform sync

export const flowSync = (patch: Partial<FlowSync> & Pick<FlowSync, 'id'>): FlowSync => ({
  platform: 'didi',
  from: '2026-11-20',
  to: '2026-11-20',
  state: 'done',
  fetched: 14,
  written: 12,
  unknown: 2,
  unknownPhones: ['138****0001', '139****0002'],
  error: null,
  byName: null,
  at: '2026-11-21T19:05:00.000Z',
  ...patch,
});

/** DiDi enabled (last synced by the daily job), Amap disabled (its last sync failed); the sandbox adapter. */
export const SETUP: PlatformSetup = {
  provider: 'sandbox',
  sandbox: true,
  accounts: [
    { platform: 'didi', partnerId: 'HZ-fleet.01', enabled: true, lastSync: flowSync({ id: 9 }) },
    {
      platform: 'gaode',
      partnerId: 'amap_778',
      enabled: false,
      lastSync: flowSync({
        id: 8,
        platform: 'gaode',
        from: '2026-11-01',
        to: '2026-11-15',
        state: 'failed',
        fetched: 0,
        written: 0,
        unknown: 0,
        unknownPhones: [],
        error: 'Amap refused the partner id',
        byName: 'Zhang Wei',
      }),
    },
  ],
};

/** The performance calls with the platform ones: the accounts and the history (newest first, `total` given). */
export function platformRoutes(
  opts: { setup?: PlatformSetup; syncs?: FlowSync[]; total?: number } = {},
  more: Record<string, (req: FakeRequest) => FakeAnswer> = {},
) {
  const syncs = opts.syncs ?? [SETUP.accounts[0]!.lastSync!, SETUP.accounts[1]!.lastSync!];
  return perfRoutes(
    {},
    {
      [`GET ${PERF.platforms}`]: () => ok(opts.setup ?? SETUP),
      [`GET ${PERF.syncs}`]: () => ok({ records: syncs, total: opts.total ?? syncs.length }),
      ...more,
    },
  );
}

// ------------------------------------------------------------------------------------------------ commission

export const COMM = TeamCommissionPaths;

/** The North fleet's rule: 8 % above ¥6,000, ¥200 on time, ¥100 a violation, ¥500 an accident, the leader 1.5 %. */
export const RULE: CommissionRule = {
  teamId: 1,
  teamName: 'North fleet',
  enabled: true,
  flowTarget: 6000,
  flowSharePct: 8,
  onTimeBonus: 200,
  violationPenalty: 100,
  accidentPenalty: 500,
  leaderPct: 1.5,
  costCentreId: 5,
  costCentreName: 'Hangzhou fleets',
  updatedAt: '2026-11-05T02:00:00.000Z',
};

/** A node without a rule, as the server answers it. */
export const noRule = (teamId: number, teamName: string): CommissionRule => ({
  teamId,
  teamName,
  enabled: false,
  flowTarget: 0,
  flowSharePct: 0,
  onTimeBonus: 0,
  violationPenalty: 0,
  accidentPenalty: 0,
  leaderPct: 0,
  costCentreId: null,
  costCentreName: null,
  updatedAt: null,
});

export const centre = (patch: Partial<CostCentre> & Pick<CostCentre, 'id' | 'name'>): CostCentre => ({
  parentId: null,
  kind: 'company',
  code: `C${patch.id}`,
  enabled: true,
  sort: 0,
  postedTotal: 0,
  ...patch,
});

export const CENTRES: CostCentre[] = [
  centre({ id: 4, name: 'Demo Rentals' }),
  centre({ id: 5, name: 'Hangzhou fleets', parentId: 4, kind: 'rent' }),
  centre({ id: 6, name: 'Old garage', parentId: 4, kind: 'department', enabled: false }),
];

export const statementRow = (patch: Partial<TeamStatement> & Pick<TeamStatement, 'id' | 'month'>): TeamStatement => ({
  teamId: 1,
  teamName: 'North fleet',
  state: 'draft',
  drivers: 3,
  flow: 21345.6,
  reward: 1107.65,
  penalty: 700,
  net: 407.65,
  leaderName: 'Li Na',
  leaderCommission: 320.18,
  approvalId: null,
  computedAt: '2026-12-01T19:10:00.000Z',
  decidedAt: null,
  ...patch,
});

export const line = (
  patch: Partial<TeamStatementLine> & Pick<TeamStatementLine, 'driverId' | 'name'>,
): TeamStatementLine => ({
  teamName: 'Airport team',
  flow: 0,
  rentLines: 4,
  onTimeLines: 4,
  violations: 0,
  accidents: 0,
  share: 0,
  bonus: 0,
  penalty: 0,
  net: 0,
  contractId: null,
  contractNo: null,
  billLineId: null,
  ...patch,
});

/** Wang earns ¥707.65 (share and bonus), Zhao owes ¥600 (a violation, an accident), Chen nothing. */
export const LINES: TeamStatementLine[] = [
  line({ driverId: 31, name: 'Wang Jianguo', flow: 12345.6, share: 507.65, bonus: 200, net: 707.65 }),
  line({ driverId: 33, name: 'Chen Hao', flow: 4000, rentLines: 0, onTimeLines: 0 }),
  line({
    driverId: 32,
    name: 'Zhao Lei',
    teamName: 'North fleet',
    flow: 5000,
    onTimeLines: 3,
    violations: 1,
    accidents: 1,
    penalty: 600,
    net: -600,
  }),
];

export function statement(
  patch: Partial<TeamStatementDetail> & Pick<TeamStatementDetail, 'id' | 'month'>,
): TeamStatementDetail {
  const { teamId: _, teamName: __, updatedAt: ___, costCentreName, ...rule } = RULE;
  return { ...statementRow(patch), rule, costCentreName, lines: LINES, ...patch };
}

/** The area's calls with the commission ones: the North fleet's rule, the statements given, the cost centres. */
export function commissionRoutes(
  opts: { statements?: TeamStatementDetail[]; rule?: CommissionRule } = {},
  more: Record<string, (req: FakeRequest) => FakeAnswer> = {},
) {
  const all = opts.statements ?? [];
  return teamRoutes({
    [`GET ${COMM.rule}`]: (req: FakeRequest) =>
      ok(idOf(req) === 1 ? (opts.rule ?? RULE) : noRule(idOf(req), TREE.find((n) => n.id === idOf(req))!.name)),
    [`GET ${COMM.statements}`]: (req: FakeRequest) =>
      paged(
        all.filter((s) => s.teamId === Number(req.query.get('teamId'))).map(({ rule: _, lines: __, ...row }) => row),
      ),
    [`GET ${COMM.statement}`]: (req: FakeRequest) => {
      const found = all.find((s) => s.id === idOf(req));
      return found ? ok(found) : { status: 404, body: { status: 404, message: 'No such statement' } };
    },
    'GET /api/ccwadmin/oa/costCenter/list': () => ok(CENTRES),
    ...more,
  });
}
