import { z } from 'zod';
import { Id, Instant, MobilePhone, PageQuery, type LocalText } from './common.js';
import { idCardFacts } from './identifiers.js';
import { addValidationMessages } from './validation-registry.js';
import { FileUrl, LocalDate } from './vehicles.js';

const base = '/api/ccwadmin';

/** Every call of the driver area, in the style of the vehicle calls (Fastify-style `:id`). */
export const DriverPaths = {
  list: `${base}/rentDriver/list`,
  get: `${base}/rentDriver/:id`,
  add: `${base}/rentDriver/add`,
  update: `${base}/rentDriver/update/:id`,
  remove: `${base}/rentDriver/delete/:id`,
  restore: `${base}/rentDriver/restore/:id`,
  action: `${base}/rentDriver/:action/:id`,
  labels: `${base}/rentDriver/labels/:id`,
  operations: `${base}/rentDriver/operations`,
  summary: `${base}/rentDriver/summary`,
  checkId: `${base}/rentDriver/check/idNumber`,
  exportDrivers: `${base}/rentDriver/exportDriver`,
} as const;

/** The `v.*` messages of this area's schemas (registered with the shared ones below). */
export const DRIVER_VALIDATION_MESSAGES = {
  'v.idCardNumber': {
    'zh-CN': '请输入正确的 18 位身份证号（校验位不正确或出生日期无效）',
    'en-US': 'Enter a valid 18-character ID card number (the check character or the birth date is wrong)',
  },
  'v.idGender': {
    'zh-CN': '性别与身份证号不符（第 17 位奇数为男，偶数为女）',
    'en-US': 'The gender does not match the ID card number (17th digit: odd male, even female)',
  },
  'v.idBirthDate': {
    'zh-CN': '出生日期与身份证号不符',
    'en-US': 'The birth date does not match the ID card number',
  },
  'v.licenceNumber': {
    'zh-CN': '驾驶证号为 12 到 18 位数字或字母',
    'en-US': 'A driving licence number has 12 to 18 digits or letters',
  },
  'v.licenceDates': {
    'zh-CN': '驾驶证有效期止必须晚于初次领证日期',
    'en-US': 'The licence expiry must be after its first issue date',
  },
  'v.licenceFuture': {
    'zh-CN': '初次领证日期不能晚于今天',
    'en-US': 'The first issue date cannot be in the future',
  },
  'v.licenceAge': {
    'zh-CN': '初次领证时须年满 18 周岁',
    'en-US': 'The driver must have been at least 18 at the first issue of the licence',
  },
  'v.certificateExpiry': {
    'zh-CN': '填写了网约车驾驶员证号时，请填写有效期',
    'en-US': 'Give the expiry date with the ride-hailing certificate number',
  },
  'v.bankAccount': {
    'zh-CN': '银行账号为 12 到 30 位数字',
    'en-US': 'A bank account number has 12 to 30 digits',
  },
  'v.bankName': {
    'zh-CN': '填写了银行账号时，请填写开户行',
    'en-US': 'Give the bank with the account number',
  },
  'v.personName': {
    'zh-CN': '姓名为 2 到 30 个字符',
    'en-US': 'A name has 2 to 30 characters',
  },
  'v.reasonRequired': { 'zh-CN': '请填写原因', 'en-US': 'Give a reason' },
} satisfies Record<string, LocalText>;
addValidationMessages(DRIVER_VALIDATION_MESSAGES);

export const GENDERS = ['male', 'female'] as const;
export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;
export const GENDER_TITLES: Record<Gender, LocalText> = {
  male: { 'zh-CN': '男', 'en-US': 'Male' },
  female: { 'zh-CN': '女', 'en-US': 'Female' },
};

