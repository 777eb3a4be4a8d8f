import type { AppDeps } from '../../core/deps.js';
import { HOURLY, registerSchedule } from '../../core/schedules.js';
import { registerOrderSettler } from '../payments/pay.service.js';
import { runFinancingLateFees } from './late-fees.service.js';
import { settleFinancingOrder } from './repayments.service.js';

/**
 * The money side's registrations: what paying a `financing` order does (its repayment paid and allocated, once),
 * and the daily late fees, run hourly so that each tenant's fees move soon after its own midnight (idempotent).
 */
export function registerFinancingMoney(_deps: AppDeps): void {
  registerOrderSettler('financing', settleFinancingOrder);
  registerSchedule({
    name: 'financing.lateFees',
    cron: HOURLY,
    atStart: true,
    description:
      'Financing instalments past due: overdue days and late fees to each tenant’s today; financing.overdue and a reminder once per ageing bucket.',
    run: async (deps) => void (await runFinancingLateFees(deps)),
  });
}
