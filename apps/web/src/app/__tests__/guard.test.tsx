import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { clearSession } from '../../lib/session';
import { ok } from '../../test/fake-server';
import { ADMIN, allMenus, CLERK, sessionServer, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const where = () => screen.getByTestId('location').textContent;
const SLOW = { timeout: 20_000 };

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the route guard', () => {
  it('sends an unsigned visitor of a closed page to /login with the way back', async () => {
    sessionServer();
    renderApp('/oaLog?tab=logins');
    await waitFor(() => expect(where()).toBe('/login?redirect=%2FoaLog%3Ftab%3Dlogins'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Fleetdesk' }, SLOW)).toBeInTheDocument();
  });

  it('lets an unsigned visitor read the open pages', async () => {
    sessionServer();
    renderApp('/privacyagreement');
    expect(await screen.findByRole('heading', { name: 'Fleetdesk Privacy Policy' }, SLOW)).toBeInTheDocument();
    expect(where()).toBe('/privacyagreement');
  });

  it('sends a signed-in user at /login to /', async () => {
    signedIn();
    sessionServer();
    renderApp('/login');
    // The navigation commits once the signed-in frame's chunk has loaded.
    await waitFor(() => expect(where()).toBe('/'), SLOW);
    expect(await screen.findByText(/Zhang Wei/, {}, SLOW)).toBeInTheDocument();
  });

  it('loads the session (user, menus once, permissions on every navigation) and builds the navigation', async () => {
    signedIn();
    const server = sessionServer(ADMIN);
    renderApp('/');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    expect(within(nav).getByText('Home')).toBeInTheDocument();
    // The operation log is in the Office group.
    within(nav).getByText('Office').click();
    const log = await screen.findByText('Operation log', { selector: '.fd-nav-popup .ant-menu-title-content' });
    expect(server.calls('GET', '/api/ccwadmin/sysMenu/all')).toHaveLength(1);
    expect(server.calls('GET', '/api/admin/client/user/userInfo/1')).toHaveLength(1);
    const before = server.calls('GET', '/api/ccwadmin/sysPermission/tenant').length;
    log.click();
    await waitFor(() => expect(where()).toBe('/oaLog'));
    await waitFor(() =>
      expect(server.calls('GET', '/api/ccwadmin/sysPermission/tenant').length).toBeGreaterThan(before),
    );
    expect(server.calls('GET', '/api/ccwadmin/sysMenu/all')).toHaveLength(1);
  });

  it('refuses a screen whose menu the user does not hold (clerk at /oaLog)', async () => {
    signedIn();
    sessionServer(CLERK);
    renderApp('/oaLog');
    expect(
      await screen.findByText('You do not have this permission. Please ask your administrator to grant it!', {}, SLOW),
    ).toBeInTheDocument();
    const nav = screen.getByRole('menu', { name: 'Main navigation' });
    expect(within(nav).queryByText('Office')).toBeNull();
    expect(screen.queryByText('Operation log', { selector: '.ant-menu-title-content' })).toBeNull();
  });

  it('signs out and goes to /login when the user cannot be loaded', async () => {
    signedIn('dead');
    sessionServer(ADMIN, {
      'GET /api/admin/client/user/front/info': () => ({ status: 401, body: { status: 40101, message: 'revoked' } }),
      'POST /api/auth/oauth/token': () => ({ status: 401, body: { status: 40101, message: 'revoked' } }),
    });
    renderApp('/oaLog');
    await waitFor(() => expect(where()).toBe('/login?redirect=%2FoaLog'), SLOW);
    expect(localStorage.getItem('AccessToken')).toBeNull();
    expect(localStorage.getItem('RentId')).toBeNull();
  });

  it('stays signed in when the session cannot load for want of a connection, and loads it again on retry', async () => {
    signedIn();
    let down = true;
    sessionServer(ADMIN, {
      'GET /api/ccwadmin/sysMenu/all': () => (down ? 'network-error' : ok(allMenus())),
      'GET /api/ccwadmin/operationLog/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/oaLog');
    expect(await screen.findByText('Connection lost: check the network and try again', {}, SLOW)).toBeInTheDocument();
    // Not signed out: the tokens are kept and the address stays.
    expect(localStorage.getItem('AccessToken')).not.toBeNull();
    expect(where()).toBe('/oaLog');
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('menu', { name: 'Main navigation' }, SLOW)).toBeInTheDocument();
    expect(where()).toBe('/oaLog');
  });

  it('sends an expired membership to /gameover, but lets /membership and /order through', async () => {
    signedIn();
    sessionServer(
      { ...ADMIN, days: -1 },
      {
        'GET /api/ccwadmin/associatorTenant/plans': () => ok([]),
        'GET /api/ccwadmin/order/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      },
    );
    const first = renderApp('/oaLog');
    await waitFor(() => expect(where()).toBe('/gameover'), SLOW);
    expect(await screen.findByText('The service has expired', {}, SLOW)).toBeInTheDocument();
    first.unmount();
    for (const path of ['/membership', '/order/membership']) {
      const view = renderApp(path);
      await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
      await new Promise((r) => setTimeout(r, 50));
      expect(where()).toBe(path);
      view.unmount();
    }
  });

  it('sends /oa to the first screen of the group the user has, in the catalogue order', async () => {
    signedIn();
    sessionServer(
      { menus: ['oaLog'], elements: ['oaLog:view'] },
      {
        'GET /api/ccwadmin/operationLog/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      },
    );
    const first = renderApp('/oa');
    await waitFor(() => expect(where()).toBe('/oa/operationLog'), SLOW);
    first.unmount();
    clearSession();
    signedIn();
    // The address book is the group's own target (spec section 2: /oa redirects to /oa/depart).
    sessionServer(ADMIN);
    renderApp('/oa');
    await waitFor(() => expect(where()).toBe('/oa/depart'), SLOW);
  });

  it('answers an unknown path with the not-found page', async () => {
    signedIn();
    sessionServer();
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found', {}, SLOW)).toBeInTheDocument();
  });
});
