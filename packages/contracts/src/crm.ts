import { z } from 'zod';
import {
  Id,
  Instant,
  LocalDate,
  MobilePhone,
  PageQuery,
  Version,
  YearMonth,
  paged,
  yuan,
  type LocalText,
} from './common.js';
import { DriverInput } from './drivers.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * CRM (issue 32; docs/crm.md): leads (线索), their follow-ups (跟进), the pool (公海) with claim, assign, release
 * and the hourly return job, conversion into a driver, the funnel report, the lead import/export and the tenant's
 * public lead form. Money is yuan on the wire (fen in the database). Surveys live in `./surveys.ts`.
 */
const base = '/api/ccwadmin';
const open = '/api/open';

export const CrmPaths = {
  // leads
  leadList: `${base}/crmLead/list`,
  leadGet: `${base}/crmLead/get/:id`,
  leadCreate: `${base}/crmLead/create`,
  /** PUT with id and version. */
  leadUpdate: `${base}/crmLead/update`,
  leadDelete: `${base}/crmLead/delete/:id`,
  leadState: `${base}/crmLead/state/:id`,
  leadClaim: `${base}/crmLead/claim`,
  leadAssign: `${base}/crmLead/assign`,
  leadRelease: `${base}/crmLead/release/:id`,
  leadConvert: `${base}/crmLead/convert/:id`,
  /** Same filters as the list, without paging. */
  leadExport: `${base}/crmLead/export`,
  /** Employees who may own leads (filters, assign dialog). */
  leadOwners: `${base}/crmLead/owners`,
  // follow-ups
  followUpCreate: `${base}/crmFollowUp/create`,
  followUpList: `${base}/crmFollowUp/list`,
  // report
  reportFunnel: `${base}/crmReport/funnel`,
  reportExport: `${base}/crmReport/export`,
  // the public lead form's settings
  formGet: `${base}/crmForm/get`,
  formSave: `${base}/crmForm/save`,
  /** Open (no sign-in): GET the form's choices, POST a submission. */
  openLeadForm: `${open}/crmLeadForm/:key`,
} as const;

/** The excel-import type of leads (`excel-import` framework). */
export const LEAD_IMPORT_TYPE = 'lead';
/** The web page of one lead (message-centre links). */
export const leadLink = (id: number): string => `/crm/lead/${id}`;
/** The web address of a tenant's public lead form (after PUBLIC_URL). */
export const leadFormLink = (key: string): string => `/survey/lead/${key}`;

