import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { registerApprovalType } from '../approvals/approvals.service.js';
import { workOrderRoutes } from './orders.routes.js';
import { MAINTENANCE_ORDER_APPROVAL } from './work-orders.service.js';

/**
 * The work orders' registrations: the `maintenanceOrder` approval type (an order whose estimate is above the
 * company's `maintenance.approvalAbove` waits for it; its outcome moves the order, work-orders.service.ts).
 * `register.ts` calls it.
 */
export function registerOrders(_deps: AppDeps): void {
  registerMaintenanceOrderType();
}

/** Registers the `maintenanceOrder` type (also called by the demo seed, which files a request of it). */
export function registerMaintenanceOrderType(): void {
  registerApprovalType(MAINTENANCE_ORDER_APPROVAL);
}

/** The work order and report routes (`MaintenancePaths.order*`, `report*`); `maintenance.routes.ts` registers them. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  await app.register(workOrderRoutes);
}
