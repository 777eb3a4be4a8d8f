import type { AppDeps } from '../../core/deps.js';
import { registerVehicleReminderSource } from '../compliance/vehicle-reminders.service.js';
import { createViolationProvider } from './providers/factory.js';
import { violationLimitSource } from './violations.reminders.js';
import { setProvider, violationTaskKind } from './violations.service.js';

/**
 * The violations' registrations: the query provider of these deps, the task kind of the paid queries, and the
 * violation limits as a source of the vehicle reminders (run by the compliance schedule).
 */
export function registerViolations(deps: AppDeps): void {
  setProvider(
    deps,
    createViolationProvider(deps.config, () => deps.clock.now()),
  );
  deps.tasks.register(violationTaskKind(deps));
  registerVehicleReminderSource(violationLimitSource);
}