export const CRM_VALIDATION_MESSAGES = {
  'v.crmCompanyName': { 'zh-CN': '企业客户请填写企业名称', 'en-US': 'A company lead needs the company name' },
  'v.crmLostReason': {
    'zh-CN': '请填写流失原因（1 至 200 字）',
    'en-US': 'Give the reason the lead was lost (1 to 200 characters)',
  },
  'v.crmNextAt': {
    'zh-CN': '下次跟进时间须晚于本次跟进时间',
    'en-US': 'The next follow-up must come after this one',
  },
  'v.crmIds': { 'zh-CN': '请选择 1 至 100 条线索', 'en-US': 'Choose 1 to 100 leads' },
  'v.crmMonthRange': {
    'zh-CN': '统计区间最多 24 个月，且止月不能早于起月',
    'en-US': 'The report covers at most 24 months and ends after it starts',
  },
  'v.crmCreatedRange': {
    'zh-CN': '创建日期止不能早于创建日期起',
    'en-US': 'The end of the creation dates is before their start',
  },
  'v.crmFollowUpFilter': {
    'zh-CN': '请指定线索，或查看本人的跟进',
    'en-US': 'Name a lead, or ask for your own follow-ups',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(CRM_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

// ---------------------------------------------------------------- enums

export const LEAD_KINDS = ['person', 'company'] as const;
export const LeadKind = z.enum(LEAD_KINDS);
export type LeadKind = z.infer<typeof LeadKind>;
export const LEAD_KIND_TITLES: Record<LeadKind, LocalText> = {
  person: t('个人', 'Person'),
  company: t('企业', 'Company'),
};

export const LEAD_SOURCES = ['walkIn', 'phone', 'referral', 'platform', 'onlineForm', 'import'] as const;
export const LeadSource = z.enum(LEAD_SOURCES);
export type LeadSource = z.infer<typeof LeadSource>;
export const LEAD_SOURCE_TITLES: Record<LeadSource, LocalText> = {
  walkIn: t('门店到访', 'Walk-in'),
  phone: t('电话咨询', 'Phone enquiry'),
  referral: t('转介绍', 'Referral'),
  platform: t('网约车平台', 'Ride-hailing platform'),
  onlineForm: t('在线表单', 'Online form'),
  import: t('导入', 'Import'),
};

export const LEAD_INTENTS = ['strong', 'medium', 'weak'] as const;
export const LeadIntent = z.enum(LEAD_INTENTS);
export type LeadIntent = z.infer<typeof LeadIntent>;
export const LEAD_INTENT_TITLES: Record<LeadIntent, LocalText> = {
  strong: t('强', 'Strong'),
  medium: t('中', 'Medium'),
  weak: t('弱', 'Weak'),
};

export const LEAD_CONTRACT_KINDS = ['longTerm', 'rentToOwn', 'shortTerm'] as const;
export const LeadContractKind = z.enum(LEAD_CONTRACT_KINDS);
export type LeadContractKind = z.infer<typeof LeadContractKind>;
export const LEAD_CONTRACT_KIND_TITLES: Record<LeadContractKind, LocalText> = {
  longTerm: t('长租', 'Long-term rental'),
  rentToOwn: t('以租代购', 'Rent to own'),
  shortTerm: t('短租', 'Short-term rental'),
};

export const LEAD_STATES = ['new', 'following', 'won', 'lost', 'paused'] as const;
export const LeadState = z.enum(LEAD_STATES);
export type LeadState = z.infer<typeof LeadState>;
export const LEAD_STATE_TITLES: Record<LeadState, LocalText> = {
  new: t('新线索', 'New'),
  following: t('跟进中', 'Following up'),
  won: t('已成交', 'Won'),
  lost: t('已流失', 'Lost'),
  paused: t('暂停', 'Paused'),
};
/** The open states: a lead in one of them holds its phone (unique), can be owned, followed up and converted. */
export const LEAD_OPEN_STATES = ['new', 'following', 'paused'] as const satisfies readonly LeadState[];
export function isOpenLead(state: LeadState): boolean {
  return (LEAD_OPEN_STATES as readonly LeadState[]).includes(state);
}
/**
 * The state changes of `crmLead/state/:id` (one table for the server, the web and the tests). The first follow-up
 * of a `new` lead makes it `following` by itself; `won` comes only from the conversion (`crmLead/convert`, from
 * any open state) and is final; `lost` needs a reason.
 */
export const LEAD_TRANSITIONS: Record<LeadState, readonly LeadState[]> = {
  new: ['following', 'paused', 'lost'],
  following: ['paused', 'lost'],
  paused: ['following', 'lost'],
  lost: ['following'],
  won: [],
};
export function canMoveLead(from: LeadState, to: LeadState): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}
/** The states `crmLead/state` may set. */
export const LEAD_SETTABLE_STATES = ['following', 'paused', 'lost'] as const satisfies readonly LeadState[];

export const FOLLOW_UP_WAYS = ['phone', 'sms', 'wechat', 'visit'] as const;
export const FollowUpWay = z.enum(FOLLOW_UP_WAYS);
export type FollowUpWay = z.infer<typeof FollowUpWay>;
export const FOLLOW_UP_WAY_TITLES: Record<FollowUpWay, LocalText> = {
  phone: t('电话', 'Phone'),
  sms: t('短信', 'SMS'),
  wechat: t('微信', 'WeChat'),
  visit: t('面访', 'Visit'),
};

export const LEAD_VIEWS = ['mine', 'pool', 'all'] as const;
export const LeadView = z.enum(LEAD_VIEWS);
export type LeadView = z.infer<typeof LeadView>;
export const LEAD_VIEW_TITLES: Record<LeadView, LocalText> = {
  mine: t('我的', 'Mine'),
  pool: t('公海', 'Pool'),
  all: t('全部', 'All'),
};

export const FOLLOW_UP_DUE = ['today', 'overdue'] as const;
export const FollowUpDue = z.enum(FOLLOW_UP_DUE);
export type FollowUpDue = z.infer<typeof FollowUpDue>;
export const FOLLOW_UP_DUE_TITLES: Record<FollowUpDue, LocalText> = {
  today: t('今日待跟进', 'Due today'),
  overdue: t('已逾期', 'Overdue'),
};

export const OWNER_LOG_ACTIONS = ['create', 'claim', 'assign', 'release', 'return', 'convert'] as const;
export const OwnerLogAction = z.enum(OWNER_LOG_ACTIONS);
export type OwnerLogAction = z.infer<typeof OwnerLogAction>;
export const OWNER_LOG_ACTION_TITLES: Record<OwnerLogAction, LocalText> = {
  create: t('创建', 'Created'),
  claim: t('领取', 'Claimed'),
  assign: t('分配', 'Assigned'),
  release: t('放回公海', 'Released to the pool'),
  return: t('超期退回公海', 'Returned to the pool (no follow-up)'),
  convert: t('转为司机', 'Converted to a driver'),
};

/** The pool's name where an owner's name would stand (a duplicate's owner, an owner column). */
export const POOL_TITLE: LocalText = t('公海', 'Pool');

// ---------------------------------------------------------------- pure helpers

/** `13812345678` -> `138****5678` (a pool lead's phone for whoever does not own it). */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** The first `max` characters of a follow-up's content (the lead's `last_follow_up_text`). */
export const LAST_FOLLOW_UP_TEXT_MAX = 60;
export function followUpSummary(content: string): string {
  const chars = Array.from(content.replace(/\s+/g, ' ').trim());
  return chars.length <= LAST_FOLLOW_UP_TEXT_MAX
    ? chars.join('')
    : `${chars.slice(0, LAST_FOLLOW_UP_TEXT_MAX - 1).join('')}…`;
}

// ---------------------------------------------------------------- rules (the `crm` section of TenantRules)

/** Defined with the other rules in `organisation.ts` (TenantRules.crm); re-exported here for the CRM's readers. */
export { CrmRules, DEFAULT_CRM_RULES } from './organisation.js';

// ---------------------------------------------------------------- leads

export const LeadLabel = z.object({ id: Id, name: z.string(), color: z.string() });
export type LeadLabel = z.infer<typeof LeadLabel>;

const LeadFields = {
  kind: LeadKind.default('person'),
  name: text(30).min(1),
  companyName: optText(60).describe('required for kind company'),
  phone: MobilePhone,
  source: LeadSource,
  intent: LeadIntent.default('medium'),
  wantedCar: optText(40).describe('e.g. 比亚迪秦 PLUS'),
  budgetYuan: yuan(100_000).nullish().describe('monthly rent budget, yuan'),
  contractKind: LeadContractKind.nullish(),
  rentId: Id.describe('the branch (rent); must be in the caller’s scope'),
  labelIds: z.array(Id).max(20).default([]).describe('labels of kind customer'),
  nextFollowUpAt: Instant.nullish(),
  remark: optText(200),
};
function refineLead(v: { kind: LeadKind; companyName?: string | null }, ctx: z.RefinementCtx): void {
  if (v.kind === 'company' && !v.companyName)
    ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'v.crmCompanyName' });
}
/** `crmLead/create`: a new lead (`ownerId` absent: the caller owns it; null: it enters the pool). */
export const LeadInput = z
  .strictObject({
    ...LeadFields,
    ownerId: Id.nullish().describe('absent: the caller; null: the pool; another employee needs crm:assign'),
  })
  .superRefine(refineLead);
