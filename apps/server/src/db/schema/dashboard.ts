import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, idColumn, tstz } from './columns.js';
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
