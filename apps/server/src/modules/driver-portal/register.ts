import type { AppDeps } from '../../core/deps.js';
import { registerSchedule } from '../../core/schedules.js';
import { registerOrderSettler } from '../payments/pay.service.js';
import { recomputeAllLevels } from './levels.service.js';
import { settleDriverRentOrder } from './portal.service.js';

/** Daily at 02:40: every driver's super driver level. */
export const DRIVER_LEVELS_CRON = '40 2 * * *';

/** The driver portal's registrations (docs/driver-portal.md): the `driverRent` order settler and the levels job. */
export function registerDriverPortal(_deps?: AppDeps): void {
  registerOrderSettler('driverRent', settleDriverRentOrder);
  registerSchedule({
    name: 'driverPortal.levels',
    cron: DRIVER_LEVELS_CRON,
    atStart: false,
    description:
      "Driver portal: every driver's super driver level from his last twelve months (on-time rent, violations, accidents); a change is told to the driver.",
    run: async (deps) => {
      await recomputeAllLevels(deps);
    },
  });
}
