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
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { accidents } from './compliance.js';
import { drivers } from './drivers.js';
import { gpsDevices } from './gps.js';
import { users } from './identity.js';
import { approvalRequests } from './office.js';
import { rentalContracts } from './rental-contracts.js';
import { rents, tenants } from './tenancy.js';
import { carTypes, cars } from './vehicles.js';

/**
 * Maintenance (issue 31, migration 0039; docs/maintenance.md). The enums repeat the contracts' lists
 * (`@fleetdesk/contracts/maintenance`); the check constraints keep the database honest.
 */
export const WORKSHOP_KINDS = ['own', 'partner'] as const;
export const WORKSHOP_SERVICES = ['routine', 'repair', 'accident', 'tyre', 'bodywork', 'gps', 'preparation'] as const;
export const MAINTENANCE_ORDER_KINDS = [
  'service',
  'repair',
  'accident',
  'tyre',
  'bodywork',
  'gps_install',
  'gps_repair',
  'preparation',
] as const;
export const MAINTENANCE_ORDER_STATES = [
  'reported',
  'approving',
  'approved',
  'in_workshop',
  'done',
  'settled',
  'picked_up',
  'cancelled',
] as const;
export const MAINTENANCE_PAYERS = ['company', 'contract_cover', 'driver', 'insurance'] as const;
export const MAINTENANCE_LINE_KINDS = ['part', 'labour'] as const;

const localDate = (name: string) => date(name, { mode: 'string' });

/** A workshop (修理厂): the company's own or a partner; `rent_id` null serves the whole company. */
export const maintenanceWorkshops = pgTable(
  'maintenance_workshops',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id'),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    address: text('address').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    services: text('services')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Per hour. */
    labourRateFen: bigint('labour_rate_fen', { mode: 'number' }).notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    uniqueIndex('maintenance_workshops_name_uq').on(t.tenantId, t.name),
    check('maintenance_workshops_kind_ck', sql.raw(`kind in (${inList(WORKSHOP_KINDS)})`)),
    check('maintenance_workshops_services_ck', sql.raw(`services <@ array[${inList(WORKSHOP_SERVICES)}]::text[]`)),
    check('maintenance_workshops_rate_ck', sql`labour_rate_fen >= 0`),
  ],
);

/**
 * The sign-ins of a workshop: a user here, holding a role of data scope `workshop`, sees only the work orders of
 * his workshops. A change drops the user's cached sessions (trigger of migration 0039, as migration 0007's tables).
 */
export const maintenanceWorkshopUsers = pgTable(
  'maintenance_workshop_users',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    workshopId: bigintRef('workshop_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      columns: [t.tenantId, t.workshopId],
      foreignColumns: [maintenanceWorkshops.tenantId, maintenanceWorkshops.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index('maintenance_workshop_users_workshop_ix').on(t.tenantId, t.workshopId),
  ],
);

export interface MaintenancePlanItem {
  name: string;
  partNo?: string | null;
  quantity?: number | null;
}

/**
 * A service plan: for a car type or for one car (exactly one), every `interval_km` or `interval_months`, whichever
 * first. A car's plan is its own, else its car type's, else none.
 */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    name: text('name').notNull(),
    carTypeId: bigintRef('car_type_id'),
    carId: bigintRef('car_id'),
    intervalKm: integer('interval_km'),
    intervalMonths: integer('interval_months'),
    items: jsonb('items').$type<MaintenancePlanItem[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.carTypeId], foreignColumns: [carTypes.tenantId, carTypes.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    uniqueIndex('maintenance_plans_car_type_uq')
      .on(t.tenantId, t.carTypeId)
      .where(sql`car_id is null`),
    uniqueIndex('maintenance_plans_car_uq')
      .on(t.tenantId, t.carId)
      .where(sql`car_id is not null`),
    check('maintenance_plans_target_ck', sql`(car_type_id is null) <> (car_id is null)`),
    check('maintenance_plans_interval_ck', sql`interval_km is not null or interval_months is not null`),
    check('maintenance_plans_km_ck', sql`interval_km is null or interval_km between 500 and 200000`),
    check('maintenance_plans_months_ck', sql`interval_months is null or interval_months between 1 and 60`),
  ],
);

