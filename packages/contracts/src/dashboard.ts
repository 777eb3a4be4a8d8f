import { z } from 'zod';
import { Id, LocalDate } from './common.js';
import { CarStatus } from './vehicles.js';
import { COST_CATEGORIES } from './cost-centres.js';

/**
 * The home dashboard (issue 37): today's figures, the daily reports behind the trends, the risk board and user
 * feedback. A figure group appears only to a user whose permissions (and data scope) cover the records it counts.
 */
export { DashboardPaths } from './dashboard-paths.js';

/**
 * The groups of a daily report, each shown only with the permission that reads its records:
 * fleet (`rentCar:view`, not for a fleet leader's team scope), money and contracts (`rentContract:view`), leads
 * (`crm:view`, not for a salesman who sees only his own leads), costs (`oaCostCenter:view`).
 */
export const REPORT_GROUPS = ['fleet', 'money', 'leads', 'costs'] as const;
export const ReportGroup = z.enum(REPORT_GROUPS);
export type ReportGroup = z.infer<typeof ReportGroup>;

export const REPORT_GRANULARITIES = ['day', 'month'] as const;
export const ReportGranularity = z.enum(REPORT_GRANULARITIES);
export type ReportGranularity = z.infer<typeof ReportGranularity>;

/** A day report spans at most this many days; a month report at most 36 months. */
export const REPORT_MAX_DAYS = 400;
export const REPORT_MAX_MONTHS = 36;

/** The kinds money is received under: a bill's type, with everything but rent and deposit as `other`. */
export const MONEY_KINDS = ['rent', 'deposit', 'other'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

export const ReportDaysQuery = z.object({
  from: LocalDate,
  to: LocalDate,
  granularity: ReportGranularity.default('day'),
  /** One of the caller's rents; absent: all of them. */
  rentId: Id.optional(),
});
export type ReportDaysQuery = z.infer<typeof ReportDaysQuery>;

const Money = z.object({ rent: z.number(), deposit: z.number(), other: z.number(), total: z.number() });
const Costs = z.object({
  ...Object.fromEntries(COST_CATEGORIES.map((c) => [c, z.number()])),
  total: z.number(),
} as Record<(typeof COST_CATEGORIES)[number] | 'total', z.ZodNumber>);

/**
 * One period (a day `YYYY-MM-DD` or a month `YYYY-MM`) of the caller's rents. Fleet figures are at the end of
 * the period (a month: its last day in the report); the others are what happened within it. A group the caller
 * may not see is null. `live`: today's row, computed on asking (the nightly job stores the days before).
 */
export const ReportPeriod = z.object({
  period: z.string(),
  live: z.boolean(),
  fleet: z
    .object({
      fleet: z.number().int(),
      rented: z.number().int(),
      idle: z.number().int(),
      maintenance: z.number().int(),
      /** rented / fleet, 4 decimals. */
      utilisation: z.number(),
    })
    .nullable(),
  money: z
    .object({
      /** Bills due in the period (yuan). */
      receivable: Money,
      /** Money collected in the period (yuan), by the bill's kind; refunds paid out apart. */
      received: Money,
      refunded: z.number(),
      newContracts: z.number().int(),
      dispatches: z.number().int(),
      returns: z.number().int(),
    })
    .nullable(),
  leads: z.object({ newLeads: z.number().int(), conversions: z.number().int() }).nullable(),
  costs: Costs.nullable(),
});
export type ReportPeriod = z.infer<typeof ReportPeriod>;

export const ReportDays = z.object({
  from: z.string(),
  to: z.string(),
  granularity: ReportGranularity,
  groups: z.array(ReportGroup),
  periods: z.array(ReportPeriod),
});
export type ReportDays = z.infer<typeof ReportDays>;

const int = () => z.number().int();

/**
 * `index/operation`: the caller's day, by area. An area the caller may not read is null (the home shows no tile
 * for it); each count is the total of the list a tile links to (docs/dashboard.md).
 */
export const OperationFigures = z.object({
  today: z.string(),
  /** `rentCar:view`: the cars by status (a fleet leader: his teams'), papers due, violations unprocessed. */
  fleet: z
    .object({
      total: int(),
      byStatus: z.record(CarStatus, int()),
      /** rented / total, 4 decimals. */
      utilisation: z.number(),
      /** The last day of the car papers' due-soon window (today + `DUE_SOON_DAYS`), for the tiles' list links. */
      soonUntil: LocalDate,
      inspectionDueSoon: int(),
      inspectionOverdue: int(),
      insuranceDueSoon: int(),
      insuranceExpired: int(),
      licencesExpiring: int(),
      licencesExpired: int(),
      violationsUnhandled: int(),
    })
    .nullable(),
  /** `rentDriver:view`: drivers with a licence or certificate due soon, or expired (the list's `documentDue`). */
  drivers: z.object({ documentsSoon: int(), documentsExpired: int() }).nullable(),
  /** `rentContract:view`: to-dos, bills due and money collected today, overdue contracts (amounts in yuan). */
  contracts: z
    .object({
      toSign: int(),
      toDispatch: int(),
      toReturn: int(),
      toSettle: int(),
      /** Contracts with a bill due today still open (the list's `collect` duty), those bills and what they owe. */
      dueToday: z.object({ contracts: int(), bills: int(), amount: z.number() }),
      collectedToday: z.number(),
      overdue: z.object({ contracts: int(), amount: z.number() }),
    })
    .nullable(),
  /** `riskGpsMap:view`: open risk cases, the overdue rent they are about, unhandled alarms. */
  risk: z.object({ openCases: int(), overdueAmount: z.number(), unhandledAlarms: int() }).nullable(),
  /** `maintenance:view`: cars whose service is due within the lead days, and those past it. */
  services: z.object({ due: int(), overdue: int() }).nullable(),
});
export type OperationFigures = z.infer<typeof OperationFigures>;
