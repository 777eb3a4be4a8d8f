import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { MessageItem } from '@fleetdesk/contracts/auth';
import type { Lang } from '@fleetdesk/contracts/common';
import type { DbOrTx } from '../../core/db.js';
import { renderStored } from '../../core/i18n.js';
import { pushRecords } from '../../db/schema/messages.js';
import './messages.messages.js';

type PushRecordRow = typeof pushRecords.$inferSelect;

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
    createdAt: r.createdAt.toISOString(),
  };
}

/** A user's messages of a channel (of one category, if given), newest first. */
export async function listMessages(
  db: DbOrTx,
  me: { tenantId: number; userId: number },
  q: { channel: string; category?: number | undefined; pageNum: number; pageSize: number },
  lang: Lang,
): Promise<{ rows: MessageItem[]; total: number }> {
  const where: SQL[] = [
    eq(pushRecords.tenantId, me.tenantId),
    eq(pushRecords.userId, me.userId),
    eq(pushRecords.channel, q.channel),
  ];
  if (q.category !== undefined) where.push(eq(pushRecords.category, q.category));
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
