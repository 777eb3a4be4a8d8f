import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, createdAt, idColumn, inList, tstz, updatedAt } from './columns.js';
import { rents, tenants } from './tenancy.js';
import { cars } from './vehicles.js';

/**
 * Vehicle financing (issue 30, docs/financing.md). A rental tenant finances the cars it buys through a
 * financier: a tenant of its own kind (a row of `financiers`). Rows of the applicant's records carry the
 * rental tenant's `tenant_id` and `rent_id`, and the `financier_id` that reads them across tenants; the
 * financier's own records (products, car types) carry the financier's id as `tenant_id`. Money is integer
 * fen; rates and ratios are fractions (0.068 = 6.8 %, 0.3 = 30 %).
 */
const APPLICATION_STATES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'] as const;
const REVIEW_STAGES = ['internal', 'financier'] as const;
const METHODS = ['annuity', 'equalPrincipal', 'flat'] as const;
const DUE_MODES = ['arrears', 'advance'] as const;
const APPLY_ITEMS = ['A1', 'A2', 'A3'] as const;
const LOAN_STATES = ['none', 'requested', 'disbursed'] as const;
const CHECK_STATES = ['pending', 'passed', 'returned'] as const;
const INSTALMENT_STATES = ['pending', 'partial', 'paid', 'settled'] as const;
const REPAYMENT_KINDS = ['instalment', 'payoff'] as const;
const REPAYMENT_METHODS = ['online', 'recorded', 'transfer'] as const;
const REPAYMENT_STATES = ['pending', 'paid', 'failed', 'cancelled'] as const;
const DECISION_STATES = ['pending', 'approved', 'refused'] as const;
const DEPOSIT_RETURN_STATES = ['applied', 'approved', 'refused'] as const;
const SIDES = ['applicant', 'financier', 'system'] as const;
const USES = ['rent', 'sale'] as const;
const RENT_OR_SALE_STATES = ['applied', 'supplementing', 'agreed', 'agreedWithConditions', 'refused'] as const;
const CERTIFICATE_KINDS = ['registration', 'invoice', 'conformity', 'policy'] as const;
const CERTIFICATE_STATES = ['held', 'returned'] as const;
const BOOKED_STATES = ['booked', 'earnestPaid', 'purchased', 'cancelled'] as const;

const localDate = (name: string) => date(name, { mode: 'string' });
const fen = (name: string) => bigint(name, { mode: 'number' });
const ratio = (name: string) => numeric(name, { precision: 5, scale: 4, mode: 'number' });
const rate = (name: string) => numeric(name, { precision: 8, scale: 6, mode: 'number' });
const rate64 = (name: string) => numeric(name, { precision: 6, scale: 4, mode: 'number' });
const ck = (table: string, column: string, values: readonly string[]) =>
  check(`${table}_${column}_ck`, sql.raw(`${column} in (${inList(values)})`));

/** A financier (platform table): the tenant whose staff review financing, with its public names. */
export const financiers = pgTable('financiers', {
  id: bigintRef('id')
    .primaryKey()
    .references(() => tenants.id),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A financing product of a financier (`tenant_id` = the financier): method, terms, rate, ratios, fees. */
export const financingProducts = pgTable(
  'financing_products',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => financiers.id),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    method: text('method').notNull(),
    dueMode: text('due_mode').notNull().default('arrears'),
    /** Day of the month instalments fall on (1-31, clamped); null = the disbursement day's. */
    repayDay: integer('repay_day'),
    annualRate: rate('annual_rate').notNull(),
    terms: integer('terms').array().notNull(),
    minDownRatio: ratio('min_down_ratio').notNull(),
    maxDownRatio: ratio('max_down_ratio').notNull(),
    maxBalloonRatio: ratio('max_balloon_ratio').notNull().default(0),
    lateFeeDailyRate: rate('late_fee_daily_rate').notNull(),
    gpsFeeFen: fen('gps_fee_fen').notNull().default(0),
    mortgageFeeFen: fen('mortgage_fee_fen').notNull().default(0),
    serviceFeeRate: rate64('service_fee_rate').notNull().default(0),
    depositRatio: ratio('deposit_ratio').notNull().default(0),
    /** Early-payoff break fee on the remaining principal: periods 1-24, then 25 on; never below the floor. */
    breakRateEarly: rate64('break_rate_early').notNull().default(0),
    breakRateLate: rate64('break_rate_late').notNull().default(0),
    breakFloorFen: fen('break_floor_fen').notNull().default(0),
    carTypes: text('car_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('financing_products_code_uq').on(t.tenantId, t.code),
    ck('financing_products', 'method', METHODS),
    ck('financing_products', 'due_mode', DUE_MODES),
    check('financing_products_ratio_ck', sql`min_down_ratio <= max_down_ratio and max_down_ratio < 1`),
    check('financing_products_terms_ck', sql`terms <@ array[12, 24, 36] and cardinality(terms) > 0`),
  ],
);

/** A car model a financier finances (`tenant_id` = the financier), with its guide price and product. */
export const financingCarTypes = pgTable(
  'financing_car_types',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => financiers.id),
    id: idColumn(),
    productId: bigintRef('product_id').notNull(),
    brand: text('brand').notNull(),
    series: text('series').notNull(),
    modelName: text('model_name').notNull(),
    guidePriceFen: fen('guide_price_fen').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.productId],
      foreignColumns: [financingProducts.tenantId, financingProducts.id],
    }),
    index('financing_car_types_product_ix').on(t.tenantId, t.productId),
  ],
);

