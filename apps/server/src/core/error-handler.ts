import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorStatus } from '@fleetdesk/contracts/errors';
import {
  AppError,
  BadRequestError,
  ConflictError,
  GoneError,
  InvalidGrantError,
  isDatabaseUnreachable,
  isStorageFull,
  ServiceUnavailableError,
  StorageFullError,
  TooManyRequestsError,
} from './errors.js';
import { translate } from './i18n.js';
import { fieldErrors } from './validation.js';

/** Failures of Fastify's body parsing, each named as a field error of the request. */
const PARSE_FAILURES: Record<string, { path: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { path: 'body', message: 'error.jsonInvalid' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { path: 'body', message: 'error.bodyEmpty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { path: 'headers.content-type', message: 'error.contentType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { path: 'headers.content-length', message: 'error.contentLength' },
  FST_ERR_CTP_INVALID_TYPE: { path: 'headers.content-type', message: 'error.contentType' },
};

/**
 * The one place where failures become answers (DESIGN.md section 6). Typed errors map to their status;
 * schema failures to 400 with field errors; everything unknown to 500 without internals (the log has them).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((failure: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh-CN';
    // A database that cannot be reached is an outage, not a fault of ours: 503 with Retry-After (a load balancer
    // and the client try again); a full disk is the operator's to fix: 507, and the upload left nothing behind.
    const err = unavailable(failure, req);
    if (err instanceof InvalidGrantError) {
      return reply.code(400).send({ error: 'invalid_grant', error_description: err.description });
    }
    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError || err instanceof ServiceUnavailableError) {
        reply.header('Retry-After', String(err.retryAfterSeconds));
      }
      if (err.httpStatus >= 500) req.log.warn({ err }, 'request failed');
      const message = translate(lang, err.messageKey, err.params);
      // Every 400 names what was wrong: its fields, else the request as a whole (path '').
      const errors =
        err instanceof BadRequestError
          ? {
              errors: err.errors.length
                ? err.errors.map((e) => ({ path: e.path, message: translate(lang, e.message, err.params) }))
                : [{ path: '', message }],
            }
          : {};
      // A 410 says which end the thing came to (its message key: `survey.closed`, `survey.linkExpired`).
      const code =
        err instanceof ConflictError && err.code
          ? { code: err.code }
          : err instanceof GoneError
            ? { code: err.messageKey }
            : {};
      const data = err instanceof ConflictError && err.data ? { data: err.data } : {};
      return reply.code(err.httpStatus).send({ status: err.status, message, ...errors, ...code, ...data });
    }
    const fe = err as FastifyError & { validation?: Parameters<typeof fieldErrors>[0] };
    if (fe.validation) {
      return reply.code(400).send({
        status: ErrorStatus.badRequest,
        message: translate(lang, 'error.badRequest'),
        errors: fieldErrors(fe.validation, lang),
      });
    }
    const code = fe.statusCode ?? 500;
    const parseFailure = PARSE_FAILURES[fe.code ?? ''];
    if (parseFailure) {
      req.log.info({ code: fe.code }, 'request body refused');
      return reply.code(400).send({
        status: ErrorStatus.badRequest,
        message: translate(lang, 'error.badRequest'),
        errors: [{ path: parseFailure.path, message: translate(lang, parseFailure.message) }],
      });
    }
    if (code === 429) {
      return reply.code(429).send({
        status: ErrorStatus.tooManyRequests,
        message: translate(lang, 'error.tooManyRequests', { seconds: String(reply.getHeader('retry-after') ?? 60) }),
      });
    }
    if (code === 413) {
      const max = `${Math.round(req.routeOptions.bodyLimit / 1024 / 1024)} MB`;
      return reply.code(413).send({ status: 413, message: translate(lang, 'error.bodyTooLarge', { max }) });
    }
    if (code >= 400 && code < 500) {
      req.log.info({ err }, 'bad request');
      const message = translate(lang, 'error.badRequest');
      return reply.code(400).send({ status: ErrorStatus.badRequest, message, errors: [{ path: '', message }] });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: ErrorStatus.internal, message: translate(lang, 'error.internal') });
  });
}

function unavailable(err: FastifyError | Error, req: FastifyRequest): FastifyError | Error {
  if (err instanceof AppError) return err;
  if (isDatabaseUnreachable(err)) {
    req.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database unreachable');
    return new ServiceUnavailableError();
  }
  if (isStorageFull(err)) {
    req.log.error({ err }, 'file store full');
    return new StorageFullError();
  }
  return err;
}