/** States of a driver: a prospect becomes active, leaves, and may be blacklisted from any state but blacklisted. */
export const DRIVER_STATES = ['prospect', 'active', 'left', 'blacklisted'] as const;
export const DriverState = z.enum(DRIVER_STATES);
export type DriverState = z.infer<typeof DriverState>;
export const DRIVER_STATE_TITLES: Record<DriverState, LocalText> = {
  prospect: { 'zh-CN': '意向', 'en-US': 'Prospect' },
  active: { 'zh-CN': '在职', 'en-US': 'Active' },
  left: { 'zh-CN': '已离职', 'en-US': 'Left' },
  blacklisted: { 'zh-CN': '黑名单', 'en-US': 'Blacklisted' },
};

/**
 * The transitions (one table for the server, the web and the tests). Lifting a blacklisting leaves the driver
 * "left": working again is a second, deliberate step (activate), which checks the ID number once more.
 */
export const DRIVER_ACTIONS = {
  activate: { from: ['prospect', 'left'], to: 'active', reason: false },
  leave: { from: ['active'], to: 'left', reason: false },
  blacklist: { from: ['prospect', 'active', 'left'], to: 'blacklisted', reason: true },
  lift: { from: ['blacklisted'], to: 'left', reason: true },
} as const satisfies Record<string, { from: readonly DriverState[]; to: DriverState; reason: boolean }>;
export type DriverAction = keyof typeof DRIVER_ACTIONS;
export const DRIVER_ACTION_NAMES = Object.keys(DRIVER_ACTIONS) as [DriverAction, ...DriverAction[]];
export const DriverActionName = z.enum(DRIVER_ACTION_NAMES);
export const DRIVER_ACTION_TITLES: Record<DriverAction, LocalText> = {
  activate: { 'zh-CN': '设为在职', 'en-US': 'Activate' },
  leave: { 'zh-CN': '标记离职', 'en-US': 'Mark as left' },
  blacklist: { 'zh-CN': '拉黑', 'en-US': 'Blacklist' },
  lift: { 'zh-CN': '解除拉黑', 'en-US': 'Lift blacklisting' },
};

/** Actions the state allows now. */
export function driverActionsFrom(state: DriverState): DriverAction[] {
  return DRIVER_ACTION_NAMES.filter((a) => (DRIVER_ACTIONS[a].from as readonly string[]).includes(state));
}

/** Driving licence classes (准驾车型) of GB/T the public security traffic authorities issue. */
export const LICENCE_CLASSES = [
  'A1',
  'A2',
  'A3',
  'B1',
  'B2',
  'C1',
  'C2',
  'C3',
  'C4',
  'C5',
  'C6',
  'D',
  'E',
  'F',
  'M',
  'N',
  'P',
] as const;
export const LicenceClass = z.enum(LICENCE_CLASSES);
export type LicenceClass = z.infer<typeof LicenceClass>;

