import { z } from 'zod';
import { Id, Instant, PageQuery, Version, YearMonth, Yuan, yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';
import { LocalDate } from './vehicles.js';

const base = '/api/ccwadmin';

/** Every call of the contract area (`/rentContract`), in the style of the vehicle calls. */
export const RentContractPaths = {
  list: `${base}/rentContract/list`,
  get: `${base}/rentContract/:id`,
  add: `${base}/rentContract/add`,
  update: `${base}/rentContract/update/:id`,
  preview: `${base}/rentContract/schedule/preview`,
  sign: `${base}/rentContract/sign/:id`,
  cancel: `${base}/rentContract/cancel/:id`,
  dispatch: `${base}/rentContract/dispatch/:id`,
  finish: `${base}/rentContract/finish/:id`,
  lines: `${base}/rentContract/lines/:id`,
  addLine: `${base}/rentContract/line/add/:id`,
  collect: `${base}/rentContract/collect/:lineId`,
  waive: `${base}/rentContract/waive/:lineId`,
  collections: `${base}/rentContract/collections/:id`,
  events: `${base}/rentContract/events/:id`,
  discount: `${base}/rentContract/discount/:id`,
  exportContracts: `${base}/rentContract/exportContract`,
  accounts: `${base}/rentContract/accounts`,
  addAccount: `${base}/rentContract/account/add`,
  debtors: `${base}/rentContract/debtors`,
  assignee: `${base}/rentContract/debtor/assignee/:id`,
  notes: `${base}/rentContract/debtor/notes/:id`,
  addNote: `${base}/rentContract/debtor/note/:id`,
  /** A renewal: a pending contract of the same group from the day after this one ends. */
  renew: `${base}/rentContract/renew/:id`,
  /** The contracts of this contract's group (renewals, car changes), in order. */
  group: `${base}/rentContract/group/:id`,
  /** Car change: this contract ends at the change day and goes on with the new car in a new contract. */
  changeCar: `${base}/rentContract/changeCar/:id`,
  /** Temporary replacement cars of a contract (long repairs). */
  tempCars: `${base}/rentContract/tempCars/:id`,
  addTempCar: `${base}/rentContract/tempCar/add/:id`,
  endTempCar: `${base}/rentContract/tempCar/end/:tempId`,
  /** A booked temporary car is handed over (reserved -> rented, its usage period opens). */
  startTempCar: `${base}/rentContract/tempCar/start/:tempId`,
  /** A booked temporary car is cancelled (the reservation is released). */
  cancelTempCar: `${base}/rentContract/tempCar/cancel/:tempId`,
  /** Named by the spec: a contract's bills of one month (`?month=YYYY-MM`). */
  billsOfMonth: `${base}/rentContractBills/month/:id`,
} as const;

export const CONTRACT_VALIDATION_MESSAGES = {
  'v.contractDates': { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'The end date cannot be before the start date' },
  'v.paymentDay': {
    'zh-CN': '按周付款时付款日为星期 1-7，其他周期为每月 1-31 日',
    'en-US': 'The payment day is a weekday 1-7 for weekly periods, else a day of the month 1-31',
  },
  'v.freeDays': {
    'zh-CN': '免租天数须少于租期天数',
    'en-US': 'Free days must be fewer than the rental days',
  },
  'v.shortTermTotal': {
    'zh-CN': '短租总租金须等于日租金 ×（租期天数 - 免租天数）',
    'en-US': 'A short-term total must equal the daily rent x (rental days - free days)',
  },
  'v.buyOutPrice': { 'zh-CN': '以租代购须填写买断价', 'en-US': 'A rent-to-own contract needs a buy-out price' },
  'v.contractTooLong': {
    'zh-CN': '合同最长 10 年、最多 520 期',
    'en-US': 'A contract runs at most 10 years and 520 instalments',
  },
  'v.collectAmount': { 'zh-CN': '收款金额须大于 0', 'en-US': 'The amount collected must be more than 0' },
  'v.month': { 'zh-CN': '月份格式为 YYYY-MM', 'en-US': 'A month is YYYY-MM' },
} satisfies Record<string, LocalText>;
addValidationMessages(CONTRACT_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

export const CONTRACT_TYPES = ['longTerm', 'shortTerm', 'rentToOwn'] as const;
export const ContractType = z.enum(CONTRACT_TYPES);
export type ContractType = z.infer<typeof ContractType>;
export const CONTRACT_TYPE_TITLES: Record<ContractType, LocalText> = {
  longTerm: t('长租', 'Long-term rent'),
  shortTerm: t('短租', 'Short-term rent'),
  rentToOwn: t('以租代购', 'Rent-to-own'),
};

export const PAYMENT_PERIODS = ['weekly', 'monthly', 'quarterly', 'halfYearly', 'yearly'] as const;
export const PaymentPeriod = z.enum(PAYMENT_PERIODS);
export type PaymentPeriod = z.infer<typeof PaymentPeriod>;
export const PAYMENT_PERIOD_TITLES: Record<PaymentPeriod, LocalText> = {
  weekly: t('周付', 'Weekly'),
  monthly: t('月付', 'Monthly'),
  quarterly: t('季付', 'Quarterly'),
  halfYearly: t('半年付', 'Half-yearly'),
  yearly: t('年付', 'Yearly'),
};
/** Months per period (weekly: 0, it is 7 days). */
export const PERIOD_MONTHS: Record<PaymentPeriod, number> = {
  weekly: 0,
  monthly: 1,
  quarterly: 3,
  halfYearly: 6,
  yearly: 12,
};

export const BILLING_MODES = ['prepaid', 'postpaid'] as const;
export const BillingMode = z.enum(BILLING_MODES);
export type BillingMode = z.infer<typeof BillingMode>;
export const BILLING_MODE_TITLES: Record<BillingMode, LocalText> = {
  prepaid: t('预付', 'Prepaid'),
  postpaid: t('后付', 'Postpaid'),
};

export const CONTRACT_STATES = ['pending', 'signed', 'completed', 'terminated', 'cancelled'] as const;
export const ContractState = z.enum(CONTRACT_STATES);
export type ContractState = z.infer<typeof ContractState>;
export const CONTRACT_STATE_TITLES: Record<ContractState, LocalText> = {
  pending: t('待签约', 'Pending'),
  signed: t('已签约', 'Signed'),
  completed: t('已完成', 'Completed'),
  terminated: t('提前解约', 'Terminated early'),
  cancelled: t('已作废', 'Cancelled'),
};

/**
 * What each kind of contract event (`ContractEvent.kind`) is called on the contract's history: a clerk reads
 * 收款 or 发车验车, never the stored kind. A kind missing here (a later one) falls back to 其他 / Other.
 */
export const CONTRACT_EVENT_TITLES: Readonly<Record<string, LocalText>> = {
  create: t('创建合同', 'Contract created'),
  update: t('修改合同', 'Contract edited'),
  state: t('状态变更', 'State changed'),
  collect: t('收款', 'Payment received'),
  line: t('账单调整', 'Bill line changed'),
  discount: t('优惠', 'Discount'),
  waive: t('减免', 'Waived'),
  dispatch: t('发车验车', 'Dispatch inspection'),
  return: t('还车验车', 'Return inspection'),
  settlement: t('结算', 'Settlement'),
  renew: t('续约', 'Renewed'),
  carChange: t('换车', 'Car changed'),
  tempCar: t('临时用车', 'Temporary car'),
  tempCarStart: t('临时用车开始', 'Temporary car started'),
  tempCarEnd: t('临时用车结束', 'Temporary car ended'),
  tempCarCancel: t('临时用车取消', 'Temporary car cancelled'),
  assignee: t('更换跟进人', 'Assignee changed'),
  followUp: t('催收跟进', 'Collection follow-up'),
};
export const CONTRACT_EVENT_OTHER: LocalText = t('其他', 'Other');

export const LINE_TYPES = [
  'rent',
  'deposit',
  'managementFee',
  'insurance',
  'buyOut',
  'lateFee',
  'damage',
  'violation',
  'recovery',
  'rebate',
  'other',
  'settlementFee',
  'depositRefund',
  'repair',
  'teamReward',
] as const;
export const LineType = z.enum(LINE_TYPES);
export type LineType = z.infer<typeof LineType>;
export const LINE_TYPE_TITLES: Record<LineType, LocalText> = {
  rent: t('租金', 'Rent'),
  deposit: t('押金', 'Deposit'),
  managementFee: t('管理费', 'Management fee'),
  insurance: t('保险费', 'Insurance'),
  buyOut: t('买断款', 'Buy-out'),
  lateFee: t('滞纳金', 'Late fee'),
  damage: t('车损', 'Damage'),
  violation: t('违章代扣', 'Violation withholding'),
  recovery: t('强制收车费', 'Forced-recovery fee'),
  rebate: t('平台返利', 'Platform rebate'),
  other: t('其他', 'Other'),
  settlementFee: t('退车结算费', 'Settlement fee'),
  depositRefund: t('退押金', 'Deposit refund'),
  repair: t('维修费（司机承担）', "Repair (driver's share)"),
  teamReward: t('车队奖惩', 'Fleet reward or penalty'),
};

export const LINE_STATES = ['unpaid', 'partial', 'paid', 'waived'] as const;
export const LineState = z.enum(LINE_STATES);
export type LineState = z.infer<typeof LineState>;
export const LINE_STATE_TITLES: Record<LineState, LocalText> = {
  unpaid: t('未支付', 'Unpaid'),
  partial: t('部分支付', 'Partly paid'),
  paid: t('已支付', 'Paid'),
  waived: t('无需支付', 'Waived'),
};

/** Debt-collection buckets: due today, then by days past the overdue deadline (due date + grace days). */
export const DEBT_BUCKETS = ['today', 'd1', 'd3', 'd7', 'd15', 'd15plus'] as const;
export const DebtBucket = z.enum(DEBT_BUCKETS);
export type DebtBucket = z.infer<typeof DebtBucket>;
export const DEBT_BUCKET_TITLES: Record<DebtBucket, LocalText> = {
  today: t('今日到期', 'Due today'),
  d1: t('逾期1天', '1 day overdue'),
  d3: t('逾期2-3天', '2-3 days overdue'),
  d7: t('逾期4-7天', '4-7 days overdue'),
  d15: t('逾期8-15天', '8-15 days overdue'),
  d15plus: t('逾期15天以上', 'Over 15 days overdue'),
};
/** The bucket of a line `days` past its overdue deadline (0 = due today). */
export function bucketOf(days: number): DebtBucket {
  if (days <= 0) return 'today';
  if (days === 1) return 'd1';
  if (days <= 3) return 'd3';
  if (days <= 7) return 'd7';
  if (days <= 15) return 'd15';
  return 'd15plus';
}

/** The state machine: which action leads from which states where (server, web and tests read this table). */
export const CONTRACT_ACTIONS = {
  sign: { from: ['pending'], to: 'signed' },
  cancel: { from: ['pending', 'signed'], to: 'cancelled' },
  complete: { from: ['signed'], to: 'completed' },
  terminate: { from: ['signed'], to: 'terminated' },
  /** Renewal and temporary cars leave the state as it is; they need a signed contract. */
  renew: { from: ['signed'], to: 'signed' },
  tempCar: { from: ['signed'], to: 'signed' },
  /** Car change: the contract is settled up to the change day and completed; a new one goes on. */
  changeCar: { from: ['signed'], to: 'completed' },
} as const satisfies Record<string, { from: readonly ContractState[]; to: ContractState }>;
export type ContractAction = keyof typeof CONTRACT_ACTIONS;

const text = (max: number) => z.string().trim().max(max);

/** The terms that make a bill schedule (also the body of the preview call). */
const TermsFields = z.strictObject({
  type: ContractType,
  period: PaymentPeriod.default('monthly'),
  billing: BillingMode.default('prepaid'),
  paymentDay: z.number().int().min(1).max(31).nullish().describe('weekday 1-7 (weekly), else day of month 1-31'),
  startDate: LocalDate,
  endDate: LocalDate,
  freeDays: z.number().int().min(0).max(365).default(0),
  deposit: Yuan.default(0),
  managementFee: Yuan.default(0),
  rent: Yuan.describe('rent per period; the daily rent for short-term'),
  insuranceBase: Yuan.default(0).describe('short-term only'),
  insuranceExtra: Yuan.default(0).describe('short-term only'),
  buyOutPrice: Yuan.nullish().describe('rent-to-own only: paid at the end, ownership passes'),
  totalRent: Yuan.nullish().describe('short-term: when given must equal rent x (rental days - free days)'),
});
type TermsValue = z.infer<typeof TermsFields>;

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function termsRules(v: TermsValue, ctx: z.RefinementCtx): void {
  if (v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'v.contractDates' });
    return;
  }
  const rentalDays = daysBetween(v.startDate, v.endDate) + 1;
  if (rentalDays > 3660) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'v.contractTooLong' });
  if (v.paymentDay != null && v.period === 'weekly' && v.paymentDay > 7) {
    ctx.addIssue({ code: 'custom', path: ['paymentDay'], message: 'v.paymentDay' });
  }
  if (v.freeDays >= rentalDays) ctx.addIssue({ code: 'custom', path: ['freeDays'], message: 'v.freeDays' });
  if (v.type === 'rentToOwn' && !v.buyOutPrice) {
    ctx.addIssue({ code: 'custom', path: ['buyOutPrice'], message: 'v.buyOutPrice' });
  }
  if (v.type === 'shortTerm' && v.totalRent != null) {
    const expected = Math.round(v.rent * 100) * (rentalDays - v.freeDays);
    if (Math.round(v.totalRent * 100) !== expected) {
      ctx.addIssue({ code: 'custom', path: ['totalRent'], message: 'v.shortTermTotal' });
    }
  }
}

