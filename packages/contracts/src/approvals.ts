import { z } from 'zod';
import type { UploadType } from './files.js';
import { Id, Instant, PageQuery, Yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * The approvals engine (审批): flows per business type, requests that walk their flow's steps, and the
 * approval centre (`/oaApproval`: started by me, waiting for me, handled by me, copied to me). Flows are
 * edited under `/oa/approval` (审批设置). The spec names the screens and no calls; these follow the style of
 * the other areas' calls.
 */
const base = '/api/ccwadmin/oa/approval';

export const ApprovalPaths = {
  types: `${base}/types`,
  flows: `${base}/flow/list`,
  flow: `${base}/flow/:id`,
  flowAdd: `${base}/flow/add`,
  flowUpdate: `${base}/flow/update/:id`,
  flowDelete: `${base}/flow/delete/:id`,

  requests: `${base}/request/list`,
  request: `${base}/request/:id`,
  requestPreview: `${base}/request/preview`,
  requestSave: `${base}/request/save`,
  requestUpdate: `${base}/request/update/:id`,
  requestSubmit: `${base}/request/submit/:id`,
  requestWithdraw: `${base}/request/withdraw/:id`,
  requestDecide: `${base}/request/decide/:id`,
  requestDelete: `${base}/request/delete/:id`,
  waitingCount: `${base}/waiting/count`,

  departmentHeads: `${base}/deptHead/list`,
  departmentHeadSet: `${base}/deptHead/set/:id`,
  setting: `${base}/setting`,
} as const;

/**
 * The tenant's approval settings (审批设置): whether approvers also get an SMS when a request waits for them, and
 * the second approver: who decides a request of a type that needs a decider other than the applicant (a fuel
 * cut) when its flow leaves nobody but the applicant.
 */
export const ApprovalSetting = z.strictObject({
  sms: z.boolean().describe('SMS each approver when a request starts waiting for him, besides the message'),
  secondApproverId: Id.nullable()
    .optional()
    .describe('an active employee; null: none; left out of a save: kept as stored'),
});
export type ApprovalSetting = z.infer<typeof ApprovalSetting>;

addValidationMessages({
  'v.flowName': { 'zh-CN': '请输入流程名称（最多 30 个字）', 'en-US': 'Enter a flow name (at most 30 characters)' },
  'v.flowSteps': { 'zh-CN': '请至少添加一个审批步骤', 'en-US': 'Add at least one approval step' },
  'v.stepApprovers': {
    'zh-CN': '请选择该步骤的审批人',
    'en-US': 'Choose who approves this step',
  },
  'v.stepRole': { 'zh-CN': '请选择审批角色', 'en-US': 'Choose the approving role' },
  'v.amountRange': {
    'zh-CN': '金额下限须小于上限',
    'en-US': 'The lower amount must be below the upper amount',
  },
  'v.requestSummary': {
    'zh-CN': '请输入申请事由（最多 200 个字）',
    'en-US': 'Enter what the request is about (at most 200 characters)',
  },
  'v.decisionComment': {
    'zh-CN': '驳回时请填写意见',
    'en-US': 'Give a reason when rejecting',
  },
});

// ---------------------------------------------------------------------------------------------------------
// Business types: registered by the areas (server), described to the web by `types`

export const FORM_FIELD_KINDS = ['text', 'textarea', 'number', 'money', 'date', 'select', 'costCentre'] as const;
export const FormFieldKind = z.enum(FORM_FIELD_KINDS);
export type FormFieldKind = z.infer<typeof FormFieldKind>;

export const FormField = z.object({
  key: z.string(),
  label: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  kind: FormFieldKind,
  required: z.boolean(),
  /** text/textarea: most characters; number/money: largest value. */
  max: z.number().optional(),
  options: z
    .array(z.object({ value: z.string(), label: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }) }))
    .optional(),
});
export type FormField = z.infer<typeof FormField>;