/** A rent's credit limit with a financier, set by the financier. Used and frozen amounts are computed. */
export const financingLimits = pgTable(
  'financing_limits',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    rentId: bigintRef('rent_id').notNull(),
    financierId: bigintRef('financier_id')
      .notNull()
      .references(() => financiers.id),
    limitFen: fen('limit_fen').notNull(),
    setByName: text('set_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.rentId, t.financierId] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    index('financing_limits_financier_ix').on(t.financierId, t.tenantId),
    check('financing_limits_limit_ck', sql`limit_fen >= 0`),
  ],
);

/** The applicant profile of a rent (the "financing user"), reused by every application. */
export const financingProfiles = pgTable(
  'financing_profiles',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    rentId: bigintRef('rent_id').notNull(),
    companyName: text('company_name').notNull(),
    licenceNo: text('licence_no'),
    licenceImage: text('licence_image'),
    legalPersonName: text('legal_person_name'),
    legalPersonIdNo: text('legal_person_id_no'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    bankName: text('bank_name'),
    bankAccountName: text('bank_account_name'),
    bankAccountNo: text('bank_account_no'),
    address: text('address'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.rentId] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
  ],
);

/** The terms fixed at submit (and revised in S3): what the schedule is made from at disbursement. */
export interface FinancingQuoteJson {
  method: (typeof METHODS)[number];
  dueMode: (typeof DUE_MODES)[number];
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

/** S3: the revised terms the financier approved with (yuan, fractions), which the applicant accepts or declines. */
export interface FinancingConditionsJson {
  payProportion?: number;
  stagingNumber?: number;
  annualRate?: number;
  balloon?: number;
  note: string;
}

/** A financing application of a rental tenant's car to a financier (states S1..S10, docs/financing.md). */
export const financingApplications = pgTable(
  'financing_applications',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    financierId: bigintRef('financier_id')
      .notNull()
      .references(() => financiers.id),
    productId: bigintRef('product_id').notNull(),
    code: text('code').notNull(),
    state: text('state').notNull().default('S1'),
    reviewStage: text('review_stage'),
    carId: bigintRef('car_id').notNull(),
    plate: text('plate'),
    vin: text('vin').notNull(),
    engineNo: text('engine_no'),
    compulsoryNo: text('compulsory_no'),
    commercialNo: text('commercial_no'),
    carTypeName: text('car_type_name').notNull(),
    totalAmountFen: fen('total_amount_fen').notNull(),
    payProportion: ratio('pay_proportion').notNull(),
    stagingNumber: integer('staging_number').notNull(),
    balloonFen: fen('balloon_fen').notNull().default(0),
    installMobile: text('install_mobile'),
    installAddress: text('install_address'),
    imgBuyInvoice: text('img_buy_invoice'),
    imgCompulsory: text('img_compulsory'),
    imgCommercial: text('img_commercial'),
    imgCompulsoryEndorsementA: text('img_compulsory_endorsement_a'),
    imgCompulsoryEndorsementB: text('img_compulsory_endorsement_b'),
    imgCompulsoryEndorsementC: text('img_compulsory_endorsement_c'),
    imgCommercialEndorsementA: text('img_commercial_endorsement_a'),
    imgCommercialEndorsementB: text('img_commercial_endorsement_b'),
    imgCommercialEndorsementC: text('img_commercial_endorsement_c'),
    buyCommercial: boolean('buy_commercial').notNull().default(false),
    buyCompulsory: boolean('buy_compulsory').notNull().default(false),
    gps: boolean('gps').notNull().default(true),
    username: text('username'),
    idNo: text('id_no'),
    contact: text('contact'),
    imgId1: text('img_id1'),
    imgId2: text('img_id2'),
    applyItems: text('apply_items')
      .array()
      .notNull()
      .default(sql`'{A3}'::text[]`),
    commercialAmountFen: fen('commercial_amount_fen').notNull().default(0),
    compulsoryAmountFen: fen('compulsory_amount_fen').notNull().default(0),
    quote: jsonb('quote').$type<FinancingQuoteJson>(),
    conditions: jsonb('conditions').$type<FinancingConditionsJson>(),
    supplementReason: text('supplement_reason'),
    rejectReason: text('reject_reason'),
    approvalRequestId: bigintRef('approval_request_id'),
    submittedAt: tstz('submitted_at'),
    decidedAt: tstz('decided_at'),
    disbursedAt: tstz('disbursed_at'),
    settledAt: tstz('settled_at'),
    cancelledAt: tstz('cancelled_at'),
    version: integer('version').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    foreignKey({
      columns: [t.financierId, t.productId],
      foreignColumns: [financingProducts.tenantId, financingProducts.id],
    }),
    uniqueIndex('financing_applications_code_uq').on(t.tenantId, t.code),
    // A car is financed once: one live application per car.
    uniqueIndex('financing_applications_live_car_uq')
      .on(t.tenantId, t.carId)
      .where(sql`state not in ('S9', 'S10')`),
    // Ascending ids: a backward scan gives `order by id desc` (an index on `id desc` is `nulls last`, which that
    // order is not, and PostgreSQL then sorts every row of the filter: the financier's repayments took seconds).
    index('financing_applications_rent_ix').on(t.tenantId, t.rentId, t.state, t.id),
    index('financing_applications_financier_ix').on(t.financierId, t.state, t.id),
    ck('financing_applications', 'state', APPLICATION_STATES),
    check(
      'financing_applications_review_stage_ck',
      sql.raw(`review_stage is null or review_stage in (${inList(REVIEW_STAGES)})`),
    ),
    check('financing_applications_pay_proportion_ck', sql`pay_proportion >= 0 and pay_proportion < 1`),
    check('financing_applications_apply_items_ck', sql`apply_items <@ array['A1', 'A2', 'A3']::text[]`),
  ],
);

