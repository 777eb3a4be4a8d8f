import { z } from 'zod';
import { Id, Instant, PageQuery, type LocalText } from './common.js';

const base = '/api/ccwadmin/smsNotice';
export const SmsNoticePaths = {
  templates: `${base}/template/list`,
  templateCreate: `${base}/template/create`,
  templateUpdate: `${base}/template/update/:id`,
  templateDelete: `${base}/template/delete/:id`,
  variables: `${base}/variables`,
  settings: `${base}/settings`,
  sources: `${base}/recipient/sources`,
  resolve: `${base}/recipient/resolve`,
  parse: `${base}/recipient/parse`,
  preview: `${base}/preview`,
  send: `${base}/send`,
  batches: `${base}/batch/list`,
  batchesExport: `${base}/batch/export`,
  batch: `${base}/batch/:id`,
  batchMessages: `${base}/batch/:id/messages`,
  batchExport: `${base}/batch/:id/export`,
  batchRetry: `${base}/batch/:id/retry`,
  outbox: `${base}/outbox`,
} as const;

/** Variables a template may use, as `{name}`; each recipient brings its values. */
export const SMS_VARIABLES: readonly { key: string; title: LocalText; example: string }[] = [
  { key: 'name', title: { 'zh-CN': '姓名', 'en-US': 'Name' }, example: '王磊' },
  { key: 'plate', title: { 'zh-CN': '车牌号', 'en-US': 'Plate' }, example: '浙A·D12345' },
  { key: 'amount', title: { 'zh-CN': '应付金额', 'en-US': 'Amount due' }, example: '4800.00' },
  { key: 'dueDate', title: { 'zh-CN': '到期日', 'en-US': 'Due date' }, example: '2026-12-05' },
  { key: 'company', title: { 'zh-CN': '公司简称', 'en-US': 'Company' }, example: '杭州公司' },
  { key: 'contractNo', title: { 'zh-CN': '合同编号', 'en-US': 'Contract number' }, example: 'HT202600001' },
  { key: 'endDate', title: { 'zh-CN': '合同到期日', 'en-US': 'Contract end date' }, example: '2026-12-31' },
  { key: 'daysOverdue', title: { 'zh-CN': '逾期天数', 'en-US': 'Days overdue' }, example: '7' },
  { key: 'alarm', title: { 'zh-CN': '报警类型', 'en-US': 'Alarm' }, example: '断电' },
  { key: 'alarmTime', title: { 'zh-CN': '报警时间', 'en-US': 'Alarm time' }, example: '2026-11-26 14:05' },
];

/** Reminder kinds of the rental contracts that may text the driver (company setting `contractSms`). */
export const CONTRACT_SMS_KINDS = ['rentDue', 'contractEnd', 'overdue'] as const;
export type ContractSmsKind = (typeof CONTRACT_SMS_KINDS)[number];

/**
 * The templates the daily contract reminders use, one per kind (`sms_templates.purpose`), seeded for the demo
 * company and created with this text for any other tenant the first time its reminders text a driver. The
 * tenant may change their text (or disable one to stop that kind) on the SMS template screen.
 */
export const CONTRACT_SMS_TEMPLATES: Record<ContractSmsKind, { name: string; content: string }> = {
  rentDue: {
    name: '合同租金即将到期',
    content: '{name}您好，您的合同{contractNo}（{plate}）租金{amount}元将于{dueDate}到期，请按时支付。如已支付请忽略。',
  },
  contractEnd: {
    name: '合同即将到期',
    content: '{name}您好，您的合同{contractNo}（{plate}）将于{endDate}到期，请提前联系{company}办理续租或还车。',
  },
  overdue: {
    name: '合同租金逾期',
    content:
      '{name}您好，您的合同{contractNo}（{plate}）租金{amount}元（应付日{dueDate}）已逾期{daysOverdue}天，请尽快支付。',
  },
};
export const SMS_VARIABLE_KEYS = SMS_VARIABLES.map((v) => v.key);

/** Chinese gateways count a message up to 70 characters as one segment, a longer one in segments of 67. */
export const SMS_SINGLE_SEGMENT = 70;
export const SMS_MULTI_SEGMENT = 67;
export const SMS_MAX_RECIPIENTS = 50_000;
export const SMS_MAX_LENGTH = 500;

/** Characters counted by the gateway (code points, signature included) and the segments they take. */
export function smsSegments(text: string): { length: number; segments: number } {
  const length = [...text].length;
  return { length, segments: length <= SMS_SINGLE_SEGMENT ? 1 : Math.ceil(length / SMS_MULTI_SEGMENT) };
}

/** The `{variable}` names a template uses. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** Fills a template's variables; a variable without a value is left as `{name}` (callers refuse that). */
export function renderTemplate(content: string, values: Record<string, string | undefined>): string {
  return content.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
}

export const SmsTemplateInput = z.object({
  name: z.string().trim().min(1).max(40),
  content: z
    .string()
    .trim()
    .min(1)
    .max(SMS_MAX_LENGTH)
    .refine((c) => templateVariables(c).every((v) => SMS_VARIABLE_KEYS.includes(v)), { message: 'v.smsVariable' }),
  providerTemplate: z.string().trim().max(40).nullable().optional(),
  status: z.enum(['active', 'disabled']).default('active'),
});
export type SmsTemplateInput = z.infer<typeof SmsTemplateInput>;

