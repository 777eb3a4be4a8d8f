import { z } from 'zod';
import { Id, Instant, LocalDate, PageQuery, Yuan, type LocalText } from './common.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Payments and paid services (费用中心): what a tenant buys from Fleetdesk (membership plans, balance top-ups)
 * and pays through a payment provider (WeChat Pay, Alipay, or the sandbox), the tenant's balance and its
 * ledger, and the paid services other areas charge to that balance (violation queries, notarizations, SMS
 * beyond the plan's quota, e-signatures). Money is integer fen in the server; the API speaks yuan.
 */

// ---------------------------------------------------------------------------------------------------------
// Paid services

export const PAID_SERVICE_CODES = ['S10', 'S20', 'S30', 'S40'] as const;
/** S10 violation query per car; S20 SMS beyond the plan's monthly quota, per message; S30 notarization per
 * application; S40 e-signature per signed contract. */
export const PaidServiceCode = z.enum(PAID_SERVICE_CODES);
export type PaidServiceCode = z.infer<typeof PaidServiceCode>;

export interface PaidServiceDef {
  code: PaidServiceCode;
  name: LocalText;
  /** What one unit is. */
  unit: LocalText;
  /** The menu the tenant's plan must allow for the service to be offered. */
  menu: string;
  /** Unit price in fen per plan code; a plan missing here does not offer the service. */
  prices: Partial<Record<string, number>>;
  /** Units the plan includes each month before charging (S20: SMS); absent: none included. */
  includedPerMonth?: Partial<Record<string, number>>;
}

export const PAID_SERVICES: readonly PaidServiceDef[] = [
  {
    code: 'S10',
    name: { 'zh-CN': '违章查询', 'en-US': 'Violation query' },
    unit: { 'zh-CN': '车次', 'en-US': 'car' },
    menu: 'rentCar',
    prices: { TRIAL: 200, STANDARD: 150, PROFESSIONAL: 120, ENTERPRISE: 100 },
  },
  {
    code: 'S20',
    name: { 'zh-CN': '短信（超出套餐额度）', 'en-US': 'SMS beyond the plan quota' },
    unit: { 'zh-CN': '条', 'en-US': 'message' },
    menu: 'oaMessage',
    prices: { TRIAL: 6, STANDARD: 5, PROFESSIONAL: 5, ENTERPRISE: 4 },
    includedPerMonth: { TRIAL: 100, STANDARD: 500, PROFESSIONAL: 2000, ENTERPRISE: 5000 },
  },
  {
    code: 'S30',
    name: { 'zh-CN': '在线公证', 'en-US': 'Online notarization' },
    unit: { 'zh-CN': '份', 'en-US': 'application' },
    menu: 'notarization',
    prices: { TRIAL: 29_800, ENTERPRISE: 19_800 },
  },
  {
    code: 'S40',
    name: { 'zh-CN': '电子合同签署', 'en-US': 'E-signature' },
    unit: { 'zh-CN': '份', 'en-US': 'contract' },
    menu: 'rentContract',
    prices: { TRIAL: 300, STANDARD: 250, PROFESSIONAL: 200, ENTERPRISE: 150 },
  },
];

export function findPaidService(code: string): PaidServiceDef | undefined {
  return PAID_SERVICES.find((s) => s.code === code);
}

/** Most units one charge or price computation may cover. */
export const MAX_SERVICE_COUNT = 100_000;

export const PriceComputeParams = z.object({
  serviceCode: PaidServiceCode,
  count: z.coerce.number().int().min(1).max(MAX_SERVICE_COUNT),
});

export const PriceCompute = z.object({
  serviceCode: PaidServiceCode,
  count: z.number().int(),
  unitPrice: z.number().describe('yuan per unit for the tenant plan'),
  total: z.number().describe('yuan'),
  balance: z.number().describe('yuan, before the charge'),
  balanceAfter: z.number().describe('yuan; negative when the balance is short by that much'),
});
export type PriceCompute = z.infer<typeof PriceCompute>;

export const PaidServicePrice = z.object({
  code: PaidServiceCode,
  name: z.string(),
  unit: z.string(),
  /** The tenant plan's unit price (yuan), or null when the plan does not offer the service. */
  unitPrice: z.number().nullable(),
  available: z.boolean(),
  /** Units included per month by the tenant's plan (null: none). */
  includedPerMonth: z.number().int().nullable(),
  prices: z.array(
    z.object({
      planCode: z.string(),
      planName: z.string(),
      unitPrice: z.number().nullable(),
      includedPerMonth: z.number().int().nullable(),
    }),
  ),
});
export type PaidServicePrice = z.infer<typeof PaidServicePrice>;

// ---------------------------------------------------------------------------------------------------------
// Balance and ledger

export const LEDGER_KINDS = ['topUp', 'charge', 'chargeRefund', 'withdraw', 'withdrawReversal'] as const;
/** topUp (+) a paid top-up; charge (-) a paid service; chargeRefund (+) units of a charge given back;
 * withdraw (-) unused top-up refunded to the payer; withdrawReversal (+) that refund failed at the provider. */
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

export const Balance = z.object({
  balance: z.number().describe('yuan'),
  updatedAt: Instant.nullable(),
});
export type Balance = z.infer<typeof Balance>;

export const LedgerEntry = z.object({
  id: z.number().int(),
  kind: LedgerKind,
  amount: z.number().describe('yuan, + credit, - debit'),
  balanceAfter: z.number().describe('yuan'),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  serviceCode: PaidServiceCode.nullable(),
  serviceName: z.string().nullable(),
  count: z.number().int().nullable(),
  /** The row's note only (a reason typed by a person, a plate, the provider's failure message; '' when none):
   * what the row is comes from its kind and service, shown in the reader's language. */
  description: z.string().describe("the row's note; '' when none"),
  createdAt: Instant,
  createdByName: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LocalDay = LocalDate;

export const LedgerQuery = PageQuery.extend({
  kind: LedgerKind.optional(),
  serviceCode: PaidServiceCode.optional(),
  from: LocalDay.optional().describe('first day, YYYY-MM-DD in the tenant time zone'),
  to: LocalDay.optional().describe('last day, inclusive'),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;
export const LedgerExportBody = LedgerQuery.omit({ pageNum: true, pageSize: true });

// ---------------------------------------------------------------------------------------------------------
// Orders

/**
 * `booking`: a short-term booking's payment (total + deposits) or its settlement's balance due; `renterTopUp`: a
 * time-share renter's balance top-up (issue 33); `driverRent`: rent bills a driver pays in the driver portal (issue 34).
 */
export const ORDER_TYPES = [
  'membership',
  'topUp',
  'service',
  'financing',
  'booking',
  'renterTopUp',
  'driverRent',
] as const;
export const OrderType = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof OrderType>;

export const ORDER_STATUSES = ['unpaid', 'paid', 'partRefunded', 'refunded', 'cancelled', 'closed'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PAY_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export const PayProviderName = z.enum(PAY_PROVIDERS);
export type PayProviderName = z.infer<typeof PayProviderName>;
/** How an order was paid: through a provider, or from the balance (paid services). */
export const PAY_METHODS = [...PAY_PROVIDERS, 'balance'] as const;
export const PayMethod = z.enum(PAY_METHODS);
export type PayMethod = z.infer<typeof PayMethod>;

export const TOP_UP_MIN_YUAN = 10;
export const TOP_UP_MAX_YUAN = 50_000;

addValidationMessages({
  'v.topUpAmount': {
    'zh-CN': `充值金额为 ${TOP_UP_MIN_YUAN} 至 ${TOP_UP_MAX_YUAN} 元`,
    'en-US': `A top-up is ${TOP_UP_MIN_YUAN} to ${TOP_UP_MAX_YUAN} yuan`,
  },
  'v.refundAmount': { 'zh-CN': '请输入大于 0 的退款金额', 'en-US': 'Enter a refund amount above 0' },
  'v.refundReason': { 'zh-CN': '请填写退款原因（最多 100 字）', 'en-US': 'Give a reason (at most 100 characters)' },
});

export const CreateMembershipOrder = z.object({
  planCode: z.string().min(1).max(32),
  years: z.number().int().min(1).max(5).default(1),
});
export type CreateMembershipOrder = z.infer<typeof CreateMembershipOrder>;

export const CreateTopUpOrder = z.strictObject({
  amount: Yuan.refine((v) => v >= TOP_UP_MIN_YUAN && v <= TOP_UP_MAX_YUAN, { message: 'v.topUpAmount' }),
});
export type CreateTopUpOrder = z.infer<typeof CreateTopUpOrder>;

export const WithdrawInput = z.strictObject({
  amount: Yuan.refine((v) => v > 0, { message: 'v.refundAmount' }),
  reason: z.string().trim().min(1, { message: 'v.refundReason' }).max(100, { message: 'v.refundReason' }),
});
export type WithdrawInput = z.infer<typeof WithdrawInput>;

export const Order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  type: OrderType,
  /** Membership orders: the plan and years bought. */
  planCode: z.string().nullable(),
  planName: z.string().nullable(),
  years: z.number().int(),
  /** Paid-service orders (charges): the service, units and unit price, and what they paid for. */
  serviceCode: PaidServiceCode.nullable(),
  serviceName: z.string().nullable(),
  count: z.number().int().nullable(),
  unitPrice: z.number().nullable(),
  reference: z.object({ type: z.string(), id: z.string() }).nullable(),
  amount: z.number().describe('yuan'),
  refundedAmount: z.number().describe('yuan given back so far'),
  status: OrderStatus,
  payMethod: PayMethod.nullable(),
  providerTradeNo: z.string().nullable(),
  createdAt: Instant,
  createdByName: z.string().nullable(),
  paidAt: Instant.nullable(),
  expiresAt: Instant.describe('an unpaid order closes at this time'),
  closedAt: Instant.nullable(),
  /** Membership orders once paid: the period they added. */
  membershipFrom: Instant.nullable(),
  membershipTo: Instant.nullable(),
});
export type Order = z.infer<typeof Order>;

export const REFUND_CHANNELS = ['balance', 'provider'] as const;
export const REFUND_STATUSES = ['processing', 'succeeded', 'failed'] as const;
export const OrderRefund = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  channel: z.enum(REFUND_CHANNELS).describe('balance: credited to the balance; provider: back to the payer'),
  amount: z.number(),
  count: z.number().int().nullable(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  createdAt: Instant,
  finishedAt: Instant.nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const OrderDetail = Order.extend({
  refunds: z.array(OrderRefund),
  /** Yuan of this top-up that can still be refunded to the payer (0 for other orders). */
  refundable: z.number(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderListQuery = PageQuery.extend({
  type: OrderType.optional(),
  status: OrderStatus.optional(),
  orderNo: z.string().trim().max(40).optional(),
  payMethod: PayMethod.optional(),
  from: LocalDay.optional().describe('created on or after this day (tenant time zone)'),
  to: LocalDay.optional().describe('created on or before this day'),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

// ---------------------------------------------------------------------------------------------------------
// Paying an order

export const PayInfo = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: z.number(),
  provider: PayProviderName,
  sandbox: z.boolean(),
  /** What the QR code holds: WeChat's code_url, Alipay's qr_code, or the sandbox payment page. */
  codeUrl: z.string(),
  /** The QR code as a PNG data URL. */
  qrImage: z.string(),
  /** The sandbox payment page, to open on this computer (null for real providers). */
  payUrl: z.string().nullable(),
  expiresAt: Instant,
});
export type PayInfo = z.infer<typeof PayInfo>;

export const PAYER_STATES = ['waiting', 'scanned', 'declined'] as const;
export const PayStatus = z.object({
  orderId: z.number().int(),
  status: OrderStatus,
  /** While unpaid: what the provider last said of the payer. */
  payerState: z.enum(PAYER_STATES).nullable(),
  paidAt: Instant.nullable(),
  membershipTo: Instant.nullable(),
});
export type PayStatus = z.infer<typeof PayStatus>;

export const ProviderInfo = z.object({ name: PayProviderName, sandbox: z.boolean() });
export type ProviderInfo = z.infer<typeof ProviderInfo>;

// The sandbox provider's own payment page (open: the payer is not signed in).
export const SANDBOX_TRADE_STATES = ['waiting', 'scanned', 'approved', 'declined', 'closed'] as const;
export const SandboxTrade = z.object({
  orderNo: z.string(),
  merchant: z.string(),
  description: z.string(),
  amount: z.number(),
  state: z.enum(SANDBOX_TRADE_STATES),
  expiresAt: Instant,
});
export type SandboxTrade = z.infer<typeof SandboxTrade>;
export const SANDBOX_ACTIONS = ['approve', 'approveSilently', 'approveWrongAmount', 'decline'] as const;
export const SandboxDecision = z.strictObject({
  token: z.string().min(1).max(200),
  action: z.enum(SANDBOX_ACTIONS),
});
export const SandboxTradeQuery = z.object({ token: z.string().min(1).max(200) });
export const SandboxOrderParam = z.object({ orderNo: z.string().regex(/^[A-Z]\d{20}$/) });

export const OrderPaths = {
  list: '/api/ccwadmin/order/list',
  get: '/api/ccwadmin/order/:id',
  cancel: '/api/ccwadmin/order/cancel/:id',
  topUp: '/api/ccwadmin/order/topUp',
  pay: '/api/ccwadmin/order/pay/:id',
  payStatus: '/api/ccwadmin/order/pay/status/:id',
  receipt: '/api/ccwadmin/order/receipt/:id',
  withdraw: '/api/ccwadmin/order/refund/:id',
} as const;

export const PaymentPaths = {
  priceCompute: '/api/ccwadmin/service/price/compute/:serviceCode/:count',
  priceList: '/api/ccwadmin/service/price/list',
  balance: '/api/ccwadmin/balance/info',
  ledger: '/api/ccwadmin/balance/ledger/list',
  ledgerExport: '/api/ccwadmin/balance/ledger/export',
  provider: '/api/ccwadmin/pay/provider',
  notify: '/api/pay/notify/:provider',
  sandboxTrade: '/api/pay/sandbox/trade/:orderNo',
  sandboxDecide: '/api/pay/sandbox/trade/:orderNo/decide',
} as const;

export const ProviderParam = z.object({ provider: PayProviderName });
export const OrderIdParam = z.object({ id: Id });

/** The web's top-up page, which the short-balance message links to. */
export const TOP_UP_PAGE = '/order/topUp';
