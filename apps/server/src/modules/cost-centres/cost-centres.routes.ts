import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  COST_CATEGORY_TITLES,
  CostCentre,
  CostCentreInput,
  CostCentrePaths as P,
  CostReport,
  Posting,
  PostingQuery,
  ReportQuery,
} from '@fleetdesk/contracts/cost-centres';
import { access } from '../../core/access.js';
import { changedFields } from '../../core/audit.js';
import { ok } from '../../core/envelope.js';
import { sendXlsx, type XlsxColumn } from '../../core/xlsx.js';
import {
  costReport,
  createCentre,
  deleteCentre,
  listCentres,
  listPostings,
  updateCentre,
} from './cost-centres.service.js';

const tags = ['cost centres'];
const audit = { targetType: 'costCentre' };

type ReportLine = { centre: string; category: string; amounts: number[]; total: number };

/** Cost centres (成本中心): the tree, its postings, and the monthly report with its export. */
export async function costCentresRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.centres, {
    schema: {
      tags,
      summary: "The tenant's cost centres, flat (parentId makes the tree), with what is posted to each",
      response: { 200: envelope(z.array(CostCentre)) },
    },
    config: { access: access.anyOf(['oaCostCenter:view', 'oaApproval:add']) },
    handler: async (req) => ok(await listCentres(deps.db, req.ctx.tenantId)),
  });

  app.post(P.centreAdd, {
    schema: {
      tags,
      summary: 'Add a cost centre (its code is unique)',
      body: CostCentreInput,
      response: { 200: envelope(CostCentre) },
    },
    config: { access: access.permission('oaCostCenter:add'), audit },
    handler: async (req) => {
      const centre = await createCentre(deps, req.ctx, req.body);
      req.auditNote = { targetId: centre.id, summary: req.body };
      return ok(centre);
    },
  });

  app.put(P.centreUpdate, {
    schema: {
      tags,
      summary: 'Change, move, enable or disable a cost centre (not under itself or its children: 409)',
      params: IdParam,
      body: CostCentreInput,
      response: { 200: envelope(CostCentre) },
    },
    config: { access: access.permission('oaCostCenter:edit'), audit },
    handler: async (req) => {
      const { before, after } = await updateCentre(deps, req.ctx, req.params.id, req.body);
      const pick = (c: {
        name: string;
        code: string;
        kind: string;
        parentId: number | null;
        enabled: boolean;
        sort: number;
      }) => ({
        name: c.name,
        code: c.code,
        kind: c.kind,
        parentId: c.parentId,
        enabled: c.enabled,
        sort: c.sort,
      });
      req.auditNote = { targetId: after.id, summary: changedFields(pick(before), pick(after)) };
      return ok(after);
    },
  });

  app.delete(P.centreDelete, {
    schema: {
      tags,
      summary: 'Delete a cost centre without children and postings (409 otherwise)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('oaCostCenter:delete'), audit },
    handler: async (req) => {
      const centre = await deleteCentre(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: centre.id, summary: { code: centre.code, name: centre.name } };
      return ok(true);
    },
  });

  app.get(P.postings, {
    schema: {
      tags,
      summary: 'Costs posted, newest first (a centre includes everything under it)',
      querystring: PostingQuery,
      response: { 200: envelope(paged(Posting)) },
    },
    config: { access: access.permission('oaCostCenter:view') },
    handler: async (req) => ok(await listPostings(deps.db, req.ctx.tenantId, req.query)),
  });

  app.get(P.report, {
    schema: {
      tags,
      summary: 'Monthly costs per centre (with its children) and per category (at most 24 months)',
      querystring: ReportQuery,
      response: { 200: envelope(CostReport) },
    },
    config: { access: access.permission('oaCostCenter:view') },
    handler: async (req) => ok(await costReport(deps.db, req.ctx.tenantId, req.query)),
  });

  app.post(P.reportExport, {
    schema: {
      tags,
      summary: 'The monthly report as .xlsx: one line per centre, then the categories (streamed)',
      body: ReportQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { reads: true, access: access.permission('oaCostCenter:export'), audit },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      const report = await costReport(deps.db, req.ctx.tenantId, req.body);
      const lines: ReportLine[] = [
        ...report.centres.map((c) => ({
          centre: c.name,
          category: zh ? '全部' : 'All',
          amounts: c.amounts,
          total: c.total,
        })),
        ...report.categories.map((c) => ({
          centre: zh ? '按类别' : 'By category',
          category: COST_CATEGORY_TITLES[c.category][req.lang],
          amounts: c.amounts,
          total: c.total,
        })),
      ];
      const columns: XlsxColumn<ReportLine>[] = [
        { header: zh ? '成本中心' : 'Cost centre', value: (l) => l.centre, width: 20 },
        { header: zh ? '类别' : 'Category', value: (l) => l.category, width: 14 },
        ...report.months.map((m, i) => ({ header: m, value: (l: ReportLine) => l.amounts[i] ?? 0, width: 12 })),
        { header: zh ? '合计（元）' : 'Total (yuan)', value: (l) => l.total, width: 14 },
      ];
      async function* rows() {
        yield* lines;
      }
      const title = zh ? '成本报表' : 'Cost report';
      return sendXlsx(reply, `${title}-${req.body.from}-${req.body.to}.xlsx`, title, columns, rows());
    },
  });
}
