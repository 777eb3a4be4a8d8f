import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  CloseRiskCaseInput,
  ContractRiskSummary,
  GpsRiskPaths as P,
  ProposeFuelCutInput,
  RiskBoard,
  RiskCaseDetail,
  RiskCaseQuery,
  RiskCaseRow,
} from '@fleetdesk/contracts/gps-risk';
import { access } from '../../../core/access.js';
import { ok } from '../../../core/envelope.js';
import { caseDetail, closeCase, contractRiskSummary, listCases, proposeFuelCut, riskBoard } from './risk.service.js';

const tags = ['gps'];
const VIEW = 'riskGpsMap:view';
const RISK = 'riskGpsMap:risk';
const audit = { targetType: 'gpsRiskCase' };

/** GPS risk engine (issue 18): the risk board, cases, fuel-cut proposals and closing. */
export async function gpsRiskRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.board, {
    schema: {
      tags,
      summary: 'Risk board: cases per state and rule, the open cases of the caller’s rents newest first',
      response: { 200: envelope(RiskBoard) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await riskBoard(deps, req.ctx)),
  });

  app.get(P.caseList, {
    schema: {
      tags,
      summary: 'Risk cases of the caller’s rents, newest first (filters: state, rule, open, keyword, rent, car)',
      querystring: RiskCaseQuery,
      response: { 200: envelope(paged(RiskCaseRow)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listCases(deps, req.ctx, req.query)),
  });

  app.get(P.caseDetail, {
    schema: {
      tags,
      summary: 'One risk case with its evidence (alarms, positions, overdue bills) and every step',
      params: IdParam,
      response: { 200: envelope(RiskCaseDetail) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await caseDetail(deps, req.ctx, req.params.id)),
  });

  app.post(P.proposeFuelCut, {
    schema: {
      tags,
      summary: 'Propose a fuel cut: starts an approval of business type fuelCut; approved, the command is queued',
      params: IdParam,
      body: ProposeFuelCutInput,
      response: { 200: envelope(RiskCaseDetail) },
    },
    config: { access: access.permission(RISK), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id, summary: { proposeFuelCut: req.body.reason } };
      return ok(await proposeFuelCut(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.post(P.close, {
    schema: {
      tags,
      summary: 'Close a risk case (debt paid, car recovered, or dismissed with a note)',
      params: IdParam,
      body: CloseRiskCaseInput,
      response: { 200: envelope(RiskCaseDetail) },
    },
    config: { access: access.permission(RISK), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id, summary: { close: req.body.reason, note: req.body.note ?? null } };
      return ok(await closeCase(deps, req.ctx, req.params.id, req.body));
    },
  });

  app.get(P.contractSummary, {
    schema: {
      tags,
      summary:
        'A contract’s risk summary: overdue rent of its group; with riskGpsMap:view the car’s open case and last position with its address',
      params: IdParam,
      response: { 200: envelope(ContractRiskSummary) },
    },
    // The contract's page shows it; the case and the position only to a caller who may see the risk screens.
    config: { access: access.anyOf(['rentContract:view', VIEW]) },
    handler: async (req) => ok(await contractRiskSummary(deps, req.ctx, req.params.id)),
  });
}
