import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import {
  applyItemsOf,
  FINANCING_STATE_TITLES,
  quoteFenOf,
  quoteProblem,
  quoteToYuan,
  type AcceptConditionsInput,
  type Application,
  type ApplicationListQuery,
  type ApplyItemCode,
  type AuditInput,
  type CreateApplicationInput,
  type FinancingConditions,
  type FinancingProduct,
  type FinancingQuote,
  type FinancingState,
  type QuoteFen,
  type QuoteInput,
  type UpdateApplicationInput,
} from '@fleetdesk/contracts/financing';
import { buildFinancingSchedule } from '@fleetdesk/contracts/financing-schedule';
import { rentInScope, type RequestContext } from '../../core/access.js';
import { isUniqueViolation, type DbOrTx, type Tx } from '../../core/db.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, invalidField, NotFoundError } from '../../core/errors.js';
import { translate, type KeyedText } from '../../core/i18n.js';
import { tenantDays } from '../../core/tenant-time.js';
import {
  financingApplications as fa,
  financingApplyItems,
  financingVouchers,
  type FinancingQuoteJson,
} from '../../db/schema/financing.js';
import { users } from '../../db/schema/identity.js';
import { getRequest, startApproval, type ApprovalHooks } from '../approvals/approvals.service.js';
import { getCar } from '../vehicles/vehicles.service.js';
import { activity, type Actor } from './activity.js';
import * as repo from './applications.repository.js';
import type { ApplicationRow } from './applications.repository.js';
import { applicantSide, financierSide, sideOf, type Side } from './financier.js';
import { lockAvailable } from './limits.service.js';
import { tellApplicant, tellFinancier } from './notices.js';
import { productById, productForApplication } from './products.service.js';
import './financing.messages.js';

export type { ApplicationRow } from './applications.repository.js';
export type { Actor } from './activity.js';

/**
 * Financing applications (docs/financing.md, "States"): the applicant's form and its submission, the internal
 * approval, the financier's decisions, conditions, cancellation. Every change of state goes through `transition`
 * (also called by the money side for S4 -> S5 -> S6 -> S7 -> S8).
 */

/** Where each state may go. */
export const TRANSITIONS: Readonly<Record<FinancingState, readonly FinancingState[]>> = {
  S1: ['S2', 'S10'],
  S2: ['S1', 'S3', 'S4', 'S9'],
  S3: ['S4', 'S10'],
  S4: ['S5', 'S10'],
  S5: ['S6', 'S4'],
  S6: ['S7'],
  S7: ['S8'],
  S8: [],
  S9: [],
  S10: [],
};

type Lang = RequestContext['lang'];

/** 409 `error.financing.state`: the state, and what was refused, in the caller's language. */
export function stateRefusal(lang: Lang, state: string, action: string): ConflictError {
  const title = FINANCING_STATE_TITLES[state as FinancingState]?.[lang] ?? state;
  const key = `financing.action.${action}`;
  return new ConflictError('error.financing.state', { state: title, action: translate(lang, key) });
}

export function actorOf(ctx: Pick<RequestContext, 'userId' | 'name'>, side: Actor['side']): Actor {
  return { side, userId: ctx.userId, name: ctx.name };
}

/**
 * The one change of an application's state: refuses a move the table does not allow (409
 * `error.financing.state`) and a version other than the one the caller saw (409 `error.financing.version`),
 * bumps the version, sets `set`, and writes the history entry, all in the caller's transaction. `app` is the
 * row as the caller locked it. Answers the updated row.
 */
