import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  CrmPaths as P,
  FollowUpInput,
  FollowUpListQuery,
  FollowUpRow,
  LeadAssignInput,
  LeadBatchAnswer,
  LeadClaimInput,
  LeadConvertAnswer,
  LeadConvertInput,
  LeadDetail,
  LeadExportQuery,
  LeadInput,
  LeadListAnswer,
  LeadListQuery,
  LeadOwner,
  LeadOwnersQuery,
  LeadStateInput,
  LeadUpdateInput,
} from '@fleetdesk/contracts/crm';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { tenantDays } from '../../core/tenant-time.js';
import { sendXlsx } from '../../core/xlsx.js';
import { createFollowUp, listFollowUps } from './follow-ups.service.js';
import { leadColumns } from './leads.export.js';
import {
  convertLead,
  createLead,
  deleteLead,
  getLead,
  leadOwners,
  leadsForExport,
  listLeads,
  setLeadState,
  updateLead,
} from './leads.service.js';
import { assignLeads, claimLeads, releaseLead } from './pool.js';

const tags = ['crm'];
const view = access.permission('crm:view');
const edit = access.permission('crm:edit');
const audit = { targetType: 'crmLead' };
const xlsx = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** Leads, the pool and follow-ups (docs/crm.md). */
export async function leadsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.leadList, {
    schema: {
      tags,
      summary: 'Leads: mine, the pool or all (all: not for the own scope), filtered, newest first',
      querystring: LeadListQuery,
      response: { 200: envelope(LeadListAnswer) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total, counts } = await listLeads(deps, req.ctx, req.query);
      return ok({ rows, total, pageNum: req.query.pageNum, pageSize: req.query.pageSize, counts });
    },
  });

  app.get(P.leadExport, {
    schema: { tags, summary: 'The filtered leads as .xlsx (streamed)', querystring: LeadExportQuery, produces: xlsx },
    config: { access: access.permission('crm:export'), audit },
    handler: async (req, reply) => {
      const days = await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now());
      const title = req.lang === 'zh-CN' ? '线索' : 'leads';
      return sendXlsx(
        reply,
        `${title}-${days.today}.xlsx`,
        title,
        leadColumns(req.lang, days.timeZone),
        leadsForExport(deps, req.ctx, req.query),
      );
    },
  });

  app.get(P.leadOwners, {
    schema: {
      tags,
      summary: 'Employees who may own leads (in the caller’s rents, or one rent)',
      querystring: LeadOwnersQuery,
      response: { 200: envelope(z.array(LeadOwner)) },
    },
    config: { access: view },
    handler: async (req) => ok(await leadOwners(deps, req.ctx, req.query.rentId)),
  });

  app.get(P.leadGet, {
    schema: {
      tags,
      summary: 'One lead with its owner history',
      params: IdParam,
      response: { 200: envelope(LeadDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await getLead(deps, req.ctx, req.params.id)),
  });

  app.post(P.leadCreate, {
    schema: {
      tags,
      summary: 'Adds a lead (409 crm.duplicatePhone with the open lead holding the phone)',
      body: LeadInput,
      response: { 200: envelope(LeadDetail) },
    },
    config: { access: access.permission('crm:add'), audit },
    handler: async (req) => {
      const lead = await createLead(deps, req.ctx, req.body);
      req.auditNote = { targetId: lead.id };
      return ok(lead);
    },
  });

  app.put(P.leadUpdate, {
    schema: {
      tags,
      summary: 'Changes a lead (at its version)',
      body: LeadUpdateInput,
      response: { 200: envelope(LeadDetail) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok(await updateLead(deps, req.ctx, req.body));
    },
  });

  app.post(P.leadDelete, {
    schema: { tags, summary: 'Deletes a lead (not a won one)', params: IdParam, response: { 200: envelope(IdParam) } },
    config: { access: access.permission('crm:delete'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deleteLead(deps, req.ctx, req.params.id));
    },
  });

  app.post(P.leadState, {
    schema: {
      tags,
      summary: 'Moves a lead (LEAD_TRANSITIONS: following, paused, lost with a reason)',
      params: IdParam,
      body: LeadStateInput,
      response: { 200: envelope(LeadDetail) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id, summary: { state: req.body.state } };
      return ok(await setLeadState(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.post(P.leadClaim, {
    schema: {
      tags,
      summary: 'Takes pool leads (crm.claimPerDay, crm.maxOwned)',
      body: LeadClaimInput,
      response: { 200: envelope(LeadBatchAnswer) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { summary: { ids: req.body.ids } };
      return ok(await claimLeads(deps, req.ctx, req.body));
    },
  });

  app.post(P.leadAssign, {
    schema: {
      tags,
      summary: 'Gives leads to an employee, or to the pool (null)',
      body: LeadAssignInput,
      response: { 200: envelope(LeadBatchAnswer) },
    },
    config: { access: access.permission('crm:assign'), audit },
    handler: async (req) => {
      req.auditNote = { summary: { ids: req.body.ids, ownerId: req.body.ownerId } };
      return ok(await assignLeads(deps, req.ctx, req.body));
    },
  });

  app.post(P.leadRelease, {
    schema: {
      tags,
      summary: 'Puts a lead back into the pool (its owner, or one who may assign)',
      params: IdParam,
      response: { 200: envelope(LeadDetail) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await releaseLead(deps, req.ctx, req.params.id));
    },
  });

  app.post(P.leadConvert, {
    schema: {
      tags,
      summary: 'Makes the lead a driver (drivers’ create input; also needs rentDriver:add); 409 crm.driverExists',
      params: IdParam,
      body: LeadConvertInput,
      response: { 200: envelope(LeadConvertAnswer) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const answer = await convertLead(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: req.params.id, summary: { driverId: answer.driverId } };
      return ok(answer);
    },
  });

  app.post(P.followUpCreate, {
    schema: {
      tags,
      summary: 'Records a follow-up (the first makes a new lead following)',
      body: FollowUpInput,
      response: { 200: envelope(FollowUpRow) },
    },
    config: { access: edit, audit: { targetType: 'crmFollowUp' } },
    handler: async (req) => {
      const row = await createFollowUp(deps, req.ctx, req.body);
      req.auditNote = { targetId: row.id, summary: { leadId: row.leadId } };
      return ok(row);
    },
  });

  app.get(P.followUpList, {
    schema: {
      tags,
      summary: 'A lead’s follow-ups, or the caller’s own (due today / overdue)',
      querystring: FollowUpListQuery,
      response: { 200: envelope(paged(FollowUpRow)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listFollowUps(deps, req.ctx, req.query);
      return ok({ rows, total, pageNum: req.query.pageNum, pageSize: req.query.pageSize });
    },
  });
}
