import { useSyncExternalStore } from 'react';
import { DRIVER_TOKEN_KEY, USER_TYPE_DRIVER } from '@fleetdesk/contracts/driver-portal';
import { request, type RequestError, type RequestOptions } from '../../../lib/request';

/**
 * The driver portal's own small client: the driver token lives in localStorage under DRIVER_TOKEN_KEY (apart from
 * the back office's keys), every call goes out as `X-User-Type: driver` with that token (the request layer's
 * `actor`), and a 401 forgets the token: the portal's guard then shows its sign-in. The back office's session,
 * tokens and renewal are never used.
 */
const listeners = new Set<() => void>();

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function driverToken(): string | null {
  return store()?.getItem(DRIVER_TOKEN_KEY) || null;
}

export function saveDriverToken(token: string | null): void {
  const s = store();
  if (token) s?.setItem(DRIVER_TOKEN_KEY, token);
  else s?.removeItem(DRIVER_TOKEN_KEY);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === DRIVER_TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The driver token, re-read when it changes (sign-in, a company switch, sign-out, a 401, another tab). */
export function useDriverToken(): string | null {
  return useSyncExternalStore(subscribe, driverToken, () => null);
}

export type PortalOptions = Omit<RequestOptions, 'actor' | 'token' | 'noToken'>;

/**
 * One call of the portal. A 401 (no, expired or refused driver token) is not shown as the back office's relogin
 * box: the token is forgotten and the portal goes to its sign-in. Other failures are shown as every call's are,
 * unless the caller handles them (`silent`).
 */
export async function portalRequest<T>(path: string, options: PortalOptions = {}): Promise<T> {
  const { silent } = options;
  const quiet = (e: RequestError) => e.httpStatus === 401 || (typeof silent === 'function' ? silent(e) : !!silent);
  try {
    return await request<T>(path, {
      ...options,
      actor: { userType: USER_TYPE_DRIVER, token: driverToken() },
      silent: quiet,
    });
  } catch (e) {
    if ((e as RequestError).httpStatus === 401 && driverToken()) saveDriverToken(null);
    throw e;
  }
}
