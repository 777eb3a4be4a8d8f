import { MENUS } from '@fleetdesk/contracts/permissions';
import { registeredScreens } from './screen-registry';

/** The catalogue's sub-menus of `code` (`oa` -> `oaDepart`, ...). */
function subMenus(code: string): string[] {
  return MENUS.filter((m) => m.parent === code).map((m) => m.code);
}

/**
 * Whether catalogue menu `code` has a screen: a route of the table needs it, or needs one of its sub-menus (the
 * office group `oa` through the address book). An element code (`rentCar:add`) goes with its menu. The lists
 * that name modules (the role editor's permission tree, the home page's "my permissions") show only the menus
 * that lead somewhere, so a module appears there when its screen lands in `app/routes.ts`. Until the route
 * table has registered its codes (`screen-registry.ts`) every menu counts as having a screen.
 */
export function menuHasScreen(code: string): boolean {
  const screens = registeredScreens();
  if (!screens) return true;
  const menu = code.includes(':') ? code.slice(0, code.indexOf(':')) : code;
  if (screens.has(menu)) return true;
  return subMenus(menu).some(menuHasScreen);
}
