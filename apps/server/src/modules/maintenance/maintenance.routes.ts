import type { FastifyInstance } from 'fastify';
import { dueRoutes } from './due.routes.js';
import { plansRoutes } from './plans.routes.js';
import { workshopsRoutes } from './workshops.routes.js';
import { orderRoutes } from './orders.register.js';

/**
 * The maintenance area's routes (`MaintenancePaths`, docs/maintenance.md): workshops, plans and the due list
 * (their `*.routes.ts`), and the work orders and reports (orders.register.ts).
 */
export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(workshopsRoutes);
  await app.register(plansRoutes);
  await app.register(dueRoutes);
  await app.register(orderRoutes);
}
