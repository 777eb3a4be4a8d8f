import { z } from 'zod';
import { Version, Yuan } from './common.js';
import { DisburseInput, FinancingState, Repayment } from './financing.js';
import { PayInfo } from './payments.js';

/**
 * The money side's call shapes beyond `financing.ts` (whose paths and inputs the money calls use): what a step
 * of the loan answers, the disbursement with its amount, and what a payment answers (the online payment's QR
 * code from the payments area).
 */

const base = '/api/ccwadmin';

/** The money side's calls beyond `FinancingPaths`. */
export const FinancingMoneyPaths = {
  /** S5 → S4: the financier returns the loan request (the vouchers do not do), with a note. */
  loanReturn: `${base}/rentFinancingCar/loan/return/:id`,
} as const;

export const LoanReturnInput = z.strictObject({
  version: Version,
  note: z.string().trim().min(1, { message: 'v.financingReason' }).max(500),
});

/** The application after a loan step (loan apply, confirm, disburse): its new state and version. */
export const MoneyStep = z.object({
  id: z.number().int(),
  code: z.string(),
  state: FinancingState,
  version: z.number().int(),
});
export type MoneyStep = z.infer<typeof MoneyStep>;

/** `rentFinancingCar/disburse/{id}`: the day (absent: today) and the amount, which must be the amount financed. */
export const DisburseMoneyInput = DisburseInput.extend({
  amount: Yuan.optional().describe('the amount disbursed; must equal the approved amount financed'),
});
export type DisburseMoneyInput = z.infer<typeof DisburseMoneyInput>;

/** A payment's answer: the repayment, and for an online one the payments area's QR code to pay it with. */
export const PayAnswer = z.object({ repayment: Repayment, payInfo: PayInfo.nullable() });
export type PayAnswer = z.infer<typeof PayAnswer>;

/** Confirming a declared transfer (the financier): received, or refused with a note. */
export const ConfirmRepaymentInput = z
  .strictObject({ approve: z.boolean().default(true), note: z.string().trim().max(500).nullish() })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'v.financingReason' });
  });
