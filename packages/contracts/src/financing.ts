import { z } from 'zod';
import {
  Id,
  Instant,
  LocalDate,
  MobilePhone,
  PageQuery,
  Version,
  Yuan,
  fenToYuan,
  yuan,
  yuanToFen,
  type LocalText,
} from './common.js';
import { IdCardNumber } from './drivers.js';
import {
  DUE_TIMINGS,
  REPAY_METHODS,
  buildFinancingSchedule,
  scheduleInputProblem,
  type DueTiming,
  type RepayMethod,
} from './financing-schedule.js';
import { addValidationMessages } from './validation-registry.js';
import { FileUrl, Vin } from './vehicles.js';

/**
 * Vehicle financing (issue 30; docs/financing.md): the calls of spec section 7 "Financing" and the ones a real
 * product needs beside them, their inputs and answers, and the spec's form rules (sections 3-4) as pure
 * functions the server and the web share. Money is yuan on the wire (fen in the database); rates and ratios
 * are fractions (0.068 = 6.8 %, 0.3 = 30 %).
 */
const base = '/api/ccwadmin';

export const FinancingPaths = {
  // spec section 7
  limitOfRent: `${base}/rentFinancingLimit/get/rent/:id`,
  list: `${base}/rentFinancingCar/list`,
  get: `${base}/rentFinancingCar/get/:id`,
  voucher: `${base}/rentFinancingVoucher/get/financingCar/:id`,
  editVoucher: `${base}/rentFinancingVoucher/edit/voucher`,
  details: `${base}/rentFinancingDetail/list`,
  repayments: `${base}/rentFinancingRepayment/list`,
  repayment: `${base}/rentFinancingRepayment/get/:id`,
  repaymentDetail: `${base}/rentFinancingRepayment/get/detail/:id`,
  createRepayment: `${base}/rentFinancingRepayment/create`,
  searchCar: `${base}/rentFinancingContract/search/car/info/:x`,
  notPaying: `${base}/rentFinancingDetail/get/not/paying`,
  detailByCode: `${base}/rentFinancingDetail/get/code/:code`,
  create: `${base}/rentFinancingCar/create`,
  rentOrSale: `${base}/rentFinancingCar/rentOrSale`,
  rentOrSaleSupplement: `${base}/rentFinancingCar/rentOrSale/supplement`,
  rentOrSaleAudit: `${base}/rentFinancingCar/rentOrSale/audit`,
  unfinancedCars: `${base}/rentCar/unFinancingCar`,
  pay: `${base}/rentFinancingDetail/pay/:id`,
  index: `${base}/rentFinancingCar/index`,
  profile: `${base}/rentFinancingUser/get`,
  saveProfile: `${base}/rentFinancingUser/save`,
  contractPdf: `${base}/rentFinancingCar/download/contract/:id`,
  carTypes: `${base}/financingCarType/list`,
  createBookedCar: `${base}/car/booked/create`,
  bookedCars: `${base}/car/booked/list/rent`,
  bookedCar: `${base}/car/booked/get/:id`,
  loanApply: `${base}/rentFinancingCar/loan/apply/:id`,
  applyItems: `${base}/financing/apply/item/loan/amount/items/:id`,
  depositReturnApply: `${base}/financingDeductDeposit/return/apply/:id`,
  history: `${base}/financingActivityLog/history/:id`,
  rentOrSaleList: `${base}/rentFinancingCar/rentOrSale/list`,
  rentOrSaleAdmin: `${base}/rentFinancingCar/rentOrSale/admin`,
  certificates: `${base}/rentFinancingCar/rentOrSale/cert`,

  // ours: the applicant's application work
  quote: `${base}/rentFinancingCar/quote`,
  update: `${base}/rentFinancingCar/update/:id`,
  submit: `${base}/rentFinancingCar/submit/:id`,
  /** S3: the applicant accepts (→ S4) or declines (→ S10) the revised terms. */
  acceptConditions: `${base}/rentFinancingCar/conditions/:id`,
  cancel: `${base}/rentFinancingCar/cancel/:id`,
  // ours: the financier's decisions and maintenance
  audit: `${base}/rentFinancingCar/audit/:id`,
  checkVoucher: `${base}/rentFinancingVoucher/check/:id`,
  /** S5 → S6: the financier confirms the loan request (the vouchers checked). */
  loanConfirm: `${base}/rentFinancingCar/loan/confirm/:id`,
  disburse: `${base}/rentFinancingCar/disburse/:id`,
  payoffQuote: `${base}/rentFinancingCar/payoff/quote/:id`,
  payoff: `${base}/rentFinancingCar/payoff/:id`,
  limits: `${base}/rentFinancingLimit/list`,
  saveLimit: `${base}/rentFinancingLimit/save`,
  products: `${base}/financingProduct/list`,
  saveProduct: `${base}/financingProduct/save`,
  saveCarType: `${base}/financingCarType/save`,
  /** The financier's tenants (those it has a limit with or an application from), for its filters. */
  applicants: `${base}/rentFinancingLimit/applicants`,
  // ours: money side beside the spec's calls
  confirmRepayment: `${base}/rentFinancingRepayment/confirm/:id`,
  requestWaiver: `${base}/rentFinancingDetail/waive/:id`,
  waivers: `${base}/rentFinancingWaiver/list`,
  decideWaiver: `${base}/rentFinancingWaiver/decide/:id`,
  depositReturns: `${base}/financingDeductDeposit/return/list`,
  decideDepositReturn: `${base}/financingDeductDeposit/return/decide/:id`,
  // ours: rent or sale, certificates, booked cars
  rentOrSaleGet: `${base}/rentFinancingCar/rentOrSale/get/:id`,
  saveCertificate: `${base}/rentFinancingCar/rentOrSale/cert/save`,
  bookedCarState: `${base}/car/booked/state/:id`,
} as const;