export const SmsTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  providerTemplate: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  variables: z.array(z.string()),
  createdAt: Instant,
  updatedAt: Instant,
});
export type SmsTemplate = z.infer<typeof SmsTemplate>;

export const SmsTemplateQuery = PageQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  status: z.enum(['active', 'disabled']).optional(),
});

export const SmsSettings = z.object({
  signature: z.string(),
  dailyQuota: z.number().int(),
  usedToday: z.number().int(),
  segmentPrice: z
    .number()
    .describe(
      "yuan per message beyond the plan's monthly included ones: the price list's S20 for the tenant's plan (0 when the plan has no S20); kept under its old name",
    ),
  provider: z.string(),
  sandbox: z.boolean(),
});
export type SmsSettings = z.infer<typeof SmsSettings>;

export const Recipient = z.object({
  phone: z.string().trim().max(20),
  name: z.string().trim().max(40).optional(),
  variables: z.record(z.string(), z.string().max(100)).optional(),
});
export type Recipient = z.infer<typeof Recipient>;

export const RecipientFilterDef = z.object({
  key: z.string(),
  title: z.string(),
  type: z.enum(['select', 'multiSelect', 'text']),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export const RecipientSourceDef = z.object({
  key: z.string(),
  title: z.string(),
  /** Variables this source fills for each recipient. */
  variables: z.array(z.string()),
  filters: z.array(RecipientFilterDef),
});
export type RecipientSourceDef = z.infer<typeof RecipientSourceDef>;

export const ResolveRecipients = z.object({
  source: z.string().min(1).max(40),
  filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
});

export const InvalidRecipient = z.object({
  row: z.number().int().describe('1-based position in the list (or the file row)'),
  phone: z.string(),
  reason: z.enum(['invalidPhone', 'duplicate', 'missingVariable']),
  detail: z.string().optional(),
});
export type InvalidRecipient = z.infer<typeof InvalidRecipient>;

export const RecipientList = z.object({
  recipients: z.array(Recipient),
  invalid: z.array(InvalidRecipient),
});
export type RecipientList = z.infer<typeof RecipientList>;

const Message = z.object({
  templateId: Id.nullable().optional(),
  content: z.string().trim().min(1).max(SMS_MAX_LENGTH),
  recipients: z.array(Recipient).min(1).max(SMS_MAX_RECIPIENTS),
  source: z.string().min(1).max(40).default('manual'),
});

export const SmsPreviewRequest = Message;
export const SmsSendRequest = Message;
export type SmsSendRequest = z.infer<typeof SmsSendRequest>;

export const SmsPreview = z.object({
  count: z.number().int().describe('valid recipients who will get a message'),
  invalid: z.array(InvalidRecipient),
  totalSegments: z.number().int(),
  cost: z
    .number()
    .describe("yuan charged when sent: the messages beyond the month's included ones at the plan's S20 price"),
  quota: z.object({ daily: z.number().int(), usedToday: z.number().int(), remaining: z.number().int() }),
  monthly: z
    .object({
      included: z.number().int().describe("messages the plan includes each month (S20's includedPerMonth)"),
      used: z.number().int().describe("the tenant's messages this month (its time zone)"),
      left: z.number().int().describe('included messages left this month'),
      unitPrice: z.number().nullable().describe('yuan per message beyond them (S20); null: the plan has no S20'),
    })
    .optional()
    .describe("the plan's included messages this month"),
  chargedMessages: z.number().int().optional().describe('messages of this sending charged as S20'),
  previews: z.array(
    z.object({
      phone: z.string(),
      name: z.string().nullable(),
      text: z.string(),
      length: z.number().int(),
      segments: z.number().int(),
    }),
  ),
});
export type SmsPreview = z.infer<typeof SmsPreview>;

export const SmsSendResult = z.object({ batchId: z.number().int(), taskId: z.number().int(), targetId: z.string() });

export const SmsBatchQuery = PageQuery.extend({
  from: Instant.optional(),
  to: Instant.optional(),
  createdBy: Id.optional(),
  keyword: z.string().trim().max(60).optional(),
  state: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']).optional(),
});

export const SmsBatch = z.object({
  id: z.number().int(),
  content: z.string(),
  source: z.string(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  segments: z.number().int(),
  cost: z.number(),
  retryOf: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  state: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: Instant,
  finishedAt: Instant.nullable(),
});
export type SmsBatch = z.infer<typeof SmsBatch>;

export const SmsMessageStatus = z.enum(['queued', 'sent', 'failed', 'retried']);
export const SmsMessageQuery = PageQuery.extend({
  status: SmsMessageStatus.optional(),
  phone: z.string().trim().max(20).optional(),
});
export const SmsMessage = z.object({
  id: z.number().int(),
  phone: z.string(),
  recipientName: z.string().nullable(),
  content: z.string(),
  status: SmsMessageStatus,
  /** The provider's own words, for whoever investigates. */
  error: z.string().nullable(),
  /** Why it failed, in the caller's language (null unless it failed). */
  reason: z.string().nullable(),
  segments: z.number().int(),
  provider: z.string(),
  createdAt: Instant,
  sentAt: Instant.nullable(),
});
export type SmsMessage = z.infer<typeof SmsMessage>;
