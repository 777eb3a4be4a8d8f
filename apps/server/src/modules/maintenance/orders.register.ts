import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/**
 * The work orders' registrations (the `maintenanceOrder` approval type, their hooks) and their routes
 * (`MaintenancePaths.order*`, `report*`). Helper 2 fills this (issue 31); `register.ts` and `maintenance.routes.ts`
 * call both.
 */
export function registerOrders(_deps: AppDeps): void {
  // Helper 2 fills this.
}

/** The work order and report routes. Helper 2 fills this. */
export async function orderRoutes(_app: FastifyInstance): Promise<void> {
  // Helper 2 fills this.
}
