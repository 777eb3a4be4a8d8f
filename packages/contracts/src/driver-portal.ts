import { z } from 'zod';
import { Id, Instant, LocalDate, MobilePhone, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * The driver portal (超级司机, issue 34; docs/driver-portal.md): a phone-sized part of the web app under `/driver`
 * for drivers, not employees. A driver signs in with his phone and an SMS code and gets a driver token: the
 * portal's calls (`/api/driver/...`, header `X-User-Type: driver`) take only that token and answer only his own
 * records; the back office refuses it, and the portal refuses an employee's token. Every write is in the
 * operation log as the driver.
 */
const base = '/api/driver';

export const DriverPortalPaths = {
  code: `${base}/auth/code`,
  signIn: `${base}/auth/signIn`,
  switchCompany: `${base}/auth/switch`,
  signOut: `${base}/auth/signOut`,
  me: `${base}/me`,
  home: `${base}/home`,
  contracts: `${base}/contracts`,
  bills: `${base}/bills`,
  pay: `${base}/bills/pay`,
  payStatus: `${base}/orders/:id/status`,
  violations: `${base}/violations`,
  violationProof: `${base}/violations/:id/proof`,
  accidents: `${base}/accidents`,
  documents: `${base}/documents`,
  upload: `${base}/files`,
  surveys: `${base}/surveys`,
  membership: `${base}/membership`,
  notices: `${base}/notices`,
} as const;

/** The back office's side: what drivers submitted from the portal, and its review. */
export const DriverPortalAdminPaths = {
  submissions: '/api/ccwadmin/driverPortal/submissions',
  review: '/api/ccwadmin/driverPortal/submissions/review',
  level: '/api/ccwadmin/driverPortal/level/:driverId',
} as const;

/** The `X-User-Type` of the portal's calls (the back office's is `manager`). */
export const USER_TYPE_DRIVER = 'driver';
/** Where the web keeps the driver token (apart from the back office's tokens). */
export const DRIVER_TOKEN_KEY = 'fleetdesk.driverToken';
/** A driver token lives this many days unless the driver signs out. */
export const DRIVER_TOKEN_DAYS = 30;

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

export const DRIVER_PORTAL_VALIDATION_MESSAGES = {
  'v.portalSmsCode': t('请输入 6 位验证码', 'Enter the 6-digit code'),
  'v.portalLines': t('请选择要支付的账单', 'Choose the bills to pay'),
  'v.portalFiles': t('请上传 1 至 6 张图片', 'Upload 1 to 6 pictures'),
  'v.portalLevels': t('等级的要求须逐级提高', 'Each level must ask more than the one below it'),
} satisfies Record<string, LocalText>;
addValidationMessages(DRIVER_PORTAL_VALIDATION_MESSAGES);

// ------------------------------------------------------------------------------------------------ sign-in

export const PortalCodeInput = z.object({ phone: MobilePhone });
export const PortalCodeResult = z.object({
  sandbox: z.boolean().describe('true when the SMS goes to the sandbox outbox (the server log), not a phone'),
});
export type PortalCodeResult = z.infer<typeof PortalCodeResult>;

export const PortalSignInInput = z.object({
  phone: MobilePhone,
  code: z.string().regex(/^\d{6}$/, { message: 'v.portalSmsCode' }),
});
export type PortalSignInInput = z.infer<typeof PortalSignInInput>;

export const PortalSwitchInput = z.object({ tenantId: Id });

export const PortalCompany = z.object({ tenantId: Id, name: z.string(), current: z.boolean() });
export type PortalCompany = z.infer<typeof PortalCompany>;

export const PortalMe = z.object({
  driverId: Id,
  name: z.string(),
  /** Masked: 138****8000. */
  phone: z.string(),
  tenantName: z.string(),
  rentName: z.string(),
  state: z.string(),
  /** Every company where this phone is a driver; switching needs no new code. */
  companies: z.array(PortalCompany),
});
export type PortalMe = z.infer<typeof PortalMe>;

export const PortalSession = z.object({ token: z.string(), expiresAt: Instant, me: PortalMe });
export type PortalSession = z.infer<typeof PortalSession>;

// ------------------------------------------------------------------------------------------------ contracts and bills

export const PortalContract = z.object({
  id: Id,
  number: z.string(),
  plate: z.string(),
  carModel: z.string(),
  startDate: LocalDate,
  endDate: LocalDate,
  state: z.string(),
  rent: z.number().describe('yuan per period'),
  period: z.string(),
  deposit: z.number(),
  /** Open lines: what is left to pay (yuan), and of it what is past due. */
  outstanding: z.number(),
  overdue: z.number(),
});
export type PortalContract = z.infer<typeof PortalContract>;

export const PORTAL_BILL_STATES = ['unpaid', 'partial', 'paid', 'waived'] as const;

export const PortalBill = z.object({
  id: Id,
  contractId: Id,
  contractNumber: z.string(),
  type: z.string(),
  typeName: z.string(),
  period: z.number().int().nullable(),
  dueDate: LocalDate,
  amount: z.number(),
  paid: z.number(),
  /** amount - paid. */
  left: z.number(),
  state: z.enum(PORTAL_BILL_STATES),
  overdueDays: z.number().int(),
  /** Open and may be paid online now (the company lets debtors pay, and the contract's bills are live). */
  payable: z.boolean(),
});
export type PortalBill = z.infer<typeof PortalBill>;

export const PortalBillsQuery = z.object({
  contractId: Id.optional(),
  /** `open`: unpaid and partial, by due date; `all`: the whole schedule. */
  view: z.enum(['open', 'all']).default('open'),
});

export const PortalPayInput = z.object({
  lineIds: z.array(Id).min(1, { message: 'v.portalLines' }).max(24, { message: 'v.portalLines' }),
});
export type PortalPayInput = z.infer<typeof PortalPayInput>;

export const PortalPayStatus = z.object({
  orderId: Id,
  status: z.enum(['unpaid', 'paid', 'closed', 'refunded', 'partRefunded']).or(z.string()),
  paidAt: Instant.nullable(),
});
export type PortalPayStatus = z.infer<typeof PortalPayStatus>;

// ------------------------------------------------------------------------------------------------ records

export const SUBMISSION_STATES = ['pending', 'approved', 'rejected'] as const;
export const SubmissionState = z.enum(SUBMISSION_STATES);
export type SubmissionState = z.infer<typeof SubmissionState>;
export const SUBMISSION_STATE_TITLES: Record<SubmissionState, LocalText> = {
  pending: t('待审核', 'Waiting for review'),
  approved: t('已通过', 'Approved'),
  rejected: t('未通过', 'Rejected'),
};

export const PortalViolation = z.object({
  id: Id,
  plate: z.string(),
  occurredAt: Instant,
  place: z.string(),
  offence: z.string(),
  fine: z.number(),
  points: z.number().int(),
  handled: z.boolean(),
  /** The proof of handling the driver sent, and what the office made of it. */
  proof: z
    .object({ state: SubmissionState, files: z.array(z.string()), note: z.string().nullable(), at: Instant })
    .nullable(),
});
export type PortalViolation = z.infer<typeof PortalViolation>;

export const PortalProofInput = z.object({
  files: z.array(z.string().min(1).max(500)).min(1, { message: 'v.portalFiles' }).max(6, { message: 'v.portalFiles' }),
  note: z.string().trim().max(200).nullable().default(null),
});
export type PortalProofInput = z.infer<typeof PortalProofInput>;

export const PortalAccident = z.object({
  id: Id,
  plate: z.string(),
  occurredAt: Instant,
  place: z.string(),
  description: z.string(),
  responsibility: z.string(),
  state: z.string(),
  claimState: z.string(),
});
export type PortalAccident = z.infer<typeof PortalAccident>;

export const DOCUMENT_KINDS = ['licence', 'idCard'] as const;
export const DocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKind>;
export const DOCUMENT_KIND_TITLES: Record<DocumentKind, LocalText> = {
  licence: t('驾驶证', 'Driving licence'),
  idCard: t('身份证', 'ID card'),
};

export const PortalDocumentInput = z.object({
  kind: DocumentKind,
  number: z.string().trim().min(1).max(30),
  /** Licence: its class (C1, A1...). */
  licenceClass: z.string().trim().max(10).nullable().default(null),
  expiry: LocalDate.nullable().default(null),
  frontUrl: z.string().min(1).max(500),
  backUrl: z.string().min(1).max(500),
});
export type PortalDocumentInput = z.infer<typeof PortalDocumentInput>;

export const PortalDocument = z.object({
  kind: DocumentKind,
  /** As the office has it now. */
  number: z.string().nullable(),
  expiry: LocalDate.nullable(),
  licenceClass: z.string().nullable(),
  frontUrl: z.string().nullable(),
  backUrl: z.string().nullable(),
  /** The newest thing the driver sent for it. */
  submission: z.object({ id: Id, state: SubmissionState, note: z.string().nullable(), at: Instant }).nullable(),
});
export type PortalDocument = z.infer<typeof PortalDocument>;

export const PortalSurvey = z.object({
  inviteId: Id,
  title: z.string(),
  expiresAt: Instant,
  answered: z.boolean(),
  /** The survey's own page (its personal link); null once answered or expired. */
  link: z.string().nullable(),
});
export type PortalSurvey = z.infer<typeof PortalSurvey>;

export const PortalNotice = z.object({ id: Id, text: z.string(), at: Instant });
export type PortalNotice = z.infer<typeof PortalNotice>;

// ------------------------------------------------------------------------------------------------ membership

/** A level's perks: what the super driver membership (the terms of `/superDriverMembers`) gives. */
export const LevelPerks = z.object({
  rentDiscountPercent: z.number().min(0).max(50).describe('percent off the rent the office grants at renewal'),
  freeDaysPerYear: z.number().int().min(0).max(60),
  newCarPriority: z.boolean(),
});
export type LevelPerks = z.infer<typeof LevelPerks>;

export const LevelRule = z.object({
  code: z.string().regex(/^[a-z][a-zA-Z0-9]{0,19}$/),
  name: z.string().trim().min(1).max(20),
  nameEn: z.string().trim().min(1).max(30),
  /** Months of the last twelve whose rent was all paid by its due date. */
  minOnTimeMonths: z.number().int().min(0).max(12),
  /** Violations attributed to the driver in the last twelve months, at most. */
  maxViolations: z.number().int().min(0).max(99),
  /** Accidents with full or major responsibility in the last twelve months, at most. */
  maxAccidents: z.number().int().min(0).max(99),
  perks: LevelPerks,
});
export type LevelRule = z.infer<typeof LevelRule>;

export const DEFAULT_DRIVER_LEVELS: LevelRule[] = [
  {
    code: 'member',
    name: '普通会员',
    nameEn: 'Member',
    minOnTimeMonths: 0,
    maxViolations: 99,
    maxAccidents: 99,
    perks: { rentDiscountPercent: 0, freeDaysPerYear: 0, newCarPriority: false },
  },
  {
    code: 'silver',
    name: '银卡司机',
    nameEn: 'Silver',
    minOnTimeMonths: 3,
    maxViolations: 3,
    maxAccidents: 1,
    perks: { rentDiscountPercent: 2, freeDaysPerYear: 2, newCarPriority: false },
  },
  {
    code: 'gold',
    name: '金卡司机',
    nameEn: 'Gold',
    minOnTimeMonths: 6,
    maxViolations: 1,
    maxAccidents: 0,
    perks: { rentDiscountPercent: 5, freeDaysPerYear: 5, newCarPriority: true },
  },
];

/** The first level is everyone's; each next one asks at least as much on every count (and more on one). */
export const DriverLevelRules = z
  .array(LevelRule)
  .min(1)
  .max(6)
  .refine(
    (levels) =>
      new Set(levels.map((l) => l.code)).size === levels.length &&
      levels.every(
        (l, i) =>
          i === 0 ||
          (l.minOnTimeMonths >= levels[i - 1]!.minOnTimeMonths &&
            l.maxViolations <= levels[i - 1]!.maxViolations &&
            l.maxAccidents <= levels[i - 1]!.maxAccidents &&
            (l.minOnTimeMonths > levels[i - 1]!.minOnTimeMonths ||
              l.maxViolations < levels[i - 1]!.maxViolations ||
              l.maxAccidents < levels[i - 1]!.maxAccidents)),
      ),
    { message: 'v.portalLevels' },
  );
export type DriverLevelRules = z.infer<typeof DriverLevelRules>;

/** What a driver's last twelve months show, the input of his level. */
export interface LevelFacts {
  onTimeMonths: number;
  violations: number;
  accidents: number;
  /** An open rent line past its due date (and grace): no level above the first while it lasts. */
  overdueNow: boolean;
}

/** The highest level whose every count the facts meet (the first when overdue now). */
export function levelOf(levels: readonly LevelRule[], facts: LevelFacts): LevelRule {
  let best = levels[0]!;
  if (facts.overdueNow) return best;
  for (const l of levels.slice(1)) {
    if (
      facts.onTimeMonths >= l.minOnTimeMonths &&
      facts.violations <= l.maxViolations &&
      facts.accidents <= l.maxAccidents
    ) {
      best = l;
    }
  }
  return best;
}

export const PortalLevel = z.object({
  code: z.string(),
  name: z.string(),
  perks: LevelPerks,
  minOnTimeMonths: z.number().int(),
  maxViolations: z.number().int(),
  maxAccidents: z.number().int(),
});
export type PortalLevel = z.infer<typeof PortalLevel>;

export const PortalMembership = z.object({
  level: PortalLevel,
  /** The next level up, and what stands between: null at the top. */
  next: PortalLevel.nullable(),
  facts: z.object({
    onTimeMonths: z.number().int(),
    violations: z.number().int(),
    accidents: z.number().int(),
    overdueNow: z.boolean(),
  }),
  since: LocalDate.nullable(),
  computedOn: LocalDate.nullable(),
  levels: z.array(PortalLevel),
});
export type PortalMembership = z.infer<typeof PortalMembership>;

export const PortalHome = z.object({
  me: PortalMe,
  due: z.object({
    /** Open bills due today or earlier, and the soonest later one. */
    dueNow: z.number(),
    overdue: z.number(),
    nextDueDate: LocalDate.nullable(),
    nextAmount: z.number().nullable(),
  }),
  contracts: z.number().int(),
  level: z.object({ code: z.string(), name: z.string() }),
  openViolations: z.number().int(),
  openSurveys: z.number().int(),
  notices: z.array(PortalNotice),
});
export type PortalHome = z.infer<typeof PortalHome>;

// ------------------------------------------------------------------------------------------------ back office

export const SUBMISSION_KINDS = ['licence', 'idCard', 'violationProof'] as const;
export const SubmissionKind = z.enum(SUBMISSION_KINDS);
export type SubmissionKind = z.infer<typeof SubmissionKind>;
export const SUBMISSION_KIND_TITLES: Record<SubmissionKind, LocalText> = {
  licence: t('驾驶证更新', 'Licence update'),
  idCard: t('身份证更新', 'ID card update'),
  violationProof: t('违章处理凭证', 'Proof a violation was handled'),
};

export const SubmissionQuery = z.object({
  driverId: Id.optional(),
  state: SubmissionState.optional(),
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type SubmissionQuery = z.infer<typeof SubmissionQuery>;

export const Submission = z.object({
  id: Id,
  driverId: Id,
  driverName: z.string(),
  kind: SubmissionKind,
  /** What was sent: a document's number, class, expiry; or the violation's number and plate. */
  details: z.record(z.string(), z.string().nullable()),
  files: z.array(z.string()),
  note: z.string().nullable(),
  state: SubmissionState,
  reviewNote: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  createdAt: Instant,
  reviewedAt: Instant.nullable(),
});
export type Submission = z.infer<typeof Submission>;

export const SubmissionPage = z.object({ records: z.array(Submission), total: z.number().int() });

export const ReviewInput = z.object({
  id: Id,
  approve: z.boolean(),
  note: z.string().trim().max(200).nullable().default(null),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/** The back office's view of a driver's level (the driver page's team tab). */
export const DriverLevelView = PortalMembership;