export const FINANCING_VALIDATION_MESSAGES = {
  'v.financingRatio': {
    'zh-CN': '首付比例须在该产品允许的范围内',
    'en-US': "The down-payment ratio must lie within the product's range",
  },
  'v.financingTerm': {
    'zh-CN': '期数须是该产品提供的期数（12、24 或 36 期）',
    'en-US': 'The number of instalments must be one the product offers (12, 24 or 36)',
  },
  'v.financingBalloon': {
    'zh-CN': '尾付金额超出该产品允许的比例',
    'en-US': 'The balloon is above what the product allows',
  },
  'v.financingAmount': { 'zh-CN': '金额须大于 0', 'en-US': 'The amount must be more than 0' },
  'v.financingFinanced': {
    'zh-CN': '融资金额须大于 0（首付比例过高）',
    'en-US': 'The amount financed must be more than 0 (the down payment is too high)',
  },
  'v.financingInsurance': {
    'zh-CN': '选择了保险申请项时须填写保费金额',
    'en-US': 'An insurance item needs its premium',
  },
  'v.financingRate': { 'zh-CN': '年利率须在 0 至 36% 之间', 'en-US': 'The annual rate must lie between 0 and 36 %' },
  'v.financingRatioRange': {
    'zh-CN': '最低首付比例不能高于最高首付比例，且须低于 100%',
    'en-US': 'The lowest down-payment ratio cannot be above the highest, and both stay below 100 %',
  },
  'v.financingReason': { 'zh-CN': '请填写原因', 'en-US': 'Give a reason' },
  'v.financingConditions': {
    'zh-CN': '附条件通过须给出修改后的条件',
    'en-US': 'An approval with conditions needs the revised terms',
  },
  'v.financingBuyer': {
    'zh-CN': '出售须填写买方姓名、身份证号、手机号和售价',
    'en-US': "A sale needs the buyer's name, ID number, phone and the price",
  },
} satisfies Record<string, LocalText>;
addValidationMessages(FINANCING_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const optFile = FileUrl.nullish();
/** A ratio as a fraction: 0.3 = 30 %. */
const Ratio = z.number().min(0).max(1);

// ---------------------------------------------------------------------------------------------------- enums

/** S1 with the applicant ... S10 cancelled (docs/financing.md has the transitions). */
export const FINANCING_STATES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'] as const;
export const FinancingState = z.enum(FINANCING_STATES);
export type FinancingState = z.infer<typeof FinancingState>;
export const FINANCING_STATE_TITLES: Record<FinancingState, LocalText> = {
  S1: t('待提交', 'To submit'),
  S2: t('审核中', 'Under review'),
  S3: t('附条件通过', 'Approved with conditions'),
  S4: t('审核通过', 'Approved'),
  S5: t('已申请放款', 'Loan requested'),
  S6: t('待放款', 'Awaiting disbursement'),
  S7: t('还款中', 'Repaying'),
  S8: t('已结清', 'Settled'),
  S9: t('已拒绝', 'Rejected'),
  S10: t('已取消', 'Cancelled'),
};
/** The finance list opens on S1 (spec section 4). */
export const DEFAULT_LIST_STATE: FinancingState = 'S1';
/** States that hold a car (a car is financed once while an application is live). */
export const LIVE_FINANCING_STATES: readonly FinancingState[] = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'];
/** States whose financed amount is frozen against the limit (submitted, not yet lent). */
export const FROZEN_FINANCING_STATES: readonly FinancingState[] = ['S2', 'S3', 'S4'];
/** States whose financed amount (less principal repaid) is used of the limit. */
export const USED_FINANCING_STATES: readonly FinancingState[] = ['S5', 'S6', 'S7'];

export const REVIEW_STAGES = ['internal', 'financier'] as const;
export const ReviewStage = z.enum(REVIEW_STAGES);
export type ReviewStage = z.infer<typeof ReviewStage>;
export const REVIEW_STAGE_TITLES: Record<ReviewStage, LocalText> = {
  internal: t('内部审批', 'Internal approval'),
  financier: t('资方审核', "Financier's review"),
};

/** Apply items: A1 commercial insurance, A2 compulsory insurance, A3 the car loan. */
export const APPLY_ITEM_CODES = ['A1', 'A2', 'A3'] as const;
export const ApplyItemCode = z.enum(APPLY_ITEM_CODES);
export type ApplyItemCode = z.infer<typeof ApplyItemCode>;
export const APPLY_ITEM_TITLES: Record<ApplyItemCode, LocalText> = {
  A1: t('商业险', 'Commercial insurance'),
  A2: t('交强险', 'Compulsory insurance'),
  A3: t('车辆贷款', 'Car loan'),
};

export const FinancingMethod = z.enum(REPAY_METHODS);
export const FINANCING_METHOD_TITLES: Record<RepayMethod, LocalText> = {
  annuity: t('等额本息', 'Equal instalments'),
  equalPrincipal: t('等额本金', 'Equal principal'),
  flat: t('等本等息', 'Flat rate'),
};
export const DueMode = z.enum(DUE_TIMINGS);
export const DUE_MODE_TITLES: Record<DueTiming, LocalText> = {
  arrears: t('期末还款', 'In arrears'),
  advance: t('期初还款', 'In advance'),
};
export const FINANCING_TERMS = [12, 24, 36] as const;

export const LOAN_STATES = ['none', 'requested', 'disbursed'] as const;
export const LoanState = z.enum(LOAN_STATES);
export type LoanState = z.infer<typeof LoanState>;
export const LOAN_STATE_TITLES: Record<LoanState, LocalText> = {
  none: t('未申请', 'Not requested'),
  requested: t('已申请', 'Requested'),
  disbursed: t('已放款', 'Disbursed'),
};

export const VOUCHER_CHECK_STATES = ['pending', 'passed', 'returned'] as const;
export const VoucherCheckState = z.enum(VOUCHER_CHECK_STATES);
export type VoucherCheckState = z.infer<typeof VoucherCheckState>;
export const VOUCHER_CHECK_TITLES: Record<VoucherCheckState, LocalText> = {
  pending: t('待审核', 'To check'),
  passed: t('已通过', 'Passed'),
  returned: t('已退回', 'Returned'),
};

export const INSTALMENT_STATES = ['pending', 'partial', 'paid', 'settled'] as const;
export const InstalmentState = z.enum(INSTALMENT_STATES);
export type InstalmentState = z.infer<typeof InstalmentState>;
export const INSTALMENT_STATE_TITLES: Record<InstalmentState, LocalText> = {
  pending: t('待还款', 'To pay'),
  partial: t('部分还款', 'Partly paid'),
  paid: t('已还款', 'Paid'),
  settled: t('提前结清', 'Paid off early'),
};

export const REPAYMENT_KINDS = ['instalment', 'payoff'] as const;
export const RepaymentKind = z.enum(REPAYMENT_KINDS);
export type RepaymentKind = z.infer<typeof RepaymentKind>;
export const REPAYMENT_KIND_TITLES: Record<RepaymentKind, LocalText> = {
  instalment: t('期款', 'Instalment'),
  payoff: t('提前结清', 'Early payoff'),
};
export const REPAYMENT_METHODS = ['online', 'recorded', 'transfer'] as const;
export const RepaymentMethod = z.enum(REPAYMENT_METHODS);
export type RepaymentMethod = z.infer<typeof RepaymentMethod>;
export const REPAYMENT_METHOD_TITLES: Record<RepaymentMethod, LocalText> = {
  online: t('在线支付', 'Online'),
  recorded: t('资方登记', 'Recorded by the financier'),
  transfer: t('银行转账', 'Bank transfer'),
};
export const REPAYMENT_STATES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export const RepaymentState = z.enum(REPAYMENT_STATES);
export type RepaymentState = z.infer<typeof RepaymentState>;
export const REPAYMENT_STATE_TITLES: Record<RepaymentState, LocalText> = {
  pending: t('待确认', 'Pending'),
  paid: t('已支付', 'Paid'),
  failed: t('失败', 'Failed'),
  cancelled: t('已取消', 'Cancelled'),
};

export const WAIVER_STATES = ['pending', 'approved', 'refused'] as const;
export const WaiverState = z.enum(WAIVER_STATES);
export type WaiverState = z.infer<typeof WaiverState>;
export const WAIVER_STATE_TITLES: Record<WaiverState, LocalText> = {
  pending: t('待审批', 'Pending'),
  approved: t('已同意', 'Approved'),
  refused: t('已拒绝', 'Refused'),
};
export const DEPOSIT_RETURN_STATES = ['applied', 'approved', 'refused'] as const;
export const DepositReturnState = z.enum(DEPOSIT_RETURN_STATES);
export type DepositReturnState = z.infer<typeof DepositReturnState>;
export const DEPOSIT_RETURN_STATE_TITLES: Record<DepositReturnState, LocalText> = {
  applied: t('已申请', 'Applied'),
  approved: t('已同意', 'Approved'),
  refused: t('已拒绝', 'Refused'),
};

export const FINANCING_SIDES = ['applicant', 'financier', 'system'] as const;
export const FinancingSide = z.enum(FINANCING_SIDES);
export type FinancingSide = z.infer<typeof FinancingSide>;
export const FINANCING_SIDE_TITLES: Record<FinancingSide, LocalText> = {
  applicant: t('申请方', 'Applicant'),
  financier: t('资方', 'Financier'),
  system: t('系统', 'System'),
};

export const CAR_USES = ['rent', 'sale'] as const;
export const CarUse = z.enum(CAR_USES);
export type CarUse = z.infer<typeof CarUse>;
export const CAR_USE_TITLES: Record<CarUse, LocalText> = {
  rent: t('出租', 'Rented out'),
  sale: t('分期出售', 'Sold on instalments'),
};
export const RENT_OR_SALE_STATES = ['applied', 'supplementing', 'agreed', 'agreedWithConditions', 'refused'] as const;
export const RentOrSaleState = z.enum(RENT_OR_SALE_STATES);
export type RentOrSaleState = z.infer<typeof RentOrSaleState>;
export const RENT_OR_SALE_STATE_TITLES: Record<RentOrSaleState, LocalText> = {
  applied: t('待审核', 'To review'),
  supplementing: t('补充材料中', 'Supplementing'),
  agreed: t('已同意', 'Agreed'),
  agreedWithConditions: t('附条件同意', 'Agreed with conditions'),
  refused: t('已拒绝', 'Refused'),
};
export const RENT_OR_SALE_OUTCOMES = ['agree', 'agreeWithConditions', 'return', 'refuse'] as const;
export const RentOrSaleOutcome = z.enum(RENT_OR_SALE_OUTCOMES);
export type RentOrSaleOutcome = z.infer<typeof RentOrSaleOutcome>;

export const CERTIFICATE_KINDS = ['registration', 'invoice', 'conformity', 'policy'] as const;
export const CertificateKind = z.enum(CERTIFICATE_KINDS);
export type CertificateKind = z.infer<typeof CertificateKind>;
export const CERTIFICATE_KIND_TITLES: Record<CertificateKind, LocalText> = {
  registration: t('机动车登记证书', 'Registration certificate'),
  invoice: t('购车发票原件', 'Original purchase invoice'),
  conformity: t('合格证', 'Certificate of conformity'),
  policy: t('保单正本', 'Original insurance policy'),
};
export const CERTIFICATE_STATES = ['held', 'returned'] as const;
export const CertificateState = z.enum(CERTIFICATE_STATES);
export type CertificateState = z.infer<typeof CertificateState>;
export const CERTIFICATE_STATE_TITLES: Record<CertificateState, LocalText> = {
  held: t('资方保管', 'Held'),
  returned: t('已归还', 'Returned'),
};

export const BOOKED_CAR_STATES = ['booked', 'earnestPaid', 'purchased', 'cancelled'] as const;
export const BookedCarState = z.enum(BOOKED_CAR_STATES);
export type BookedCarState = z.infer<typeof BookedCarState>;
export const BOOKED_CAR_STATE_TITLES: Record<BookedCarState, LocalText> = {
  booked: t('已预订', 'Booked'),
  earnestPaid: t('已付定金', 'Earnest paid'),
  purchased: t('已购车', 'Purchased'),
  cancelled: t('已取消', 'Cancelled'),
};

/** The financier's decisions on an application under review (S2). */
export const AUDIT_ACTIONS = ['approve', 'approveWithConditions', 'supplement', 'reject'] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
export const AUDIT_ACTION_TITLES: Record<AuditAction, LocalText> = {
  approve: t('通过', 'Approve'),
  approveWithConditions: t('附条件通过', 'Approve with conditions'),
  supplement: t('退回补充', 'Return for supplement'),
  reject: t('拒绝', 'Reject'),
};

// ---------------------------------------------------------------------------------------------- spec rules

/**
 * The apply items of an application (spec section 3): the server's list when it has one, else A3 (the car
 * loan) plus A1 when buying commercial insurance plus A2 when buying compulsory insurance.
 */
export function applyItemsOf(
  serverItems: readonly ApplyItemCode[] | null | undefined,
  buyCommercial: boolean,
  buyCompulsory: boolean,
): ApplyItemCode[] {
  if (serverItems && serverItems.length > 0) return [...serverItems];
  const items: ApplyItemCode[] = ['A3'];
  if (buyCommercial) items.push('A1');
  if (buyCompulsory) items.push('A2');
  return items;
}

export const COMMERCIAL_ENDORSEMENT_SLOTS = [
  'imgCommercialEndorsementA',
  'imgCommercialEndorsementB',
  'imgCommercialEndorsementC',
] as const;
export const COMPULSORY_ENDORSEMENT_SLOTS = ['imgCompulsoryEndorsementA'] as const;
export type EndorsementSlot =
  (typeof COMMERCIAL_ENDORSEMENT_SLOTS)[number] | (typeof COMPULSORY_ENDORSEMENT_SLOTS)[number];

export interface EndorsementSlots {
  commercialPresent: EndorsementSlot[];
  commercialMissing: EndorsementSlot[];
  compulsoryPresent: EndorsementSlot[];
  compulsoryMissing: EndorsementSlot[];
}

/**
 * The present and missing endorsement slots of a voucher (spec section 4): commercial slots 1-3, compulsory
 * slot 1; a slot is present when its image is not null (an empty string counts as absent as well).
 */
export function endorsementSlots(
  voucher: Partial<Record<EndorsementSlot, string | null | undefined>>,
): EndorsementSlots {
  const present = (slot: EndorsementSlot) => voucher[slot] != null && voucher[slot] !== '';
  return {
    commercialPresent: COMMERCIAL_ENDORSEMENT_SLOTS.filter(present),
    commercialMissing: COMMERCIAL_ENDORSEMENT_SLOTS.filter((s) => !present(s)),
    compulsoryPresent: COMPULSORY_ENDORSEMENT_SLOTS.filter(present),
    compulsoryMissing: COMPULSORY_ENDORSEMENT_SLOTS.filter((s) => !present(s)),
  };
}

// ------------------------------------------------------------------------------------------ products, types

export const FinancingProduct = z.object({
  id: z.number().int(),
  financierId: z.number().int(),
  financierName: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  method: FinancingMethod,
  dueMode: DueMode,
  repayDay: z.number().int().nullable().describe('day of the month instalments fall on; null = the loan day'),
  annualRate: z.number(),
  terms: z.array(z.number().int()),
  minDownRatio: z.number(),
  maxDownRatio: z.number(),
  maxBalloonRatio: z.number(),
  lateFeeDailyRate: z.number(),
  gpsFee: z.number(),
  mortgageFee: z.number(),
  serviceFeeRate: z.number(),
  depositRatio: z.number(),
  breakRateEarly: z.number(),
  breakRateLate: z.number(),
  breakFloor: z.number(),
  carTypes: z.array(z.string()),
  active: z.boolean(),
  version: z.number().int(),
});
export type FinancingProduct = z.infer<typeof FinancingProduct>;

export const ProductInput = z
  .strictObject({
    id: Id.optional().describe('absent = a new product'),
    version: Version.optional(),
    code: text(20).min(1),
    name: text(60).min(1),
    nameEn: text(60).min(1),
    method: FinancingMethod,
    dueMode: DueMode.default('arrears'),
    repayDay: z.number().int().min(1).max(31).nullish(),
    annualRate: z.number().min(0).max(0.36),
    terms: z
      .array(z.union([z.literal(12), z.literal(24), z.literal(36)]))
      .min(1)
      .max(3),
    minDownRatio: Ratio,
    maxDownRatio: Ratio,
    maxBalloonRatio: Ratio.default(0),
    lateFeeDailyRate: z.number().min(0).max(0.01),
    gpsFee: Yuan.default(0),
    mortgageFee: Yuan.default(0),
    serviceFeeRate: z.number().min(0).max(0.2).default(0),
    depositRatio: Ratio.default(0),
    breakRateEarly: z.number().min(0).max(0.2).default(0),
    breakRateLate: z.number().min(0).max(0.2).default(0),
    breakFloor: Yuan.default(0),
    carTypes: z.array(text(60).min(1)).max(200).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.minDownRatio > v.maxDownRatio || v.maxDownRatio >= 1) {
      ctx.addIssue({ code: 'custom', path: ['maxDownRatio'], message: 'v.financingRatioRange' });
    }
    if (v.method === 'flat' && v.maxBalloonRatio > 0) {
      ctx.addIssue({ code: 'custom', path: ['maxBalloonRatio'], message: 'v.financingBalloon' });
    }
  });
