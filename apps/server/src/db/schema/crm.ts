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
import { users } from './identity.js';
import { labels } from './organisation.js';
import { smsBatches } from './sms-notices.js';
import { rents, tenants } from './tenancy.js';

/**
 * CRM and surveys (issue 32, migration 0040; docs/crm.md). The enums repeat the contracts' lists
 * (`@fleetdesk/contracts/crm`, `@fleetdesk/contracts/surveys`); the check constraints keep the database honest.
 */
export const CRM_LEAD_KINDS = ['person', 'company'] as const;
export const CRM_LEAD_SOURCES = ['walkIn', 'phone', 'referral', 'platform', 'onlineForm', 'import'] as const;
export const CRM_LEAD_INTENTS = ['strong', 'medium', 'weak'] as const;
export const CRM_CONTRACT_KINDS = ['longTerm', 'rentToOwn', 'shortTerm'] as const;
export const CRM_LEAD_STATES = ['new', 'following', 'won', 'lost', 'paused'] as const;
/** The open states: the phone is unique among them, they can be owned, followed up, returned and converted. */
export const CRM_OPEN_STATES = ['new', 'following', 'paused'] as const;
export const CRM_FOLLOW_UP_WAYS = ['phone', 'sms', 'wechat', 'visit'] as const;
export const CRM_OWNER_ACTIONS = ['create', 'claim', 'assign', 'release', 'return', 'convert'] as const;
export const SURVEY_STATES = ['draft', 'published', 'closed'] as const;

/** `state in ('new', 'following', 'paused')`, the open leads (partial indexes). */
const OPEN = sql.raw(`state in (${inList(CRM_OPEN_STATES)})`);

/**
 * A lead (线索): a person or company that may rent, in a rent (branch), owned by an employee or in the pool
 * (`owner_id` null). Soft-deleted. Its phone is unique among the tenant's open leads. `owner_since` and
 * `last_follow_up_at` decide the return to the pool (crm.poolDays); `follow_up_reminded_at` equals
 * `next_follow_up_at` once the overdue reminder for that time went out.
 */
export const crmLeads = pgTable(
  'crm_leads',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    kind: text('kind').$type<(typeof CRM_LEAD_KINDS)[number]>().notNull().default('person'),
    name: text('name').notNull(),
    companyName: text('company_name'),
    phone: text('phone').notNull(),
    source: text('source').$type<(typeof CRM_LEAD_SOURCES)[number]>().notNull(),
    intent: text('intent').$type<(typeof CRM_LEAD_INTENTS)[number]>().notNull().default('medium'),
    wantedCar: text('wanted_car'),
    /** Monthly rent budget. */
    budgetFen: bigint('budget_fen', { mode: 'number' }),
    contractKind: text('contract_kind').$type<(typeof CRM_CONTRACT_KINDS)[number]>(),
    ownerId: bigintRef('owner_id'),
    ownerSince: tstz('owner_since'),
    state: text('state').$type<(typeof CRM_LEAD_STATES)[number]>().notNull().default('new'),
    lostReason: text('lost_reason'),
    nextFollowUpAt: tstz('next_follow_up_at'),
    followUpRemindedAt: tstz('follow_up_reminded_at'),
    lastFollowUpAt: tstz('last_follow_up_at'),
    /** At most 60 characters of the last follow-up's content. */
    lastFollowUpText: text('last_follow_up_text'),
    followUpCount: integer('follow_up_count').notNull().default(0),
    /** Set on conversion. */
    driverId: bigintRef('driver_id'),
    wonAt: tstz('won_at'),
    remark: text('remark'),
    /** The submitter's address (online form). */
    formIp: text('form_ip'),
    /** `imp:<import>:<row>` of the import that created the lead: a resumed import finds the rows it wrote. */
    importRef: text('import_ref'),
    /** Null: the online form. */
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(0),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    // One open lead per phone in the tenant (two racing creations: the second gets 409 crm.duplicatePhone).
    uniqueIndex('crm_leads_phone_uq')
      .on(t.tenantId, t.phone)
      .where(sql`${OPEN} and deleted_at is null`),
    uniqueIndex('crm_leads_import_ref_uq')
      .on(t.tenantId, t.importRef)
      .where(sql`import_ref is not null`),
    // Lists, newest first (500,000 leads): all, mine (owner), pool, one rent. Ascending btrees read backwards give
    // `order by created_at desc, id desc` (a DESC index would be NULLS LAST and not match the default DESC order).
    index('crm_leads_created_ix')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index('crm_leads_owner_ix')
      .on(t.tenantId, t.ownerId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index('crm_leads_pool_ix')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`owner_id is null and deleted_at is null`),
    index('crm_leads_rent_ix')
      .on(t.tenantId, t.rentId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    // Follow-ups due (the job across owners; one owner's today / overdue list).
    index('crm_leads_next_ix')
      .on(t.tenantId, t.nextFollowUpAt)
      .where(sql`${OPEN} and deleted_at is null`),
    index('crm_leads_owner_next_ix')
      .on(t.tenantId, t.ownerId, t.nextFollowUpAt)
      .where(sql`${OPEN} and deleted_at is null`),
    index('crm_leads_driver_ix')
      .on(t.tenantId, t.driverId)
      .where(sql`driver_id is not null`),
    // Keyword: prefix of the name, the company or the phone.
    index('crm_leads_name_trgm_ix').using('gin', t.name.op('gin_trgm_ops')),
    index('crm_leads_company_trgm_ix').using('gin', t.companyName.op('gin_trgm_ops')),
    index('crm_leads_phone_trgm_ix').using('gin', t.phone.op('gin_trgm_ops')),
    check('crm_leads_kind_ck', sql.raw(`kind in (${inList(CRM_LEAD_KINDS)})`)),
    check('crm_leads_source_ck', sql.raw(`source in (${inList(CRM_LEAD_SOURCES)})`)),
    check('crm_leads_intent_ck', sql.raw(`intent in (${inList(CRM_LEAD_INTENTS)})`)),
    check(
      'crm_leads_contract_kind_ck',
      sql.raw(`contract_kind is null or contract_kind in (${inList(CRM_CONTRACT_KINDS)})`),
    ),
    check('crm_leads_state_ck', sql.raw(`state in (${inList(CRM_LEAD_STATES)})`)),
    check('crm_leads_budget_ck', sql`budget_fen is null or budget_fen >= 0`),
    check('crm_leads_lost_ck', sql`state <> 'lost' or lost_reason is not null`),
    check('crm_leads_won_ck', sql`state <> 'won' or (won_at is not null and driver_id is not null)`),
    check('crm_leads_owner_since_ck', sql`owner_id is null or owner_since is not null`),
  ],
);

