import { MENUS } from '@fleetdesk/contracts/permissions';

/** What a signed-in user may do: the menus and elements of his roles, within the tenant's plan. */
export interface Permissions {
  menus: ReadonlySet<string>;
  elements: ReadonlySet<string>;
  /** Menu codes the tenant's plan allows. */
  plan: ReadonlySet<string>;
}

/**
 * Effective permissions of a user: what the user's roles grant (every code for an all-permissions role),
 * limited to the menus the tenant's plan allows. An element counts only with its menu; a child menu only
 * with its parent.
 */
export function effectivePermissions(input: {
  grants: readonly string[];
  allPermissions: boolean;
  planMenus: readonly string[];
}): Permissions {
  const plan = new Set(input.planMenus);
  const granted = new Set(input.grants);
  const menus = new Set<string>();
  const elements = new Set<string>();
  for (const m of MENUS) {
    if (!plan.has(m.code)) continue;
    if (m.parent && !(plan.has(m.parent) && (input.allPermissions || granted.has(m.parent)))) continue;
    if (!input.allPermissions && !granted.has(m.code)) continue;
    menus.add(m.code);
    for (const e of m.elements) if (input.allPermissions || granted.has(e.code)) elements.add(e.code);
  }
  return { menus, elements, plan };
}

/**
 * What a role may store as its grants: codes of the catalogue whose menu (and, for a child menu, its parent)
 * the tenant's plan allows. Answers the codes normalised the way `effectivePermissions` reads them (the menu
 * of each element and the parent of each child menu added, in catalogue order) and the codes refused.
 */
export function normaliseGrants(
  grants: readonly string[],
  planMenus: Iterable<string>,
): { codes: string[]; refused: string[] } {
  const plan = new Set(planMenus);
  const allowedMenu = (code: string) => {
    const m = MENUS.find((x) => x.code === code);
    return !!m && plan.has(m.code) && (!m.parent || plan.has(m.parent));
  };
  const wanted = new Set<string>();
  const refused: string[] = [];
  for (const code of new Set(grants)) {
    const i = code.indexOf(':');
    const menuCode = i < 0 ? code : code.slice(0, i);
    const m = MENUS.find((x) => x.code === menuCode);
    const known = !!m && (i < 0 || m.elements.some((e) => e.code === code));
    if (!known || !allowedMenu(menuCode)) {
      refused.push(code);
      continue;
    }
    wanted.add(code);
    wanted.add(menuCode);
    if (m.parent) wanted.add(m.parent);
  }
  const codes: string[] = [];
  for (const m of MENUS) {
    if (wanted.has(m.code)) codes.push(m.code);
    for (const e of m.elements) if (wanted.has(e.code)) codes.push(e.code);
  }
  return { codes, refused };
}
