import MenuOutlined from '@ant-design/icons/MenuOutlined';
import Drawer from 'antd/es/drawer';
import Menu from 'antd/es/menu';
import type { ItemType } from 'antd/es/menu/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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
function useNavItems(popupClassName?: string) {
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

/** The header's navigation at desktop width: a horizontal menu; a group opens on click (or Enter / arrow keys). */
export function NavMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { items, selected } = useNavItems('fd-nav-popup');
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

/**
 * The navigation below 768 px: a labelled menu button in the header opens a drawer with the same groups and
 * entries (the current group open); choosing an entry navigates and closes it, as does any navigation.
 */
export function NavDrawer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const { items, selected, currentGroup } = useNavItems();
  // Any navigation (a link in the page, back) closes it too.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <button
        type="button"
        className="fd-icon-button fd-nav-button"
        aria-label={t('header.openNavigation')}
        aria-expanded={open}
        aria-controls="fd-nav-drawer"
        onClick={() => setOpen(true)}
      >
        <MenuOutlined className="fd-header-icon" />
      </button>
      <Drawer
        id="fd-nav-drawer"
        open={open}
        placement="left"
        size={280}
        title={t('appName')}
        onClose={() => setOpen(false)}
        className="fd-nav-drawer"
        styles={{ body: { padding: 0 } }}
      >
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected}
          defaultOpenKeys={currentGroup ? [currentGroup] : []}
          onClick={({ key }) => {
            setOpen(false);
            navigate(key);
          }}
          aria-label={t('header.navigation')}
        />
      </Drawer>
    </>
  );
}