/** The apply items of an application (A1 commercial insurance, A2 compulsory insurance, A3 the car loan). */
export const financingApplyItems = pgTable(
  'financing_apply_items',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    applicationId: bigintRef('application_id').notNull(),
    code: text('code').notNull(),
    amountFen: fen('amount_fen').notNull().default(0),
    loanState: text('loan_state').notNull().default('none'),
    requestedAt: tstz('requested_at'),
    disbursedAt: tstz('disbursed_at'),
    disbursedFen: fen('disbursed_fen'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    uniqueIndex('financing_apply_items_uq').on(t.tenantId, t.applicationId, t.code),
    ck('financing_apply_items', 'code', APPLY_ITEMS),
    ck('financing_apply_items', 'loan_state', LOAN_STATES),
  ],
);

/** The purchase vouchers of an application (1:1): invoice, policies, endorsement slots, the financier's check. */
export const financingVouchers = pgTable(
  'financing_vouchers',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    applicationId: bigintRef('application_id').notNull(),
    invoiceNo: text('invoice_no'),
    invoiceDate: localDate('invoice_date'),
    imgBuyInvoice: text('img_buy_invoice'),
    imgCompulsory: text('img_compulsory'),
    imgCommercial: text('img_commercial'),
    imgCommercialEndorsementA: text('img_commercial_endorsement_a'),
    imgCommercialEndorsementB: text('img_commercial_endorsement_b'),
    imgCommercialEndorsementC: text('img_commercial_endorsement_c'),
    imgCompulsoryEndorsementA: text('img_compulsory_endorsement_a'),
    checkState: text('check_state').notNull().default('pending'),
    checkNote: text('check_note'),
    checkedAt: tstz('checked_at'),
    checkedByName: text('checked_by_name'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.applicationId] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    ck('financing_vouchers', 'check_state', CHECK_STATES),
  ],
);

