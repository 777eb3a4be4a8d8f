import type { AppDeps } from '../../core/deps.js';
import { extendApprovalType } from '../approvals/approvals.service.js';
import { registerCarImport } from './vehicles.import.js';
import { carTransferHooks } from './vehicles.service.js';

/** The vehicles' registrations: the car import, and what a car transfer's approval outcome does. */
export function registerVehicles(_deps: AppDeps): void {
  registerCarImport();
  extendApprovalType('carTransfer', carTransferHooks);
}