export const DRIVER_SOURCES = ['walkIn', 'referral', 'online', 'agency', 'platform', 'other'] as const;
export const DriverSource = z.enum(DRIVER_SOURCES);
export type DriverSource = z.infer<typeof DriverSource>;
export const DRIVER_SOURCE_TITLES: Record<DriverSource, LocalText> = {
  walkIn: { 'zh-CN': '门店到访', 'en-US': 'Walk-in' },
  referral: { 'zh-CN': '司机推荐', 'en-US': 'Referral' },
  online: { 'zh-CN': '线上广告', 'en-US': 'Online ads' },
  agency: { 'zh-CN': '劳务中介', 'en-US': 'Agency' },
  platform: { 'zh-CN': '网约车平台', 'en-US': 'Ride-hailing platform' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
};

export const RELATIONS = ['spouse', 'parent', 'child', 'sibling', 'friend', 'other'] as const;
export const Relation = z.enum(RELATIONS);
export const RELATION_TITLES: Record<(typeof RELATIONS)[number], LocalText> = {
  spouse: { 'zh-CN': '配偶', 'en-US': 'Spouse' },
  parent: { 'zh-CN': '父母', 'en-US': 'Parent' },
  child: { 'zh-CN': '子女', 'en-US': 'Child' },
  sibling: { 'zh-CN': '兄弟姐妹', 'en-US': 'Sibling' },
  friend: { 'zh-CN': '朋友', 'en-US': 'Friend' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
};

/** How a document stands against today and the tenant's lead days: null when there is no date. */
export const DOCUMENT_DUE = ['expired', 'soon', 'valid'] as const;
export const DocumentDue = z.enum(DOCUMENT_DUE);
export type DocumentDue = z.infer<typeof DocumentDue>;

/** `expired` before today, `soon` within `leadDays` of today, else `valid`. */
export function documentDue(expiry: string | null, today: string, soonUntil: string): DocumentDue | null {
  if (!expiry) return null;
  if (expiry < today) return 'expired';
  return expiry <= soonUntil ? 'soon' : 'valid';
}

const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();

export const IdCardNumber = z
  .string()
  .trim()
  .max(20)
  .overwrite((v) => v.replace(/\s/g, '').toUpperCase())
  .refine((v) => idCardFacts(v) !== null, { message: 'v.idCardNumber' })
  .describe('18 characters, a real birth date and a valid ISO 7064 MOD 11-2 check character');

const PersonName = z
  .string()
  .trim()
  .refine((v) => [...v].length >= 2 && [...v].length <= 30, { message: 'v.personName' });
const LicenceNumber = z
  .string()
  .trim()
  .overwrite((v) => v.toUpperCase())
  .regex(/^[0-9A-Z]{12,18}$/, { message: 'v.licenceNumber' });
const BankAccount = z
  .string()
  .trim()
  .overwrite((v) => v.replace(/\s/g, ''))
  .regex(/^\d{12,30}$/, { message: 'v.bankAccount' });

/** The fields of the driver form (state, labels and images of the form are part of it; state has its actions). */
const DriverFields = z.strictObject({
  name: PersonName,
  gender: Gender,
  phone: MobilePhone,
  idNumber: IdCardNumber,
  birthDate: LocalDate.nullish().describe('when given, must be the one the ID number encodes'),
  idCardFrontUrl: FileUrl.nullish().describe('ID card, portrait side (uploaded with oss/upload/license)'),
  idCardBackUrl: FileUrl.nullish().describe('ID card, national emblem side'),
  address: optText(200),
  licenceNumber: LicenceNumber.nullish().describe('驾驶证号, usually the ID number'),
  licenceClass: LicenceClass.nullish(),
  licenceFirstIssue: LocalDate.nullish().describe('初次领证日期'),
  licenceExpiry: LocalDate.nullish().describe('有效期止'),
  licenceFrontUrl: FileUrl.nullish(),
  licenceBackUrl: FileUrl.nullish(),
  certificateNumber: optText(40).describe('网约车驾驶员证号'),
  certificateExpiry: LocalDate.nullish(),
  certificateUrl: FileUrl.nullish(),
  emergencyName: optText(30),
  emergencyPhone: MobilePhone.nullish(),
  emergencyRelation: Relation.nullish(),
  bankName: optText(60),
  bankAccount: BankAccount.nullish(),
  bankAccountName: optText(30),
  source: DriverSource.nullish(),
  labelIds: z.array(Id).max(20).default([]),
  rentId: Id.optional().describe('the rent the driver belongs to; absent = the rent of the call (X-Rent-Id)'),
  remark: optText(500),
});
type DriverFieldsValue = z.infer<typeof DriverFields>;

/** The date `years` after a YYYY-MM-DD date. */
function plusYears(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;
}

/** Rules between fields, the same on the form and on the server (`today` is the caller's day). */
export function driverRules(today: string) {
  return (d: DriverFieldsValue, ctx: z.RefinementCtx): void => {
    const facts = idCardFacts(d.idNumber);
    if (facts) {
      if (d.gender !== facts.gender) ctx.addIssue({ code: 'custom', path: ['gender'], message: 'v.idGender' });
      if (d.birthDate && d.birthDate !== facts.birthDate) {
        ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'v.idBirthDate' });
      }
    }
    if (d.licenceFirstIssue) {
      if (d.licenceFirstIssue > today) {
        ctx.addIssue({ code: 'custom', path: ['licenceFirstIssue'], message: 'v.licenceFuture' });
      } else if (facts && d.licenceFirstIssue < plusYears(facts.birthDate, 18)) {
        ctx.addIssue({ code: 'custom', path: ['licenceFirstIssue'], message: 'v.licenceAge' });
      }
      if (d.licenceExpiry && d.licenceExpiry <= d.licenceFirstIssue) {
        ctx.addIssue({ code: 'custom', path: ['licenceExpiry'], message: 'v.licenceDates' });
      }
    }
    if (d.certificateNumber && !d.certificateExpiry) {
      ctx.addIssue({ code: 'custom', path: ['certificateExpiry'], message: 'v.certificateExpiry' });
    }
    if (d.bankAccount && !d.bankName) ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'v.bankName' });
  };
}

