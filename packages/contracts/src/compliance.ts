import { z } from 'zod';
import { Id, Instant, PageQuery, Yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';
import { FileUrl, InsurerCode, LocalDate } from './vehicles.js';

const base = '/api/ccwadmin';

/**
 * The compliance calls of a car (spec section 7 "Fleet"): licences, insurance policies, annual inspections and
 * accidents. Spec paths: `rentCarLicense/list`, `rentCarLicense/total`, `accident/list`, `accident/detail/{id}`,
 * `accident/delete/{id}` (`rentCar/bind/license`, `rentCar/insurance/company` and the two exports are in the
 * vehicle contracts). The others are ours, in the same style.
 */
export const CompliancePaths = {
  licenseList: `${base}/rentCarLicense/list`,
  licenseTotal: `${base}/rentCarLicense/total`,
  licenseSave: `${base}/rentCarLicense/save`,
  licenseDelete: `${base}/rentCarLicense/delete/:id`,
  policyList: `${base}/rentCar/insurance/policy/list`,
  policyCreate: `${base}/rentCar/insurance/policy/create`,
  policyUpdate: `${base}/rentCar/insurance/policy/update/:id`,
  policyDelete: `${base}/rentCar/insurance/policy/delete/:id`,
  inspectionList: `${base}/rentCar/inspection/list`,
  inspectionCreate: `${base}/rentCar/inspection/create`,
  inspectionDelete: `${base}/rentCar/inspection/delete/:id`,
  accidentList: `${base}/accident/list`,
  accidentDetail: `${base}/accident/detail/:id`,
  accidentDelete: `${base}/accident/delete/:id`,
  accidentCreate: `${base}/accident/create`,
  accidentUpdate: `${base}/accident/update/:id`,
  accidentState: `${base}/accident/state/:id`,
} as const;

export const COMPLIANCE_VALIDATION_MESSAGES = {
  'v.policyPeriod': {
    'zh-CN': '保险期间最长一年（366 天），且止期须晚于起期',
    'en-US': 'A policy runs at most one year (366 days) and ends after it starts',
  },
  'v.coverageCompulsory': {
    'zh-CN': '交强险没有可选险种，请勿填写保障项目',
    'en-US': 'Compulsory insurance has no optional cover; leave the coverage empty',
  },
  'v.coverageRequired': {
    'zh-CN': '商业险请至少选择一个险种',
    'en-US': 'Choose at least one cover for a commercial policy',
  },
  'v.coverageDuplicate': { 'zh-CN': '险种重复', 'en-US': 'This cover is listed twice' },
  'v.policyNo': {
    'zh-CN': '保单号为 6-40 位字母或数字',
    'en-US': 'A policy number has 6 to 40 letters or digits',
  },
  'v.licenseExpiryRequired': {
    'zh-CN': '网约车运输证请填写有效期至',
    'en-US': 'Give the expiry date of the transport certificate',
  },
  'v.afterIssue': { 'zh-CN': '有效期至不能早于发证日期', 'en-US': 'The expiry is before the issue date' },
  'v.nextDueAfter': {
    'zh-CN': '下次检验日期须晚于本次检验日期',
    'en-US': 'The next due date must follow the inspection',
  },
  'v.settledOverCost': {
    'zh-CN': '理赔到账金额不能超过维修费用的两倍，请核对',
    'en-US': 'The settled amount is more than twice the repair cost; check it',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(COMPLIANCE_VALIDATION_MESSAGES);

const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const Images = (max: number) => z.array(FileUrl).max(max).default([]);

/** `expired` before today, `soon` within the lead days of the company settings, else `valid`. */
export const DUE_STATES = ['valid', 'soon', 'expired'] as const;
export const DueState = z.enum(DUE_STATES);
export type DueState = z.infer<typeof DueState>;
export const DUE_STATE_TITLES: Record<DueState, LocalText> = {
  valid: { 'zh-CN': '有效', 'en-US': 'Valid' },
  soon: { 'zh-CN': '即将到期', 'en-US': 'Expiring soon' },
  expired: { 'zh-CN': '已过期', 'en-US': 'Expired' },
};
export function dueStateOf(date: string | null, today: string, soonUntil: string): DueState | null {
  if (!date) return null;
  if (date < today) return 'expired';
  return date <= soonUntil ? 'soon' : 'valid';
}

export const FileRef = z.object({ url: z.string(), signedUrl: z.string() });
export type FileRef = z.infer<typeof FileRef>;

// ---------------------------------------------------------------- licences

export const LICENSE_KINDS = ['vehicle', 'transport'] as const;
export const LicenseKind = z.enum(LICENSE_KINDS);
export type LicenseKind = z.infer<typeof LicenseKind>;
export const LICENSE_KIND_TITLES: Record<LicenseKind, LocalText> = {
  vehicle: { 'zh-CN': '行驶证', 'en-US': 'Vehicle licence' },
  transport: { 'zh-CN': '网约车运输证', 'en-US': 'Ride-hailing transport certificate' },
};

export const LicenseInput = z
  .strictObject({
    carId: Id,
    kind: LicenseKind,
    number: text(40).min(4).describe('行驶证档案编号 or 运输证号'),
    issuer: optText(60).describe('issuing authority'),
    issueDate: LocalDate.nullish(),
    expiryDate: LocalDate.nullish().describe('vehicle licence: 检验有效期至; transport certificate: 有效期至'),
    images: Images(6),
    remark: optText(200),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'transport' && !v.expiryDate)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'v.licenseExpiryRequired' });
    if (v.issueDate && v.expiryDate && v.expiryDate < v.issueDate)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'v.afterIssue' });
  });