export type LeadInput = z.infer<typeof LeadInput>;
/** `crmLead/update` (PUT): the same fields without the owner (claim/assign/release change it), with id and version. */
export const LeadUpdateInput = z.strictObject({ ...LeadFields, id: Id, version: Version }).superRefine(refineLead);
export type LeadUpdateInput = z.infer<typeof LeadUpdateInput>;

/** `crmLead/state/:id`: following (resume, reopen), paused, or lost with its reason. */
export const LeadStateInput = z
  .strictObject({
    state: z.enum(LEAD_SETTABLE_STATES),
    reason: optText(200).describe('required (1-200) for lost'),
    version: Version.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.state === 'lost' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'v.crmLostReason' });
  });
export type LeadStateInput = z.infer<typeof LeadStateInput>;

const LeadIds = z.array(Id).min(1, { message: 'v.crmIds' }).max(100, { message: 'v.crmIds' });
/** `crmLead/claim`: take pool leads (limits: crm.claimPerDay, crm.maxOwned). */
export const LeadClaimInput = z.strictObject({ ids: LeadIds });
export type LeadClaimInput = z.infer<typeof LeadClaimInput>;
/** `crmLead/assign` (crm:assign): give leads to an employee, or to the pool (null). */
export const LeadAssignInput = z.strictObject({ ids: LeadIds, ownerId: Id.nullable() });
export type LeadAssignInput = z.infer<typeof LeadAssignInput>;
/** `crmLead/release/:id`: the owner (or crm:assign) puts the lead back into the pool. */
export const LeadReleaseInput = z.strictObject({ reason: optText(200) });
export type LeadReleaseInput = z.infer<typeof LeadReleaseInput>;
/** Claim/assign answer: the leads changed. */
export const LeadBatchAnswer = z.object({ ids: z.array(Id) });
export type LeadBatchAnswer = z.infer<typeof LeadBatchAnswer>;

