import type { Presentation } from './request-errors';

/**
 * Shows a failure. antd's message, notification and modal live in their own chunk (the sign-in screen does
 * not load antd), fetched the first time something must be shown.
 */
export function showFeedback(presentation: Presentation): void {
  import('./feedback-antd')
    .then((m) => m.show(presentation))
    .catch(() => {
      // Even the feedback chunk failed to load (offline): the browser's own dialog still tells the user.
      window.alert(presentation.kind === 'relogin' ? presentation.text : presentation.text || presentation.kind);
    });
}
