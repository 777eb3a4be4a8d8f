import type { AppDeps } from '../../core/deps.js';
import { HOURLY, registerSchedule } from '../../core/schedules.js';
import { COMPLIANCE_REMINDER_SOURCES, registerVehicleReminderSource, runVehicleRemindersHourly } from './reminders.js';

/** Compliance's registrations: its reminder sources (licences, insurance, inspections) and the reminders' run. */
export function registerCompliance(_deps: AppDeps): void {
  for (const source of COMPLIANCE_REMINDER_SOURCES) registerVehicleReminderSource(source);
  registerSchedule({
    name: 'compliance.vehicleReminders',
    cron: HOURLY,
    atStart: true,
    description:
      'Vehicle reminders of every registered source: licences, insurance, inspections, violation limits (each once).',
    run: runVehicleRemindersHourly,
  });
}
