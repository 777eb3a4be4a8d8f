import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../lib/request';
import { followUpProblems } from '../components/lead-dialogs';
import { leadActions } from '../model/lead-actions';
import { changeKind, moveQuestion, newQuestion, nextQuestionId, surveyProblems } from '../model/questions';
import { crmTabs } from '../model/tabs';
import { funnelRange } from '../pages/funnel-tab';
import { failureOf } from '../pages/public-survey-page';

const access = (codes: string[]) => ({ can: (c: string) => codes.includes(c) });
const ALL = ['crm:view', 'crm:add', 'crm:edit', 'crm:delete', 'crm:assign', 'rentDriver:add'];

describe('the lead actions', () => {
  it('follow the state, the owner and the elements', () => {
    expect(leadActions({ state: 'new', ownerId: 1 }, access(ALL), 1)).toEqual([
      'followUp',
      'release',
      'assign',
      'convert',
      'edit',
      'pause',
      'lost',
      'delete',
    ]);
    // A pool lead is claimed first; nobody releases it.
    expect(leadActions({ state: 'following', ownerId: null }, access(['crm:edit']), 1)).toEqual([
      'followUp',
      'claim',
      'edit',
      'pause',
      'lost',
    ]);
    // Another's lead: no release; without rentDriver:add no conversion.
    expect(leadActions({ state: 'following', ownerId: 2 }, access(['crm:edit']), 1)).toEqual([
      'followUp',
      'edit',
      'pause',
      'lost',
    ]);
    expect(leadActions({ state: 'paused', ownerId: 1 }, access(['crm:edit']), 1)).toEqual([
      'followUp',
      'release',
      'edit',
      'resume',
      'lost',
    ]);
    expect(leadActions({ state: 'lost', ownerId: 1 }, access(ALL), 1)).toEqual(['reopen', 'delete']);
    // Won is final.
    expect(leadActions({ state: 'won', ownerId: 1 }, access(ALL), 1)).toEqual([]);
    // Reading only: nothing.
    expect(leadActions({ state: 'new', ownerId: 1 }, access(['crm:view']), 1)).toEqual([]);
  });

  it('the tabs: settings need crm:edit, nothing without crm:view', () => {
    expect(crmTabs(access(['crm:view']))).toEqual(['leads', 'followUps', 'funnel', 'surveys']);
    expect(crmTabs(access(['crm:view', 'crm:edit']))).toContain('settings');
    expect(crmTabs(access([]))).toEqual([]);
  });
});

describe('the follow-up form checks', () => {
  const now = dayjs('2026-02-28T10:00:00');
  it('needs content, a time not in the future, a next time after it', () => {
    expect(followUpProblems({ content: ' ', at: now }, now)).toEqual({ content: 'followUp.contentRequired' });
    expect(followUpProblems({ content: 'x'.repeat(501), at: now }, now)).toEqual({ content: 'followUp.contentLong' });
    expect(followUpProblems({ content: 'ok', at: now.add(1, 'day') }, now)).toEqual({ at: 'followUp.atFuture' });
    expect(followUpProblems({ content: 'ok', at: now, nextAt: now }, now)).toEqual({ nextAt: 'followUp.nextAfter' });
    // 29 February of a leap year is a day like any other.
    const leap = dayjs('2028-02-29T09:00:00');
    expect(followUpProblems({ content: 'ok', at: leap, nextAt: leap.add(1, 'day'), nextStep: 'call' }, leap)).toEqual(
      {},
    );
  });
});

describe('the survey editor model', () => {
  it('numbers questions by the highest id, moves and changes kinds', () => {
    expect(nextQuestionId([{ id: 'q1' }, { id: 'q7' }, { id: 'q3' }])).toBe('q8');
    const single = newQuestion('single', []);
    expect(single).toEqual({ id: 'q1', kind: 'single', title: '', required: true, options: ['', ''] });
    expect(changeKind(single, 'rating').options).toEqual([]);
    expect(changeKind({ ...single, options: ['a', 'b', 'c'] }, 'multiple').options).toEqual(['a', 'b', 'c']);
    expect(moveQuestion(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveQuestion(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('refuses empty titles and bad options', () => {
    const q = (patch: object) => ({ ...newQuestion('single', []), title: 'Q', options: ['a', 'b'], ...patch });
    expect(surveyProblems([q({})])).toEqual({});
    expect(surveyProblems([q({ title: ' ' })])).toEqual({ q1: { title: 'editor.titleRequired' } });
    expect(surveyProblems([q({ options: ['a'] })])).toEqual({ q1: { options: 'editor.optionCount' } });
    expect(surveyProblems([q({ options: ['a', ''] })])).toEqual({ q1: { options: 'editor.optionEmpty' } });
    expect(surveyProblems([q({ options: ['a', 'a'] })])).toEqual({ q1: { options: 'editor.optionTwice' } });
    expect(surveyProblems([{ ...newQuestion('text', []), title: 'Why?' }])).toEqual({});
  });
});

describe('the funnel range', () => {
  it('defaults to the last 6 months and keeps at most 24', () => {
    const today = dayjs('2026-03-31');
    expect(funnelRange(new URLSearchParams(), today)).toEqual({ from: '2025-10', to: '2026-03' });
    expect(funnelRange(new URLSearchParams('from=2020-01&to=2026-03&rentId=7'), today)).toEqual({
      from: '2024-04',
      to: '2026-03',
      rentId: 7,
    });
    expect(funnelRange(new URLSearchParams('from=2026-05&to=2026-03'), today)).toEqual({
      from: '2026-03',
      to: '2026-03',
    });
  });
});

describe('a refused survey link', () => {
  const refused = (status: number, code?: string, message = '') =>
    new RequestError('http', 'x', status, { status, message, ...(code ? { code } : {}) });
  it('is invalid, answered, expired or closed', () => {
    expect(failureOf(refused(404))).toBe('invalid');
    expect(failureOf(refused(409))).toBe('answered');
    expect(failureOf(refused(410, undefined, 'The link has expired'))).toBe('expired');
    expect(failureOf(refused(410, 'survey.closed'))).toBe('closed');
    expect(failureOf(new Error('x'))).toBe('error');
  });
});
