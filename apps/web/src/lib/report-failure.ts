import { showFeedback } from './feedback';
import { i18n } from './i18n';
import type { RequestError } from './request';
import { presentFailure } from './request-errors';

type FailureListener = (error: RequestError) => void;
const listeners = new Set<FailureListener>();

/** The app layer hears of failures (for example: membership expired mid-session, so re-check it). */
export function onRequestFailure(listener: FailureListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportFailure(error: RequestError): void {
  const presentation = presentFailure(error, i18n.t.bind(i18n));
  if (presentation) showFeedback(presentation);
  for (const listener of listeners) listener(error);
}

/** An answer that is no failure by its status but unusable (a sign-in without a token): said like one. */
export function reportUnusableAnswer(): void {
  showFeedback({ kind: 'message', level: 'error', text: i18n.t('common:errors.unknown'), duration: 3 });
}