/** An instalment of the schedule (the spec's "details"), made at disbursement. */
export const financingInstalments = pgTable(
  'financing_instalments',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    applicationId: bigintRef('application_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    financierId: bigintRef('financier_id')
      .notNull()
      .references(() => financiers.id),
    code: text('code').notNull(),
    period: integer('period').notNull(),
    dueDate: localDate('due_date').notNull(),
    principalFen: fen('principal_fen').notNull(),
    interestFen: fen('interest_fen').notNull(),
    amountFen: fen('amount_fen').notNull(),
    remainingPrincipalFen: fen('remaining_principal_fen').notNull(),
    paidFen: fen('paid_fen').notNull().default(0),
    lateFeeFen: fen('late_fee_fen').notNull().default(0),
    lateFeePaidFen: fen('late_fee_paid_fen').notNull().default(0),
    lateFeeWaivedFen: fen('late_fee_waived_fen').notNull().default(0),
    overdueDays: integer('overdue_days').notNull().default(0),
    state: text('state').notNull().default('pending'),
    paidAt: tstz('paid_at'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    uniqueIndex('financing_instalments_period_uq').on(t.tenantId, t.applicationId, t.period),
    uniqueIndex('financing_instalments_code_uq').on(t.tenantId, t.code),
    index('financing_instalments_rent_ix').on(t.tenantId, t.rentId, t.dueDate),
    index('financing_instalments_financier_ix').on(t.financierId, t.state, t.dueDate),
    // The lists' order (due date, then id) read straight off an index, for a tenant across its rents and for a
    // financier across its applicants: a page of the oldest due, not a sort of millions (bench/financing.bench.mjs).
    index('financing_instalments_due_ix').on(t.tenantId, t.dueDate, t.id),
    index('financing_instalments_financier_due_ix').on(t.financierId, t.dueDate, t.id),
    ck('financing_instalments', 'state', INSTALMENT_STATES),
  ],
);

/** A repayment: an instalment payment or the early payoff; its allocation in `financing_repayment_lines`. */
export const financingRepayments = pgTable(
  'financing_repayments',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    applicationId: bigintRef('application_id').notNull(),
    rentId: bigintRef('rent_id').notNull(),
    financierId: bigintRef('financier_id')
      .notNull()
      .references(() => financiers.id),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    amountFen: fen('amount_fen').notNull(),
    method: text('method').notNull(),
    state: text('state').notNull().default('pending'),
    chargeId: bigintRef('charge_id'),
    paidAt: tstz('paid_at'),
    note: text('note'),
    createdBy: bigintRef('created_by'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    uniqueIndex('financing_repayments_code_uq').on(t.tenantId, t.code),
    index('financing_repayments_rent_ix').on(t.tenantId, t.rentId, t.id),
    index('financing_repayments_application_ix').on(t.tenantId, t.applicationId, t.id),
    index('financing_repayments_financier_ix').on(t.financierId, t.id),
    ck('financing_repayments', 'kind', REPAYMENT_KINDS),
    ck('financing_repayments', 'method', REPAYMENT_METHODS),
    ck('financing_repayments', 'state', REPAYMENT_STATES),
    check('financing_repayments_amount_ck', sql`amount_fen > 0`),
  ],
);

/** How a repayment was allocated to instalments: late fee, interest, principal. */
export const financingRepaymentLines = pgTable(
  'financing_repayment_lines',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    repaymentId: bigintRef('repayment_id').notNull(),
    instalmentId: bigintRef('instalment_id').notNull(),
    principalFen: fen('principal_fen').notNull().default(0),
    interestFen: fen('interest_fen').notNull().default(0),
    lateFeeFen: fen('late_fee_fen').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.repaymentId],
      foreignColumns: [financingRepayments.tenantId, financingRepayments.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.instalmentId],
      foreignColumns: [financingInstalments.tenantId, financingInstalments.id],
    }),
    index('financing_repayment_lines_repayment_ix').on(t.tenantId, t.repaymentId),
    index('financing_repayment_lines_instalment_ix').on(t.tenantId, t.instalmentId),
  ],
);

/** A request to waive (part of) an instalment's late fee, decided by the financier. */
export const financingWaivers = pgTable(
  'financing_waivers',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    instalmentId: bigintRef('instalment_id').notNull(),
    amountFen: fen('amount_fen').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('pending'),
    requestedBy: bigintRef('requested_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: tstz('decided_at'),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.instalmentId],
      foreignColumns: [financingInstalments.tenantId, financingInstalments.id],
    }).onDelete('cascade'),
    index('financing_waivers_instalment_ix').on(t.tenantId, t.instalmentId),
    ck('financing_waivers', 'state', DECISION_STATES),
    check('financing_waivers_amount_ck', sql`amount_fen > 0`),
  ],
);

