import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged, PageQuery, type Lang } from '@fleetdesk/contracts/common';
import {
  FeedbackAnswer,
  FeedbackDeskQuery,
  FeedbackInput,
  FeedbackPaths as F,
  FeedbackRow,
} from '@fleetdesk/contracts/feedback';
import { COST_CATEGORIES, COST_CATEGORY_TITLES } from '@fleetdesk/contracts/cost-centres';
import {
  DashboardPaths as P,
  OperationFigures,
  ReportDays,
  ReportDaysQuery,
  type ReportGroup,
  type ReportPeriod,
} from '@fleetdesk/contracts/dashboard';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { translate } from '../../core/i18n.js';
import { sheetOf, sendXlsxBook, type XlsxColumn } from '../../core/xlsx.js';
import { GROUP_PERMISSIONS, reportDays } from './daily-report.service.js';
import { answerFeedback, feedbackDesk, myFeedback, OPERATOR_PERMISSION, sendFeedback } from './feedback.service.js';
import { operationFigures } from './operation.service.js';
import './dashboard.messages.js';

const tags = ['home'];
const VIEW = Object.values(GROUP_PERMISSIONS);
const EXPORT = VIEW.map((code) => code.replace(/:view$/, ':export'));

type Col = XlsxColumn<ReportPeriod>;

/** The export's columns of each group, in the caller's language. */
function columns(lang: Lang, groups: readonly ReportGroup[]): Col[] {
  const zh = lang === 'zh-CN';
  const h = (z: string, e: string) => (zh ? z : e);
  const cols: Col[] = [{ header: h('日期', 'Period'), width: 12, value: (p) => p.period }];
  if (groups.includes('fleet')) {
    cols.push(
      { header: h('车辆总数', 'Fleet'), value: (p) => p.fleet?.fleet },
      { header: h('已出租', 'Rented'), value: (p) => p.fleet?.rented },
      { header: h('空闲', 'Idle'), value: (p) => p.fleet?.idle },
      { header: h('维修中', 'In maintenance'), value: (p) => p.fleet?.maintenance },
      { header: h('出租率', 'Utilisation'), value: (p) => p.fleet?.utilisation },
    );
  }
  if (groups.includes('money')) {
    cols.push(
      { header: h('应收租金', 'Rent due'), value: (p) => p.money?.receivable.rent },
      { header: h('应收押金', 'Deposits due'), value: (p) => p.money?.receivable.deposit },
      { header: h('应收其他', 'Other due'), value: (p) => p.money?.receivable.other },
      { header: h('实收租金', 'Rent received'), value: (p) => p.money?.received.rent },
      { header: h('实收押金', 'Deposits received'), value: (p) => p.money?.received.deposit },
      { header: h('实收其他', 'Other received'), value: (p) => p.money?.received.other },
      { header: h('退款', 'Refunded'), value: (p) => p.money?.refunded },
      { header: h('新签合同', 'New contracts'), value: (p) => p.money?.newContracts },
      { header: h('发车', 'Dispatches'), value: (p) => p.money?.dispatches },
      { header: h('退车', 'Returns'), value: (p) => p.money?.returns },
    );
  }
  if (groups.includes('leads')) {
    cols.push(
      { header: h('新增线索', 'New leads'), value: (p) => p.leads?.newLeads },
      { header: h('成交', 'Conversions'), value: (p) => p.leads?.conversions },
    );
  }
  if (groups.includes('costs')) {
    for (const c of COST_CATEGORIES) {
      cols.push({ header: COST_CATEGORY_TITLES[c][lang], value: (p) => p.costs?.[c] });
    }
    cols.push({ header: h('成本合计', 'Costs in all'), value: (p) => p.costs?.total });
  }
  return cols;
}

/** The dashboard's calls (issue 37): today's figures, the daily reports and their export, feedback. */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.operation, {
    schema: {
      tags,
      summary:
        'Today’s figures of the caller’s rents for the home: cars by status, papers due, violations, drivers’ documents, contract to-dos, money due, collected and overdue, risk cases and alarms, services due. An area the caller may not read is null.',
      response: { 200: envelope(OperationFigures) },
    },
    config: { access: access.signedIn() },
    handler: async (req) => ok(await operationFigures(deps, req.ctx)),
  });

  app.get(P.reportDays, {
    schema: {
      tags,
      summary:
        'Daily reports of the caller’s rents (or one), per day or month: the fleet at the end, money due and received, contracts, handovers, leads and costs; today computed on asking. A group the caller may not read is null.',
      querystring: ReportDaysQuery,
      response: { 200: envelope(ReportDays) },
    },
    config: { access: access.anyOf(VIEW) },
    handler: async (req) => ok(await reportDays(deps, req.ctx, req.query)),
  });

  app.get(P.reportExport, {
    schema: {
      tags,
      summary: 'The same daily reports as a workbook',
      querystring: ReportDaysQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { access: access.anyOf(EXPORT) },
    handler: async (req, reply) => {
      const report = await reportDays(deps, req.ctx, req.query);
      const name = translate(req.lang, 'dashboard.exportName');
      return sendXlsxBook(reply, `${name}-${report.from}-${report.to}.xlsx`, [
        sheetOf(name, columns(req.lang, report.groups), report.periods),
      ]);
    },
  });

  const feedback = { targetType: 'feedback' };

  app.post(F.send, {
    schema: {
      tags,
      summary: `Feedback to the platform: text, screenshots (the caller's uploads of type feedback), a contact; at most 10 an hour`,
      body: FeedbackInput,
      response: { 200: envelope(FeedbackRow) },
    },
    config: { access: access.signedIn({ allowExpired: true }), audit: { action: 'add', ...feedback } },
    handler: async (req) => {
      const row = await sendFeedback(deps, req.ctx, req.body);
      req.auditNote = { targetId: row.id };
      return ok(row);
    },
  });

  app.get(F.mine, {
    schema: {
      tags,
      summary: "The caller's own feedback, newest first, with the platform's answers",
      querystring: PageQuery,
      response: { 200: envelope(paged(FeedbackRow)) },
    },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async (req) => ok(await myFeedback(deps, req.ctx, req.query)),
  });

  app.get(F.desk, {
    schema: {
      tags,
      summary: "The platform operator's desk: every tenant's feedback, newest first (403 for any other tenant's users)",
      querystring: FeedbackDeskQuery,
      response: { 200: envelope(paged(FeedbackRow)) },
    },
    config: { access: access.permission(OPERATOR_PERMISSION) },
    handler: async (req) => ok(await feedbackDesk(deps, req.ctx, req.query)),
  });

  app.put(F.answer, {
    schema: {
      tags,
      summary: 'The platform operator answers or closes a feedback',
      params: IdParam,
      body: FeedbackAnswer,
      response: { 200: envelope(FeedbackRow) },
    },
    config: { access: access.permission(OPERATOR_PERMISSION), audit: { action: 'edit', ...feedback } },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await answerFeedback(deps, req.ctx, req.params.id, req.body));
    },
  });
}
