import MenuOutlined from '@ant-design/icons/MenuOutlined';
import Menu from 'antd/es/menu';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNavItems } from './nav-items';

// The drawer is loaded when first opened: a desktop user never needs it, and the signed-in frame's first load stays
// within its budget (bench/bundle-size.mjs).
const NavDrawerPanel = lazy(() => import('./nav-drawer'));

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
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
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
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <MenuOutlined className="fd-header-icon" />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <NavDrawerPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
