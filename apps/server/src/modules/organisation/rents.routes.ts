import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { OrganisationPaths as P, Rent, RentInput, RentStatusInput } from '@fleetdesk/contracts/organisation';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { createRent, listRents, RENT_LIST_ANY_OF, setRentStatus, updateRent } from './rents.service.js';

const tags = ['organisation: rents'];
const audit = { targetType: 'rent' };

/** The tenant's rents (subsidiaries, 子公司). */
export async function rentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.rents, {
    schema: {
      tags,
      summary:
        'Every rent of the tenant with its employee and car counts (the subsidiaries screen and the rent pickers)',
      response: { 200: envelope(z.array(Rent)) },
    },
    config: { access: access.anyOf(RENT_LIST_ANY_OF) },
    handler: async (req) => ok(await listRents(deps, req.ctx)),
  });

  app.post(P.rentAdd, {
    schema: {
      tags,
      summary: 'Add a rent (its code is generated); the licence image is the address of an uploaded file',
      body: RentInput,
      response: { 200: envelope(Rent) },
    },
    config: { access: access.permission('oaCompany:add'), audit },
    handler: async (req) => {
      const rent = await createRent(deps, req.ctx, req.body);
      req.auditNote = { targetId: rent.id, summary: { name: rent.name, code: rent.code } };
      return ok(rent);
    },
  });

  app.put(P.rentUpdate, {
    schema: { tags, summary: 'Change a rent', params: IdParam, body: RentInput, response: { 200: envelope(Rent) } },
    config: { access: access.permission('oaCompany:edit'), audit },
    handler: async (req) => {
      const { rent, changed } = await updateRent(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: rent.id, summary: changed };
      return ok(rent);
    },
  });

  app.put(P.rentStatus, {
    schema: {
      tags,
      summary: 'Disable or enable a rent: a disabled rent keeps its records readable, but no new record goes into it',
      params: IdParam,
      body: RentStatusInput,
      response: { 200: envelope(Rent) },
    },
    config: { access: access.permission('oaCompany:edit'), audit },
    handler: async (req) => {
      const { rent, changed } = await setRentStatus(deps, req.ctx, req.params.id, req.body.status);
      req.auditNote = { targetId: rent.id, summary: changed };
      return ok(rent);
    },
  });
}
