import type { TFunction } from 'i18next';
import { ErrorStatus, INVALID_GRANT_DESCRIPTION } from '@fleetdesk/contracts/errors';
import type { RequestError } from './request';

/** Message durations of spec section 9, in seconds. */
export const DURATION = { error: 3, notification: 2, gateway: 5 } as const;

/** What the user sees for a failed call: a message, a notification or the relogin box. */
export type Presentation =
  | { kind: 'message'; level: 'error' | 'warning'; text: string; duration: number }
  | { kind: 'notification'; level: 'error' | 'warning'; title: string; text: string; duration: number }
  | { kind: 'relogin'; title: string; text: string; okText: string; cancelText: string };

/**
 * An HTTP reason phrase ("Internal Server Error", "Bad Gateway"): what a proxy or a framework's default answer
 * carries, developer text a clerk should never read. Our own answers carry a sentence in the reader's language.
 */
const REASON_PHRASE = /^(?:[A-Z][a-z]*[ -]?)+$/;
const isReasonPhrase = (text: string) => REASON_PHRASE.test(text.trim()) && text.trim().split(/[ -]/).length <= 4;

/** The error catalogue of spec section 8, one row per branch. */
export function presentFailure(error: RequestError, t: TFunction): Presentation | null {
  const raw = error.serverMessage;
  const server = isReasonPhrase(raw) ? '' : raw;
  const message = (text: string, level: 'error' | 'warning' = 'error', duration: number = DURATION.error) =>
    ({ kind: 'message', level, text, duration }) as const;
  const notification = (title: string) =>
    ({ kind: 'notification', level: 'error', title, text: server, duration: DURATION.notification }) as const;

  if (error.kind === 'aborted') return null;
  // Nothing answered: the request waited for the whole timeout, or failed at once (no connection: "connection lost").
  if (error.kind === 'timeout') return message(t('common:errors.timeout'));
  if (error.kind === 'network') return message(t('common:errors.network'));
  const http = error.httpStatus;
  if (http === 504) return message(t('common:errors.gateway'), 'error', DURATION.gateway);
  // 500, or a 502/503 from whatever stands in front of the server: never its reason phrase.
  if (http === 500 || http === 502 || http === 503) return message(`${t('common:errors.server')}${server}`, 'warning');
  if (http === 400) {
    return error.errorDescription === INVALID_GRANT_DESCRIPTION
      ? message(t('common:errors.wrongPassword'), 'warning')
      : message(t('common:errors.badRequest'), 'warning');
  }
  if (http === 401 && error.status === ErrorStatus.tokenInvalid) {
    return {
      kind: 'relogin',
      title: t('common:errors.reloginTitle'),
      text: t('common:errors.reloginText'),
      okText: t('common:errors.relogin'),
      cancelText: t('common:actions.cancel'),
    };
  }
  if ((http === 401 && error.status === ErrorStatus.userRefused) || http === 403) {
    return notification(t('common:errors.forbiddenTitle'));
  }
  if (error.status === ErrorStatus.businessRule) return notification(t('common:errors.failedTitle'));
  // Every other answer: the body's message for 3 seconds.
  return message(server || t('common:errors.unknown'));
}
