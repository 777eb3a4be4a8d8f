import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged, YearMonth } from '@fleetdesk/contracts/common';
import {
  DriverRanking,
  DriverRankingQuery,
  FlowDay,
  FlowDaysQuery,
  FlowPlatform,
  FlowSync,
  FlowSyncInput,
  PlatformAccounts,
  PlatformSetup,
  RankingWeights,
  TeamMonth,
  TeamMonthQuery,
  TeamPerformancePaths as P,
} from '@fleetdesk/contracts/team-performance';
import { Id } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { sendXlsx } from '../../core/xlsx.js';
import {
  driverRanking,
  flowDays,
  rankingColumns,
  rankingRows,
  rankingWeights,
  saveWeights,
  teamMonths,
  todayOf,
} from './performance.service.js';
import { listSyncs, platformSetup, savePlatformAccounts, syncForUser } from './flow-sync.service.js';

const tags = ['teams'];
const view = access.permission('teams:view');

/** Fleet performance (docs/teams.md, "Performance"): platform days, the month's ranking, nodes' months, weights. */
export async function performanceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.days, {
    schema: {
      tags,
      summary: "The drivers' platform days (imported or fetched), newest first",
      querystring: FlowDaysQuery,
      response: { 200: envelope(paged(FlowDay)) },
    },
    config: { access: view },
    handler: async (req) => ok(await flowDays(deps, req.ctx, req.query)),
  });

  app.get(P.drivers, {
    schema: {
      tags,
      summary: "A month's ranking of the drivers of a node (or of every fleet) by the tenant's weights",
      querystring: DriverRankingQuery,
      response: { 200: envelope(DriverRanking) },
    },
    config: { access: view },
    handler: async (req) => ok(await driverRanking(deps, req.ctx, req.query)),
  });

  app.get(P.teams, {
    schema: {
      tags,
      summary: "Each fleet and team's month, summed over the drivers now in it",
      querystring: TeamMonthQuery,
      response: { 200: envelope(z.array(TeamMonth)) },
    },
    config: { access: view },
    handler: async (req) => ok(await teamMonths(deps, req.ctx, req.query)),
  });

  app.get(P.export, {
    schema: {
      tags,
      summary: "The month's ranking as .xlsx",
      querystring: z.object({ month: YearMonth, teamId: Id.optional() }),
    },
    config: { access: access.permission('teams:export') },
    handler: async (req, reply) => {
      const rows = await rankingRows(deps, req.ctx, req.query.month, req.query.teamId);
      const title = req.lang === 'zh-CN' ? '司机绩效排名' : 'Driver ranking';
      const today = await todayOf(deps, req.ctx.tenantId);
      return sendXlsx(
        reply,
        `${title}-${req.query.month}-${today}.xlsx`,
        title,
        rankingColumns(req.lang),
        (async function* () {
          yield* rows;
        })(),
      );
    },
  });

  app.get(P.weights, {
    schema: { tags, summary: "The tenant's ranking weights", response: { 200: envelope(RankingWeights) } },
    config: { access: view },
    handler: async (req) => ok(await rankingWeights(deps, req.ctx.tenantId)),
  });

  app.put(P.weights, {
    schema: {
      tags,
      summary: "Sets the tenant's ranking weights (0-100 each, at least one above 0)",
      body: RankingWeights,
      response: { 200: envelope(RankingWeights) },
    },
    config: { access: access.permission('teams:edit'), audit: { targetType: 'settings' } },
    handler: async (req) => {
      const { weights, before, after } = await saveWeights(deps, req.ctx, req.body);
      req.auditNote = { summary: { before, after } };
      return ok(weights);
    },
  });

  app.get(P.platforms, {
    schema: {
      tags,
      summary: "The fleet's platform accounts, the server's flow adapter, and each platform's last sync",
      response: { 200: envelope(PlatformSetup) },
    },
    config: { access: view },
    handler: async (req) => ok(await platformSetup(deps, req.ctx.tenantId)),
  });

  app.put(P.platforms, {
    schema: {
      tags,
      summary: "Sets the fleet's platform accounts (one per platform)",
      body: PlatformAccounts,
      response: { 200: envelope(PlatformSetup) },
    },
    config: { access: access.permission('teams:edit'), audit: { targetType: 'settings' } },
    handler: async (req) => {
      const { setup, before, after } = await savePlatformAccounts(deps, req.ctx, req.body);
      req.auditNote = { summary: { before, after } };
      return ok(setup);
    },
  });

  app.post(P.sync, {
    schema: {
      tags,
      summary: "Syncs some days (31 at most, today or earlier) of a platform's driver flows through its adapter",
      description:
        "The days of the caller's drivers (active, in his rents and a leader's teams) are written as the import " +
        'writes them (source `api`); phones the fleet does not know are counted. A failure of the platform is ' +
        'recorded as a failed sync and answered 409 `teams.syncFailed`.',
      body: FlowSyncInput,
      response: { 200: envelope(FlowSync) },
    },
    config: { access: access.permission('teams:import'), audit: { targetType: 'teamFlowSync' } },
    handler: async (req) => {
      const done = await syncForUser(deps, req.ctx, req.body);
      req.auditNote = { targetId: done.id, summary: { ...req.body, written: done.written, unknown: done.unknown } };
      return ok(done);
    },
  });

  app.get(P.syncs, {
    schema: {
      tags,
      summary: 'The platform syncs, newest first',
      querystring: z.object({
        platform: FlowPlatform.optional(),
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(10),
      }),
      response: { 200: envelope(z.object({ records: z.array(FlowSync), total: z.number().int() })) },
    },
    config: { access: view },
    handler: async (req) => ok(await listSyncs(deps, req.ctx.tenantId, req.query)),
  });
}