export async function transition(
  tx: DbOrTx,
  actor: Actor & { lang?: Lang },
  app: ApplicationRow,
  to: FinancingState,
  o: {
    action: string;
    now: Date;
    /** The version the caller saw (absent: a system move, no check). */
    version?: number;
    set?: Partial<typeof fa.$inferInsert>;
    text?: KeyedText;
    note?: string | null;
  },
): Promise<ApplicationRow> {
  const from = app.state as FinancingState;
  if (!TRANSITIONS[from]?.includes(to)) throw stateRefusal(actor.lang ?? 'zh-CN', from, 'move');
  if (o.version !== undefined && o.version !== app.version) throw new ConflictError('error.financing.version');
  const [row] = await tx
    .update(fa)
    .set({ ...o.set, state: to, version: app.version + 1, updatedAt: o.now })
    .where(and(eq(fa.tenantId, app.tenantId), eq(fa.id, app.id), eq(fa.version, app.version)))
    .returning();
  if (!row) throw new ConflictError('error.financing.version');
  await activity(tx, actor, {
    tenantId: app.tenantId,
    applicationId: app.id,
    action: o.action,
    from,
    to,
    text: o.text ?? {
      key: 'financing.activity.move',
      params: { from: { title: 'financingState', value: from }, to: { title: 'financingState', value: to } },
    },
    note: o.note ?? null,
    at: o.now,
  });
  return row;
}

// ------------------------------------------------------------------------------------------------ reading

/** The buttons of the application page (the server checks each call again). */
function actionsOf(side: Side, a: ApplicationRow): string[] {
  const s = a.state as FinancingState;
  if (side.kind === 'applicant') {
    const out: string[] = [];
    if (s === 'S1') out.push('edit', 'submit', 'cancel');
    if (s === 'S3') out.push('acceptConditions', 'cancel');
    if (s === 'S4') out.push('loanApply', 'cancel');
    if (!['S9', 'S10', 'S8'].includes(s)) out.push('editVoucher');
    return out;
  }
  const out: string[] = [];
  if (s === 'S2' && a.reviewStage === 'financier') out.push('audit');
  if (s === 'S5') out.push('checkVoucher', 'loanConfirm');
  if (s === 'S6') out.push('disburse');
  return out;
}

export async function listApplications(deps: AppDeps, side: Side, q: ApplicationListQuery) {
  if (side.kind === 'applicant') rentInScope(side.ctx, q.rentId);
  const days = await tenantDays(deps.db, side.ctx.tenantId, deps.clock.now());
  return repo.listApplications(deps.db, side, q, days.startOf);
}

export async function getApplication(deps: Pick<AppDeps, 'db'>, side: Side, id: number): Promise<Application> {
  const r = await repo.findApplication(deps.db, side, id);
  if (!r) throw new NotFoundError('error.financing.notFound');
  const items = await repo.itemsOf(deps.db, r.app.tenantId, id);
  return repo.toApplication(r, items, actionsOf(side, r.app));
}

/** The row a side may see, locked; 404 otherwise. */
export async function lockForSide(tx: DbOrTx, side: Side, id: number): Promise<ApplicationRow> {
  const row = await repo.lockApplication(tx, side, id);
  if (!row) throw new NotFoundError('error.financing.notFound');
  return row;
}

/** The row a side may see (no lock); 404 otherwise. */
export async function rowForSide(db: DbOrTx, side: Side, id: number): Promise<ApplicationRow> {
  const r = await repo.findApplication(db, side, id);
  if (!r) throw new NotFoundError('error.financing.notFound');
  return r.app;
}

export { lockById } from './applications.repository.js';

// -------------------------------------------------------------------------------------------------- quote

function checkQuote(product: FinancingProduct, form: Parameters<typeof quoteProblem>[1]): void {
  const problem = quoteProblem(product, form);
  if (problem) throw invalidField(problem.path, problem.message);
}

