import type { AppDeps } from '../../core/deps.js';
import { extendApprovalType } from '../approvals/approvals.service.js';
import { financingApprovalHooks } from './applications.service.js';

/**
 * The financing area's registrations: what the applicant's internal `financing` approval does to its
 * application (docs/financing.md, "Approvals"). The money side's jobs register from here too when they land.
 */
export function registerFinancing(_deps: AppDeps): void {
  extendApprovalType('financing', financingApprovalHooks);
}
