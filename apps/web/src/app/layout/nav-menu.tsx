import Menu from 'antd/es/menu';
import type { ItemType } from 'antd/es/menu/interface';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import type { Language } from '../../lib/i18n';
import { inSection, routeLink } from '../../lib/route-link';
import { useSession, type NavItem } from '../../lib/session';
import { groupNav } from './nav-groups';

/**
 * Navigation from the permitted routes, in groups (`nav-groups.ts`): home, then one entry per group that holds
 * a screen the user has; a group opens on click (or Enter / arrow keys) and lists its screens, so every screen
 * is two clicks away. Titles and icons come from the permission menus.
 */
export function NavMenu() {
  const { t, i18n } = useTranslation();
  const routes = useSession((s) => s.routes);
  const location = useLocation();
  const navigate = useNavigate();
  const { top, groups } = groupNav(routes.filter((r) => r.nav));
  const entry = (r: NavItem) => ({
    key: routeLink(r.path),
    icon: <MenuIcon name={r.icon} />,
    label: r.titles?.[i18n.language as Language] ?? t(r.titleKey),
  });
  const items: ItemType[] = [
    ...top.map(entry),
    ...groups.map(({ group, items: entries }) => ({
      key: `group:${group}`,
      label: t(`navGroups.${group}`),
      popupClassName: 'fd-nav-popup',
      children: entries.map(entry),
    })),
  ];
  const links = [...top, ...groups.flatMap((g) => g.items)].map((r) => routeLink(r.path));
  // A screen under a menu's screen (a car's page under /rentCar) keeps the menu and its group highlighted.
  const selected = links.filter((k) => inSection(location.pathname, k));
  return (
    <Menu
      className="fd-nav"
      mode="horizontal"
      items={items}
      selectedKeys={selected}
      triggerSubMenuAction="click"
      // The groups never fold into a "more" entry, which would add a third click (layout.css keeps them narrow).
      disabledOverflow
      onClick={({ key }) => navigate(key)}
      aria-label={t('header.navigation')}
    />
  );
}
