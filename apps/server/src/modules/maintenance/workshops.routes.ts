import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  MaintenancePaths as P,
  Workshop,
  WorkshopAccount,
  WorkshopAccountInput,
  WorkshopInput,
  WorkshopListQuery,
  WorkshopOption,
  WorkshopOptionsQuery,
  WorkshopUpdateInput,
} from '@fleetdesk/contracts/maintenance';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import {
  addWorkshopAccount,
  createWorkshop,
  deleteWorkshop,
  getWorkshop,
  listWorkshops,
  updateWorkshop,
  workshopAccounts,
  workshopOptions,
} from './workshops.service.js';

const tags = ['maintenance'];
const view = access.permission('maintenance:view');
const edit = access.permission('maintenance:edit');
const audit = { targetType: 'maintenanceWorkshop' };

/** Workshops (修理厂) and their sign-ins (docs/maintenance.md, "Workshops"). */
export async function workshopsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.workshopList, {
    schema: {
      tags,
      summary: 'Workshops the caller sees',
      querystring: WorkshopListQuery,
      response: { 200: envelope(paged(Workshop)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listWorkshops(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.workshopOptions, {
    schema: {
      tags,
      summary: 'Enabled workshops for a picker (a rent’s and the company’s; by service)',
      querystring: WorkshopOptionsQuery,
      response: { 200: envelope(z.array(WorkshopOption)) },
    },
    config: { access: access.anyOf(['maintenance']) },
    handler: async (req) => ok(await workshopOptions(deps, req.ctx, req.query)),
  });

  app.get(P.workshopGet, {
    schema: { tags, summary: 'One workshop', params: IdParam, response: { 200: envelope(Workshop) } },
    config: { access: view },
    handler: async (req) => ok(await getWorkshop(deps, req.ctx, req.params.id)),
  });

  app.post(P.workshopCreate, {
    schema: { tags, summary: 'Adds a workshop', body: WorkshopInput, response: { 200: envelope(Workshop) } },
    config: { access: edit, audit },
    handler: async (req) => {
      const w = await createWorkshop(deps, req.ctx, req.body);
      req.auditNote = { targetId: w.id };
      return ok(w);
    },
  });

  app.put(P.workshopUpdate, {
    schema: {
      tags,
      summary: 'Changes a workshop (the version it was read at; 409 when it moved)',
      body: WorkshopUpdateInput,
      response: { 200: envelope(Workshop) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updateWorkshop(deps, req.ctx, req.body));
    },
  });

  app.delete(P.workshopDelete, {
    schema: {
      tags,
      summary: 'Deletes a workshop no work order names (409 otherwise: disable it)',
      params: IdParam,
      response: { 200: envelope(Workshop) },
    },
    config: { access: access.permission('maintenance:delete'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deleteWorkshop(deps, req.ctx, req.params.id));
    },
  });

  app.post(P.workshopAccount, {
    schema: {
      tags,
      summary: 'Gives the workshop a sign-in (role `workshop`, data scope workshop: only its work orders)',
      body: WorkshopAccountInput,
      response: { 200: envelope(WorkshopAccount) },
    },
    config: { access: edit, audit: { targetType: 'maintenanceWorkshopAccount' } },
    handler: async (req) => {
      const a = await addWorkshopAccount(deps, req.ctx, req.body);
      req.auditNote = { targetId: a.userId, summary: { workshopId: a.workshopId, username: a.username } };
      return ok(a);
    },
  });

  app.get(P.workshopAccounts, {
    schema: {
      tags,
      summary: "The workshop's sign-ins",
      params: IdParam,
      response: { 200: envelope(z.array(WorkshopAccount)) },
    },
    config: { access: view },
    handler: async (req) => ok(await workshopAccounts(deps, req.ctx, req.params.id)),
  });
}