export type ProductInput = z.infer<typeof ProductInput>;

export const FinancingCarType = z.object({
  id: z.number().int(),
  financierId: z.number().int(),
  financierName: z.string(),
  productId: z.number().int(),
  brand: z.string(),
  series: z.string(),
  modelName: z.string(),
  guidePrice: z.number(),
  active: z.boolean(),
});
export type FinancingCarType = z.infer<typeof FinancingCarType>;
/** `financingCarType/list`: the car types with their products. */
export const CarTypeWithProduct = FinancingCarType.extend({ product: FinancingProduct });
export type CarTypeWithProduct = z.infer<typeof CarTypeWithProduct>;
export const CarTypeQuery = z.object({
  financierId: Id.optional(),
  keyword: text(40).optional().describe('part of the brand, series or model'),
});
export const CarTypeInput = z.strictObject({
  id: Id.optional(),
  productId: Id,
  brand: text(40).min(1),
  series: text(40).min(1),
  modelName: text(80).min(1),
  guidePrice: yuan(100_000_000).refine((v) => v > 0, { message: 'v.financingAmount' }),
  active: z.boolean().default(true),
});
export type CarTypeInput = z.infer<typeof CarTypeInput>;

/** `carlife/commonCar/tag/d_qcsj`: the car-data tags of the model picker (brands, their series and models). */