export const BusinessType = z.object({
  code: z.string(),
  name: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  /** Which area owns the outcome (`office`, `rentContract`, `finance`, ...). */
  area: z.string(),
  /** Whether a user starts it in the approval centre; otherwise its area starts it from its own record. */
  manual: z.boolean(),
  fields: z.array(FormField),
  /** The form field that holds the request's amount (yuan), which flow conditions compare. */
  amountField: z.string().nullable(),
});
export type BusinessType = z.infer<typeof BusinessType>;

// ---------------------------------------------------------------------------------------------------------
// Flows

export const APPROVER_KINDS = ['user', 'role', 'deptHead'] as const;
export const ApproverKind = z.enum(APPROVER_KINDS);
export const STEP_MODES = ['any', 'all'] as const;
export const StepMode = z.enum(STEP_MODES);

export const FlowStep = z
  .strictObject({
    name: z.string().trim().min(1, { message: 'v.flowName' }).max(30, { message: 'v.flowName' }),
    kind: ApproverKind.describe(
      "user: named employees; role: the members of a role; deptHead: the head of the applicant's department (or the nearest above)",
    ),
    userIds: z.array(Id).max(20).default([]),
    roleId: Id.nullable().default(null),
    /** any: one of the approvers decides the step; all: every one must approve. */
    mode: StepMode.default('any'),
    /** The step applies only when the amount is above this (yuan). */
    amountAbove: Yuan.nullable().default(null),
    /** The step applies only when the amount is at most this (yuan). */
    amountUpTo: Yuan.nullable().default(null),
  })
  .superRefine((s, c) => {
    if (s.kind === 'user' && s.userIds.length === 0)
      c.addIssue({ code: 'custom', path: ['userIds'], message: 'v.stepApprovers' });
    if (s.kind === 'role' && s.roleId === null) c.addIssue({ code: 'custom', path: ['roleId'], message: 'v.stepRole' });
    if (s.amountAbove !== null && s.amountUpTo !== null && s.amountAbove >= s.amountUpTo) {
      c.addIssue({ code: 'custom', path: ['amountUpTo'], message: 'v.amountRange' });
    }
  });
export type FlowStep = z.infer<typeof FlowStep>;

export const FlowInput = z.strictObject({
  businessType: z.string().min(1).max(40),
  name: z.string().trim().min(1, { message: 'v.flowName' }).max(30, { message: 'v.flowName' }),
  enabled: z.boolean().default(true),
  steps: z.array(FlowStep).min(1, { message: 'v.flowSteps' }).max(10),
  copyUserIds: z.array(Id).max(20).default([]),
});
export type FlowInput = z.infer<typeof FlowInput>;

export const Flow = z.object({
  id: z.number().int(),
  businessType: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  version: z.number().int(),
  steps: z.array(FlowStep),
  copyUserIds: z.array(z.number().int()),
  updatedAt: Instant,
  updatedByName: z.string().nullable(),
});
export type Flow = z.infer<typeof Flow>;

// ---------------------------------------------------------------------------------------------------------
// Requests

export const REQUEST_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'withdrawn'] as const;
export const RequestStatus = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof RequestStatus>;

export const REQUEST_BOXES = ['mine', 'waiting', 'handled', 'copied'] as const;
export const RequestBox = z.enum(REQUEST_BOXES);
export type RequestBox = z.infer<typeof RequestBox>;

export const FormValue = z.union([z.string().max(2000), z.number(), z.null()]);

/** Upload type of a request's attachments (scans, PDFs, photos), and how many a request keeps. */
export const ATTACHMENT_UPLOAD_TYPE = 'document' satisfies UploadType;
export const MAX_ATTACHMENTS = 10;

export const RequestInput = z.strictObject({
  businessType: z.string().min(1).max(40),
  summary: z.string().trim().min(1, { message: 'v.requestSummary' }).max(200, { message: 'v.requestSummary' }),
  form: z.record(z.string().max(40), FormValue).default({}),
  /** Stored file addresses (the shared upload call). */
  attachments: z.array(z.string().max(500)).max(MAX_ATTACHMENTS).default([]),
});
export type RequestInput = z.infer<typeof RequestInput>;

