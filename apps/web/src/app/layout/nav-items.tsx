import type { ItemType } from 'antd/es/menu/interface';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import type { Language } from '../../lib/i18n';
import { inSection, routeLink } from '../../lib/route-link';
import { useSession, type NavItem } from '../../lib/session';
import { groupNav } from './nav-groups';

/**
 * The navigation's entries from the permitted routes, in groups (`nav-groups.ts`): home, then one entry per group
 * that holds a screen the user has. A group of several screens opens on click and lists them (every screen is two
 * clicks away); a group of one screen is that screen's link, under the group's name (no one-item dropdown).
 * Titles and icons come from the permission menus. Also the keys lit for the current page: a screen under a
 * menu's screen (a car's page under /rentCar) keeps the menu and its group lit.
 */
export function useNavItems(popupClassName?: string) {
  const { t, i18n } = useTranslation();
  const routes = useSession((s) => s.routes);
  const location = useLocation();
  const { top, groups } = groupNav(routes.filter((r) => r.nav));
  const entry = (r: NavItem) => ({
    key: routeLink(r.path),
    icon: <MenuIcon name={r.icon} />,
    label: r.titles?.[i18n.language as Language] ?? t(r.titleKey),
  });
  const items: ItemType[] = [
    ...top.map(entry),
    ...groups.map(({ group, items: entries }) =>
      entries.length === 1
        ? { ...entry(entries[0]!), label: t(`navGroups.${group}`) }
        : {
            key: `group:${group}`,
            label: t(`navGroups.${group}`),
            popupClassName,
            children: entries.map(entry),
          },
    ),
  ];
  const links = [...top, ...groups.flatMap((g) => g.items)].map((r) => routeLink(r.path));
  const selected = links.filter((k) => inSection(location.pathname, k));
  // The group holding the current screen (opened in the drawer).
  const current = groups.find((g) => g.items.some((r) => selected.includes(routeLink(r.path))));
  return { items, selected, currentGroup: current && `group:${current.group}` };
}
