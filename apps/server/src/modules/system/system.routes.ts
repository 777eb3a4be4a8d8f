import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Health, Ready } from '@fleetdesk/contracts/health';
import { access } from '../../core/access.js';
import { ping } from '../../core/db.js';
import { NotFoundError, UnauthorizedError } from '../../core/errors.js';
import { METRICS_PATH, metricsAuthorized, metricsText } from '../../core/metrics.js';
import { OPENAPI_PATH } from '../../core/openapi.js';

const tags = ['system'];

export async function systemRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  app.get('/healthz', {
    schema: { tags, summary: 'The process is alive', response: { 200: Health } },
    config: { access: access.public() },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    schema: { tags, summary: 'The process can serve: the database answers', response: { 200: Ready, 503: Ready } },
    config: { access: access.public() },
    handler: async (_req, reply) => {
      const up = await ping(database);
      return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: database.kind });
    },
  });

  // Prometheus's scrape: the process's metrics in the text format, to the bearer of METRICS_TOKEN (404 without one,
  // so that a deployment that did not ask for metrics does not show it has them).
  app.get(METRICS_PATH, {
    schema: { tags, summary: "The process's Prometheus metrics (Bearer METRICS_TOKEN)", hide: true },
    config: { access: access.public() },
    handler: async (req, reply) => {
      const token = app.deps.config.METRICS_TOKEN;
      if (!token) throw new NotFoundError('error.routeNotFound');
      if (!metricsAuthorized(req.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new UnauthorizedError();
      }
      const { contentType, body } = await metricsText();
      return reply.type(contentType).send(body);
    },
  });

  app.get(OPENAPI_PATH, {
    schema: {
      tags,
      summary: 'This OpenAPI document',
      hide: true,
      response: { 200: z.record(z.string(), z.unknown()) },
    },
    config: { access: access.public() },
    handler: async () => app.swagger() as unknown as Record<string, unknown>,
  });
}
