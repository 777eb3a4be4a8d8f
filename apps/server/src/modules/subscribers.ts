import { registerGpsSubscribers } from './gps/events/subscribers.js';
import { registerMessagesSubscribers } from './messages/messages.subscribers.js';
import { registerCrmSubscribers } from './crm/crm.subscribers.js';
import { registerDriverPortalSubscribers } from './driver-portal/notices.js';
import { registerNotarizationSubscribers } from './notarization/register.js';
import { registerFeedbackSubscribers } from './dashboard/feedback.subscribers.js';

/**
 * Every area's domain-event subscribers (core/events.ts), in one place: called where the app is built
 * (`registerModules`, so the API, the worker and the tests) and by the GPS gateway process, which publishes
 * without building the app. A new area adds its `register...Subscribers()` here; producers do not change.
 */
export function registerSubscribers(): void {
  registerMessagesSubscribers();
  registerGpsSubscribers();
  registerCrmSubscribers();
  registerDriverPortalSubscribers();
  registerNotarizationSubscribers();
  registerFeedbackSubscribers();
}
