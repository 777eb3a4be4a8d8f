import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  RecipientList,
  RecipientSourceDef,
  Recipient,
  ResolveRecipients,
  SMS_MAX_RECIPIENTS,
  SMS_VARIABLES,
  SmsBatch,
  SmsBatchQuery,
  SmsMessage,
  SmsMessageQuery,
  SmsNoticePaths as P,
  SmsPreview,
  SmsPreviewRequest,
  SmsSendRequest,
  SmsSendResult,
  SmsSettings,
  SmsTemplate,
  SmsTemplateInput,
  SmsTemplateQuery,
} from '@fleetdesk/contracts/sms-notices';
import { fenToYuan } from '@fleetdesk/contracts/common';
import { access, hasPermission } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { BadRequestError, NotFoundError } from '../../core/errors.js';
import { receiveFile } from '../../core/multipart.js';
import { startOfDayIn } from '../../core/timezone.js';
import { readSheet, sheetAppError, sheetKind } from '../../core/sheet-reader/index.js';
import { sendXlsx } from '../../core/xlsx.js';
import { planService } from '../payments/payments.service.js';
import { recipientSources, recipientsOfRows, sourceTitle } from './recipients.js';
import './sms-notices.messages.js';
import * as repo from './sms-notices.repository.js';
import {
  changeTemplate,
  createTemplate,
  previewNotice,
  removeTemplate,
  resolveRecipients,
  retryBatch,
  sendNotice,
} from './sms-notices.service.js';

