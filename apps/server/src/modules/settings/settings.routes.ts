import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@fleetdesk/contracts/common';
import {
  AppFlags,
  CompanyProfile,
  CompanyProfileInput,
  OrganisationPaths as P,
  TenantRules,
  TenantRulesInput,
} from '@fleetdesk/contracts/organisation';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { appFlags, companyProfile, saveCompanyProfile, saveRules, tenantRules } from './settings.service.js';

const tags = ['company settings'];
const view = access.permission('oaSetting:view');
const edit = access.permission('oaSetting:edit');

export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.company, {
    schema: {
      tags,
      summary: "The tenant's profile: names, logo, business licence, time zone, contact",
      response: { 200: envelope(CompanyProfile) },
    },
    config: { access: view },
    handler: async (req) => ok(await companyProfile(deps, req.ctx)),
  });

  app.put(P.company, {
    schema: {
      tags,
      summary: "Change the tenant's profile (logo and licence image: uploaded images of the tenant)",
      body: CompanyProfileInput,
      response: { 200: envelope(CompanyProfile) },
    },
    config: { access: edit, audit: { action: 'setting.company', targetType: 'tenant' } },
    handler: async (req) => {
      const { value, before, after } = await saveCompanyProfile(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.ctx.tenantId, summary: { before, after } };
      return ok(value);
    },
  });

  app.get(P.rules, {
    schema: {
      tags,
      summary: "The tenant's business rules, with the defaults for what was never saved",
      response: { 200: envelope(TenantRules) },
    },
    config: { access: view },
    handler: async (req) => ok(await tenantRules(deps, req.ctx.tenantId)),
  });

  app.put(P.rules, {
    schema: {
      tags,
      summary: "Save the tenant's business rules (the whole document; contract prefixes by rent id of the tenant)",
      body: TenantRulesInput,
      response: { 200: envelope(TenantRules) },
    },
    config: { access: edit, audit: { action: 'setting.rules', targetType: 'tenant' } },
    handler: async (req) => {
      const { value, before, after } = await saveRules(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.ctx.tenantId, summary: { before, after } };
      return ok(value);
    },
  });

  app.get(P.appFlags, {
    schema: {
      tags,
      summary: 'App flags of the session (spec section 3: settingDebtorPaying), from the rules; any signed-in user',
      response: { 200: envelope(AppFlags) },
    },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async (req) => ok(await appFlags(deps, req.ctx)),
  });
}
