import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import { Owner, OwnerInput, OwnerQuery, VehiclePaths as P } from '@fleetdesk/contracts/vehicles';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import * as repo from './owners.repository.js';
import { createOwner, removeOwner, updateOwner } from './owners.service.js';

const tags = ['vehicle owners'];
const audit = { targetType: 'carOwner' };

/** Owners of the cars on their registration: the company itself, leasing companies, people. */
export async function ownersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.owners, {
    schema: {
      tags,
      summary: 'Owners of the tenant (company or person), with their car counts',
      querystring: OwnerQuery,
      response: { 200: envelope(paged(Owner)) },
    },
    config: { access: access.permission('rentCar:view') },
    handler: async (req) => {
      const { rows, total } = await repo.listOwners(deps.db, req.ctx.tenantId, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(P.ownerCreate, {
    schema: {
      tags,
      summary: 'Add an owner (unified social credit code for a company, ID number for a person)',
      body: OwnerInput,
      response: { 200: envelope(Owner) },
    },
    config: { access: access.permission('rentCar:add'), audit },
    handler: async (req) => {
      const owner = await createOwner(deps, req.ctx, req.body);
      req.auditNote = { targetId: owner.id };
      return ok(owner);
    },
  });

  app.put(P.ownerUpdate, {
    schema: { tags, summary: 'Change an owner', params: IdParam, body: OwnerInput, response: { 200: envelope(Owner) } },
    config: { access: access.permission('rentCar:edit'), audit },
    handler: async (req) => ok(await updateOwner(deps, req.ctx, req.params.id, req.body)),
  });

  app.delete(P.ownerDelete, {
    schema: {
      tags,
      summary: 'Delete an owner that no car (deleted ones included) refers to',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('rentCar:delete'), audit },
    handler: async (req) => {
      await removeOwner(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });
}
