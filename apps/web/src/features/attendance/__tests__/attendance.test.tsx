import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClockRecord, Today } from '@fleetdesk/contracts/attendance';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { searchFor } from '../../../test/filter-form';
import { renderApp } from '../../../test/render-app';

const FIRST = { timeout: 60_000 };
const T = '/api/ccwadmin/oa/attendance';

const shift = {
  id: 1,
  departmentId: null,
  departmentName: null,
  name: 'Standard',
  workDays: [1, 2, 3, 4, 5],
  startTime: '09:00',
  endTime: '18:00',
  graceMinutes: 5,
};
const record = (patch: Partial<ClockRecord>): ClockRecord => ({
  id: 7,
  userId: 1,
  userName: 'Admin',
  departmentName: null,
  kind: 'in',
  at: '2026-11-24T01:20:00Z',
  day: '2026-11-24',
  latitude: 30.274085,
  longitude: 120.15507,
  address: 'Hangzhou branch',
  source: 'web',
  mark: 'late',
  ...patch,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('attendance', () => {
  it('clocks in with the browser location and the place typed, and shows the late mark', async () => {
    await setLanguage('en-US');
    signedIn();
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      geolocation: {
        getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
          ok({ coords: { latitude: 30.2740851, longitude: 120.1550702 } }),
      },
    });
    let day: Today = { day: '2026-11-24', shift, workday: true, records: [], absence: null };
    const s = sessionServer(ADMIN, {
      [`GET ${T}/today`]: () => ok(day),
      [`POST ${T}/clock`]: () => {
        day = { ...day, records: [record({})] };
        return ok(record({}));
      },
    });
    renderApp('/oaAttendance');
    const user = userEvent.setup();
    const panel = await screen.findByTestId('clock-panel', {}, FIRST);
    expect(await within(panel).findByText('Standard 09:00-18:00')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Where'), 'Hangzhou branch');
    await user.click(within(panel).getByRole('button', { name: 'Clock in' }));
    await waitFor(() => expect(s.calls('POST', `${T}/clock`)).toHaveLength(1));
    expect(s.calls('POST', `${T}/clock`)[0]!.body).toEqual({
      kind: 'in',
      source: 'web',
      latitude: 30.274085,
      longitude: 120.15507,
      address: 'Hangzhou branch',
    });
    expect(await within(panel).findByText('Late')).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: /Clock out/ }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('checks a shift in Chinese: a name and at least one working day', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const s = sessionServer(ADMIN, {
      [`GET ${T}/shift/list`]: () => ok([]),
      'GET /api/ccwadmin/dept/list': () => ok([]),
    });
    renderApp('/oa/attendance');
    const user = userEvent.setup();
    expect(await screen.findByText('还没有设置班次', {}, FIRST)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /设置班次/ }));
    const box = (await screen.findByText('设置班次', { selector: '.ant-modal-title' })).closest<HTMLElement>(
      '.ant-modal',
    )!;
    for (const day of ['周一', '周二', '周三', '周四', '周五']) await user.click(within(box).getByLabelText(day));
    await user.click(within(box).getByRole('button', { name: /保\s?存/ }));
    expect(await within(box).findByText('请至少选择一个工作日')).toBeInTheDocument();
    expect(within(box).getByText('请输入班次名称（最多 20 个字）')).toBeInTheDocument();
    expect(s.calls('POST', `${T}/shift/save`)).toHaveLength(0);
  });

  it('lists the shifts with their actions and filters them by the shift or department name', async () => {
    await setLanguage('en-US');
    signedIn();
    const s = sessionServer(ADMIN, {
      [`GET ${T}/shift/list`]: () =>
        ok([
          shift,
          { ...shift, id: 2, departmentId: 4, departmentName: 'Night shift', name: 'Late', startTime: '22:00' },
          { ...shift, id: 3, departmentId: 3, departmentName: 'Finance', name: 'Office hours' },
        ]),
      'GET /api/ccwadmin/dept/list': () => ok([]),
    });
    renderApp('/oa/attendance');
    const user = userEvent.setup();
    const page = await screen.findByTestId('shifts', {}, FIRST);
    const standard = (await within(page).findByText('Standard')).closest('tr')!;
    expect(within(standard).getByText('Default (everyone)')).toBeInTheDocument();
    expect(within(standard).getByText('Mon Tue Wed Thu Fri')).toBeInTheDocument();
    expect(within(standard).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(page).getByText('3 records')).toBeInTheDocument();

    // The department's name finds its shift; so does the default's, as the table shows it.
    await searchFor(user, page, 'Keyword', 'night');
    await waitFor(() => expect(within(page).queryByText('Standard')).not.toBeInTheDocument());
    expect(within(page).getByText('22:00 - 18:00')).toBeInTheDocument();
    expect(within(page).queryByText('Office hours')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/oa/attendance?keyword=night');
    await searchFor(user, page, 'Keyword', 'default');
    expect(await within(page).findByText('Standard')).toBeInTheDocument();
    expect(within(page).getByText('1 record')).toBeInTheDocument();

    await searchFor(user, page, 'Keyword', 'weekend');
    expect(await within(page).findByText('No shifts yet')).toBeInTheDocument();
    expect(s.calls('GET', `${T}/shift/list`)).toHaveLength(1);
  });
});
