import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, type Lang } from '@fleetdesk/contracts/common';
import {
  templateVariables,
  type SmsBatch,
  type SmsBatchQuery,
  type SmsMessage,
  type SmsMessageQuery,
  type SmsTemplate,
  type SmsTemplateInput,
  type SmsTemplateQuery,
} from '@fleetdesk/contracts/sms-notices';
import type { RequestContext } from '../../core/access.js';
import type { DbOrTx } from '../../core/db.js';
import { smsFailureReason } from '../../core/providers/sms-failures.js';
import { offsetOf } from '../../core/envelope.js';
import { containsPattern } from '../../core/like.js';
import { users } from '../../db/schema/identity.js';
import { smsMessages } from '../../db/schema/platform.js';
import { smsBatches, smsSettings, smsTemplates } from '../../db/schema/sms-notices.js';
import { taskProgress } from '../../db/schema/tasks.js';
import { rents, tenants } from '../../db/schema/tenancy.js';

type TemplateRow = typeof smsTemplates.$inferSelect;
export function toTemplate(r: TemplateRow): SmsTemplate {
  return {
    id: r.id,
    name: r.name,
    content: r.content,
    providerTemplate: r.providerTemplate,
    status: r.status as SmsTemplate['status'],
    variables: templateVariables(r.content),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listTemplates(db: DbOrTx, ctx: RequestContext, q: z.infer<typeof SmsTemplateQuery>) {
  const where: SQL[] = [eq(smsTemplates.tenantId, ctx.tenantId)];
  if (q.keyword) where.push(ilike(smsTemplates.name, containsPattern(q.keyword)));
  if (q.status) where.push(eq(smsTemplates.status, q.status));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smsTemplates)
      .where(cond)
      .orderBy(desc(smsTemplates.updatedAt), desc(smsTemplates.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(smsTemplates).where(cond),
  ]);
  return { rows: rows.map(toTemplate), total: total?.n ?? 0 };
}

export async function findTemplate(db: DbOrTx, ctx: RequestContext, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.tenantId, ctx.tenantId), eq(smsTemplates.id, id)));
  return row;
}

