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
import { rents, tenants } from './tenancy.js';

/**
 * Fleet teams (issue 34, migration 0042; docs/teams.md). The enums repeat the contracts' lists
 * (`@fleetdesk/contracts/teams`). `drivers.team_id` and `cars.team_id` say where a driver or a car is now (the
 * lower areas filter a team leader's lists by them); `team_members` keeps every stay of a driver in a node.
 */
export const TEAM_KINDS = ['fleet', 'team'] as const;

/**
 * A node of the tree: a fleet (车队, no parent) under its company (the rent), or a team (小组) under a fleet of the
 * same rent. Its leader is an employee or a driver (车队长), or nobody yet. Soft-deleted.
 */
export const teams = pgTable(
  'teams',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    parentId: bigintRef('parent_id'),
    kind: text('kind').$type<(typeof TEAM_KINDS)[number]>().notNull(),
    name: text('name').notNull(),
    leaderUserId: bigintRef('leader_user_id'),
    leaderDriverId: bigintRef('leader_driver_id'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(0),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.leaderUserId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.leaderDriverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    // A name once among the live nodes of one parent (fleets: of one rent).
    uniqueIndex('teams_name_uq')
      .on(t.tenantId, t.rentId, sql`coalesce(parent_id, 0)`, t.name)
      .where(sql`deleted_at is null`),
    index('teams_parent_ix').on(t.tenantId, t.parentId),
    index('teams_leader_user_ix')
      .on(t.tenantId, t.leaderUserId)
      .where(sql`leader_user_id is not null and deleted_at is null`),
    index('teams_leader_driver_ix')
      .on(t.tenantId, t.leaderDriverId)
      .where(sql`leader_driver_id is not null and deleted_at is null`),
    check('teams_kind_ck', sql.raw(`kind in (${inList(TEAM_KINDS)})`)),
    check('teams_shape_ck', sql`(kind = 'fleet') = (parent_id is null)`),
    check('teams_leader_ck', sql`leader_user_id is null or leader_driver_id is null`),
  ],
);

/**
 * A driver's stay in a node: joined (by whom, why) and left (null: still there). One open stay per driver, held
 * by the database; `drivers.team_id` is the open stay's node.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    teamId: bigintRef('team_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    joinedAt: tstz('joined_at').notNull(),
    joinReason: text('join_reason'),
    joinedBy: bigintRef('joined_by'),
    leftAt: tstz('left_at'),
    leaveReason: text('leave_reason'),
    leftBy: bigintRef('left_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teams.tenantId, teams.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.joinedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.leftBy], foreignColumns: [users.tenantId, users.id] }),
    uniqueIndex('team_members_open_uq')
      .on(t.tenantId, t.driverId)
      .where(sql`left_at is null`),
    index('team_members_team_ix').on(t.tenantId, t.teamId, t.joinedAt),
    index('team_members_driver_ix').on(t.tenantId, t.driverId, t.joinedAt),
    check('team_members_left_ck', sql`left_at is null or left_at >= joined_at`),
  ],
);

export const FLOW_PLATFORMS = ['didi', 'gaode', 'caocao', 't3', 'meituan', 'other'] as const;
export const FLOW_SOURCES = ['import', 'api'] as const;

/**
 * A driver's day on a ride-hailing platform (issue 34, migration 0043): online minutes, orders, flow (营业流水), from
 * the `driver_flow` import or a platform adapter. One row per driver, day and platform: a later import of the same
 * day replaces it. `rent_id` is the driver's company when it was written (the lists filter by it).
 */
export const driverFlowDays = pgTable(
  'driver_flow_days',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    driverId: bigintRef('driver_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').$type<(typeof FLOW_PLATFORMS)[number]>().notNull(),
    onlineMinutes: integer('online_minutes').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    flowFen: bigint('flow_fen', { mode: 'number' }).notNull().default(0),
    source: text('source').$type<(typeof FLOW_SOURCES)[number]>().notNull(),
    /** `imp:<import>:<row>` of the import that wrote it last: a resumed import finds the rows it wrote. */
    importRef: text('import_ref'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    uniqueIndex('driver_flow_days_uq').on(t.tenantId, t.driverId, t.day, t.platform),
    index('driver_flow_days_day_ix').on(t.tenantId, t.day, t.rentId),
    uniqueIndex('driver_flow_days_import_ref_uq')
      .on(t.tenantId, t.importRef)
      .where(sql`import_ref is not null`),
    check('driver_flow_days_platform_ck', sql.raw(`platform in (${inList(FLOW_PLATFORMS)})`)),
    check('driver_flow_days_source_ck', sql.raw(`source in (${inList(FLOW_SOURCES)})`)),
    check('driver_flow_days_values_ck', sql`online_minutes between 0 and 1440 and orders >= 0 and flow_fen >= 0`),
  ],
);

export const STATEMENT_STATES = ['draft', 'pending', 'approved', 'rejected'] as const;

