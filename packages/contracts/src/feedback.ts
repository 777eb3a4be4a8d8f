import { z } from 'zod';
import { Id, Instant, PageQuery, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Feedback (issue 37, docs/dashboard.md): any signed-in user sends Fleetdesk a note with screenshots and a way to be
 * reached; the platform operator (a tenant listed in `platform_operators`, its users who read the company settings)
 * reads every tenant's feedback and answers it. No other tenant sees another's.
 */
export const FeedbackPaths = {
  /** Spec call: send feedback. */
  send: '/api/ccwadmin/rentFeedback',
  /** The caller's own feedback and the answers. */
  mine: '/api/ccwadmin/rentFeedback/mine',
  /** The platform operator's desk. */
  desk: '/api/ccwadmin/platform/feedback',
  answer: '/api/ccwadmin/platform/feedback/:id',
} as const;

export const FEEDBACK_CONTENT_MAX = 2000;
export const FEEDBACK_IMAGES_MAX = 6;
/** Feedback a user may send per hour. */
export const FEEDBACK_PER_HOUR = 10;

export const FEEDBACK_STATES = ['new', 'answered', 'closed'] as const;
export const FeedbackState = z.enum(FEEDBACK_STATES);
export type FeedbackState = z.infer<typeof FeedbackState>;
export const FEEDBACK_STATE_TITLES: Record<FeedbackState, LocalText> = {
  new: { 'zh-CN': '待处理', 'en-US': 'New' },
  answered: { 'zh-CN': '已回复', 'en-US': 'Answered' },
  closed: { 'zh-CN': '已关闭', 'en-US': 'Closed' },
};

export const FEEDBACK_VALIDATION_MESSAGES = {
  'v.feedbackShort': {
    'zh-CN': '请至少写 5 个字，说明遇到的问题或建议',
    'en-US': 'Write at least 5 characters: what happened, or what you suggest',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(FEEDBACK_VALIDATION_MESSAGES);

export const FeedbackInput = z.strictObject({
  content: z.string().trim().min(5, { message: 'v.feedbackShort' }).max(FEEDBACK_CONTENT_MAX),
  /** Screenshots: addresses of the caller's uploads of type `feedback`. */
  images: z.array(z.string().max(1024)).max(FEEDBACK_IMAGES_MAX).default([]),
  /** How to reach the sender (a phone, an e-mail, a WeChat id); absent: his account's phone. */
  contact: z.string().trim().max(60).nullish(),
  /** The screen it was sent from. */
  page: z.string().trim().max(200).nullish(),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

export const FeedbackRow = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  userName: z.string(),
  content: z.string(),
  /** Signed addresses of the screenshots. */
  images: z.array(z.string()),
  contact: z.string().nullable(),
  page: z.string().nullable(),
  state: FeedbackState,
  answer: z.string().nullable(),
  answeredAt: Instant.nullable(),
  createdAt: Instant,
});
export type FeedbackRow = z.infer<typeof FeedbackRow>;

export const FeedbackDeskQuery = PageQuery.extend({
  state: FeedbackState.optional(),
  keyword: z.string().trim().max(40).optional().describe('part of the text, the company or the sender'),
  tenantId: Id.optional(),
});
export type FeedbackDeskQuery = z.infer<typeof FeedbackDeskQuery>;

export const FeedbackAnswer = z.strictObject({
  answer: z.string().trim().min(1).max(1000),
  /** `answered` (the sender reads the answer) or `closed` (nothing more to do). */
  state: z.enum(['answered', 'closed']),
});
export type FeedbackAnswer = z.infer<typeof FeedbackAnswer>;