function toQuoteJson(q: QuoteFen): FinancingQuoteJson {
  return {
    method: q.method,
    dueMode: q.dueMode,
    annualRate: q.annualRate,
    effectiveAnnualRate: q.effectiveAnnualRate,
    stagingNumber: q.stagingNumber,
    payProportion: q.payProportion,
    totalFen: q.totalFen,
    downPaymentFen: q.downPaymentFen,
    financedFen: q.financedFen,
    balloonFen: q.balloonFen,
    monthlyFen: q.monthlyFen,
    totalInterestFen: q.totalInterestFen,
    gpsFeeFen: q.gpsFeeFen,
    mortgageFeeFen: q.mortgageFeeFen,
    serviceFeeFen: q.serviceFeeFen,
    feesFen: q.feesFen,
    depositFen: q.depositFen,
    lateFeeDailyRate: q.lateFeeDailyRate,
    breakRateEarly: q.breakRateEarly,
    breakRateLate: q.breakRateLate,
    breakFloorFen: q.breakFloorFen,
    repayDay: q.repayDay,
  };
}

async function today(deps: Pick<AppDeps, 'db' | 'clock'>, tenantId: number): Promise<string> {
  return (await tenantDays(deps.db, tenantId, deps.clock.now())).today;
}

/** `rentFinancingCar/quote`: the quote of a form before it is submitted (the wizard's quote step). */
export async function quote(deps: AppDeps, ctx: RequestContext, input: z.infer<typeof QuoteInput>) {
  const side = await sideOf(deps, ctx);
  const { product } = await productForApplication(deps.db, side, input.productId);
  checkQuote(product, input);
  const q = quoteFenOf(product, { ...input, loanDate: input.loanDate ?? (await today(deps, ctx.tenantId)) });
  return quoteToYuan(q, q.schedule);
}

/** An application's stored terms in yuan with their schedule from `loanDate` (the contract PDF, the schedule tab). */
export function scheduleOfTerms(q: FinancingQuoteJson, loanDate: string): FinancingQuote {
  const s = buildFinancingSchedule(scheduleInputOf(q, loanDate));
  return quoteToYuan(
    q,
    s.instalments.map((row) => ({
      period: row.period,
      dueDate: row.dueDate,
      principal: fenToYuan(row.principalFen),
      interest: fenToYuan(row.interestFen),
      payment: fenToYuan(row.paymentFen),
      remaining: fenToYuan(row.remainingFen),
    })),
  );
}

/**
 * A product that reproduces stored terms exactly (for the schedule at disbursement): its ratio range, term and
 * balloon allow the stored ones. The insurance items' premiums are part of `financedFen` already, so the quote is
 * remade from a total that gives the same amount financed.
 */
export function productOfTerms(q: FinancingQuoteJson) {
  return {
    method: q.method,
    dueMode: q.dueMode,
    repayDay: q.repayDay,
    annualRate: q.annualRate,
    terms: [q.stagingNumber],
    minDownRatio: 0,
    maxDownRatio: 0.9999,
    maxBalloonRatio: 1,
    lateFeeDailyRate: q.lateFeeDailyRate,
    gpsFee: fenToYuan(q.gpsFeeFen),
    mortgageFee: fenToYuan(q.mortgageFeeFen),
    serviceFeeRate: 0,
    depositRatio: 0,
    breakRateEarly: q.breakRateEarly,
    breakRateLate: q.breakRateLate,
    breakFloor: fenToYuan(q.breakFloorFen),
  };
}

/** The terms of a schedule input (`buildFinancingSchedule`) from an application's stored quote. */
export function scheduleInputOf(q: FinancingQuoteJson, loanDate: string) {
  return {
    method: q.method,
    financedFen: q.financedFen,
    balloonFen: q.balloonFen,
    periods: q.stagingNumber,
    annualRate: q.annualRate,
    loanDate,
    repayDay: q.repayDay ?? Number(loanDate.slice(8, 10)),
    timing: q.dueMode,
  };
}

// ------------------------------------------------------------------------------------------ create, edit

type FormInput = z.infer<typeof CreateApplicationInput>;

