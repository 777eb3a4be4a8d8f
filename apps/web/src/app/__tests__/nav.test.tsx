import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { setLanguage } from '../../lib/i18n';
import type { NavItem } from '../../lib/session';
import { ok } from '../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { groupNav, groupOf, MENU_GROUPS, NAV_GROUPS } from '../layout/nav-groups';

const SLOW = { timeout: 20_000 };
const where = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await setLanguage('en-US');
});

const item = (path: string, code: string | null): NavItem => ({
  path,
  code,
  titles: null,
  titleKey: `routes.${code ?? 'home'}`,
  icon: null,
  nav: true,
});

/** The group entries of the header that open a popup, by their titles. */
const groupTitles = (nav: HTMLElement) =>
  [...nav.querySelectorAll(':scope > .ant-menu-submenu .ant-menu-title-content')].map((n) => n.textContent);
/** Every top-level entry of the header (home, the groups, the one-screen groups as links), by their titles. */
const topTitles = (nav: HTMLElement) =>
  [...nav.querySelectorAll(':scope > li .ant-menu-title-content')].map((n) => n.textContent);

describe('navigation groups', () => {
  it('puts every catalogue menu in one group', () => {
    for (const menu of MENUS) expect(NAV_GROUPS).toContain(MENU_GROUPS[menu.code]);
    expect(groupOf('rentCar')).toBe('vehicles');
    expect(groupOf('crm')).toBe('people');
    expect(groupOf('finance')).toBe('contracts');
    expect(groupOf('riskGpsMap')).toBe('risk');
    expect(groupOf('oaDepart')).toBe('office');
    expect(groupOf('oaSetting')).toBe('settings');
    // A menu the table does not know yet goes with its parent.
    expect(groupOf('oaSomethingNew')).toBe('office');
  });

  it('groups the entries in the header order, home on top, empty groups left out', () => {
    const grouped = groupNav([
      item('/', null),
      item('/oaSetting', 'oaSetting'),
      item('/oaLog', 'oaLog'),
      item('/rentCar/:type?', 'rentCar'),
      item('/oa/message', 'oaMessage'),
    ]);
    expect(grouped.top.map((i) => i.path)).toEqual(['/']);
    expect(grouped.groups.map((g) => [g.group, g.items.map((i) => i.code)])).toEqual([
      ['vehicles', ['rentCar']],
      ['office', ['oaLog', 'oaMessage']],
      ['settings', ['oaSetting']],
    ]);
  });

  it('shows the groups the user has; a group of one screen is its link; lights the entry of a nested page', async () => {
    signedIn();
    sessionServer(ADMIN, { 'GET /api/ccwadmin/rentCar/12': () => ok(null) });
    renderApp('/rentCar/car/12');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    // The screens that exist today: the cars and the maintenance, the drivers and the customers (CRM), contracts and
    // financing, the risk screens, the office screens and the settings (several: groups); no empty group.
    await waitFor(() =>
      expect(topTitles(nav)).toEqual([
        'Home',
        'Vehicles',
        'Drivers & customers',
        'Contracts & finance',
        'Risk',
        'Office',
        'Settings',
      ]),
    );
    expect(groupTitles(nav)).toEqual([
      'Vehicles',
      'Drivers & customers',
      'Contracts & finance',
      'Risk',
      'Office',
      'Settings',
    ]);
    // The vehicles group is lit on a car's page (/rentCar/car/12 is under /rentCar).
    expect(within(nav).getByText('Vehicles').closest('.ant-menu-submenu')).toHaveClass('ant-menu-submenu-selected');
    expect(within(nav).getByText('Office').closest('.ant-menu-submenu')).not.toHaveClass('ant-menu-submenu-selected');
  });

  it('opens a one-screen group at once, and a group of several from its popup (lit on the pages under it)', async () => {
    signedIn();
    // Without the customers (CRM), the drivers are the people group's one screen.
    const noCrm = { ...ADMIN, menus: ADMIN.menus.filter((m) => m !== 'crm') };
    sessionServer(noCrm, {
      'GET /api/ccwadmin/rentDriver/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      'POST /api/ccwadmin/rentDriver/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      'GET /api/ccwadmin/operationLog/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    const user = userEvent.setup();
    const drivers = await within(nav).findByText('Drivers & customers');
    expect(drivers.closest('[role="menuitem"]')).not.toHaveAttribute('aria-haspopup');
    await user.click(drivers);
    await waitFor(() => expect(where()).toBe('/rentDriver'));
    expect(document.querySelector('.fd-nav-popup:not(.ant-menu-submenu-hidden)')).toBeNull();

    await user.click(within(nav).getByText('Office'));
    const popup = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.fd-nav-popup:not(.ant-menu-submenu-hidden)');
      expect(open).not.toBeNull();
      return open!;
    });
    await user.click(within(popup).getByText('Operation log'));
    await waitFor(() => expect(where()).toBe('/oaLog'));
    await waitFor(() =>
      expect(within(nav).getByText('Office').closest('.ant-menu-submenu')).toHaveClass('ant-menu-submenu-selected'),
    );
  });

  it('hides the groups without a screen for the user (a clerk sees vehicles and drivers only)', async () => {
    signedIn();
    sessionServer(CLERK, {
      'GET /api/ccwadmin/rentCar/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
    });
    renderApp('/');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    await waitFor(() => expect(topTitles(nav)).toEqual(['Home', 'Vehicles', 'Drivers & customers']));
    expect(groupTitles(nav)).toEqual([]);
    expect(within(nav).queryByText('Office')).toBeNull();
    expect(within(nav).queryByText('Settings')).toBeNull();
  });

  it('is reachable by keyboard: Tab reaches the menu; groups and entries are menu items with their popups', async () => {
    signedIn();
    sessionServer(ADMIN, { 'GET /api/ccwadmin/setting/company': () => ok(null) });
    renderApp('/');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, SLOW);
    await waitFor(() =>
      expect(groupTitles(nav)).toEqual([
        'Vehicles',
        'Drivers & customers',
        'Contracts & finance',
        'Risk',
        'Office',
        'Settings',
      ]),
    );
    const user = userEvent.setup();
    for (let i = 0; i < 30 && document.activeElement !== nav; i++) await user.tab();
    expect(document.activeElement).toBe(nav);
    // The groups are menu entries with a popup; antd moves between them with the arrow keys and opens them with
    // Enter in a browser (jsdom lays nothing out, so that focus movement is not exercised here).
    const settings = within(nav).getByText('Settings').closest('[role="menuitem"]')!;
    expect(settings).toHaveAttribute('aria-haspopup', 'true');
    await user.click(settings);
    const popup = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.fd-nav-popup:not(.ant-menu-submenu-hidden)');
      expect(open).not.toBeNull();
      return open!;
    });
    const entry = within(popup).getByText('Company settings').closest<HTMLElement>('[role="menuitem"]')!;
    expect(entry).toHaveAttribute('tabindex');
    await user.click(entry);
    await waitFor(() => expect(where()).toBe('/oaSetting'));
  });
});
