import { MENUS } from '@fleetdesk/contracts/permissions';
import type { Permissions } from './access.js';

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
