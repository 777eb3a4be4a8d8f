import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  CarType,
  CarTypeInput,
  CarTypeQuery,
  CarTypeReportRow,
  RentScopeQuery,
  VehiclePaths as P,
} from '@fleetdesk/contracts/vehicles';
import { access, scopeFor } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { createCarType, listCarTypes, removeCarType, updateCarType } from './car-types.service.js';
import { carTypeReport } from './reports.repository.js';

const tags = ['car types'];
const audit = { targetType: 'carType' };

/** The tenant's rental categories (经济型, 新能源网约车...) with their monthly rent and deposit. */
export async function carTypesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.types, {
    schema: {
      tags,
      summary: 'Car types, cheapest first: page/limit (page=0&limit=0: all, not paged) or pageNum/pageSize',
      querystring: CarTypeQuery,
      response: { 200: envelope(paged(CarType)) },
    },
    config: { access: access.permission('rentCar:view') },
    handler: async (req) => ok(await listCarTypes(deps, req.ctx, req.query)),
  });

  app.post(P.typeCreate, {
    schema: { tags, summary: 'Add a car type', body: CarTypeInput, response: { 200: envelope(CarType) } },
    config: { access: access.permission('rentCar:add'), audit },
    handler: async (req) => {
      const created = await createCarType(deps, req.ctx, req.body);
      req.auditNote = { targetId: created.id };
      return ok(created);
    },
  });

  app.put(P.typeUpdate, {
    schema: {
      tags,
      summary: 'Change a car type (name, monthly rent, deposit)',
      params: IdParam,
      body: CarTypeInput,
      response: { 200: envelope(CarType) },
    },
    config: { access: access.permission('rentCar:edit'), audit },
    handler: async (req) => ok(await updateCarType(deps, req.ctx, req.params.id, req.body)),
  });

  app.delete(P.typeDelete, {
    schema: {
      tags,
      summary: 'Delete a car type that no car has (409 with the count otherwise)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('rentCar:delete'), audit },
    handler: async (req) => {
      await removeCarType(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });

  app.get(P.typeReport, {
    schema: {
      tags,
      summary: 'Per car type: cars, rented, idle, rented rate and the monthly rent of the rented ones',
      querystring: RentScopeQuery,
      response: { 200: envelope(z.array(CarTypeReportRow)) },
    },
    config: { access: access.permission('rentCar:view') },
    handler: async (req) => ok(await carTypeReport(deps.db, scopeFor(req.ctx, req.query.rentId), req.lang)),
  });
}
