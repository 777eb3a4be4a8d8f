import type App from 'antd/es/app';

/** antd's `App` instances of message, notification and modal (themed and localised). */
export type FeedbackHolders = ReturnType<typeof App.useApp>;

/**
 * The antd frame registers its `App` instances here, and `feedback-antd.ts` shows failures through them. The
 * frame does not import `feedback-antd.ts` itself: that file (with antd's static message, notification and
 * modal) stays in its own chunk, fetched the first time a failure must be shown.
 */
let holders: FeedbackHolders | null = null;

export function registerFeedbackHolders(next: FeedbackHolders | null): void {
  holders = next;
}

export function feedbackHolders(): FeedbackHolders | null {
  return holders;
}