// --------------------------------------------------------------------------------------------------- quote

/** What a quote is made from: the price, the ratio, the term, the balloon and the insurance items. */
export const QuoteInput = z.strictObject({
  productId: Id,
  totalAmount: yuan(100_000_000).refine((v) => v > 0, { message: 'v.financingAmount' }),
  payProportion: Ratio.describe('down payment as a fraction of the total: 0.3 = 30 %'),
  stagingNumber: z.number().int().min(1).max(360),
  balloon: Yuan.default(0),
  buyCommercial: z.boolean().default(false),
  buyCompulsory: z.boolean().default(false),
  commercialAmount: Yuan.default(0).describe('the commercial insurance premium financed (A1)'),
  compulsoryAmount: Yuan.default(0).describe('the compulsory insurance premium financed (A2)'),
  gps: z.boolean().default(true),
  loanDate: LocalDate.optional().describe('absent = today'),
});
export type QuoteInput = z.infer<typeof QuoteInput>;

export const QuoteInstalment = z.object({
  period: z.number().int(),
  dueDate: LocalDate,
  principal: z.number(),
  interest: z.number(),
  payment: z.number(),
  remaining: z.number(),
});
export type QuoteInstalment = z.infer<typeof QuoteInstalment>;

export const FinancingQuote = z.object({
  method: FinancingMethod,
  dueMode: DueMode,
  annualRate: z.number(),
  effectiveAnnualRate: z.number().describe('the IRR of the schedule compounded over a year'),
  stagingNumber: z.number().int(),
  payProportion: z.number(),
  total: z.number(),
  downPayment: z.number(),
  financed: z.number().describe('the car less the down payment, plus the insurance items financed'),
  balloon: z.number(),
  monthly: z.number().describe("the first instalment's payment"),
  totalInterest: z.number(),
  gpsFee: z.number(),
  mortgageFee: z.number(),
  serviceFee: z.number(),
  fees: z.number(),
  deposit: z.number(),
  lateFeeDailyRate: z.number(),
  schedule: z.array(QuoteInstalment),
});
export type FinancingQuote = z.infer<typeof FinancingQuote>;

/** A quote in fen (what the server stores as an application's terms; the schedule left out). */
export interface QuoteFen {
  method: RepayMethod;
  dueMode: DueTiming;
  annualRate: number;
  effectiveAnnualRate: number;
  stagingNumber: number;
  payProportion: number;
  totalFen: number;
  downPaymentFen: number;
  financedFen: number;
  balloonFen: number;
  monthlyFen: number;
  totalInterestFen: number;
  gpsFeeFen: number;
  mortgageFeeFen: number;
  serviceFeeFen: number;
  feesFen: number;
  depositFen: number;
  lateFeeDailyRate: number;
  breakRateEarly: number;
  breakRateLate: number;
  breakFloorFen: number;
  repayDay: number | null;
}

type ProductTerms = Pick<
  FinancingProduct,
  | 'method'
  | 'dueMode'
  | 'repayDay'
  | 'annualRate'
  | 'terms'
  | 'minDownRatio'
  | 'maxDownRatio'
  | 'maxBalloonRatio'
  | 'lateFeeDailyRate'
  | 'gpsFee'
  | 'mortgageFee'
  | 'serviceFeeRate'
  | 'depositRatio'
  | 'breakRateEarly'
  | 'breakRateLate'
  | 'breakFloor'
>;
type QuoteForm = Pick<QuoteInput, 'totalAmount' | 'payProportion' | 'stagingNumber'> &
  Partial<
    Pick<
      QuoteInput,
      'balloon' | 'buyCommercial' | 'buyCompulsory' | 'commercialAmount' | 'compulsoryAmount' | 'gps' | 'loanDate'
    >
  >;

/** A form field the product refuses, with its message key; null when the form fits the product. */
export function quoteProblem(product: ProductTerms, form: QuoteForm): { path: string; message: string } | null {
  const totalFen = yuanToFen(form.totalAmount);
  if (totalFen <= 0) return { path: 'totalAmount', message: 'v.financingAmount' };
  // Ratios compared to 4 decimals, as the column stores them.
  const ratio = Math.round(form.payProportion * 10_000);
  if (ratio < Math.round(product.minDownRatio * 10_000) || ratio > Math.round(product.maxDownRatio * 10_000)) {
    return { path: 'payProportion', message: 'v.financingRatio' };
  }
  if (!product.terms.includes(form.stagingNumber)) return { path: 'stagingNumber', message: 'v.financingTerm' };
  const balloonFen = yuanToFen(form.balloon ?? 0);
  if (balloonFen > 0 && (product.method === 'flat' || balloonFen > Math.round(totalFen * product.maxBalloonRatio))) {
    return { path: 'balloon', message: 'v.financingBalloon' };
  }
  if (form.buyCommercial && !(form.commercialAmount && form.commercialAmount > 0)) {
    return { path: 'commercialAmount', message: 'v.financingInsurance' };
  }
  if (form.buyCompulsory && !(form.compulsoryAmount && form.compulsoryAmount > 0)) {
    return { path: 'compulsoryAmount', message: 'v.financingInsurance' };
  }
  const financedFen = financedFenOf(form);
  if (financedFen <= 0 || balloonFen >= financedFen) return { path: 'payProportion', message: 'v.financingFinanced' };
  return null;
}

function financedFenOf(form: QuoteForm): number {
  const totalFen = yuanToFen(form.totalAmount);
  const down = Math.round(totalFen * form.payProportion);
  const insurance =
    (form.buyCommercial ? yuanToFen(form.commercialAmount ?? 0) : 0) +
    (form.buyCompulsory ? yuanToFen(form.compulsoryAmount ?? 0) : 0);
  return totalFen - down + insurance;
}

