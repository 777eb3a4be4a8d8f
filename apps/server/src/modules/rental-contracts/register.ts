import type { AppDeps } from '../../core/deps.js';
import { HOURLY, registerSchedule } from '../../core/schedules.js';
import { extendApprovalType } from '../approvals/approvals.service.js';
import { settlementStatementHooks } from './attachments.service.js';
import { runContractsHourly } from './rental-contracts.jobs.js';
import { discountHooks } from './rental-contracts.service.js';
import { settlementHooks } from './settlement.service.js';

/**
 * The contracts' registrations: what the outcomes of the contract discount and of the settlement do (hooks
 * added to the approvals' types), and the contracts' daily work, run hourly.
 */
export function registerRentalContracts(_deps: AppDeps): void {
  extendApprovalType('contractDiscount', discountHooks);
  extendApprovalType('settlement', settlementHooks);
  extendApprovalType('settlement', settlementStatementHooks);
  registerSchedule({
    name: 'contracts.daily',
    cron: HOURLY,
    atStart: true,
    description: "Late fees, rent reminders (messages and SMS) and the end of temporary cars' terms.",
    run: runContractsHourly,
  });
}
