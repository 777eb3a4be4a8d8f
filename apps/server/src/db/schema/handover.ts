import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { rentalContracts, rentalPaymentLines } from './rental-contracts.js';
import { stBookings } from './short-term.js';
import { tenants } from './tenancy.js';
import { tsTrips } from './time-share.js';
import { cars } from './vehicles.js';

const INSPECTION_KINDS = ['dispatch', 'return'] as const;
const TEMPLATE_KINDS = ['contract', 'settlement', 'receipt', 'inspection'] as const;
const SETTLEMENT_STATES = ['draft', 'pending', 'approved', 'rejected', 'withdrawn'] as const;
const fen = (name: string) => bigint(name, { mode: 'number' });

export interface StoredDamageMark {
  position: string;
  note: string;
  photos: string[];
}
export interface StoredDocuments {
  insuranceCopy: boolean;
  licence: boolean;
  transportCertificate: boolean;
}
export interface StoredDeduction {
  kind: string;
  amountFen: number;
  note: string | null;
}

/**
 * A dispatch (发车) or return (退车) inspection of a contract's car, or of a short-term booking's car (pick-up and
 * return, issue 33): one of each per contract or booking (exactly one of the two is set).
 */
export const handoverInspections = pgTable(
  'handover_inspections',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    contractId: bigintRef('contract_id'),
    bookingId: bigintRef('booking_id'),
    carId: bigintRef('car_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    kind: text('kind').notNull(),
    inspectedAt: tstz('inspected_at').notNull(),
    mileageKm: integer('mileage_km').notNull(),
    energyLevel: integer('energy_level').notNull(),
    documents: jsonb('documents').$type<StoredDocuments>().notNull(),
    damageMarks: jsonb('damage_marks').$type<StoredDamageMark[]>().notNull().default([]),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    inspectorId: bigintRef('inspector_id').notNull(),
    damageDeductionFen: fen('damage_deduction_fen').notNull().default(0),
    remark: text('remark'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.bookingId],
      foreignColumns: [stBookings.tenantId, stBookings.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    uniqueIndex('handover_inspections_kind_uq').on(t.tenantId, t.contractId, t.kind),
    uniqueIndex('handover_inspections_booking_kind_uq').on(t.tenantId, t.bookingId, t.kind),
    check('handover_inspections_owner_ck', sql`num_nonnulls(contract_id, booking_id) = 1`),
    index('handover_inspections_car_ix').on(t.tenantId, t.carId, t.inspectedAt),
    check('handover_inspections_kind_ck', sql.raw(`kind in (${inList(INSPECTION_KINDS)})`)),
    check('handover_inspections_values_ck', sql`mileage_km >= 0 and energy_level between 0 and 100`),
    check('handover_inspections_deduction_ck', sql`damage_deduction_fen >= 0`),
  ],
);

/**
 * Who had a car when: opened by a dispatch, closed by the return (`to_at`). Periods of one car never overlap (the
 * service checks under the car's lock; one open period per car is also a unique index). Violations whose time
 * falls in a period are attributed to its driver by triggers (migration, hand-written part).
 */
export const carUsagePeriods = pgTable(
  'car_usage_periods',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    carId: bigintRef('car_id').notNull(),
    /** Exactly one of contract, short-term booking and time-share trip is set (issue 33). */
    contractId: bigintRef('contract_id'),
    bookingId: bigintRef('booking_id'),
    tripId: bigintRef('trip_id'),
    driverId: bigintRef('driver_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    fromAt: tstz('from_at').notNull(),
    toAt: tstz('to_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.bookingId],
      foreignColumns: [stBookings.tenantId, stBookings.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.tripId], foreignColumns: [tsTrips.tenantId, tsTrips.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    index('car_usage_periods_car_ix').on(t.tenantId, t.carId, t.fromAt),
    index('car_usage_periods_booking_ix')
      .on(t.tenantId, t.bookingId)
      .where(sql`booking_id is not null`),
    index('car_usage_periods_trip_ix')
      .on(t.tenantId, t.tripId)
      .where(sql`trip_id is not null`),
    check('car_usage_periods_owner_ck', sql`num_nonnulls(contract_id, booking_id, trip_id) = 1`),
    uniqueIndex('car_usage_periods_open_uq')
      .on(t.tenantId, t.carId)
      .where(sql`to_at is null`),
    check('car_usage_periods_range_ck', sql`to_at is null or to_at > from_at`),
  ],
);

/** The settlement (退租结算) of a contract after the return: one per contract, locked once approved. */
export const rentalSettlements = pgTable(
  'rental_settlements',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    state: text('state').notNull().default('draft'),
    depositReceivedFen: fen('deposit_received_fen').notNull(),
    deductions: jsonb('deductions').$type<StoredDeduction[]>().notNull().default([]),
    deductionsFen: fen('deductions_fen').notNull(),
    owedBackFen: fen('owed_back_fen').notNull().default(0),
    owedBackNote: text('owed_back_note'),
    resultFen: fen('result_fen').notNull(),
    voidRemaining: boolean('void_remaining').notNull().default(false),
    remark: text('remark'),
    approvalId: bigintRef('approval_id'),
    lineId: bigintRef('line_id'),
    lockedAt: tstz('locked_at'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.lineId],
      foreignColumns: [rentalPaymentLines.tenantId, rentalPaymentLines.id],
    }),
    uniqueIndex('rental_settlements_contract_uq').on(t.tenantId, t.contractId),
    check('rental_settlements_state_ck', sql.raw(`state in (${inList(SETTLEMENT_STATES)})`)),
    check('rental_settlements_result_ck', sql`result_fen = -deposit_received_fen + deductions_fen - owed_back_fen`),
  ],
);

/**
 * A tenant's layout of one of its documents (contract, settlement statement, receipt, inspection sheet): texts
 * with placeholders (checked against `TEMPLATE_PLACEHOLDERS` on the way in). No row: the default layout.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    headerLines: jsonb('header_lines').$type<string[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    footerLines: jsonb('footer_lines').$type<string[]>().notNull().default([]),
    sealText: text('seal_text').notNull().default(''),
    updatedBy: bigintRef('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.kind] }),
    check('document_templates_kind_ck', sql.raw(`kind in (${inList(TEMPLATE_KINDS)})`)),
  ],
);

/**
 * A generated PDF of a contract kept as its attachment (the file in `files`, type `document`): each
 * regeneration adds a version; who made it and when.
 */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    contractId: bigintRef('contract_id').notNull(),
    kind: text('kind').notNull(),
    /** The line of a receipt; null for the other documents. */
    lineId: bigintRef('line_id'),
    version: integer('version').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Null: made by the system after signing, the return or the settlement's approval. */
    createdBy: bigintRef('created_by'),
    trigger: text('trigger').notNull(),
    createdAt: createdAt(),
    /** SHA-256 of the stored PDF (a signed one; older rows have none) and the e-signature's evidence number. */
    sha256: text('sha256'),
    evidenceNo: text('evidence_no'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.contractId],
      foreignColumns: [rentalContracts.tenantId, rentalContracts.id],
    }).onDelete('cascade'),
    uniqueIndex('contract_documents_version_uq').on(
      t.tenantId,
      t.contractId,
      t.kind,
      sql`coalesce(line_id, 0)`,
      t.version,
    ),
    index('contract_documents_contract_ix').on(t.tenantId, t.contractId, t.id),
  ],
);