/** `crmLead/convert/:id` (crm:edit + rentDriver:add): the drivers' create input (the web pre-fills it from the lead). */
export const LeadConvertInput = DriverInput;
export type LeadConvertInput = z.infer<typeof LeadConvertInput>;
export const LeadConvertAnswer = z.object({ driverId: Id });
export type LeadConvertAnswer = z.infer<typeof LeadConvertAnswer>;

/** Details of 409 `crm.duplicatePhone` (the open lead holding the phone; ownerName null: in the pool). */
export const DuplicateLeadDetails = z.object({ leadId: Id, ownerId: Id.nullable(), ownerName: z.string().nullable() });
export type DuplicateLeadDetails = z.infer<typeof DuplicateLeadDetails>;
/** Details of 409 `crm.driverExists` (the conversion met a driver with the phone or ID number). */
export const ExistingDriverDetails = z.object({ driverId: Id, driverName: z.string() });
export type ExistingDriverDetails = z.infer<typeof ExistingDriverDetails>;

export const LeadRow = z.object({
  id: Id,
  kind: LeadKind,
  name: z.string(),
  companyName: z.string().nullable(),
  phone: z.string().describe('masked (138****5678) for a pool lead the caller does not own'),
  phoneMasked: z.boolean(),
  source: LeadSource,
  intent: LeadIntent,
  state: LeadState,
  rentId: Id,
  rentName: z.string().nullable(),
  ownerId: Id.nullable(),
  ownerName: z.string().nullable().describe('null: in the pool'),
  lastFollowUpAt: Instant.nullable(),
  lastFollowUpText: z.string().nullable(),
  nextFollowUpAt: Instant.nullable(),
  overdue: z.boolean().describe('open, owned, and its next follow-up time has passed'),
  daysToPool: z.number().int().nullable().describe('days before the return to the pool; null: pool, won, lost, paused'),
  createdAt: Instant,
  labels: z.array(LeadLabel),
});
export type LeadRow = z.infer<typeof LeadRow>;

