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
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { users } from './identity.js';
import { rents, tenants } from './tenancy.js';

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/**
 * The daily report of a rent (issue 37, docs/dashboard.md): written by the nightly job `dashboard.dailyReports`
 * for each rent and past day of the tenant's calendar, once per (tenant, day, rent); computing a day again
 * replaces its row. Fleet figures are at the end of the day (replayed from the cars' history), the rest is what
 * happened that day. `rent_id` null: the costs booked to no rent (an expense claim of the head office).
 */
export const rentalReportDays = pgTable(
  'rental_report_days',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id'),
    day: date('day', { mode: 'string' }).notNull(),
    fleet: count('fleet'),
    rented: count('rented'),
    idle: count('idle'),
    maintenance: count('maintenance'),
    receivableRentFen: fen('receivable_rent_fen'),
    receivableDepositFen: fen('receivable_deposit_fen'),
    receivableOtherFen: fen('receivable_other_fen'),
    receivedRentFen: fen('received_rent_fen'),
    receivedDepositFen: fen('received_deposit_fen'),
    receivedOtherFen: fen('received_other_fen'),
    refundedFen: fen('refunded_fen'),
    newContracts: count('new_contracts'),
    dispatches: count('dispatches'),
    returns: count('returns'),
    newLeads: count('new_leads'),
    conversions: count('conversions'),
    costExpenseFen: fen('cost_expense_fen'),
    costMaintenanceFen: fen('cost_maintenance_fen'),
    costInsuranceFen: fen('cost_insurance_fen'),
    costAccidentFen: fen('cost_accident_fen'),
    costViolationFen: fen('cost_violation_fen'),
    costGpsFen: fen('cost_gps_fen'),
    costOtherFen: fen('cost_other_fen'),
    computedAt: tstz('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('rental_report_days_day_uq').on(t.tenantId, t.day, sql`coalesce(rent_id, 0)`),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
  ],
);

/**
 * The platform operator (Fleetdesk's own company): a tenant listed here reads every tenant's feedback (its users
 * who read the company settings). Platform table; set by the operator's deployment (the demo lists its own).
 */
export const platformOperators = pgTable('platform_operators', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  createdAt: createdAt(),
});

export const FEEDBACK_STATES = ['new', 'answered', 'closed'] as const;

/** Feedback a user sent the platform (`rentFeedback`), and the operator's answer. */
export const feedback = pgTable(
  'feedback',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    userId: bigintRef('user_id').notNull(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    contact: text('contact'),
    page: text('page'),
    state: text('state').notNull().default('new'),
    answer: text('answer'),
    /** The operator's user who answered (a user of the operator's tenant: no key across tenants). */
    answeredBy: text('answered_by'),
    answeredAt: tstz('answered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('feedback_user_ix').on(t.tenantId, t.userId, t.id),
    index('feedback_state_ix').on(t.state, t.createdAt),
    check('feedback_state_ck', sql.raw(`state in (${inList(FEEDBACK_STATES)})`)),
  ],
);
