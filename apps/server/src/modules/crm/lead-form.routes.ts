import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@fleetdesk/contracts/common';
import {
  CrmForm,
  CrmFormInput,
  CrmPaths as P,
  FormKeyParam,
  PublicLeadAnswer,
  PublicLeadForm,
  PublicLeadInput,
} from '@fleetdesk/contracts/crm';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import {
  countFormPost,
  countFormView,
  getLeadForm,
  publicLeadForm,
  saveLeadForm,
  submitLeadForm,
} from './lead-form.service.js';

const tags = ['crm'];
const edit = access.permission('crm:edit');

/** The public lead form's settings and its open address (docs/crm.md, "The public lead form"). */
export async function leadFormRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.formGet, {
    schema: {
      tags,
      summary: "The company's public lead form (made switched off on the first read)",
      response: { 200: envelope(CrmForm) },
    },
    config: { access: edit },
    handler: async (req) => ok(await getLeadForm(deps, req.ctx)),
  });

  app.put(P.formSave, {
    schema: {
      tags,
      summary: 'Saves the form: on/off, the rent and owner of its leads (null: the pool), a new key on `regenerate`',
      body: CrmFormInput,
      response: { 200: envelope(CrmForm) },
    },
    config: { access: edit, audit: { targetType: 'crmForm' } },
    handler: async (req) => {
      const { value, before } = await saveLeadForm(deps, req.ctx, req.body);
      req.auditNote = {
        summary: {
          enabled: value.enabled,
          rentId: value.rentId,
          ownerId: value.ownerId,
          newKey: value.key !== before.key,
        },
      };
      return ok(value);
    },
  });

  app.get(P.openLeadForm, {
    schema: {
      tags: ['open'],
      summary: 'The public lead form: company name and choices (404 unknown or switched off). 30 per IP in 10 minutes',
      params: FormKeyParam,
      response: { 200: envelope(PublicLeadForm) },
    },
    config: { access: access.public(), audit: false },
    onRequest: async (req) => countFormView(deps, req.ip),
    handler: async (req) => ok(await publicLeadForm(deps, req.params.key)),
  });

  app.post(P.openLeadForm, {
    schema: {
      tags: ['open'],
      summary:
        'Submits the public lead form (a lead of the form’s rent and owner, or the pool). 5 per IP in 10 minutes, 200 per form an hour',
      params: FormKeyParam,
      body: PublicLeadInput,
      response: { 200: envelope(PublicLeadAnswer) },
    },
    config: { access: access.public(), audit: false },
    onRequest: async (req) => countFormPost(deps, req.ip),
    handler: async (req) => {
      await submitLeadForm(deps, req.params.key, req.body, req.ip);
      return ok({ ok: true as const });
    },
  });
}
