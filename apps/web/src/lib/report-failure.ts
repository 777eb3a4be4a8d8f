import { showFeedback } from './feedback';
import { i18n } from './i18n';
import { onRequestFailure, type RequestError } from './request';
import { presentFailure } from './request-errors';

/** The app layer hears of failures (for example: membership expired mid-session, so re-check it). */
export { onRequestFailure };

/** Shows a failure through the error catalogue (spec section 8). */
export function reportFailure(error: RequestError): void {
  const presentation = presentFailure(error, i18n.t.bind(i18n));
  if (presentation) showFeedback(presentation);
}

let installed: (() => void) | null = null;

/**
 * Subscribes the catalogue's presentation to the request layer's failures, once (app start: `main.tsx`; the
 * signed-in frame too, for the tests that render the route table without `main.tsx`). Returns the way to undo it.
 */
export function installFailureReporting(): () => void {
  installed ??= onRequestFailure(reportFailure);
  return () => {
    installed?.();
    installed = null;
  };
}

/** An answer that is no failure by its status but unusable (a sign-in without a token): said like one. */
export function reportUnusableAnswer(): void {
  showFeedback({ kind: 'message', level: 'error', text: i18n.t('common:errors.unknown'), duration: 3 });
}
