import type { AppDeps } from '../../core/deps.js';
import { EVERY_MINUTE, registerSchedule } from '../../core/schedules.js';
import { purgeExpiredCodes } from './codes.service.js';

/** Identity's registrations: the purge of old codes and QR sessions. */
export function registerIdentity(_deps: AppDeps): void {
  registerSchedule({
    name: 'identity.purgeCodes',
    cron: EVERY_MINUTE,
    description: 'Deletes verification codes and QR sign-in sessions a day past their expiry.',
    run: purgeExpiredCodes,
  });
}