/** Today in China, for the schemas (the server checks again with the tenant's day). */
function chinaToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export const DriverInput = DriverFields.superRefine((d, ctx) => driverRules(chinaToday())(d, ctx));
export type DriverInput = z.infer<typeof DriverInput>;
/** The schema without the rules between fields: the web form adds them with its own day. */
export const DriverInputFields = DriverFields;

export const DriverImage = z.object({
  url: z.string().describe('stable address (store this one)'),
  signedUrl: z.string().nullable().describe('address a browser can open for a while'),
});
export type DriverImage = z.infer<typeof DriverImage>;

export const DriverLabel = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

/** Where the ID number of a driver is blacklisted in the tenant (any rent, whoever asks). */
export const BlacklistHit = z.object({
  driverId: z.number().int(),
  name: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  at: Instant.nullable(),
});
export type BlacklistHit = z.infer<typeof BlacklistHit>;

export const Driver = z.object({
  id: z.number().int(),
  rentId: z.number().int(),
  rentName: z.string(),
  name: z.string(),
  gender: Gender,
  phone: z.string(),
  idNumber: z.string(),
  birthDate: LocalDate,
  age: z.number().int(),
  address: z.string().nullable(),
  idCardFront: DriverImage.nullable(),
  idCardBack: DriverImage.nullable(),
  licenceNumber: z.string().nullable(),
  licenceClass: LicenceClass.nullable(),
  licenceFirstIssue: LocalDate.nullable(),
  licenceExpiry: LocalDate.nullable(),
  licenceDue: DocumentDue.nullable(),
  licenceFront: DriverImage.nullable(),
  licenceBack: DriverImage.nullable(),
  certificateNumber: z.string().nullable(),
  certificateExpiry: LocalDate.nullable(),
  certificateDue: DocumentDue.nullable(),
  certificate: DriverImage.nullable(),
  emergencyName: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  emergencyRelation: Relation.nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  source: DriverSource.nullable(),
  labels: z.array(DriverLabel),
  state: DriverState,
  stateChangedAt: Instant,
  stateReason: z.string().nullable().describe('the reason of the last blacklisting or lifting'),
  blacklistedBy: z.string().nullable().describe('who blacklisted the driver (while blacklisted)'),
  blacklistedAt: Instant.nullable(),
  actions: z.array(DriverActionName),
  /** Deletion is possible only for a prospect with no history. */
  deletable: z.boolean(),
  remark: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  deletedAt: Instant.nullable(),
});
export type Driver = z.infer<typeof Driver>;

export const DriverDetail = Driver.extend({
  /** Other drivers of the tenant with this ID number on the blacklist (any rent). */
  blacklistHits: z.array(BlacklistHit),
});
export type DriverDetail = z.infer<typeof DriverDetail>;

/** A driver as the list shows it. */
export const DriverListRow = Driver.pick({
  id: true,
  rentId: true,
  rentName: true,
  name: true,
  gender: true,
  phone: true,
  idNumber: true,
  age: true,
  licenceClass: true,
  licenceExpiry: true,
  licenceDue: true,
  certificateExpiry: true,
  certificateDue: true,
  source: true,
  labels: true,
  state: true,
  stateReason: true,
  actions: true,
  deletable: true,
  createdAt: true,
  deletedAt: true,
});
export type DriverListRow = z.infer<typeof DriverListRow>;

const ids = z.array(Id).max(500);

