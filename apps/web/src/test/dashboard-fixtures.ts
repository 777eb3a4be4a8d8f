import type { OperationFigures, ReportDays, ReportDaysQuery } from '@fleetdesk/contracts/dashboard';
import type { RiskBoard } from '@fleetdesk/contracts/gps-risk';
import { ok, type FakeAnswer, type FakeRequest } from './fake-server';

/** The day the dashboard fixtures are taken on (the server's `today`; a month end on purpose). */
export const TODAY = '2026-02-28';

/** The figures of every area, as `index/operation` answers a user who reads them all. */
export const FIGURES: OperationFigures = {
  today: TODAY,
  fleet: {
    total: 120,
    byStatus: { idle: 30, rented: 78, preparing: 4, maintenance: 5, reserved: 2, off_fleet: 1, sold: 6, scrapped: 3 },
    utilisation: 0.65,
    soonUntil: '2026-03-30',
    inspectionDueSoon: 7,
    inspectionOverdue: 2,
    insuranceDueSoon: 5,
    insuranceExpired: 0,
    licencesExpiring: 3,
    licencesExpired: 1,
    violationsUnhandled: 11,
  },
  drivers: { documentsSoon: 4, documentsExpired: 2 },
  contracts: {
    toSign: 3,
    toDispatch: 2,
    toReturn: 6,
    toSettle: 1,
    dueToday: { contracts: 9, bills: 10, amount: 42_500 },
    collectedToday: 31_800.5,
    overdue: { contracts: 4, amount: 18_250 },
  },
  risk: { openCases: 2, overdueAmount: 9_600, unhandledAlarms: 5 },
  services: { due: 8, overdue: 3 },
};

/** What `index/operation` answers for the account's view permissions (an area it does not read is null). */
export function figuresFor(elements: string[]): OperationFigures {
  const reads = (code: string) => elements.includes(code);
  return {
    today: TODAY,
    fleet: reads('rentCar:view') ? FIGURES.fleet : null,
    drivers: reads('rentDriver:view') ? FIGURES.drivers : null,
    contracts: reads('rentContract:view') ? FIGURES.contracts : null,
    risk: reads('riskGpsMap:view') ? FIGURES.risk : null,
    services: reads('maintenance:view') ? FIGURES.services : null,
  };
}

export const BOARD: RiskBoard = {
  byState: [
    { state: 'open', count: 1, amount: 6_000 },
    { state: 'fuelCutProposed', count: 1, amount: 3_600 },
    { state: 'closed', count: 4, amount: 12_000 },
  ],
  byRule: [{ rule: 'geofenceExitOverdue', count: 2, amount: 9_600 }],
  openCount: 2,
  overdueAmount: 9_600,
  open: [],
};

/** A report with one figure per period that says which period it is (the day of month, the month number). */
export function reportFor(q: ReportDaysQuery): ReportDays {
  const periods: string[] = [];
  if (q.granularity === 'month') {
    for (
      let y = Number(q.from.slice(0, 4)), m = Number(q.from.slice(5, 7));
      `${y}-${String(m).padStart(2, '0')}` <= q.to.slice(0, 7);
      m === 12 ? ((y += 1), (m = 1)) : (m += 1)
    )
      periods.push(`${y}-${String(m).padStart(2, '0')}`);
  } else {
    for (
      let d = new Date(`${q.from}T00:00:00Z`);
      d.toISOString().slice(0, 10) <= q.to;
      d.setUTCDate(d.getUTCDate() + 1)
    )
      periods.push(d.toISOString().slice(0, 10));
  }
  const money = (n: number) => ({ rent: n, deposit: 0, other: 0, total: n });
  return {
    from: q.from,
    to: q.to,
    granularity: q.granularity,
    groups: ['fleet', 'money'],
    periods: periods.map((period, i) => ({
      period,
      live: period === TODAY || period === TODAY.slice(0, 7),
      fleet: { fleet: 100, rented: 60 + i, idle: 30 - i, maintenance: 10, utilisation: (60 + i) / 100 },
      money: {
        receivable: money(1000 * (i + 1)),
        received: money(900 * (i + 1)),
        refunded: 0,
        newContracts: i % 3,
        dispatches: i % 2,
        returns: 1,
      },
      leads: null,
      costs: null,
    })),
  };
}

/** `rentalReportDay/list` answering `reportFor` the range asked. */
export const reportRoute = {
  'GET /api/ccwadmin/rentalReportDay/list': (req: FakeRequest) =>
    ok(
      reportFor({
        from: req.query.get('from')!,
        to: req.query.get('to')!,
        granularity: (req.query.get('granularity') as 'day' | 'month') ?? 'day',
      }),
    ),
};

/**
 * The dashboard's calls, answered for an account: what `sessionServer` adds for the home page. The daily reports
 * answer 403 (the trends say so in place) unless a test adds `reportRoute`: jsdom has no canvas, and only the tests
 * that mock echarts draw the charts.
 */
export function dashboardRoutes(elements: string[]): Record<string, (req: FakeRequest) => FakeAnswer> {
  return {
    'GET /api/ccwadmin/index/operation': () => ok(figuresFor(elements)),
    'GET /api/ccwadmin/risk/board': () => ok(BOARD),
    'GET /api/ccwadmin/rentalReportDay/list': () => ({ status: 403, body: { status: 403, message: 'no report' } }),
  };
}
