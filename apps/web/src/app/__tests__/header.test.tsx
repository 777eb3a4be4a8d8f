import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { clearSession, session } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { ok } from '../../test/fake-server';
import { ADMIN, allMenus, RENTS, sessionServer, signedIn } from '../../test/fixtures';
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

  it('shows the ads while showAd is on; a closed one stays closed on the next load, for this user only', async () => {
    const ad = (id: number, title: string) => ({
      id,
      platform: 'Web',
      title,
      imageUrl: '/ads/membership.svg',
      linkUrl: '/membership',
    });
    let ads = [ad(1, 'Pay yearly and save')];
    const open = (userId = 1) => {
      signedIn();
      const server = sessionServer(ADMIN, { 'GET /api/ccwadmin/index/ad': () => ok(ads) });
      // Another user of the same browser: the user calls answer his id.
      if (userId !== 1) {
        const user = {
          id: userId,
          name: 'Li Na',
          username: 'lina',
          tenantId: 3,
          tenantName: 'Demo Rentals',
          rentId: 7,
        };
        server.on({
          'GET /api/admin/client/user/front/info': () =>
            ok({ ...user, type: ['admin'], menus: allMenus(), elements: ADMIN.elements.map((code) => ({ code })) }),
          'GET /api/admin/client/user/userInfo/:id': () =>
            ok({
              ...user,
              mobilePhone: '13800000002',
              email: null,
              profilePhoto: null,
              rentCode: 'HZ',
              rentName: 'Demo Rentals Hangzhou',
              rentCity: 'Hangzhou',
              shortRentName: 'Hangzhou',
              rents: RENTS,
            }),
        });
      }
      return renderApp('/');
    };
    const first = open();
    expect(await screen.findByText('Pay yearly and save', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the announcement' }));
    expect(screen.queryByText('Pay yearly and save')).toBeNull();
    first.unmount();

    // The next page load (a new app over the same storage): still closed; a new announcement shows.
    clearSession();
    ads = [ad(1, 'Pay yearly and save'), ad(2, 'GPS trackers half price')];
    const second = open();
    expect(await screen.findByText('GPS trackers half price', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Pay yearly and save')).toBeNull();
    // No dots for one announcement left.
    expect(screen.queryByRole('button', { name: 'Announcement 1' })).toBeNull();
    second.unmount();

    // Signing out keeps the choice (a preference, like the language); another user of the browser sees the ad.
    clearSession();
    expect(Object.keys(localStorage).sort()).toEqual(['fleetdesk.closedAds.3.1', 'fleetdesk.lang']);
    ads = [ad(1, 'Pay yearly and save')];
    const other = open(2);
    expect(await screen.findByText('Pay yearly and save', {}, SLOW)).toBeInTheDocument();
    other.unmount();
  });
});
