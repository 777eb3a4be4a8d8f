import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AreaPaths, Province, PROVINCES } from '@fleetdesk/contracts/areas';
import { envelope } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';

export async function areasRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(AreaPaths.provinces, {
    schema: {
      tags: ['areas'],
      summary: 'Provinces of mainland China with their GB/T 2260 code, plate character and capital',
      response: { 200: envelope(z.array(Province)) },
    },
    config: { access: access.signedIn() },
    handler: async () => ok([...PROVINCES]),
  });
}