export type LicenseInput = z.infer<typeof LicenseInput>;

export const License = z.object({
  id: Id,
  carId: Id,
  plate: z.string(),
  rentId: Id,
  rentName: z.string().nullable(),
  kind: LicenseKind,
  number: z.string(),
  issuer: z.string().nullable(),
  issueDate: LocalDate.nullable(),
  expiryDate: LocalDate.nullable(),
  due: DueState.nullable(),
  images: z.array(FileRef),
  remark: z.string().nullable(),
  updatedAt: Instant,
});
export type License = z.infer<typeof License>;

export const LicenseListQuery = PageQuery.extend({
  kind: LicenseKind.optional(),
  due: DueState.optional(),
  plate: text(20).optional(),
  carId: Id.optional(),
  rentId: Id.optional(),
});
export type LicenseListQuery = z.infer<typeof LicenseListQuery>;

export const LicenseTotalQuery = z.object({ rentId: Id.optional() });
export const LicenseTotal = z.object({
  total: z.number().int(),
  expiring: z.number().int().describe('expiring within leadDays'),
  expired: z.number().int(),
  carsWithoutTransport: z.number().int().describe('cars of the fleet without a transport certificate'),
  leadDays: z.number().int().describe('reminders.licenceDays of the company settings'),
});
export type LicenseTotal = z.infer<typeof LicenseTotal>;

// ---------------------------------------------------------------- insurance policies

export const POLICY_KINDS = ['compulsory', 'commercial'] as const;
export const PolicyKind = z.enum(POLICY_KINDS);
export type PolicyKind = z.infer<typeof PolicyKind>;
export const POLICY_KIND_TITLES: Record<PolicyKind, LocalText> = {
  compulsory: { 'zh-CN': '交强险', 'en-US': 'Compulsory (CTPL)' },
  commercial: { 'zh-CN': '商业险', 'en-US': 'Commercial' },
};