export const RequestListQuery = PageQuery.extend({
  box: RequestBox.default('mine'),
  status: RequestStatus.optional(),
  businessType: z.string().max(40).optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type RequestListQuery = z.infer<typeof RequestListQuery>;

export const RequestRow = z.object({
  id: z.number().int(),
  businessType: z.string(),
  businessId: z.string().nullable(),
  summary: z.string(),
  amount: z.number().nullable(),
  status: RequestStatus,
  applicantId: z.number().int(),
  applicantName: z.string(),
  departmentName: z.string().nullable(),
  currentStep: z.string().nullable(),
  submittedAt: Instant.nullable(),
  decidedAt: Instant.nullable(),
  createdAt: Instant,
});
export type RequestRow = z.infer<typeof RequestRow>;

export const StepState = z.object({
  index: z.number().int(),
  name: z.string(),
  mode: StepMode,
  /** waiting: not reached yet; current; done; skipped (its condition did not apply or nobody was left). */
  state: z.enum(['waiting', 'current', 'done', 'skipped', 'rejected']),
  approvers: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      decision: z.enum(['approved', 'rejected']).nullable(),
      comment: z.string().nullable(),
      decidedAt: Instant.nullable(),
    }),
  ),
});
export type StepState = z.infer<typeof StepState>;

export const HISTORY_ACTIONS = ['submit', 'resubmit', 'approve', 'reject', 'withdraw', 'skip', 'finish'] as const;
export const HistoryEntry = z.object({
  action: z.enum(HISTORY_ACTIONS),
  stepIndex: z.number().int().nullable(),
  stepName: z.string().nullable(),
  actorName: z.string().nullable(),
  comment: z.string().nullable(),
  at: Instant,
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** An attachment of a request as the detail shows it: a download link valid for a while, its name and size. */
export const RequestFile = z.object({
  url: z.string().describe('the stable address kept with the request'),
  signedUrl: z.string().nullable().describe('an address that opens (downloads) the file for a while'),
  name: z.string(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type RequestFile = z.infer<typeof RequestFile>;

export const RequestDetail = RequestRow.extend({
  form: z.record(z.string(), FormValue),
  attachments: z.array(z.string()),
  files: z.array(RequestFile).describe('the attachments with their names and download links, in order'),
  flowName: z.string().nullable(),
  flowVersion: z.number().int().nullable(),
  steps: z.array(StepState),
  copies: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  history: z.array(HistoryEntry),
  /** What the caller may do now. */
  canDecide: z.boolean(),
  canWithdraw: z.boolean(),
  canEdit: z.boolean(),
});
export type RequestDetail = z.infer<typeof RequestDetail>;

export const DecisionInput = z
  .strictObject({
    decision: z.enum(['approved', 'rejected']),
    comment: z.string().trim().max(200).default(''),
    step: z
      .number()
      .int()
      .min(0)
      .describe(
        'the step decided (its StepState.index): a decision for a step that is no longer current is refused (409), never applied to the next one',
      ),
  })
  .superRefine((d, c) => {
    if (d.decision === 'rejected' && !d.comment)
      c.addIssue({ code: 'custom', path: ['comment'], message: 'v.decisionComment' });
  });
export type DecisionInput = z.infer<typeof DecisionInput>;

/** The steps a request would walk (preview before submitting). */
export const PreviewInput = z.strictObject({
  businessType: z.string().min(1).max(40),
  amount: Yuan.nullable().default(null),
});

export const BUSINESS_AREA_TITLES: Record<string, LocalText> = {
  office: { 'zh-CN': '办公', 'en-US': 'Office' },
  rentContract: { 'zh-CN': '租赁合同', 'en-US': 'Rental contracts' },
  finance: { 'zh-CN': '融资', 'en-US': 'Financing' },
  rentCar: { 'zh-CN': '车辆', 'en-US': 'Vehicles' },
};

// ---------------------------------------------------------------------------------------------------------
// Department heads (who approves the "department head" steps)

export const DepartmentHead = z.object({
  departmentId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
});
export type DepartmentHead = z.infer<typeof DepartmentHead>;
export const DepartmentHeadInput = z.strictObject({ userId: Id.nullable() });
