import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@fleetdesk/contracts/auth';
import { safeRedirect } from '../../lib/redirect';
import { inSection, routeLink } from '../../lib/route-link';
import {
  blockedByMembership,
  findRoute,
  generateRoutes,
  groupTarget,
  isOpenPath,
  loginPath,
  routeAllowed,
} from '../route-rules';
import { ROUTES, type RouteDef } from '../routes';

const menu = (code: string, icon = 'HistoryOutlined'): MenuItem => ({
  code,
  parentCode: null,
  path: `/${code}`,
  title: code,
  titles: { 'zh-CN': `${code}-zh`, 'en-US': `${code}-en` },
  icon,
  sort: 0,
});

describe('open routes (spec section 2)', () => {
  it('lets the listed paths, survey/* and register/* through, and /annals always', () => {
    for (const path of [
      '/login',
      '/authredirect',
      '/useragreement',
      '/memberagreement',
      '/privacyagreement',
      '/rentprivacyagreement',
      '/membership',
      '/paySuccess',
      '/superDriverPersonal',
      '/superDriverMembers',
      '/annals',
      '/register/abc',
      '/survey/1/token',
      '/survey',
    ]) {
      expect(isOpenPath(path, ROUTES), path).toBe(true);
    }
  });

  it('closes everything else, known or not', () => {
    for (const path of ['/', '/oaLog', '/gameover', '/order/membership', '/setting/profile', '/qr/xyz', '/nowhere']) {
      expect(isOpenPath(path, ROUTES), path).toBe(false);
    }
  });

  it('sends an unsigned visitor to /login with the way back', () => {
    expect(loginPath('/oaLog', '?tab=logins')).toBe('/login?redirect=%2FoaLog%3Ftab%3Dlogins');
    expect(loginPath('/')).toBe('/login');
  });

  it('only redirects within the app', () => {
    expect(safeRedirect('/oaLog?x=1')).toBe('/oaLog?x=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '', null, 'oaLog']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});

describe('routes generated from the menus (spec section 6)', () => {
  it('keeps a permission route only for a holder, titled and iconed from the permission menus', () => {
    const held = generateRoutes(ROUTES, ['oaLog'], [menu('oaLog', 'HistoryOutlined')]);
    const oaLog = held.find((r) => r.path === '/oaLog');
    expect(oaLog).toMatchObject({ code: 'oaLog', icon: 'HistoryOutlined', nav: true, titles: { 'en-US': 'oaLog-en' } });
    expect(held.some((r) => r.path === '/oa/operationLog')).toBe(true);
    const clerk = generateRoutes(ROUTES, ['rentCar', 'rentDriver'], [menu('rentCar'), menu('rentDriver')]);
    expect(clerk.some((r) => r.code === 'oaLog')).toBe(false);
    expect(routeAllowed(findRoute('/oaLog', ROUTES)!, clerk)).toBe(false);
    expect(routeAllowed(findRoute('/', ROUTES)!, clerk)).toBe(true);
  });

  it('recursively: a group is kept only with a kept child, and a child only if held', () => {
    const tree: RouteDef[] = [
      {
        name: 'g',
        path: '/g',
        titleKey: 'g',
        frame: 'header',
        redirect: '/g/a',
        children: [
          { name: 'a', path: '/g/a', titleKey: 'a', frame: 'header', permission: 'a' },
          {
            name: 'sub',
            path: '/g/sub',
            titleKey: 'sub',
            frame: 'header',
            children: [{ name: 'b', path: '/g/sub/b', titleKey: 'b', frame: 'header', permission: 'b' }],
          },
        ],
      },
    ];
    expect(generateRoutes(tree, ['b'], []).map((r) => r.path)).toEqual(['/g/sub/b']);
    expect(generateRoutes(tree, [], [])).toEqual([]);
    expect(groupTarget(tree[0]!, generateRoutes(tree, ['b'], []))).toBe('/g/sub/b');
    expect(groupTarget(tree[0]!, generateRoutes(tree, ['a', 'b'], []))).toBe('/g/a');
  });

  it('/oa goes to /oa/depart when there, else to the first screen of the group the user has', () => {
    const oa = findRoute('/oa', ROUTES)!;
    expect(oa.redirect).toBe('/oa/depart');
    expect(groupTarget(oa, generateRoutes(ROUTES, ['oaLog'], []))).toBe('/oa/operationLog');
    expect(groupTarget(oa, generateRoutes(ROUTES, [], []))).toBeNull();
  });

  it('/oa goes to /oa/depart once that screen exists, before the screens listed ahead of it', () => {
    const oa = findRoute('/oa', ROUTES)!;
    // The address book as its area will add it: last in the group, its own menu.
    const depart: RouteDef = {
      name: 'oaDepart',
      path: '/oa/depart',
      titleKey: 'routes.oa',
      frame: 'header',
      permission: 'oaDepart',
      nav: true,
      page: findRoute('/oa/message', ROUTES)!.page!,
    };
    const withDepart: RouteDef = { ...oa, children: [...(oa.children ?? []), depart] };
    const table = ROUTES.map((r) => (r === oa ? withDepart : r));
    const all = generateRoutes(table, ['oaMessage', 'oaLog', 'oaDepart'], []);
    expect(groupTarget(withDepart, all)).toBe('/oa/depart');
    // A user without the address book still goes to the first screen of the group held.
    expect(groupTarget(withDepart, generateRoutes(table, ['oaMessage', 'oaLog'], []))).toBe('/oa/message');
  });
});

describe('the membership gate', () => {
  it('sends days -1 to /gameover except the membership and order routes', () => {
    expect(blockedByMembership(findRoute('/', ROUTES), -1)).toBe(true);
    expect(blockedByMembership(findRoute('/oaLog', ROUTES), -1)).toBe(true);
    expect(blockedByMembership(findRoute('/setting/profile', ROUTES), -1)).toBe(true);
    expect(blockedByMembership(findRoute('/membership', ROUTES), -1)).toBe(false);
    expect(blockedByMembership(findRoute('/order/membership', ROUTES), -1)).toBe(false);
    // Paying: the top-up page, an order's page, the sandbox provider's page, the landing page.
    expect(findRoute('/order/topUp', ROUTES)?.name).toBe('orderTopUp');
    expect(blockedByMembership(findRoute('/order/topUp', ROUTES), -1)).toBe(false);
    expect(blockedByMembership(findRoute('/order/detail/5', ROUTES), -1)).toBe(false);
    expect(blockedByMembership(findRoute('/pay/sandbox/M20261126104400000001', ROUTES), -1)).toBe(false);
    expect(blockedByMembership(findRoute('/paySuccess', ROUTES), -1)).toBe(false);
    expect(blockedByMembership(findRoute('/billing', ROUTES), -1)).toBe(true);
    expect(isOpenPath('/pay/sandbox/M20261126104400000001', ROUTES)).toBe(true);
    expect(blockedByMembership(findRoute('/', ROUTES), 0)).toBe(false);
    expect(blockedByMembership(findRoute('/', ROUTES), undefined)).toBe(false);
  });
});

describe('pages under a menu screen (the vehicles area)', () => {
  const clerk = generateRoutes(ROUTES, ['rentCar'], [menu('rentCar', 'CarOutlined')]);

  it('finds the screen for each car page, the form before the detail', () => {
    expect(findRoute('/rentCar', ROUTES)?.name).toBe('rentCar');
    expect(findRoute('/rentCar/carTypes', ROUTES)?.name).toBe('rentCar');
    expect(findRoute('/rentCar/car/new', ROUTES)?.name).toBe('carNew');
    expect(findRoute('/rentCar/car/12', ROUTES)?.name).toBe('carDetail');
    expect(findRoute('/rentCar/car/12/edit', ROUTES)?.name).toBe('carEdit');
  });

  it('lets a rentCar holder open them; the menu titles its screen only, the pages keep their own', () => {
    for (const path of ['/rentCar', '/rentCar/car/new', '/rentCar/car/3', '/rentCar/car/3/edit']) {
      expect(routeAllowed(findRoute(path, ROUTES)!, clerk), path).toBe(true);
    }
    expect(clerk.find((r) => r.path === '/rentCar/:type?')).toMatchObject({
      nav: true,
      titles: { 'en-US': 'rentCar-en' },
      icon: 'CarOutlined',
    });
    expect(clerk.find((r) => r.path === '/rentCar/car/:id')).toMatchObject({
      nav: false,
      titles: null,
      titleKey: 'routes.carDetail',
    });
    const oaOnly = generateRoutes(ROUTES, ['oaLog'], [menu('oaLog')]);
    expect(routeAllowed(findRoute('/rentCar/car/3', ROUTES)!, oaOnly)).toBe(false);
  });

  it('links to a screen without its optional parameter and keeps its menu lit on the pages under it', () => {
    expect(routeLink('/rentCar/:type?')).toBe('/rentCar');
    expect(routeLink('/')).toBe('/');
    expect(inSection('/rentCar/car/3/edit', '/rentCar/:type?')).toBe(true);
    expect(inSection('/rentCar', '/rentCar')).toBe(true);
    expect(inSection('/rentCarType', '/rentCar')).toBe(false);
    expect(inSection('/oaLog', '/')).toBe(false);
  });
});

describe('the risk group (风控)', () => {
  it('lists the map, the risk board, alarms, geofences, commands and receipts, each with its own title', async () => {
    const { groupNav } = await import('../layout/nav-groups');
    const held = generateRoutes(ROUTES, ['riskGpsMap'], [menu('riskGpsMap', 'EnvironmentOutlined')]);
    const risk = groupNav(held.filter((r) => r.nav)).groups.find((g) => g.group === 'risk')!;
    expect(risk.items.map((r) => [r.path, r.titles?.['en-US'] ?? r.titleKey])).toEqual([
      ['/riskGpsMap', 'riskGpsMap-en'],
      ['/riskGpsMap/risk', 'common:nav.gpsRisk'],
      ['/riskGpsMap/alarms', 'common:nav.gpsAlarms'],
      ['/riskGpsMap/geofences', 'common:nav.gpsGeofences'],
      ['/riskGpsMap/commands', 'common:nav.gpsCommands'],
      ['/riskGpsMap/receipts', 'common:nav.gpsReceipts'],
    ]);
    // Each its own icon, not the map's.
    expect(new Set(risk.items.map((r) => r.icon)).size).toBe(6);
    // Without the risk map's menu: none of them.
    const clerk = generateRoutes(ROUTES, ['rentCar'], [menu('rentCar')]);
    expect(clerk.filter((r) => r.path.startsWith('/riskGpsMap'))).toEqual([]);
  });
});
