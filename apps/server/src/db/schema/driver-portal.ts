import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz } from './columns.js';
import { drivers } from './drivers.js';
import { users } from './identity.js';
import { orders } from './orders.js';
import { tenants } from './tenancy.js';

/**
 * The driver portal (超级司机, issue 34, migration 0045; docs/driver-portal.md). The enums repeat the contracts'
 * lists (`@fleetdesk/contracts/driver-portal`).
 */
const fen = (name: string) => bigint(name, { mode: 'number' });

export const SUBMISSION_KINDS = ['licence', 'idCard', 'violationProof'] as const;
export const SUBMISSION_STATES = ['pending', 'approved', 'rejected'] as const;

/**
 * A driver's sign-in: the hash of his token (never the token), for one driver of one tenant. The phone proven by
 * the SMS code is kept so that the driver may switch to his record in another company without a new code.
 */
export const driverSessions = pgTable(
  'driver_sessions',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    driverId: bigintRef('driver_id').notNull(),
    phone: text('phone').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
    ip: text('ip'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('driver_sessions_token_uq').on(t.tokenHash),
    index('driver_sessions_driver_ix').on(t.tenantId, t.driverId),
  ],
);

/**
 * What a driver sent from the portal for the office to review: an update of a document (licence, ID card) or the
 * proof that a violation was handled. Approved, a document's fields are written to the driver and a violation is
 * marked handled.
 */
export const driverSubmissions = pgTable(
  'driver_submissions',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    driverId: bigintRef('driver_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    kind: text('kind').$type<(typeof SUBMISSION_KINDS)[number]>().notNull(),
    /** The violation a proof is for. */
    violationId: bigintRef('violation_id'),
    details: jsonb('details').$type<Record<string, string | null>>().notNull().default({}),
    files: text('files')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note'),
    state: text('state').$type<(typeof SUBMISSION_STATES)[number]>().notNull().default('pending'),
    reviewNote: text('review_note'),
    reviewedBy: bigintRef('reviewed_by'),
    reviewedAt: tstz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.reviewedBy], foreignColumns: [users.tenantId, users.id] }),
    index('driver_submissions_driver_ix').on(t.tenantId, t.driverId, t.id),
    index('driver_submissions_state_ix').on(t.tenantId, t.state, t.id),
    // One pending submission per document of a driver, and per violation.
    uniqueIndex('driver_submissions_pending_uq')
      .on(t.tenantId, t.driverId, t.kind, sql`coalesce(violation_id, 0)`)
      .where(sql`state = 'pending'`),
    check('driver_submissions_kind_ck', sql.raw(`kind in (${inList(SUBMISSION_KINDS)})`)),
    check('driver_submissions_state_ck', sql.raw(`state in (${inList(SUBMISSION_STATES)})`)),
    check('driver_submissions_violation_ck', sql`(kind = 'violationProof') = (violation_id is not null)`),
  ],
);

/** A driver's membership level as last computed (daily job, or on a payment), with the facts behind it. */
export const driverLevels = pgTable(
  'driver_levels',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    driverId: bigintRef('driver_id').notNull(),
    level: text('level').notNull(),
    onTimeMonths: integer('on_time_months').notNull(),
    violations: integer('violations').notNull(),
    accidents: integer('accidents').notNull(),
    overdueNow: integer('overdue_now').notNull().default(0),
    /** The day the driver reached this level. */
    since: date('since', { mode: 'string' }).notNull(),
    computedOn: date('computed_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.driverId] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** What the portal's home shows a driver: level changes, reviews, payments (written by subscribers). */
export const driverNotices = pgTable(
  'driver_notices',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    driverId: bigintRef('driver_id').notNull(),
    /** A message key of the portal and its parameters, rendered in the reader's language. */
    key: text('key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }).onDelete(
      'cascade',
    ),
    index('driver_notices_driver_ix').on(t.tenantId, t.driverId, t.createdAt),
  ],
);

/** The rent lines one portal payment order pays, and how much of each (the order's amount is their sum). */
export const driverOrderLines = pgTable(
  'driver_order_lines',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orderId: bigintRef('order_id').notNull(),
    lineId: bigintRef('line_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    amountFen: fen('amount_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orderId, t.lineId] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [orders.tenantId, orders.id] }).onDelete('cascade'),
    index('driver_order_lines_line_ix').on(t.tenantId, t.lineId),
    check('driver_order_lines_amount_ck', sql`amount_fen > 0`),
  ],
);