export const ContractTerms = TermsFields.superRefine(termsRules);
export type ContractTerms = z.infer<typeof ContractTerms>;

const ContractFields = TermsFields.extend({
  driverId: Id,
  carId: Id,
  rentId: Id.optional().describe('absent = the rent of the call (X-Rent-Id)'),
  template: text(60).nullish(),
  discountPlan: text(200).nullish(),
  clauses: z.array(text(1000)).max(3).default([]).describe('custom clauses'),
  attachments: z.array(z.string().max(1024)).max(20).default([]),
  remark: text(500).nullish(),
});
export const ContractInput = ContractFields.superRefine(termsRules);
export type ContractInput = z.infer<typeof ContractInput>;
export const ContractInputFields = ContractFields;

/** A line of the bill schedule as the preview and the contract page show it. */
export const ScheduleLine = z.object({
  type: LineType,
  period: z.number().int().nullable(),
  periodStart: LocalDate.nullable(),
  periodEnd: LocalDate.nullable(),
  dueDate: LocalDate,
  amount: z.number().describe('yuan; negative = refund'),
  remark: z.string(),
});
export type ScheduleLine = z.infer<typeof ScheduleLine>;
export const SchedulePreview = z.object({
  lines: z.array(ScheduleLine),
  instalments: z.number().int(),
  rentalDays: z.number().int(),
  totalRent: z.number(),
  total: z.number(),
});
export type SchedulePreview = z.infer<typeof SchedulePreview>;