/**
 * One row per car that has a plan: its service position, written only by `refreshDue` (due.repository.ts, one
 * set-based statement) and read by the due list through `maintenance_due_list_ix`. `due_on` is the day the car
 * counts as due (contracts `nextService`).
 */
export const maintenanceDue = pgTable(
  'maintenance_due',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    planId: bigintRef('plan_id').notNull(),
    lastServiceOn: localDate('last_service_on'),
    lastServiceKm: integer('last_service_km'),
    lastOrderId: bigintRef('last_order_id'),
    currentKm: integer('current_km').notNull(),
    kmSource: text('km_source').notNull(),
    kmReadAt: tstz('km_read_at'),
    nextDueOn: localDate('next_due_on'),
    nextDueKm: integer('next_due_km'),
    dueOn: localDate('due_on').notNull(),
    kmPerDay: numeric('km_per_day', { precision: 12, scale: 2, mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.carId] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.planId],
      foreignColumns: [maintenancePlans.tenantId, maintenancePlans.id],
    }).onDelete('cascade'),
    index('maintenance_due_list_ix').on(t.tenantId, t.rentId, t.dueOn, t.carId),
    // Also `maintenance_due_day_ix (tenant_id, due_on, car_id) INCLUDE (rent_id, next_due_on, next_due_km,
    // current_km)`, hand SQL of migration 0039 (drizzle has no INCLUDE): the list's order over several rents.
    check('maintenance_due_km_source_ck', sql`km_source in ('gps', 'car')`),
  ],
);

/**
 * A work order: a service, a repair, an accident repair, tyres, bodywork, a GPS install or repair, a preparation.
 * States along WORK_ORDER_TRANSITIONS (contracts); money in fen, `total_fen` = parts + labour of its lines.
 */
