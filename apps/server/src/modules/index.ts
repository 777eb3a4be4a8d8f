import type { FastifyInstance } from 'fastify';
import { accessRoutes } from './access/access.routes.js';
import { adsRoutes } from './ads/ads.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { filesRoutes } from './files/files.routes.js';
import { authRoutes } from './identity/auth.routes.js';
import { userRoutes } from './identity/user.routes.js';
import { membershipRoutes } from './membership/membership.routes.js';
import { messagesRoutes } from './messages/messages.routes.js';
import { benchRoutes } from './system/bench.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { organisationRoutes } from './organisation/organisation.routes.js';
import { smsNoticesRoutes } from './sms-notices/sms-notices.routes.js';
import { areasRoutes } from './areas/areas.routes.js';
import { excelImportRoutes } from './excel-import/excel-import.routes.js';
import { ocrRoutes } from './ocr/ocr.routes.js';
import { rolesRoutes } from './roles/roles.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { savedFiltersRoutes } from './saved-filters/saved-filters.routes.js';
import { vehiclesRoutes } from './vehicles/vehicles.routes.js';
import { approvalsRoutes } from './approvals/approvals.routes.js';
import { costCentresRoutes } from './cost-centres/cost-centres.routes.js';
import { attendanceRoutes } from './attendance/attendance.routes.js';
import { driversRoutes } from './drivers/drivers.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { complianceRoutes } from './compliance/compliance.routes.js';
import { violationsRoutes } from './violations/violations.routes.js';
import { contractsTestRoutes, rentalContractsRoutes } from './rental-contracts/rental-contracts.routes.js';
import { gpsRoutes } from './gps/gps.routes.js';
import { handoverRoutes } from './rental-contracts/handover.routes.js';
import { gpsEventsRoutes } from './gps/events/gps-events.routes.js';
import { gpsCommandsRoutes } from './gps/commands/commands.routes.js';
import { gpsRiskRoutes } from './gps/risk/risk.routes.js';
import { gpsReceiptRoutes } from './gps/receipts.routes.js';
import { financingRoutes } from './financing/financing.routes.js';
import { moneyRoutes } from './financing/money.routes.js';
import { collateralRoutes } from './financing/collateral.routes.js';
import { financingTestRoutes } from './financing/financing.test-routes.js';
import { maintenanceRoutes } from './maintenance/maintenance.routes.js';
import { crmRoutes } from './crm/crm.routes.js';
import { crmOpenRoutes } from './crm/open.register.js';
import { shortTermRoutes } from './short-term/short-term.routes.js';
import { timeShareRoutes } from './time-share/time-share.routes.js';
import { teamsRoutes } from './teams/teams.routes.js';
import { driverPortalRoutes } from './driver-portal/driver-portal.routes.js';
import { notarizationRoutes } from './notarization/notarization.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';

/** Every module's routes, in one list; a new area adds its plugin here. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  for (const plugin of [
    systemRoutes,
    authRoutes,
    userRoutes,
    accessRoutes,
    membershipRoutes,
    messagesRoutes,
    adsRoutes,
    auditRoutes,
    filesRoutes,
    tasksRoutes,
    smsNoticesRoutes,
    organisationRoutes,
    rolesRoutes,
    settingsRoutes,
    areasRoutes,
    savedFiltersRoutes,
    excelImportRoutes,
    vehiclesRoutes,
    driversRoutes,
    ocrRoutes,
    approvalsRoutes,
    costCentresRoutes,
    attendanceRoutes,
    paymentsRoutes,
    complianceRoutes,
    violationsRoutes,
    rentalContractsRoutes,
    handoverRoutes,
    gpsRoutes,
    gpsEventsRoutes,
    gpsCommandsRoutes,
    gpsRiskRoutes,
    gpsReceiptRoutes,
    financingRoutes,
    moneyRoutes,
    collateralRoutes,
    maintenanceRoutes,
    crmRoutes,
    crmOpenRoutes,
    shortTermRoutes,
    timeShareRoutes,
    teamsRoutes,
    driverPortalRoutes,
    notarizationRoutes,
    dashboardRoutes,
  ]) {
    await app.register(plugin);
  }
  if (app.deps.config.BENCH_ROUTES) await app.register(benchRoutes);
  if (app.deps.config.TEST_ROUTES) {
    await app.register(contractsTestRoutes);
    await app.register(financingTestRoutes);
  }
}
