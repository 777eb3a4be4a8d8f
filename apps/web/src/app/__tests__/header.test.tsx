import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { clearSession, session } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { ok } from '../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const SLOW = { timeout: 20_000 };
const where = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the shared header', () => {
  it('shows the rent, the membership, the unread total, and no GPS badge while there are no alarms', async () => {
    signedIn();
    sessionServer();
    renderApp('/');
    await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    expect(screen.getByRole('button', { name: 'Switch company' })).toHaveTextContent('Hangzhou');
    expect(screen.getByTestId('membership-tag')).toHaveTextContent('Enterprise · 300 days left');
    expect(await screen.findByRole('button', { name: 'Message centre, 3 unread' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Unhandled GPS alarms')).toBeNull();
  });

  it("loads the tenant's app flags with the session (settingDebtorPaying), false when they cannot be read", async () => {
    signedIn();
    sessionServer(ADMIN, { 'GET /api/ccwadmin/setting/app': () => ok({ settingDebtorPaying: true }) });
    const first = renderApp('/');
    await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    expect(session.get().settingDebtorPaying).toBe(true);
    first.unmount();
    clearSession();
    signedIn();
    sessionServer(ADMIN, {
      'GET /api/ccwadmin/setting/app': () => ({ status: 500, body: { status: 500, message: 'x' } }),
    });
    renderApp('/');
    await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    expect(session.get().settingDebtorPaying).toBe(false);
  });

  it('switches the rent: storage follows and the screen refetches with the new X-Rent-Id', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/operationLog/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/oaLog');
    await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    await waitFor(() => expect(server.calls('GET', '/api/ccwadmin/operationLog/list')).toHaveLength(1), SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Switch company' }));
    await user.click(await screen.findByText('Shanghai · Shanghai'));
    expect(localStorage.getItem('RentId')).toBe('8');
    expect(localStorage.getItem('RentCity')).toBe('Shanghai');
    expect(localStorage.getItem('ShortRentName')).toBe('Shanghai');
    await waitFor(() => expect(server.calls('GET', '/api/ccwadmin/operationLog/list')).toHaveLength(2));
    expect(server.calls('GET', '/api/ccwadmin/operationLog/list')[1]!.headers.get('X-Rent-Id')).toBe('8');
  });

  it('switches the language: texts, and server texts asked for again in it', async () => {
    signedIn();
    const server = sessionServer();
    renderApp('/');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    expect(within(nav).getByText('Office')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change language' }));
    await user.click(await screen.findByText('中文'));
    await waitFor(() => expect(i18n.language).toBe('zh-CN'));
    const zhGroup = i18n.t('navGroups.office');
    await waitFor(() => expect(within(nav).getByText(zhGroup)).toBeInTheDocument());
    // The entries' titles (the permission menus') follow too.
    await user.click(within(nav).getByText(zhGroup));
    expect(
      await screen.findByText(i18n.t('routes.oaLog'), { selector: '.fd-nav-popup .ant-menu-title-content' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('fleetdesk.lang')).toBe('zh-CN');
    await waitFor(() =>
      expect(server.calls('GET', '/api/ccwmc/pushRecord/count').at(-1)!.headers.get('Accept-Language')).toBe('zh-CN'),
    );
    await setLanguage('en-US');
  });

  it('signs out: revokes the token, clears every storage key and goes to /login', async () => {
    signedIn('to-revoke');
    localStorage.setItem('RentCity', 'Hangzhou');
    localStorage.setItem('ShortRentName', 'Hangzhou');
    localStorage.setItem('Imei', '86000');
    const server = sessionServer();
    renderApp('/');
    await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByText('Sign out'));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(server.calls('DELETE', '/api/auth/oauth/token')[0]!.query.get('access_token')).toBe('to-revoke');
    for (const key of STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('shows the ad while showAd is on; closing it turns it off', async () => {
    signedIn();
    sessionServer(ADMIN, {
      'GET /api/ccwadmin/index/ad': () =>
        ok([
          {
            id: 1,
            platform: 'Web',
            title: 'Pay yearly and save',
            imageUrl: '/ads/membership.svg',
            linkUrl: '/membership',
          },
        ]),
    });
    renderApp('/');
    expect(await screen.findByText('Pay yearly and save', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the announcement' }));
    expect(screen.queryByText('Pay yearly and save')).toBeNull();
  });
});
