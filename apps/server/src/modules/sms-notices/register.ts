import type { AppDeps } from '../../core/deps.js';
import { smsTaskKind } from './sms-notices.service.js';

/** The SMS notices' registrations: the task kind that sends a notice. */
export function registerSmsNotices(deps: AppDeps): void {
  deps.tasks.register(smsTaskKind(deps));
}
