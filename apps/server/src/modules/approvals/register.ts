import type { AppDeps } from '../../core/deps.js';
import { registerAreaTypes } from './approvals.registry.js';

/**
 * The approvals' registrations: the business types whose areas only add hooks to them (`AREA_TYPES`: purchase,
 * contract discount, deposit refund, settlement, car transfer, financing). Runs before every other area's
 * (`modules/register.ts`), which may extend these types.
 */
export function registerApprovals(_deps: AppDeps): void {
  registerAreaTypes();
}