function todayLocal(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The quote of a form under a product (both sides show the same): down payment, amount financed (the car less
 * the down payment, plus the insurance items bought), the schedule of the product's method, interest, fees
 * (GPS when fitted, mortgage registration, service fee on the amount financed) and the deposit. Throws a
 * RangeError when `quoteProblem` refuses the form. The repayment day is the product's, else the loan day's.
 */
export function quoteFenOf(product: ProductTerms, form: QuoteForm): QuoteFen & { schedule: QuoteInstalment[] } {
  const problem = quoteProblem(product, form);
  if (problem) throw new RangeError(`financing quote: ${problem.path} ${problem.message}`);
  const totalFen = yuanToFen(form.totalAmount);
  const downPaymentFen = Math.round(totalFen * form.payProportion);
  const financedFen = financedFenOf(form);
  const balloonFen = yuanToFen(form.balloon ?? 0);
  const loanDate = form.loanDate ?? todayLocal();
  const input = {
    method: product.method,
    financedFen,
    balloonFen,
    periods: form.stagingNumber,
    annualRate: product.annualRate,
    loanDate,
    repayDay: product.repayDay ?? Number(loanDate.slice(8, 10)),
    timing: product.dueMode,
  };
  const inputProblem = scheduleInputProblem(input);
  if (inputProblem) throw new RangeError(`financing quote: bad ${inputProblem}`);
  const s = buildFinancingSchedule(input);
  const gpsFeeFen = form.gps === false ? 0 : yuanToFen(product.gpsFee);
  const mortgageFeeFen = yuanToFen(product.mortgageFee);
  const serviceFeeFen = Math.round(financedFen * product.serviceFeeRate);
  return {
    method: product.method,
    dueMode: product.dueMode,
    annualRate: product.annualRate,
    effectiveAnnualRate: s.effectiveAnnualRate,
    stagingNumber: form.stagingNumber,
    payProportion: form.payProportion,
    totalFen,
    downPaymentFen,
    financedFen,
    balloonFen,
    monthlyFen: s.instalments[0]!.paymentFen,
    totalInterestFen: s.totalInterestFen,
    gpsFeeFen,
    mortgageFeeFen,
    serviceFeeFen,
    feesFen: gpsFeeFen + mortgageFeeFen + serviceFeeFen,
    depositFen: Math.round(financedFen * product.depositRatio),
    lateFeeDailyRate: product.lateFeeDailyRate,
    breakRateEarly: product.breakRateEarly,
    breakRateLate: product.breakRateLate,
    breakFloorFen: yuanToFen(product.breakFloor),
    repayDay: product.repayDay,
    schedule: s.instalments.map((row) => ({
      period: row.period,
      dueDate: row.dueDate,
      principal: fenToYuan(row.principalFen),
      interest: fenToYuan(row.interestFen),
      payment: fenToYuan(row.paymentFen),
      remaining: fenToYuan(row.remainingFen),
    })),
  };
}

/** A stored quote in fen as the API answers it (yuan). */
export function quoteToYuan(q: QuoteFen, schedule: QuoteInstalment[] = []): FinancingQuote {
  return {
    method: q.method,
    dueMode: q.dueMode,
    annualRate: q.annualRate,
    effectiveAnnualRate: q.effectiveAnnualRate,
    stagingNumber: q.stagingNumber,
    payProportion: q.payProportion,
    total: fenToYuan(q.totalFen),
    downPayment: fenToYuan(q.downPaymentFen),
    financed: fenToYuan(q.financedFen),
    balloon: fenToYuan(q.balloonFen),
    monthly: fenToYuan(q.monthlyFen),
    totalInterest: fenToYuan(q.totalInterestFen),
    gpsFee: fenToYuan(q.gpsFeeFen),
    mortgageFee: fenToYuan(q.mortgageFeeFen),
    serviceFee: fenToYuan(q.serviceFeeFen),
    fees: fenToYuan(q.feesFen),
    deposit: fenToYuan(q.depositFen),
    lateFeeDailyRate: q.lateFeeDailyRate,
    schedule,
  };
}

/** The quote of a form under a product, in yuan (the wizard's quote step). */
export function quoteOf(product: ProductTerms, form: QuoteForm): FinancingQuote {
  const q = quoteFenOf(product, form);
  return quoteToYuan(q, q.schedule);
}

// ------------------------------------------------------------------------------------------ the application

/** The application form of spec section 3 (plus the product chosen and the insurance premiums). */
const FormFields = z.strictObject({
  productId: Id,
  carId: Id,
  vin: Vin,
  engineNo: text(30)
    .regex(/^[A-Za-z0-9-]*$/, { message: 'v.engineNo' })
    .nullish(),
  compulsoryNo: optText(40),
  commercialNo: optText(40),
  payProportion: Ratio.describe('down payment as a fraction of the total: 0.3 = 30 %'),
  carTypeName: text(80).min(1),
  totalAmount: yuan(100_000_000).refine((v) => v > 0, { message: 'v.financingAmount' }),
  stagingNumber: z.number().int().min(1).max(360),
  balloon: Yuan.default(0),
  installMobile: MobilePhone.nullish().describe('phone of the GPS installation contact'),
  installAddress: optText(200),
  imgBuyInvoice: optFile,
  imgCompulsory: optFile,
  imgCommercial: optFile,
  imgCompulsoryEndorsementA: optFile,
  imgCompulsoryEndorsementB: optFile,
  imgCompulsoryEndorsementC: optFile,
  imgCommercialEndorsementA: optFile,
  imgCommercialEndorsementB: optFile,
  imgCommercialEndorsementC: optFile,
  buyCommercial: z.boolean().default(false),
  buyCompulsory: z.boolean().default(false),
  gps: z.boolean().default(true),
  username: text(30).nullish().describe("the applicant's (legal person's or guarantor's) name"),
  idNo: IdCardNumber.nullish(),
  contact: MobilePhone.nullish(),
  imgId1: optFile,
  imgId2: optFile,
  applyItems: z
    .array(ApplyItemCode)
    .max(3)
    .nullish()
    .describe('absent: A3 + A1 if buyCommercial + A2 if buyCompulsory'),
  commercialAmount: Yuan.default(0),
  compulsoryAmount: Yuan.default(0),
});
export const ApplicationFormFields = FormFields;
export const CreateApplicationInput = FormFields;
export type CreateApplicationInput = z.infer<typeof CreateApplicationInput>;
/** Editing an application in S1 (a draft or one returned for supplement): the whole form and the version seen. */
export const UpdateApplicationInput = FormFields.extend({ version: Version });
export type UpdateApplicationInput = z.infer<typeof UpdateApplicationInput>;

/** The form's values on the screen (spec: other fields empty; clearing the form puts these back). */
export interface ApplicationFormValues {
  productId: number | null;
  carId: number | null;
  vin: string;
  engineNo: string;
  compulsoryNo: string;
  commercialNo: string;
  payProportion: number | null;
  carTypeName: string;
  totalAmount: number | null;
  stagingNumber: number | null;
  balloon: number | null;
  installMobile: string;
  installAddress: string;
  imgBuyInvoice: string | null;
  imgCompulsory: string | null;
  imgCommercial: string | null;
  imgCompulsoryEndorsementA: string | null;
  imgCompulsoryEndorsementB: string | null;
  imgCompulsoryEndorsementC: string | null;
  imgCommercialEndorsementA: string | null;
  imgCommercialEndorsementB: string | null;
  imgCommercialEndorsementC: string | null;
  buyCommercial: boolean;
  buyCompulsory: boolean;
  gps: boolean;
  username: string;
  idNo: string;
  contact: string;
  imgId1: string | null;
  imgId2: string | null;
  applyItems: ApplyItemCode[];
  commercialAmount: number | null;
  compulsoryAmount: number | null;
}

/** The form's defaults (spec sections 3-4): no insurance bought, GPS fitted, apply items A3 only, others empty. */
export const EMPTY_APPLICATION_FORM: Readonly<ApplicationFormValues> = Object.freeze({
  productId: null,
  carId: null,
  vin: '',
  engineNo: '',
  compulsoryNo: '',
  commercialNo: '',
  payProportion: null,
  carTypeName: '',
  totalAmount: null,
  stagingNumber: null,
  balloon: null,
  installMobile: '',
  installAddress: '',
  imgBuyInvoice: null,
  imgCompulsory: null,
  imgCommercial: null,
  imgCompulsoryEndorsementA: null,
  imgCompulsoryEndorsementB: null,
  imgCompulsoryEndorsementC: null,
  imgCommercialEndorsementA: null,
  imgCommercialEndorsementB: null,
  imgCommercialEndorsementC: null,
  buyCommercial: false,
  buyCompulsory: false,
  gps: true,
  username: '',
  idNo: '',
  contact: '',
  imgId1: null,
  imgId2: null,
  applyItems: ['A3'] as ApplyItemCode[],
  commercialAmount: null,
  compulsoryAmount: null,
});

export const ApplyItem = z.object({
  id: z.number().int(),
  code: ApplyItemCode,
  amount: z.number(),
  loanState: LoanState,
  requestedAt: Instant.nullable(),
  disbursedAt: Instant.nullable(),
  disbursed: z.number().nullable(),
});
export type ApplyItem = z.infer<typeof ApplyItem>;

export const VoucherSlots = z.object({
  commercialPresent: z.array(z.string()),
  commercialMissing: z.array(z.string()),
  compulsoryPresent: z.array(z.string()),
  compulsoryMissing: z.array(z.string()),
});

export const FinancingConditions = z.strictObject({
  payProportion: Ratio.optional(),
  stagingNumber: z.number().int().min(1).max(360).optional(),
  annualRate: z.number().min(0).max(0.36).optional(),
  balloon: Yuan.optional(),
  note: text(500).min(1),
});
export type FinancingConditions = z.infer<typeof FinancingConditions>;

export const ApplicationListRow = z.object({
  id: z.number().int(),
  code: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string().describe('the applicant company (the financier sees several)'),
  rentId: z.number().int(),
  rentName: z.string(),
  financierId: z.number().int(),
  financierName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  state: FinancingState,
  reviewStage: ReviewStage.nullable(),
  carId: z.number().int(),
  plate: z.string().nullable(),
  vin: z.string(),
  carTypeName: z.string(),
  totalAmount: z.number(),
  payProportion: z.number(),
  stagingNumber: z.number().int(),
  financed: z.number().nullable().describe('from the quote fixed at submit; null before'),
  monthly: z.number().nullable(),
  supplementReason: z.string().nullable(),
  submittedAt: Instant.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  version: z.number().int(),
});
export type ApplicationListRow = z.infer<typeof ApplicationListRow>;

export const Application = ApplicationListRow.extend({
  engineNo: z.string().nullable(),
  compulsoryNo: z.string().nullable(),
  commercialNo: z.string().nullable(),
  balloon: z.number(),
  installMobile: z.string().nullable(),
  installAddress: z.string().nullable(),
  imgBuyInvoice: z.string().nullable(),
  imgCompulsory: z.string().nullable(),
  imgCommercial: z.string().nullable(),
  imgCompulsoryEndorsementA: z.string().nullable(),
  imgCompulsoryEndorsementB: z.string().nullable(),
  imgCompulsoryEndorsementC: z.string().nullable(),
  imgCommercialEndorsementA: z.string().nullable(),
  imgCommercialEndorsementB: z.string().nullable(),
  imgCommercialEndorsementC: z.string().nullable(),
  buyCommercial: z.boolean(),
  buyCompulsory: z.boolean(),
  gps: z.boolean(),
  username: z.string().nullable(),
  idNo: z.string().nullable(),
  contact: z.string().nullable(),
  imgId1: z.string().nullable(),
  imgId2: z.string().nullable(),
  applyItems: z.array(ApplyItemCode),
  commercialAmount: z.number(),
  compulsoryAmount: z.number(),
  quote: FinancingQuote.nullable().describe('the terms fixed at submit (revised by accepted conditions)'),
  conditions: FinancingConditions.nullable().describe('S3: the revised terms the applicant accepts or declines'),
  rejectReason: z.string().nullable(),
  approvalRequestId: z.number().int().nullable(),
  items: z.array(ApplyItem),
  slots: VoucherSlots,
  decidedAt: Instant.nullable(),
  disbursedAt: Instant.nullable(),
  settledAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
  /** What the caller may do now (the screen shows these buttons; the server checks again). */
  actions: z.array(z.string()),
});
export type Application = z.infer<typeof Application>;

export const ApplicationListQuery = PageQuery.extend({
  state: FinancingState.optional().describe('the screen sends S1 by default; absent here = every state'),
  states: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(FinancingState).max(10))
    .optional()
    .describe('several states, comma separated'),
  reviewStage: ReviewStage.optional(),
  code: text(30).optional(),
  keyword: text(30).optional().describe('part of the plate or VIN'),
  rentId: Id.optional(),
  financierId: Id.optional(),
  tenantId: Id.optional().describe("financier side: one applicant's records"),
  from: LocalDate.optional().describe('created on or after'),
  to: LocalDate.optional().describe('created on or before'),
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuery>;

export const VersionInput = z.strictObject({ version: Version });
export const CancelInput = z.strictObject({ version: Version, reason: optText(200) });
export const AcceptConditionsInput = z.strictObject({ version: Version, accept: z.boolean() });
export const AuditInput = z
  .strictObject({
    version: Version,
    action: AuditAction,
    reason: optText(500).describe('supplement and reject: required'),
    conditions: FinancingConditions.nullish().describe('approveWithConditions: the revised terms'),
  })
  .superRefine((v, ctx) => {
    if ((v.action === 'supplement' || v.action === 'reject') && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'v.financingReason' });
    }
    if (v.action === 'approveWithConditions' && !v.conditions) {
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'v.financingConditions' });
    }
  });