/** Commercial motor cover after the 2020 reform: three main covers and the common additional ones. */
export const COVERAGE_CODES = [
  'damage',
  'thirdParty',
  'driverSeat',
  'passengerSeat',
  'medicalExtra',
  'roadside',
  'scratch',
  'glassOnly',
] as const;
export const CoverageCode = z.enum(COVERAGE_CODES);
export type CoverageCode = z.infer<typeof CoverageCode>;
export const COVERAGE_TITLES: Record<CoverageCode, LocalText> = {
  damage: { 'zh-CN': '机动车损失保险', 'en-US': 'Own damage' },
  thirdParty: { 'zh-CN': '第三者责任保险', 'en-US': 'Third-party liability' },
  driverSeat: { 'zh-CN': '车上人员责任险（司机）', 'en-US': 'Occupants, driver' },
  passengerSeat: { 'zh-CN': '车上人员责任险（乘客）', 'en-US': 'Occupants, passengers' },
  medicalExtra: { 'zh-CN': '医保外医疗费用责任险', 'en-US': 'Medical costs outside social insurance' },
  roadside: { 'zh-CN': '道路救援服务特约', 'en-US': 'Roadside assistance' },
  scratch: { 'zh-CN': '车身划痕损失险', 'en-US': 'Body scratches' },
  glassOnly: { 'zh-CN': '玻璃单独破碎险', 'en-US': 'Glass breakage' },
};
/** A tenant's insurer (`rentCar/insurance/company`; the paths are in `VehiclePaths`). */
export const Insurer = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  nameEn: z.string(),
  enabled: z.boolean().describe('a disabled insurer stays on the records naming it and leaves the pickers'),
});
export type Insurer = z.infer<typeof Insurer>;
/** A tenant's own insurer, or the names of one (the code is the server's and never changes). */
export const InsurerInput = z.strictObject({
  name: z.string().trim().min(2).max(60).describe('full name, unique in the tenant'),
  shortName: z.string().trim().min(2).max(20).describe('the name the pickers show, unique in the tenant'),
  nameEn: z.string().trim().max(80).optional().describe('English name; the short name when empty'),
});
export type InsurerInput = z.infer<typeof InsurerInput>;
export const InsurerEnableInput = z.strictObject({ enabled: z.boolean() });

export const CoverageItem = z.strictObject({
  code: CoverageCode,
  sumInsured: Yuan.nullish().describe('sum insured, yuan (none for a service such as roadside assistance)'),
});
export type CoverageItem = z.infer<typeof CoverageItem>;

const PolicyNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{6,40}$/, { message: 'v.policyNo' });

export const PolicyInput = z
  .strictObject({
    carId: Id,
    kind: PolicyKind,
    companyCode: InsurerCode.describe('rentCar/insurance/company'),
    policyNo: PolicyNo,
    startDate: LocalDate,
    endDate: LocalDate.describe('the last day covered'),
    premium: Yuan.describe('yuan'),
    coverage: z.array(CoverageItem).max(COVERAGE_CODES.length).default([]),
    images: Images(10),
    remark: optText(200),
    costCentreId: Id.nullish().describe(
      'the cost centre its premium is posted to; unset: the vehicle cost centre of the settings (costs.vehicleCostCentreId)',
    ),
  })
  .superRefine((v, ctx) => {
    const days = (Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000;
    if (!(days > 0 && days <= 366)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'v.policyPeriod' });
    if (v.kind === 'compulsory' && v.coverage.length)
      ctx.addIssue({ code: 'custom', path: ['coverage'], message: 'v.coverageCompulsory' });
    if (v.kind === 'commercial' && !v.coverage.length)
      ctx.addIssue({ code: 'custom', path: ['coverage'], message: 'v.coverageRequired' });
    const seen = new Set<string>();
    v.coverage.forEach((c, i) => {
      if (seen.has(c.code))
        ctx.addIssue({ code: 'custom', path: ['coverage', i, 'code'], message: 'v.coverageDuplicate' });
      seen.add(c.code);
    });
  });
export type PolicyInput = z.infer<typeof PolicyInput>;

export const Policy = z.object({
  id: Id,
  carId: Id,
  plate: z.string(),
  rentId: Id,
  kind: PolicyKind,
  companyCode: z.string(),
  companyName: z.string(),
  policyNo: z.string(),
  startDate: LocalDate,
  endDate: LocalDate,
  premium: z.number(),
  coverage: z.array(z.object({ code: CoverageCode, sumInsured: z.number().nullable() })),
  images: z.array(FileRef),
  remark: z.string().nullable(),
  due: DueState,
  current: z.boolean().describe("the car's policy of this kind that ends last (its dates are on the car)"),
  costCentreId: Id.nullable().optional().describe('its own cost centre (null: the default of the settings)'),
  createdAt: Instant,
});
export type Policy = z.infer<typeof Policy>;

export const PolicyListQuery = PageQuery.extend({
  carId: Id.optional(),
  kind: PolicyKind.optional(),
  due: DueState.optional(),
  plate: text(20).optional(),
  rentId: Id.optional(),
});
export type PolicyListQuery = z.infer<typeof PolicyListQuery>;

