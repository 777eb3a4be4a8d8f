import { z } from 'zod';
import { Id, Instant, Yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

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
  contractId: Id,
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
export const UsagePeriod = z.object({
  id: Id,
  carId: Id,
  contractId: Id,
  contractNo: z.string(),
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
export const ContractDocument = z.object({ kind: DocumentKind, available: z.boolean() });
export type ContractDocument = z.infer<typeof ContractDocument>;