export type AuditInput = z.infer<typeof AuditInput>;

/** `loan/apply/{id}?items=A3,A1`: the items whose loan is requested (absent = every item of the application). */
export const LoanApplyQuery = z.object({
  items: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(ApplyItemCode).max(3))
    .optional(),
  version: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export const LoanConfirmInput = z.strictObject({ version: Version, note: optText(500) });
export const DisburseInput = z.strictObject({
  version: Version,
  disbursedDate: LocalDate.optional().describe('absent = today; the schedule starts from it'),
  note: optText(500),
});

// ------------------------------------------------------------------------------------------------ activity

export const Activity = z.object({
  id: z.number().int(),
  action: z.string(),
  fromState: FinancingState.nullable(),
  toState: FinancingState.nullable(),
  side: FinancingSide,
  actorName: z.string().nullable(),
  text: z.string().describe("rendered in the caller's language"),
  note: z.string().nullable(),
  at: Instant,
});
export type Activity = z.infer<typeof Activity>;

// ------------------------------------------------------------------------------------------ limits, home

export const LimitView = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  financierId: z.number().int(),
  financierName: z.string(),
  total: z.number(),
  used: z.number().describe('financed amounts of S5-S7 less principal repaid'),
  frozen: z.number().describe('financed amounts of S2-S4'),
  available: z.number(),
  setByName: z.string().nullable(),
  updatedAt: Instant.nullable(),
});
export type LimitView = z.infer<typeof LimitView>;
/** `rentFinancingLimit/get/rent/{id}`: the rent's limits, one per financier, and their sums. */
export const RentLimits = z.object({
  rentId: z.number().int(),
  total: z.number(),
  used: z.number(),
  frozen: z.number(),
  available: z.number(),
  limits: z.array(LimitView),
});
export type RentLimits = z.infer<typeof RentLimits>;
export const LimitListQuery = PageQuery.extend({ tenantId: Id.optional(), keyword: text(40).optional() });
export const SaveLimitInput = z.strictObject({
  tenantId: Id.describe('the rental tenant'),
  rentId: Id,
  limit: yuan(100_000_000),
});
export type SaveLimitInput = z.infer<typeof SaveLimitInput>;
export const Applicant = z.object({ tenantId: z.number().int(), tenantName: z.string() });

