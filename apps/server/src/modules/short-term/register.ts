import type { AppDeps } from '../../core/deps.js';
import { registerOrderSettler } from '../payments/pay.service.js';
import { settleBookingOrder } from './booking-flow.service.js';
import { registerShortTermSchedules } from './short-term.jobs.js';

/** The short-term area's registrations (docs/short-term.md): the `booking` order settler and the job. */
export function registerShortTerm(_deps: AppDeps): void {
  registerOrderSettler('booking', settleBookingOrder);
  registerShortTermSchedules();
}
