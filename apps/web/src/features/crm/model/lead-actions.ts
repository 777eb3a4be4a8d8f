import { LEAD_TRANSITIONS, type LeadState } from '@fleetdesk/contracts/crm';
import type { Access } from '../../../lib/access';

/** What a lead's page may offer, in the order of its buttons. */
export const LEAD_ACTIONS = [
  'followUp',
  'claim',
  'release',
  'assign',
  'convert',
  'edit',
  'pause',
  'resume',
  'reopen',
  'lost',
  'delete',
] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];

export const OPEN_STATES: readonly LeadState[] = ['new', 'following', 'paused'];

export interface LeadFacts {
  state: LeadState;
  ownerId: number | null;
}

const can = (from: LeadState, to: LeadState) => (LEAD_TRANSITIONS[from] as readonly LeadState[]).includes(to);

/**
 * The buttons of a lead's page for its state, its owner and the user's elements (the server checks again: data
 * scope, the claim limits). A pool lead is claimed before it is worked on; a won lead is final (nothing but
 * reading); a lost one can be reopened.
 */
export function leadActions(lead: LeadFacts, access: Pick<Access, 'can'>, userId: number | null): LeadAction[] {
  const open = OPEN_STATES.includes(lead.state);
  const pool = lead.ownerId === null;
  const edit = access.can('crm:edit');
  const out = new Set<LeadAction>();
  if (open && edit) {
    if (pool) out.add('claim');
    out.add('followUp');
    if (!pool && lead.ownerId === userId) out.add('release');
    if (access.can('rentDriver:add')) out.add('convert');
    out.add('edit');
    if (can(lead.state, 'paused')) out.add('pause');
    if (lead.state === 'paused' && can('paused', 'following')) out.add('resume');
    if (can(lead.state, 'lost')) out.add('lost');
  }
  if (open && access.can('crm:assign')) out.add('assign');
  if (lead.state === 'lost' && edit && can('lost', 'following')) out.add('reopen');
  if (lead.state !== 'won' && access.can('crm:delete')) out.add('delete');
  return LEAD_ACTIONS.filter((a) => out.has(a));
}
