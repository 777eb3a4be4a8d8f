import type { FeedbackRow } from '@fleetdesk/contracts/feedback';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { RENTS } from '../../../test/fixtures';

export const FIRST = { timeout: 60_000 };
export const SLOW = { timeout: 20_000 };
export const SEND = '/api/ccwadmin/rentFeedback';
export const MINE = '/api/ccwadmin/rentFeedback/mine';
export const DESK = '/api/ccwadmin/platform/feedback';
export const UPLOAD = '/api/tool/oss/upload/feedback';

export const feedback = (patch: Partial<FeedbackRow> = {}): FeedbackRow => ({
  id: 1,
  tenantId: 3,
  tenantName: 'Demo Rentals',
  userName: 'Zhang Wei',
  content: 'The driver list loses its filters after a reload',
  images: [],
  contact: '13800000001',
  page: '/rentDriver',
  state: 'new',
  answer: null,
  answeredAt: null,
  createdAt: '2026-11-20T02:00:00Z',
  ...patch,
});

export const paged = (rows: FeedbackRow[], req: FakeRequest, total = rows.length) =>
  ok({
    rows,
    total,
    pageNum: Number(req.query.get('pageNum') ?? 1),
    pageSize: Number(req.query.get('pageSize') ?? 10),
  });

/** The user-info answer of the session (as `sessionServer`'s), of an operator's user or not. */
export function userInfo(platformOperator: boolean): Record<string, () => FakeAnswer> {
  return {
    'GET /api/admin/client/user/userInfo/:id': () =>
      ok({
        id: 1,
        name: platformOperator ? 'Fleetdesk Ops' : 'Zhang Wei',
        username: platformOperator ? 'operator' : 'admin',
        mobilePhone: '13800000001',
        email: null,
        profilePhoto: null,
        tenantId: 3,
        tenantName: platformOperator ? 'Fleetdesk Platform' : 'Demo Rentals',
        rentId: 7,
        rentCode: 'HZ',
        rentName: 'Demo Rentals Hangzhou',
        rentCity: 'Hangzhou',
        shortRentName: 'Hangzhou',
        rents: RENTS,
        platformOperator,
      }),
  };
}
