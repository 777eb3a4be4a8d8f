import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { labels } from './organisation.js';
import { rents, tenants } from './tenancy.js';
import type { DriverOperation } from '@fleetdesk/contracts/drivers';

export const DRIVER_STATES = ['prospect', 'active', 'left', 'blacklisted'] as const;
export const DRIVER_EVENT_KINDS = ['create', 'import', 'update', 'state', 'labels', 'delete', 'restore'] as const;
export const DOCUMENT_KINDS = ['licence', 'certificate'] as const;

const localDate = (name: string) => date(name, { mode: 'string' });

/**
 * A driver of a tenant, in one of its rents. Soft-deleted (`deleted_at`), like cars, so that a deleted prospect
 * can be restored. The phone is unique among the tenant's live drivers; an ID number may appear on several
 * records (a driver who left and came back to another rent) but only one of them may be active.
 */
export const drivers = pgTable(
  'drivers',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    phone: text('phone').notNull(),
    idNumber: text('id_number').notNull(),
    birthDate: localDate('birth_date').notNull(),
    address: text('address'),
    idCardFrontUrl: text('id_card_front_url'),
    idCardBackUrl: text('id_card_back_url'),
    licenceNumber: text('licence_number'),
    licenceClass: text('licence_class'),
    licenceFirstIssue: localDate('licence_first_issue'),
    licenceExpiry: localDate('licence_expiry'),
    licenceFrontUrl: text('licence_front_url'),
    licenceBackUrl: text('licence_back_url'),
    certificateNumber: text('certificate_number'),
    certificateExpiry: localDate('certificate_expiry'),
    certificateUrl: text('certificate_url'),
    emergencyName: text('emergency_name'),
    emergencyPhone: text('emergency_phone'),
    emergencyRelation: text('emergency_relation'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    bankAccountName: text('bank_account_name'),
    source: text('source'),
    state: text('state').$type<(typeof DRIVER_STATES)[number]>().notNull().default('prospect'),
    stateChangedAt: tstz('state_changed_at').notNull().defaultNow(),
    stateReason: text('state_reason'),
    blacklistedBy: bigintRef('blacklisted_by'),
    blacklistedAt: tstz('blacklisted_at'),
    remark: text('remark'),
    /** `imp:<import>:<row>` of the import that created the driver: a resumed import finds the rows it wrote. */
    importRef: text('import_ref'),
    /**
     * The fleet team (`teams`, issue 34) the driver is in now, written by the teams area with his stay in
     * `team_members`; a team leader's lists filter by it (`inScope`). The foreign key is migration 0042's hand SQL.
     */
    teamId: bigintRef('team_id'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz('deleted_at'),
    deletedBy: bigintRef('deleted_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    uniqueIndex('drivers_phone_uq')
      .on(t.tenantId, t.phone)
      .where(sql`deleted_at is null`),
    // The rule "one active driver per ID number in the tenant", held by the database too (two racing activations).
    uniqueIndex('drivers_active_id_uq')
      .on(t.tenantId, t.idNumber)
      .where(sql`state = 'active' and deleted_at is null`),
    uniqueIndex('drivers_import_ref_uq')
      .on(t.tenantId, t.importRef)
      .where(sql`import_ref is not null`),
    // List pages: a state tab across the caller's rents, or one rent, newest first; counts index-only.
    index('drivers_state_ix')
      .on(t.tenantId, t.state, t.id, t.rentId)
      .where(sql`deleted_at is null`),
    index('drivers_rent_ix')
      .on(t.tenantId, t.rentId, t.state, t.id)
      .where(sql`deleted_at is null`),
    index('drivers_id_number_ix').on(t.tenantId, t.idNumber),
    index('drivers_licence_expiry_ix')
      .on(t.tenantId, t.licenceExpiry)
      .where(sql`deleted_at is null`),
    index('drivers_certificate_expiry_ix')
      .on(t.tenantId, t.certificateExpiry)
      .where(sql`deleted_at is null`),
    index('drivers_name_trgm_ix').using('gin', t.name.op('gin_trgm_ops')),
    index('drivers_phone_trgm_ix').using('gin', t.phone.op('gin_trgm_ops')),
    index('drivers_id_number_trgm_ix').using('gin', t.idNumber.op('gin_trgm_ops')),
    check('drivers_state_ck', sql.raw(`state in (${inList(DRIVER_STATES)})`)),
    check('drivers_gender_ck', sql.raw(`gender in ('male', 'female')`)),
  ],
);

/** Labels of kind `driver` on drivers. */
export const driverLabels = pgTable(
  'driver_labels',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    labelId: bigintRef('label_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.driverId, t.labelId] }),
    index('driver_labels_label_ix').on(t.tenantId, t.labelId, t.driverId),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.labelId], foreignColumns: [labels.tenantId, labels.id] }).onDelete('cascade'),
  ],
);

/** A driver's history: creation, import, changes, state changes (with the action and reason), labels, deletion. */
export const driverEvents = pgTable(
  'driver_events',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    driverId: bigintRef('driver_id').notNull(),
    kind: text('kind').$type<(typeof DRIVER_EVENT_KINDS)[number]>().notNull(),
    action: text('action').$type<NonNullable<DriverOperation['action']>>(),
    fromState: text('from_state').$type<(typeof DRIVER_STATES)[number]>(),
    toState: text('to_state').$type<(typeof DRIVER_STATES)[number]>(),
    reason: text('reason'),
    userId: bigintRef('user_id'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }).onDelete(
      'cascade',
    ),
    index('driver_events_driver_ix').on(t.tenantId, t.driverId, t.at),
    check('driver_events_kind_ck', sql.raw(`kind in (${inList(DRIVER_EVENT_KINDS)})`)),
  ],
);

/**
 * Reminders already sent for a document's expiry date: one message-centre reminder per driver, document and
 * expiry (a renewed licence, with a new expiry, is reminded again).
 */
export const driverDocumentReminders = pgTable(
  'driver_document_reminders',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    document: text('document').notNull(),
    expiry: localDate('expiry').notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.driverId, t.document, t.expiry] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }).onDelete(
      'cascade',
    ),
    check('driver_document_reminders_document_ck', sql.raw(`document in (${inList(DOCUMENT_KINDS)})`)),
  ],
);

/**
 * A version per tenant that every statement writing `drivers` or `driver_labels` moves (statement triggers of the
 * drivers migration, like `car_list_versions`), so that a list total is counted again only after a change.
 */
export const driverListVersions = pgTable('driver_list_versions', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
