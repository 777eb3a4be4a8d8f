import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, Id, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  CommissionRule,
  CommissionRuleInput,
  StatementComputeInput,
  StatementListQuery,
  TeamCommissionPaths as P,
  TeamStatement,
  TeamStatementDetail,
} from '@fleetdesk/contracts/team-performance';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import {
  computeStatement,
  getRule,
  getStatement,
  listStatements,
  saveRule,
  submitStatement,
} from './commission.service.js';

const tags = ['teams'];
const view = access.permission('teams:view');
const edit = access.permission('teams:edit');

/** Commission rules and monthly statements (docs/teams.md, "Commission and statements"). */
export async function commissionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.rule, {
    schema: {
      tags,
      summary: "A fleet or team's commission rule (none yet: all zero, disabled)",
      params: z.object({ teamId: Id }),
      response: { 200: envelope(CommissionRule) },
    },
    config: { access: view },
    handler: async (req) => ok(await getRule(deps, req.ctx, req.params.teamId)),
  });

  app.put(P.ruleSave, {
    schema: {
      tags,
      summary: "Sets a node's commission rule",
      body: CommissionRuleInput,
      response: { 200: envelope(CommissionRule) },
    },
    config: { access: edit, audit: { targetType: 'team' } },
    handler: async (req) => {
      const rule = await saveRule(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.body.teamId, summary: req.body };
      return ok(rule);
    },
  });

  app.get(P.statements, {
    schema: {
      tags,
      summary: 'Monthly statements of the nodes the caller sees, newest month first',
      querystring: StatementListQuery,
      response: { 200: envelope(paged(TeamStatement)) },
    },
    config: { access: view },
    handler: async (req) => ok(await listStatements(deps, req.ctx, req.query)),
  });

  app.get(P.statement, {
    schema: {
      tags,
      summary: 'One statement with its rule and its drivers',
      params: IdParam,
      response: { 200: envelope(TeamStatementDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await getStatement(deps, req.ctx, req.params.id)),
  });

  app.post(P.compute, {
    schema: {
      tags,
      summary: "Computes a node's statement of a finished month (again, while draft or rejected)",
      body: StatementComputeInput,
      response: { 200: envelope(TeamStatementDetail) },
    },
    config: { access: edit, audit: { targetType: 'teamStatement' } },
    handler: async (req) => {
      const statement = await computeStatement(deps, req.ctx, req.body);
      req.auditNote = { targetId: statement.id, summary: { ...req.body, net: statement.net } };
      return ok(statement);
    },
  });

  app.post(P.submit, {
    schema: {
      tags,
      summary: 'Sends a draft or rejected statement for approval (teamStatement)',
      params: IdParam,
      response: { 200: envelope(TeamStatement) },
    },
    config: { access: edit, audit: { targetType: 'teamStatement' } },
    handler: async (req) => {
      const statement = await submitStatement(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: statement.id };
      return ok(statement);
    },
  });
}
