import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApprovalPaths as P,
  ApprovalSetting,
  BusinessType,
  DecisionInput,
  DepartmentHead,
  DepartmentHeadInput,
  Flow,
  FlowInput,
  PreviewInput,
  RequestDetail,
  RequestInput,
  RequestListQuery,
  RequestRow,
} from '@fleetdesk/contracts/approvals';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { changedFields } from '../../core/audit.js';
import { ok } from '../../core/envelope.js';
import { checkAttachments, withFiles } from './approvals.attachments.js';
import { approvalSetting, positionOf, saveApprovalSetting, smsNewApprovers } from './approvals.sms.js';
import {
  createFlow,
  decideRequest,
  deleteDraft,
  deleteFlow,
  getFlow,
  getRequest,
  listDepartmentHeads,
  listFlows,
  listRequests,
  listTypes,
  previewPlan,
  saveDraft,
  setDepartmentHead,
  submitRequest,
  updateDraft,
  updateFlow,
  waitingCount,
  withdrawRequest,
} from './approvals.service.js';

const flowTags = ['approvals: flows'];
const tags = ['approvals: requests'];
const READ_TYPES = ['oaApproval:view', 'oaApprovalFlow:view'];

const PreviewStep = z.object({
  index: z.number().int(),
  name: z.string(),
  mode: z.enum(['any', 'all']),
  skipped: z.boolean(),
  approvers: z.array(z.object({ userId: z.number().int(), name: z.string() })),
});

