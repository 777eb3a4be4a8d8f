import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, idColumn, tstz } from './columns.js';
import { tenants } from './tenancy.js';

/**
 * The outbox of domain events (core/events.ts): a row is written by `publish` inside the producer's transaction,
 * so it exists exactly when what it announces was committed. Not a business record: its key is its own id.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: idColumn().primaryKey(),
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** `car.statusChanged`, `device.alarm`... (core/events.ts `DomainEventMap`). */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** The database's time of the publishing transaction. */
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('domain_events_created_ix').on(t.createdAt)],
);

/**
 * One row per event and durable subscriber, written with the event: the delivery state. A delivery is claimed
 * (`claimed_until`) before its handler runs and marked `delivered_at` after, so each (event, subscriber) is
 * handled once; a failed or abandoned one is retried.
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    eventId: bigintRef('event_id').notNull(),
    subscriber: text('subscriber').notNull(),
    tenantId: bigintRef('tenant_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: tstz('claimed_until'),
    deliveredAt: tstz('delivered_at'),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    foreignKey({
      name: 'domain_event_deliveries_event_fk',
      columns: [t.eventId],
      foreignColumns: [domainEvents.id],
    }).onDelete('cascade'),
    index('domain_event_deliveries_pending_ix')
      .on(t.subscriber, t.eventId)
      .where(sql`delivered_at is null`),
  ],
);
