import {
  NOTARIZATION_OPEN_STATES,
  type NotarizationState,
  type NotarySandboxAction,
} from '@fleetdesk/contracts/notarization';
import type { Access } from '../../../lib/access';

export const APPLICATION_ACTIONS = ['edit', 'delete', 'submit', 'supplement', 'withdraw', 'dossier'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** The element each action needs. */
const ELEMENT: Record<ApplicationAction, string> = {
  edit: 'notarization:add',
  delete: 'notarization:delete',
  submit: 'notarization:apply',
  supplement: 'notarization:add',
  withdraw: 'notarization:apply',
  dossier: 'notarization:export',
};

/** Whether the state allows the action (the server decides again). */
function allowed(action: ApplicationAction, state: NotarizationState): boolean {
  switch (action) {
    case 'edit':
    case 'delete':
    case 'submit':
      return state === 'draft';
    case 'supplement':
      return state === 'supplement';
    case 'withdraw':
      return NOTARIZATION_OPEN_STATES.includes(state);
    case 'dossier':
      return true;
  }
}

/** The actions an application offers: those its state allows and the user's elements permit, in this order. */
export function applicationActions(state: NotarizationState, access: Pick<Access, 'can'>): ApplicationAction[] {
  return APPLICATION_ACTIONS.filter((a) => allowed(a, state) && access.can(ELEMENT[a]));
}

/** The contract states an application (and the e-signature tab's "apply") may start from: signed ones. */
export const NOTARIZABLE_STATES = ['signed', 'completed', 'terminated'] as const;
/** The contract types that may be notarized (a short-term rental is not). */
export const NOTARIZABLE_TYPES = ['longTerm', 'rentToOwn'] as const;

/** Whether a contract may have a notarization application (the e-signature tab's "apply" link). */
export function notarizable(contract: { state: string; type?: string }): boolean {
  return (
    (NOTARIZABLE_STATES as readonly string[]).includes(contract.state) &&
    (contract.type === undefined || (NOTARIZABLE_TYPES as readonly string[]).includes(contract.type))
  );
}

/**
 * The sandbox notary's actions by the case's state (the sandbox office's own rules): accept or refuse a submitted
 * case; ask for a supplement, notarize or refuse one under review; refuse one waiting for its supplement.
 */
export function notaryActions(state: NotarizationState): NotarySandboxAction['action'][] {
  if (state === 'submitted') return ['accept', 'reject'];
  if (state === 'reviewing') return ['askSupplement', 'notarize', 'reject'];
  if (state === 'supplement') return ['reject'];
  return [];
}