/** The return of the security deposit after settlement, less deductions, decided by the financier. */
export const financingDepositReturns = pgTable(
  'financing_deposit_returns',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    applicationId: bigintRef('application_id').notNull(),
    depositFen: fen('deposit_fen').notNull(),
    deductions: jsonb('deductions').$type<{ reason: string; fen: number }[]>().notNull().default([]),
    returnFen: fen('return_fen').notNull(),
    state: text('state').notNull().default('applied'),
    reason: text('reason'),
    decidedByName: text('decided_by_name'),
    decidedAt: tstz('decided_at'),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    // One live (applied or approved) return per application.
    uniqueIndex('financing_deposit_returns_live_uq')
      .on(t.tenantId, t.applicationId)
      .where(sql`state in ('applied', 'approved')`),
    ck('financing_deposit_returns', 'state', DEPOSIT_RETURN_STATES),
  ],
);

/** The history of an application; texts stored as keys with parameters (rendered in the reader's language). */
export const financingActivities = pgTable(
  'financing_activities',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    applicationId: bigintRef('application_id').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    side: text('side').notNull(),
    actorId: bigintRef('actor_id'),
    actorName: text('actor_name'),
    textKey: text('text_key').notNull(),
    textParams: jsonb('text_params').$type<Record<string, string | number>>().notNull().default({}),
    note: text('note'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    index('financing_activities_application_ix').on(t.tenantId, t.applicationId, t.id),
    ck('financing_activities', 'side', SIDES),
  ],
);

/** The tenant's declaration of how a financed car is used (rented out or sold on instalments). */
export const financingRentOrSale = pgTable(
  'financing_rent_or_sale',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    applicationId: bigintRef('application_id').notNull(),
    carId: bigintRef('car_id').notNull(),
    use: text('use').notNull(),
    buyerName: text('buyer_name'),
    buyerIdNo: text('buyer_id_no'),
    buyerPhone: text('buyer_phone'),
    salePriceFen: fen('sale_price_fen'),
    saleTerms: integer('sale_terms'),
    note: text('note'),
    files: text('files')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    state: text('state').notNull().default('applied'),
    conditions: text('conditions'),
    reason: text('reason'),
    decidedAt: tstz('decided_at'),
    decidedByName: text('decided_by_name'),
    version: integer('version').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.carId], foreignColumns: [cars.tenantId, cars.id] }),
    index('financing_rent_or_sale_application_ix').on(t.tenantId, t.applicationId, t.id),
    index('financing_rent_or_sale_state_ix').on(t.tenantId, t.state, t.id),
    ck('financing_rent_or_sale', 'use', USES),
    ck('financing_rent_or_sale', 'state', RENT_OR_SALE_STATES),
  ],
);

/** Papers of a financed car held by the financier while the car is collateral. */
export const financingCertificates = pgTable(
  'financing_certificates',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    id: idColumn(),
    applicationId: bigintRef('application_id').notNull(),
    kind: text('kind').notNull(),
    number: text('number'),
    receivedAt: localDate('received_at'),
    returnedAt: localDate('returned_at'),
    state: text('state').notNull().default('held'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [financingApplications.tenantId, financingApplications.id],
    }).onDelete('cascade'),
    index('financing_certificates_application_ix').on(t.tenantId, t.applicationId),
    ck('financing_certificates', 'kind', CERTIFICATE_KINDS),
    ck('financing_certificates', 'state', CERTIFICATE_STATES),
  ],
);

/** A car model reserved for purchase, with an earnest amount. */
export const bookedCars = pgTable(
  'booked_cars',
  {
    tenantId: bigintRef('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: idColumn(),
    rentId: bigintRef('rent_id').notNull(),
    financierId: bigintRef('financier_id').references(() => financiers.id),
    code: text('code').notNull(),
    brand: text('brand').notNull(),
    series: text('series'),
    model: text('model').notNull(),
    colour: text('colour'),
    quantity: integer('quantity').notNull().default(1),
    guidePriceFen: fen('guide_price_fen'),
    earnestFen: fen('earnest_fen').notNull().default(0),
    expectedDate: localDate('expected_date'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    note: text('note'),
    state: text('state').notNull().default('booked'),
    version: integer('version').notNull().default(0),
    createdBy: bigintRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rentId], foreignColumns: [rents.tenantId, rents.id] }),
    uniqueIndex('booked_cars_code_uq').on(t.tenantId, t.code),
    index('booked_cars_rent_ix').on(t.tenantId, t.rentId, t.id),
    ck('booked_cars', 'state', BOOKED_STATES),
    check('booked_cars_quantity_ck', sql`quantity > 0`),
  ],
);

/**
 * Number sequences of the financing codes per tenant and prefix (`RZ202601` applications, `HK20260115`
 * repayments, `YD202601` booked cars): `insert ... on conflict do update set last = last + 1 returning last`.
 */
export const financingNumbers = pgTable(
  'financing_numbers',
  {
    tenantId: bigintRef('tenant_id').notNull(),
    prefix: text('prefix').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.prefix] })],
);
