import { and, eq, inArray, sql } from 'drizzle-orm';
import { fenToYuan } from '@fleetdesk/contracts/common';
import {
  renderTemplate,
  smsSegments,
  type Recipient,
  type SmsPreview,
  type SmsSendRequest,
  type SmsTemplateInput,
} from '@fleetdesk/contracts/sms-notices';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import { hasPermission, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { mapLimit } from '../../core/map-limit.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UpstreamTimeoutError,
} from '../../core/errors.js';
import type { ItemOutcome, TaskItem, TaskKind, TaskRunContext } from '../../core/tasks.js';
import { startOfDayIn } from '../../core/timezone.js';
import { localDate, monthBounds } from '../../core/tenant-time.js';
import type { DbOrTx } from '../../core/db.js';
import { charge, planService } from '../payments/payments.service.js';
import { smsMessages } from '../../db/schema/platform.js';
import { smsBatches, smsTemplates } from '../../db/schema/sms-notices.js';
import {
  addRecipientSource,
  checkRecipients,
  normalisePhone,
  recipientSource,
  type CheckedRecipient,
  type RecipientSource,
} from './recipients.js';
import * as repo from './sms-notices.repository.js';

/**
 * Plugs a recipient source (drivers, customers...) into the SMS notice screen, from the area's `register.ts`.
 * The answer takes it out again (a test's own source).
 */
export function registerRecipientSource(source: RecipientSource): () => void {
  return addRecipientSource(source);
}
export type { RecipientSource };
export { normalisePhone };

export const SMS_TASK_KIND = 'sms.notice';
const PREVIEWS = 20;
const SEND_CONCURRENCY = 16;

interface SmsItem {
  phone: string;
  name: string | null;
  text: string;
  segments: number;
  template: string | null;
  params: Record<string, string>;
}

interface Prepared {
  valid: CheckedRecipient[];
  invalid: ReturnType<typeof checkRecipients>['invalid'];
  items: SmsItem[];
  totalSegments: number;
  /** What sending charges (S20: the messages beyond the month's included ones at the plan's price). */
  costFen: number;
  quota: { daily: number; usedToday: number; remaining: number };
  monthly: MonthlyUse;
  chargedMessages: number;
  providerTemplate: string | null;
}

/** The S20 service as the tenant's plan has it this month (the tenant's calendar month). */
interface MonthlyUse {
  included: number;
  used: number;
  left: number;
  /** Fen per message beyond the included ones; null: the plan does not offer S20. */
  unitPriceFen: number | null;
}

/**
 * The month's use of the plan's included messages: every message of the tenant's notices created this month in
 * its time zone (`monthBounds`), whoever or whatever sent them.
 */
async function monthlyUse(db: DbOrTx, tenantId: number, timeZone: string, now: Date): Promise<MonthlyUse> {
  const { from, to } = monthBounds(timeZone, localDate(timeZone, now).slice(0, 7));
  const used = await repo.usedBetween(db, tenantId, from, to);
  const { unitPriceFen, includedPerMonth } = await planService(db, tenantId, 'S20');
  return { included: includedPerMonth, used, left: Math.max(0, includedPerMonth - used), unitPriceFen };
}

/** Messages of a sending beyond what is left of the month's included ones, and their price. */
function chargeOf(count: number, m: MonthlyUse) {
  const messages = Math.max(0, count - m.left);
  return { messages, fen: messages * (m.unitPriceFen ?? 0) };
}

