import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, tstz } from './columns.js';
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
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('push_records_unread_ix').on(t.tenantId, t.userId, t.channel, t.readAt),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
