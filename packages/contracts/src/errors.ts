import { z } from 'zod';

/**
 * Body `status` codes of error answers. The web client's error catalogue (spec section 8) switches on these,
 * so they never change meaning.
 */
export const ErrorStatus = {
  badRequest: 400,
  /** Missing, expired or revoked token (HTTP 401). */
  tokenInvalid: 40101,
  /** Token of a disabled user or of the wrong user type (HTTP 401). */
  userRefused: 40001,
  /** Valid token without the permission (HTTP 403). */
  forbidden: 40301,
  /** Membership expired: business calls are refused (HTTP 403). */
  membershipExpired: 40302,
  /** A business rule refused the call: state, conflict, in use (HTTP 409). */
  businessRule: 30101,
  notFound: 404,
  /** A link that was good and is no more: expired, or what it opens has ended (HTTP 410: a survey's link). */
  gone: 410,
  tooManyRequests: 429,
  internal: 500,
  /** The database does not answer (restarting, failing over): try again shortly (HTTP 503, Retry-After). */
  serviceUnavailable: 503,
  upstreamTimeout: 504,
  /** The file store is full: nothing was kept (HTTP 507). */
  insufficientStorage: 507,
} as const;

/** `error_description` of the token endpoint when username, password or code is wrong (HTTP 400). */
export const INVALID_GRANT_DESCRIPTION = '40402';

/** The no-permission message of spec section 6, as the server sends it in zh-CN. */
export const NO_PERMISSION_MESSAGE_ZH = '你没有相应权限，请联系管理员开通权限！';

/** Body of every error answer but the token endpoint's `invalid_grant`. */
export const ErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A business refusal a client acts on (409): e.g. `payments.insufficientBalance`. */
  code: z.string().optional(),
  /** What the client needs to act on a 409 (the CRM's duplicate phone: the lead holding it and its owner). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** HTTP statuses whose body is an `ErrorBody`; each route's OpenAPI entry lists them. */
export const ERROR_HTTP_STATUSES = [400, 401, 403, 404, 409, 410, 413, 429, 500, 503, 504, 507] as const;
