import { z } from 'zod';
import { Id, PageQuery, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * GPS risk engine (issue 18): rules per tenant (`TenantRules.gpsRisk`) raise risk cases on rented cars; a case can
 * propose a fuel cut (an approval of business type `fuelCut`, then a command that waits for a safe speed).
 */
export const GpsRiskPaths = {
  /** Spec call: figures and the open cases of the caller's rents. */
  board: '/api/ccwadmin/risk/board',
  caseList: '/api/ccwgps/risk/case',
  caseDetail: '/api/ccwgps/risk/case/:id',
  proposeFuelCut: '/api/ccwgps/risk/case/:id/proposeFuelCut',
  close: '/api/ccwgps/risk/case/:id/close',
  /** A contract's risk summary: overdue rent, the open case of its car, the car's last position with its address. */
  contractSummary: '/api/ccwgps/risk/contract/:id',
} as const;

export const RISK_RULES = ['geofenceExitOverdue', 'powerCutRented', 'tamperRented', 'silentRented'] as const;
export const RiskRule = z.enum(RISK_RULES);
export type RiskRule = z.infer<typeof RiskRule>;
export const RISK_RULE_TITLES: Record<RiskRule, LocalText> = {
  geofenceExitOverdue: { 'zh-CN': '欠租驶出围栏', 'en-US': 'Left geofence with rent overdue' },
  powerCutRented: { 'zh-CN': '租期内断电', 'en-US': 'Power cut while rented' },
  tamperRented: { 'zh-CN': '租期内拆除设备', 'en-US': 'Tamper alarm while rented' },
  silentRented: { 'zh-CN': '租期内长时间无信号', 'en-US': 'Silent while rented' },
};

export const RISK_STATES = [
  'open',
  'fuelCutProposed',
  'fuelCutApproved',
  'fuelCutSent',
  'fuelCutDone',
  'fuelCutRejected',
  'closed',
] as const;
export const RiskState = z.enum(RISK_STATES);
export type RiskState = z.infer<typeof RiskState>;
export const RISK_STATE_TITLES: Record<RiskState, LocalText> = {
  open: { 'zh-CN': '待处置', 'en-US': 'Open' },
  fuelCutProposed: { 'zh-CN': '断油审批中', 'en-US': 'Fuel cut proposed' },
  fuelCutApproved: { 'zh-CN': '断油已批准', 'en-US': 'Fuel cut approved' },
  fuelCutSent: { 'zh-CN': '断油指令已下发', 'en-US': 'Fuel cut sent' },
  fuelCutDone: { 'zh-CN': '已断油', 'en-US': 'Fuel cut done' },
  fuelCutRejected: { 'zh-CN': '断油被驳回', 'en-US': 'Fuel cut rejected' },
  closed: { 'zh-CN': '已关闭', 'en-US': 'Closed' },
};
/** States in which a fuel cut may be proposed. */
export const PROPOSABLE_STATES: readonly RiskState[] = ['open', 'fuelCutRejected'];

export const RISK_CLOSE_REASONS = ['debtPaid', 'carRecovered', 'dismissed'] as const;
export const RiskCloseReason = z.enum(RISK_CLOSE_REASONS);
export type RiskCloseReason = z.infer<typeof RiskCloseReason>;
export const RISK_CLOSE_TITLES: Record<RiskCloseReason, LocalText> = {
  debtPaid: { 'zh-CN': '欠款已结清', 'en-US': 'Debt paid' },
  carRecovered: { 'zh-CN': '车辆已收回', 'en-US': 'Car recovered' },
  dismissed: { 'zh-CN': '误报/无需处置', 'en-US': 'Dismissed' },
};

export const RISK_STEP_KINDS = [
  'raised',
  'evidence',
  'proposed',
  'approved',
  'rejected',
  'withdrawn',
  'commandQueued',
  'commandAnswered',
  'forced',
  'closed',
] as const;
export const RiskStepKind = z.enum(RISK_STEP_KINDS);
export type RiskStepKind = z.infer<typeof RiskStepKind>;
export const RISK_STEP_TITLES: Record<RiskStepKind, LocalText> = {
  raised: { 'zh-CN': '触发风控', 'en-US': 'Raised' },
  evidence: { 'zh-CN': '新增证据', 'en-US': 'Evidence added' },
  proposed: { 'zh-CN': '提议断油', 'en-US': 'Fuel cut proposed' },
  approved: { 'zh-CN': '审批通过', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '审批驳回', 'en-US': 'Rejected' },
  withdrawn: { 'zh-CN': '审批撤回', 'en-US': 'Withdrawn' },
  commandQueued: { 'zh-CN': '断油指令排队', 'en-US': 'Command queued' },
  commandAnswered: { 'zh-CN': '设备应答', 'en-US': 'Command answered' },
  forced: { 'zh-CN': '强制断油（未经审批）', 'en-US': 'Fuel cut forced (no approval)' },
  closed: { 'zh-CN': '关闭', 'en-US': 'Closed' },
};

addValidationMessages({
  'v.riskReason': { 'zh-CN': '请填写原因（最多 200 字）', 'en-US': 'Enter a reason (at most 200 characters)' },
  'v.riskCloseNote': {
    'zh-CN': '无需处置时请填写说明（最多 200 字）',
    'en-US': 'Dismissing a case needs a note (at most 200 characters)',
  },
});

const LastPosition = z.object({ lat: z.number(), lon: z.number(), at: z.string(), speed: z.number().nullable() });

export const RiskCaseRow = z.object({
  id: z.number().int(),
  rentId: z.number().int(),
  rentName: z.string(),
  carId: z.number().int(),
  plate: z.string(),
  deviceId: z.number().int().nullable(),
  imei: z.string().nullable(),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  contractId: z.number().int().nullable(),
  contractNo: z.string().nullable(),
  rule: RiskRule,
  state: RiskState,
  /** Overdue rent of the contract's group when last evaluated (yuan) and the most days past a deadline. */
  overdueAmount: z.number(),
  overdueDays: z.number().int(),
  lastPosition: LastPosition.nullable(),
  raisedAt: z.string(),
  updatedAt: z.string(),
  closeReason: RiskCloseReason.nullable(),
});
export type RiskCaseRow = z.infer<typeof RiskCaseRow>;

export const RiskTrigger = z.object({
  rule: RiskRule,
  at: z.string(),
  key: z.string(),
  eventIds: z.array(z.number().int()),
  note: z.string().nullable(),
});
export const RiskEvidence = z.object({
  triggers: z.array(RiskTrigger),
  alarms: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      at: z.string(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      geofenceName: z.string().nullable(),
    }),
  ),
  positions: z.array(LastPosition),
  bills: z.array(
    z.object({
      lineId: z.number().int(),
      contractNo: z.string(),
      type: z.string(),
      period: z.number().int().nullable(),
      dueDate: z.string(),
      amount: z.number(),
      outstanding: z.number(),
      days: z.number().int(),
    }),
  ),
});
export type RiskEvidence = z.infer<typeof RiskEvidence>;

