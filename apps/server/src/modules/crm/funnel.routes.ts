import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@fleetdesk/contracts/common';
import { CrmPaths as P, Funnel, FunnelQuery } from '@fleetdesk/contracts/crm';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { sendXlsxBook } from '../../core/xlsx.js';
import { funnelReport, funnelSheets } from './funnel.service.js';

const tags = ['crm'];

/** The CRM funnel report and its workbook (docs/crm.md, "The funnel"). */
export async function funnelRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.reportFunnel, {
    schema: {
      tags,
      summary: 'The funnel by month created (tenant zone, at most 24 months): sources, states, won, pool, owners',
      querystring: FunnelQuery,
      response: { 200: envelope(Funnel) },
    },
    config: { access: access.permission('crm:view') },
    handler: async (req) => ok(await funnelReport(deps, req.ctx, req.query)),
  });

  app.get(P.reportExport, {
    schema: {
      tags,
      summary: 'The funnel as .xlsx: sheets by month, by source, by owner',
      querystring: FunnelQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { access: access.permission('crm:export') },
    handler: async (req, reply) => {
      const f = await funnelReport(deps, req.ctx, req.query);
      const name = req.ctx.lang === 'zh-CN' ? '线索漏斗' : 'crm-funnel';
      return sendXlsxBook(reply, `${name}-${f.from}-${f.to}.xlsx`, funnelSheets(req.ctx.lang, f));
    },
  });
}
