import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { rents, tenants } from './tenancy.js';

export const CAR_STATUSES = [
  'idle',
  'rented',
  'preparing',
  'maintenance',
  'reserved',
  'off_fleet',
  'sold',
  'scrapped',
] as const;
export const ENERGIES = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export const SERIES_LEVELS = ['sedan', 'hatchback', 'suv', 'mpv', 'wagon', 'coupe', 'pickup', 'van'] as const;
export const IMAGE_KINDS = [
  'front',
  'back',
  'left',
  'right',
  'interior',
  'licenseMain',
  'licenseSecond',
  'other',
] as const;
export const CAR_EVENT_KINDS = ['create', 'import', 'status', 'transfer', 'delete', 'restore'] as const;
export const OWNER_KINDS = ['company', 'person'] as const;

const decimal = (name: string) => numeric(name, { precision: 6, scale: 2, mode: 'number' });
const localDate = (name: string) => date(name, { mode: 'string' });

/**
 * The car catalogue (brands, series, models). Platform rows (`tenant_id` null, with a stable `code`) come
 * from the shipped dataset and are synced at start; a tenant's own rows (`tenant_id` set, no code) are
 * visible to that tenant only.
 */
export const carBrands = pgTable(
  'car_brands',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: bigintRef('tenant_id').references(() => tenants.id),
    code: text('code'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    initial: text('initial').notNull(),
    country: text('country').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('car_brands_code_uq').on(t.code), index('car_brands_tenant_ix').on(t.tenantId)],
);

export const carSeries = pgTable(
  'car_series',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigintRef('brand_id')
      .notNull()
      .references(() => carBrands.id),
    tenantId: bigintRef('tenant_id').references(() => tenants.id),
    code: text('code'),
    name: text('name').notNull(),
    level: text('level').notNull(),
    /** The manufacturer that builds the series (a joint venture for many foreign brands). */
    maker: text('maker'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('car_series_code_uq').on(t.code),
    index('car_series_brand_ix').on(t.brandId),
    check('car_series_level_ck', sql.raw(`level in (${inList(SERIES_LEVELS)})`)),
  ],
);

export const carModels = pgTable(
  'car_models',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    seriesId: bigintRef('series_id')
      .notNull()
      .references(() => carSeries.id),
    tenantId: bigintRef('tenant_id').references(() => tenants.id),
    code: text('code'),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    energy: text('energy').notNull(),
    seats: integer('seats').notNull(),
    batteryKwh: decimal('battery_kwh'),
    rangeKm: integer('range_km'),
    guidePriceFen: bigint('guide_price_fen', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('car_models_code_uq').on(t.code),
    index('car_models_series_ix').on(t.seriesId),
    check('car_models_energy_ck', sql.raw(`energy in (${inList(ENERGIES)})`)),
  ],
);

/** A tenant's rental categories (经济型, 新能源网约车...), each with its monthly rent and deposit. */
export const carTypes = pgTable(
  'car_types',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    monthlyRentFen: integer('monthly_rent_fen').notNull(),
    depositFen: integer('deposit_fen').notNull(),
    /** The GPS overspeed limit of cars of this type, km/h (null: the tenant's `gpsEvents.overspeedKmh`). */
    overspeedKmh: integer('overspeed_kmh'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('car_types_name_uq').on(t.tenantId, t.name)],
);

/** Who owns cars on the registration: the company itself, a leasing company, or people (挂靠). */
export const carOwners = pgTable(
  'car_owners',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Unified social credit code (company) or resident ID number (person). */
    idNumber: text('id_number'),
    contactName: text('contact_name'),
    phone: text('phone'),
    address: text('address'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('car_owners_id_number_uq')
      .on(t.tenantId, t.idNumber)
      .where(sql`id_number is not null`),
    index('car_owners_name_ix').on(t.tenantId, t.name),
    check('car_owners_kind_ck', sql.raw(`kind in (${inList(OWNER_KINDS)})`)),
  ],
);

/**
 * A car of a tenant's fleet, in one of its rents. Soft-deleted (`deleted_at`): its history (status changes,
 * transfers, contracts later) must stay readable. Every list query filters by `tenant_id` first; the
 * partial indexes cover the live cars only.
 */