function formValues(input: FormInput) {
  const applyItems = applyItemsOf(input.applyItems, input.buyCommercial, input.buyCompulsory);
  return {
    productId: input.productId,
    carId: input.carId,
    vin: input.vin,
    engineNo: input.engineNo ?? null,
    compulsoryNo: input.compulsoryNo ?? null,
    commercialNo: input.commercialNo ?? null,
    carTypeName: input.carTypeName,
    totalAmountFen: yuanToFen(input.totalAmount),
    payProportion: input.payProportion,
    stagingNumber: input.stagingNumber,
    balloonFen: yuanToFen(input.balloon),
    installMobile: input.installMobile ?? null,
    installAddress: input.installAddress ?? null,
    imgBuyInvoice: input.imgBuyInvoice ?? null,
    imgCompulsory: input.imgCompulsory ?? null,
    imgCommercial: input.imgCommercial ?? null,
    imgCompulsoryEndorsementA: input.imgCompulsoryEndorsementA ?? null,
    imgCompulsoryEndorsementB: input.imgCompulsoryEndorsementB ?? null,
    imgCompulsoryEndorsementC: input.imgCompulsoryEndorsementC ?? null,
    imgCommercialEndorsementA: input.imgCommercialEndorsementA ?? null,
    imgCommercialEndorsementB: input.imgCommercialEndorsementB ?? null,
    imgCommercialEndorsementC: input.imgCommercialEndorsementC ?? null,
    buyCommercial: input.buyCommercial,
    buyCompulsory: input.buyCompulsory,
    gps: input.gps,
    username: input.username ?? null,
    idNo: input.idNo ?? null,
    contact: input.contact ?? null,
    imgId1: input.imgId1 ?? null,
    imgId2: input.imgId2 ?? null,
    applyItems,
    commercialAmountFen: input.buyCommercial ? yuanToFen(input.commercialAmount) : 0,
    compulsoryAmountFen: input.buyCompulsory ? yuanToFen(input.compulsoryAmount) : 0,
  };
}

/** The car of the form: one of the caller's (the vehicles area's service: 404 outside his scope) with this VIN. */
async function carOfForm(deps: AppDeps, ctx: RequestContext, input: FormInput) {
  let car;
  try {
    car = await getCar(deps, ctx, input.carId);
  } catch (err) {
    if (err instanceof NotFoundError) throw invalidField('carId', 'error.financing.carNotFound');
    throw err;
  }
  if (car.deletedAt) throw invalidField('carId', 'error.financing.carNotFound');
  if (car.vin !== input.vin) throw invalidField('vin', 'error.financing.vinMismatch');
  return car;
}

async function writeItems(
  tx: DbOrTx,
  tenantId: number,
  applicationId: number,
  v: ReturnType<typeof formValues>,
  q: QuoteFen,
) {
  await tx
    .delete(financingApplyItems)
    .where(and(eq(financingApplyItems.tenantId, tenantId), eq(financingApplyItems.applicationId, applicationId)));
  const amount: Record<ApplyItemCode, number> = {
    A3: q.totalFen - q.downPaymentFen,
    A1: v.commercialAmountFen,
    A2: v.compulsoryAmountFen,
  };
  await tx
    .insert(financingApplyItems)
    .values(v.applyItems.map((code) => ({ tenantId, applicationId, code, amountFen: amount[code] })));
}

