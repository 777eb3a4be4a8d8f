import type { AppDeps } from '../../core/deps.js';
import { HOURLY, registerSchedule } from '../../core/schedules.js';
import { registerServiceReminders, runDueHourly } from './due.service.js';
import { registerOrders } from './orders.register.js';

/**
 * The maintenance area's registrations (docs/maintenance.md): the `service` vehicle reminder source and the
 * hourly due schedule (due.service.ts), and the work orders' own (orders.register.ts).
 */
export function registerMaintenance(deps: AppDeps): void {
  registerServiceReminders();
  registerSchedule({
    name: 'maintenance.due',
    cron: HOURLY,
    atStart: true,
    description:
      "Every car's service position (maintenance_due, set-based per tenant), then the service reminders (each once per car and cycle).",
    run: runDueHourly,
  });
  registerOrders(deps);
}
