import type { FastifyInstance } from 'fastify';
import { leadsRoutes } from './leads.routes.js';

/**
 * The CRM's routes (`CrmPaths`, docs/crm.md): leads, the pool and follow-ups (leads.routes.ts). Surveys, the
 * public form and the funnel report add theirs here.
 */
export async function crmRoutes(app: FastifyInstance): Promise<void> {
  await app.register(leadsRoutes);
}
