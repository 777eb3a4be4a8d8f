import { bigint, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt } from './columns.js';
import { financingApplications, financingInstalments, financingRepayments } from './financing.js';

/**
 * The money side of financing beyond the design's tables (docs/financing.md "Money"): which overdue notices were
 * sent (one per instalment and ageing bucket: the late-fee job's `financing.overdue` events and reminders, each
 * once), and the breakdown of an early payoff (what the payer was quoted and paid).
 */
export const financingOverdueNotices = pgTable(
  'financing_overdue_notices',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    instalmentId: bigintRef('instalment_id').notNull(),
    /** The ageing bucket (`d1to7` ... `d90plus`) the notice was for. */
    bucket: text('bucket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.instalmentId, t.bucket] }),
    foreignKey({
      columns: [t.tenantId, t.instalmentId],
      foreignColumns: [financingInstalments.tenantId, financingInstalments.id],
    }).onDelete('cascade'),
  ],
);

const fen = (name: string) => bigint(name, { mode: 'number' });

/** The early payoff of an application: its repayment (kind `payoff`) and the amounts it was made of. */
export const financingPayoffs = pgTable(
  'financing_payoffs',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    repaymentId: bigintRef('repayment_id').notNull(),
    applicationId: bigintRef('application_id').notNull(),
    currentPeriod: integer('current_period').notNull(),
    remainingPrincipalFen: fen('remaining_principal_fen').notNull(),
    breakFeeFen: fen('break_fee_fen').notNull(),
    overdueFen: fen('overdue_fen').notNull(),
    lateFeesFen: fen('late_fees_fen').notNull(),
    /** The deposit set against the payoff (the rest of it goes back through the deposit return). */
    depositUsedFen: fen('deposit_used_fen').notNull(),
    totalFen: fen('total_fen').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.repaymentId] }),
    foreignKey({
      columns: [t.tenantId, t.repaymentId],
      foreignColumns: [financingRepayments.tenantId, financingRepayments.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    index('financing_payoffs_application_ix').on(t.tenantId, t.applicationId),
  ],
);
