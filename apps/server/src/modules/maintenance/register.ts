import type { AppDeps } from '../../core/deps.js';
import { registerOrders } from './orders.register.js';

/**
 * The maintenance area's registrations (docs/maintenance.md): the hourly due schedule and the `service` vehicle
 * reminder source (due.service.ts), and the work orders' own (orders.register.ts).
 */
export function registerMaintenance(deps: AppDeps): void {
  registerOrders(deps);
}