export const PaymentLine = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  type: LineType,
  period: z.number().int().nullable(),
  periodStart: LocalDate.nullable(),
  periodEnd: LocalDate.nullable(),
  dueDate: LocalDate,
  amount: z.number(),
  paid: z.number(),
  outstanding: z.number(),
  state: LineState,
  paidDate: LocalDate.nullable(),
  accountId: z.number().int().nullable(),
  lateFeeFor: z.number().int().nullable(),
  overdueDays: z.number().int().describe('days past due date + grace days (0 when not overdue)'),
  version: z.number().int().describe('send it back with a collection: a line changed meanwhile answers 409'),
  remark: z.string().nullable(),
});
export type PaymentLine = z.infer<typeof PaymentLine>;

export const CONTRACT_ORIGINS = ['new', 'renewal', 'carChange'] as const;
export const ContractOrigin = z.enum(CONTRACT_ORIGINS);
export type ContractOrigin = z.infer<typeof ContractOrigin>;
export const CONTRACT_ORIGIN_TITLES: Record<ContractOrigin, LocalText> = {
  new: t('新签', 'New'),
  renewal: t('续约', 'Renewal'),
  carChange: t('换车', 'Car change'),
};

export const Contract = z.object({
  id: z.number().int(),
  number: z.string(),
  groupNo: z.string(),
  groupSeq: z.number().int(),
  origin: ContractOrigin,
  previousId: z.number().int().nullable().describe('the contract this one renews or replaces'),
  rentId: z.number().int(),
  rentName: z.string(),
  driverId: z.number().int(),
  driverName: z.string(),
  driverPhone: z.string(),
  carId: z.number().int(),
  plate: z.string(),
  template: z.string().nullable(),
  type: ContractType,
  period: PaymentPeriod,
  billing: BillingMode,
  paymentDay: z.number().int().nullable(),
  startDate: LocalDate,
  endDate: LocalDate,
  instalments: z.number().int(),
  rentalDays: z.number().int(),
  freeDays: z.number().int(),
  deposit: z.number(),
  managementFee: z.number(),
  rent: z.number(),
  totalRent: z.number(),
  insuranceBase: z.number(),
  insuranceExtra: z.number(),
  buyOutPrice: z.number().nullable(),
  total: z.number(),
  discountPlan: z.string().nullable(),
  discount: z.number(),
  discountState: z.enum(['none', 'pending', 'approved', 'rejected']),
  clauses: z.array(z.string()),
  attachments: z.array(z.string()),
  state: ContractState,
  dispatched: z.boolean(),
  outstanding: z.number().describe('unpaid amount of lines due up to today'),
  overdueLines: z.number().int(),
  remark: z.string().nullable(),
  signedAt: Instant.nullable(),
  endedAt: Instant.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type Contract = z.infer<typeof Contract>;

export const ContractListRow = Contract.omit({ clauses: true, attachments: true, template: true, remark: true });
export type ContractListRow = z.infer<typeof ContractListRow>;

/**
 * What a contract waits for today, the dashboard's to-dos and the list's `duty` filter: signing (pending),
 * dispatch (signed, the car not handed over), return (signed, its end date reached, the car not taken back), and
 * settlement (the car taken back, the contract not yet completed: its settlement is drafted or in approval), and
 * collection (a bill of a running contract due today and not yet paid in full).
 */
export const CONTRACT_DUTIES = ['sign', 'dispatch', 'return', 'settle', 'collect'] as const;
export const ContractDuty = z.enum(CONTRACT_DUTIES);
export type ContractDuty = z.infer<typeof ContractDuty>;

const ContractFilterFields = z.strictObject({
  number: text(40).optional(),
  driverId: Id.optional(),
  carId: Id.optional(),
  keyword: text(40).optional().describe('part of the number, driver name or plate'),
  rentId: Id.optional(),
  type: z.array(ContractType).max(CONTRACT_TYPES.length).optional(),
  state: z.array(ContractState).max(CONTRACT_STATES.length).optional(),
  startFrom: LocalDate.optional(),
  startTo: LocalDate.optional(),
  overdue: z.boolean().optional().describe('only contracts with overdue lines'),
  duty: ContractDuty.optional().describe('only contracts waiting for this today'),
});
export const ContractExportFilter = ContractFilterFields;
export type ContractExportFilter = z.infer<typeof ContractExportFilter>;
export const ContractListFilter = ContractFilterFields.extend(PageQuery.shape);
export type ContractListFilter = z.infer<typeof ContractListFilter>;

/** Signing: the first receipts (first rent, deposit, management fee) into an account. */
export const SignInput = z.strictObject({
  accountId: Id,
  paidDate: LocalDate.optional().describe('absent = today'),
  remark: text(200).nullish(),
});
export const ReasonInput = z.strictObject({ reason: text(200).min(1) });
export const FinishInput = z.strictObject({ reason: text(200).nullish() });

/** A manual bill line (a fine, a repair, a refund) is at most ten million yuan either way. */
export const BILL_LINE_MAX_YUAN = 10_000_000;

export const LineInput = z.strictObject({
  type: LineType,
  dueDate: LocalDate,
  amount: yuan(BILL_LINE_MAX_YUAN, -BILL_LINE_MAX_YUAN).describe('yuan, at most two decimals; negative = refund'),
  remark: text(200).nullish(),
});

export const CollectInput = z.strictObject({
  amount: Yuan.refine((v) => v > 0, { message: 'v.collectAmount' }),
  accountId: Id,
  paidDate: LocalDate.optional(),
  version: Version.describe('the version of the line the clerk saw'),
  remark: text(200).nullish(),
  voucher: z
    .string()
    .min(1)
    .max(1024)
    .nullish()
    .describe('an uploaded payment voucher (files upload, type document or image; the address it answered)'),
});
export type CollectInput = z.infer<typeof CollectInput>;
export const WaiveInput = z.strictObject({ reason: text(200).min(1), version: Version });

export const Collection = z.object({
  id: z.number().int(),
  lineId: z.number().int(),
  lineType: LineType,
  period: z.number().int().nullable(),
  amount: z.number(),
  paidDate: LocalDate,
  accountId: z.number().int(),
  accountName: z.string(),
  userName: z.string().nullable(),
  remark: z.string().nullable(),
  voucher: z.string().nullable().describe('signed address of the payment voucher'),
  at: Instant,
});
export type Collection = z.infer<typeof Collection>;

export const ContractEvent = z.object({
  id: z.number().int(),
  kind: z.string(),
  fromState: ContractState.nullable(),
  toState: ContractState.nullable(),
  remark: z.string().nullable(),
  userName: z.string().nullable(),
  at: Instant,
});
export type ContractEvent = z.infer<typeof ContractEvent>;

export const Account = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['cash', 'bank', 'alipay', 'wechat']),
  balance: z.number().describe('running balance, yuan'),
});
export type Account = z.infer<typeof Account>;
export const AccountInput = z.strictObject({
  name: text(40).min(1),
  kind: z.enum(['cash', 'bank', 'alipay', 'wechat']),
});

