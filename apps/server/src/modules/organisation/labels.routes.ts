import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import {
  Label,
  LabelDeleteQuery,
  LabelInput,
  LabelQuery,
  OrganisationPaths as P,
} from '@fleetdesk/contracts/organisation';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { createLabel, deleteLabel, listLabels, updateLabel } from './labels.service.js';

const tags = ['organisation: labels'];
const audit = { targetType: 'label' };

/** Labels of employees, drivers, cars and customers (标签管理). */
export async function labelsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.labels, {
    schema: {
      tags,
      summary: "The tenant's labels, of one kind or all, with the number of records carrying each",
      querystring: LabelQuery,
      response: { 200: envelope(z.array(Label)) },
    },
    config: { access: access.permission('oaLabel:view') },
    handler: async (req) => ok(await listLabels(deps, req.ctx, req.query.kind)),
  });

  app.post(P.labelAdd, {
    schema: {
      tags,
      summary: 'Add a label (its name is unique within its kind)',
      body: LabelInput,
      response: { 200: envelope(Label) },
    },
    config: { access: access.permission('oaLabel:add'), audit },
    handler: async (req) => {
      const label = await createLabel(deps, req.ctx, req.body);
      req.auditNote = { targetId: label.id, summary: req.body };
      return ok(label);
    },
  });

  app.put(P.labelUpdate, {
    schema: {
      tags,
      summary: 'Rename or recolour a label (its kind changes only while no record carries it)',
      params: IdParam,
      body: LabelInput,
      response: { 200: envelope(Label) },
    },
    config: { access: access.permission('oaLabel:edit'), audit },
    handler: async (req) => {
      const { label, changed } = await updateLabel(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: label.id, summary: changed };
      return ok(label);
    },
  });

  app.delete(P.labelDelete, {
    schema: {
      tags,
      summary: 'Delete a label; one in use is refused (409) unless force=true, which removes it from every record',
      params: IdParam,
      querystring: LabelDeleteQuery,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('oaLabel:delete'), audit },
    handler: async (req) => {
      const label = await deleteLabel(deps, req.ctx, req.params.id, req.query.force === 'true');
      req.auditNote = { targetId: label.id, summary: { kind: label.kind, name: label.name, removedFrom: label.used } };
      return ok(true);
    },
  });
}
