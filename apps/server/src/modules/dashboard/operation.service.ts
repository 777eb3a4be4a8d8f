import type { OperationFigures } from '@fleetdesk/contracts/dashboard';
import { DriverListFilter } from '@fleetdesk/contracts/drivers';
import { DueListQuery } from '@fleetdesk/contracts/maintenance';
import { DUE_SOON_DAYS } from '@fleetdesk/contracts/vehicles';
import { ViolationListFilter } from '@fleetdesk/contracts/violations';
import { hasPermission, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { tenantDays, type TenantDays } from '../../core/tenant-time.js';
import { licenseTotal } from '../compliance/compliance.service.js';
import { listDrivers } from '../drivers/drivers.service.js';
import { unhandledCount } from '../gps/events/alarms.service.js';
import { riskBoard } from '../gps/risk/risk.service.js';
import { listDue } from '../maintenance/due.service.js';
import { todayFigures } from '../rental-contracts/rental-contracts.service.js';
import { carsSummary } from '../vehicles/reports.service.js';
import { listViolations } from '../violations/violations.service.js';
import { utilisationOf } from './daily-report.repository.js';

/** Whether the caller reads `code`, and so sees the area's figures. */
const reads = (ctx: RequestContext, code: string) => hasPermission(ctx.permissions, code);

async function fleetOf(deps: AppDeps, ctx: RequestContext, days: TenantDays): Promise<OperationFigures['fleet']> {
  const [cars, licences, violations] = await Promise.all([
    carsSummary(deps, ctx),
    licenseTotal(deps, ctx),
    listViolations(deps, ctx, ViolationListFilter.parse({ handled: 'unhandled', pageNum: 1, pageSize: 1 })),
  ]);
  return {
    total: cars.total,
    byStatus: cars.byStatus,
    utilisation: utilisationOf(cars.byStatus.rented ?? 0, cars.total),
    soonUntil: days.plusDays(DUE_SOON_DAYS),
    inspectionDueSoon: cars.inspectionDueSoon,
    inspectionOverdue: cars.inspectionOverdue,
    insuranceDueSoon: cars.insuranceDueSoon,
    insuranceExpired: cars.insuranceExpired,
    licencesExpiring: licences.expiring,
    licencesExpired: licences.expired,
    violationsUnhandled: violations.total,
  };
}

async function driversOf(deps: AppDeps, ctx: RequestContext): Promise<OperationFigures['drivers']> {
  const total = async (documentDue: 'soon' | 'expired') =>
    (await listDrivers(deps, ctx, DriverListFilter.parse({ documentDue, pageNum: 1, pageSize: 1 }))).total;
  const [documentsSoon, documentsExpired] = await Promise.all([total('soon'), total('expired')]);
  return { documentsSoon, documentsExpired };
}

async function servicesOf(deps: AppDeps, ctx: RequestContext): Promise<OperationFigures['services']> {
  const total = async (state: 'all-due' | 'overdue') =>
    (await listDue(deps, ctx, DueListQuery.parse({ state, pageNum: 1, pageSize: 1 }))).total;
  const [due, overdue] = await Promise.all([total('all-due'), total('overdue')]);
  return { due, overdue };
}

/**
 * `index/operation`: the caller's day, each area through its own service (the counts its lists show, in the
 * caller's data scope), and only the areas his permissions read; the others are null.
 */
export async function operationFigures(deps: AppDeps, ctx: RequestContext): Promise<OperationFigures> {
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const [fleet, drivers, contracts, risk, services] = await Promise.all([
    reads(ctx, 'rentCar:view') ? fleetOf(deps, ctx, days) : null,
    reads(ctx, 'rentDriver:view') ? driversOf(deps, ctx) : null,
    reads(ctx, 'rentContract:view') ? todayFigures(deps, ctx) : null,
    reads(ctx, 'riskGpsMap:view')
      ? Promise.all([riskBoard(deps, ctx), unhandledCount(deps, ctx)]).then(([board, alarms]) => ({
          openCases: board.openCount,
          overdueAmount: board.overdueAmount,
          unhandledAlarms: alarms,
        }))
      : null,
    reads(ctx, 'maintenance:view') ? servicesOf(deps, ctx) : null,
  ]);
  return { today: days.today, fleet, drivers, contracts, risk, services };
}