/** The approvals engine: flow settings (审批设置, `/oa/approval`) and the approval centre (`/oaApproval`). */
export async function approvalsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.types, {
    schema: {
      tags: flowTags,
      summary: 'The registered business types with their form fields (areas register their own)',
      response: { 200: envelope(z.array(BusinessType)) },
    },
    config: { access: access.anyOf(READ_TYPES) },
    handler: async () => ok(listTypes()),
  });

  app.get(P.flows, {
    schema: {
      tags: flowTags,
      summary: "The tenant's flows, each at its current version",
      response: { 200: envelope(z.array(Flow)) },
    },
    config: { access: access.permission('oaApprovalFlow:view') },
    handler: async (req) => ok(await listFlows(deps.db, req.ctx.tenantId)),
  });

  app.get(P.flow, {
    schema: { tags: flowTags, summary: 'One flow', params: IdParam, response: { 200: envelope(Flow) } },
    config: { access: access.permission('oaApprovalFlow:view') },
    handler: async (req) => ok(await getFlow(deps.db, req.ctx.tenantId, req.params.id)),
  });

  app.post(P.flowAdd, {
    schema: {
      tags: flowTags,
      summary: 'Set up the flow of a business type (one per type: 400 when it has one)',
      body: FlowInput,
      response: { 200: envelope(Flow) },
    },
    config: { access: access.permission('oaApprovalFlow:add'), audit: { targetType: 'approvalFlow' } },
    handler: async (req) => {
      const flow = await createFlow(deps, req.ctx, req.body);
      req.auditNote = { targetId: flow.id, summary: { businessType: flow.businessType, name: flow.name } };
      return ok(flow);
    },
  });

  app.put(P.flowUpdate, {
    schema: {
      tags: flowTags,
      summary: 'Save a flow as its next version (running requests keep the version they started with)',
      params: IdParam,
      body: FlowInput,
      response: { 200: envelope(Flow) },
    },
    config: { access: access.permission('oaApprovalFlow:edit'), audit: { targetType: 'approvalFlow' } },
    handler: async (req) => {
      const { before, after } = await updateFlow(deps, req.ctx, req.params.id, req.body);
      const pick = (f: Flow) => ({ name: f.name, enabled: f.enabled, steps: f.steps, copyUserIds: f.copyUserIds });
      req.auditNote = {
        targetId: after.id,
        summary: { version: after.version, ...changedFields(pick(before), pick(after)) },
      };
      return ok(after);
    },
  });

  app.delete(P.flowDelete, {
    schema: {
      tags: flowTags,
      summary: 'Delete a flow no request has used (409 otherwise: disable it)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('oaApprovalFlow:delete'), audit: { targetType: 'approvalFlow' } },
    handler: async (req) => {
      const flow = await deleteFlow(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: flow.id, summary: { businessType: flow.businessType, name: flow.name } };
      return ok(true);
    },
  });

  app.get(P.departmentHeads, {
    schema: {
      tags: flowTags,
      summary: 'The department heads (who approve the "department head" steps)',
      response: { 200: envelope(z.array(DepartmentHead)) },
    },
    config: { access: access.permission('oaApprovalFlow:view') },
    handler: async (req) => ok(await listDepartmentHeads(deps.db, req.ctx.tenantId)),
  });

  app.put(P.departmentHeadSet, {
    schema: {
      tags: flowTags,
      summary: "Name a department's head (an active employee), or remove him with null",
      params: IdParam,
      body: DepartmentHeadInput,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('oaApprovalFlow:edit'), audit: { targetType: 'department' } },
    handler: async (req) => {
      const dept = await setDepartmentHead(deps, req.ctx, req.params.id, req.body.userId);
      req.auditNote = { targetId: dept.id, summary: { department: dept.name, headUserId: req.body.userId } };
      return ok(true);
    },
  });

  app.get(P.requests, {
    schema: {
      tags,
      summary: 'The approval centre: started by me (mine), waiting for me, handled by me, copied to me',
      querystring: RequestListQuery,
      response: { 200: envelope(paged(RequestRow)) },
    },
    config: { access: access.permission('oaApproval:view') },
    handler: async (req) => ok(await listRequests(deps.db, req.ctx, req.query)),
  });

  app.get(P.setting, {
    schema: {
      tags: flowTags,
      summary: "The tenant's approval settings: whether approvers also get an SMS",
      response: { 200: envelope(ApprovalSetting) },
    },
    config: { access: access.permission('oaApprovalFlow:view') },
    handler: async (req) => ok(await approvalSetting(deps, req.ctx.tenantId)),
  });

  app.put(P.setting, {
    schema: {
      tags: flowTags,
      summary: 'Change the approval settings (kept with the tenant rules, `approvalSms`)',
      body: ApprovalSetting,
      response: { 200: envelope(ApprovalSetting) },
    },
    config: {
      access: access.permission('oaApprovalFlow:edit'),
      audit: { action: 'approval.setting', targetType: 'tenant' },
    },
    handler: async (req) => {
      const { value, before, after } = await saveApprovalSetting(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.ctx.tenantId, summary: { before, after } };
      return ok(value);
    },
  });

  app.get(P.waitingCount, {
    schema: {
      tags,
      summary: 'How many requests wait for my decision (the header badge)',
      response: { 200: envelope(z.number().int()) },
    },
    config: { access: access.permission('oaApproval:view') },
    handler: async (req) => ok(await waitingCount(deps.db, req.ctx)),
  });

  app.post(P.requestPreview, {
    schema: {
      tags,
      summary: 'The steps and approvers a request of this type and amount would have (before submitting)',
      body: PreviewInput,
      response: { 200: envelope(z.array(PreviewStep)) },
    },
    config: { reads: true, access: access.permission('oaApproval:add'), audit: false },
    handler: async (req) => ok(await previewPlan(deps, req.ctx, req.body.businessType, req.body.amount)),
  });

  app.get(P.request, {
    schema: {
      tags,
      summary: 'A request with its steps, copies and history (its applicant, approvers and copied people only)',
      params: IdParam,
      response: { 200: envelope(RequestDetail) },
    },
    config: { access: access.permission('oaApproval:view') },
    handler: async (req) =>
      ok(await withFiles(deps, req.ctx.tenantId, await getRequest(deps.db, req.ctx, req.params.id))),
  });

  app.post(P.requestSave, {
    schema: {
      tags,
      summary: 'Save a new request as a draft (the form is checked; required fields only on submission)',
      body: RequestInput,
      response: { 200: envelope(RequestDetail) },
    },
    config: { access: access.permission('oaApproval:add'), audit: { targetType: 'approvalRequest' } },
    handler: async (req) => {
      const attachments = await checkAttachments(deps, req.ctx.tenantId, req.body.attachments);
      const row = await saveDraft(deps, req.ctx, { ...req.body, attachments });
      req.auditNote = { targetId: row.id, summary: { businessType: row.businessType, summary: row.summary } };
      return ok(await withFiles(deps, req.ctx.tenantId, await getRequest(deps.db, req.ctx, row.id)));
    },
  });

  app.put(P.requestUpdate, {
    schema: {
      tags,
      summary: 'Change a draft, rejected or withdrawn request of mine',
      params: IdParam,
      body: RequestInput,
      response: { 200: envelope(RequestDetail) },
    },
    config: { access: access.permission('oaApproval:add'), audit: { targetType: 'approvalRequest' } },
    handler: async (req) => {
      const attachments = await checkAttachments(deps, req.ctx.tenantId, req.body.attachments);
      const row = await updateDraft(deps, req.ctx, req.params.id, { ...req.body, attachments });
      req.auditNote = { targetId: row.id, summary: { summary: row.summary } };
      return ok(await withFiles(deps, req.ctx.tenantId, await getRequest(deps.db, req.ctx, row.id)));
    },
  });

  app.post(P.requestSubmit, {
    schema: {
      tags,
      summary: "Submit (or resubmit) a request of mine: it runs the type's current flow version",
      params: IdParam,
      response: { 200: envelope(RequestDetail) },
    },
    config: { access: access.permission('oaApproval:add'), audit: { targetType: 'approvalRequest' } },
    handler: async (req) => {
      const before = await positionOf(deps, req.ctx.tenantId, req.params.id);
      const row = await submitRequest(deps, req.ctx, req.params.id);
      // Not awaited: the answer does not wait for the SMS provider (the function logs its own failures).
      void smsNewApprovers(deps, req.ctx.tenantId, row.id, before);
      req.auditNote = { targetId: row.id, summary: { status: row.status } };
      return ok(await withFiles(deps, req.ctx.tenantId, await getRequest(deps.db, req.ctx, row.id)));
    },
  });

  app.post(P.requestWithdraw, {
    schema: {
      tags,
      summary: 'Withdraw a pending request of mine',
      params: IdParam,
      response: { 200: envelope(RequestDetail) },
    },
    config: { access: access.permission('oaApproval:add'), audit: { targetType: 'approvalRequest' } },
    handler: async (req) => {
      const row = await withdrawRequest(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: row.id, summary: { status: row.status } };
      return ok(await withFiles(deps, req.ctx.tenantId, await getRequest(deps.db, req.ctx, row.id)));
    },
  });

  app.post(P.requestDecide, {
    schema: {
      tags,
      summary:
        'Approve or reject the current step (its approvers only, once each; two deciding at once give one decision)',
      params: IdParam,
      body: DecisionInput,
      response: { 200: envelope(RequestDetail) },
    },
    config: { access: access.permission('oaApproval:audit'), audit: { targetType: 'approvalRequest' } },
    handler: async (req) => {
      const before = await positionOf(deps, req.ctx.tenantId, req.params.id);
      const row = await decideRequest(deps, req.ctx, req.params.id, req.body);
      // Not awaited: the answer does not wait for the SMS provider (the function logs its own failures).
      void smsNewApprovers(deps, req.ctx.tenantId, row.id, before);
      req.auditNote = { targetId: row.id, summary: { decision: req.body.decision, status: row.status } };
      return ok(await withFiles(deps, req.ctx.tenantId, await getRequest(deps.db, req.ctx, row.id)));
    },
  });

  app.delete(P.requestDelete, {
    schema: { tags, summary: 'Delete a draft of mine', params: IdParam, response: { 200: envelope(z.boolean()) } },
    config: { access: access.permission('oaApproval:add'), audit: { targetType: 'approvalRequest' } },
    handler: async (req) => {
      const row = await deleteDraft(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: row.id, summary: { summary: row.summary } };
      return ok(true);
    },
  });
}
