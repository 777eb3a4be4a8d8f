import type { QueryClient } from '@tanstack/react-query';
import { appFlagsQuery } from '../../features/session/api/get-app-flags';
import { frontInfoQuery } from '../../features/session/api/get-front-info';
import { membershipInfoQuery } from '../../features/session/api/get-membership-info';
import { menusQuery } from '../../features/session/api/get-menus';
import { tenantPermissionsQuery } from '../../features/session/api/get-tenant-permissions';
import { userInfoQuery } from '../../features/session/api/get-user-info';
import { session, setRent } from '../../lib/session';
import { readKey, writeKey } from '../../lib/storage';
import { generateRoutes } from '../route-rules';
import { ROUTES } from '../routes';

// The first loads of a session: a dead token means "sign in again", said by the login screen, not a box.
const quiet = { silent: (e: { status?: number }) => e.status === 40101 };

let loading: Promise<void> | null = null;

/**
 * Loads what a signed-in session needs before any screen shows: the user (front info and profile), the
 * permission menus (once per session), the tenant's elements, the membership and the app flags; then generates
 * the routes.
 */
export function loadSession(client: QueryClient): Promise<void> {
  loading ??= (async () => {
    const front = await client.fetchQuery(frontInfoQuery(quiet));
    const [info, menus, tenantElements, membership, flags] = await Promise.all([
      client.fetchQuery(userInfoQuery(front.id, quiet)),
      client.fetchQuery(menusQuery(quiet)),
      client.fetchQuery(tenantPermissionsQuery()).catch(() => null),
      client.fetchQuery(membershipInfoQuery()).catch(() => null),
      // A flag that cannot be read keeps its default (spec section 3: false).
      client.fetchQuery(appFlagsQuery()).catch(() => null),
    ]);
    const menuCodes = front.menus.map((m) => m.code);
    session.set({
      user: {
        id: front.id,
        name: info.name,
        username: info.username,
        phone: info.mobilePhone,
        email: info.email,
        avatar: info.profilePhoto,
        roles: front.type,
        menus: menuCodes,
        elements: Object.fromEntries(front.elements.map((e) => [e.code, true as const])),
        tenantId: info.tenantId,
        tenantName: info.tenantName,
        rentCode: info.rentCode,
        rentId: info.rentId,
        rentName: info.rentName,
        rentCity: info.rentCity,
        shortRentName: info.shortRentName,
        rents: info.rents,
        platformOperator: info.platformOperator === true,
      },
      tenantElements,
      permissionMenus: menus,
      menusLoaded: true,
      routes: generateRoutes(ROUTES, menuCodes, menus),
      membership,
      settingDebtorPaying: flags?.settingDebtorPaying ?? false,
    });
    writeKey('TenantId', info.tenantId);
    // The rent in storage is the one requests act in; a missing or foreign one falls back to the default.
    const stored = Number(readKey('RentId'));
    const rent = info.rents.find((r) => r.id === stored) ?? info.rents.find((r) => r.id === info.rentId);
    if (rent) setRent(rent);
  })().finally(() => {
    loading = null;
  });
  return loading;
}
