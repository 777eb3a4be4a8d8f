import type { FastifyInstance } from 'fastify';
import { funnelRoutes } from './funnel.routes.js';
import { leadFormRoutes } from './lead-form.routes.js';
import { surveyOpenRoutes, surveyRoutes } from './survey.routes.js';

/**
 * The CRM's surveys, public lead form and funnel report (docs/crm.md): one route plugin, registered once in
 * modules/index.ts beside the leads' own.
 */
export async function crmOpenRoutes(app: FastifyInstance): Promise<void> {
  await app.register(surveyRoutes);
  await app.register(surveyOpenRoutes);
  await app.register(leadFormRoutes);
  await app.register(funnelRoutes);
}
