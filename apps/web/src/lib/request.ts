import {
  AuthPaths,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  USER_TYPE_MANAGER,
  type TokenResponse,
} from '@fleetdesk/contracts/auth';
import { currentLanguage } from './i18n';
import { accessToken, forgetTokenExpiry, refreshToken, saveTokens, tokenExpiresAt } from './session';
import { readKey } from './storage';

/** The shared client's timeout (spec section 9). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** The access token is renewed this long before it expires. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
const CLIENT_CREDENTIAL = `Basic ${btoa(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`)}`;

export type QueryValue = string | number | boolean | null | undefined;
export type FailureKind = 'timeout' | 'network' | 'http' | 'aborted';

/** A failed call. `status` is the body's status code (40101, 30101, ...), `httpStatus` the HTTP one. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly httpStatus?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }

  get status(): number | undefined {
    const s = (this.body as { status?: unknown } | undefined)?.status;
    return typeof s === 'number' ? s : undefined;
  }

  get errorDescription(): string | undefined {
    const d = (this.body as { error_description?: unknown } | undefined)?.error_description;
    return typeof d === 'string' ? d : undefined;
  }

  /** The server's message (already in the caller's language). */
  get serverMessage(): string {
    const m = (this.body as { message?: unknown } | undefined)?.message;
    return typeof m === 'string' ? m : '';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A form (URL-encoded) or multipart body. */
  body?: URLSearchParams | FormData;
  headers?: Record<string, string>;
  /** The no-token flag: no Bearer token; the client credential goes instead. */
  noToken?: boolean;
  /**
   * This access token instead of the session's: tokens handed over in a link are checked before they are
   * accepted (`/authredirect`). Sent without the session's rent (`X-Rent-Id`) and never renewed (the session's
   * refresh token is not theirs).
   */
  token?: string;
  /**
   * Another kind of user's call (the driver portal, `X-User-Type: driver`): its own token (or none before it signs
   * in) instead of the session's; no client credential, no `X-Rent-Id`, never renewed. The back office's session is
   * neither read nor touched.
   */
  actor?: { userType: string; token: string | null };
  /** false: the answer is not wrapped in `{status, message, data}` (the token endpoint). */
  envelope?: boolean;
  responseType?: 'json' | 'blob';
  /** The caller handles these failures itself: the error catalogue stays quiet (the promise still rejects). */
  silent?: boolean | ((error: RequestError) => boolean);
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `${path.includes('?') ? '&' : '?'}${qs}` : ''}`;
}

function headersFor(options: RequestOptions, useToken: boolean): Headers {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  if (options.actor) {
    headers.set('X-User-Type', options.actor.userType);
    if (options.actor.token) headers.set('Authorization', `Bearer ${options.actor.token}`);
    if (options.json !== undefined) headers.set('Content-Type', 'application/json');
    return headers;
  }
  headers.set('X-User-Type', USER_TYPE_MANAGER);
  const token = options.token ?? (useToken ? accessToken() : null);
  headers.set('Authorization', token ? `Bearer ${token}` : CLIENT_CREDENTIAL);
  // The session's rent, unless the call names its own (a car added to another company than the one in use).
  const rentId = readKey('RentId');
  if (token && rentId && !options.token && !headers.has('X-Rent-Id')) headers.set('X-Rent-Id', rentId);
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  return headers;
}

/** The session's headers for a call made without `request` (a streamed answer: the live map's events). */
export function sessionHeaders(): Headers {
  return headersFor({}, true);
}

async function send(path: string, options: RequestOptions, useToken: boolean): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: headersFor(options, useToken),
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      signal: controller.signal,
    });
  } catch (cause) {
    if (timedOut) throw new RequestError('timeout', 'timeout');
    if (options.signal?.aborted) throw new RequestError('aborted', 'aborted');
    throw new RequestError('network', cause instanceof Error ? cause.message : 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

async function readBody(response: Response, options: RequestOptions): Promise<unknown> {
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return response.json().catch(() => null);
  if (options.responseType === 'blob' && response.ok) return response.blob();
  return response.text().catch(() => '');
}

/** A file answer; by its shape, since a Blob of another realm (a test's fetch) fails `instanceof`. */
function isBlob(body: unknown): body is Blob {
  return (
    body instanceof Blob ||
    (typeof body === 'object' && body !== null && typeof (body as Blob).arrayBuffer === 'function' && 'size' in body)
  );
}

function succeeded(response: Response, body: unknown, options: RequestOptions): boolean {
  if (!response.ok) return false;
  if (options.envelope === false || isBlob(body)) return true;
  const status = (body as { status?: unknown } | null)?.status;
  return status === undefined || status === 200;
}

function unwrap<T>(body: unknown, options: RequestOptions): T {
  if (options.envelope === false || isBlob(body)) return body as T;
  return (body as { data: T }).data;
}

let refreshing: Promise<void> | null = null;

async function exchangeRefreshToken(): Promise<void> {
  const token = refreshToken();
  if (!token) throw new RequestError('http', 'no refresh token', 401, { status: 40101 });
  const response = await send(
    AuthPaths.token,
    { method: 'POST', query: { grant_type: 'refresh_token', refresh_token: token }, noToken: true },
    false,
  );
  const body = await readBody(response, {});
  if (!response.ok) throw new RequestError('http', 'refresh refused', response.status, body);
  const answer = body as TokenResponse | null;
  if (!answer?.access_token) throw new Error('error');
  // Another tab may have signed out or refreshed meanwhile: only the holder of this refresh token writes.
  if (refreshToken() === token) saveTokens(answer, { keepRent: true });
  else forgetTokenExpiry();
}

/**
 * Renews the access token with the refresh token (single flight; across tabs through a Web Lock, since a
 * refresh token is good once and a second use would revoke the whole family).
 */
export function refreshTokens(): Promise<void> {
  if (refreshing) return refreshing;
  const started = refreshToken();
  const run = async () => {
    // Inside the lock: if another tab has renewed the pair meanwhile, this tab now reads the new one (and
    // learns its expiry from a 40101 if it comes to that).
    if (refreshToken() !== started) {
      forgetTokenExpiry();
      return;
    }
    await exchangeRefreshToken();
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until the exchange settles (the callback's promise).
  const locked = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      locks!.request('fleetdesk-token-refresh', () => run().then(resolve, reject)).catch(reject);
    });
  const pending = (locks ? locked() : run()).finally(() => {
    refreshing = null;
  });
  refreshing = pending;
  return pending;
}

function refreshDue(now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt();
  return expiresAt !== null && now >= expiresAt - REFRESH_MARGIN_MS;
}

async function perform<T>(path: string, options: RequestOptions): Promise<T> {
  const useToken = !options.noToken && !options.actor && !!accessToken();
  // A token of the caller's (not the session's) is never renewed with the session's refresh token.
  let mayRefresh = useToken && !options.token && !!refreshToken();
  if (mayRefresh && refreshDue()) {
    // Proactive renewal; if it fails the call goes out with the old token and the answer decides.
    await refreshTokens().catch(() => {
      mayRefresh = false;
    });
  }
  for (;;) {
    const response = await send(path, options, useToken);
    const body = await readBody(response, options);
    if (succeeded(response, body, options)) return unwrap<T>(body, options);
    const error = new RequestError('http', (body as { message?: string } | null)?.message ?? '', response.status, body);
    // An access token that expired unnoticed (another tab, a reload): renew once and try again.
    if (mayRefresh && response.status === 401 && error.status === 40101) {
      mayRefresh = false;
      if (
        await refreshTokens().then(
          () => true,
          () => false,
        )
      )
        continue;
    }
    throw error;
  }
}

/**
 * Who reacts to a failed call (shows it, signs out, re-checks the membership) registers here; this module
 * knows none of them, so it stays below them in the import graph. The app subscribes the error catalogue's
 * presentation at start (`installFailureReporting` in `report-failure.ts`, called by `main.tsx`).
 */
type FailureListener = (error: RequestError) => void;
const failureListeners = new Set<FailureListener>();

/** Hears every failure the caller did not handle itself (not `silent`), in the order of registration. */
export function onRequestFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

function announceFailure(error: RequestError): void {
  for (const listener of [...failureListeners]) listener(error);
}

function isSilent(options: RequestOptions, error: RequestError): boolean {
  return typeof options.silent === 'function' ? options.silent(error) : !!options.silent;
}

/**
 * The one way the web app calls the server. Resolves with the envelope's `data` (or the raw answer with
 * `envelope: false`); a failure is announced to the failure listeners (the error catalogue, spec section 8,
 * shows it), then rejects.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await perform<T>(path, options);
  } catch (cause) {
    const error = cause instanceof RequestError ? cause : new RequestError('network', String(cause));
    if (!isSilent(options, error)) announceFailure(error);
    throw error;
  }
}
