import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { drivers } from './drivers.js';
import { users } from './identity.js';
import { costCentres } from './office.js';
import { tenants } from './tenancy.js';
import { cars } from './vehicles.js';

const localDate = (name: string) => date(name, { mode: 'string' });

export const LICENSE_KINDS = ['vehicle', 'transport'] as const;
export const POLICY_KINDS = ['compulsory', 'commercial'] as const;
export const INSPECTION_RESULTS = ['passed', 'failed'] as const;
export const ACCIDENT_STATES = [
  'reported',
  'assessing',
  'repairing',
  'claimed',
  'settled',
  'closed',
  'cancelled',
] as const;
export const RESPONSIBILITIES = ['full', 'major', 'equal', 'minor', 'none'] as const;
export const CLAIM_STATES = ['none', 'filed', 'approved', 'rejected', 'paid'] as const;

/** A car's vehicle licence (行驶证) and ride-hailing transport certificate (网约车运输证): one of each kind. */
export const carLicenses = pgTable(
  'car_licenses',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    carId: bigintRef('car_id').notNull(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    issuer: text('issuer'),
    issueDate: localDate('issue_date'),
    expiryDate: localDate('expiry_date'),
    /** Stable file addresses, in display order. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    remark: text('remark'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    uniqueIndex('car_licenses_car_kind_uq').on(t.tenantId, t.carId, t.kind),
    index('car_licenses_expiry_ix').on(t.tenantId, t.expiryDate),
    check('car_licenses_kind_ck', sql.raw(`kind in (${inList(LICENSE_KINDS)})`)),
  ],
);

/**
 * Insurance policies of a car. The policy of each kind that ends last is the car's current one: its insurer,
 * number and end date are copied onto the car (`cars.compulsory_*`, `cars.commercial_*`), which the status rules,
 * the data-error list and the exports read.
 */
/**
 * The motor insurers a tenant's policies, cars and accidents name (by `code`): the common insurers of
 * `INSURANCE_COMPANIES` for every tenant (a trigger on `tenants`, see the migration), and the tenant's own.
 * Disabled ones stay for the records that name them and leave the pickers.
 */
export const insuranceCompanies = pgTable(
  'insurance_companies',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    nameEn: text('name_en').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('insurance_companies_code_uq').on(t.tenantId, t.code),
    uniqueIndex('insurance_companies_name_uq').on(t.tenantId, t.name),
    uniqueIndex('insurance_companies_short_name_uq').on(t.tenantId, t.shortName),
  ],
);

export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    carId: bigintRef('car_id').notNull(),
    kind: text('kind').notNull(),
    companyCode: text('company_code').notNull(),
    policyNo: text('policy_no').notNull(),
    startDate: localDate('start_date').notNull(),
    endDate: localDate('end_date').notNull(),
    premiumFen: bigint('premium_fen', { mode: 'number' }).notNull(),
    /** `[{code, sumInsuredFen}]` */
    coverage: jsonb('coverage').$type<{ code: string; sumInsuredFen: number | null }[]>().notNull().default([]),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    remark: text('remark'),
    /** Its own cost centre for the premium (null: the settings' vehicle cost centre). */
    costCentreId: bigintRef('cost_centre_id'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.costCentreId], foreignColumns: [costCentres.tenantId, costCentres.id] }),
    uniqueIndex('insurance_policies_no_uq').on(t.tenantId, t.companyCode, t.policyNo),
    index('insurance_policies_car_ix').on(t.tenantId, t.carId, t.kind, t.endDate),
    index('insurance_policies_end_ix').on(t.tenantId, t.endDate),
    check('insurance_policies_kind_ck', sql.raw(`kind in (${inList(POLICY_KINDS)})`)),
    check('insurance_policies_period_ck', sql`end_date > start_date`),
    check('insurance_policies_premium_ck', sql`premium_fen >= 0`),
  ],
);

/** Annual inspections (年检) done; a passed one sets the car's `inspection_due` when it is the latest. */
export const carInspections = pgTable(
  'car_inspections',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    carId: bigintRef('car_id').notNull(),
    inspectedOn: localDate('inspected_on').notNull(),
    result: text('result').notNull(),
    nextDue: localDate('next_due'),
    station: text('station'),
    costFen: bigint('cost_fen', { mode: 'number' }),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    remark: text('remark'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    index('car_inspections_car_ix').on(t.tenantId, t.carId, t.inspectedOn),
    check('car_inspections_result_ck', sql.raw(`result in (${inList(INSPECTION_RESULTS)})`)),
  ],
);

/** Accidents of a car, with the claim and the money; states move along ACCIDENT_TRANSITIONS (contracts). */
export const accidents = pgTable(
  'accidents',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    carId: bigintRef('car_id').notNull(),
    driverId: bigintRef('driver_id'),
    occurredAt: tstz('occurred_at').notNull(),
    place: text('place').notNull(),
    description: text('description').notNull(),
    responsibility: text('responsibility').notNull(),
    damage: text('damage'),
    injuries: boolean('injuries').notNull().default(false),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    insurerCode: text('insurer_code'),
    claimNo: text('claim_no'),
    claimState: text('claim_state').notNull().default('none'),
    repairCostFen: bigint('repair_cost_fen', { mode: 'number' }),
    settledFen: bigint('settled_fen', { mode: 'number' }),
    state: text('state').notNull().default('reported'),
    remark: text('remark'),
    /** Its own cost centre for the cost left after the claim (null: the settings' vehicle cost centre). */
    costCentreId: bigintRef('cost_centre_id'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.costCentreId], foreignColumns: [costCentres.tenantId, costCentres.id] }),
    index('accidents_occurred_ix').on(t.tenantId, t.occurredAt),
    index('accidents_car_ix').on(t.tenantId, t.carId),
    index('accidents_driver_ix').on(t.tenantId, t.driverId),
    check('accidents_state_ck', sql.raw(`state in (${inList(ACCIDENT_STATES)})`)),
    check('accidents_responsibility_ck', sql.raw(`responsibility in (${inList(RESPONSIBILITIES)})`)),
    check('accidents_claim_state_ck', sql.raw(`claim_state in (${inList(CLAIM_STATES)})`)),
  ],
);

/** An accident's history: creation and every state change. */
export const accidentEvents = pgTable(
  'accident_events',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    accidentId: bigintRef('accident_id').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    remark: text('remark'),
    userId: bigintRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.accidentId], foreignColumns: [accidents.tenantId, accidents.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('accident_events_accident_ix').on(t.tenantId, t.accidentId),
  ],
);

/**
 * Vehicle reminders already sent (message centre, category 3): one row per source, record and due date, so a
 * second run the same day (or in another process) sends nothing, and a renewed paper is reminded again when its
 * new date comes. Sources register in `modules/compliance/reminders.ts`.
 */
export const vehicleReminders = pgTable(
  'vehicle_reminders',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    source: text('source').notNull(),
    ref: text('ref').notNull(),
    dueDate: localDate('due_date').notNull(),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.source, t.ref, t.dueDate] })],
);
