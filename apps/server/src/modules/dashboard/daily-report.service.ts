import { COST_CATEGORIES } from '@fleetdesk/contracts/cost-centres';
import { fenToYuan } from '@fleetdesk/contracts/common';
import {
  MONEY_KINDS,
  REPORT_GROUPS,
  REPORT_MAX_DAYS,
  REPORT_MAX_MONTHS,
  type MoneyKind,
  type ReportDays,
  type ReportDaysQuery,
  type ReportGroup,
  type ReportPeriod,
} from '@fleetdesk/contracts/dashboard';
import { hasPermission, scopeFor, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ForbiddenError, invalidField } from '../../core/errors.js';
import { addDays, tenantDaysOf, tenantZone } from '../../core/tenant-time.js';
import { carsAtDayEnds, carsNow } from '../vehicles/reports.service.js';
import * as repo from './daily-report.repository.js';

/** How many past days the nightly job fills in when they have no report (a worker stopped for a few days). */
export const REPORT_CATCH_UP_DAYS = 7;

/** The permission each group of the report needs (docs/dashboard.md); the route takes any one of them. */
export const GROUP_PERMISSIONS: Record<ReportGroup, string> = {
  fleet: 'rentCar:view',
  money: 'rentContract:view',
  leads: 'crm:view',
  costs: 'oaCostCenter:view',
};

/**
 * The groups a caller sees: those his permissions read, less the fleet for a fleet leader (he sees his teams'
 * cars only, and the report counts a rent's) and the leads for a salesman of data scope `own` (his own leads only).
 */
export function visibleGroups(ctx: RequestContext): ReportGroup[] {
  return REPORT_GROUPS.filter((g) => {
    if (!hasPermission(ctx.permissions, GROUP_PERMISSIONS[g])) return false;
    if (g === 'fleet' && ctx.teamIds) return false;
    if (g === 'leads' && ctx.ownOnly) return false;
    return true;
  });
}

/**
 * Computes and stores the days of [from, to] of a tenant, every rent (the nightly job, the demo's year of history,
 * a day a correction changed): each day's rows replace those it had.
 */
export async function computeDays(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  tenantId: number,
  from: string,
  to: string,
  timeZone?: string,
) {
  const zone = timeZone ?? (await tenantZone(deps.db, tenantId));
  const rentIds = await repo.rentsOf(deps.db, tenantId);
  const cars = await carsAtDayEnds(deps, tenantId, rentIds, zone, from, to);
  const figures = await repo.rangeFigures(
    deps.db,
    { tenantId, timeZone: zone, from, to, rentIds, company: true },
    cars,
  );
  const at = deps.clock.now();
  for (const [day, rents] of figures) await repo.storeDay(deps.db, tenantId, day, rents.values(), at);
}

/**
 * The nightly job (hourly, so that each tenant's night comes in its own zone): for every active tenant, the past
 * days of the last week that some rent has no report for, yesterday first of all once the tenant's day has
 * turned. A day is stored once; running it again finds nothing missing.
 */
export async function runDailyReports(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>): Promise<number> {
  let stored = 0;
  for (const tenant of await repo.activeTenants(deps.db)) {
    const days = tenantDaysOf(tenant.timeZone, deps.clock.now());
    const yesterday = days.plusDays(-1);
    const missing = await repo.missingDays(deps.db, tenant.id, days.plusDays(-REPORT_CATCH_UP_DAYS), yesterday);
    // Consecutive missing days in one computation (usually one: yesterday).
    for (const [from, to] of runsOf(missing)) {
      await computeDays(deps, tenant.id, from, to, tenant.timeZone);
    }
    stored += missing.length;
  }
  if (stored) deps.log.info({ days: stored }, 'daily reports stored');
  return stored;
}

