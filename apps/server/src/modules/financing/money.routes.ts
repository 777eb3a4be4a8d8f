import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged, yuanToFen } from '@fleetdesk/contracts/common';
import {
  CodeParam,
  CreateRepaymentInput,
  DecideInput,
  DepositReturn,
  DepositReturnInput,
  DepositReturnListQuery,
  FinancingInstalment,
  FinancingPaths,
  InstalmentListQuery,
  LoanApplyQuery,
  LoanConfirmInput,
  PayoffInput,
  PayoffQuote,
  PayQuery,
  Repayment,
  RepaymentDetail,
  RepaymentListQuery,
  Waiver,
  WaiverInput,
  WaiverListQuery,
} from '@fleetdesk/contracts/financing';
import {
  ConfirmRepaymentInput,
  DisburseMoneyInput,
  FinancingMoneyPaths,
  LoanReturnInput,
  MoneyStep,
  PayAnswer,
} from '@fleetdesk/contracts/financing-money';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { tenantDays } from '../../core/tenant-time.js';
import { applyDepositReturn, decideDepositReturn, listDepositReturns } from './deposit-returns.service.js';
import { instalmentByCode, instalmentRow, listInstalments, notPaying } from './instalments.service.js';
import { decideWaiver, listWaivers, requestWaiver } from './late-fees.waivers.js';
import { applyItemsOfApp, applyLoan, confirmLoan, disburse, returnLoan, termsOf } from './loans.service.js';
import { sideOf } from './financier.js';
import { applicationOf, type ApplicationRow } from './money.side.js';
import { payoffQuote } from './payoff.service.js';
import { confirmRepayment, getRepayment, listRepayments, pay, payOff, repaymentDetail } from './repayments.service.js';

/**
 * The money side of financing (docs/financing.md "Money"): loan request, confirmation and disbursement, the
 * instalments, payments and repayments, late-fee waivers, the early payoff and the deposit return. Both sides call
 * the same routes where both need them; the services branch on the side (`money.side.ts`).
 */
const tags = ['financing'];
const read = access.permission('finance');
const apply = access.permission('finance:apply');
const audit = access.permission('finance:audit');
const payPermission = access.permission('finance:pay');
const target = { targetType: 'financing' };

const step = (app: ApplicationRow) => ({
  id: app.id,
  code: app.code,
  state: app.state as MoneyStep['state'],
  version: app.version,
});

