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
import type { FlowInput, HistoryEntry, RequestDetail } from '@fleetdesk/contracts/approvals';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { departments, users } from './identity.js';
import { rents, tenants } from './tenancy.js';

/** A flow version's steps and copies, as the flow form saved them. */
export type ApprovalFlowDefinition = Pick<FlowInput, 'steps' | 'copyUserIds'>;
/** A request's form: the type's fields by name. */
export type ApprovalFormValues = Record<string, string | number | null>;
/** A step of a running request's plan, resolved to approvers when it was submitted. */
export interface ApprovalPlanStep {
  index: number;
  name: string;
  mode: 'any' | 'all';
  approverIds: number[];
  state: 'waiting' | 'current' | 'done' | 'skipped' | 'rejected';
}

// ---------------------------------------------------------------------------------------------------------
// Approvals

/** The head of a department: approves the "department head" steps of its staff's requests. */
export const departmentHeads = pgTable(
  'department_heads',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    departmentId: bigintRef('department_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.departmentId] }),
    foreignKey({
      columns: [t.tenantId, t.departmentId],
      foreignColumns: [departments.tenantId, departments.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** A tenant's approval flow of one business type; its definition lives in versions (a running request keeps its own). */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    businessType: text('business_type').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The current version number (the newest row of approval_flow_versions). */
    version: integer('version').notNull().default(1),
    updatedBy: bigintRef('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('approval_flows_type_uq').on(t.tenantId, t.businessType),
  ],
);

/** Each saved edit of a flow: its steps and copy-to people, as checked by the `FlowInput` contract. */
export const approvalFlowVersions = pgTable(
  'approval_flow_versions',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    flowId: bigintRef('flow_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<ApprovalFlowDefinition>().notNull(),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('approval_flow_versions_uq').on(t.tenantId, t.flowId, t.version),
    foreignKey({
      columns: [t.tenantId, t.flowId],
      foreignColumns: [approvalFlows.tenantId, approvalFlows.id],
    }).onDelete('cascade'),
  ],
);

export const APPROVAL_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'withdrawn'] as const;

/** A request for approval: what it is about, its form, and where it stands in the flow version it runs. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    businessType: text('business_type').notNull(),
    /** The business record it is about (an area's id or number), when an area started it. */
    businessId: text('business_id'),
    rentId: bigintRef('rent_id'),
    applicantId: bigintRef('applicant_id').notNull(),
    departmentId: bigintRef('department_id'),
    summary: text('summary').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    form: jsonb('form').$type<ApprovalFormValues>().notNull().default({}),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    status: text('status').$type<RequestDetail['status']>().notNull().default('draft'),
    flowVersionId: bigintRef('flow_version_id'),
    /** Resolved steps of the running flow version: index, name, mode, approver ids, state. */
    plan: jsonb('plan').$type<ApprovalPlanStep[]>().notNull().default([]),
    currentStep: integer('current_step'),
    /** How many times it was submitted (a resubmission starts run n + 1 with the flow's version of then). */
    run: integer('run').notNull().default(0),
    submittedAt: tstz('submitted_at'),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.applicantId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({
      columns: [t.tenantId, t.departmentId],
      foreignColumns: [departments.tenantId, departments.id],
    }).onDelete('set null'),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({
      columns: [t.tenantId, t.flowVersionId],
      foreignColumns: [approvalFlowVersions.tenantId, approvalFlowVersions.id],
    }),
    index('approval_requests_applicant_ix').on(t.tenantId, t.applicantId, t.createdAt),
    index('approval_requests_business_ix').on(t.tenantId, t.businessType, t.businessId),
    check('approval_requests_status_ck', sql.raw(`status in (${inList(APPROVAL_STATUSES)})`)),
  ],
);

/**
 * One approver's part in one step of one run of a request. `open` while the step is current and he has not
 * decided; the unique key makes one decision per person per step and run.
 */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    requestId: bigintRef('request_id').notNull(),
    /** Which submission of the request (resubmitting starts a new run). */
    run: integer('run').notNull(),
    stepIndex: integer('step_index').notNull(),
    approverId: bigintRef('approver_id').notNull(),
    open: boolean('open').notNull().default(true),
    decision: text('decision').$type<'approved' | 'rejected'>(),
    comment: text('comment'),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('approval_tasks_uq').on(t.tenantId, t.requestId, t.run, t.stepIndex, t.approverId),
    // The waiting box: an approver's open tasks, newest first.
    index('approval_tasks_waiting_ix')
      .on(t.tenantId, t.approverId, t.createdAt, t.id)
      .where(sql`open`),
    index('approval_tasks_handled_ix').on(t.tenantId, t.approverId, t.decidedAt),
    foreignKey({
      columns: [t.tenantId, t.requestId],
      foreignColumns: [approvalRequests.tenantId, approvalRequests.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.approverId], foreignColumns: [users.tenantId, users.id] }),
    check('approval_tasks_decision_ck', sql`decision is null or decision in ('approved', 'rejected')`),
  ],
);

