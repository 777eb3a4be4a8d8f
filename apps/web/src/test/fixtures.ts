import { MENUS } from '@fleetdesk/contracts/permissions';
import { dashboardRoutes } from './dashboard-fixtures';
import { fakeServer, ok, type FakeAnswer, type FakeRequest } from './fake-server';

export const RENTS = [
  { id: 7, name: 'Demo Rentals Hangzhou', shortName: 'Hangzhou', code: 'HZ', city: 'Hangzhou' },
  { id: 8, name: 'Demo Rentals Shanghai', shortName: 'Shanghai', code: 'SH', city: 'Shanghai' },
];

export const allMenus = () =>
  MENUS.map((m, i) => ({
    code: m.code,
    parentCode: m.parent ?? null,
    path: m.path,
    title: m.title['en-US'],
    titles: m.title,
    icon: m.icon,
    sort: i,
  }));

export interface Account {
  menus: string[];
  elements: string[];
  days?: number;
}

export const ADMIN: Account = {
  menus: MENUS.map((m) => m.code),
  elements: MENUS.flatMap((m) => m.elements.map((e) => e.code)),
};
export const CLERK: Account = { menus: ['rentCar', 'rentDriver'], elements: ['rentCar:view', 'rentDriver:view'] };

export function tokenAnswer(access = 'access-1', refresh = 'refresh-1') {
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: 7200,
    refresh_expires_in: 2592000,
    scope: 'server',
    rent: RENTS[0],
    tenant: 'Demo Rentals',
    tenantId: 3,
    userId: 1,
    username: 'admin',
  };
}

/** A signed-in browser: what sign-in left in storage. */
export function signedIn(access = 'access-1') {
  localStorage.setItem('AccessToken', access);
  localStorage.setItem('Authorization', `Bearer ${access}`);
  localStorage.setItem('RefreshToken', 'refresh-1');
  localStorage.setItem('TenantId', '3');
  localStorage.setItem('RentId', '7');
}

/** The session calls of a signed-in user, answered for an account. */
export function sessionServer(account: Account = ADMIN, more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return fakeServer({
    'GET /api/admin/client/user/front/info': () =>
      ok({
        id: 1,
        name: 'Zhang Wei',
        username: 'admin',
        type: ['admin'],
        menus: allMenus().filter((m) => account.menus.includes(m.code)),
        elements: account.elements.map((code) => ({ code })),
        tenantId: 3,
        tenantName: 'Demo Rentals',
        rentId: 7,
      }),
    'GET /api/admin/client/user/userInfo/:id': () =>
      ok({
        id: 1,
        name: 'Zhang Wei',
        username: 'admin',
        mobilePhone: '13800000001',
        email: 'zhangwei@example.com',
        profilePhoto: null,
        tenantId: 3,
        tenantName: 'Demo Rentals',
        rentId: 7,
        rentCode: 'HZ',
        rentName: 'Demo Rentals Hangzhou',
        rentCity: 'Hangzhou',
        shortRentName: 'Hangzhou',
        rents: RENTS,
      }),
    'GET /api/ccwadmin/sysMenu/all': () => ok(allMenus()),
    'GET /api/ccwadmin/sysPermission/tenant': () =>
      ok([...account.menus, ...account.elements].map((permissionCode) => ({ permissionCode }))),
    'GET /api/ccwadmin/associatorTenant/info': () =>
      ok({
        days: account.days ?? 300,
        date: '2027-09-18',
        associatorLevel: 3,
        associatorCode: 'ENTERPRISE',
        associatorName: 'Enterprise',
      }),
    'GET /api/ccwmc/pushRecord/count': () =>
      ok([
        { category: 1, name: 'System', num: 1 },
        { category: 2, name: 'Bills', num: 2 },
      ]),
    'GET /api/ccwadmin/index/ad': () => ok([]),
    'POST /api/admin/client/user/saveLoginInfo': () => ok({ id: 1, platform: 'Web', version: '2.4' }),
    'DELETE /api/auth/oauth/token': () => ok(true),
    ...dashboardRoutes(account.elements),
    ...more,
  });
}
