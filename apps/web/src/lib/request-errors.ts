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

/** The error catalogue of spec section 8, one row per branch. */
export function presentFailure(error: RequestError, t: TFunction): Presentation | null {
  const server = error.serverMessage;
  const message = (text: string, level: 'error' | 'warning' = 'error', duration: number = DURATION.error) =>
    ({ kind: 'message', level, text, duration }) as const;
  const notification = (title: string) =>
    ({ kind: 'notification', level: 'error', title, text: server, duration: DURATION.notification }) as const;

  if (error.kind === 'aborted') return null;
  // Nothing answered: the request timed out (or never reached the server).
  if (error.kind === 'timeout' || error.kind === 'network') return message(t('common:errors.timeout'));
  const http = error.httpStatus;
  if (http === 504) return message(t('common:errors.gateway'), 'error', DURATION.gateway);
  if (http === 500) return message(`${t('common:errors.server')}${server}`, 'warning');
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