// ---------------------------------------------------------------- annual inspections

export const INSPECTION_RESULTS = ['passed', 'failed'] as const;
export const InspectionResult = z.enum(INSPECTION_RESULTS);
export type InspectionResult = z.infer<typeof InspectionResult>;
export const INSPECTION_RESULT_TITLES: Record<InspectionResult, LocalText> = {
  passed: { 'zh-CN': '合格', 'en-US': 'Passed' },
  failed: { 'zh-CN': '不合格', 'en-US': 'Failed' },
};

export const InspectionInput = z
  .strictObject({
    carId: Id,
    inspectedOn: LocalDate,
    result: InspectionResult,
    nextDue: LocalDate.nullish().describe('检验有效期至 after this inspection (passed only)'),
    station: optText(60),
    cost: Yuan.nullish(),
    images: Images(6),
    remark: optText(200),
  })
  .superRefine((v, ctx) => {
    if (v.result === 'passed' && !v.nextDue) ctx.addIssue({ code: 'custom', path: ['nextDue'], message: 'v.required' });
    if (v.nextDue && v.nextDue <= v.inspectedOn)
      ctx.addIssue({ code: 'custom', path: ['nextDue'], message: 'v.nextDueAfter' });
  });
export type InspectionInput = z.infer<typeof InspectionInput>;

export const Inspection = z.object({
  id: Id,
  carId: Id,
  plate: z.string(),
  inspectedOn: LocalDate,
  result: InspectionResult,
  nextDue: LocalDate.nullable(),
  station: z.string().nullable(),
  cost: z.number().nullable(),
  images: z.array(FileRef),
  remark: z.string().nullable(),
  createdAt: Instant,
});
export type Inspection = z.infer<typeof Inspection>;

export const InspectionListQuery = PageQuery.extend({ carId: Id.optional(), plate: text(20).optional() });
export type InspectionListQuery = z.infer<typeof InspectionListQuery>;

// ---------------------------------------------------------------- accidents

export const ACCIDENT_STATES = [
  'reported',
  'assessing',
  'repairing',
  'claimed',
  'settled',
  'closed',
  'cancelled',
] as const;
export const AccidentState = z.enum(ACCIDENT_STATES);
export type AccidentState = z.infer<typeof AccidentState>;
export const ACCIDENT_STATE_TITLES: Record<AccidentState, LocalText> = {
  reported: { 'zh-CN': '已报案', 'en-US': 'Reported' },
  assessing: { 'zh-CN': '定损中', 'en-US': 'Assessing' },
  repairing: { 'zh-CN': '维修中', 'en-US': 'Repairing' },
  claimed: { 'zh-CN': '已索赔', 'en-US': 'Claimed' },
  settled: { 'zh-CN': '已理赔', 'en-US': 'Settled' },
  closed: { 'zh-CN': '已结案', 'en-US': 'Closed' },
  cancelled: { 'zh-CN': '已撤销', 'en-US': 'Cancelled' },
};

/**
 * Allowed moves (one source for the server, the web and the tests). A case without insurance money closes after
 * the assessment or the repair; a claim needs its claim number, a settlement its settled amount.
 */
export const ACCIDENT_TRANSITIONS: Record<AccidentState, readonly AccidentState[]> = {
  reported: ['assessing', 'cancelled'],
  assessing: ['repairing', 'claimed', 'closed', 'cancelled'],
  repairing: ['claimed', 'closed'],
  claimed: ['settled', 'repairing'],
  settled: ['closed'],
  closed: [],
  cancelled: [],
};
export function nextAccidentStates(state: AccidentState): readonly AccidentState[] {
  return ACCIDENT_TRANSITIONS[state];
}
/** States in which the record may still be deleted (nothing was paid or claimed yet). */
export const ACCIDENT_DELETABLE: readonly AccidentState[] = ['reported', 'cancelled'];

