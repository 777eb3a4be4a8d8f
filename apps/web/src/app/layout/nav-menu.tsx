import Menu from 'antd/es/menu';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import type { Language } from '../../lib/i18n';
import { inSection, routeLink } from '../../lib/route-link';
import { useSession } from '../../lib/session';

/** Navigation from the permitted routes; titles and icons from the permission menus. */
export function NavMenu() {
  const { t, i18n } = useTranslation();
  const routes = useSession((s) => s.routes);
  const location = useLocation();
  const navigate = useNavigate();
  const items = routes
    .filter((r) => r.nav)
    .map((r) => ({
      key: routeLink(r.path),
      icon: <MenuIcon name={r.icon} />,
      label: r.titles?.[i18n.language as Language] ?? t(r.titleKey),
    }));
  // A screen under a menu's screen (a car's page under /rentCar) keeps the menu highlighted.
  const selected = items.map((i) => i.key).filter((k) => inSection(location.pathname, k));
  return (
    <Menu
      className="fd-nav"
      mode="horizontal"
      items={items}
      selectedKeys={selected}
      onClick={({ key }) => navigate(key)}
      aria-label={t('header.navigation')}
    />
  );
}
