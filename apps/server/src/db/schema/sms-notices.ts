import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { tenants } from './tenancy.js';

export const SMS_TEMPLATE_STATUSES = ['active', 'disabled'] as const;

/** A tenant's SMS template; `{name}`-style variables are filled per recipient. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** The approved template code at the real gateway (required there, unused by the sandbox). */
    providerTemplate: text('provider_template'),
    status: text('status').notNull().default('active'),
    /**
     * What a system job uses the template for (`contract.rentDue`, `contract.contractEnd`, `contract.overdue`:
     * the daily contract reminders' SMS to the driver); null for the templates of the notice screen.
     */
    purpose: text('purpose'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('sms_templates_status_ck', sql.raw(`status in (${inList(SMS_TEMPLATE_STATUSES)})`)),
    uniqueIndex('sms_templates_purpose_uq')
      .on(t.tenantId, t.purpose)
      .where(sql`purpose is not null`),
  ],
);

/** Per-tenant SMS settings: the signature, the daily quota and the price of one segment. */
export const smsSettings = pgTable('sms_settings', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  signature: text('signature').notNull(),
  dailyQuota: integer('daily_quota').notNull(),
  segmentPriceFen: integer('segment_price_fen').notNull(),
  updatedAt: updatedAt(),
});

/** One sending of an SMS notice to many recipients; its messages are `sms_messages` rows. */
export const smsBatches = pgTable(
  'sms_batches',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    templateId: bigintRef('template_id'),
    content: text('content').notNull(),
    source: text('source').notNull(),
    total: integer('total').notNull(),
    segments: integer('segments').notNull(),
    costFen: integer('cost_fen').notNull(),
    /** The batch whose failed messages this one sends again. */
    retryOf: bigintRef('retry_of'),
    taskId: bigintRef('task_id'),
    createdBy: bigintRef('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sms_batches_time_ix').on(t.tenantId, t.createdAt),
    foreignKey({
      columns: [t.tenantId, t.templateId],
      foreignColumns: [smsTemplates.tenantId, smsTemplates.id],
    }).onDelete('set null'),
  ],
);