/** Labels of kind `customer` on leads. */
export const crmLeadLabels = pgTable(
  'crm_lead_labels',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    leadId: bigintRef('lead_id').notNull(),
    labelId: bigintRef('label_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.leadId, t.labelId] }),
    index('crm_lead_labels_label_ix').on(t.tenantId, t.labelId, t.leadId),
    foreignKey({ columns: [t.tenantId, t.leadId], foreignColumns: [crmLeads.tenantId, crmLeads.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.labelId], foreignColumns: [labels.tenantId, labels.id] }).onDelete('cascade'),
  ],
);

/** A follow-up (跟进) of a lead: when, how, what, and the next step. */
export const crmFollowUps = pgTable(
  'crm_follow_ups',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    leadId: bigintRef('lead_id').notNull(),
    userId: bigintRef('user_id').notNull(),
    /** When it happened (not after its creation). */
    at: tstz('at').notNull(),
    way: text('way').$type<(typeof CRM_FOLLOW_UP_WAYS)[number]>().notNull(),
    content: text('content').notNull(),
    nextStep: text('next_step'),
    nextAt: tstz('next_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.leadId], foreignColumns: [crmLeads.tenantId, crmLeads.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('crm_follow_ups_lead_ix').on(t.tenantId, t.leadId, t.at, t.id),
    index('crm_follow_ups_user_ix').on(t.tenantId, t.userId, t.at, t.id),
    check('crm_follow_ups_way_ck', sql.raw(`way in (${inList(CRM_FOLLOW_UP_WAYS)})`)),
    check('crm_follow_ups_next_ck', sql`next_at is null or next_at > at`),
  ],
);

/**
 * Who owned a lead when: every create, claim, assign, release, return (the job) and convert. The claim limit counts
 * the `claim` rows of `by_user` in the tenant day; the funnel counts pool inflow (`return`) and outflow (`claim`).
 */