export const RESPONSIBILITIES = ['full', 'major', 'equal', 'minor', 'none'] as const;
export const Responsibility = z.enum(RESPONSIBILITIES);
export type Responsibility = z.infer<typeof Responsibility>;
export const RESPONSIBILITY_TITLES: Record<Responsibility, LocalText> = {
  full: { 'zh-CN': '全责', 'en-US': 'Full' },
  major: { 'zh-CN': '主责', 'en-US': 'Major' },
  equal: { 'zh-CN': '同责', 'en-US': 'Equal' },
  minor: { 'zh-CN': '次责', 'en-US': 'Minor' },
  none: { 'zh-CN': '无责', 'en-US': 'None' },
};

export const CLAIM_STATES = ['none', 'filed', 'approved', 'rejected', 'paid'] as const;
export const ClaimState = z.enum(CLAIM_STATES);
export type ClaimState = z.infer<typeof ClaimState>;
export const CLAIM_STATE_TITLES: Record<ClaimState, LocalText> = {
  none: { 'zh-CN': '未报保险', 'en-US': 'No claim' },
  filed: { 'zh-CN': '已报保险', 'en-US': 'Filed' },
  approved: { 'zh-CN': '已核赔', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '已拒赔', 'en-US': 'Rejected' },
  paid: { 'zh-CN': '已赔付', 'en-US': 'Paid' },
};

export const AccidentInput = z
  .strictObject({
    carId: Id,
    driverId: Id.nullish().describe('the driver (drivers area) at the wheel'),
    occurredAt: Instant,
    place: text(120).min(2),
    description: text(1000).min(2),
    responsibility: Responsibility,
    damage: optText(500).describe('what was damaged'),
    injuries: z.boolean().default(false),
    photos: Images(20),
    insurerCode: InsurerCode.nullish(),
    claimNo: optText(40),
    claimState: ClaimState.default('none'),
    repairCost: Yuan.nullish(),
    settledAmount: Yuan.nullish(),
    remark: optText(200),
    costCentreId: Id.nullish().describe(
      'the cost centre its cost (repair cost minus the settled amount) is posted to when settled; unset: the vehicle cost centre of the settings',
    ),
  })
  .superRefine((v, ctx) => {
    if (v.claimState !== 'none' && !v.claimNo)
      ctx.addIssue({ code: 'custom', path: ['claimNo'], message: 'v.required' });
    if (v.settledAmount != null && v.repairCost != null && v.settledAmount > v.repairCost * 2)
      ctx.addIssue({ code: 'custom', path: ['settledAmount'], message: 'v.settledOverCost' });
  });
export type AccidentInput = z.infer<typeof AccidentInput>;

export const AccidentRow = z.object({
  id: Id,
  carId: Id,
  plate: z.string(),
  rentId: Id,
  rentName: z.string().nullable(),
  driverId: Id.nullable(),
  driverName: z.string().nullable(),
  occurredAt: Instant,
  place: z.string(),
  responsibility: Responsibility,
  state: AccidentState,
  claimState: ClaimState,
  claimNo: z.string().nullable(),
  repairCost: z.number().nullable(),
  settledAmount: z.number().nullable(),
  createdAt: Instant,
});
export type AccidentRow = z.infer<typeof AccidentRow>;

export const AccidentEvent = z.object({
  from: AccidentState.nullable(),
  to: AccidentState,
  remark: z.string().nullable(),
  userName: z.string().nullable(),
  at: Instant,
});
export const Accident = AccidentRow.extend({
  description: z.string(),
  damage: z.string().nullable(),
  injuries: z.boolean(),
  photos: z.array(FileRef),
  insurerCode: z.string().nullable(),
  remark: z.string().nullable(),
  costCentreId: Id.nullable().optional().describe('its own cost centre (null: the default of the settings)'),
  events: z.array(AccidentEvent),
});
export type Accident = z.infer<typeof Accident>;

export const AccidentListQuery = PageQuery.extend({
  state: AccidentState.optional(),
  responsibility: Responsibility.optional(),
  plate: text(20).optional(),
  carId: Id.optional(),
  driverId: Id.optional(),
  rentId: Id.optional(),
  occurredFrom: LocalDate.optional(),
  occurredTo: LocalDate.optional(),
});
export type AccidentListQuery = z.infer<typeof AccidentListQuery>;

export const AccidentStateInput = z.strictObject({ state: AccidentState, remark: optText(200) });
export type AccidentStateInput = z.infer<typeof AccidentStateInput>;