export async function createApplication(deps: AppDeps, ctx: RequestContext, input: FormInput): Promise<Application> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const car = await carOfForm(deps, ctx, input);
  const { product } = await productForApplication(deps.db, side, input.productId);
  checkQuote(product, input);
  const days = await tenantDays(deps.db, ctx.tenantId, deps.clock.now());
  const q = quoteFenOf(product, { ...input, loanDate: days.today });
  const v = formValues(input);
  const now = deps.clock.now();
  let id = 0;
  try {
    await deps.db.transaction(async (tx) => {
      const code = await repo.nextCode(tx, ctx.tenantId, `RZ${days.today.slice(0, 4)}${days.today.slice(5, 7)}`);
      const [row] = await tx
        .insert(fa)
        .values({
          tenantId: ctx.tenantId,
          rentId: car.rentId,
          financierId: product.financierId,
          code,
          state: 'S1',
          plate: car.plate,
          ...v,
          quote: toQuoteJson(q),
          createdBy: ctx.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      id = row!.id;
      await writeItems(tx, ctx.tenantId, id, v, q);
      await tx.insert(financingVouchers).values({
        tenantId: ctx.tenantId,
        applicationId: id,
        imgBuyInvoice: v.imgBuyInvoice,
        imgCompulsory: v.imgCompulsory,
        imgCommercial: v.imgCommercial,
        imgCommercialEndorsementA: v.imgCommercialEndorsementA,
        imgCommercialEndorsementB: v.imgCommercialEndorsementB,
        imgCommercialEndorsementC: v.imgCommercialEndorsementC,
        imgCompulsoryEndorsementA: v.imgCompulsoryEndorsementA,
      });
      await activity(tx, actorOf(ctx, 'applicant'), {
        tenantId: ctx.tenantId,
        applicationId: id,
        action: 'create',
        to: 'S1',
        text: { key: 'financing.activity.create', params: { code } },
        at: now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'financing_applications_live_car_uq')) {
      throw new ConflictError('error.financing.carFinanced');
    }
    throw err;
  }
  return getApplication(deps, side, id);
}

/** Editing in S1 (a draft, or returned for supplement): the whole form again, with the version seen. */
export async function updateApplication(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof UpdateApplicationInput>,
): Promise<Application> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const car = await carOfForm(deps, ctx, input);
  const { product } = await productForApplication(deps.db, side, input.productId);
  checkQuote(product, input);
  const q = quoteFenOf(product, { ...input, loanDate: await today(deps, ctx.tenantId) });
  const v = formValues(input);
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const app = await lockForSide(tx, side, id);
      if (app.state !== 'S1') throw stateRefusal(ctx.lang, app.state, 'edit');
      if (app.version !== input.version) throw new ConflictError('error.financing.version');
      await tx
        .update(fa)
        .set({
          ...v,
          rentId: car.rentId,
          plate: car.plate,
          financierId: product.financierId,
          quote: toQuoteJson(q),
          version: app.version + 1,
          updatedAt: now,
        })
        .where(and(eq(fa.tenantId, app.tenantId), eq(fa.id, id)));
      await writeItems(tx, app.tenantId, id, v, q);
      await activity(tx, actorOf(ctx, 'applicant'), {
        tenantId: app.tenantId,
        applicationId: id,
        action: 'edit',
        text: { key: 'financing.activity.edit' },
        at: now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'financing_applications_live_car_uq')) {
      throw new ConflictError('error.financing.carFinanced');
    }
    throw err;
  }
  return getApplication(deps, side, id);
}

// ------------------------------------------------------------------------------------------------ submit

/**
 * S1 -> S2: the terms fixed from the product as it is now, the limit checked under its row lock (409
 * `error.financing.limit` with the available amount), then the applicant's own `financing` approval started in
 * his tenant (`reviewStage = 'internal'` while it is open; with no flow the engine approves at once and the
 * application goes straight to the financier).
 */
export async function submitApplication(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  version: number,
): Promise<Application> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const now = deps.clock.now();
  const loanDate = await today(deps, ctx.tenantId);
  await deps.events.transaction(async (tx) => {
    const app = await lockForSide(tx, side, id);
    if (app.state !== 'S1') throw stateRefusal(ctx.lang, app.state, 'submit');
    if (app.version !== version) throw new ConflictError('error.financing.version');
    const product = await productById(tx, app.financierId, app.productId);
    const form = {
      totalAmount: fenToYuan(app.totalAmountFen),
      payProportion: Number(app.payProportion),
      stagingNumber: app.stagingNumber,
      balloon: fenToYuan(app.balloonFen),
      buyCommercial: app.buyCommercial,
      buyCompulsory: app.buyCompulsory,
      commercialAmount: fenToYuan(app.commercialAmountFen),
      compulsoryAmount: fenToYuan(app.compulsoryAmountFen),
      gps: app.gps,
      loanDate,
    };
    if (!product.active) throw invalidField('productId', 'error.financing.productNotFound');
    checkQuote(product, form);
    const q = toQuoteJson(quoteFenOf(product, form));
    const available = await lockAvailable(tx, app.tenantId, app.rentId, app.financierId);
    if (q.financedFen > available) {
      throw new ConflictError('error.financing.limit', {
        available: fenToYuan(Math.max(0, available)).toFixed(2),
        financed: fenToYuan(q.financedFen).toFixed(2),
      });
    }
    const moved = await transition(tx, { ...actorOf(ctx, 'applicant'), lang: ctx.lang }, app, 'S2', {
      action: 'submit',
      now,
      set: { quote: q, reviewStage: 'internal', supplementReason: null, rejectReason: null },
      text: { key: 'financing.activity.submit', params: { financed: fenToYuan(q.financedFen).toFixed(2) } },
    });
    // Marked first: an approval the engine decides at once (no step applies) runs onOutcome inside startApproval.
    // In a savepoint: a tenant with no enabled `financing` flow sends the application straight to the financier.
    let requestId: number | null = null;
    try {
      const request = await (tx as Tx).transaction((sp) =>
        startApproval(
          sp as Tx,
          deps,
          { ...ctx, rentId: moved.rentId },
          {
            businessType: 'financing',
            businessId: String(id),
            summary: `融资申请 ${moved.code} ${fenToYuan(q.financedFen).toFixed(2)} 元`,
            form: {
              plateNo: moved.plate ?? moved.vin,
              amount: fenToYuan(q.financedFen),
              months: moved.stagingNumber,
              reason: `${moved.code} ${moved.carTypeName}`,
            },
            attachments: [],
          },
        ),
      );
      requestId = request.id;
    } catch (err) {
      if (!(err instanceof ConflictError && err.messageKey === 'approval.noFlow')) throw err;
    }
    if (requestId !== null) {
      await tx
        .update(fa)
        .set({ approvalRequestId: requestId })
        .where(and(eq(fa.tenantId, moved.tenantId), eq(fa.id, id)));
      return;
    }
    const [sent] = await tx
      .update(fa)
      .set({ reviewStage: 'financier', submittedAt: now, version: moved.version + 1, updatedAt: now })
      .where(and(eq(fa.tenantId, moved.tenantId), eq(fa.id, id)))
      .returning();
    await tellFinancier(tx, sent!);
    await activity(
      tx,
      { side: 'system', userId: null, name: null },
      {
        tenantId: moved.tenantId,
        applicationId: id,
        action: 'internalSkipped',
        from: 'S2',
        to: 'S2',
        text: { key: 'financing.activity.internalSkipped' },
        at: now,
      },
    );
  });
  return getApplication(deps, side, id);
}

