import { z } from 'zod';
import { Id, Instant, Version, Yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';
import { LocalDate } from './vehicles.js';

const base = '/api/ccwadmin';

/** The handover calls of a contract (issue 16): inspections, usage periods, settlement, documents. */
export const HandoverPaths = {
  inspections: `${base}/rentContract/inspections/:id`,
  dispatch: `${base}/rentContract/inspection/dispatch/:id`,
  giveBack: `${base}/rentContract/inspection/return/:id`,
  carUsage: `${base}/rentCar/usage/periods`,
  settlement: `${base}/rentContract/settlement/:id`,
  saveSettlement: `${base}/rentContract/settlement/save/:id`,
  submitSettlement: `${base}/rentContract/settlement/submit/:id`,
  documents: `${base}/rentContract/documents/:id`,
  document: `${base}/rentContract/document/:id/:kind`,
  receipt: `${base}/rentContract/receipt/:lineId`,
  paySettlement: `${base}/rentContract/settlement/pay/:id`,
  attachments: `${base}/rentContract/documentFiles/:id`,
  storeDocument: `${base}/rentContract/documentFile/:id/:kind`,
  storeReceipt: `${base}/rentContract/receiptFile/:lineId`,
} as const;

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

export const HANDOVER_VALIDATION_MESSAGES = {
  'v.otherNeedsNote': { 'zh-CN': '其他扣款须填写备注', 'en-US': 'An "other" deduction needs a note' },
  'v.deductionTwice': {
    'zh-CN': '同一扣款项只能填写一次（其他扣款除外）',
    'en-US': 'Each deduction kind is entered once (except "other")',
  },
  'v.positiveAmount': { 'zh-CN': '金额须大于 0', 'en-US': 'The amount must be more than 0' },
  'v.owedBackNote': {
    'zh-CN': '有返还款时须填写返还说明',
    'en-US': 'An amount owed back needs a note saying what it is',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(HANDOVER_VALIDATION_MESSAGES);

// ---------------------------------------------------------------------------------------------------------
// Inspections

export const DAMAGE_POSITIONS = ['front', 'rear', 'left', 'right', 'roof'] as const;
export const DamagePosition = z.enum(DAMAGE_POSITIONS);
export type DamagePosition = z.infer<typeof DamagePosition>;
export const DAMAGE_POSITION_TITLES: Record<DamagePosition, LocalText> = {
  front: t('车头', 'Front'),
  rear: t('车尾', 'Rear'),
  left: t('左侧', 'Left side'),
  right: t('右侧', 'Right side'),
  roof: t('车顶', 'Roof'),
};

export const INSPECTION_KINDS = ['dispatch', 'return'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];
export const INSPECTION_KIND_TITLES: Record<InspectionKind, LocalText> = {
  dispatch: t('发车验车', 'Dispatch inspection'),
  return: t('退车验车', 'Return inspection'),
};

/** Photos are addresses of files the tenant uploaded (upload type `image`). */
const PhotoUrls = z.array(z.string().trim().min(1).max(1024)).max(6);

export const DamageMark = z.strictObject({
  position: DamagePosition,
  note: z.string().trim().min(1).max(200),
  photos: PhotoUrls.default([]),
});
export type DamageMark = z.infer<typeof DamageMark>;

export const DocumentsPresent = z.strictObject({
  insuranceCopy: z.boolean(),
  licence: z.boolean(),
  transportCertificate: z.boolean(),
});
export type DocumentsPresent = z.infer<typeof DocumentsPresent>;

const InspectionFields = {
  inspectedAt: Instant,
  mileage: z.number().int().min(0).max(3_000_000),
  /** Fuel or charge level, in percent. */
  energyLevel: z.number().int().min(0).max(100),
  documents: DocumentsPresent,
  damageMarks: z.array(DamageMark).max(30).default([]),
  photos: z.array(z.string().trim().min(1).max(1024)).max(12).default([]),
  inspectorId: Id,
  remark: z.string().trim().max(500).nullish(),
};

export const DispatchInput = z.strictObject(InspectionFields);
export type DispatchInput = z.input<typeof DispatchInput>;
export const ReturnInput = z.strictObject({ ...InspectionFields, damageDeduction: Yuan.max(10_000_000).default(0) });
export type ReturnInput = z.input<typeof ReturnInput>;

const SignedPhoto = z.object({ url: z.string(), signedUrl: z.string().nullable() });

export const Inspection = z.object({
  id: Id,
  /** Exactly one of the contract and the short-term booking (issue 33) the car was handed over under. */
  contractId: Id.nullable(),
  bookingId: Id.nullable(),
  carId: Id,
  kind: z.enum(INSPECTION_KINDS),
  inspectedAt: Instant,
  mileage: z.number().int(),
  energyLevel: z.number().int(),
  documents: DocumentsPresent,
  damageMarks: z.array(z.object({ position: DamagePosition, note: z.string(), photos: z.array(SignedPhoto) })),
  photos: z.array(SignedPhoto),
  inspectorId: Id,
  inspectorName: z.string(),
  damageDeduction: z.number(),
  remark: z.string().nullable(),
  createdAt: Instant,
});
export type Inspection = z.infer<typeof Inspection>;

/** What the contract page needs to offer the wizards. */
export const InspectionState = z.object({
  dispatch: Inspection.nullable(),
  return: Inspection.nullable(),
  /** The car's last known mileage (the dispatch form's floor). */
  lastMileage: z.number().int(),
  canDispatch: z.boolean(),
  canReturn: z.boolean(),
});
export type InspectionState = z.infer<typeof InspectionState>;

// ---------------------------------------------------------------------------------------------------------
// Usage periods

export const UsagePeriodQuery = z.object({
  carId: Id,
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** What a usage period was opened under (issue 33: short-term bookings and time-share trips beside contracts). */
export const USAGE_PERIOD_SOURCES = ['contract', 'booking', 'trip'] as const;
export const UsagePeriod = z.object({
  id: Id,
  carId: Id,
  source: z.enum(USAGE_PERIOD_SOURCES),
  /** The one of contract, booking and trip the period belongs to (the others null). */
  contractId: Id.nullable(),
  contractNo: z.string().nullable(),
  bookingId: Id.nullable(),
  bookingCode: z.string().nullable(),
  tripId: Id.nullable(),
  tripCode: z.string().nullable(),
  driverId: Id,
  driverName: z.string(),
  from: Instant,
  to: Instant.nullable(),
  violations: z.number().int(),
});
export type UsagePeriod = z.infer<typeof UsagePeriod>;

// ---------------------------------------------------------------------------------------------------------
// Settlement

export const DEDUCTION_KINDS = [
  'earlyReturnPenalty',
  'overdueRent',
  'overduePenalty',
  'overdueInspectionPenalty',
  'accidentDepreciation',
  'insuranceRise',
  'violationWithholding',
  'violationPenalty',
  'repair',
  'deductible',
  'forcedRecovery',
  'other',
] as const;
export const DeductionKind = z.enum(DEDUCTION_KINDS);
export type DeductionKind = z.infer<typeof DeductionKind>;
export const DEDUCTION_KIND_TITLES: Record<DeductionKind, LocalText> = {
  earlyReturnPenalty: t('提前退车违约金', 'Early-return penalty'),
  overdueRent: t('逾期租金', 'Overdue rent'),
  overduePenalty: t('逾期违约金', 'Overdue penalty'),
  overdueInspectionPenalty: t('逾期年检违约金', 'Overdue inspection penalty'),
  accidentDepreciation: t('出险加速折旧费', 'Accident depreciation'),
  insuranceRise: t('保险上浮', 'Insurance premium rise'),
  violationWithholding: t('违章代扣', 'Violation withholding'),
  violationPenalty: t('违章违约金', 'Violation penalty'),
  repair: t('定损/维修费', 'Repair'),
  deductible: t('保险绝对免赔', 'Deductible'),
  forcedRecovery: t('强制收车费', 'Forced-recovery fee'),
  other: t('其他扣款', 'Other'),
};

export const SETTLEMENT_STATES = ['draft', 'pending', 'approved', 'rejected', 'withdrawn'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
export const SETTLEMENT_STATE_TITLES: Record<SettlementState, LocalText> = {
  draft: t('草稿', 'Draft'),
  pending: t('审批中', 'Awaiting approval'),
  approved: t('已审批（已锁定）', 'Approved (locked)'),
  rejected: t('已驳回', 'Rejected'),
  withdrawn: t('已撤回', 'Withdrawn'),
};

const PositiveYuan = Yuan.max(10_000_000).refine((v) => v > 0, { message: 'v.positiveAmount' });

export const Deduction = z.strictObject({
  kind: DeductionKind,
  amount: PositiveYuan,
  note: z.string().trim().max(200).nullish(),
});
export type Deduction = z.infer<typeof Deduction>;

export const SettlementInput = z
  .strictObject({
    deductions: z.array(Deduction).max(40),
    owedBack: Yuan.max(10_000_000).default(0),
    owedBackNote: z.string().trim().max(200).nullish(),
    /** Void the contract's unpaid lines when the settlement is approved (the settlement takes their place). */
    voidRemaining: z.boolean().default(false),
    remark: z.string().trim().max(500).nullish(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.deductions.forEach((d, i) => {
      if (d.kind === 'other' && !d.note) {
        ctx.addIssue({ code: 'custom', path: ['deductions', i, 'note'], message: 'v.otherNeedsNote' });
      }
      if (d.kind !== 'other') {
        if (seen.has(d.kind)) {
          ctx.addIssue({ code: 'custom', path: ['deductions', i, 'kind'], message: 'v.deductionTwice' });
        }
        seen.add(d.kind);
      }
    });
    if (v.owedBack > 0 && !v.owedBackNote) {
      ctx.addIssue({ code: 'custom', path: ['owedBackNote'], message: 'v.owedBackNote' });
    }
  });
export type SettlementInput = z.input<typeof SettlementInput>;

/**
 * The settlement arithmetic (S2 `SaleSettlement`), in fen: result = -deposit received + deductions - owed back.
 * Positive: the driver owes a settlement fee of `result`; negative: the company refunds `-result` of deposit.
 */
export function settlementResult(depositFen: number, deductionsFen: readonly number[], owedBackFen: number) {
  const deductionsTotal = deductionsFen.reduce((s, d) => s + d, 0);
  const result = -depositFen + deductionsTotal - owedBackFen;
  return {
    deductionsTotal,
    result,
    outcome: result > 0 ? ('fee' as const) : result < 0 ? ('refund' as const) : ('even' as const),
  };
}

export const Settlement = z.object({
  id: Id.nullable(),
  contractId: Id,
  state: z.enum(SETTLEMENT_STATES).nullable(),
  depositReceived: z.number(),
  deductions: z.array(z.object({ kind: DeductionKind, amount: z.number(), note: z.string().nullable() })),
  deductionsTotal: z.number(),
  owedBack: z.number(),
  owedBackNote: z.string().nullable(),
  voidRemaining: z.boolean(),
  result: z.number(),
  outcome: z.enum(['fee', 'refund', 'even']),
  remark: z.string().nullable(),
  approvalId: Id.nullable(),
  lineId: Id.nullable(),
  /** Unpaid lines of the contract now (they make the contract end as terminated early). */
  unpaidLines: z.number().int(),
  /** The return inspection's damage deduction, offered as the repair deduction. */
  damageDeduction: z.number(),
  returned: z.boolean(),
  editable: z.boolean(),
  lockedAt: Instant.nullable(),
});
export type Settlement = z.infer<typeof Settlement>;

// ---------------------------------------------------------------------------------------------------------
// Documents

export const DOCUMENT_KINDS = ['contract', 'dispatchSheet', 'returnSheet', 'settlement'] as const;
export const DocumentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKind>;
export const DOCUMENT_KIND_TITLES: Record<DocumentKind, LocalText> = {
  contract: t('租赁合同', 'Rental contract'),
  dispatchSheet: t('发车验车单', 'Dispatch inspection sheet'),
  returnSheet: t('退车验车单', 'Return inspection sheet'),
  settlement: t('退租结算单', 'Settlement statement'),
};
export const DocumentParams = z.object({ id: Id, kind: DocumentKind });
export const ReceiptParams = z.object({ lineId: Id });

/**
 * Paying the line an approved settlement made, in full: the deposit refund paid out of an account (its
 * balance goes down) or the settlement fee collected into it. The contract has ended by then, so the contracts'
 * own collection (for live bills) does not take it.
 */
export const SettlementPayInput = z.strictObject({
  accountId: Id,
  paidDate: LocalDate.optional().describe('absent = today'),
  version: Version.describe('the version of the line the clerk saw'),
});
export type SettlementPayInput = z.infer<typeof SettlementPayInput>;

/** What a stored document is: one of the contract's documents, or the receipt of one of its lines. */
export const ATTACHMENT_KINDS = [...DOCUMENT_KINDS, 'receipt'] as const;
export const AttachmentKind = z.enum(ATTACHMENT_KINDS);
export type AttachmentKind = z.infer<typeof AttachmentKind>;
export const ATTACHMENT_TRIGGERS = ['sign', 'return', 'settlement', 'manual', 'demo', 'esign'] as const;
export type AttachmentTrigger = (typeof ATTACHMENT_TRIGGERS)[number];
export const ATTACHMENT_TRIGGER_TITLES: Record<AttachmentTrigger, LocalText> = {
  sign: t('签约时生成', 'Made at signing'),
  return: t('退车时生成', 'Made at the return'),
  settlement: t('结算审批通过时生成', 'Made when the settlement was approved'),
  manual: t('手动生成', 'Made by hand'),
  demo: t('演示数据', 'Demo data'),
  esign: t('电子签署完成后归档', 'Signed electronically'),
};
/** A generated PDF kept with the contract; `url` is a signed address of the file (it expires). */
export const ContractAttachment = z.object({
  id: z.number().int(),
  kind: AttachmentKind,
  lineId: z.number().int().nullable(),
  version: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  trigger: z.enum(ATTACHMENT_TRIGGERS),
  createdBy: z.string().nullable(),
  createdAt: Instant,
  url: z.string(),
  /** SHA-256 of the stored PDF and the e-signature provider's evidence number (a signed PDF; else null). */
  sha256: z.string().nullable(),
  evidenceNo: z.string().nullable(),
});
export type ContractAttachment = z.infer<typeof ContractAttachment>;
export const ContractDocument = z.object({ kind: DocumentKind, available: z.boolean() });
export type ContractDocument = z.infer<typeof ContractDocument>;

// ---------------------------------------------------------------------------------------------------------
// Per-tenant document templates (company settings)

export const TemplatePaths = {
  list: `${base}/oaSetting/documentTemplates`,
  save: `${base}/oaSetting/documentTemplate/:kind`,
  preview: `${base}/oaSetting/documentTemplate/preview/:kind`,
} as const;

/** The four documents a tenant may lay out: the inspection template serves both inspection sheets. */
export const TEMPLATE_KINDS = ['contract', 'settlement', 'receipt', 'inspection'] as const;
export const TemplateKind = z.enum(TEMPLATE_KINDS);
export type TemplateKind = z.infer<typeof TemplateKind>;
export const TEMPLATE_KIND_TITLES: Record<TemplateKind, LocalText> = {
  contract: t('租赁合同', 'Rental contract'),
  settlement: t('退租结算单', 'Settlement statement'),
  receipt: t('收据', 'Receipt'),
  inspection: t('验车单（发车、退车）', 'Inspection sheet (dispatch, return)'),
};

/** The fixed list of placeholders a template's texts may use, `{{name}}`; anything else is a field error. */
export const TEMPLATE_PLACEHOLDERS = [
  'companyName',
  'rentName',
  'contractNo',
  'driverName',
  'driverPhone',
  'carPlate',
  'startDate',
  'endDate',
  'rent',
  'deposit',
  'today',
  'documentKind',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const TEMPLATE_PLACEHOLDER_TITLES: Record<TemplatePlaceholder, LocalText> = {
  companyName: t('公司名称', 'Company name'),
  rentName: t('签约公司（子公司）', 'Contracting company (subsidiary)'),
  contractNo: t('合同编号', 'Contract number'),
  driverName: t('司机姓名', "Driver's name"),
  driverPhone: t('司机电话', "Driver's phone"),
  carPlate: t('车牌号', 'Plate'),
  startDate: t('起租日期', 'Start date'),
  endDate: t('到期日期', 'End date'),
  rent: t('每期租金（元）', 'Rent per period (yuan)'),
  deposit: t('押金（元）', 'Deposit (yuan)'),
  today: t('出单日期', 'Date printed'),
  documentKind: t('单据类型（如：发车、退车）', 'Document kind (e.g. 发车, 退车)'),
};

const PLACEHOLDER_RE = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** The placeholder names a text uses, in order (unknown ones included). */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_RE)].map((m) => m[1]!);
}
/** A text with its placeholders filled; unknown ones stay as written. */
export function fillTemplate(text: string, values: Partial<Record<TemplatePlaceholder, string>>): string {
  return text.replace(PLACEHOLDER_RE, (whole, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as TemplatePlaceholder] ?? '') : whole,
  );
}

addValidationMessages({
  'v.templatePlaceholder': {
    'zh-CN': '含有未知的占位符，只能使用列表中的占位符',
    'en-US': 'Unknown placeholder: use only the placeholders of the list',
  },
  'v.templateBraces': {
    'zh-CN': '占位符的双大括号不成对',
    'en-US': 'The double braces of a placeholder do not pair up',
  },
  'v.templateTitle': { 'zh-CN': '请填写单据标题', 'en-US': 'Enter the title of the document' },
});

const templateLine = z.string().trim().max(120);
function checkPlaceholders(value: string, ctx: z.RefinementCtx, path: (string | number)[]) {
  for (const name of placeholdersIn(value)) {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) {
      ctx.addIssue({ code: 'custom', path, message: 'v.templatePlaceholder' });
      return;
    }
  }
  const rest = value.replace(PLACEHOLDER_RE, '');
  if (rest.includes('{{') || rest.includes('}}')) ctx.addIssue({ code: 'custom', path, message: 'v.templateBraces' });
}

/** What a tenant sets for one document: texts with placeholders, all checked against the fixed list. */
export const DocumentTemplateInput = z
  .strictObject({
    title: z.string().trim().min(1, { message: 'v.templateTitle' }).max(40),
    headerLines: z.array(templateLine).max(4).describe('under the title: address, phone, licence number...'),
    notes: z.string().trim().max(3000).describe('clauses or notes printed after the body, one per line'),
    footerLines: z.array(templateLine).max(4).describe('under the signatures'),
    sealText: z.string().trim().max(30).describe('printed as the company seal box; empty = none'),
  })
  .superRefine((v, ctx) => {
    checkPlaceholders(v.title, ctx, ['title']);
    v.headerLines.forEach((l, i) => checkPlaceholders(l, ctx, ['headerLines', i]));
    checkPlaceholders(v.notes, ctx, ['notes']);
    v.footerLines.forEach((l, i) => checkPlaceholders(l, ctx, ['footerLines', i]));
    checkPlaceholders(v.sealText, ctx, ['sealText']);
  });
export type DocumentTemplateInput = z.infer<typeof DocumentTemplateInput>;

export const DocumentTemplate = z.object({
  kind: TemplateKind,
  title: z.string(),
  headerLines: z.array(z.string()),
  notes: z.string(),
  footerLines: z.array(z.string()),
  sealText: z.string(),
  custom: z.boolean().describe('false: the default layout (never saved)'),
  updatedAt: Instant.nullable(),
  updatedBy: z.string().nullable(),
});
export type DocumentTemplate = z.infer<typeof DocumentTemplate>;
export const TemplateParams = z.object({ kind: TemplateKind });

/** The default layouts: what the documents printed before templates existed. */
export const DEFAULT_TEMPLATES: Record<TemplateKind, DocumentTemplateInput> = {
  contract: { title: '租赁合同', headerLines: [], notes: '', footerLines: [], sealText: '' },
  settlement: { title: '退租结算单', headerLines: [], notes: '', footerLines: [], sealText: '' },
  receipt: { title: '收据', headerLines: [], notes: '', footerLines: [], sealText: '' },
  inspection: { title: '{{documentKind}}验车单', headerLines: [], notes: '', footerLines: [], sealText: '' },
};