/** A node's commission rule (issue 34, migration 0044): money in fen, percentages in tenths of a percent. */
export const teamCommissionRules = pgTable(
  'team_commission_rules',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    teamId: bigintRef('team_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    flowTargetFen: bigint('flow_target_fen', { mode: 'number' }).notNull().default(0),
    flowSharePermille: integer('flow_share_permille').notNull().default(0),
    onTimeBonusFen: bigint('on_time_bonus_fen', { mode: 'number' }).notNull().default(0),
    violationPenaltyFen: bigint('violation_penalty_fen', { mode: 'number' }).notNull().default(0),
    accidentPenaltyFen: bigint('accident_penalty_fen', { mode: 'number' }).notNull().default(0),
    leaderPermille: integer('leader_permille').notNull().default(0),
    costCentreId: bigintRef('cost_centre_id'),
    updatedBy: bigintRef('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamId] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teams.tenantId, teams.id] }),
    check(
      'team_commission_rules_values_ck',
      sql`flow_target_fen >= 0 and flow_share_permille between 0 and 1000 and on_time_bonus_fen >= 0
        and violation_penalty_fen >= 0 and accident_penalty_fen >= 0 and leader_permille between 0 and 200`,
    ),
  ],
);

/**
 * A node's monthly statement: computed (draft) by the monthly job or by hand, sent for approval (pending), then
 * approved (its lines applied to the drivers' contracts, the leader's commission posted) or rejected (computed
 * again and resent). One per node and month. `rule` keeps the terms it was computed with.
 */
export const teamStatements = pgTable(
  'team_statements',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    teamId: bigintRef('team_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    month: text('month').notNull(),
    state: text('state').$type<(typeof STATEMENT_STATES)[number]>().notNull().default('draft'),
    rule: jsonb('rule').notNull(),
    drivers: integer('drivers').notNull().default(0),
    flowFen: bigint('flow_fen', { mode: 'number' }).notNull().default(0),
    rewardFen: bigint('reward_fen', { mode: 'number' }).notNull().default(0),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull().default(0),
    netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
    leaderUserId: bigintRef('leader_user_id'),
    leaderDriverId: bigintRef('leader_driver_id'),
    leaderFen: bigint('leader_fen', { mode: 'number' }).notNull().default(0),
    approvalId: bigintRef('approval_id'),
    computedAt: tstz('computed_at').notNull(),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teams.tenantId, teams.id] }),
    uniqueIndex('team_statements_month_uq').on(t.tenantId, t.teamId, t.month),
    index('team_statements_month_ix').on(t.tenantId, t.month),
    check('team_statements_state_ck', sql.raw(`state in (${inList(STATEMENT_STATES)})`)),
  ],
);

/** A driver's line of a statement; `bill_line_id` is the contract line its net became once approved. */
export const teamStatementLines = pgTable(
  'team_statement_lines',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    statementId: bigintRef('statement_id').notNull(),
    driverId: bigintRef('driver_id').notNull(),
    teamId: bigintRef('team_id'),
    flowFen: bigint('flow_fen', { mode: 'number' }).notNull().default(0),
    rentLines: integer('rent_lines').notNull().default(0),
    onTimeLines: integer('on_time_lines').notNull().default(0),
    violations: integer('violations').notNull().default(0),
    accidents: integer('accidents').notNull().default(0),
    shareFen: bigint('share_fen', { mode: 'number' }).notNull().default(0),
    bonusFen: bigint('bonus_fen', { mode: 'number' }).notNull().default(0),
    penaltyFen: bigint('penalty_fen', { mode: 'number' }).notNull().default(0),
    netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
    contractId: bigintRef('contract_id'),
    billLineId: bigintRef('bill_line_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.statementId, t.driverId] }),
    foreignKey({
      columns: [t.tenantId, t.statementId],
      foreignColumns: [teamStatements.tenantId, teamStatements.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
  ],
);

export const FLOW_SYNC_STATES = ['done', 'failed'] as const;

/**
 * One sync of a platform's driver days through the platform adapter (issue 34, migration 0046): by a user, or by the
 * daily job (`created_by` null); what the platform answered, what was written, the phones that are no driver of the
 * fleet (a few kept, masked), or the failure.
 */
export const teamFlowSyncs = pgTable(
  'team_flow_syncs',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    platform: text('platform').$type<(typeof FLOW_PLATFORMS)[number]>().notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    state: text('state').$type<(typeof FLOW_SYNC_STATES)[number]>().notNull(),
    fetched: integer('fetched').notNull().default(0),
    written: integer('written').notNull().default(0),
    unknown: integer('unknown').notNull().default(0),
    unknownPhones: text('unknown_phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    error: text('error'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    index('team_flow_syncs_platform_ix').on(t.tenantId, t.platform, t.id),
    check('team_flow_syncs_platform_ck', sql.raw(`platform in (${inList(FLOW_PLATFORMS)})`)),
    check('team_flow_syncs_state_ck', sql.raw(`state in (${inList(FLOW_SYNC_STATES)})`)),
  ],
);