async function userName(tx: DbOrTx, tenantId: number, userId: number): Promise<string | null> {
  const [u] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return u?.name ?? null;
}

/** The comment of the approver who refused a request (the supplement reason the applicant reads). */
async function refusalComment(tx: Tx, tenantId: number, actorId: number, requestId: number): Promise<string> {
  try {
    const r = await getRequest(tx, { tenantId, userId: actorId, lang: 'zh-CN' }, requestId);
    const refused = r.steps.flatMap((s) => s.approvers).find((a) => a.decision === 'rejected');
    return refused?.comment ?? '';
  } catch {
    return '';
  }
}

/**
 * What the applicant's internal approval does (added to the `financing` type by `register.ts`): approved, the
 * application goes to the financier's work list (`reviewStage = 'financier'`, `submitted_at` set); rejected, back
 * to S1 with the approver's comment as the supplement reason; withdrawn, back to S1.
 */
export const financingApprovalHooks: ApprovalHooks = {
  onOutcome: async ({ tx, request, outcome, actorId, now }) => {
    if (!request.businessId) return;
    const app = await repo.lockById(tx, request.tenantId, Number(request.businessId));
    if (!app || app.state !== 'S2' || app.reviewStage !== 'internal') return;
    const actor: Actor = { side: 'system', userId: actorId, name: await userName(tx, request.tenantId, actorId) };
    if (outcome === 'approved') {
      const [sent] = await tx
        .update(fa)
        .set({ reviewStage: 'financier', submittedAt: now, version: app.version + 1, updatedAt: now })
        .where(and(eq(fa.tenantId, app.tenantId), eq(fa.id, app.id)))
        .returning();
      await tellFinancier(tx, sent!);
      await activity(tx, actor, {
        tenantId: app.tenantId,
        applicationId: app.id,
        action: 'internalApproved',
        from: 'S2',
        to: 'S2',
        text: { key: 'financing.activity.internalApproved' },
        at: now,
      });
      return;
    }
    const reason = outcome === 'rejected' ? await refusalComment(tx, request.tenantId, actorId, request.id) : '';
    await transition(tx, actor, app, 'S1', {
      action: outcome === 'rejected' ? 'internalRejected' : 'internalWithdrawn',
      now,
      set: { reviewStage: null, supplementReason: outcome === 'rejected' ? reason || '-' : null },
      text:
        outcome === 'rejected'
          ? { key: 'financing.activity.internalRejected', params: { reason: reason || '-' } }
          : { key: 'financing.activity.internalWithdrawn' },
    });
  },
};

