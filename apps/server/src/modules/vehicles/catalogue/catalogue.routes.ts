import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import {
  Brand,
  BrandIdParam,
  BrandQuery,
  CarCataloguePaths as P,
  CarDataTag,
  CarDataTagQuery,
  CarModel,
  CarModelInput,
  SerialIdParam,
  Series,
} from '@fleetdesk/contracts/car-catalogue';
import { access } from '../../../core/access.js';
import { ok } from '../../../core/envelope.js';
import { carDataTag, listBrands, listModels, listSeries } from './catalogue.repository.js';
import { createModel, removeModel } from './catalogue.service.js';

const tags = ['car catalogue'];
// Other areas (financing, contracts) pick cars from the catalogue too: any signed-in user reads it.
const read = access.signedIn();

export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.brands, {
    schema: {
      tags,
      summary: "Brands by initial (the platform catalogue of the Chinese market and the tenant's own)",
      querystring: BrandQuery,
      response: { 200: envelope(z.array(Brand)) },
    },
    config: { access: read },
    handler: async (req) => ok(await listBrands(deps.db, req.ctx.tenantId, req.query.keyword)),
  });

  app.get(P.series, {
    schema: {
      tags,
      summary: 'Series of a brand',
      params: BrandIdParam,
      response: { 200: envelope(z.array(Series)) },
    },
    config: { access: read },
    handler: async (req) => ok(await listSeries(deps.db, req.ctx.tenantId, req.params.brandId)),
  });

  app.get(P.models, {
    schema: {
      tags,
      summary: 'Models of a series, newest model year first',
      params: SerialIdParam,
      response: { 200: envelope(z.array(CarModel)) },
    },
    config: { access: read },
    handler: async (req) => ok(await listModels(deps.db, req.ctx.tenantId, req.params.serialId)),
  });

  app.get(P.carDataTag, {
    schema: {
      tags,
      summary:
        'The car-data tag (d_qcsj): every brand with its series and models (guide price in yuan) as one tree, for the financing form',
      querystring: CarDataTagQuery,
      response: { 200: envelope(CarDataTag) },
    },
    config: { access: read },
    handler: async (req) => ok(await carDataTag(deps.db, req.ctx.tenantId, req.query.keyword)),
  });

  app.post(P.modelCreate, {
    schema: {
      tags,
      summary: 'Add a model of the tenant (under a series, or a new series and brand); only the tenant sees it',
      body: CarModelInput,
      response: { 200: envelope(CarModel) },
    },
    config: { access: access.permission('rentCar:add'), audit: { targetType: 'carModel' } },
    handler: async (req) => {
      const model = await createModel(deps, req.ctx, req.body);
      req.auditNote = { targetId: model.id };
      return ok(model);
    },
  });

  app.delete(P.modelDelete, {
    schema: {
      tags,
      summary: 'Delete a model the tenant added (not a platform one), if no car uses it',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('rentCar:delete'), audit: { targetType: 'carModel' } },
    handler: async (req) => {
      await removeModel(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });
}