/** Renders the message for every valid recipient, with the tenant's signature, and prices it. */
async function prepare(deps: AppDeps, ctx: RequestContext, input: SmsSendRequest): Promise<Prepared> {
  let providerTemplate: string | null = null;
  if (input.templateId) {
    const template = await repo.findTemplate(deps.db, ctx, input.templateId);
    if (!template) throw new NotFoundError();
    if (template.status !== 'active') throw new ConflictError('sms.templateDisabled');
    providerTemplate = template.providerTemplate;
  }
  const settings = await repo.settingsOf(deps.db, ctx.tenantId);
  const company = (await repo.rentShortName(deps.db, ctx)) ?? settings.shortName;
  const { valid, invalid } = checkRecipients(input.recipients, input.content, { company });
  const items = valid.map((r) => {
    const text = `【${settings.signature}】${renderTemplate(input.content, r.values)}`;
    return {
      phone: r.phone,
      name: r.name,
      text,
      segments: smsSegments(text).segments,
      template: providerTemplate,
      params: r.values,
    };
  });
  const totalSegments = items.reduce((s, i) => s + i.segments, 0);
  const now = deps.clock.now();
  const usedToday = await repo.usedSince(deps.db, ctx.tenantId, startOfDayIn(settings.timeZone, now));
  const monthly = await monthlyUse(deps.db, ctx.tenantId, settings.timeZone, now);
  const charged = chargeOf(items.length, monthly);
  return {
    valid,
    invalid,
    items,
    totalSegments,
    costFen: charged.fen,
    quota: { daily: settings.dailyQuota, usedToday, remaining: Math.max(0, settings.dailyQuota - usedToday) },
    monthly,
    chargedMessages: charged.messages,
    providerTemplate,
  };
}

export async function previewNotice(deps: AppDeps, ctx: RequestContext, input: SmsSendRequest): Promise<SmsPreview> {
  const p = await prepare(deps, ctx, input);
  return {
    count: p.items.length,
    invalid: p.invalid,
    totalSegments: p.totalSegments,
    cost: fenToYuan(p.costFen),
    quota: p.quota,
    monthly: {
      included: p.monthly.included,
      used: p.monthly.used,
      left: p.monthly.left,
      unitPrice: p.monthly.unitPriceFen === null ? null : fenToYuan(p.monthly.unitPriceFen),
    },
    chargedMessages: p.chargedMessages,
    previews: p.items
      .slice(0, PREVIEWS)
      .map((i) => ({ phone: i.phone, name: i.name, text: i.text, ...smsSegments(i.text) })),
  };
}

/** Refuses before anything is sent: invalid numbers or missing variables (400), or over the quota (409). */
function ensureSendable(p: Prepared): void {
  const blocking = p.invalid.filter((i) => i.reason !== 'duplicate');
  if (blocking.length) {
    throw new BadRequestError(
      'sms.invalidRecipients',
      { count: blocking.length },
      blocking.slice(0, 100).map((i) => ({
        path: `recipients.${i.row - 1}.phone`,
        message: i.reason === 'invalidPhone' ? 'sms.invalidPhone' : 'sms.missingValue',
      })),
    );
  }
  if (!p.items.length) throw new BadRequestError('sms.noRecipients');
  if (p.items.length > p.quota.remaining) {
    throw new ConflictError('sms.quotaExceeded', {
      quota: p.quota.daily,
      used: p.quota.usedToday,
      count: p.items.length,
    });
  }
}

/**
 * Creates the batch and its category-1 task in one transaction, then dispatches the task. The messages beyond
 * the month's included ones are charged in that transaction through `charge()` as S20 (reference: the batch),
 * counted again under a per-tenant lock so that two sendings cannot both use the last included messages; a
 * balance too low (409 `payments.insufficientBalance`) refuses the sending and nothing is sent.
 */