export const OwnerLogRow = z.object({
  id: Id,
  action: OwnerLogAction,
  fromUserId: Id.nullable(),
  fromUserName: z.string().nullable(),
  toUserId: Id.nullable(),
  toUserName: z.string().nullable(),
  byUserId: Id.nullable(),
  byUserName: z.string().nullable().describe('null: the job or the online form'),
  at: Instant,
});
export type OwnerLogRow = z.infer<typeof OwnerLogRow>;

export const LeadDetail = LeadRow.extend({
  wantedCar: z.string().nullable(),
  budgetYuan: z.number().nullable(),
  contractKind: LeadContractKind.nullable(),
  ownerSince: Instant.nullable(),
  lostReason: z.string().nullable(),
  followUpCount: z.number().int(),
  driverId: Id.nullable(),
  driverName: z.string().nullable(),
  wonAt: Instant.nullable(),
  remark: z.string().nullable(),
  createdById: Id.nullable(),
  createdByName: z.string().nullable().describe('null: the online form'),
  updatedAt: Instant,
  version: Version,
  ownerLog: z.array(OwnerLogRow).describe('newest first'),
  /** The states `crmLead/state` may set now (LEAD_TRANSITIONS; permissions aside). */
  transitions: z.array(LeadState),
});
export type LeadDetail = z.infer<typeof LeadDetail>;

const LeadFilterFields = z.object({
  view: LeadView.default('mine').describe('mine, pool, or all (all needs the data scope all or assigned)'),
  state: LeadState.optional(),
  source: LeadSource.optional(),
  intent: LeadIntent.optional(),
  ownerId: Id.optional(),
  rentId: Id.optional(),
  keyword: text(30).optional().describe('prefix of the name, the company or the phone'),
  followUp: FollowUpDue.optional().describe('next follow-up due today, or past (sorts by nextFollowUpAt)'),
  labelId: Id.optional(),
  createdFrom: LocalDate.optional(),
  createdTo: LocalDate.optional(),
});
function refineCreated(v: { createdFrom?: string; createdTo?: string }, ctx: z.RefinementCtx): void {
  if (v.createdFrom && v.createdTo && v.createdTo < v.createdFrom)
    ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'v.crmCreatedRange' });
}
/** `crmLead/list` (GET query). */
export const LeadListQuery = LeadFilterFields.extend({
  ...PageQuery.shape,
  withCounts: boolParam.optional().describe('also answer the counts of mine / pool / all (the sub-view badges)'),
}).superRefine(refineCreated);
export type LeadListQuery = z.infer<typeof LeadListQuery>;
/** `crmLead/export` (GET query): the list's filters without paging. */
export const LeadExportQuery = LeadFilterFields.superRefine(refineCreated);
export type LeadExportQuery = z.infer<typeof LeadExportQuery>;

export const LeadCounts = z.object({
  mine: z.number().int(),
  pool: z.number().int(),
  all: z.number().int().nullable().describe('null: the own scope (no access to all)'),
});
export type LeadCounts = z.infer<typeof LeadCounts>;
export const LeadListAnswer = paged(LeadRow).extend({ counts: LeadCounts.nullable() });
export type LeadListAnswer = z.infer<typeof LeadListAnswer>;

export const LeadOwner = z.object({ id: Id, name: z.string(), openLeads: z.number().int() });
export type LeadOwner = z.infer<typeof LeadOwner>;
export const LeadOwnersQuery = z.object({ rentId: Id.optional().describe('employees of this rent') });
export type LeadOwnersQuery = z.infer<typeof LeadOwnersQuery>;

