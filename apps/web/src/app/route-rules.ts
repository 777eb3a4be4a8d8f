import type { MenuItem } from '@fleetdesk/contracts/auth';
import { matchPath } from 'react-router';
import { routeLink } from '../lib/route-link';
import type { NavItem } from '../lib/session';
import type { RouteDef } from './routes';

const OPEN_FIRST_SEGMENTS = new Set(['survey', 'register']);

/** Spec section 2: open routes, anything under survey/ or register/, and /annals always. */
export function isOpenPath(pathname: string, routes: RouteDef[]): boolean {
  const first = pathname.split('/')[1] ?? '';
  if (OPEN_FIRST_SEGMENTS.has(first) || pathname === '/annals') return true;
  const route = findRoute(pathname, routes);
  return !!route?.open;
}

export function flatten(routes: RouteDef[]): RouteDef[] {
  return routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

export function findRoute(pathname: string, routes: RouteDef[]): RouteDef | undefined {
  return flatten(routes).find((r) => matchPath({ path: r.path, end: true }, pathname));
}

export function loginPath(pathname: string, search = ''): string {
  const target = `${pathname}${search}`;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/** Route names that an expired membership still reaches (spec section 2), plus the pages of that path. */
const EXPIRED_ALLOWED = new Set([
  'membership',
  'order',
  'orderTopUp',
  'orderDetail',
  'gameover',
  'qr',
  'paySuccess',
  'paySandbox',
  // Feedback: the server takes an expired tenant's too (docs/dashboard.md).
  'feedback',
]);

export function blockedByMembership(route: RouteDef | undefined, days: number | undefined): boolean {
  return days === -1 && !(route && EXPIRED_ALLOWED.has(route.name));
}

/**
 * The routes a user has, from the menu codes held: a route with a permission is kept only if the user holds
 * it, a group only if one of its children is kept (recursively); titles and icons come from the permission
 * menus (for the screens in the navigation; the pages under them are titled by the route table).
 */
export function generateRoutes(routes: RouteDef[], held: readonly string[], menus: readonly MenuItem[]): NavItem[] {
  const holds = new Set(held);
  const menuByCode = new Map(menus.map((m) => [m.code, m]));
  const out: NavItem[] = [];
  const visit = (list: RouteDef[]): boolean => {
    let any = false;
    for (const r of list) {
      if (r.open && !r.nav) continue;
      const childKept = r.children ? visit(r.children) : false;
      const kept = r.children ? childKept : !r.permission || holds.has(r.permission);
      if (!kept) continue;
      any = true;
      if (r.children && !r.page) continue; // a group is reached through its children
      // The menu's titles name its screen; a page under it (a car's page under /rentCar) keeps its own title.
      // An entry with a title of its own (one of several screens of a menu) keeps it and its own icon.
      const menu = r.permission && r.nav && !r.navTitleKey ? menuByCode.get(r.permission) : undefined;
      out.push({
        path: r.path,
        code: r.permission ?? null,
        titles: menu ? menu.titles : null,
        titleKey: r.navTitleKey ?? r.titleKey,
        icon: menu?.icon ?? r.icon ?? null,
        nav: !!r.nav,
      });
    }
    return any;
  };
  visit(routes);
  return out;
}

/** Whether the generated routes let the user open this route. */
export function routeAllowed(route: RouteDef, generated: readonly NavItem[]): boolean {
  if (!route.permission) return true;
  return generated.some((g) => g.path === route.path);
}

/**
 * Where a group route sends its visitor: its redirect if the user has it, else its first kept child, as a link
 * (`/oa/depart`, not the pattern `/oa/depart/:type?`).
 */
export function groupTarget(route: RouteDef, generated: readonly NavItem[]): string | null {
  const paths = new Set(generated.map((g) => g.path));
  const links = new Set(generated.map((g) => routeLink(g.path)));
  if (route.redirect && links.has(route.redirect)) return route.redirect;
  const child = flatten(route.children ?? []).find((c) => paths.has(c.path));
  return child ? routeLink(child.path) : null;
}
