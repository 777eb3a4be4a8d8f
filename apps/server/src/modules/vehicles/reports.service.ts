import { ONLINE_WINDOW_MINUTES, type CarsSummary, type OperationReport } from '@fleetdesk/contracts/vehicles';
import { scopeFor, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { invalidField } from '../../core/errors.js';
import * as reports from './reports.repository.js';

export type { DayEndCars } from './reports.repository.js';
import { addDays, tenantDays } from '../../core/tenant-time.js';

export const OPERATION_REPORT_MAX_DAYS = 366;

const onlineSince = (now: Date) => new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);

export async function carsSummary(deps: AppDeps, ctx: RequestContext, rentId?: number): Promise<CarsSummary> {
  const scope = scopeFor(ctx, rentId);
  const now = deps.clock.now();
  const days = await tenantDays(deps.db, ctx.tenantId, now);
  const [counts, infoErrors] = await Promise.all([
    reports.summary(deps.db, scope, days, onlineSince(now)),
    reports.countInfoErrors(deps.db, scope, days.today),
  ]);
  return { ...counts, infoErrors };
}

export async function infoErrors(
  deps: AppDeps,
  ctx: RequestContext,
  q: Parameters<typeof reports.listInfoErrors>[4] & { rentId?: number | undefined },
) {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  return reports.listInfoErrors(deps.db, scopeFor(ctx, q.rentId), days.today, ctx.lang, q);
}

export async function operationReport(
  deps: AppDeps,
  ctx: RequestContext,
  q: { rentId?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<OperationReport> {
  const scope = scopeFor(ctx, q.rentId);
  const now = deps.clock.now();
  const days = await tenantDays(deps.db, ctx.tenantId, now);
  const to = q.to ?? days.today;
  const from = q.from ?? addDays(to, -29);
  if (to < from) throw invalidField('to', 'v.dateRange');
  const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  if (length > OPERATION_REPORT_MAX_DAYS) {
    throw invalidField('from', 'vehicles.rangeTooLong');
  }
  const [rows, online] = await Promise.all([
    reports.operationDays(deps.db, scope, days.timeZone, from, to),
    reports.onlineCounts(deps.db, scope, onlineSince(now)),
  ]);
  const dayRows = rows.map((r) => ({ ...r, operationRate: r.fleet ? reports.round4(r.rented / r.fleet) : 0 }));
  const withFleet = dayRows.filter((d) => d.fleet > 0);
  const average = withFleet.length
    ? reports.round4(withFleet.reduce((s, d) => s + d.operationRate, 0) / withFleet.length)
    : 0;
  return { from, to, days: dayRows, averageOperationRate: average, online };
}

/**
 * The cars by status at the end of each day of [from, to], per rent of `rentIds` (all the tenant's rents the
 * caller names; no team limit): the dashboard's daily reports (docs/dashboard.md).
 */
export function carsAtDayEnds(
  deps: Pick<AppDeps, 'db'>,
  tenantId: number,
  rentIds: readonly number[],
  timeZone: string,
  from: string,
  to: string,
) {
  return reports.carsAtDayEnds(deps.db, { tenantId, rentIds }, timeZone, from, to);
}

/**
 * The cars by status now, per rent, in the shape of `carsAtDayEnds` for `today`: what today's end holds so far. The
 * live row of the daily reports reads it (one pass over the cars instead of the whole status history's replay).
 */
export function carsNow(deps: Pick<AppDeps, 'db'>, tenantId: number, rentIds: readonly number[], today: string) {
  return reports.carsNow(deps.db, { tenantId, rentIds }, today);
}
