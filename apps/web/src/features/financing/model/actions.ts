import type { Application, FinancingState } from '@fleetdesk/contracts/financing';

/** What a screen can offer on an application. */
export type AppAction =
  | 'edit'
  | 'submit'
  | 'cancel'
  | 'conditions'
  | 'loanApply'
  | 'contract'
  | 'editVoucher'
  | 'pay'
  | 'payoff'
  | 'depositReturn'
  | 'audit'
  | 'checkVoucher'
  | 'loanConfirm'
  | 'disburse'
  | 'record';

/** The element each action needs (applicant writes edit/apply; money moved pay, the disbursement too; decisions audit). */
export const ACTION_ELEMENT: Record<AppAction, string> = {
  edit: 'finance:edit',
  submit: 'finance:apply',
  cancel: 'finance:edit',
  conditions: 'finance:apply',
  loanApply: 'finance:apply',
  contract: 'finance',
  editVoucher: 'finance:edit',
  pay: 'finance:pay',
  payoff: 'finance:pay',
  depositReturn: 'finance:apply',
  audit: 'finance:audit',
  checkVoucher: 'finance:audit',
  loanConfirm: 'finance:audit',
  disburse: 'finance:pay',
  record: 'finance:pay',
};

/** Server action names that differ from ours. */
const ALIASES: Record<string, AppAction> = {
  update: 'edit',
  acceptConditions: 'conditions',
  loan: 'loanApply',
  download: 'contract',
  voucher: 'editVoucher',
  recordPayment: 'record',
};

/**
 * The money and document actions, by state and side (the application's own answer names only its workflow's: the
 * money calls are another service's): the contract PDF once approved, paying and paying off while repaying (the
 * financier records), the deposit's return once settled.
 */
function moneyActions(state: FinancingState, side: 'applicant' | 'financier'): AppAction[] {
  const out: AppAction[] = [];
  if (state === 'S7') out.push(...(side === 'applicant' ? (['pay', 'payoff'] as const) : (['record'] as const)));
  if (state === 'S8' && side === 'applicant') out.push('depositReturn');
  if (['S4', 'S5', 'S6', 'S7', 'S8'].includes(state)) out.push('contract');
  return out;
}

/**
 * The actions to offer: the workflow's as the server names them (what the caller may do now: edit, submit,
 * cancel, accept conditions, loan request, vouchers; audit, voucher check, loan confirmation, disbursement), the
 * money and document ones by state; each only with its element (a button is hidden without it; the server checks
 * again).
 */
export function offeredActions(
  a: Pick<Application, 'state' | 'reviewStage' | 'actions'>,
  side: 'applicant' | 'financier',
  can: (code: string) => boolean,
): Set<AppAction> {
  const named = (a.actions ?? []).map((x) => ALIASES[x] ?? x).filter((x): x is AppAction => x in ACTION_ELEMENT);
  return new Set([...named, ...moneyActions(a.state, side)].filter((x) => can(ACTION_ELEMENT[x])));
}
