import type { AppDeps } from '../../core/deps.js';
import { HOURLY, registerSchedule } from '../../core/schedules.js';
import { archiveOldMessages } from './messages.service.js';

/** The message centre's registrations: the archive of old messages (its subscribers: modules/subscribers.ts). */
export function registerMessages(_deps: AppDeps): void {
  registerSchedule({
    name: 'messages.archive',
    cron: HOURLY,
    atStart: true,
    description: "Archives message-centre messages older than their tenant's messageArchiveDays (out of the bell).",
    run: async (deps) => {
      await archiveOldMessages(deps);
    },
  });
}
