import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  MaintenancePaths as P,
  Plan,
  PlanInput,
  PlanListQuery,
  PlanUpdateInput,
} from '@fleetdesk/contracts/maintenance';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service.js';

const tags = ['maintenance'];
const view = access.permission('maintenance:view');
const edit = access.permission('maintenance:edit');
const audit = { targetType: 'maintenancePlan' };

/** Service plans per car type or car (docs/maintenance.md, "Plans"). */
export async function plansRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.planList, {
    schema: { tags, summary: 'Service plans', querystring: PlanListQuery, response: { 200: envelope(paged(Plan)) } },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listPlans(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.planGet, {
    schema: { tags, summary: 'One service plan', params: IdParam, response: { 200: envelope(Plan) } },
    config: { access: view },
    handler: async (req) => ok(await getPlan(deps, req.ctx, req.params.id)),
  });

  app.post(P.planSave, {
    schema: {
      tags,
      summary: 'Adds a plan for a car type or a car; the due list of its cars follows',
      body: PlanInput,
      response: { 200: envelope(Plan) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const plan = await createPlan(deps, req.ctx, req.body);
      req.auditNote = { targetId: plan.id };
      return ok(plan);
    },
  });

  app.put(P.planSave, {
    schema: {
      tags,
      summary: 'Changes a plan (the version it was read at; 409 when it moved); the due list of its cars follows',
      body: PlanUpdateInput,
      response: { 200: envelope(Plan) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updatePlan(deps, req.ctx, req.body));
    },
  });

  app.delete(P.planDelete, {
    schema: {
      tags,
      summary: 'Deletes a plan; its cars fall back to their type’s',
      params: IdParam,
      response: { 200: envelope(Plan) },
    },
    config: { access: access.permission('maintenance:delete'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deletePlan(deps, req.ctx, req.params.id));
    },
  });
}
