import { describe, expect, it } from 'vitest';
import { NOTARIZATION_STATES } from '@fleetdesk/contracts/notarization';
import { NOTARIZATION_POLL_MS, notarizationQuery } from '../api/notarization';
import { applicationActions, notarizable, notaryActions } from '../model/actions';
import { detail } from './fixtures';

const all = { can: () => true };
const only = (...codes: string[]) => ({ can: (code: string) => codes.includes(code) });

describe('the actions of an application', () => {
  it('follow the state', () => {
    expect(Object.fromEntries(NOTARIZATION_STATES.map((s) => [s, applicationActions(s, all)]))).toEqual({
      draft: ['edit', 'delete', 'submit', 'withdraw', 'dossier'],
      submitted: ['withdraw', 'dossier'],
      reviewing: ['withdraw', 'dossier'],
      supplement: ['supplement', 'withdraw', 'dossier'],
      notarized: ['dossier'],
      rejected: ['dossier'],
      withdrawn: ['dossier'],
    });
  });

  it('need their element: add edits and supplements, delete deletes, apply submits and withdraws, export the dossier', () => {
    expect(applicationActions('draft', only('notarization:view'))).toEqual([]);
    expect(applicationActions('draft', only('notarization:add'))).toEqual(['edit']);
    expect(applicationActions('draft', only('notarization:delete'))).toEqual(['delete']);
    expect(applicationActions('draft', only('notarization:apply'))).toEqual(['submit', 'withdraw']);
    expect(applicationActions('supplement', only('notarization:add'))).toEqual(['supplement']);
    expect(applicationActions('notarized', only('notarization:export'))).toEqual(['dossier']);
  });
});

describe('the sandbox notary’s actions', () => {
  it('follow the case’s state', () => {
    expect(notaryActions('submitted')).toEqual(['accept', 'reject']);
    expect(notaryActions('reviewing')).toEqual(['askSupplement', 'notarize', 'reject']);
    expect(notaryActions('supplement')).toEqual(['reject']);
    expect(notaryActions('notarized')).toEqual([]);
    expect(notaryActions('draft')).toEqual([]);
  });
});

describe('an application is asked again', () => {
  it('every 5 s while the notary works on it (submitted, under review), not otherwise', () => {
    const interval = notarizationQuery(5).refetchInterval as (q: unknown) => number | false;
    const at = (state: (typeof NOTARIZATION_STATES)[number]) => interval({ state: { data: detail(state) } });
    expect(NOTARIZATION_POLL_MS).toBe(5_000);
    expect(at('submitted')).toBe(5_000);
    expect(at('reviewing')).toBe(5_000);
    for (const state of ['draft', 'supplement', 'notarized', 'rejected', 'withdrawn'] as const)
      expect(at(state)).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });
});

describe('a contract may be notarized', () => {
  it('once signed (in force, completed, terminated), unless it is a short-term rental', () => {
    expect(notarizable({ state: 'signed', type: 'longTerm' })).toBe(true);
    expect(notarizable({ state: 'completed', type: 'rentToOwn' })).toBe(true);
    expect(notarizable({ state: 'terminated', type: 'longTerm' })).toBe(true);
    expect(notarizable({ state: 'pending', type: 'longTerm' })).toBe(false);
    expect(notarizable({ state: 'cancelled', type: 'longTerm' })).toBe(false);
    expect(notarizable({ state: 'signed', type: 'shortTerm' })).toBe(false);
  });
});
