import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz } from './columns.js';
import { tenants } from './tenancy.js';

/** Fleetdesk's own announcements shown to tenants (`index/ad`). Platform table. */
export const ads = pgTable('ads', {
  id: idColumn().primaryKey(),
  platform: text('platform').notNull(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  startsAt: tstz('starts_at'),
  endsAt: tstz('ends_at'),
  createdAt: createdAt(),
});

/** Fixed-window counters for the rate limits that must hold across processes (sign-in, codes, resets). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: tstz('window_start').notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_expires_ix').on(t.expiresAt)],
);

export const SMS_STATUSES = ['queued', 'sent', 'failed'] as const;

/**
 * Every SMS handed to a provider. For the sandbox provider this is the outbox a user can read; for a real
 * gateway it is the delivery record. `tenant_id` is null for sign-in codes sent before anyone is signed in.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: idColumn().primaryKey(),
    tenantId: bigintRef('tenant_id').references(() => tenants.id),
    provider: text('provider').notNull(),
    phone: text('phone').notNull(),
    content: text('content').notNull(),
    template: text('template'),
    params: jsonb('params'),
    status: text('status').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** Dedup key of the sender (task item id); a retried job finds its earlier send here. */
    idempotencyKey: text('idempotency_key'),
    /** The SMS notice batch the message belongs to (none for sign-in codes). */
    batchId: bigintRef('batch_id'),
    recipientName: text('recipient_name'),
    segments: integer('segments').notNull().default(1),
    /** Set on a failed message when a later batch sends it again. */
    retriedAt: tstz('retried_at'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('sms_messages_tenant_ix').on(t.tenantId, t.createdAt),
    index('sms_messages_phone_ix').on(t.phone, t.createdAt),
    uniqueIndex('sms_messages_idem_uq').on(t.idempotencyKey),
    index('sms_messages_batch_ix').on(t.tenantId, t.batchId, t.status),
    check('sms_messages_status_ck', sql.raw(`status in (${inList(SMS_STATUSES)})`)),
  ],
);

/** Server-wide settings that every process must share (e.g. the key that signs file URLs). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
