import { MessageCategory } from '@fleetdesk/contracts/messages';
import { subscribe, type EventHandler } from '../../core/events.js';
import { createMessages } from '../messages/messages.service.js';
import './dashboard.messages.js';

/** The durable subscriber that tells a sender his feedback was answered (keep the name: deliveries key it). */
export const FEEDBACK_MESSAGES_SUBSCRIBER = 'dashboard.feedbackAnswers';

/** `feedback.answered`: a system message to the sender, linking his feedback page where the answer is. */
const answered: EventHandler<'feedback.answered'> = async (events, deps) => {
  await deps.events.transaction((tx) =>
    createMessages(
      tx,
      events.map((e) => ({
        tenantId: e.tenantId,
        userId: e.payload.userId,
        category: MessageCategory.system,
        title: { key: e.payload.state === 'closed' ? 'feedback.closedTitle' : 'feedback.answeredTitle' },
        content: {
          key: e.payload.state === 'closed' ? 'feedback.closedText' : 'feedback.answeredText',
          params: { excerpt: e.payload.excerpt },
        },
        link: '/feedback',
      })),
    ),
  );
};

export function registerFeedbackSubscribers(): void {
  subscribe('feedback.answered', FEEDBACK_MESSAGES_SUBSCRIBER, answered, { durable: true });
}
