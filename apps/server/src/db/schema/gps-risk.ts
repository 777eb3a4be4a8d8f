import { sql } from 'drizzle-orm';
import { check, foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { tenants } from './tenancy.js';

export const RISK_RULES = ['geofenceExitOverdue', 'powerCutRented', 'tamperRented', 'silentRented'] as const;
export const RISK_STATES = [
  'open',
  'fuelCutProposed',
  'fuelCutApproved',
  'fuelCutSent',
  'fuelCutDone',
  'fuelCutRejected',
  'closed',
] as const;
export const RISK_CLOSE_REASONS = ['debtPaid', 'carRecovered', 'dismissed'] as const;

/**
 * Risk cases (GPS risk engine, issue 18): a rented car whose behaviour (leaving its geofence while its rent is
 * overdue, a power cut or tamper alarm, silence) needs someone's attention. At most one case per car is not
 * closed (partial unique index); a new trigger adds its evidence to that case.
 */
export const gpsRiskCases = pgTable(
  'gps_risk_cases',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    deviceId: bigintRef('device_id'),
    driverId: bigintRef('driver_id'),
    contractId: bigintRef('contract_id'),
    /** The rule that raised the case; later triggers are in `evidence.triggers`. */
    rule: text('rule').notNull(),
    state: text('state').notNull().default('open'),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    approvalId: bigintRef('approval_id'),
    commandId: bigintRef('command_id'),
    closeReason: text('close_reason'),
    closeNote: text('close_note'),
    raisedAt: tstz('raised_at').notNull(),
    closedAt: tstz('closed_at'),
    closedBy: bigintRef('closed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('gps_risk_cases_open_car_ux')
      .on(t.tenantId, t.carId)
      .where(sql`${t.state} <> 'closed'`),
    index('gps_risk_cases_rent_ix').on(t.tenantId, t.rentId, t.state, t.id),
    check('gps_risk_cases_rule_ck', sql.raw(`rule in (${inList(RISK_RULES)})`)),
    check('gps_risk_cases_state_ck', sql.raw(`state in (${inList(RISK_STATES)})`)),
    check(
      'gps_risk_cases_close_ck',
      sql.raw(`close_reason is null or close_reason in (${inList(RISK_CLOSE_REASONS)})`),
    ),
  ],
);

/** Every step of a case: raised, evidence added, proposed, approval decided, command queued/answered, closed. */
export const gpsRiskSteps = pgTable(
  'gps_risk_steps',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    caseId: bigintRef('case_id').notNull(),
    kind: text('kind').notNull(),
    /** null: the engine (a rule, the periodic job). */
    actorId: bigintRef('actor_id'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: tstz('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('gps_risk_steps_case_ix').on(t.tenantId, t.caseId, t.id),
    foreignKey({ columns: [t.tenantId, t.caseId], foreignColumns: [gpsRiskCases.tenantId, gpsRiskCases.id] }).onDelete(
      'cascade',
    ),
  ],
);
