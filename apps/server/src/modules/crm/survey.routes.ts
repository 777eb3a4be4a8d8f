import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  InviteListQuery,
  InviteRow,
  PersonAnswer,
  PersonAnswersQuery,
  PublicSurvey,
  SurveyDetail,
  SurveyInput,
  SurveyLinkParams,
  SurveyListQuery,
  SurveyPaths as P,
  SurveyResults,
  SurveyRow,
  SurveySendAnswer,
  SurveySendInput,
  SurveySubmission,
  SurveySubmissionAnswer,
  SurveyUpdateInput,
  SurveyVersionInput,
} from '@fleetdesk/contracts/surveys';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { sendXlsxBook } from '../../core/xlsx.js';
import { countSurveyCall, openSurvey, submitSurvey } from './survey-open.service.js';
import { surveyResults, surveyWorkbook } from './survey-results.service.js';
import {
  createSurvey,
  deleteSurvey,
  getSurvey,
  listInvites,
  listSurveys,
  moveSurvey,
  personAnswers,
  sendSurvey,
  updateSurvey,
} from './surveys.service.js';

const tags = ['crm'];
const view = access.permission('crm:view');
const edit = access.permission('crm:edit');
const audit = { targetType: 'survey' };

/** Surveys (问卷): definitions, sending, invitations, results (docs/crm.md, "Surveys"). */
export async function surveyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.list, {
    schema: {
      tags,
      summary: "The company's surveys, newest first (state, keyword in the title)",
      querystring: SurveyListQuery,
      response: { 200: envelope(paged(SurveyRow)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listSurveys(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.get, {
    schema: {
      tags,
      summary: 'One survey with its questions',
      params: IdParam,
      response: { 200: envelope(SurveyDetail) },
    },
    config: { access: view },
    handler: async (req) => ok(await getSurvey(deps, req.ctx, req.params.id)),
  });

  app.post(P.save, {
    schema: { tags, summary: 'A new survey (draft)', body: SurveyInput, response: { 200: envelope(SurveyDetail) } },
    config: { access: access.permission('crm:add'), audit },
    handler: async (req) => {
      const s = await createSurvey(deps, req.ctx, req.body);
      req.auditNote = { targetId: s.id };
      return ok(s);
    },
  });

  app.put(P.save, {
    schema: {
      tags,
      summary:
        'Changes a survey at its version (409 when it moved): a draft entirely, a published one its title and intro only',
      body: SurveyUpdateInput,
      response: { 200: envelope(SurveyDetail) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.body.id };
      return ok((await updateSurvey(deps, req.ctx, req.body)).value);
    },
  });

  app.post(P.delete, {
    schema: {
      tags,
      summary: 'Deletes a survey nobody was invited to (409 otherwise: close it)',
      params: IdParam,
      response: { 200: envelope(SurveyDetail) },
    },
    config: { access: access.permission('crm:delete'), audit },
    handler: async (req) => {
      req.auditNote = { targetId: req.params.id };
      return ok(await deleteSurvey(deps, req.ctx, req.params.id));
    },
  });

  for (const [path, to, summary] of [
    [P.publish, 'published', 'Publishes a draft (it can then be sent and answered)'],
    [P.close, 'closed', 'Closes a published survey (its links answer 410)'],
  ] as const) {
    app.post(path, {
      schema: { tags, summary, params: IdParam, body: SurveyVersionInput, response: { 200: envelope(SurveyDetail) } },
      config: { access: edit, audit },
      handler: async (req) => {
        req.auditNote = { targetId: req.params.id };
        return ok(await moveSurvey(deps, req.ctx, req.params.id, to, req.body?.version));
      },
    });
  }

  app.post(P.send, {
    schema: {
      tags,
      summary:
        'Sends a published survey to drivers and leads of the caller’s scope: one invite and personal link each, one SMS notice',
      params: IdParam,
      body: SurveySendInput,
      response: { 200: envelope(SurveySendAnswer) },
    },
    config: { access: access.permission('crm:send'), audit },
    handler: async (req) => {
      const sent = await sendSurvey(deps, req.ctx, req.params.id, req.body);
      req.auditNote = { targetId: req.params.id, summary: { invites: sent.invites, noticeId: sent.noticeId } };
      return ok(sent);
    },
  });

  app.get(P.invites, {
    schema: {
      tags,
      summary: "A survey's invitations with their derived state (sent, opened, answered, expired)",
      params: IdParam,
      querystring: InviteListQuery,
      response: { 200: envelope(paged(InviteRow)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listInvites(deps, req.ctx, req.params.id, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.results, {
    schema: {
      tags,
      summary: 'Results: totals and, per question, option and score counts, the average rating, the latest texts',
      params: IdParam,
      response: { 200: envelope(SurveyResults) },
    },
    config: { access: view },
    handler: async (req) => ok(await surveyResults(deps, req.ctx, req.params.id)),
  });

  app.get(P.export, {
    schema: {
      tags,
      summary: 'The answers (a row per submission, a column per question) and the summary as .xlsx',
      params: IdParam,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { access: access.permission('crm:export') },
    handler: async (req, reply) => {
      const { survey, sheets } = await surveyWorkbook(deps, req.ctx, req.params.id);
      const name = req.ctx.lang === 'zh-CN' ? '问卷结果' : 'survey-results';
      return sendXlsxBook(reply, `${name}-${survey.title}.xlsx`, sheets);
    },
  });

  app.get(P.answers, {
    schema: {
      tags,
      summary: "A driver's or a lead's submitted answers, newest first (the driver's and the lead's page)",
      querystring: PersonAnswersQuery,
      response: { 200: envelope(z.array(PersonAnswer)) },
    },
    config: { access: access.anyOf(['crm:view', 'rentDriver:view']) },
    handler: async (req) => ok(await personAnswers(deps, req.ctx, req.query)),
  });
}

/**
 * The open survey address `/api/open/survey/:id/:token` (no sign-in: the signed token proves the invitation).
 * Every call counts against its IP first (30 in 10 minutes), whatever it turns out to be.
 */
export async function surveyOpenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const onRequest = async (req: { ip: string }) => countSurveyCall(deps, req.ip);

  app.get(P.openSurvey, {
    schema: {
      tags: ['open'],
      summary:
        'The survey of an invitation (first opening recorded). 404 invalid link, 410 expired or closed, 409 answered',
      params: SurveyLinkParams,
      response: { 200: envelope(PublicSurvey) },
    },
    config: { access: access.public(), audit: false },
    onRequest,
    handler: async (req) => ok(await openSurvey(deps, req.params.id, req.params.token)),
  });

  app.post(P.openSurvey, {
    schema: {
      tags: ['open'],
      summary: 'Submits the answers of an invitation once (400 with an error per question id)',
      params: SurveyLinkParams,
      body: SurveySubmission,
      response: { 200: envelope(SurveySubmissionAnswer) },
    },
    config: { access: access.public(), audit: false },
    onRequest,
    handler: async (req) => ok(await submitSurvey(deps, req.params.id, req.params.token, req.body, req.ip)),
  });
}
