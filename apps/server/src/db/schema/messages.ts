import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';

/** Messages pushed to a user (the message centre). Channel `rent_m` is the back-office channel. */
export const pushRecords = pgTable(
  'push_records',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    userId: bigintRef('user_id').notNull(),
    channel: text('channel').notNull(),
    category: integer('category').notNull(),
    /** The title and text in Chinese, as written (old rows have nothing else; readers of the keys ignore them). */
    title: text('title').notNull(),
    content: text('content').notNull(),
    /**
     * The title and text as message keys (`*.messages.ts`) and their parameters, rendered in the reader's language
     * (`renderStored` of core/i18n.ts); null on rows written before migration 0031.
     */
    titleKey: text('title_key'),
    titleParams: jsonb('title_params'),
    contentKey: text('content_key'),
    contentParams: jsonb('content_params'),
    link: text('link'),
    readAt: tstz('read_at'),
    /** Set by the archive schedule (`messages.archive`) once the message is older than `messageArchiveDays`. */
    archivedAt: tstz('archived_at'),
    /** Set when the SMS copy of the message was handed to the SMS notices (the reader chose its category). */
    smsAt: tstz('sms_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('push_records_unread_ix').on(t.tenantId, t.userId, t.channel, t.readAt),
    index('push_records_list_ix').on(t.tenantId, t.userId, t.channel, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** A user's message-centre choices: the categories whose messages also go to his phone by SMS. */
export const messageSettings = pgTable(
  'message_settings',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    smsCategories: integer('sms_categories')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
