import type { AppDeps } from '../../core/deps.js';
import { registerCrmSchedules } from './crm.jobs.js';
import { registerLeadImport } from './leads.import.js';

/** The CRM's registrations (docs/crm.md): the hourly pool/reminder schedule and the `lead` import type. */
export function registerCrm(deps: AppDeps): void {
  registerCrmSchedules();
  registerLeadImport(deps);
}