const tags = ['sms notices'];
const view = access.permission('oaMessage:view');
const send = access.permission('oaMessage:send');
const template = access.permission('oaMessage:template');
const exporting = access.permission('oaMessage:export');
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export async function smsNoticesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.templates, {
    schema: {
      tags,
      summary: "The tenant's SMS templates",
      querystring: SmsTemplateQuery,
      response: { 200: envelope(paged(SmsTemplate)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await repo.listTemplates(deps.db, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(P.templateCreate, {
    schema: {
      tags,
      summary: 'Create an SMS template',
      body: SmsTemplateInput,
      response: { 200: envelope(SmsTemplate) },
    },
    config: { access: template, audit: { action: 'smsTemplate.create', targetType: 'smsTemplate' } },
    handler: async (req) => {
      const created = await createTemplate(deps, req.ctx, req.body);
      req.auditNote = { targetId: created.id };
      return ok(created);
    },
  });

  app.put(P.templateUpdate, {
    schema: {
      tags,
      summary: 'Change an SMS template',
      params: IdParam,
      body: SmsTemplateInput,
      response: { 200: envelope(SmsTemplate) },
    },
    config: { access: template, audit: { action: 'smsTemplate.update', targetType: 'smsTemplate' } },
    handler: async (req) => ok(await changeTemplate(deps, req.ctx, req.params.id, req.body)),
  });

  app.delete(P.templateDelete, {
    schema: {
      tags,
      summary: 'Delete an SMS template that was never sent (otherwise disable it)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: template, audit: { action: 'smsTemplate.delete', targetType: 'smsTemplate' } },
    handler: async (req) => {
      await removeTemplate(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });

  app.get(P.variables, {
    schema: {
      tags,
      summary: 'Variables a template may use',
      response: { 200: envelope(z.array(z.object({ key: z.string(), title: z.string(), example: z.string() }))) },
    },
    config: { access: view },
    handler: async (req) =>
      ok(SMS_VARIABLES.map((v) => ({ key: v.key, title: v.title[req.lang], example: v.example }))),
  });

  app.get(P.settings, {
    schema: {
      tags,
      summary:
        "The tenant's SMS signature, daily quota and use today, price per message beyond the plan (S20) and gateway",
      response: { 200: envelope(SmsSettings) },
    },
    config: { access: view },
    handler: async (req) => {
      const s = await repo.settingsOf(deps.db, req.ctx.tenantId);
      const { unitPriceFen } = await planService(deps.db, req.ctx.tenantId, 'S20');
      const usedToday = await repo.usedSince(deps.db, req.ctx.tenantId, startOfDayIn(s.timeZone, deps.clock.now()));
      return ok({
        signature: s.signature,
        dailyQuota: s.dailyQuota,
        usedToday,
        segmentPrice: fenToYuan(unitPriceFen ?? 0),
        provider: deps.sms.provider.name,
        sandbox: deps.sms.sandbox,
      });
    },
  });

  app.get(P.sources, {
    schema: {
      tags,
      summary: 'Recipient sources the caller may use, with their filters',
      response: { 200: envelope(z.array(RecipientSourceDef)) },
    },
    config: { access: send },
    handler: async (req) => {
      const usable = recipientSources().filter(
        (s) => !s.permission || hasPermission(req.ctx.permissions, s.permission),
      );
      return ok(
        await Promise.all(
          usable.map(async (s) => ({
            key: s.key,
            title: sourceTitle(s.key, req.lang),
            variables: s.variables,
            filters: await s.filters(deps, req.ctx),
          })),
        ),
      );
    },
  });

  app.post(P.resolve, {
    schema: {
      tags,
      summary: 'The recipients a source gives for a filter',
      body: ResolveRecipients,
      response: { 200: envelope(z.array(Recipient)) },
    },
    config: { reads: true, access: send, audit: false },
    handler: async (req) => ok(await resolveRecipients(deps, req.ctx, req.body.source, req.body.filter)),
  });

  app.post(P.parse, {
    schema: {
      tags,
      summary:
        'Recipients of an uploaded .xlsx or .csv (header row: 手机号/phone, 姓名/name, 车牌/plate, 金额/amount, 到期日/dueDate)',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(RecipientList) },
    },
    config: { access: send, audit: false },
    handler: async (req) => {
      const file = await receiveFile(req, UPLOAD_MAX_BYTES, async (f) => {
        const chunks: Buffer[] = [];
        for await (const chunk of f.stream) chunks.push(chunk as Buffer);
        return { name: f.filename, buffer: Buffer.concat(chunks) };
      });
      const kind = sheetKind(file.buffer, file.name);
      if (!kind) throw new BadRequestError('sms.fileUnreadable');
      let rows: string[][];
      try {
        // The shared reader (core/sheet-reader): off the request thread, stopping past the row cap.
        rows = (await readSheet(file.buffer, kind, { maxRows: SMS_MAX_RECIPIENTS + 2 })).map((r) => r.cells);
      } catch (err) {
        req.log.info({ err, fileName: file.name }, 'uploaded sheet not read');
        throw sheetAppError(
          err,
          {
            unreadable: 'sms.fileUnreadable',
            tooManyRows: 'sms.tooManyRows',
            tooManyColumns: 'sms.tooManyColumns',
            cellTooLong: 'sms.cellTooLong',
            tooLarge: 'sms.sheetTooLarge',
            timeout: 'sms.readTimeout',
          },
          { max: SMS_MAX_RECIPIENTS },
        );
      }
      if (rows.length > SMS_MAX_RECIPIENTS + 1)
        throw new BadRequestError('sms.tooManyRows', { max: SMS_MAX_RECIPIENTS });
      return ok(recipientsOfRows(rows));
    },
  });

  app.post(P.preview, {
    schema: {
      tags,
      summary:
        'Count, segments, cost, quota and per-recipient texts of a notice, with the recipients that cannot be sent to',
      body: SmsPreviewRequest,
      response: { 200: envelope(SmsPreview) },
    },
    config: { reads: true, access: send, audit: false },
    handler: async (req) => ok(await previewNotice(deps, req.ctx, req.body)),
  });

  app.post(P.send, {
    schema: {
      tags,
      summary:
        'Send a notice as a background task (category 1); refused before anything is sent if a recipient is invalid or the quota is short',
      body: SmsSendRequest,
      response: { 200: envelope(SmsSendResult) },
    },
    config: { access: send, audit: { action: 'smsNotice.send', targetType: 'smsBatch' } },
    handler: async (req) => {
      const result = await sendNotice(deps, req.ctx, req.body);
      req.auditNote = {
        targetId: result.batchId,
        summary: { content: req.body.content, recipients: req.body.recipients.length, source: req.body.source },
      };
      return ok(result);
    },
  });

  app.get(P.batches, {
    schema: {
      tags,
      summary: 'History of SMS notices, newest first',
      querystring: SmsBatchQuery,
      response: { 200: envelope(paged(SmsBatch)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await repo.listBatches(deps.db, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.batchesExport, {
    schema: {
      tags,
      summary: 'The history as .xlsx (same filters)',
      querystring: SmsBatchQuery.omit({ pageNum: true, pageSize: true }),
    },
    config: { access: exporting },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      return sendXlsx(
        reply,
        zh ? '短信发送记录.xlsx' : 'sms-notices.xlsx',
        zh ? '发送记录' : 'Notices',
        [
          { header: zh ? '编号' : 'No.', width: 8, value: (b) => b.id },
          { header: zh ? '发送时间' : 'Sent at', width: 20, value: (b) => b.createdAt },
          { header: zh ? '发送人' : 'By', value: (b) => b.createdByName },
          { header: zh ? '内容' : 'Content', width: 50, value: (b) => b.content },
          { header: zh ? '来源' : 'Source', value: (b) => sourceTitle(b.source, req.lang) },
          { header: zh ? '总数' : 'Total', width: 8, value: (b) => b.total },
          { header: zh ? '成功' : 'Sent', width: 8, value: (b) => b.sent },
          { header: zh ? '失败' : 'Failed', width: 8, value: (b) => b.failed },
          { header: zh ? '计费条数' : 'Segments', width: 10, value: (b) => b.segments },
          { header: zh ? '费用(元)' : 'Cost (yuan)', width: 10, value: (b) => b.cost },
          { header: zh ? '状态' : 'State', value: (b) => b.state },
        ],
        repo.allBatches(deps.db, req.ctx, req.query),
      );
    },
  });

  app.get(P.batch, {
    schema: { tags, summary: 'One notice with its counts', params: IdParam, response: { 200: envelope(SmsBatch) } },
    config: { access: view },
    handler: async (req) => {
      const batch = await repo.getBatch(deps.db, req.ctx, req.params.id);
      if (!batch) throw new NotFoundError();
      return ok(batch);
    },
  });

  app.get(P.batchMessages, {
    schema: {
      tags,
      summary: "A notice's messages with each recipient's status (sent, failed with the reason, retried)",
      params: IdParam,
      querystring: SmsMessageQuery,
      response: { 200: envelope(paged(SmsMessage)) },
    },
    config: { access: view },
    handler: async (req) => {
      if (!(await repo.getBatch(deps.db, req.ctx, req.params.id))) throw new NotFoundError();
      const { rows, total } = await repo.listMessages(deps.db, req.ctx, req.params.id, req.query, req.lang);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.batchExport, {
    schema: {
      tags,
      summary: "A notice's messages as .xlsx",
      params: IdParam,
      querystring: SmsMessageQuery.omit({ pageNum: true, pageSize: true }),
    },
    config: { access: exporting },
    handler: async (req, reply) => {
      if (!(await repo.getBatch(deps.db, req.ctx, req.params.id))) throw new NotFoundError();
      const zh = req.lang === 'zh-CN';
      const statusText: Record<string, string> = zh
        ? { queued: '发送中', sent: '已发送', failed: '失败', retried: '已重发' }
        : { queued: 'Sending', sent: 'Sent', failed: 'Failed', retried: 'Retried' };
      return sendXlsx(
        reply,
        zh ? `短信明细-${req.params.id}.xlsx` : `sms-notice-${req.params.id}.xlsx`,
        zh ? '明细' : 'Messages',
        [
          { header: zh ? '手机号' : 'Phone', width: 14, value: (m) => m.phone },
          { header: zh ? '姓名' : 'Name', value: (m) => m.recipientName },
          { header: zh ? '内容' : 'Content', width: 60, value: (m) => m.content },
          { header: zh ? '状态' : 'Status', width: 10, value: (m) => statusText[m.status] },
          { header: zh ? '失败原因' : 'Reason', width: 30, value: (m) => m.reason },
          { header: zh ? '平台返回' : 'Provider answer', width: 30, value: (m) => m.error },
          { header: zh ? '计费条数' : 'Segments', width: 10, value: (m) => m.segments },
          { header: zh ? '发送时间' : 'Sent at', width: 22, value: (m) => m.sentAt },
        ],
        repo.allMessages(deps.db, req.ctx, req.params.id, req.query, req.lang),
      );
    },
  });

  app.post(P.batchRetry, {
    schema: {
      tags,
      summary: "Send a finished notice's failed messages again, as a new notice",
      params: IdParam,
      response: { 200: envelope(SmsSendResult) },
    },
    config: { access: send, audit: { action: 'smsNotice.retry', targetType: 'smsBatch' } },
    handler: async (req) => ok(await retryBatch(deps, req.ctx, req.params.id)),
  });

  app.get(P.outbox, {
    schema: {
      tags,
      summary: "The tenant's SMS as the gateway got them (the sandbox outbox), newest first",
      querystring: SmsMessageQuery,
      response: { 200: envelope(paged(SmsMessage)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await repo.listMessages(deps.db, req.ctx, null, req.query, req.lang);
      return ok(page(rows, total, req.query));
    },
  });
}
