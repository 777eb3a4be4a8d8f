import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  DispatchInput,
  HandoverPaths as P,
  InspectionState,
  ReturnInput,
  Settlement,
  SettlementInput,
  SettlementPayInput,
  UsagePeriod,
  UsagePeriodQuery,
} from '@fleetdesk/contracts/handover';
import { PaymentLine } from '@fleetdesk/contracts/rental-contracts';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { dispatchInspection, inspectionState, listUsagePeriods, returnInspection } from './handover.service.js';
import { getSettlement, paySettlementLine, saveSettlement, submitSettlement } from './settlement.service.js';
import { registerDocumentRoutes } from './documents.routes.js';
import { storeAfterCommit } from './attachments.service.js';

const tags = ['contracts'];
const can = (e: string) => access.permission(`rentContract:${e}`);
const audit = { targetType: 'rentContract' };

/** Handover of a contract's car (issue 16): inspections, usage periods, settlement, documents. */
export async function handoverRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.inspections, {
    schema: {
      tags,
      summary: "A contract's dispatch and return inspections, and which of them may be made now",
      params: IdParam,
      response: { 200: envelope(InspectionState) },
    },
    config: { access: can('view') },
    handler: async (req) => ok(await inspectionState(deps, req.ctx, req.params.id)),
  });

  app.post(P.dispatch, {
    schema: {
      tags,
      summary: 'Dispatch inspection: opens the usage period of the car for the driver (signed, undispatched contract)',
      params: IdParam,
      body: DispatchInput,
      response: { 200: envelope(InspectionState) },
    },
    config: { access: can('dispatch'), audit: { ...audit, action: 'handover.dispatch' } },
    handler: async (req) => ok(await dispatchInspection(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.giveBack, {
    schema: {
      tags,
      summary: 'Return inspection with the damage deduction: closes the usage period, the car goes back to idle',
      params: IdParam,
      body: ReturnInput,
      response: { 200: envelope(InspectionState) },
    },
    config: { access: can('return'), audit: { ...audit, action: 'handover.return' } },
    handler: async (req) => {
      const state = await returnInspection(deps, req.ctx, req.params.id, req.body);
      // After the return's transaction: the return sheet as an attachment (a failure is logged, not fatal).
      await storeAfterCommit(deps, req.ctx, req.params.id, 'returnSheet', 'return');
      return ok(state);
    },
  });

  app.get(P.carUsage, {
    schema: {
      tags,
      summary: "A car's usage periods (who had it when), newest first",
      querystring: UsagePeriodQuery,
      response: { 200: envelope(paged(UsagePeriod)) },
    },
    config: { access: access.permission('rentCar:view') },
    handler: async (req) => {
      const { rows, total } = await listUsagePeriods(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.settlement, {
    schema: {
      tags,
      summary: "A contract's settlement (or the proposal before one is saved)",
      params: IdParam,
      response: { 200: envelope(Settlement) },
    },
    config: { access: can('view') },
    handler: async (req) => ok(await getSettlement(deps, req.ctx, req.params.id)),
  });

  app.post(P.saveSettlement, {
    schema: {
      tags,
      summary: 'Save the settlement: deductions and amounts owed back against the deposit received',
      params: IdParam,
      body: SettlementInput,
      response: { 200: envelope(Settlement) },
    },
    config: { access: can('settle'), audit: { ...audit, action: 'handover.settlement.save' } },
    handler: async (req) => ok(await saveSettlement(deps, req.ctx, req.params.id, req.body)),
  });

  app.post(P.submitSettlement, {
    schema: {
      tags,
      summary: 'Send the settlement for approval (business type settlement)',
      params: IdParam,
      response: { 200: envelope(Settlement) },
    },
    config: { access: can('settle'), audit: { ...audit, action: 'handover.settlement.submit' } },
    handler: async (req) => {
      const settlement = await submitSettlement(deps, req.ctx, req.params.id);
      // A flow without an applicable step approves at once: the statement is stored as after an approval.
      if (settlement.state === 'approved') {
        await storeAfterCommit(deps, req.ctx, req.params.id, 'settlement', 'settlement');
      }
      return ok(settlement);
    },
  });

  app.post(P.paySettlement, {
    schema: {
      tags,
      summary:
        "Pay an approved settlement's line in full: the deposit refund out of an account (also needs " +
        'rentContract:refund), or the settlement fee into it',
      params: IdParam,
      body: SettlementPayInput,
      response: { 200: envelope(PaymentLine) },
    },
    config: {
      access: access.permission('rentContract:collect'),
      audit: { action: 'handover.settlement.pay', targetType: 'rentContract' },
    },
    handler: async (req) => ok(await paySettlementLine(deps, req.ctx, req.params.id, req.body)),
  });

  registerDocumentRoutes(app, deps);
}