export const cars = pgTable(
  'cars',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    /** Normalised: no separator (`浙AD12345`). */
    plate: text('plate').notNull(),
    vin: text('vin').notNull(),
    /** False for an imported legacy VIN whose check digit is wrong (listed by car/info/error). */
    vinValid: boolean('vin_valid').notNull().default(true),
    engineNo: text('engine_no'),
    brandId: bigintRef('brand_id')
      .notNull()
      .references(() => carBrands.id),
    seriesId: bigintRef('series_id')
      .notNull()
      .references(() => carSeries.id),
    modelId: bigintRef('model_id').references(() => carModels.id),
    colour: text('colour'),
    carTypeId: bigintRef('car_type_id'),
    energy: text('energy').notNull(),
    batteryKwh: decimal('battery_kwh'),
    rangeKm: integer('range_km'),
    seats: integer('seats'),
    registrationDate: localDate('registration_date'),
    mileageKm: integer('mileage_km').notNull().default(0),
    ownerId: bigintRef('owner_id'),
    status: text('status').notNull().default('idle'),
    statusChangedAt: tstz('status_changed_at').notNull().defaultNow(),
    keyCount: integer('key_count').notNull().default(0),
    keyLocation: text('key_location'),
    keyRemark: text('key_remark'),
    inspectionDue: localDate('inspection_due'),
    purchasePriceFen: bigint('purchase_price_fen', { mode: 'number' }),
    purchaseDate: localDate('purchase_date'),
    compulsoryCompany: text('compulsory_company'),
    compulsoryPolicyNo: text('compulsory_policy_no'),
    compulsoryExpiry: localDate('compulsory_expiry'),
    commercialCompany: text('commercial_company'),
    commercialPolicyNo: text('commercial_policy_no'),
    commercialExpiry: localDate('commercial_expiry'),
    licenseFileNo: text('license_file_no'),
    licenseUseCharacter: text('license_use_character'),
    licenseIssueDate: localDate('license_issue_date'),
    licenseBoundAt: tstz('license_bound_at'),
    remark: text('remark'),
    /** `task:<id>:<row>` of the import that created the car: a resumed import finds the rows it already wrote. */
    importRef: text('import_ref'),
    /** The rent a transfer waiting for its `carTransfer` approval would move the car to (null: none pending). */
    transferToRentId: bigintRef('transfer_to_rent_id'),
    /**
     * The fleet team (`teams`, issue 34) that runs the car now, written by the teams area; a team leader's lists
     * filter by it (`inScope`). The foreign key is migration 0042's hand SQL.
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
    foreignKey({ columns: [t.tenantId, t.transferToRentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.carTypeId], foreignColumns: [carTypes.tenantId, carTypes.id] }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [carOwners.tenantId, carOwners.id] }),
    uniqueIndex('cars_plate_uq')
      .on(t.tenantId, t.plate)
      .where(sql`deleted_at is null`),
    uniqueIndex('cars_import_ref_uq')
      .on(t.tenantId, t.importRef)
      .where(sql`import_ref is not null`),
    // List pages: a status tab (any rent of the caller) or one rent, newest first; their counts are
    // index-only scans of the same indexes.
    index('cars_status_ix')
      .on(t.tenantId, t.status, t.id, t.rentId)
      .where(sql`deleted_at is null`),
    index('cars_rent_ix')
      .on(t.tenantId, t.rentId, t.status, t.id)
      .where(sql`deleted_at is null`),
    index('cars_vin_ix').on(t.tenantId, t.vin),
    index('cars_brand_ix').on(t.tenantId, t.brandId, t.seriesId),
    index('cars_type_ix').on(t.tenantId, t.carTypeId),
    index('cars_owner_ix').on(t.tenantId, t.ownerId),
    index('cars_inspection_ix')
      .on(t.tenantId, t.inspectionDue)
      .where(sql`deleted_at is null`),
    index('cars_compulsory_ix')
      .on(t.tenantId, t.compulsoryExpiry)
      .where(sql`deleted_at is null`),
    index('cars_commercial_ix')
      .on(t.tenantId, t.commercialExpiry)
      .where(sql`deleted_at is null`),
    index('cars_plate_trgm_ix').using('gin', t.plate.op('gin_trgm_ops')),
    index('cars_vin_trgm_ix').using('gin', t.vin.op('gin_trgm_ops')),
    check('cars_status_ck', sql.raw(`status in (${inList(CAR_STATUSES)})`)),
    check('cars_energy_ck', sql.raw(`energy in (${inList(ENERGIES)})`)),
  ],
);

/** A car's images (front, sides, interior, licence pages...) in display order; addresses are stable file URLs. */
export const carImages = pgTable(
  'car_images',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    carId: bigintRef('car_id').notNull(),
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull(),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    index('car_images_car_ix').on(t.tenantId, t.carId, t.sort),
    check('car_images_kind_ck', sql.raw(`kind in (${inList(IMAGE_KINDS)})`)),
  ],
);

/**
 * A car's history: creation, status changes (with the action), transfers between rents, deletion and
 * restoration. The operation-rate report replays the status column of this table.
 */
export const carEvents = pgTable(
  'car_events',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    carId: bigintRef('car_id').notNull(),
    kind: text('kind').notNull(),
    action: text('action'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    fromRentId: bigintRef('from_rent_id'),
    toRentId: bigintRef('to_rent_id'),
    remark: text('remark'),
    userId: bigintRef('user_id'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    index('car_events_car_ix').on(t.tenantId, t.carId, t.at),
    check('car_events_kind_ck', sql.raw(`kind in (${inList(CAR_EVENT_KINDS)})`)),
  ],
);

/**
 * A version per tenant that every statement writing `cars` moves (statement triggers of migration 0005), so that
 * a list total can be cached until the tenant's cars change, whichever process changed them. Versions come from
 * a sequence: a rolled-back write never lends its number to another one.
 */
export const carListVersions = pgTable('car_list_versions', {
  tenantId: bigintRef('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
