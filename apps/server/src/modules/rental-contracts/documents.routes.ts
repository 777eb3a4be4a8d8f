import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import {
  ContractAttachment,
  ContractDocument,
  DOCUMENT_KINDS,
  DocumentParams,
  DocumentTemplate,
  DocumentTemplateInput,
  HandoverPaths as P,
  ReceiptParams,
  TemplateParams,
  TemplatePaths as T,
} from '@fleetdesk/contracts/handover';
import { access } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ok } from '../../core/envelope.js';
import { sendPdf } from '../../core/pdf.js';
import { lineInScope } from './rental-contracts.service.js';
import { listAttachments, storeDocument } from './attachments.service.js';
import { contractDocument, lineReceipt, templatePreview } from './documents.service.js';
import { contractInspections, contractInScope } from './handover.service.js';
import { getSettlement } from './settlement.service.js';
import { listTemplates, resetTemplate, saveTemplate } from './templates.service.js';

const tags = ['contracts'];

/** The documents tab: which documents exist, and each as PDF (`rentContract:print`). */
export function registerDocumentRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(P.documents, {
    schema: {
      tags,
      summary: "A contract's documents and whether each can be made now",
      params: IdParam,
      response: { 200: envelope(z.array(ContractDocument)) },
    },
    config: { access: access.permission('rentContract:view') },
    handler: async (req) => {
      await contractInScope(deps.db, req.ctx, req.params.id);
      const [ins, settlement] = await Promise.all([
        contractInspections(deps, req.ctx.tenantId, req.params.id),
        getSettlement(deps, req.ctx, req.params.id),
      ]);
      const available = {
        contract: true,
        dispatchSheet: !!ins.dispatch,
        returnSheet: !!ins.return,
        settlement: settlement.id !== null,
      };
      return ok(DOCUMENT_KINDS.map((kind) => ({ kind, available: available[kind] })));
    },
  });

  app.get(P.document, {
    schema: {
      tags,
      summary: 'A contract document as PDF: contract, dispatch or return inspection sheet, settlement statement',
      params: DocumentParams,
      produces: ['application/pdf'],
    },
    config: { access: access.permission('rentContract:print') },
    handler: async (req, reply) => {
      const { fileName, data } = await contractDocument(deps, req.ctx, req.params.id, req.params.kind);
      return sendPdf(reply, fileName, data);
    },
  });
  app.get(P.receipt, {
    schema: {
      tags,
      summary:
        'The receipt of a payment line with money collected (amount in figures and Chinese capitals), as PDF; ' +
        'a refund line gives a refund voucher',
      params: ReceiptParams,
      produces: ['application/pdf'],
    },
    config: { access: access.permission('rentContract:print') },
    handler: async (req, reply) => {
      const { fileName, data } = await lineReceipt(deps, req.ctx, req.params.lineId);
      return sendPdf(reply, fileName, data);
    },
  });

  app.get(P.attachments, {
    schema: {
      tags,
      summary: "The contract's stored PDFs (every version), newest first, with who made each and when",
      params: IdParam,
      response: { 200: envelope(z.array(ContractAttachment)) },
    },
    config: { access: access.permission('rentContract:view') },
    handler: async (req) => ok(await listAttachments(deps, req.ctx, req.params.id)),
  });

  app.post(P.storeDocument, {
    schema: {
      tags,
      summary: 'Generate a contract document again and keep it as a new version of its attachment',
      params: DocumentParams,
      response: { 200: envelope(ContractAttachment) },
    },
    config: { access: access.permission('rentContract:print'), audit: { targetType: 'rentContract' } },
    handler: async (req) => ok(await storeDocument(deps, req.ctx, req.params.id, req.params.kind, 'manual')),
  });

  app.post(P.storeReceipt, {
    schema: {
      tags,
      summary: "Generate a line's receipt and keep it as an attachment of its contract (a new version)",
      params: ReceiptParams,
      response: { 200: envelope(ContractAttachment) },
    },
    config: { access: access.permission('rentContract:print'), audit: { targetType: 'rentContract' } },
    handler: async (req) => {
      const line = await lineInScope(deps.db, req.ctx, req.params.lineId);
      req.auditNote = { targetId: line.contractId };
      return ok(await storeDocument(deps, req.ctx, line.contractId, 'receipt', 'manual', line.id));
    },
  });

  // The tenant's document templates: company settings (`oaSetting:view` reads and previews, `oaSetting:edit` saves).
  const settingsTags = ['company settings'];
  const audit = { action: 'setting.documentTemplate', targetType: 'tenant' };

  app.get(T.list, {
    schema: {
      tags: settingsTags,
      summary: "The tenant's templates of the contract, settlement statement, receipt and inspection sheet",
      response: { 200: envelope(z.array(DocumentTemplate)) },
    },
    config: { access: access.permission('oaSetting:view') },
    handler: async (req) => ok(await listTemplates(deps, req.ctx)),
  });

  app.put(T.save, {
    schema: {
      tags: settingsTags,
      summary: 'Save a document template (placeholders from the fixed list only)',
      params: TemplateParams,
      body: DocumentTemplateInput,
      response: { 200: envelope(DocumentTemplate) },
    },
    config: { access: access.permission('oaSetting:edit'), audit },
    handler: async (req) => {
      const { value, before } = await saveTemplate(deps, req.ctx, req.params.kind, req.body);
      req.auditNote = { targetId: req.ctx.tenantId, summary: { kind: req.params.kind, before, after: req.body } };
      return ok(value);
    },
  });

  app.delete(T.save, {
    schema: {
      tags: settingsTags,
      summary: 'Back to the default layout of a document',
      params: TemplateParams,
      response: { 200: envelope(DocumentTemplate) },
    },
    config: {
      access: access.permission('oaSetting:edit'),
      audit: { ...audit, action: 'setting.documentTemplate.reset' },
    },
    handler: async (req) => {
      req.auditNote = { targetId: req.ctx.tenantId, summary: { kind: req.params.kind } };
      return ok(await resetTemplate(deps, req.ctx, req.params.kind));
    },
  });

  app.post(T.preview, {
    schema: {
      tags: settingsTags,
      summary: 'A template as it is being edited, printed around sample data (PDF); nothing is saved',
      params: TemplateParams,
      body: DocumentTemplateInput,
      produces: ['application/pdf'],
    },
    config: { reads: true, access: access.permission('oaSetting:view'), audit: false },
    handler: async (req, reply) => {
      const { fileName, data } = await templatePreview(deps, req.ctx, req.params.kind, req.body);
      return sendPdf(reply, fileName, data);
    },
  });
}