export const maintenanceWorkOrders = pgTable(
  'maintenance_work_orders',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    number: text('number').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    driverId: bigintRef('driver_id'),
    contractId: bigintRef('contract_id'),
    workshopId: bigintRef('workshop_id'),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('reported'),
    problem: text('problem').notNull(),
    accidentId: bigintRef('accident_id'),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mileageIn: integer('mileage_in'),
    mileageOut: integer('mileage_out'),
    plannedStart: localDate('planned_start').notNull(),
    plannedEnd: localDate('planned_end'),
    actualStart: tstz('actual_start'),
    actualEnd: tstz('actual_end'),
    estimateFen: bigint('estimate_fen', { mode: 'number' }).notNull().default(0),
    partsFen: bigint('parts_fen', { mode: 'number' }).notNull().default(0),
    labourFen: bigint('labour_fen', { mode: 'number' }).notNull().default(0),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull().default(0),
    payer: text('payer').notNull().default('company'),
    driverShareFen: bigint('driver_share_fen', { mode: 'number' }).notNull().default(0),
    insuranceShareFen: bigint('insurance_share_fen', { mode: 'number' }).notNull().default(0),
    approvalRequestId: bigintRef('approval_request_id'),
    /** idle or rented: where the car goes back at pick-up (or cancel) after the workshop. */
    carStatusBefore: text('car_status_before'),
    // GPS kinds (workMaintainOrder/create)
    deviceId: bigintRef('device_id'),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    appointmentAt: tstz('appointment_at'),
    cancelReason: text('cancel_reason'),
    createdBy: bigintRef('created_by'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: tstz('settled_at'),
    pickedUpAt: tstz('picked_up_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.contractId], foreignColumns: [rentalContracts.tenantId, rentalContracts.id] }),
    foreignKey({
      columns: [t.tenantId, t.workshopId],
      foreignColumns: [maintenanceWorkshops.tenantId, maintenanceWorkshops.id],
    }),
    foreignKey({ columns: [t.tenantId, t.accidentId], foreignColumns: [accidents.tenantId, accidents.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      columns: [t.tenantId, t.approvalRequestId],
      foreignColumns: [approvalRequests.tenantId, approvalRequests.id],
    }),
    foreignKey({ columns: [t.tenantId, t.deviceId], foreignColumns: [gpsDevices.tenantId, gpsDevices.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('maintenance_work_orders_number_uq').on(t.tenantId, t.number),
    index('maintenance_work_orders_rent_ix').on(t.tenantId, t.rentId, t.id),
    index('maintenance_work_orders_workshop_ix').on(t.tenantId, t.workshopId, t.id),
    index('maintenance_work_orders_car_ix').on(t.tenantId, t.carId, t.id),
    check('maintenance_work_orders_kind_ck', sql.raw(`kind in (${inList(MAINTENANCE_ORDER_KINDS)})`)),
    check('maintenance_work_orders_state_ck', sql.raw(`state in (${inList(MAINTENANCE_ORDER_STATES)})`)),
    check('maintenance_work_orders_payer_ck', sql.raw(`payer in (${inList(MAINTENANCE_PAYERS)})`)),
    check(
      'maintenance_work_orders_mileage_ck',
      sql`mileage_out is null or mileage_in is null or mileage_out >= mileage_in`,
    ),
    check(
      'maintenance_work_orders_shares_ck',
      sql`driver_share_fen >= 0 and insurance_share_fen >= 0 and driver_share_fen + insurance_share_fen <= total_fen`,
    ),
    check(
      'maintenance_work_orders_status_before_ck',
      sql`car_status_before is null or car_status_before in ('idle', 'rented')`,
    ),
  ],
);

/** The parts and labour of a work order (replaced as a whole while approved or in the workshop). */
export const maintenanceOrderLines = pgTable(
  'maintenance_order_lines',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    orderId: bigintRef('order_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    partNo: text('part_no'),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }),
    hours: numeric('hours', { precision: 6, scale: 2, mode: 'number' }),
    /** Parts: the unit price; labour: the rate per hour. */
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }),
    rateFen: bigint('rate_fen', { mode: 'number' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.orderId],
      foreignColumns: [maintenanceWorkOrders.tenantId, maintenanceWorkOrders.id],
    }).onDelete('cascade'),
    index('maintenance_order_lines_order_ix').on(t.tenantId, t.orderId),
    check('maintenance_order_lines_kind_ck', sql.raw(`kind in (${inList(MAINTENANCE_LINE_KINDS)})`)),
    check(
      'maintenance_order_lines_shape_ck',
      sql`(kind = 'part' and quantity is not null and unit_price_fen is not null) or (kind = 'labour' and hours is not null and rate_fen is not null)`,
    ),
  ],
);

/** A work order's timeline; texts stored as keys (maintenance.messages.ts). */
export const maintenanceOrderEvents = pgTable(
  'maintenance_order_events',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    orderId: bigintRef('order_id').notNull(),
    kind: text('kind').notNull(),
    textKey: text('text_key').notNull(),
    textParams: jsonb('text_params').$type<Record<string, unknown>>().notNull().default({}),
    userId: bigintRef('user_id'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.orderId],
      foreignColumns: [maintenanceWorkOrders.tenantId, maintenanceWorkOrders.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('maintenance_order_events_order_ix').on(t.tenantId, t.orderId, t.id),
  ],
);

/** Per-tenant, per-day sequence of work order numbers (`WX` + yyyymmdd + 4 digits). */
export const maintenanceOrderNumbers = pgTable(
  'maintenance_order_numbers',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    day: localDate('day').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

/**
 * The version of a tenant's due list: a statement trigger on maintenance_due bumps it (migration 0039), the due
 * list keeps its totals per filter while it stays (core/count-cache.ts). No foreign key: a trigger writes it.
 */
export const maintenanceDueVersions = pgTable('maintenance_due_versions', {
  tenantId: bigintRef('tenant_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
