import { z } from 'zod';
import { Id, Instant, LocalDate, PageQuery, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Electronic signing and online notarization of contracts (issue 35; docs/notarization.md).
 *
 * Signing: a pending contract is sent to an e-signature provider (the sandbox, or e签宝's open API v3): the driver
 * signs first through his link (sent by SMS), then the company seals. The contract becomes signed (its first
 * receipts recorded into the account chosen when it was sent) only when every signature is in, and the signed PDF
 * becomes the contract document's newest version with its SHA-256 and the provider's evidence number.
 *
 * Notarization: an application for a signed contract goes to a notary platform (the sandbox; no notary platform
 * publishes its API): draft -> submitted -> under review <-> supplement -> notarized, or rejected, or withdrawn.
 * The fee is the paid service S30, charged once at submission and refunded on rejection (or on a withdrawal
 * before the notary accepted). Every step's request and answer are kept with their time and hashes (a chain),
 * exportable as one PDF dossier.
 */
const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

const api = '/api/ccwadmin';

export const EsignPaths = {
  /** The contract's signing panel (contract id). */
  panel: `${api}/rentContract/esign/:id`,
  /** Send a pending contract for signing (contract id). */
  send: `${api}/rentContract/esign/send/:id`,
  /** Remind the signer whose turn it is (flow id). */
  remind: `${api}/rentContract/esign/remind/:id`,
  /** The company's seal: the signing address of the company's signer, once the driver has signed (flow id). */
  seal: `${api}/rentContract/esign/seal/:id`,
  /** Cancel a flow still signing (flow id). */
  cancel: `${api}/rentContract/esign/cancel/:id`,
  /** The signed PDF (flow id), its SHA-256 checked before it is answered. */
  signedFile: `${api}/rentContract/esign/signedFile/:id`,
  /** A provider's callback (public: proved by the provider's signature). */
  callback: '/api/esign/callback/:provider',
  /** The sandbox provider's signing page (public: the token of the link proves the signer). */
  sandboxPage: '/api/esign/sandbox/:token',
  sandboxPdf: '/api/esign/sandbox/:token/pdf',
  sandboxSign: '/api/esign/sandbox/:token/sign',
} as const;

export const NotarizationPaths = {
  list: `${api}/notarization/list`,
  options: `${api}/notarization/options`,
  detail: `${api}/notarization/:id`,
  add: `${api}/notarization/add`,
  update: `${api}/notarization/update/:id`,
  remove: `${api}/notarization/delete/:id`,
  submit: `${api}/notarization/submit/:id`,
  supplement: `${api}/notarization/supplement/:id`,
  withdraw: `${api}/notarization/withdraw/:id`,
  /** A stored document of the application (application id, document id), its SHA-256 checked. */
  document: `${api}/notarization/document/:id/:documentId`,
  /** The evidence dossier (PDF) of every step, for a court. */
  dossier: `${api}/notarization/dossier/:id`,
  /** A notary platform's callback (public: proved by the platform's signature). */
  callback: '/api/notary/callback/:provider',
  /** The sandbox notary office's page (public: the token proves the office). */
  sandboxCase: '/api/notary/sandbox/:caseNo',
  sandboxAct: '/api/notary/sandbox/:caseNo/act',
} as const;

// ------------------------------------------------------------------------------------------------ e-signing

export const ESIGN_FLOW_STATES = ['signing', 'completed', 'refused', 'cancelled', 'expired'] as const;
export const EsignFlowState = z.enum(ESIGN_FLOW_STATES);
export type EsignFlowState = z.infer<typeof EsignFlowState>;
export const ESIGN_FLOW_STATE_TITLES: Record<EsignFlowState, LocalText> = {
  signing: t('签署中', 'Signing'),
  completed: t('已完成', 'Completed'),
  refused: t('已拒签', 'Refused'),
  cancelled: t('已撤销', 'Cancelled'),
  expired: t('已过期', 'Expired'),
};

export const ESIGN_SIGNER_STATES = ['waiting', 'signing', 'signed', 'refused'] as const;
export const EsignSignerState = z.enum(ESIGN_SIGNER_STATES);
export type EsignSignerState = z.infer<typeof EsignSignerState>;
export const ESIGN_SIGNER_STATE_TITLES: Record<EsignSignerState, LocalText> = {
  waiting: t('等待前序签署', 'Waiting for the one before'),
  signing: t('待签署', 'To sign'),
  signed: t('已签署', 'Signed'),
  refused: t('已拒签', 'Refused'),
};

export const ESIGN_SIGNER_ROLES = ['driver', 'company'] as const;
export const EsignSignerRole = z.enum(ESIGN_SIGNER_ROLES);
export type EsignSignerRole = z.infer<typeof EsignSignerRole>;
export const ESIGN_SIGNER_ROLE_TITLES: Record<EsignSignerRole, LocalText> = {
  driver: t('承租人（司机）', 'Lessee (driver)'),
  company: t('出租方（企业盖章）', 'Lessor (company seal)'),
};

/** Days a signing flow stays open (e签宝 allows up to 90). */
export const ESIGN_EXPIRE_DAYS = { min: 1, max: 30, default: 7 } as const;

export const EsignSendInput = z.strictObject({
  accountId: Id.describe('the account the first receipts go to when the contract becomes signed'),
  paidDate: LocalDate.optional().describe('the receipts’ date; absent = the day the last signature is in'),
  expireDays: z.number().int().min(ESIGN_EXPIRE_DAYS.min).max(ESIGN_EXPIRE_DAYS.max).optional(),
});
export type EsignSendInput = z.infer<typeof EsignSendInput>;

export const EsignCancelInput = z.strictObject({
  reason: z.string().trim().min(1, { message: 'v.esignReason' }).max(200),
});
export type EsignCancelInput = z.infer<typeof EsignCancelInput>;

export const EsignSigner = z.object({
  id: z.number().int(),
  role: EsignSignerRole,
  order: z.number().int(),
  name: z.string(),
  /** Masked (138****0001). */
  phone: z.string().nullable(),
  state: EsignSignerState,
  signedAt: Instant.nullable(),
  refusedReason: z.string().nullable(),
  /** The driver's signing link while it is his turn (to send by other means too); null otherwise. */
  url: z.string().nullable(),
});
export type EsignSigner = z.infer<typeof EsignSigner>;

export const ESIGN_EVENT_KINDS = [
  'sent',
  'smsSent',
  'reminded',
  'signed',
  'refused',
  'completed',
  'cancelled',
  'expired',
  'fileStored',
  'contractSigned',
  'signFailed',
] as const;
export type EsignEventKind = (typeof ESIGN_EVENT_KINDS)[number];
export const ESIGN_EVENT_TITLES: Record<EsignEventKind, LocalText> = {
  sent: t('发起签署', 'Sent for signing'),
  smsSent: t('签署短信已发送', 'Signing SMS sent'),
  reminded: t('催签', 'Reminded'),
  signed: t('签署完成', 'Signed'),
  refused: t('拒签', 'Refused'),
  completed: t('全部签署完成', 'Every signature in'),
  cancelled: t('撤销', 'Cancelled'),
  expired: t('过期', 'Expired'),
  fileStored: t('已签文件归档', 'Signed file stored'),
  contractSigned: t('合同生效', 'Contract signed'),
  signFailed: t('合同未能生效', 'Contract not signed'),
};

export const EsignEvent = z.object({
  at: Instant,
  kind: z.enum(ESIGN_EVENT_KINDS),
  /** Who (a user's name, the signer's name, or the provider). */
  actor: z.string().nullable(),
  text: z.string().nullable(),
  /** SHA-256 of what was sent or received at this step. */
  sha256: z.string().nullable(),
});
export type EsignEvent = z.infer<typeof EsignEvent>;

export const EsignFlow = z.object({
  id: z.number().int(),
  flowNo: z.string(),
  provider: z.string(),
  providerFlowId: z.string(),
  state: EsignFlowState,
  title: z.string(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  /** The fee charged (yuan; S40), and whether it was given back (a flow cancelled before anyone signed). */
  fee: z.number(),
  feeRefunded: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: Instant,
  expiresAt: Instant,
  completedAt: Instant.nullable(),
  endedReason: z.string().nullable(),
  remindedAt: Instant.nullable(),
  signers: z.array(EsignSigner),
  /** The signed PDF stored as the contract's document, once downloaded. */
  signedFile: z
    .object({ documentId: z.number().int(), fileName: z.string(), sha256: z.string(), evidenceNo: z.string() })
    .nullable(),
  /** Why the contract did not become signed when the last signature came in (the clerk signs it on paper). */
  signError: z.string().nullable(),
  events: z.array(EsignEvent),
});
export type EsignFlow = z.infer<typeof EsignFlow>;

export const EsignPanel = z.object({
  provider: z.object({ name: z.string(), sandbox: z.boolean() }),
  /** What sending costs (yuan) and the balance; null price: the plan has no e-signature. */
  unitPrice: z.number().nullable(),
  balance: z.number(),
  /** Sending is possible now; else `refusal` says why (a translated sentence). */
  canSend: z.boolean(),
  refusal: z.string().nullable(),
  /** The flow signing now, or the newest one. */
  current: EsignFlow.nullable(),
  /** Earlier flows (cancelled, refused, expired), newest first. */
  history: z.array(EsignFlow),
});
export type EsignPanel = z.infer<typeof EsignPanel>;

export const EsignSealUrl = z.object({ url: z.string() });

/** The sandbox provider's signing page, as the signer sees it. */
export const EsignSandboxPage = z.object({
  title: z.string(),
  company: z.string(),
  role: EsignSignerRole,
  name: z.string(),
  /** The driver proves who he is with the last 6 characters of his ID number (the sandbox's real-name check). */
  idTail: z.boolean(),
  state: EsignSignerState,
  flowState: EsignFlowState,
  expiresAt: Instant,
  signedAt: Instant.nullable(),
  /** The seal's text (company signer). */
  seal: z.string().nullable(),
});
export type EsignSandboxPage = z.infer<typeof EsignSandboxPage>;

export const EsignSandboxSignInput = z.strictObject({
  action: z.enum(['sign', 'refuse']),
  idTail: z.string().trim().max(6).optional(),
  reason: z.string().trim().max(200).optional(),
});
export type EsignSandboxSignInput = z.infer<typeof EsignSandboxSignInput>;

// ------------------------------------------------------------------------------------------------ notarization

export const NOTARIZATION_KINDS = ['enforcement', 'contract', 'evidence'] as const;
export const NotarizationKind = z.enum(NOTARIZATION_KINDS);
export type NotarizationKind = z.infer<typeof NotarizationKind>;
export const NOTARIZATION_KIND_TITLES: Record<NotarizationKind, LocalText> = {
  enforcement: t('赋强公证（具有强制执行效力的债权文书）', 'Enforceable debt instrument'),
  contract: t('合同公证', 'Contract notarization'),
  evidence: t('保全证据公证', 'Evidence preservation'),
};

export const NOTARIZATION_STATES = [
  'draft',
  'submitted',
  'reviewing',
  'supplement',
  'notarized',
  'rejected',
  'withdrawn',
] as const;
export const NotarizationState = z.enum(NOTARIZATION_STATES);
export type NotarizationState = z.infer<typeof NotarizationState>;
export const NOTARIZATION_STATE_TITLES: Record<NotarizationState, LocalText> = {
  draft: t('草稿', 'Draft'),
  submitted: t('已提交', 'Submitted'),
  reviewing: t('审查中', 'Under review'),
  supplement: t('待补充材料', 'Supplement asked'),
  notarized: t('已出证', 'Notarized'),
  rejected: t('不予受理', 'Rejected'),
  withdrawn: t('已撤回', 'Withdrawn'),
};
/** States a withdrawal may leave (the notary has not decided). */
export const NOTARIZATION_OPEN_STATES: readonly NotarizationState[] = ['draft', 'submitted', 'reviewing', 'supplement'];

export const NOTARIZATION_DELIVERIES = ['electronic', 'paper', 'both'] as const;
export const NotarizationDelivery = z.enum(NOTARIZATION_DELIVERIES);
export type NotarizationDelivery = z.infer<typeof NotarizationDelivery>;
export const NOTARIZATION_DELIVERY_TITLES: Record<NotarizationDelivery, LocalText> = {
  electronic: t('电子版', 'Electronic'),
  paper: t('纸质版', 'Paper'),
  both: t('电子版和纸质版', 'Electronic and paper'),
};

export const NOTARIZATION_DOCUMENT_KINDS = [
  'contract',
  'idFront',
  'idBack',
  'licence',
  'attachment',
  'supplement',
  'certificate',
] as const;
export const NotarizationDocumentKind = z.enum(NOTARIZATION_DOCUMENT_KINDS);
export type NotarizationDocumentKind = z.infer<typeof NotarizationDocumentKind>;
export const NOTARIZATION_DOCUMENT_TITLES: Record<NotarizationDocumentKind, LocalText> = {
  contract: t('已签署合同', 'Signed contract'),
  idFront: t('承租人身份证人像面', 'Lessee ID card, photo side'),
  idBack: t('承租人身份证国徽面', 'Lessee ID card, emblem side'),
  licence: t('企业营业执照', 'Business licence'),
  attachment: t('合同附件', 'Contract attachment'),
  supplement: t('补充材料', 'Supplement'),
  certificate: t('公证书', 'Notarial certificate'),
};

export const NOTARY_STEPS = [
  'created',
  'updated',
  'submitted',
  'charged',
  'accepted',
  'supplementAsked',
  'supplemented',
  'notarized',
  'rejected',
  'withdrawn',
  'refunded',
  'certificateStored',
] as const;
export type NotaryStep = (typeof NOTARY_STEPS)[number];
export const NOTARY_STEP_TITLES: Record<NotaryStep, LocalText> = {
  created: t('创建申请', 'Application created'),
  updated: t('修改申请', 'Application changed'),
  submitted: t('提交公证处', 'Submitted to the notary'),
  charged: t('扣除公证费', 'Fee charged'),
  accepted: t('公证处受理，审查中', 'Accepted, under review'),
  supplementAsked: t('公证处要求补充材料', 'Supplement asked'),
  supplemented: t('已补充材料', 'Supplement sent'),
  notarized: t('出具公证书', 'Certificate issued'),
  rejected: t('不予受理', 'Rejected'),
  withdrawn: t('撤回申请', 'Withdrawn'),
  refunded: t('退还公证费', 'Fee refunded'),
  certificateStored: t('公证书归档', 'Certificate stored'),
};

/** At most this many attachments (and supplement files) per application. */
export const NOTARIZATION_MAX_FILES = 10;

const FileKey = z.string().trim().min(1).max(300);

export const NotarizationInput = z.strictObject({
  contractId: Id,
  kind: NotarizationKind,
  notaryOffice: z.string().trim().min(1, { message: 'v.notaryOffice' }).max(100),
  copies: z.number().int().min(1).max(10),
  delivery: NotarizationDelivery,
  /** Uploaded files (the files module's keys). The ID card's two sides are required at submission. */
  idFront: FileKey.nullable().optional(),
  idBack: FileKey.nullable().optional(),
  licence: FileKey.nullable().optional(),
  attachments: z.array(FileKey).max(NOTARIZATION_MAX_FILES).optional(),
  remark: z.string().trim().max(500).nullable().optional(),
});
export type NotarizationInput = z.infer<typeof NotarizationInput>;
export const NotarizationUpdateInput = NotarizationInput.omit({ contractId: true }).extend({
  version: z.number().int().min(0),
});
export type NotarizationUpdateInput = z.infer<typeof NotarizationUpdateInput>;

export const NotarizationSupplementInput = z.strictObject({
  note: z.string().trim().min(1, { message: 'v.notarySupplement' }).max(500),
  files: z.array(FileKey).min(1, { message: 'v.notarySupplementFiles' }).max(NOTARIZATION_MAX_FILES),
});
export type NotarizationSupplementInput = z.infer<typeof NotarizationSupplementInput>;

export const NotarizationWithdrawInput = z.strictObject({
  reason: z.string().trim().min(1, { message: 'v.notaryReason' }).max(200),
});

export const NotarizationQuery = PageQuery.extend({
  contractId: Id.optional(),
  driverId: Id.optional(),
  kind: NotarizationKind.optional(),
  state: NotarizationState.optional(),
  from: LocalDate.optional().describe('created on or after (the tenant’s day)'),
  to: LocalDate.optional(),
  keyword: z.string().trim().max(50).optional().describe('application number, contract number, driver, plate'),
});
export type NotarizationQuery = z.infer<typeof NotarizationQuery>;

export const NotarizationRow = z.object({
  id: z.number().int(),
  number: z.string(),
  contractId: z.number().int(),
  contractNumber: z.string(),
  driverId: z.number().int(),
  driverName: z.string(),
  plate: z.string().nullable(),
  kind: NotarizationKind,
  state: NotarizationState,
  notaryOffice: z.string(),
  fee: z.number().describe('yuan, charged at submission (0 before)'),
  feeRefunded: z.boolean(),
  certificateNo: z.string().nullable(),
  createdAt: Instant,
  submittedAt: Instant.nullable(),
  decidedAt: Instant.nullable(),
});
export type NotarizationRow = z.infer<typeof NotarizationRow>;

export const NotarizationDocument = z.object({
  id: z.number().int(),
  kind: NotarizationDocumentKind,
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: Instant,
});
export type NotarizationDocument = z.infer<typeof NotarizationDocument>;

export const NotarizationEvidence = z.object({
  seq: z.number().int(),
  step: z.enum(NOTARY_STEPS),
  at: Instant,
  actor: z.string().nullable(),
  summary: z.string().nullable(),
  requestSha256: z.string(),
  responseSha256: z.string(),
  /** SHA-256 over the previous step's hash and this step's: a change to any earlier step breaks every later one. */
  chainSha256: z.string(),
});
export type NotarizationEvidence = z.infer<typeof NotarizationEvidence>;

export const NotarizationDetail = NotarizationRow.extend({
  version: z.number().int(),
  copies: z.number().int(),
  delivery: NotarizationDelivery,
  remark: z.string().nullable(),
  contractAmount: z.number().describe('yuan: the contract’s lines'),
  idFront: z.string().nullable(),
  idBack: z.string().nullable(),
  licence: z.string().nullable(),
  attachments: z.array(z.string()),
  parties: z.array(z.object({ role: z.enum(['lessor', 'lessee']), name: z.string(), idNumber: z.string().nullable() })),
  provider: z.string(),
  caseNo: z.string().nullable(),
  supplementRequest: z.string().nullable(),
  rejectReason: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  certificateDate: LocalDate.nullable(),
  /** The e-signature flow whose signed PDF is the contract document (null: signed on paper). */
  esign: z.object({ flowNo: z.string(), evidenceNo: z.string().nullable(), sha256: z.string().nullable() }).nullable(),
  documents: z.array(NotarizationDocument),
  timeline: z.array(NotarizationEvidence),
  /** The sandbox notary office's page for this application (while the sandbox is the platform). */
  sandboxUrl: z.string().nullable(),
});
export type NotarizationDetail = z.infer<typeof NotarizationDetail>;

export const NotarizationOptions = z.object({
  provider: z.object({ name: z.string(), sandbox: z.boolean() }),
  unitPrice: z.number().nullable().describe('yuan per application (S30) for the plan; null: not offered'),
  balance: z.number(),
  offices: z.array(z.string()),
});
export type NotarizationOptions = z.infer<typeof NotarizationOptions>;

/** The sandbox notary office's view of a case. */
export const NotarySandboxCase = z.object({
  caseNo: z.string(),
  company: z.string(),
  kind: NotarizationKind,
  state: NotarizationState,
  notaryOffice: z.string(),
  applicant: z.string(),
  documents: z.array(z.object({ kind: NotarizationDocumentKind, fileName: z.string(), sha256: z.string() })),
  supplementRequest: z.string().nullable(),
  supplementNote: z.string().nullable(),
  certificateNo: z.string().nullable(),
});
export type NotarySandboxCase = z.infer<typeof NotarySandboxCase>;

export const NotarySandboxAction = z.strictObject({
  token: z.string().min(1).max(200),
  action: z.enum(['accept', 'askSupplement', 'notarize', 'reject']),
  note: z.string().trim().max(500).optional(),
});
export type NotarySandboxAction = z.infer<typeof NotarySandboxAction>;

export const NOTARIZATION_VALIDATION_MESSAGES = {
  'v.esignReason': t('请填写撤销原因', 'Give the reason'),
  'v.notaryOffice': t('请填写公证处', 'Enter the notary office'),
  'v.notarySupplement': t('请说明补充了什么', 'Say what you add'),
  'v.notarySupplementFiles': t('请上传补充材料', 'Upload the supplement'),
  'v.notaryReason': t('请填写撤回原因', 'Give the reason'),
} satisfies Record<string, LocalText>;
addValidationMessages(NOTARIZATION_VALIDATION_MESSAGES);
