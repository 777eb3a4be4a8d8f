import { sql } from 'drizzle-orm';
import {
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
import { bigintRef, createdAt, idColumn, inList, tstz } from './columns.js';
import { tenants } from './tenancy.js';

export const TASK_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

/**
 * A background task and its progress (DESIGN.md section 8). The items of the task are the unit of work and
 * of crash recovery; the lease says which worker processes the task now.
 */
export const taskProgress = pgTable(
  'task_progress',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    /** What the task works on, e.g. `smsBatch:12`; the web's completion call names it. */
    targetId: text('target_id').notNull(),
    kind: text('kind').notNull(),
    /** 1 SMS sending, 2 violation query, 3 import, 4 export. */
    category: integer('category').notNull(),
    title: text('title').notNull(),
    state: text('state').notNull().default('queued'),
    total: integer('total').notNull(),
    processedNum: integer('processed_num').notNull().default(0),
    successNum: integer('success_num').notNull().default(0),
    failNum: integer('fail_num').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    createdBy: bigintRef('created_by').notNull(),
    createdAt: createdAt(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    /** Set by the completion call (or remove): the task no longer shows in the caller's list. */
    acknowledgedAt: tstz('acknowledged_at'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    leaseOwner: text('lease_owner'),
    leaseUntil: tstz('lease_until'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('task_progress_target_uq').on(t.tenantId, t.targetId),
    index('task_progress_user_ix').on(t.tenantId, t.createdBy, t.acknowledgedAt),
    index('task_progress_unfinished_ix').on(t.state),
    check('task_progress_state_ck', sql.raw(`state in (${inList(TASK_STATES)})`)),
  ],
);

export const TASK_ITEM_STATES = ['pending', 'done', 'failed'] as const;

/** One unit of a task's work. An item is done or failed exactly once; a restarted task takes the pending ones. */
export const taskItems = pgTable(
  'task_items',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    taskId: bigintRef('task_id').notNull(),
    seq: integer('seq').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state').notNull().default('pending'),
    result: jsonb('result'),
    updatedAt: tstz('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.seq] }),
    index('task_items_pending_ix').on(t.tenantId, t.taskId, t.state, t.seq),
    foreignKey({ columns: [t.tenantId, t.taskId], foreignColumns: [taskProgress.tenantId, taskProgress.id] }).onDelete(
      'cascade',
    ),
    check('task_items_state_ck', sql.raw(`state in (${inList(TASK_ITEM_STATES)})`)),
  ],
);
