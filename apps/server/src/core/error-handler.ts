import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorStatus } from '@fleetdesk/contracts/errors';
import { AppError, BadRequestError, InvalidGrantError, TooManyRequestsError } from './errors.js';
import { translate } from './i18n.js';
import { fieldErrors } from './validation.js';

/**
 * The one place where failures become answers (DESIGN.md section 6). Typed errors map to their status;
 * schema failures to 400 with field errors; everything unknown to 500 without internals (the log has them).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh-CN';
    if (err instanceof InvalidGrantError) {
      return reply.code(400).send({ error: 'invalid_grant', error_description: err.description });
    }
    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError) reply.header('Retry-After', String(err.retryAfterSeconds));
      if (err.httpStatus >= 500) req.log.warn({ err }, 'request failed');
      const errors =
        err instanceof BadRequestError && err.errors.length
          ? { errors: err.errors.map((e) => ({ path: e.path, message: translate(lang, e.message) })) }
          : {};
      return reply
        .code(err.httpStatus)
        .send({ status: err.status, message: translate(lang, err.messageKey, err.params), ...errors });
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
    if (code === 429) {
      return reply.code(429).send({
        status: ErrorStatus.tooManyRequests,
        message: translate(lang, 'error.tooManyRequests', { seconds: String(reply.getHeader('retry-after') ?? 60) }),
      });
    }
    if (code === 413) {
      return reply.code(413).send({ status: 413, message: translate(lang, 'error.payloadTooLarge', { max: '' }) });
    }
    if (code >= 400 && code < 500) {
      req.log.info({ err }, 'bad request');
      return reply.code(400).send({ status: ErrorStatus.badRequest, message: translate(lang, 'error.badRequest') });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: ErrorStatus.internal, message: translate(lang, 'error.internal') });
  });
}
