import type { AppDeps } from '../../core/deps.js';
import { registerTimeShareSchedules } from './time-share.jobs.js';

/** Time-share's registrations (docs/time-share.md): the minutely job. */
export function registerTimeShare(_deps: AppDeps): void {
  registerTimeShareSchedules();
}
