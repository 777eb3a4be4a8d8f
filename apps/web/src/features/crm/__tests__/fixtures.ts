import type { LeadDetail, LeadRow, LeadState } from '@fleetdesk/contracts/crm';
import type { SurveyDetail } from '@fleetdesk/contracts/surveys';
import type { Account } from '../../../test/fixtures';
import { ok, type FakeAnswer } from '../../../test/fake-server';

export const API = '/api/ccwadmin';
export const SLOW = { timeout: 20_000 };
/** The first screen of a test loads the shell and the area's chunk: slow on a busy machine. */
export const FIRST = { timeout: 90_000 };
export const paged = (rows: unknown[], extra: object = {}): FakeAnswer =>
  ok({ rows, total: rows.length, pageNum: 1, pageSize: 20, ...extra });

/** The demo's sales adviser (销售顾问): view, add, edit, export; drivers view/add; no assign, no delete. */
export const SALES: Account = {
  menus: ['crm', 'rentDriver', 'rentContract'],
  elements: ['crm:view', 'crm:add', 'crm:edit', 'crm:export', 'rentDriver:view', 'rentDriver:add', 'rentContract:view'],
};
/** Reads only. */
export const VIEWER: Account = { menus: ['crm'], elements: ['crm:view'] };

export function leadRow(patch: Partial<LeadRow> = {}): LeadRow {
  return {
    id: 41,
    kind: 'person',
    name: 'Li Ming',
    companyName: null,
    phone: '13812345678',
    phoneMasked: false,
    source: 'walkIn',
    intent: 'strong',
    state: 'following',
    rentId: 7,
    rentName: 'Hangzhou',
    ownerId: 1,
    ownerName: 'Zhang Wei',
    lastFollowUpAt: '2026-12-04T02:00:00.000Z',
    lastFollowUpText: 'Wants a BYD Qin',
    nextFollowUpAt: '2026-12-06T02:00:00.000Z',
    overdue: false,
    daysToPool: 12,
    createdAt: '2026-11-20T02:00:00.000Z',
    labels: [{ id: 3, name: 'Hot', color: '#f00' }],
    ...patch,
  };
}

export function leadDetail(state: LeadState, patch: Partial<LeadDetail> = {}): LeadDetail {
  return {
    ...leadRow({ state }),
    wantedCar: 'BYD Qin PLUS',
    budgetYuan: 4500,
    contractKind: 'longTerm',
    ownerSince: '2026-11-20T02:00:00.000Z',
    lostReason: state === 'lost' ? 'Rented elsewhere' : null,
    followUpCount: 1,
    driverId: state === 'won' ? 88 : null,
    driverName: state === 'won' ? 'Li Ming' : null,
    wonAt: state === 'won' ? '2026-12-01T02:00:00.000Z' : null,
    remark: null,
    createdById: 1,
    createdByName: 'Zhang Wei',
    updatedAt: '2026-12-04T02:00:00.000Z',
    version: 3,
    ownerLog: [
      {
        id: 1,
        action: 'create',
        fromUserId: null,
        fromUserName: null,
        toUserId: 1,
        toUserName: 'Zhang Wei',
        byUserId: 1,
        byUserName: 'Zhang Wei',
        at: '2026-11-20T02:00:00.000Z',
      },
    ],
    transitions: [],
    ...patch,
  };
}

export const followUp = {
  id: 5,
  leadId: 41,
  leadName: 'Li Ming',
  leadCompanyName: null,
  leadState: 'following',
  userId: 1,
  userName: 'Zhang Wei',
  at: '2026-12-04T02:00:00.000Z',
  way: 'phone',
  content: 'Wants a BYD Qin',
  nextStep: 'Test drive',
  nextAt: '2026-12-06T02:00:00.000Z',
  createdAt: '2026-12-04T02:00:00.000Z',
};

export function surveyDetail(patch: Partial<SurveyDetail> = {}): SurveyDetail {
  return {
    id: 9,
    title: 'Service survey',
    state: 'draft',
    questionCount: 1,
    invited: 0,
    answered: 0,
    createdByName: 'Zhang Wei',
    createdAt: '2026-12-01T02:00:00.000Z',
    updatedAt: '2026-12-01T02:00:00.000Z',
    publishedAt: null,
    closedAt: null,
    version: 2,
    intro: null,
    questions: [
      { id: 'q1', kind: 'single', title: 'How did you hear of us?', required: true, options: ['Friend', 'Ad'] },
    ],
    ...patch,
  };
}
