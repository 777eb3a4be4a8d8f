import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { ok } from '../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../test/fixtures';
import { wideWindow, windowWidth } from '../../test/media';
import { renderApp } from '../../test/render-app';

const SLOW = { timeout: 20_000 };
const where = () => screen.getByTestId('location').textContent;
const EMPTY = () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 });

beforeEach(async () => {
  await setLanguage('en-US');
});
afterEach(() => wideWindow());

/** The drawer once open (antd keeps it in the document after closing, hidden). */
const drawer = () => document.querySelector<HTMLElement>('.fd-nav-drawer');

describe('the header below 768 px', () => {
  it('puts the navigation in a drawer opened by the labelled menu button; choosing an entry navigates and closes it', async () => {
    windowWidth(390);
    signedIn();
    sessionServer(ADMIN, { 'GET /api/ccwadmin/operationLog/list': EMPTY });
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Open the navigation menu' }, SLOW);
    // No horizontal navigation in the header.
    expect(document.querySelector('.fd-header .fd-nav')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.click(button);
    const menu = await waitFor(() => within(drawer()!).getByRole('menu', { name: 'Main navigation' }));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The groups and the one-screen entries, as in the header.
    for (const title of ['Home', 'Vehicles', 'Drivers & customers', 'Office', 'Settings'])
      expect(within(menu).getByText(title)).toBeInTheDocument();
    await user.click(within(menu).getByText('Office'));
    await user.click(await within(menu).findByText('Operation log'));
    await waitFor(() => expect(where()).toBe('/oaLog'));
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(drawer()!.closest('.ant-drawer')).not.toHaveClass('ant-drawer-open'));
  });

  it("opens the drawer with the current group open and its entry lit; another group's entry navigates", async () => {
    windowWidth(700);
    signedIn();
    sessionServer(ADMIN, {
      'GET /api/ccwadmin/operationLog/list': EMPTY,
      'GET /api/ccwadmin/setting/company': () => ok(null),
    });
    renderApp('/oaLog');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the navigation menu' }, SLOW));
    const menu = await waitFor(() => within(drawer()!).getByRole('menu', { name: 'Main navigation' }));
    // The office group is open and its current entry lit.
    const entry = await within(menu).findByText('Operation log');
    expect(entry.closest('.ant-menu-item')).toHaveClass('ant-menu-item-selected');
    await user.click(within(menu).getByText('Settings'));
    await user.click(await within(menu).findByText('Company settings'));
    await waitFor(() => expect(where()).toBe('/oaSetting'));
    expect(screen.getByRole('button', { name: 'Open the navigation menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('folds the company, the membership and the language into the account menu; sign-out stays there', async () => {
    windowWidth(390);
    signedIn();
    const server = sessionServer(ADMIN, { 'GET /api/ccwadmin/operationLog/list': EMPTY });
    renderApp('/oaLog');
    const account = await screen.findByRole('button', { name: 'Account menu' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Switch company' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change language' })).toBeNull();
    expect(screen.queryByTestId('membership-tag')).toBeNull();
    const user = userEvent.setup();
    await user.click(account);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('New records go to')).toBeInTheDocument();
    expect(within(menu).getByTestId('rent-note')).toHaveTextContent('lists still show every company you can see');
    expect(within(menu).getByText('Enterprise · 300 days left')).toBeInTheDocument();
    expect(within(menu).getByText('Sign out')).toBeInTheDocument();
    // The company chosen here is the one the calls carry.
    await user.click(within(menu).getByText('Shanghai · Shanghai'));
    expect(localStorage.getItem('RentId')).toBe('8');
    await waitFor(() =>
      expect(server.calls('GET', '/api/ccwadmin/operationLog/list').at(-1)!.headers.get('X-Rent-Id')).toBe('8'),
    );
    // And the language.
    await user.click(account);
    await user.click(await screen.findByText('中文'));
    await waitFor(() => expect(i18n.language).toBe('zh-CN'));
    await setLanguage('en-US');
  });

  it('keeps the tools in the header at desktop width, and the badges name themselves', async () => {
    signedIn();
    sessionServer(ADMIN, {
      'GET /api/ccwadmin/setting/company': () => ok(null),
      'GET /api/ccwgps/alarm/alarmCount/unHandle': () => ok(4),
    });
    renderApp('/');
    await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Open the navigation menu' })).toBeNull();
    const alarms = await screen.findByTestId('alarm-badge');
    expect(alarms).toHaveAccessibleName('Unhandled GPS alarms');
    expect(within(alarms).getByText('Alarms')).toBeInTheDocument();
    expect(within(alarms).getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch company' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change language' })).toBeInTheDocument();
    // The approval badge: its name as text beside the icon, and as its label.
    const approvals = await screen.findByTestId('approval-badge');
    expect(approvals).toHaveAccessibleName(/waiting for my approval/);
    expect(within(approvals).getByText('To approve')).toHaveClass('fd-badge-text');
  });
});
