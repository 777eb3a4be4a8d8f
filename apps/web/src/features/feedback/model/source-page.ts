/** The server keeps at most this much of the screen a feedback was sent from (`FeedbackInput.page`). */
export const PAGE_MAX = 200;

const isFeedbackScreen = (path: string) => path === '/feedback' || path.startsWith('/feedback?');
const inApp = (path: string) => path.startsWith('/') && !path.startsWith('//') && !isFeedbackScreen(path);

/**
 * The screen feedback is about: the `from` query parameter (the account menu's link), else the referrer's path when
 * it is one of ours; never another site's address, nor the feedback screen itself.
 */
export function sourcePage(from: string | null, referrer: string, origin: string): string | null {
  if (from && inApp(from)) return from.slice(0, PAGE_MAX);
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    const path = url.pathname + url.search;
    return url.origin === origin && inApp(path) ? path.slice(0, PAGE_MAX) : null;
  } catch {
    return null;
  }
}