// ---------------------------------------------------------------- follow-ups

/** `crmFollowUp/create`: the first follow-up of a new lead makes it `following`; nextAt becomes the lead's next time. */
export const FollowUpInput = z
  .strictObject({
    leadId: Id,
    at: Instant.nullish().describe('when it happened (default now; not in the future)'),
    way: FollowUpWay,
    content: text(500).min(1),
    nextStep: optText(100),
    nextAt: Instant.nullish().describe('the next follow-up (after at)'),
    intent: LeadIntent.optional().describe('the intent seen now (updates the lead)'),
  })
  .superRefine((v, ctx) => {
    if (v.nextAt && v.at && Date.parse(v.nextAt) <= Date.parse(v.at))
      ctx.addIssue({ code: 'custom', path: ['nextAt'], message: 'v.crmNextAt' });
  });
export type FollowUpInput = z.infer<typeof FollowUpInput>;

export const FollowUpRow = z.object({
  id: Id,
  leadId: Id,
  leadName: z.string(),
  leadCompanyName: z.string().nullable(),
  leadState: LeadState,
  userId: Id,
  userName: z.string().nullable(),
  at: Instant,
  way: FollowUpWay,
  content: z.string(),
  nextStep: z.string().nullable(),
  nextAt: Instant.nullable(),
  createdAt: Instant,
});
export type FollowUpRow = z.infer<typeof FollowUpRow>;

/**
 * `crmFollowUp/list` (GET): a lead's timeline (`leadId`, newest first), or the caller's own follow-ups
 * (`mine=true`; with `due` only those whose next step falls today / is past while the lead is still open).
 * The Follow-ups tab's list of leads to call is `crmLead/list?view=mine&followUp=today|overdue`.
 */
export const FollowUpListQuery = PageQuery.extend({
  leadId: Id.optional(),
  mine: boolParam.optional(),
  due: FollowUpDue.optional(),
}).superRefine((v, ctx) => {
  if (v.leadId == null && v.mine !== true)
    ctx.addIssue({ code: 'custom', path: ['leadId'], message: 'v.crmFollowUpFilter' });
});
export type FollowUpListQuery = z.infer<typeof FollowUpListQuery>;

// ---------------------------------------------------------------- funnel report

export const FunnelQuery = z.object({ from: YearMonth, to: YearMonth, rentId: Id.optional() }).superRefine((v, ctx) => {
  const months =
    (Number(v.to.slice(0, 4)) - Number(v.from.slice(0, 4))) * 12 + Number(v.to.slice(5)) - Number(v.from.slice(5));
  if (months < 0 || months >= 24) ctx.addIssue({ code: 'custom', path: ['to'], message: 'v.crmMonthRange' });
});
export type FunnelQuery = z.infer<typeof FunnelQuery>;

const countsOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((v) => [v, z.number().int()])) as Record<T[number], z.ZodNumber>);
export const FunnelMonth = z.object({
  month: YearMonth,
  created: z.number().int().describe('leads created in the month (tenant zone)'),
  bySource: countsOf(LEAD_SOURCES),
  byState: countsOf(LEAD_STATES).describe("the month's leads by their state now"),
  won: z.number().int().describe('leads won in the month (won_at)'),
  cohortWon: z.number().int().describe("the month's leads won since"),
  conversionRate: z.number().nullable().describe('cohortWon / created (0-1); null without leads'),
  avgDaysToWon: z.number().nullable().describe('of the cohort, days from created to won'),
  poolIn: z.number().int().describe('leads returned to the pool by the job in the month'),
  poolOut: z.number().int().describe('pool leads claimed in the month'),
});
export type FunnelMonth = z.infer<typeof FunnelMonth>;
export const FunnelSource = z.object({
  source: LeadSource,
  created: z.number().int(),
  won: z.number().int(),
  conversionRate: z.number().nullable(),
});
export type FunnelSource = z.infer<typeof FunnelSource>;
export const FunnelOwner = z.object({
  ownerId: Id,
  ownerName: z.string().nullable(),
  owned: z.number().int().describe('leads of the range he owns now'),
  followUps: z.number().int().describe('follow-ups he made in the range'),
  won: z.number().int(),
  conversionRate: z.number().nullable(),
});
export type FunnelOwner = z.infer<typeof FunnelOwner>;
export const Funnel = z.object({
  from: YearMonth,
  to: YearMonth,
  months: z.array(FunnelMonth),
  sources: z.array(FunnelSource),
  owners: z.array(FunnelOwner),
  totals: z.object({
    created: z.number().int(),
    won: z.number().int(),
    conversionRate: z.number().nullable(),
    avgDaysToWon: z.number().nullable(),
    poolIn: z.number().int(),
    poolOut: z.number().int(),
  }),
});
export type Funnel = z.infer<typeof Funnel>;

