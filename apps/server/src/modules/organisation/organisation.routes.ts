import type { FastifyInstance } from 'fastify';
import { departmentsRoutes } from './departments.routes.js';
import { employeesRoutes } from './employees.routes.js';
import { labelsRoutes } from './labels.routes.js';
import { rentsRoutes } from './rents.routes.js';

/**
 * The organisation area: departments, employees (with their Excel import and export), rents (subsidiaries)
 * and labels, each in its own files (the SMS recipient source "staff" is in `staff.recipients.ts`).
 */
export async function organisationRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(departmentsRoutes);
  await fastify.register(employeesRoutes);
  await fastify.register(rentsRoutes);
  await fastify.register(labelsRoutes);
}