export async function insertTemplate(db: DbOrTx, ctx: RequestContext, input: SmsTemplateInput, now: Date) {
  const [row] = await db
    .insert(smsTemplates)
    .values({
      tenantId: ctx.tenantId,
      ...input,
      providerTemplate: input.providerTemplate ?? null,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function updateTemplate(db: DbOrTx, ctx: RequestContext, id: number, input: SmsTemplateInput, now: Date) {
  const [row] = await db
    .update(smsTemplates)
    .set({ ...input, providerTemplate: input.providerTemplate ?? null, updatedAt: now })
    .where(and(eq(smsTemplates.tenantId, ctx.tenantId), eq(smsTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.delete(smsTemplates).where(and(eq(smsTemplates.tenantId, ctx.tenantId), eq(smsTemplates.id, id)));
}

export async function templateUsed(db: DbOrTx, ctx: RequestContext, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: smsBatches.id })
    .from(smsBatches)
    .where(and(eq(smsBatches.tenantId, ctx.tenantId), eq(smsBatches.templateId, id)))
    .limit(1);
  return !!row;
}

export const DEFAULT_DAILY_QUOTA = 1000;
export const DEFAULT_SEGMENT_PRICE_FEN = 5;

/** The tenant's SMS settings (defaults until the platform sets them), with its time zone and short name. */
export async function settingsOf(db: DbOrTx, tenantId: number) {
  const [row] = await db
    .select({
      signature: smsSettings.signature,
      dailyQuota: smsSettings.dailyQuota,
      segmentPriceFen: smsSettings.segmentPriceFen,
      shortName: tenants.shortName,
      timeZone: tenants.timeZone,
    })
    .from(tenants)
    .leftJoin(smsSettings, eq(smsSettings.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  return {
    signature: row?.signature ?? row?.shortName ?? 'Fleetdesk',
    dailyQuota: row?.dailyQuota ?? DEFAULT_DAILY_QUOTA,
    segmentPriceFen: row?.segmentPriceFen ?? DEFAULT_SEGMENT_PRICE_FEN,
    timeZone: row?.timeZone ?? 'Asia/Shanghai',
    shortName: row?.shortName ?? '',
  };
}

/** Messages the tenant's notices have taken of today's quota: every batch started since `dayStart`. */
export async function usedSince(db: DbOrTx, tenantId: number, dayStart: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${smsBatches.total}), 0)::int` })
    .from(smsBatches)
    .where(and(eq(smsBatches.tenantId, tenantId), gte(smsBatches.createdAt, dayStart)));
  return row?.n ?? 0;
}

/** Messages of the tenant's notices created in [from, to) (every batch counts its recipients). */
export async function usedBetween(db: DbOrTx, tenantId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${smsBatches.total}), 0)::int` })
    .from(smsBatches)
    .where(and(eq(smsBatches.tenantId, tenantId), gte(smsBatches.createdAt, from), lt(smsBatches.createdAt, to)));
  return Number(row?.n ?? 0);
}

export async function rentShortName(db: DbOrTx, ctx: RequestContext): Promise<string | undefined> {
  if (!ctx.rentId) return undefined;
  const [row] = await db
    .select({ s: rents.shortName })
    .from(rents)
    .where(and(eq(rents.tenantId, ctx.tenantId), eq(rents.id, ctx.rentId)));
  return row?.s;
}

const batchColumns = {
  batch: smsBatches,
  state: taskProgress.state,
  successNum: taskProgress.successNum,
  failNum: taskProgress.failNum,
  processedNum: taskProgress.processedNum,
  createdByName: users.name,
};

type BatchJoin = {
  batch: typeof smsBatches.$inferSelect;
  state: string | null;
  successNum: number | null;
  failNum: number | null;
  processedNum: number | null;
  createdByName: string | null;
};

function toBatch(r: BatchJoin): SmsBatch {
  const b = r.batch;
  return {
    id: b.id,
    content: b.content,
    source: b.source,
    total: b.total,
    sent: r.successNum ?? 0,
    failed: r.failNum ?? 0,
    pending: b.total - (r.processedNum ?? 0),
    segments: b.segments,
    cost: fenToYuan(b.costFen),
    retryOf: b.retryOf,
    taskId: b.taskId,
    state: (r.state ?? 'queued') as SmsBatch['state'],
    createdBy: b.createdBy,
    createdByName: r.createdByName ?? '',
    createdAt: b.createdAt.toISOString(),
    finishedAt: b.finishedAt?.toISOString() ?? null,
  };
}

function batchQuery(db: DbOrTx) {
  return db
    .select(batchColumns)
    .from(smsBatches)
    .leftJoin(taskProgress, and(eq(taskProgress.tenantId, smsBatches.tenantId), eq(taskProgress.id, smsBatches.taskId)))
    .leftJoin(users, and(eq(users.tenantId, smsBatches.tenantId), eq(users.id, smsBatches.createdBy)));
}

function batchWhere(
  ctx: RequestContext,
  q: Omit<z.infer<typeof SmsBatchQuery>, 'pageNum' | 'pageSize'>,
): SQL | undefined {
  const where: SQL[] = [eq(smsBatches.tenantId, ctx.tenantId)];
  if (q.from) where.push(gte(smsBatches.createdAt, new Date(q.from)));
  if (q.to) where.push(lt(smsBatches.createdAt, new Date(q.to)));
  if (q.createdBy) where.push(eq(smsBatches.createdBy, q.createdBy));
  if (q.keyword) where.push(ilike(smsBatches.content, containsPattern(q.keyword)));
  if (q.state) where.push(eq(taskProgress.state, q.state));
  return and(...where);
}

export async function listBatches(db: DbOrTx, ctx: RequestContext, q: z.infer<typeof SmsBatchQuery>) {
  const cond = batchWhere(ctx, q);
  const [rows, [total]] = await Promise.all([
    batchQuery(db)
      .where(cond)
      .orderBy(desc(smsBatches.createdAt), desc(smsBatches.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(smsBatches)
      .leftJoin(
        taskProgress,
        and(eq(taskProgress.tenantId, smsBatches.tenantId), eq(taskProgress.id, smsBatches.taskId)),
      )
      .where(cond),
  ]);
  return { rows: rows.map(toBatch), total: total?.n ?? 0 };
}

/** Every batch matching the filter, page by page (for the export). */
export async function* allBatches(
  db: DbOrTx,
  ctx: RequestContext,
  q: Omit<z.infer<typeof SmsBatchQuery>, 'pageNum' | 'pageSize'>,
) {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await batchQuery(db)
      .where(and(batchWhere(ctx, q), lt(smsBatches.id, before)))
      .orderBy(desc(smsBatches.id))
      .limit(500);
    if (!rows.length) return;
    for (const r of rows) yield toBatch(r);
    before = rows.at(-1)!.batch.id;
  }
}

export async function getBatch(db: DbOrTx, ctx: RequestContext, id: number): Promise<SmsBatch | undefined> {
  const [row] = await batchQuery(db).where(and(eq(smsBatches.tenantId, ctx.tenantId), eq(smsBatches.id, id)));
  return row ? toBatch(row) : undefined;
}

type MessageRow = typeof smsMessages.$inferSelect;
export function toMessage(r: MessageRow, lang: Lang): SmsMessage {
  const status = r.status === 'failed' && r.retriedAt ? 'retried' : (r.status as SmsMessage['status']);
  return {
    id: r.id,
    phone: r.phone,
    recipientName: r.recipientName,
    content: r.content,
    status,
    error: r.error,
    reason: smsFailureReason(r.error, lang),
    segments: r.segments,
    provider: r.provider,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

function messageWhere(
  ctx: RequestContext,
  batchId: number | null,
  q: Omit<z.infer<typeof SmsMessageQuery>, 'pageNum' | 'pageSize'>,
) {
  const where: SQL[] = [eq(smsMessages.tenantId, ctx.tenantId)];
  if (batchId !== null) where.push(eq(smsMessages.batchId, batchId));
  if (q.phone) where.push(ilike(smsMessages.phone, containsPattern(q.phone)));
  if (q.status === 'retried') where.push(eq(smsMessages.status, 'failed'), isNotNull(smsMessages.retriedAt));
  else if (q.status === 'failed') where.push(eq(smsMessages.status, 'failed'), isNull(smsMessages.retriedAt));
  else if (q.status) where.push(eq(smsMessages.status, q.status));
  return and(...where);
}

export async function listMessages(
  db: DbOrTx,
  ctx: RequestContext,
  batchId: number | null,
  q: z.infer<typeof SmsMessageQuery>,
  lang: Lang,
) {
  const cond = messageWhere(ctx, batchId, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smsMessages)
      .where(cond)
      .orderBy(batchId === null ? desc(smsMessages.id) : asc(smsMessages.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(smsMessages).where(cond),
  ]);
  return { rows: rows.map((r) => toMessage(r, lang)), total: total?.n ?? 0 };
}

export async function* allMessages(
  db: DbOrTx,
  ctx: RequestContext,
  batchId: number,
  q: Omit<z.infer<typeof SmsMessageQuery>, 'pageNum' | 'pageSize'>,
  lang: Lang,
) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(smsMessages)
      .where(and(messageWhere(ctx, batchId, q), gt(smsMessages.id, after)))
      .orderBy(asc(smsMessages.id))
      .limit(1000);
    if (!rows.length) return;
    for (const r of rows) yield toMessage(r, lang);
    after = rows.at(-1)!.id;
  }
}

/** Failed messages of a batch that no later batch has sent again. */
export async function failedMessages(db: DbOrTx, ctx: RequestContext, batchId: number) {
  return db
    .select()
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.tenantId, ctx.tenantId),
        eq(smsMessages.batchId, batchId),
        eq(smsMessages.status, 'failed'),
        isNull(smsMessages.retriedAt),
      ),
    )
    .orderBy(asc(smsMessages.id));
}

export async function markRetried(db: DbOrTx, ctx: RequestContext, ids: number[], now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(smsMessages)
      .set({ retriedAt: now })
      .where(and(eq(smsMessages.tenantId, ctx.tenantId), inArray(smsMessages.id, ids.slice(i, i + 1000))));
  }
}