export const RiskStep = z.object({
  id: z.number().int(),
  kind: RiskStepKind,
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type RiskStep = z.infer<typeof RiskStep>;

export const RiskCaseDetail = RiskCaseRow.extend({
  closeNote: z.string().nullable(),
  closedAt: z.string().nullable(),
  approvalId: z.number().int().nullable(),
  commandId: z.number().int().nullable(),
  evidence: RiskEvidence,
  steps: z.array(RiskStep),
});
export type RiskCaseDetail = z.infer<typeof RiskCaseDetail>;

export const RiskCaseQuery = PageQuery.extend({
  state: RiskState.optional(),
  rule: RiskRule.optional(),
  /** Only cases not closed. */
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  keyword: z.string().trim().max(40).optional().describe('plate, device number or contract number'),
  rentId: Id.optional(),
  carId: Id.optional(),
});
export type RiskCaseQuery = z.infer<typeof RiskCaseQuery>;

export const RiskBoard = z.object({
  /** Cases by stage, with the overdue rent they were raised or last evaluated for (yuan). */
  byState: z.array(z.object({ state: RiskState, count: z.number().int(), amount: z.number() })),
  byRule: z.array(z.object({ rule: RiskRule, count: z.number().int(), amount: z.number() })),
  openCount: z.number().int(),
  overdueAmount: z.number().describe('overdue rent of the open cases (yuan)'),
  /** Open cases newest first (at most 50). */
  open: z.array(RiskCaseRow),
});
export type RiskBoard = z.infer<typeof RiskBoard>;

const Reason = z.string().trim().min(1, { message: 'v.riskReason' }).max(200, { message: 'v.riskReason' });
export const ProposeFuelCutInput = z.strictObject({ reason: Reason });
export type ProposeFuelCutInput = z.infer<typeof ProposeFuelCutInput>;
export const CloseRiskCaseInput = z
  .strictObject({
    reason: RiskCloseReason,
    note: z.string().trim().max(200, { message: 'v.riskCloseNote' }).nullish(),
  })
  .refine((v) => v.reason !== 'dismissed' || !!v.note, { message: 'v.riskCloseNote', path: ['note'] });
export type CloseRiskCaseInput = z.infer<typeof CloseRiskCaseInput>;

/**
 * A contract's risk summary (the overdue strip of the contract's page): its group's overdue rent as the risk engine
 * counts it, and, for a caller who may see the GPS risk screens (`riskGpsMap:view`), the open risk case of its car and
 * the car's last position with its address.
 */
export const ContractRiskSummary = z.object({
  contractId: z.number().int(),
  contractNo: z.string(),
  carId: z.number().int(),
  plate: z.string(),
  /** Overdue rent of the contract's group (yuan; late fees aside) and the most days past a deadline. */
  overdueAmount: z.number(),
  overdueDays: z.number().int(),
  /** Whether the caller may see the case and the position (`riskGpsMap:view`); without it both are null. */
  gpsVisible: z.boolean(),
  riskCase: z
    .object({ id: z.number().int(), state: RiskState, rule: RiskRule, raisedAt: z.string() })
    .nullable()
    .describe('the open case of the car, if any'),
  position: z
    .object({
      deviceId: z.number().int(),
      imei: z.string(),
      lat: z.number(),
      lon: z.number(),
      at: z.string(),
      speed: z.number(),
      /** Heard from in the last 600 s (the live map's offline rule). */
      online: z.boolean(),
      address: z.string().nullable(),
      addressSandbox: z.boolean(),
    })
    .nullable()
    .describe("the last position of the car's default tracker"),
});
export type ContractRiskSummary = z.infer<typeof ContractRiskSummary>;