export const crmOwnerLog = pgTable(
  'crm_owner_log',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    leadId: bigintRef('lead_id').notNull(),
    action: text('action').$type<(typeof CRM_OWNER_ACTIONS)[number]>().notNull(),
    fromUser: bigintRef('from_user'),
    toUser: bigintRef('to_user'),
    /** Null: the job or the online form. */
    byUser: bigintRef('by_user'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.leadId], foreignColumns: [crmLeads.tenantId, crmLeads.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.fromUser], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.toUser], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.byUser], foreignColumns: [users.tenantId, users.id] }),
    index('crm_owner_log_lead_ix').on(t.tenantId, t.leadId, t.at),
    index('crm_owner_log_by_ix').on(t.tenantId, t.byUser, t.action, t.at),
    index('crm_owner_log_action_ix').on(t.tenantId, t.action, t.at),
    check('crm_owner_log_action_ck', sql.raw(`action in (${inList(CRM_OWNER_ACTIONS)})`)),
  ],
);

/** The tenant's public lead form (one per tenant): `/survey/lead/{key}`. */
export const crmForms = pgTable(
  'crm_forms',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** 24 characters of base64url, unique over all tenants (the address names no tenant). */
    key: text('key').notNull(),
    rentId: bigintRef('rent_id'),
    /** Null: submitted leads enter the pool. */
    ownerId: bigintRef('owner_id'),
    enabled: boolean('enabled').notNull().default(false),
    updatedBy: bigintRef('updated_by'),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId] }),
    uniqueIndex('crm_forms_key_uq').on(t.key),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.ownerId], foreignColumns: [users.tenantId, users.id] }),
    check('crm_forms_enabled_ck', sql`not enabled or rent_id is not null`),
  ],
);

export interface SurveyQuestionRow {
  id: string;
  kind: 'single' | 'multiple' | 'rating' | 'text';
  title: string;
  required: boolean;
  options: string[];
}
export type SurveyAnswerValue = string | string[] | number;

/** A survey (问卷): draft → published → closed; only a draft's questions change. */
export const surveys = pgTable(
  'surveys',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    title: text('title').notNull(),
    intro: text('intro'),
    state: text('state').$type<(typeof SURVEY_STATES)[number]>().notNull().default('draft'),
    questions: jsonb('questions').$type<SurveyQuestionRow[]>().notNull().default([]),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: tstz('published_at'),
    closedAt: tstz('closed_at'),
    version: integer('version').notNull().default(0),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    index('surveys_created_ix')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    check('surveys_state_ck', sql.raw(`state in (${inList(SURVEY_STATES)})`)),
  ],
);

/** An invitation: one person (a driver or a lead, exactly one), one personal link valid until `expires_at`. */
export const surveyInvites = pgTable(
  'survey_invites',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    surveyId: bigintRef('survey_id').notNull(),
    driverId: bigintRef('driver_id'),
    leadId: bigintRef('lead_id'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    sentAt: tstz('sent_at'),
    openedAt: tstz('opened_at'),
    answeredAt: tstz('answered_at'),
    /** The SMS notice (batch) that carried the link. */
    noticeId: bigintRef('notice_id'),
    createdBy: bigintRef('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.surveyId], foreignColumns: [surveys.tenantId, surveys.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [drivers.tenantId, drivers.id] }),
    foreignKey({ columns: [t.tenantId, t.leadId], foreignColumns: [crmLeads.tenantId, crmLeads.id] }),
    foreignKey({ columns: [t.tenantId, t.noticeId], foreignColumns: [smsBatches.tenantId, smsBatches.id] }).onDelete(
      'set null',
    ),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    index('survey_invites_survey_ix').on(t.tenantId, t.surveyId, t.id),
    index('survey_invites_driver_ix')
      .on(t.tenantId, t.driverId)
      .where(sql`driver_id is not null`),
    index('survey_invites_lead_ix')
      .on(t.tenantId, t.leadId)
      .where(sql`lead_id is not null`),
    check('survey_invites_person_ck', sql`(driver_id is null) <> (lead_id is null)`),
  ],
);

/** The answers of one invitation (at most one). */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    surveyId: bigintRef('survey_id').notNull(),
    inviteId: bigintRef('invite_id').notNull(),
    answers: jsonb('answers').$type<Record<string, SurveyAnswerValue>>().notNull(),
    submittedAt: tstz('submitted_at').notNull().defaultNow(),
    /** Time spent on the page, from the page. */
    seconds: integer('seconds'),
    ip: text('ip'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('survey_answers_invite_uq').on(t.tenantId, t.inviteId),
    foreignKey({ columns: [t.tenantId, t.surveyId], foreignColumns: [surveys.tenantId, surveys.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.inviteId],
      foreignColumns: [surveyInvites.tenantId, surveyInvites.id],
    }).onDelete('cascade'),
    index('survey_answers_survey_ix').on(t.tenantId, t.surveyId, t.submittedAt),
  ],
);