// -------------------------------------------------------------------------------------- the financier's audit

/** The financier decides an application under its review (S2, `reviewStage = 'financier'`). */
export async function auditApplication(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof AuditInput>,
): Promise<Application> {
  const { financier } = await financierSide(deps, ctx);
  const side: Side = { kind: 'financier', ctx, financier };
  const now = deps.clock.now();
  await deps.events.transaction(async (tx) => {
    const app = await lockForSide(tx, side, id);
    if (app.state !== 'S2' || app.reviewStage !== 'financier') throw stateRefusal(ctx.lang, app.state, 'audit');
    const actor = { ...actorOf(ctx, 'financier'), lang: ctx.lang };
    const base = { action: input.action, now, version: input.version, note: input.reason ?? null };
    const decided = { reviewStage: null, decidedAt: now };
    const reason = input.reason ?? '';
    const moves: Record<
      AuditInput['action'],
      { to: FinancingState; set: Partial<typeof fa.$inferInsert>; text: KeyedText }
    > = {
      approve: { to: 'S4', set: decided, text: { key: 'financing.activity.approve' } },
      approveWithConditions: {
        to: 'S3',
        set: { ...decided, conditions: input.conditions ?? null },
        text: { key: 'financing.activity.approveWithConditions', params: { note: input.conditions?.note ?? '' } },
      },
      supplement: {
        to: 'S1',
        set: { ...decided, supplementReason: reason },
        text: { key: 'financing.activity.supplement', params: { reason } },
      },
      reject: {
        to: 'S9',
        set: { ...decided, rejectReason: reason },
        text: { key: 'financing.activity.reject', params: { reason } },
      },
    };
    const move = moves[input.action];
    const row = await transition(tx, actor, app, move.to, { ...base, set: move.set, text: move.text });
    await tellApplicant(tx, row, move.to);
  });
  return getApplication(deps, side, id);
}

/**
 * S3: the applicant accepts the revised terms (-> S4, the quote remade from them) or declines them (-> S10).
 */