async function startBatch(
  deps: AppDeps,
  ctx: RequestContext,
  p: Prepared,
  meta: {
    content: string;
    templateId: number | null;
    source: string;
    retryOf?: number;
    beforeCommit?: (tx: Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0]) => Promise<void>;
  },
) {
  const { batchId, task } = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`smsCharge:${ctx.tenantId}`}))`);
    const now = deps.clock.now();
    const settings = await repo.settingsOf(tx, ctx.tenantId);
    const charged = chargeOf(p.items.length, await monthlyUse(tx, ctx.tenantId, settings.timeZone, now));
    const created = await insertBatch(deps, tx, ctx, { ...p, costFen: charged.fen }, meta);
    if (charged.messages > 0) {
      await charge(
        tx,
        { tenantId: ctx.tenantId, userId: ctx.userId },
        'S20',
        charged.messages,
        { type: 'smsBatch', id: String(created.batchId) },
        { now, description: meta.content.slice(0, 40) },
      );
    }
    if (meta.beforeCommit) await meta.beforeCommit(tx);
    return created;
  });
  await deps.tasks.dispatch(task);
  return { batchId, taskId: task.id, targetId: task.targetId };
}

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/** The batch and its category-1 task, inside the caller's transaction (dispatch the task after the commit). */
async function insertBatch(
  deps: AppDeps,
  tx: Tx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  p: Pick<Prepared, 'items' | 'totalSegments' | 'costFen'>,
  meta: { content: string; templateId: number | null; source: string; retryOf?: number },
) {
  const [batch] = await tx
    .insert(smsBatches)
    .values({
      tenantId: ctx.tenantId,
      templateId: meta.templateId,
      content: meta.content,
      source: meta.source,
      total: p.items.length,
      segments: p.totalSegments,
      costFen: p.costFen,
      retryOf: meta.retryOf ?? null,
      createdBy: ctx.userId,
      createdAt: deps.clock.now(),
    })
    .returning({ id: smsBatches.id });
  const task = await deps.tasks.create<SmsItem>(tx, ctx, {
    kind: SMS_TASK_KIND,
    targetId: `smsBatch:${batch!.id}`,
    title: meta.content.slice(0, 40),
    items: p.items,
  });
  await tx
    .update(smsBatches)
    .set({ taskId: task.id })
    .where(and(eq(smsBatches.tenantId, ctx.tenantId), eq(smsBatches.id, batch!.id)));
  return { batchId: batch!.id, task };
}

/** A template a system job texts with (`sms_templates.purpose`), created with its default text when missing. */
export async function purposeTemplate(
  deps: AppDeps,
  tenantId: number,
  purpose: string,
  fallback: { name: string; content: string },
) {
  await deps.db
    .insert(smsTemplates)
    .values({ tenantId, purpose, name: fallback.name, content: fallback.content })
    .onConflictDoNothing({ target: [smsTemplates.tenantId, smsTemplates.purpose], where: sql`purpose is not null` });
  const [row] = await deps.db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.tenantId, tenantId), eq(smsTemplates.purpose, purpose)));
  return row!;
}

/** The tenant's signature, price, time zone and what is left of today's quota (for a system job's notice). */
export async function systemSendingState(deps: AppDeps, tenantId: number) {
  const settings = await repo.settingsOf(deps.db, tenantId);
  const usedToday = await repo.usedSince(deps.db, tenantId, startOfDayIn(settings.timeZone, deps.clock.now()));
  return { ...settings, remaining: Math.max(0, settings.dailyQuota - usedToday) };
}

/**
 * A notice a system job sends (no request behind it), inside the job's transaction: every recipient's text is
 * rendered from the template with the tenant's signature; numbers that are not mainland mobiles, repeated
 * numbers and recipients missing a variable are left out (answered as `invalid`). Answers null when nobody is
 * left. The caller dispatches `task` after its commit. `ctx.userId` is the user the batch is recorded under.
 */
export async function createSystemNotice(
  deps: AppDeps,
  tx: Tx,
  ctx: Pick<RequestContext, 'tenantId' | 'userId'>,
  input: {
    template: { id: number; content: string; providerTemplate: string | null };
    source: string;
    recipients: Recipient[];
    signature: string;
    segmentPriceFen: number;
    defaults: Record<string, string>;
  },
) {
  const { valid, invalid } = checkRecipients(input.recipients, input.template.content, input.defaults);
  if (!valid.length) return { created: null, invalid, items: [] as SmsItem[] };
  const items: SmsItem[] = valid.map((r) => {
    const text = `【${input.signature}】${renderTemplate(input.template.content, r.values)}`;
    return {
      phone: r.phone,
      name: r.name,
      text,
      segments: smsSegments(text).segments,
      template: input.template.providerTemplate,
      params: r.values,
    };
  });
  const totalSegments = items.reduce((s, i) => s + i.segments, 0);
  const created = await insertBatch(
    deps,
    tx,
    ctx,
    { items, totalSegments, costFen: totalSegments * input.segmentPriceFen },
    { content: input.template.content, templateId: input.template.id, source: input.source },
  );
  return { created, invalid, items };
}

export async function sendNotice(deps: AppDeps, ctx: RequestContext, input: SmsSendRequest) {
  if (input.source !== 'manual' && input.source !== 'upload') {
    const source = recipientSource(input.source);
    if (!source) throw new BadRequestError('sms.unknownSource');
    if (source.permission && !hasPermission(ctx.permissions, source.permission)) throw new ForbiddenError();
  }
  const p = await prepare(deps, ctx, input);
  ensureSendable(p);
  return startBatch(deps, ctx, p, {
    content: input.content,
    templateId: input.templateId ?? null,
    source: input.source,
  });
}

/** Sends the failed messages of a finished batch again, as a new batch; the old ones read "retried". */
export async function retryBatch(deps: AppDeps, ctx: RequestContext, batchId: number) {
  const batch = await repo.getBatch(deps.db, ctx, batchId);
  if (!batch) throw new NotFoundError();
  if (batch.state === 'queued' || batch.state === 'running') throw new ConflictError('sms.batchRunning');
  const failed = await repo.failedMessages(deps.db, ctx, batchId);
  if (!failed.length) throw new ConflictError('sms.nothingToRetry');
  const settings = await repo.settingsOf(deps.db, ctx.tenantId);
  const items: SmsItem[] = failed.map((m) => ({
    phone: m.phone,
    name: m.recipientName,
    text: m.content,
    segments: m.segments,
    template: m.template,
    params: (m.params as Record<string, string> | null) ?? {},
  }));
  const totalSegments = items.reduce((s, i) => s + i.segments, 0);
  const now = deps.clock.now();
  const usedToday = await repo.usedSince(deps.db, ctx.tenantId, startOfDayIn(settings.timeZone, now));
  const monthly = await monthlyUse(deps.db, ctx.tenantId, settings.timeZone, now);
  const charged = chargeOf(items.length, monthly);
  const p: Prepared = {
    valid: [],
    invalid: [],
    items,
    totalSegments,
    costFen: charged.fen,
    quota: { daily: settings.dailyQuota, usedToday, remaining: Math.max(0, settings.dailyQuota - usedToday) },
    monthly,
    chargedMessages: charged.messages,
    providerTemplate: items[0]?.template ?? null,
  };
  ensureSendable(p);
  return startBatch(deps, ctx, p, {
    content: batch.content,
    templateId: null,
    source: batch.source,
    retryOf: batchId,
    beforeCommit: (tx) =>
      repo.markRetried(
        tx,
        ctx,
        failed.map((m) => m.id),
        deps.clock.now(),
      ),
  });
}

export async function resolveRecipients(
  deps: AppDeps,
  ctx: RequestContext,
  key: string,
  filter: Record<string, string | string[]>,
): Promise<Recipient[]> {
  const source = recipientSource(key);
  if (!source) throw new BadRequestError('sms.unknownSource');
  if (source.permission && !hasPermission(ctx.permissions, source.permission)) throw new ForbiddenError();
  return source.resolve(deps, ctx, filter);
}

export async function createTemplate(deps: AppDeps, ctx: RequestContext, input: SmsTemplateInput) {
  return repo.toTemplate(await repo.insertTemplate(deps.db, ctx, input, deps.clock.now()));
}

export async function changeTemplate(deps: AppDeps, ctx: RequestContext, id: number, input: SmsTemplateInput) {
  const row = await repo.updateTemplate(deps.db, ctx, id, input, deps.clock.now());
  if (!row) throw new NotFoundError();
  return repo.toTemplate(row);
}

export async function removeTemplate(deps: AppDeps, ctx: RequestContext, id: number) {
  if (!(await repo.findTemplate(deps.db, ctx, id))) throw new NotFoundError();
  if (await repo.templateUsed(deps.db, ctx, id)) throw new ConflictError('sms.templateInUse');
  await repo.deleteTemplate(deps.db, ctx, id);
}

/**
 * The SMS notice task. Each item's message row is created first (keyed by task and item), then handed to
 * the gateway, then its answer recorded. A batch that comes again after a crash finds its rows: answered
 * ones are not sent again, and one left in between is checked with the gateway (`findSent`).
 */
export function smsTaskKind(deps: AppDeps): TaskKind<SmsItem> {
  return {
    kind: SMS_TASK_KIND,
    category: TaskCategory.sms,
    // About twenty progress steps for a small notice, 200 messages a batch for a large one.
    batchSize: (total) => Math.min(200, Math.max(5, Math.ceil(total / 20))),
    async process(ctx: TaskRunContext, items: TaskItem<SmsItem>[]): Promise<ItemOutcome[]> {
      const { task } = ctx;
      const batchId = Number(task.targetId.split(':')[1]);
      const keyOf = (seq: number) => `sms:${task.tenantId}:${task.id}:${seq}`;
      const now = deps.clock.now();
      const inserted = await deps.db
        .insert(smsMessages)
        .values(
          items.map((i) => ({
            tenantId: task.tenantId,
            provider: deps.sms.provider.name,
            phone: i.payload.phone,
            content: i.payload.text,
            template: i.payload.template,
            params: i.payload.params,
            status: 'queued',
            idempotencyKey: keyOf(i.seq),
            batchId,
            recipientName: i.payload.name,
            segments: i.payload.segments,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ key: smsMessages.idempotencyKey });
      const fresh = new Set(inserted.map((r) => r.key));
      const rows = await deps.db
        .select({
          id: smsMessages.id,
          key: smsMessages.idempotencyKey,
          status: smsMessages.status,
          error: smsMessages.error,
          createdAt: smsMessages.createdAt,
        })
        .from(smsMessages)
        .where(
          inArray(
            smsMessages.idempotencyKey,
            items.map((i) => keyOf(i.seq)),
          ),
        );
      const byKey = new Map(rows.map((r) => [r.key, r]));

      type Answer = { id: number; status: 'sent' | 'failed'; error: string | null; providerId: string | null };
      const answers = await mapLimit(items, SEND_CONCURRENCY, async (item): Promise<Answer | null> => {
        const row = byKey.get(keyOf(item.seq))!;
        if (row.status !== 'queued') return null;
        if (!fresh.has(row.key)) {
          const found = await deps.sms.provider.findSent(row.key!, item.payload.phone, row.createdAt);
          if (found === 'sent') return { id: row.id, status: 'sent', error: null, providerId: null };
          if (found === 'unknown')
            return {
              id: row.id,
              status: 'failed',
              error: 'delivery unknown after a restart; not sent again',
              providerId: null,
            };
        }
        try {
          const r = await deps.sms.provider.send({
            phone: item.payload.phone,
            content: item.payload.text,
            template: item.payload.template ?? undefined,
            params: item.payload.params,
            outId: row.key!,
          });
          return r.ok
            ? { id: row.id, status: 'sent', error: null, providerId: r.providerMessageId }
            : { id: row.id, status: 'failed', error: r.error, providerId: null };
        } catch (err) {
          const error =
            err instanceof UpstreamTimeoutError ? 'gateway timed out; delivery unknown' : (err as Error).message;
          return { id: row.id, status: 'failed', error, providerId: null };
        }
      });
      const changed = answers.filter((a): a is Answer => a !== null);
      if (changed.length) {
        const values = sql.join(
          changed.map((a) => sql`(${a.id}::bigint, ${a.status}::text, ${a.error}::text, ${a.providerId}::text)`),
          sql`, `,
        );
        await deps.db.execute(sql`
          update sms_messages as m set status = v.status, error = v.error, provider_message_id = v.pid,
            sent_at = case when v.status = 'sent' then ${deps.clock.now()}::timestamptz else null end
          from (values ${values}) as v(id, status, error, pid) where m.id = v.id`);
      }
      const finalById = new Map(changed.map((a) => [a.id, a]));
      return items.map((item) => {
        const row = byKey.get(keyOf(item.seq))!;
        const a = finalById.get(row.id);
        const status = a?.status ?? row.status;
        const error = a ? a.error : row.error;
        return status === 'sent'
          ? { ok: true, result: { messageId: row.id } }
          : { ok: false, error: error ?? 'failed', result: { messageId: row.id } };
      });
    },
    async finish(ctx, counts) {
      const batchId = Number(ctx.task.targetId.split(':')[1]);
      await deps.db
        .update(smsBatches)
        .set({ finishedAt: deps.clock.now() })
        .where(and(eq(smsBatches.tenantId, ctx.task.tenantId), eq(smsBatches.id, batchId)));
      return { sent: counts.success, failed: counts.failed, batchId };
    },
  };
}
