import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClockRecord } from '@fleetdesk/contracts/attendance';
import { SavedFilterPaths } from '@fleetdesk/contracts/saved-filters';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const FIRST = { timeout: 60_000 };
const SLOW = { timeout: 20_000 };
const T = '/api/ccwadmin/oa/attendance';
const where = () => screen.getByTestId('location').textContent ?? '';
const NO_SAVED_FILTERS = { [`GET ${SavedFilterPaths.list}`]: () => ok([]) };

const record = (id: number): ClockRecord => ({
  id,
  userId: 1,
  userName: `Clerk ${id}`,
  departmentName: null,
  kind: 'in',
  at: '2026-10-24T01:20:00Z',
  day: '2026-10-24',
  latitude: null,
  longitude: null,
  address: null,
  source: 'web',
  mark: null,
});

describe('attendance records list', () => {
  it('takes its month from the address, shows it, and asks the server for page 2', async () => {
    await setLanguage('en-US');
    signedIn();
    const s = sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      [`GET ${T}/record/list`]: (req) => {
        const page = Number(req.query.get('pageNum'));
        return ok({ rows: [record(page)], total: 30, pageNum: page, pageSize: 20 });
      },
    });
    renderApp('/oaAttendance?tab=records&month=2026-10');
    expect(await screen.findByText('Clerk 1', {}, FIRST)).toBeInTheDocument();
    expect(Object.fromEntries(s.calls('GET', `${T}/record/list`)[0]!.query)).toEqual({
      pageNum: '1',
      pageSize: '20',
      month: '2026-10',
    });
    expect(within(screen.getByRole('search')).getByLabelText('Month')).toHaveValue('2026-10');
    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('Clerk 2', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('GET', `${T}/record/list`).at(-1)!.query.get('pageNum')).toBe('2');
    expect(s.calls('GET', `${T}/record/list`).at(-1)!.query.get('month')).toBe('2026-10');
    expect(where()).toBe('/oaAttendance?tab=records&month=2026-10&pageNum=2');
  }, 120_000);

  it('opens on a month (put in the address) and says when it has no record (Chinese)', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const s = sessionServer(ADMIN, {
      ...NO_SAVED_FILTERS,
      [`GET ${T}/record/list`]: () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/oaAttendance?tab=records');
    expect(await screen.findByText('没有打卡记录', {}, FIRST)).toBeInTheDocument();
    await waitFor(() => expect(where()).toMatch(/^\/oaAttendance\?tab=records&month=\d{4}-\d{2}$/));
    const month = new URLSearchParams(where().split('?')[1]).get('month');
    // Asked once, for the month the address now names.
    expect(s.calls('GET', `${T}/record/list`)).toHaveLength(1);
    expect(s.calls('GET', `${T}/record/list`)[0]!.query.get('month')).toBe(month);
  }, 120_000);
});
