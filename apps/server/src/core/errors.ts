import { ErrorStatus } from '@fleetdesk/contracts/errors';

/**
 * Typed errors of the API. A service throws one of these; the one error handler turns it into the answer of
 * DESIGN.md section 6. `messageKey` is looked up in the i18n catalogue in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: number,
    readonly messageKey: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey);
  }
}

export class BadRequestError extends AppError {
  constructor(
    messageKey = 'error.badRequest',
    params?: Record<string, string | number>,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(400, ErrorStatus.badRequest, messageKey, params);
  }
}

/** Field-level validation failure found by a service (beyond the schema): answers 400 with `errors`. */
export function invalidField(path: string, messageKey: string, params?: Record<string, string | number>) {
  return new BadRequestError(messageKey, params, [{ path, message: messageKey }]);
}

export class UnauthorizedError extends AppError {
  constructor(messageKey = 'error.tokenInvalid') {
    super(401, ErrorStatus.tokenInvalid, messageKey);
  }
}

export class UserRefusedError extends AppError {
  constructor(messageKey = 'error.userDisabled') {
    super(401, ErrorStatus.userRefused, messageKey);
  }
}

export class ForbiddenError extends AppError {
  constructor(messageKey = 'error.forbidden') {
    super(403, ErrorStatus.forbidden, messageKey);
  }
}

export class MembershipExpiredError extends AppError {
  constructor() {
    super(403, ErrorStatus.membershipExpired, 'error.membershipExpired');
  }
}

/**
 * A business rule refused the call (state, conflict, in use): HTTP 409, body status 30101. With `code`, the
 * answer also carries it (`{status, message, code}`), for refusals a client acts on (a short balance links to
 * the top-up page).
 */
export class ConflictError extends AppError {
  constructor(
    messageKey: string,
    params?: Record<string, string | number>,
    readonly code?: string,
    /** What the client needs to act on the refusal (the record that holds the phone): answered as `data`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(409, ErrorStatus.businessRule, messageKey, params);
  }
}

export class NotFoundError extends AppError {
  constructor(messageKey = 'error.notFound') {
    super(404, ErrorStatus.notFound, messageKey);
  }
}

/** A link that was good and is no more (HTTP 410): a survey invitation past its expiry, or its survey closed. */
export class GoneError extends AppError {
  constructor(messageKey: string) {
    super(410, ErrorStatus.gone, messageKey);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorStatus.tooManyRequests, 'error.tooManyRequests', { seconds: retryAfterSeconds });
  }
}

export class UpstreamTimeoutError extends AppError {
  constructor(messageKey = 'error.upstreamTimeout') {
    super(504, ErrorStatus.upstreamTimeout, messageKey);
  }
}

/** Wrong username, password or code at the token endpoint (OAuth 2 `invalid_grant`). */
export class InvalidGrantError extends Error {
  constructor(readonly description = '40402') {
    super('invalid_grant');
  }
}

/**
 * The database does not answer (restarting, failing over, out of connections): HTTP 503 with Retry-After, so that
 * a client or a load balancer tries again instead of reporting a failure of ours.
 */
export class ServiceUnavailableError extends AppError {
  constructor(readonly retryAfterSeconds = 5) {
    super(503, ErrorStatus.serviceUnavailable, 'error.databaseUnavailable');
  }
}

/** The file store has no room left (ENOSPC on the local disk): HTTP 507; nothing of the file was kept. */
export class StorageFullError extends AppError {
  constructor() {
    super(507, ErrorStatus.insufficientStorage, 'error.storageFull');
  }
}

/** Codes of a database that cannot be reached: the socket's, and PostgreSQL's classes 08 and 57P, 53300. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down)/i;

/** Whether a failure (or one of its causes: Drizzle wraps the driver's error) says the database cannot be reached. */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** Whether a failure (or one of its causes) is a full disk. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}
