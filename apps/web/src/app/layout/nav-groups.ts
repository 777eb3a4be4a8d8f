import { findMenu } from '@fleetdesk/contracts/permissions';
import type { NavItem } from '../../lib/session';

/** The navigation's groups, in the header's order (titles: `common:navGroups.<group>`). */
export const NAV_GROUPS = ['vehicles', 'people', 'contracts', 'risk', 'office', 'settings'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * The group of each catalogue menu (contracts/permissions.ts): the one table the header groups by. A menu
 * missing here falls back to its parent's group (a later child of `oa`), then to Office.
 */
export const MENU_GROUPS: Readonly<Record<string, NavGroup>> = {
  rentCar: 'vehicles',
  maintenance: 'vehicles',
  teams: 'vehicles',
  sevenGo: 'vehicles',
  sevenShort: 'vehicles',
  rentDriver: 'people',
  crm: 'people',
  rentContract: 'contracts',
  finance: 'contracts',
  notarization: 'contracts',
  riskGpsMap: 'risk',
  oa: 'office',
  oaDepart: 'office',
  oaCompany: 'office',
  oaLabel: 'office',
  oaAttendanceRule: 'office',
  oaApprovalFlow: 'office',
  oaMessage: 'office',
  oaCostCenter: 'office',
  oaApproval: 'office',
  oaAttendance: 'office',
  oaLog: 'office',
  oaSetting: 'settings',
  sevenSetting: 'settings',
  billing: 'settings',
};

export function groupOf(code: string): NavGroup {
  const own = MENU_GROUPS[code];
  if (own) return own;
  const parent = findMenu(code)?.parent;
  return (parent && MENU_GROUPS[parent]) || 'office';
}

export interface GroupedNav {
  /** Entries without a menu code (home): at the top level. */
  top: NavItem[];
  /** The groups that hold at least one entry, in `NAV_GROUPS` order; entries in the order given. */
  groups: { group: NavGroup; items: NavItem[] }[];
}

/** Sorts the navigation entries into their groups; a group without entries is left out. */
export function groupNav(items: readonly NavItem[]): GroupedNav {
  const top: NavItem[] = [];
  const byGroup = new Map<NavGroup, NavItem[]>();
  for (const item of items) {
    if (!item.code) {
      top.push(item);
      continue;
    }
    const group = groupOf(item.code);
    byGroup.set(group, [...(byGroup.get(group) ?? []), item]);
  }
  return {
    top,
    groups: NAV_GROUPS.filter((g) => byGroup.has(g)).map((group) => ({ group, items: byGroup.get(group)! })),
  };
}