export async function answerConditions(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof AcceptConditionsInput>,
): Promise<Application> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const now = deps.clock.now();
  const loanDate = await today(deps, ctx.tenantId);
  await deps.db.transaction(async (tx) => {
    const app = await lockForSide(tx, side, id);
    if (app.state !== 'S3') throw stateRefusal(ctx.lang, app.state, 'accept');
    const actor = { ...actorOf(ctx, 'applicant'), lang: ctx.lang };
    if (!input.accept) {
      await transition(tx, actor, app, 'S10', {
        action: 'declineConditions',
        now,
        version: input.version,
        set: { cancelledAt: now },
        text: { key: 'financing.activity.declineConditions' },
      });
      return;
    }
    const c: Partial<FinancingConditions> = app.conditions ?? {};
    const terms = app.quote!;
    const revised = {
      ...productOfTerms({ ...terms, annualRate: c.annualRate ?? terms.annualRate }),
      terms: [c.stagingNumber ?? terms.stagingNumber],
      serviceFeeRate: 0,
    };
    const payProportion = c.payProportion ?? terms.payProportion;
    const stagingNumber = c.stagingNumber ?? terms.stagingNumber;
    const balloon = c.balloon ?? fenToYuan(terms.balloonFen);
    const q = quoteFenOf(revised, {
      totalAmount: fenToYuan(app.totalAmountFen),
      payProportion,
      stagingNumber,
      balloon,
      buyCommercial: app.buyCommercial,
      buyCompulsory: app.buyCompulsory,
      commercialAmount: fenToYuan(app.commercialAmountFen),
      compulsoryAmount: fenToYuan(app.compulsoryAmountFen),
      gps: app.gps,
      loanDate,
    });
    // The fees and the deposit stay those fixed at submit, scaled to the new amount financed where proportional.
    const scale = terms.financedFen > 0 ? q.financedFen / terms.financedFen : 1;
    const quoteJson: FinancingQuoteJson = {
      ...toQuoteJson(q),
      gpsFeeFen: terms.gpsFeeFen,
      mortgageFeeFen: terms.mortgageFeeFen,
      serviceFeeFen: Math.round(terms.serviceFeeFen * scale),
      depositFen: Math.round(terms.depositFen * scale),
    };
    quoteJson.feesFen = quoteJson.gpsFeeFen + quoteJson.mortgageFeeFen + quoteJson.serviceFeeFen;
    // More financed than was frozen at submit: the difference must fit the limit (this application's own amount
    // is frozen already).
    const more = quoteJson.financedFen - terms.financedFen;
    if (more > 0) {
      const available = await lockAvailable(tx, app.tenantId, app.rentId, app.financierId);
      if (more > available) {
        throw new ConflictError('error.financing.limit', {
          available: fenToYuan(Math.max(0, available)).toFixed(2),
          financed: fenToYuan(more).toFixed(2),
        });
      }
    }
    await transition(tx, actor, app, 'S4', {
      action: 'acceptConditions',
      now,
      version: input.version,
      set: {
        quote: quoteJson,
        payProportion,
        stagingNumber,
        balloonFen: yuanToFen(balloon),
      },
      text: { key: 'financing.activity.acceptConditions' },
    });
    await tx
      .update(financingApplyItems)
      .set({ amountFen: q.totalFen - q.downPaymentFen, updatedAt: now })
      .where(
        and(
          eq(financingApplyItems.tenantId, app.tenantId),
          eq(financingApplyItems.applicationId, id),
          eq(financingApplyItems.code, 'A3'),
        ),
      );
  });
  return getApplication(deps, side, id);
}

/** The applicant cancels (S1, S3, S4 -> S10). */
export async function cancelApplication(
  deps: AppDeps,
  ctx: RequestContext,
  id: number,
  input: { version: number; reason?: string | null | undefined },
): Promise<Application> {
  await applicantSide(deps, ctx);
  const side: Side = { kind: 'applicant', ctx };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const app = await lockForSide(tx, side, id);
    if (!['S1', 'S3', 'S4'].includes(app.state)) throw stateRefusal(ctx.lang, app.state, 'cancel');
    await transition(tx, { ...actorOf(ctx, 'applicant'), lang: ctx.lang }, app, 'S10', {
      action: 'cancel',
      now,
      version: input.version,
      set: { cancelledAt: now, reviewStage: null },
      note: input.reason ?? null,
      text: { key: 'financing.activity.cancel' },
    });
  });
  return getApplication(deps, side, id);
}