export const FinanceHome = z.object({
  side: z.enum(['applicant', 'financier']),
  limits: z.array(LimitView),
  total: z.number(),
  used: z.number(),
  frozen: z.number(),
  available: z.number(),
  counts: z.record(FinancingState, z.number().int()).describe('applications by state'),
  awaitingReview: z.number().int().describe('S2 at the financier (financier side) / S2 in internal approval'),
  dueInstalments: z.number().int().describe('unpaid instalments due within 7 days'),
  dueAmount: z.number(),
  overdueInstalments: z.number().int(),
  overdueAmount: z.number(),
});
export type FinanceHome = z.infer<typeof FinanceHome>;

// --------------------------------------------------------------------------------------------------- cars

export const UnfinancedCarQuery = PageQuery.extend({
  keyword: text(30).optional().describe('part of the plate or VIN'),
  rentId: Id.optional(),
});
export const UnfinancedCar = z.object({
  id: z.number().int(),
  rentId: z.number().int(),
  plate: z.string().nullable(),
  vin: z.string(),
  engineNo: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  carTypeName: z.string(),
  status: z.string(),
  purchasePrice: z.number().nullable(),
});
export type UnfinancedCar = z.infer<typeof UnfinancedCar>;
/** `search/car/info/{x}`: a car found by plate or VIN, with its catalogue data and whether it is financed. */
export const CarInfo = UnfinancedCar.extend({
  financed: z.boolean(),
  applicationId: z.number().int().nullable(),
});
export type CarInfo = z.infer<typeof CarInfo>;
export const SearchCarParams = z.object({ x: text(30).min(2) });

// ------------------------------------------------------------------------------------------------ profile

export const FinancingProfile = z.object({
  rentId: z.number().int(),
  companyName: z.string(),
  licenceNo: z.string().nullable(),
  licenceImage: z.string().nullable(),
  legalPersonName: z.string().nullable(),
  legalPersonIdNo: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  bankAccountNo: z.string().nullable(),
  address: z.string().nullable(),
  version: z.number().int(),
  updatedAt: Instant.nullable(),
});
export type FinancingProfile = z.infer<typeof FinancingProfile>;
export const ProfileInput = z.strictObject({
  version: Version.optional().describe('absent for the first save'),
  companyName: text(100).min(1),
  licenceNo: text(18)
    .overwrite((v) => v.toUpperCase())
    .refine((v) => v === '' || /^[0-9A-Z]{18}$/.test(v), { message: 'v.uscc' })
    .nullish(),
  licenceImage: optFile,
  legalPersonName: optText(30),
  legalPersonIdNo: IdCardNumber.nullish(),
  contactName: optText(30),
  contactPhone: MobilePhone.nullish(),
  bankName: optText(60),
  bankAccountName: optText(100),
  bankAccountNo: text(40)
    .overwrite((v) => v.replace(/\s/g, ''))
    .regex(/^\d{8,32}$/, { message: 'v.bankAccount' })
    .nullish(),
  address: optText(200),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

// ------------------------------------------------------------------------------------------------ vouchers

export const Voucher = z.object({
  applicationId: z.number().int(),
  invoiceNo: z.string().nullable(),
  invoiceDate: LocalDate.nullable(),
  imgBuyInvoice: z.string().nullable(),
  imgCompulsory: z.string().nullable(),
  imgCommercial: z.string().nullable(),
  imgCommercialEndorsementA: z.string().nullable(),
  imgCommercialEndorsementB: z.string().nullable(),
  imgCommercialEndorsementC: z.string().nullable(),
  imgCompulsoryEndorsementA: z.string().nullable(),
  slots: VoucherSlots,
  checkState: VoucherCheckState,
  checkNote: z.string().nullable(),
  checkedAt: Instant.nullable(),
  checkedByName: z.string().nullable(),
  version: z.number().int(),
});
export type Voucher = z.infer<typeof Voucher>;
export const EditVoucherInput = z.strictObject({
  applicationId: Id,
  version: Version.optional().describe('absent for the first save'),
  invoiceNo: optText(40),
  invoiceDate: LocalDate.nullish(),
  imgBuyInvoice: optFile,
  imgCompulsory: optFile,
  imgCommercial: optFile,
  imgCommercialEndorsementA: optFile,
  imgCommercialEndorsementB: optFile,
  imgCommercialEndorsementC: optFile,
  imgCompulsoryEndorsementA: optFile,
});
export type EditVoucherInput = z.infer<typeof EditVoucherInput>;
export const CheckVoucherInput = z
  .strictObject({ version: Version, pass: z.boolean(), note: optText(500) })
  .superRefine((v, ctx) => {
    if (!v.pass && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'v.financingReason' });
  });

// ------------------------------------------------------------------------------- instalments, repayments

export const FinancingInstalment = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  tenantName: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  plate: z.string().nullable(),
  code: z.string(),
  period: z.number().int(),
  periods: z.number().int(),
  dueDate: LocalDate,
  principal: z.number(),
  interest: z.number(),
  amount: z.number(),
  remainingPrincipal: z.number(),
  paid: z.number(),
  lateFee: z.number(),
  lateFeePaid: z.number(),
  lateFeeWaived: z.number(),
  outstanding: z.number().describe('amount + late fee - paid - late fee paid - waived'),
  overdueDays: z.number().int(),
  ageing: z.string().nullable(),
  state: InstalmentState,
  paidAt: Instant.nullable(),
  version: z.number().int(),
});
export type FinancingInstalment = z.infer<typeof FinancingInstalment>;
export const InstalmentListQuery = PageQuery.extend({
  applicationId: Id.optional(),
  rentId: Id.optional(),
  tenantId: Id.optional(),
  state: InstalmentState.optional(),
  overdue: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
    .optional()
    .describe('only overdue instalments'),
  dueFrom: LocalDate.optional(),
  dueTo: LocalDate.optional(),
  keyword: text(30).optional().describe('application code or plate'),
});
export const CodeParam = z.object({ code: text(40).min(1) });

