import type { DemoContext } from './context.js';
import { seedOffice } from './office.seed.js';
import { seedDrivers } from './drivers.seed.js';
import { seedCompliance } from './compliance.seed.js';
import { seedOrganisation } from './organisation.seed.js';
import { seedPayments } from './payments.seed.js';
import { seedRentalContracts } from './rental-contracts.seed.js';
import { seedSmsNotices } from './sms-notices.seed.js';
import { seedVehicles } from './vehicles.seed.js';
import { seedViolations } from './violations.seed.js';
import { seedGps } from './gps.seed.js';
import { seedHandover, seedTempCars } from './handover.seed.js';
import { seedGpsEvents } from './gps-events.seed.js';
import { seedGpsCommands } from './gps-commands.seed.js';
import { seedGpsRisk } from './gps-risk.seed.js';
import { seedGpsReceipts } from './gps-receipts.seed.js';
import { seedMessages } from './messages.seed.js';
import { seedFinancing } from './financing.seed.js';
import { seedFinancingMoney } from './financing-money.seed.js';
import { seedFinancingCollateral } from './financing-collateral.seed.js';
import { seedMaintenance } from './maintenance.seed.js';
import { seedMaintenanceOrders } from './maintenance-orders.seed.js';
import { seedCrm } from './crm.seed.js';
import { seedShortTerm } from './short-term.seed.js';
import { seedTimeShare } from './time-share.seed.js';
import { seedTeams } from './teams.seed.js';
import { seedDriverPortal } from './driver-portal.seed.js';
import { seedDashboard, seedFeedback } from './dashboard.seed.js';

/** Each area's demo records, in order (later areas may use what earlier ones made). */
export const DEMO_SEEDERS: ((ctx: DemoContext) => Promise<void>)[] = [
  seedOrganisation,
  seedSmsNotices,
  seedVehicles,
  seedOffice,
  seedDrivers,
  seedPayments,
  seedCompliance,
  seedViolations,
  seedRentalContracts,
  seedHandover,
  seedTempCars,
  seedGps,
  seedGpsEvents,
  seedGpsCommands,
  seedGpsRisk,
  seedGpsReceipts,
  seedMessages,
  seedFinancing,
  seedFinancingMoney,
  seedFinancingCollateral,
  // Maintenance: the workshops and plans, then the year of work orders (which ends with refreshDue).
  seedMaintenance,
  seedMaintenanceOrders,
  // CRM: the sales sign-ins, leads (some converted into the demo drivers), the form, the surveys sent to drivers.
  seedCrm,
  // Short-term rental: the stores (西湖店, 虹桥店) with idle untracked cars, prices, holidays, bookings in every state.
  seedShortTerm,
  // Time-share: zones, rates, its own fleet with trackers, renters' balances and trips (after short-term's).
  seedTimeShare,
  // Fleet teams: the 车队长 role and sign-in, fleets and teams with the active drivers and their contracts' cars.
  seedTeams,
  // Driver portal: every contracted driver's level, submissions waiting for review, notices.
  seedDriverPortal,
  // Dashboard: the daily reports of the last 400 days from every area's records (last: it counts them all).
  seedDashboard,
  // The platform operator (Fleetdesk's own tenant, sign-in operator) and the demo company's feedback to it.
  seedFeedback,
];