/** Consecutive days as [first, last] runs. */
function runsOf(days: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

const toYuan = (m: Record<MoneyKind, number>) => {
  const total = MONEY_KINDS.reduce((s, k) => s + m[k], 0);
  return { rent: fenToYuan(m.rent), deposit: fenToYuan(m.deposit), other: fenToYuan(m.other), total: fenToYuan(total) };
};

function periodOut(p: repo.StoredPeriod, live: boolean, groups: readonly ReportGroup[]): ReportPeriod {
  const has = (g: ReportGroup) => groups.includes(g);
  const costTotal = COST_CATEGORIES.reduce((s, c) => s + p.costs[c], 0);
  return {
    period: p.period,
    live,
    fleet: has('fleet')
      ? {
          fleet: p.fleet,
          rented: p.rented,
          idle: p.idle,
          maintenance: p.maintenance,
          utilisation: repo.utilisationOf(p.rented, p.fleet),
        }
      : null,
    money: has('money')
      ? {
          receivable: toYuan(p.receivable),
          received: toYuan(p.received),
          refunded: fenToYuan(p.refunded),
          newContracts: p.newContracts,
          dispatches: p.dispatches,
          returns: p.returns,
        }
      : null,
    leads: has('leads') ? { newLeads: p.newLeads, conversions: p.conversions } : null,
    costs: has('costs')
      ? {
          ...(Object.fromEntries(COST_CATEGORIES.map((c) => [c, fenToYuan(p.costs[c])])) as Record<
            (typeof COST_CATEGORIES)[number],
            number
          >),
          total: fenToYuan(costTotal),
        }
      : null,
  };
}

/**
 * a and b added up: the flows summed; the fleet figures summed too (`fleet: 'sum'`, rents of one day) or b's
 * (`fleet: 'later'`, a period followed by a later day).
 */
function add(a: repo.StoredPeriod, b: Omit<repo.DayFigures, 'rentId'>, fleet: 'sum' | 'later'): repo.StoredPeriod {
  const sum = <K extends string>(x: Record<K, number>, y: Record<K, number>) =>
    Object.fromEntries(Object.keys(x).map((k) => [k, x[k as K] + y[k as K]])) as Record<K, number>;
  const car = (k: 'fleet' | 'rented' | 'idle' | 'maintenance') => (fleet === 'sum' ? a[k] + b[k] : b[k]);
  return {
    period: a.period,
    fleet: car('fleet'),
    rented: car('rented'),
    idle: car('idle'),
    maintenance: car('maintenance'),
    receivable: sum(a.receivable, b.receivable),
    received: sum(a.received, b.received),
    refunded: a.refunded + b.refunded,
    newContracts: a.newContracts + b.newContracts,
    dispatches: a.dispatches + b.dispatches,
    returns: a.returns + b.returns,
    newLeads: a.newLeads + b.newLeads,
    conversions: a.conversions + b.conversions,
    costs: sum(a.costs, b.costs),
  };
}

/**
 * `rentalReportDay/list`: the caller's rents (or the one named), per day or month of [from, to]. The days before
 * today come from the stored reports; today, when in the range, is computed on asking. The company's own costs
 * (no rent) count for a caller who sees every rent and names none.
 */
export async function reportDays(deps: AppDeps, ctx: RequestContext, q: ReportDaysQuery): Promise<ReportDays> {
  const groups = visibleGroups(ctx);
  if (!groups.length) throw new ForbiddenError();
  if (q.to < q.from) throw invalidField('to', 'v.dateRange');
  const length = Math.round((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000) + 1;
  const months =
    (Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4))) * 12 +
    (Number(q.to.slice(5, 7)) - Number(q.from.slice(5, 7))) +
    1;
  if (q.granularity === 'day' && length > REPORT_MAX_DAYS) {
    throw invalidField('from', 'dashboard.rangeTooLong', { max: REPORT_MAX_DAYS });
  }
  if (q.granularity === 'month' && months > REPORT_MAX_MONTHS) {
    throw invalidField('from', 'dashboard.monthsTooMany', { max: REPORT_MAX_MONTHS });
  }
  const scope = scopeFor(ctx, q.rentId);
  const company = ctx.dataScope === 'all' && !q.rentId;
  const days = tenantDaysOf(await tenantZone(deps.db, ctx.tenantId), deps.clock.now());
  const to = q.to < days.today ? q.to : addDays(days.today, -1);
  const stored =
    q.from <= to
      ? await repo.storedPeriods(
          deps.db,
          { tenantId: ctx.tenantId, rentIds: scope.rentIds, company, from: q.from, to },
          q.granularity,
        )
      : [];
  const periods = stored.map((p) => periodOut(p, false, groups));
  if (q.from <= days.today && days.today <= q.to) {
    const range = {
      tenantId: ctx.tenantId,
      timeZone: days.timeZone,
      from: days.today,
      to: days.today,
      rentIds: scope.rentIds,
      company,
    };
    // Today's end has not come: its fleet is the cars' status now.
    const cars = await carsNow(deps, ctx.tenantId, scope.rentIds, days.today);
    const figures = await repo.rangeFigures(deps.db, range, cars);
    const key = q.granularity === 'day' ? days.today : days.today.slice(0, 7);
    let today: repo.StoredPeriod = { ...repo.emptyFigures(null), period: key };
    for (const f of figures.get(days.today)?.values() ?? []) today = add(today, f, 'sum');
    const last = stored.at(-1);
    if (last && last.period === key) {
      periods[periods.length - 1] = periodOut(add(last, today, 'later'), true, groups);
    } else {
      periods.push(periodOut(today, true, groups));
    }
  }
  return { from: q.from, to: q.to, granularity: q.granularity, groups, periods };
}
