import type { AppDeps } from '../../core/deps.js';
import { registerExpenseClaimType } from './expense-claims.js';

/** The cost centres' registrations: the expense claim approval type. */
export function registerCostCentres(_deps: AppDeps): void {
  registerExpenseClaimType();
}
