import type { AppDeps } from '../../core/deps.js';
import { registerEmployeeImport } from './employees.import.js';
import { registerStaffRecipients } from './staff.recipients.js';

/** The organisation's registrations: the employee import, the SMS recipient source "staff". */
export function registerOrganisation(_deps: AppDeps): void {
  registerEmployeeImport();
  registerStaffRecipients();
}
