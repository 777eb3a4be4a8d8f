import type { AppDeps } from '../core/deps.js';
import { registerCoreSchedules } from '../core/schedules.js';
import { registerApprovals } from './approvals/register.js';
import { registerAttendance } from './attendance/register.js';
import { registerCompliance } from './compliance/register.js';
import { registerCostCentres } from './cost-centres/register.js';
import { registerDrivers } from './drivers/register.js';
import { registerExcelImport } from './excel-import/register.js';
import { registerFinancing } from './financing/register.js';
import { registerFinancingMoney } from './financing/money.register.js';
import { registerGps } from './gps/register.js';
import { registerMaintenance } from './maintenance/register.js';
import { registerCrm } from './crm/register.js';
import { registerDashboard } from './dashboard/register.js';
import { registerShortTerm } from './short-term/register.js';
import { registerTimeShare } from './time-share/register.js';
import { registerTeams } from './teams/register.js';
import { registerDriverPortal } from './driver-portal/register.js';
import { registerNotarization } from './notarization/register.js';
import { registerIdentity } from './identity/register.js';
import { registerMessages } from './messages/register.js';
import { registerOrganisation } from './organisation/register.js';
import { registerPayments } from './payments/register.js';
import { registerRentalContracts } from './rental-contracts/register.js';
import { registerSmsNotices } from './sms-notices/register.js';
import { registerVehicles } from './vehicles/register.js';
import { registerViolations } from './violations/register.js';
import { registerSubscribers } from './subscribers.js';

/**
 * Every area's registrations, in one list: approval types (and hooks added to them), import types, task kinds,
 * schedules, reminder and recipient sources. Nothing registers itself by being imported, and no route plugin
 * registers anything, so the worker (`runtime.ts startWorker`) registers exactly what an app does without
 * building one. A new area adds its `register.ts` (`register<Area>(deps)`) here. The approvals come first:
 * later areas add hooks to their types.
 */
const AREAS: ((deps: AppDeps) => void)[] = [
  registerApprovals,
  registerIdentity,
  registerPayments,
  registerSmsNotices,
  registerOrganisation,
  registerExcelImport,
  registerVehicles,
  registerDrivers,
  registerCostCentres,
  registerAttendance,
  registerCompliance,
  registerViolations,
  registerRentalContracts,
  registerFinancing,
  registerGps,
  registerMessages,
  registerFinancingMoney,
  registerMaintenance,
  registerCrm,
  registerShortTerm,
  registerTimeShare,
  registerTeams,
  registerDriverPortal,
  registerNotarization,
  registerDashboard,
];

const registered = new WeakSet<AppDeps>();

/**
 * Registers every area for these deps (buildApp and the worker call it). A second call with the same deps does
 * nothing; another app's deps (tests build many in one process) registers again: the process-wide registries
 * replace an entry by its key with the same definition, and the per-deps ones (task kinds, providers) are new.
 */
export function registerAll(deps: AppDeps): void {
  if (registered.has(deps)) return;
  registered.add(deps);
  registerCoreSchedules();
  for (const register of AREAS) register(deps);
  // Domain event subscribers (docs/architecture.md, "Domain events"): the worker delivers to them too.
  registerSubscribers();
}
