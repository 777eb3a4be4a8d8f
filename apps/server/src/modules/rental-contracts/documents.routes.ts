import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam } from '@fleetdesk/contracts/common';
import { ContractDocument, DOCUMENT_KINDS, DocumentParams, HandoverPaths as P, ReceiptParams } from '@fleetdesk/contracts/handover';
import { access } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ok } from '../../core/envelope.js';
import { sendPdf } from '../../core/pdf.js';
import { contractDocument, lineReceipt } from './documents.service.js';
import { contractInspections, contractInScope } from './handover.service.js';
import { getSettlement } from './settlement.service.js';

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
  })
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
}
