import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Province, PROVINCES } from '@fleetdesk/contracts/areas';
import { envelope } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';

/** Path of the throughput benchmark's ceiling. */
export const BENCH_CEILING_PATH = '/api/bench/ceiling';

/**
 * The ceiling of the throughput benchmark: the same 2 KB answer as `commonArea/province`, through the same
 * hooks and serializer, without sign-in or database. Registered only with `BENCH_ROUTES=true`.
 */
export async function benchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(BENCH_CEILING_PATH, {
    schema: { hide: true, response: { 200: envelope(z.array(Province)) } },
    config: { access: access.public() },
    handler: async () => ok([...PROVINCES]),
  });
}
