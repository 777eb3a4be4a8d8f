import type { Application } from '@fleetdesk/contracts/financing';

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

/** The element each action needs (design: applicant writes add/edit/apply, paying pay, financier decisions audit). */
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
  disburse: 'finance:audit',
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

/** By state and side, when the server's answer names no action. */
function byState(a: Pick<Application, 'state' | 'reviewStage'>, side: 'applicant' | 'financier'): AppAction[] {
  if (side === 'financier') {
    switch (a.state) {
      case 'S2':
        return a.reviewStage === 'internal' ? [] : ['audit'];
      case 'S5':
        return ['checkVoucher', 'loanConfirm', 'contract'];
      case 'S6':
        return ['checkVoucher', 'disburse', 'contract'];
      case 'S7':
        return ['record', 'contract'];
      default:
        return a.state === 'S4' || a.state === 'S8' ? ['contract'] : [];
    }
  }
  switch (a.state) {
    case 'S1':
      return ['edit', 'submit', 'cancel'];
    case 'S3':
      return ['conditions', 'cancel'];
    case 'S4':
      return ['loanApply', 'editVoucher', 'cancel', 'contract'];
    case 'S5':
    case 'S6':
      return ['editVoucher', 'contract'];
    case 'S7':
      return ['pay', 'payoff', 'contract'];
    case 'S8':
      return ['depositReturn', 'contract'];
    default:
      return [];
  }
}

/**
 * The actions to offer: the server's list (what the caller may do now) when it gives one, else the state's; each
 * only with its element (a button is hidden without it; the server checks again).
 */
export function offeredActions(
  a: Pick<Application, 'state' | 'reviewStage' | 'actions'>,
  side: 'applicant' | 'financier',
  can: (code: string) => boolean,
): Set<AppAction> {
  const named = (a.actions ?? []).map((x) => ALIASES[x] ?? x).filter((x): x is AppAction => x in ACTION_ELEMENT);
  const list = a.actions && a.actions.length > 0 ? named : byState(a, side);
  return new Set(list.filter((x) => can(ACTION_ELEMENT[x])));
}