export const DiscountInput = z.strictObject({
  amount: Yuan.refine((v) => v > 0, { message: 'v.collectAmount' }),
  reason: text(500).nullish(),
});

export const DebtorQuery = PageQuery.extend({
  bucket: DebtBucket.optional(),
  rentId: Id.optional(),
  repeated: z.enum(['first', 'repeated']).optional(),
  assigneeId: Id.optional(),
});
export const DebtorRow = z.object({
  lineId: z.number().int(),
  contractId: z.number().int(),
  number: z.string(),
  driverId: z.number().int(),
  driverName: z.string(),
  driverPhone: z.string(),
  carId: z.number().int(),
  plate: z.string(),
  type: LineType,
  period: z.number().int().nullable(),
  dueDate: LocalDate,
  amount: z.number(),
  paid: z.number(),
  outstanding: z.number(),
  lateFee: z.number(),
  overdueDays: z.number().int(),
  bucket: DebtBucket,
  repeated: z.boolean().describe('the contract has more than one overdue line'),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  version: z.number().int(),
});
export type DebtorRow = z.infer<typeof DebtorRow>;
export const DebtorList = z.object({
  enabled: z.boolean().describe('settingDebtorPaying: when off the list is empty and nothing is collected here'),
  buckets: z.record(DebtBucket, z.number().int()),
  rows: z.array(DebtorRow),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type DebtorList = z.infer<typeof DebtorList>;
export const AssigneeInput = z.strictObject({ assigneeId: Id.nullable() });
export const NoteInput = z.strictObject({ note: text(500).min(1) });
export const FollowUpNote = z.object({
  id: z.number().int(),
  note: z.string(),
  userName: z.string().nullable(),
  at: Instant,
});

export const MonthQuery = z.object({
  month: YearMonth,
});
export const LineIdParam = z.object({ lineId: Id });

/**
 * A renewal: the whole terms of the new contract (the web fills them in from the old one). The start date must
 * be the day after the old contract ends; driver and car are the old contract's.
 */
const RenewFields = TermsFields.extend({
  template: text(60).nullish(),
  discountPlan: text(200).nullish(),
  clauses: z.array(text(1000)).max(3).default([]),
  remark: text(500).nullish(),
});
export const RenewInput = RenewFields.superRefine(termsRules);
export type RenewInput = z.infer<typeof RenewInput>;

/** A contract of a group, as the contract page's history tab lists them. */
export const GroupContract = z.object({
  id: z.number().int(),
  number: z.string(),
  groupSeq: z.number().int(),
  origin: ContractOrigin,
  carId: z.number().int(),
  plate: z.string(),
  startDate: LocalDate,
  endDate: LocalDate,
  state: ContractState,
  rent: z.number(),
  outstanding: z.number(),
});
export type GroupContract = z.infer<typeof GroupContract>;

/** Car change: the new car from the change day; the rent per period of the new contract (absent = unchanged). */
export const ChangeCarInput = z.strictObject({
  carId: Id,
  changeDate: LocalDate.describe('the first day with the new car; the old contract is settled up to the day before'),
  rent: Yuan.optional(),
  reason: text(200).min(1),
});
export type ChangeCarInput = z.infer<typeof ChangeCarInput>;

export const TempCarInput = z
  .strictObject({
    carId: Id,
    fromDate: LocalDate,
    toDate: LocalDate,
    reason: text(200).min(1),
  })
  .superRefine((v, ctx) => {
    if (v.toDate < v.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'v.contractDates' });
  });
export type TempCarInput = z.infer<typeof TempCarInput>;
export const EndTempCarInput = z.strictObject({
  endDate: LocalDate.optional().describe('the last day with the temporary car; absent = today'),
});
/** A temporary car: booked (starts later, the car reserved) -> inUse (handed over) -> ended; booked -> cancelled. */
export const TEMP_CAR_STATES = ['booked', 'inUse', 'ended', 'cancelled'] as const;
export type TempCarState = (typeof TEMP_CAR_STATES)[number];
export const TEMP_CAR_STATE_TITLES: Record<TempCarState, LocalText> = {
  booked: { 'zh-CN': '已预订', 'en-US': 'Booked' },
  inUse: { 'zh-CN': '使用中', 'en-US': 'In use' },
  ended: { 'zh-CN': '已结束', 'en-US': 'Ended' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};
export const TempCar = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  carId: z.number().int(),
  plate: z.string(),
  fromDate: LocalDate,
  toDate: LocalDate,
  reason: z.string(),
  state: z.enum(TEMP_CAR_STATES),
  /** booked or in use: the car is held. */
  active: z.boolean(),
  /** The usage period its handover opened (violations on the car in it go to the contract's driver). */
  usagePeriodId: z.number().int().nullable(),
  endedAt: Instant.nullable(),
  createdAt: Instant,
});
export type TempCar = z.infer<typeof TempCar>;
export const TempIdParam = z.object({ tempId: Id });