// ---------------------------------------------------------------- the public lead form

/** `crmForm/get`: the tenant's form (created disabled on first read). */
export const CrmForm = z.object({
  enabled: z.boolean(),
  key: z.string().describe('the secret of the public address /survey/lead/{key}'),
  path: z.string().describe('/survey/lead/{key} (the web adds its origin)'),
  rentId: Id.nullable(),
  rentName: z.string().nullable(),
  ownerId: Id.nullable().describe('null: submitted leads enter the pool'),
  ownerName: z.string().nullable(),
  version: Version,
  updatedAt: Instant,
});
export type CrmForm = z.infer<typeof CrmForm>;
/** `crmForm/save` (PUT, crm:edit): `regenerate` gives the form a new key (the old address stops working). */
export const CrmFormInput = z.strictObject({
  enabled: z.boolean(),
  rentId: Id,
  ownerId: Id.nullable(),
  regenerate: z.boolean().optional(),
  version: Version.optional(),
});
export type CrmFormInput = z.infer<typeof CrmFormInput>;
/** The key's shape: 24 characters of base64url. */
export const FormKey = z.string().regex(/^[A-Za-z0-9_-]{24}$/);
export const FormKeyParam = z.object({ key: FormKey });

/** GET `/api/open/crmLeadForm/:key`: what the public page needs (404 crm.formInvalid if unknown or disabled). */
export const PublicLeadForm = z.object({
  tenantName: z.string(),
  enabled: z.literal(true),
  kinds: z.array(z.object({ value: LeadKind, title: z.custom<LocalText>() })),
  contractKinds: z.array(z.object({ value: LeadContractKind, title: z.custom<LocalText>() })),
});
export type PublicLeadForm = z.infer<typeof PublicLeadForm>;
/** POST `/api/open/crmLeadForm/:key`: `website` is a honeypot (filled: answered as a success, nothing kept). */
export const PublicLeadInput = z
  .strictObject({
    name: text(30).min(1),
    phone: MobilePhone,
    kind: LeadKind.default('person'),
    companyName: optText(60),
    wantedCar: optText(40),
    contractKind: LeadContractKind.nullish(),
    message: optText(200).describe('kept as the remark'),
    website: z.string().max(200).optional().describe('honeypot: humans leave it empty'),
  })
  .superRefine(refineLead);
export type PublicLeadInput = z.infer<typeof PublicLeadInput>;
export const PublicLeadAnswer = z.object({ ok: z.literal(true) });
export type PublicLeadAnswer = z.infer<typeof PublicLeadAnswer>;

// ---------------------------------------------------------------- import

/** The columns of the lead import template (type `lead`), in order. */
export const LEAD_IMPORT_COLUMNS = [
  'name',
  'kind',
  'companyName',
  'phone',
  'source',
  'intent',
  'wantedCar',
  'budgetYuan',
  'contractKind',
  'rentName',
  'ownerName',
  'remark',
] as const;
