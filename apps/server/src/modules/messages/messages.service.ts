import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  MessageItem,
  MessageListQuery,
  MessageReadAllInput,
  MessageSmsCategories,
} from '@fleetdesk/contracts/auth';
import type { Lang } from '@fleetdesk/contracts/common';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNEL, type MessageCategory } from '@fleetdesk/contracts/messages';
import type { Recipient } from '../../core/access.js';
import { idArray, rowsOf, type DbOrTx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { invalidField, NotFoundError } from '../../core/errors.js';
import { publish } from '../../core/events.js';
import { renderStored, storedText, type KeyedText } from '../../core/i18n.js';
import { containsPattern } from '../../core/like.js';
import { users } from '../../db/schema/identity.js';
import { messageSettings, pushRecords } from '../../db/schema/messages.js';
import { tenantRules } from '../settings/settings.service.js';
import './messages.messages.js';

type PushRecordRow = typeof pushRecords.$inferSelect;
type Me = { tenantId: number; userId: number };

/**
 * A message as its reader sees it: the title and text from their keys and parameters in the reader's language;
 * a message written before texts were keys (no key) keeps the Chinese it stored.
 */
export function messageOut(r: PushRecordRow, lang: Lang): MessageItem {
  return {
    id: r.id,
    category: r.category,
    title: renderStored(lang, r.titleKey, r.titleParams, r.title),
    content: renderStored(lang, r.contentKey, r.contentParams, r.content),
    link: r.link,
    read: r.readAt !== null,
    readAt: r.readAt ? r.readAt.toISOString() : null,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

const isCategory = (id: number) => MESSAGE_CATEGORIES.some((c) => c.id === id);

/** The one check of a category named by a caller: one of `MESSAGE_CATEGORIES`, else 400 on `field`. */
function checkCategory(field: string, id: number | undefined): void {
  if (id !== undefined && !isCategory(id)) throw invalidField(field, 'messages.unknownCategory');
}

/**
 * A user's messages of a channel (of one category, if given), newest first: `state` all (not archived), unread
 * (not archived), read (not archived) or archived; `keyword` contained in the stored title or text (Chinese) or in
 * the keyed texts' parameters (plates, numbers, names).
 */
export async function listMessages(
  db: DbOrTx,
  me: Me,
  q: Pick<MessageListQuery, 'channel' | 'category' | 'state' | 'keyword' | 'pageNum' | 'pageSize'>,
  lang: Lang,
): Promise<{ rows: MessageItem[]; total: number }> {
  checkCategory('category', q.category);
  const where: SQL[] = [
    eq(pushRecords.tenantId, me.tenantId),
    eq(pushRecords.userId, me.userId),
    eq(pushRecords.channel, q.channel),
  ];
  if (q.category !== undefined) where.push(eq(pushRecords.category, q.category));
  if (q.state === 'archived') where.push(isNotNull(pushRecords.archivedAt));
  else where.push(isNull(pushRecords.archivedAt));
  if (q.state === 'unread') where.push(isNull(pushRecords.readAt));
  if (q.state === 'read') where.push(isNotNull(pushRecords.readAt));
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    where.push(
      or(
        sql`${pushRecords.title} ilike ${p}`,
        sql`${pushRecords.content} ilike ${p}`,
        sql`${pushRecords.titleParams}::text ilike ${p}`,
        sql`${pushRecords.contentParams}::text ilike ${p}`,
      )!,
    );
  }
  const rows = await db
    .select()
    .from(pushRecords)
    .where(and(...where))
    .orderBy(desc(pushRecords.createdAt), desc(pushRecords.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(pushRecords)
    .where(and(...where));
  return { rows: rows.map((r) => messageOut(r, lang)), total: total?.n ?? 0 };
}

/** Unread, not archived messages of a channel per category (the bell), in the order of `MESSAGE_CATEGORIES`. */
export async function unreadCounts(db: DbOrTx, me: Me, channel: string, lang: Lang) {
  const rows = await db
    .select({ category: pushRecords.category, num: sql<number>`count(*)::int` })
    .from(pushRecords)
    .where(
      and(
        eq(pushRecords.tenantId, me.tenantId),
        eq(pushRecords.userId, me.userId),
        eq(pushRecords.channel, channel),
        isNull(pushRecords.readAt),
        isNull(pushRecords.archivedAt),
      ),
    )
    .groupBy(pushRecords.category);
  const counts = new Map(rows.map((r) => [r.category, r.num]));
  return MESSAGE_CATEGORIES.map((c) => ({ category: c.id, name: c.name[lang], num: counts.get(c.id) ?? 0 }));
}

/** Marks one of the caller's own messages read (a read message keeps its first time); another's is 404. */
export async function markRead(deps: AppDeps, me: Me, id: number, lang: Lang): Promise<MessageItem> {
  const mine = and(eq(pushRecords.tenantId, me.tenantId), eq(pushRecords.userId, me.userId), eq(pushRecords.id, id));
  const [updated] = await deps.db
    .update(pushRecords)
    .set({ readAt: deps.clock.now() })
    .where(and(mine, isNull(pushRecords.readAt)))
    .returning();
  if (updated) return messageOut(updated, lang);
  const [row] = await deps.db.select().from(pushRecords).where(mine);
  if (!row) throw new NotFoundError();
  return messageOut(row, lang);
}

/** Marks read every unread message of the caller on a channel (of one category, if given); answers how many. */
export async function markAllRead(deps: AppDeps, me: Me, input: MessageReadAllInput): Promise<{ count: number }> {
  checkCategory('category', input.category);
  const where: SQL[] = [
    eq(pushRecords.tenantId, me.tenantId),
    eq(pushRecords.userId, me.userId),
    eq(pushRecords.channel, input.channel),
    isNull(pushRecords.readAt),
  ];
  if (input.category !== undefined) where.push(eq(pushRecords.category, input.category));
  const rows = await deps.db
    .update(pushRecords)
    .set({ readAt: deps.clock.now() })
    .where(and(...where))
    .returning({ id: pushRecords.id });
  return { count: rows.length };
}

/**
 * Marks read the unread messages of these users of one category about one thing (its link), when they no longer
 * need to act on it (an approval step another approver decided).
 */
export async function markReadAbout(
  tx: DbOrTx,
  about: { tenantId: number; userIds: readonly number[]; category: number; link: string },
  now: Date,
): Promise<void> {
  if (!about.userIds.length) return;
  await tx
    .update(pushRecords)
    .set({ readAt: now })
    .where(
      and(
        eq(pushRecords.tenantId, about.tenantId),
        inArray(pushRecords.userId, [...about.userIds]),
        eq(pushRecords.category, about.category),
        eq(pushRecords.link, about.link),
        isNull(pushRecords.readAt),
      ),
    );
}

/** A mainland mobile, shown as `138****1234`; anything else is no phone. */
function maskedMobile(phone: string | null | undefined): string | null {
  if (!phone || !/^1\d{10}$/.test(phone)) return null;
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** The categories the user also gets by SMS, and the (masked) phone they go to. */
export async function smsCategories(deps: AppDeps, me: Me): Promise<MessageSmsCategories> {
  const [row] = await deps.db
    .select({ categories: messageSettings.smsCategories, phone: users.phone })
    .from(users)
    .leftJoin(messageSettings, and(eq(messageSettings.tenantId, users.tenantId), eq(messageSettings.userId, users.id)))
    .where(and(eq(users.tenantId, me.tenantId), eq(users.id, me.userId)));
  return { categories: row?.categories ?? [], phone: maskedMobile(row?.phone) };
}

/** Saves the user's SMS categories (each one of `MESSAGE_CATEGORIES`, 400 otherwise; repeats are dropped). */
export async function saveSmsCategories(
  deps: AppDeps,
  me: Me,
  categories: readonly number[],
): Promise<{ value: MessageSmsCategories; before: number[] }> {
  categories.forEach((c, i) => checkCategory(`categories.${i}`, c));
  const chosen = MESSAGE_CATEGORIES.map((c) => c.id).filter((id) => categories.includes(id));
  const before = (await smsCategories(deps, me)).categories;
  const now = deps.clock.now();
  await deps.db
    .insert(messageSettings)
    .values({ tenantId: me.tenantId, userId: me.userId, smsCategories: chosen, updatedAt: now })
    .onConflictDoUpdate({
      target: [messageSettings.tenantId, messageSettings.userId],
      set: { smsCategories: chosen, updatedAt: now },
    });
  return { value: await smsCategories(deps, me), before };
}

/** A message-centre message to write: to one user, its texts as keys (rendered in the reader's language). */
export interface NewMessage {
  tenantId: number;
  userId: number;
  category: MessageCategory | number;
  title: KeyedText | string;
  content: KeyedText | string;
  /** What the message is about: the page of its record (a car, a bill, an approval, an alarm...). */
  link: string | null;
  /** The back-office channel unless said. */
  channel?: string;
  createdAt?: Date;
  readAt?: Date | null;
}

/**
 * The one writer of message-centre messages (DESIGN.md): reminders, approvals, alarms, bills and the demo all
 * call it, inside their own transaction. Each message whose reader chose its category for SMS
 * (`message_settings`) is announced by `message.smsDue` in the same transaction, so its SMS copy leaves only if
 * the transaction commits (`messages.smsCopies`). Answers the new messages' ids.
 */
export async function createMessages(tx: DbOrTx, messages: readonly NewMessage[]): Promise<number[]> {
  if (!messages.length) return [];
  const rows = await tx
    .insert(pushRecords)
    .values(
      messages.map((m) => {
        const title = storedText(m.title);
        const content = storedText(m.content);
        return {
          tenantId: m.tenantId,
          userId: m.userId,
          channel: m.channel ?? MESSAGE_CHANNEL,
          category: m.category,
          title: title.text,
          content: content.text,
          titleKey: title.key,
          titleParams: title.params,
          contentKey: content.key,
          contentParams: content.params,
          link: m.link,
          readAt: m.readAt ?? null,
          ...(m.createdAt ? { createdAt: m.createdAt } : {}),
        };
      }),
    )
    .returning({
      id: pushRecords.id,
      tenantId: pushRecords.tenantId,
      userId: pushRecords.userId,
      category: pushRecords.category,
      channel: pushRecords.channel,
      readAt: pushRecords.readAt,
    });
  const unread = rows.filter((r) => r.readAt === null && r.channel === MESSAGE_CHANNEL);
  if (unread.length) {
    const chosen = await tx
      .select({
        tenantId: messageSettings.tenantId,
        userId: messageSettings.userId,
        categories: messageSettings.smsCategories,
      })
      .from(messageSettings)
      .where(
        and(
          inArray(messageSettings.tenantId, [...new Set(unread.map((r) => r.tenantId))]),
          inArray(messageSettings.userId, [...new Set(unread.map((r) => r.userId))]),
          sql`cardinality(${messageSettings.smsCategories}) > 0`,
        ),
      );
    const wants = new Map(chosen.map((c) => [`${c.tenantId}:${c.userId}`, c.categories]));
    const byTenant = new Map<number, number[]>();
    for (const r of unread) {
      if (!wants.get(`${r.tenantId}:${r.userId}`)?.includes(r.category)) continue;
      const list = byTenant.get(r.tenantId);
      if (list) list.push(r.id);
      else byTenant.set(r.tenantId, [r.id]);
    }
    if (byTenant.size)
      await publish(
        tx,
        ...[...byTenant].map(([tenantId, messageIds]) => ({
          tenantId,
          name: 'message.smsDue' as const,
          payload: { messageIds },
        })),
      );
  }
  return rows.map((r) => r.id);
}

/**
 * One message per item to each recipient who sees its rent (`recipientsOf` of core/access.ts gives the list):
 * the jobs' way to tell a rent's users (reminders, alarms, bills).
 */
export async function createMessagesForRecipients(
  tx: DbOrTx,
  tenantId: number,
  recipients: readonly Recipient[],
  items: readonly (Omit<NewMessage, 'tenantId' | 'userId'> & { rentId: number })[],
): Promise<number[]> {
  const messages: NewMessage[] = [];
  for (const { rentId, ...item } of items)
    for (const r of recipients)
      if (r.rents === 'all' || r.rents.includes(rentId)) messages.push({ ...item, tenantId, userId: r.userId });
  return createMessages(tx, messages);
}

/**
 * The archive schedule: every tenant's messages older than its `messageArchiveDays` (the tenant's rules,
 * default 90) get `archived_at` (out of the bell and the default list, shown under "archived"). Idempotent.
 */
export async function archiveOldMessages(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const tenants = await rowsOf<{ tenant_id: number }>(
    deps.db,
    sql`select distinct tenant_id from push_records where archived_at is null`,
  );
  let archived = 0;
  for (const { tenant_id } of tenants) {
    const tenantId = Number(tenant_id);
    const days = (await tenantRules(deps, tenantId)).messageArchiveDays;
    const before = new Date(now.getTime() - days * 86_400_000);
    const rows = await deps.db
      .update(pushRecords)
      .set({ archivedAt: now })
      .where(and(eq(pushRecords.tenantId, tenantId), isNull(pushRecords.archivedAt), lt(pushRecords.createdAt, before)))
      .returning({ id: pushRecords.id });
    archived += rows.length;
  }
  return archived;
}

/** The messages of ids (one tenant) still without an SMS copy, with their reader's phone and choice. */
export async function smsCopiesDue(db: DbOrTx, tenantId: number, ids: readonly number[]) {
  return rowsOf<{ id: number; user_id: number; phone: string | null; title: string; content: string }>(
    db,
    sql`select p.id, p.user_id, u.phone, p.title, p.content
      from push_records p
      join users u on u.tenant_id = p.tenant_id and u.id = p.user_id and u.status = 'active'
      join message_settings s on s.tenant_id = p.tenant_id and s.user_id = p.user_id
        and p.category = any(s.sms_categories)
      where p.tenant_id = ${tenantId} and p.id = any(${idArray(ids)}) and p.sms_at is null and p.read_at is null
      order by p.id`,
  );
}