/** What happened to a request, in order. */
export const approvalHistory = pgTable(
  'approval_history',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    requestId: bigintRef('request_id').notNull(),
    action: text('action').$type<HistoryEntry['action']>().notNull(),
    stepIndex: integer('step_index'),
    stepName: text('step_name'),
    actorId: bigintRef('actor_id'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('approval_history_request_ix').on(t.tenantId, t.requestId),
    foreignKey({
      columns: [t.tenantId, t.requestId],
      foreignColumns: [approvalRequests.tenantId, approvalRequests.id],
    }).onDelete('cascade'),
  ],
);

/** People a request is copied to (the flow's copy-to list when it was submitted). */
export const approvalCopies = pgTable(
  'approval_copies',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    requestId: bigintRef('request_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.requestId, t.userId] }),
    index('approval_copies_user_ix').on(t.tenantId, t.userId),
    foreignKey({
      columns: [t.tenantId, t.requestId],
      foreignColumns: [approvalRequests.tenantId, approvalRequests.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Cost centres

export const COST_CENTRE_KINDS = ['company', 'rent', 'department', 'carGroup'] as const;

export const costCentres = pgTable(
  'cost_centres',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    parentId: bigintRef('parent_id'),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('cost_centres_code_uq').on(t.tenantId, t.code),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    check('cost_centres_kind_ck', sql.raw(`kind in (${inList(COST_CENTRE_KINDS)})`)),
  ],
);

/** A cost booked to a centre; (source type, source id) is unique, so posting the same cost twice books it once. */
export const costPostings = pgTable(
  'cost_postings',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    centreId: bigintRef('centre_id').notNull(),
    category: text('category').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('cost_postings_source_uq').on(t.tenantId, t.sourceType, t.sourceId),
    index('cost_postings_centre_ix').on(t.tenantId, t.centreId, t.occurredOn),
    foreignKey({ columns: [t.tenantId, t.centreId], foreignColumns: [costCentres.tenantId, costCentres.id] }),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Attendance

/** Working days and hours of a department (or, with no department, of everyone not covered by one). */
export const attendanceShifts = pgTable(
  'attendance_shifts',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    departmentId: bigintRef('department_id'),
    name: text('name').notNull(),
    /** ISO weekdays worked, 1 = Monday ... 7 = Sunday. */
    workDays: jsonb('work_days').notNull().default([1, 2, 3, 4, 5]),
    /** Local times, HH:MM. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** Minutes after the start (before the end) still on time. */
    graceMinutes: integer('grace_minutes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('attendance_shifts_department_uq').on(t.tenantId, sql`coalesce(${t.departmentId}, 0)`),
    foreignKey({
      columns: [t.tenantId, t.departmentId],
      foreignColumns: [departments.tenantId, departments.id],
    }).onDelete('cascade'),
  ],
);

export const CLOCK_KINDS = ['in', 'out'] as const;
export const CLOCK_SOURCES = ['web', 'mobile', 'import'] as const;

/** A clock-in or clock-out with where it was made. */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    userId: bigintRef('user_id').notNull(),
    kind: text('kind').notNull(),
    at: tstz('at').notNull(),
    /** The tenant-local day the record counts for. */
    day: date('day', { mode: 'string' }).notNull(),
    latitude: text('latitude'),
    longitude: text('longitude'),
    address: text('address'),
    source: text('source').notNull(),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('attendance_records_user_day_ix').on(t.tenantId, t.userId, t.day),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    check('attendance_records_kind_ck', sql.raw(`kind in (${inList(CLOCK_KINDS)})`)),
    check('attendance_records_source_ck', sql.raw(`source in (${inList(CLOCK_SOURCES)})`)),
  ],
);

export const ABSENCE_KINDS = ['leave', 'trip'] as const;

/** Leave and business trips, made by approved requests. */
export const attendanceAbsences = pgTable(
  'attendance_absences',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    userId: bigintRef('user_id').notNull(),
    kind: text('kind').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    requestId: bigintRef('request_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('attendance_absences_request_uq').on(t.tenantId, t.requestId),
    index('attendance_absences_user_ix').on(t.tenantId, t.userId, t.startsOn),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({
      columns: [t.tenantId, t.requestId],
      foreignColumns: [approvalRequests.tenantId, approvalRequests.id],
    }),
    check('attendance_absences_kind_ck', sql.raw(`kind in (${inList(ABSENCE_KINDS)})`)),
  ],
);