export async function moneyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const caller = (req: FastifyRequest) => sideOf(deps, req.ctx);

  // ---- The loan

  app.post(FinancingPaths.loanApply, {
    schema: {
      tags,
      summary: 'The applicant requests the loan for some apply items (query items=A3,A1; absent: every item): S4 → S5',
      params: IdParam,
      querystring: LoanApplyQuery,
      response: { 200: envelope(MoneyStep) },
    },
    config: { access: apply, audit: target },
    handler: async (req) => {
      const c = await caller(req);
      let items = req.query.items;
      if (!items || items.length === 0) {
        const a = await applicationOf(deps.db, c, req.params.id);
        items = (await applyItemsOfApp(deps.db, a)).map((i) => i.code as 'A1' | 'A2' | 'A3');
      }
      return ok(step(await applyLoan(deps, c, req.params.id, items, req.query.version)));
    },
  });

  app.post(FinancingPaths.loanConfirm, {
    schema: {
      tags,
      summary: 'The financier confirms the loan request after checking the vouchers: S5 → S6',
      params: IdParam,
      body: LoanConfirmInput,
      response: { 200: envelope(MoneyStep) },
    },
    config: { access: audit, audit: target },
    handler: async (req) =>
      ok(step(await confirmLoan(deps, await caller(req), req.params.id, req.body.note, req.body.version))),
  });

  app.post(FinancingMoneyPaths.loanReturn, {
    schema: {
      tags,
      summary: 'The financier returns the loan request to the applicant with a note: S5 → S4',
      params: IdParam,
      body: LoanReturnInput,
      response: { 200: envelope(MoneyStep) },
    },
    config: { access: audit, audit: target },
    handler: async (req) =>
      ok(step(await returnLoan(deps, await caller(req), req.params.id, req.body.note, req.body.version))),
  });

  app.post(FinancingPaths.disburse, {
    schema: {
      tags,
      summary:
        'The financier records the disbursement (day, amount = the amount financed): S6 → S7, the schedule is made',
      params: IdParam,
      body: DisburseMoneyInput,
      response: { 200: envelope(MoneyStep) },
    },
    config: { access: payPermission, audit: target },
    handler: async (req) => {
      const c = await caller(req);
      const date = req.body.disbursedDate ?? (await tenantDays(deps.db, req.ctx.tenantId, deps.clock.now())).today;
      let amountFen = req.body.amount === undefined ? undefined : yuanToFen(req.body.amount);
      if (amountFen === undefined) amountFen = termsOf(await applicationOf(deps.db, c, req.params.id)).financedFen;
      const moved = await disburse(deps, c, req.params.id, {
        date,
        amountFen,
        version: req.body.version,
        note: req.body.note,
      });
      return ok(step(moved));
    },
  });

  // ---- Instalments

  app.get(FinancingPaths.details, {
    schema: {
      tags,
      summary: 'Instalments (paged, oldest due first): the applicant’s in its data scope, the financier’s own',
      querystring: InstalmentListQuery,
      response: { 200: envelope(paged(FinancingInstalment)) },
    },
    config: { access: read },
    handler: async (req) => {
      const { rows, total } = await listInstalments(deps, await caller(req), req.query, req);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(FinancingPaths.notPaying, {
    schema: {
      tags,
      summary: 'Instalments due by today and not paid, oldest first (at most 500)',
      querystring: z.object({ applicationId: IdParam.shape.id.optional() }),
      response: { 200: envelope(z.array(FinancingInstalment)) },
    },
    config: { access: read },
    handler: async (req) => ok(await notPaying(deps, await caller(req), req, req.query.applicationId)),
  });

  app.get(FinancingPaths.detailByCode, {
    schema: {
      tags,
      summary: 'One instalment by its code (application code + period)',
      params: CodeParam,
      response: { 200: envelope(FinancingInstalment) },
    },
    config: { access: read },
    handler: async (req) => ok(await instalmentByCode(deps, await caller(req), req.params.code, req)),
  });

  app.post(FinancingPaths.pay, {
    schema: {
      tags,
      summary:
        'Pays an instalment (and the older ones first): the applicant online (answers the QR code) or as a declared transfer; the financier records money received',
      params: IdParam,
      querystring: PayQuery,
      response: { 200: envelope(PayAnswer) },
    },
    config: { access: payPermission, audit: target },
    handler: async (req) => {
      const c = await caller(req);
      const inst = await instalmentRow(deps.db, c, req.params.id);
      return ok(
        await pay(deps, c, Number(inst.application_id), {
          amountFen: yuanToFen(req.query.amount),
          method: req.query.method,
          note: req.query.note ?? null,
          upToPeriod: Number(inst.period),
        }),
      );
    },
  });

  // ---- Repayments

  app.post(FinancingPaths.createRepayment, {
    schema: {
      tags,
      summary:
        'A payment covering several instalments, allocated oldest first (late fee, interest, principal); kind payoff pays the early payoff',
      body: CreateRepaymentInput,
      response: { 200: envelope(PayAnswer) },
    },
    config: { access: payPermission, audit: target },
    handler: async (req) => {
      const c = await caller(req);
      const amountFen = yuanToFen(req.body.amount);
      if (req.body.kind === 'payoff') {
        const a = await applicationOf(deps.db, c, req.body.applicationId);
        return ok(
          await payOff(deps, c, a.id, { version: a.version, method: req.body.method, amountFen, note: req.body.note }),
        );
      }
      return ok(
        await pay(deps, c, req.body.applicationId, { amountFen, method: req.body.method, note: req.body.note ?? null }),
      );
    },
  });

  app.get(FinancingPaths.repayments, {
    schema: {
      tags,
      summary: 'Repayments, newest first (both sides)',
      querystring: RepaymentListQuery,
      response: { 200: envelope(paged(Repayment)) },
    },
    config: { access: read },
    handler: async (req) => {
      const { rows, total } = await listRepayments(deps, await caller(req), req.query, req);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(FinancingPaths.repayment, {
    schema: { tags, summary: 'One repayment', params: IdParam, response: { 200: envelope(Repayment) } },
    config: { access: read },
    handler: async (req) => ok(await getRepayment(deps, await caller(req), req.params.id, req)),
  });

  app.get(FinancingPaths.repaymentDetail, {
    schema: {
      tags,
      summary: 'One repayment with its allocation lines (instalment, late fee, interest, principal)',
      params: IdParam,
      response: { 200: envelope(RepaymentDetail) },
    },
    config: { access: read },
    handler: async (req) => ok(await repaymentDetail(deps, await caller(req), req.params.id, req)),
  });

  app.post(FinancingPaths.confirmRepayment, {
    schema: {
      tags,
      summary: 'The financier confirms a declared transfer as received (allocated then), or refuses it with a note',
      params: IdParam,
      body: ConfirmRepaymentInput,
      response: { 200: envelope(Repayment) },
    },
    config: { access: payPermission, audit: target },
    handler: async (req) => ok(await confirmRepayment(deps, await caller(req), req.params.id, req.body)),
  });

  // ---- Late-fee waivers

  app.post(FinancingPaths.requestWaiver, {
    schema: {
      tags,
      summary: 'The applicant asks to waive (part of) an instalment’s unpaid late fee, with a reason',
      params: IdParam,
      body: WaiverInput,
      response: { 200: envelope(Waiver) },
    },
    config: { access: apply, audit: target },
    handler: async (req) =>
      ok(
        await requestWaiver(deps, await caller(req), req.params.id, {
          amountFen: yuanToFen(req.body.amount),
          reason: req.body.reason,
        }),
      ),
  });

  app.get(FinancingPaths.waivers, {
    schema: {
      tags,
      summary: 'Waiver requests, newest first (both sides)',
      querystring: WaiverListQuery,
      response: { 200: envelope(paged(Waiver)) },
    },
    config: { access: read },
    handler: async (req) => {
      const { rows, total } = await listWaivers(deps, await caller(req), req.query, req);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(FinancingPaths.decideWaiver, {
    schema: {
      tags,
      summary: 'The financier approves or refuses (with a note) a waiver request',
      params: IdParam,
      body: DecideInput,
      response: { 200: envelope(Waiver) },
    },
    config: { access: audit, audit: target },
    handler: async (req) => ok(await decideWaiver(deps, await caller(req), req.params.id, req.body)),
  });

  // ---- Early payoff

  app.get(FinancingPaths.payoffQuote, {
    schema: {
      tags,
      summary: 'The early payoff today: remaining principal + break fee + overdue + late fees - deposit (S7)',
      params: IdParam,
      response: { 200: envelope(PayoffQuote) },
    },
    config: { access: read },
    handler: async (req) => ok(await payoffQuote(deps, await caller(req), req.params.id, req)),
  });

  app.post(FinancingPaths.payoff, {
    schema: {
      tags,
      summary:
        'Pays the early payoff (the amount must be today’s total): recorded by the financier, or online / transfer by the applicant; S7 → S8 when paid',
      params: IdParam,
      body: PayoffInput,
      response: { 200: envelope(PayAnswer) },
    },
    config: { access: payPermission, audit: target },
    handler: async (req) =>
      ok(
        await payOff(deps, await caller(req), req.params.id, {
          version: req.body.version,
          method: req.body.method,
          amountFen: yuanToFen(req.body.amount),
          note: req.body.note,
        }),
      ),
  });

  // ---- Deposit return

  app.post(FinancingPaths.depositReturnApply, {
    schema: {
      tags,
      summary: 'After settlement (S8): the return of the deposit still held, minus deductions with their reasons',
      params: IdParam,
      body: DepositReturnInput,
      response: { 200: envelope(DepositReturn) },
    },
    config: { access: apply, audit: target },
    handler: async (req) => ok(await applyDepositReturn(deps, await caller(req), req.params.id, req.body)),
  });

  app.get(FinancingPaths.depositReturns, {
    schema: {
      tags,
      summary: 'Deposit returns, newest first (both sides)',
      querystring: DepositReturnListQuery,
      response: { 200: envelope(paged(DepositReturn)) },
    },
    config: { access: read },
    handler: async (req) => {
      const { rows, total } = await listDepositReturns(deps, await caller(req), req.query, req);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(FinancingPaths.decideDepositReturn, {
    schema: {
      tags,
      summary: 'The financier approves or refuses (with a note) a deposit return',
      params: IdParam,
      body: DecideInput,
      response: { 200: envelope(DepositReturn) },
    },
    config: { access: audit, audit: target },
    handler: async (req) => ok(await decideDepositReturn(deps, await caller(req), req.params.id, req.body)),
  });
}
