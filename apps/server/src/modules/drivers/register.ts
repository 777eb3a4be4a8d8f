import type { AppDeps } from '../../core/deps.js';
import { HOURLY, registerSchedule } from '../../core/schedules.js';
import { registerDriverImport } from './drivers.import.js';
import { registerDriverRecipients } from './drivers.recipients.js';
import { remindDriverDocumentsHourly } from './drivers.reminders.js';

/** The drivers' registrations: the driver import, the SMS recipient source "driver", the document reminders. */
export function registerDrivers(_deps: AppDeps): void {
  registerDriverImport();
  registerDriverRecipients();
  registerSchedule({
    name: 'drivers.documentReminders',
    cron: HOURLY,
    atStart: true,
    description: "Reminds of drivers' licences and certificates about to expire (each once).",
    run: remindDriverDocumentsHourly,
  });
}