/** `rentFinancingDetail/pay/{id}?amount=&method=`. */
export const PayQuery = z.object({
  amount: z.coerce
    .number()
    .pipe(yuan())
    .refine((v) => v > 0, { message: 'v.financingAmount' }),
  method: RepaymentMethod.default('online'),
  note: text(200).optional(),
});
export const CreateRepaymentInput = z.strictObject({
  applicationId: Id,
  kind: RepaymentKind.default('instalment'),
  amount: Yuan.refine((v) => v > 0, { message: 'v.financingAmount' }),
  method: RepaymentMethod,
  paidDate: LocalDate.optional(),
  note: optText(200),
  voucher: optFile.describe('transfer: the bank slip'),
});
export type CreateRepaymentInput = z.infer<typeof CreateRepaymentInput>;
export const Repayment = z.object({
  id: z.number().int(),
  code: z.string(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  tenantName: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  plate: z.string().nullable(),
  kind: RepaymentKind,
  amount: z.number(),
  method: RepaymentMethod,
  state: RepaymentState,
  chargeId: z.number().int().nullable(),
  paidAt: Instant.nullable(),
  note: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: Instant,
});
export type Repayment = z.infer<typeof Repayment>;
export const RepaymentListQuery = PageQuery.extend({
  applicationId: Id.optional(),
  rentId: Id.optional(),
  tenantId: Id.optional(),
  state: RepaymentState.optional(),
  kind: RepaymentKind.optional(),
  from: LocalDate.optional(),
  to: LocalDate.optional(),
});
export const RepaymentLine = z.object({
  id: z.number().int(),
  instalmentId: z.number().int(),
  instalmentCode: z.string(),
  period: z.number().int(),
  principal: z.number(),
  interest: z.number(),
  lateFee: z.number(),
  total: z.number(),
});
export type RepaymentLine = z.infer<typeof RepaymentLine>;
export const RepaymentDetail = Repayment.extend({ lines: z.array(RepaymentLine) });
export type RepaymentDetail = z.infer<typeof RepaymentDetail>;

export const PayoffQuote = z.object({
  applicationId: z.number().int(),
  date: LocalDate,
  currentPeriod: z.number().int(),
  remainingPrincipal: z.number(),
  breakFee: z.number(),
  overdue: z.number(),
  lateFees: z.number(),
  deposit: z.number(),
  total: z.number(),
  refund: z.number(),
});
export type PayoffQuote = z.infer<typeof PayoffQuote>;
export const PayoffInput = z.strictObject({
  version: Version,
  method: RepaymentMethod,
  amount: Yuan.describe('the total of the payoff quote the payer saw; another total answers 409'),
  note: optText(200),
});

export const WaiverInput = z.strictObject({
  amount: Yuan.refine((v) => v > 0, { message: 'v.financingAmount' }),
  reason: text(500).min(1),
});
export const Waiver = z.object({
  id: z.number().int(),
  instalmentId: z.number().int(),
  instalmentCode: z.string(),
  applicationId: z.number().int(),
  tenantName: z.string(),
  amount: z.number(),
  reason: z.string(),
  state: WaiverState,
  decidedByName: z.string().nullable(),
  decidedAt: Instant.nullable(),
  decisionNote: z.string().nullable(),
  createdAt: Instant,
});
export type Waiver = z.infer<typeof Waiver>;
export const WaiverListQuery = PageQuery.extend({ state: WaiverState.optional(), applicationId: Id.optional() });
export const DecideInput = z.strictObject({ approve: z.boolean(), note: optText(500) }).superRefine((v, ctx) => {
  if (!v.approve && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'v.financingReason' });
});

export const DepositDeduction = z.object({ reason: text(200).min(1), amount: Yuan });
export const DepositReturnInput = z.strictObject({
  deductions: z.array(DepositDeduction).max(20).default([]),
  reason: optText(500),
});
export const DepositReturn = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  tenantName: z.string(),
  deposit: z.number(),
  deductions: z.array(z.object({ reason: z.string(), amount: z.number() })),
  returnAmount: z.number(),
  state: DepositReturnState,
  reason: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: Instant.nullable(),
  createdAt: Instant,
});
export type DepositReturn = z.infer<typeof DepositReturn>;
export const DepositReturnListQuery = PageQuery.extend({ state: DepositReturnState.optional() });

// --------------------------------------------------------------------------------- rent or sale, certificates

export const RentOrSaleInput = z
  .strictObject({
    applicationId: Id,
    use: CarUse,
    buyerName: optText(30),
    buyerIdNo: IdCardNumber.nullish(),
    buyerPhone: MobilePhone.nullish(),
    salePrice: Yuan.nullish(),
    saleTerms: z.number().int().min(1).max(120).nullish().describe('months the buyer pays over'),
    note: optText(500),
    files: z.array(FileUrl).max(20).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.use === 'sale' && (!v.buyerName || !v.buyerIdNo || !v.buyerPhone || !v.salePrice)) {
      ctx.addIssue({ code: 'custom', path: ['buyerName'], message: 'v.financingBuyer' });
    }
  });
export type RentOrSaleInput = z.infer<typeof RentOrSaleInput>;
export const RentOrSaleSupplementInput = z.strictObject({
  id: Id,
  version: Version,
  note: optText(500),
  files: z.array(FileUrl).max(20).default([]),
});
export const RentOrSaleAuditInput = z
  .strictObject({
    id: Id,
    version: Version,
    outcome: RentOrSaleOutcome,
    conditions: optText(500),
    reason: optText(500),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'agreeWithConditions' && !v.conditions) {
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'v.financingConditions' });
    }
    if ((v.outcome === 'return' || v.outcome === 'refuse') && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'v.financingReason' });
    }
  });
export const RentOrSale = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  tenantName: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  carId: z.number().int(),
  plate: z.string().nullable(),
  vin: z.string(),
  use: CarUse,
  buyerName: z.string().nullable(),
  buyerIdNo: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  salePrice: z.number().nullable(),
  saleTerms: z.number().int().nullable(),
  note: z.string().nullable(),
  files: z.array(z.string()),
  state: RentOrSaleState,
  conditions: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: Instant.nullable(),
  decidedByName: z.string().nullable(),
  version: z.number().int(),
  createdAt: Instant,
});
export type RentOrSale = z.infer<typeof RentOrSale>;
export const RentOrSaleListQuery = PageQuery.extend({
  state: RentOrSaleState.optional(),
  use: CarUse.optional(),
  applicationId: Id.optional(),
  rentId: Id.optional(),
  tenantId: Id.optional(),
  keyword: text(30).optional(),
});

export const Certificate = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  applicationCode: z.string(),
  tenantName: z.string(),
  plate: z.string().nullable(),
  vin: z.string(),
  kind: CertificateKind,
  number: z.string().nullable(),
  receivedAt: LocalDate.nullable(),
  returnedAt: LocalDate.nullable(),
  state: CertificateState,
  note: z.string().nullable(),
});
export type Certificate = z.infer<typeof Certificate>;
export const CertificateListQuery = PageQuery.extend({
  applicationId: Id.optional(),
  kind: CertificateKind.optional(),
  state: CertificateState.optional(),
  keyword: text(30).optional(),
});
export const CertificateInput = z.strictObject({
  id: Id.optional(),
  applicationId: Id,
  kind: CertificateKind,
  number: optText(40),
  receivedAt: LocalDate.nullish(),
  returnedAt: LocalDate.nullish(),
  state: CertificateState.default('held'),
  note: optText(200),
});

// ------------------------------------------------------------------------------------------------ booked cars

export const BookedCarInput = z.strictObject({
  rentId: Id.optional().describe('absent = the rent of the call'),
  financierId: Id.nullish(),
  brand: text(40).min(1),
  series: optText(40),
  model: text(80).min(1),
  colour: optText(20),
  quantity: z.number().int().min(1).max(1000).default(1),
  guidePrice: Yuan.nullish(),
  earnest: Yuan.default(0),
  expectedDate: LocalDate.nullish(),
  contactName: optText(30),
  contactPhone: MobilePhone.nullish(),
  note: optText(500),
});
export type BookedCarInput = z.infer<typeof BookedCarInput>;
export const BookedCar = z.object({
  id: z.number().int(),
  code: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  financierId: z.number().int().nullable(),
  financierName: z.string().nullable(),
  brand: z.string(),
  series: z.string().nullable(),
  model: z.string(),
  colour: z.string().nullable(),
  quantity: z.number().int(),
  guidePrice: z.number().nullable(),
  earnest: z.number(),
  expectedDate: LocalDate.nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  note: z.string().nullable(),
  state: BookedCarState,
  version: z.number().int(),
  createdAt: Instant,
});
export type BookedCar = z.infer<typeof BookedCar>;
export const BookedCarListQuery = PageQuery.extend({
  rentId: Id.optional(),
  state: BookedCarState.optional(),
  keyword: text(40).optional(),
});
export const BookedCarStateInput = z.strictObject({ version: Version, state: BookedCarState });
