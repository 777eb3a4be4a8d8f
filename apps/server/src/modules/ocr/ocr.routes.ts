import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@fleetdesk/contracts/common';
import { OcrPaths, OcrRequest, OcrResult } from '@fleetdesk/contracts/ocr';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { createOcrProvider } from '../../core/providers/ocr-factory.js';
import { recognise } from './ocr.service.js';

export async function ocrRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const provider = createOcrProvider(deps.config, () => deps.clock.now());

  app.post(OcrPaths.recognition, {
    schema: {
      tags: ['ocr'],
      summary:
        'Recognise an image uploaded with /api/tool/oss/upload/license: a vehicle licence page (needs rentCar:add or rentCar:edit), an ID card or a driving licence (needs rentDriver:add or rentDriver:edit)',
      body: OcrRequest,
      response: { 200: envelope(OcrResult) },
    },
    // Each type names the permissions of the forms that use it; the service checks them.
    config: { access: access.signedIn(), audit: false },
    handler: async (req) => ok(await recognise(deps, provider, req.ctx, req.body)),
  });
}