/** The list filter (`POST rentDriver/list`), also the export's body (without paging). */
const DriverFilterFields = z.strictObject({
  keyword: text(40).optional().describe('part of the name, phone or ID number'),
  name: text(30).optional(),
  phone: text(20).optional().describe('part of the phone number'),
  idNumber: text(18).optional().describe('part of the ID number'),
  state: z.array(DriverState).max(DRIVER_STATES.length).optional(),
  labelId: ids.optional().describe('drivers with any of these labels'),
  rentId: Id.optional().describe('one rent; absent = every rent the caller may act in'),
  source: z.array(DriverSource).max(DRIVER_SOURCES.length).optional(),
  licenceExpiryFrom: LocalDate.optional(),
  licenceExpiryTo: LocalDate.optional(),
  documentDue: z
    .enum(['expired', 'soon'])
    .optional()
    .describe('licence or certificate expired, or expiring within the lead days of the company settings'),
  ids: ids.optional().describe('only these drivers (export of a selection)'),
  deleted: z.enum(['exclude', 'only']).default('exclude').describe('"only": the deleted drivers (to restore one)'),
  sortField: z.enum(['createdAt', 'name', 'licenceExpiry', 'stateChangedAt']).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

function rangeRule(v: { licenceExpiryFrom?: string; licenceExpiryTo?: string }, ctx: z.RefinementCtx): void {
  if (v.licenceExpiryFrom && v.licenceExpiryTo && v.licenceExpiryTo < v.licenceExpiryFrom) {
    ctx.addIssue({ code: 'custom', path: ['licenceExpiryTo'], message: 'v.dateRange' });
  }
}

export const DriverExportFilter = DriverFilterFields.superRefine(rangeRule);
export type DriverExportFilter = z.infer<typeof DriverExportFilter>;
export const DriverListFilter = DriverFilterFields.extend(PageQuery.shape).superRefine(rangeRule);
export type DriverListFilter = z.infer<typeof DriverListFilter>;

export const DriverActionParams = z.object({ action: DriverActionName, id: Id });
export const DriverActionBody = z
  .strictObject({ reason: text(200).nullish().describe('required to blacklist and to lift') })
  .nullish();

export const DriverLabelsInput = z.strictObject({ labelIds: z.array(Id).max(20) });

export const DRIVER_EVENT_KINDS = ['create', 'import', 'update', 'state', 'labels', 'delete', 'restore'] as const;
export const DriverEventKind = z.enum(DRIVER_EVENT_KINDS);
export const DriverOperationsQuery = PageQuery.extend({
  driverId: Id,
  kind: DriverEventKind.optional(),
});
export const DriverOperation = z.object({
  id: z.number().int(),
  kind: DriverEventKind,
  action: DriverActionName.nullable(),
  fromState: DriverState.nullable(),
  toState: DriverState.nullable(),
  reason: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  at: Instant,
});
export type DriverOperation = z.infer<typeof DriverOperation>;

export const DriverSummaryQuery = z.object({ rentId: Id.optional() });
export const DriversSummary = z.object({
  byState: z.record(DriverState, z.number().int()),
  licenceExpired: z.number().int(),
  licenceSoon: z.number().int(),
  certificateExpired: z.number().int(),
  certificateSoon: z.number().int(),
  leadDays: z.number().int().describe('the lead days of the company settings (driverDocumentDays)'),
});
export type DriversSummary = z.infer<typeof DriversSummary>;

export const CheckIdQuery = z.object({
  idNumber: z.string().trim().min(1).max(20),
  exceptId: Id.optional().describe('the driver being edited'),
});
export const CheckIdResult = z.object({
  valid: z.boolean(),
  birthDate: LocalDate.nullable(),
  gender: Gender.nullable(),
  /** The tenant's active driver with this number (a second one cannot be activated). */
  activeDriver: z.object({ id: z.number().int(), name: z.string(), rentName: z.string() }).nullable(),
  blacklist: z.array(BlacklistHit),
});
export type CheckIdResult = z.infer<typeof CheckIdResult>;
