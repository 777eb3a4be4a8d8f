import LeftOutlined from '@ant-design/icons/LeftOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { PORTAL_PATHS } from '../model/paths';

const TABS = [
  { key: 'home', to: PORTAL_PATHS.home },
  { key: 'bills', to: PORTAL_PATHS.bills },
  { key: 'records', to: PORTAL_PATHS.records },
  { key: 'me', to: PORTAL_PATHS.me },
] as const;

/** The tab bar at the bottom of the portal's main pages: home, bills, records, me. */
function TabBar() {
  const { t } = useTranslation('driverPortal');
  return (
    <nav className="fd-dp-tabbar" aria-label={t('tabs.label')}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end
          className={({ isActive }) => `fd-dp-tab${isActive ? ' fd-dp-tab-active' : ''}`}
        >
          {t(`tabs.${tab.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

interface Props {
  title: ReactNode;
  /** A page under "me" or home: a back arrow instead of the tab bar. */
  back?: boolean;
  /** Something at the header's end. */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * The portal's frame: a phone's column (375 px first, at most 480 px centred on a desk) with its own header and tab
 * bar; none of the back office's header, menus or session.
 */
export function PortalFrame({ title, back = false, extra, children }: Props) {
  const { t } = useTranslation('driverPortal');
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PORTAL_PATHS.me);
  };
  return (
    <div className="fd-dp">
      <div className={`fd-dp-column${back ? '' : ' fd-dp-with-tabs'}`}>
        <header className="fd-dp-header">
          {back ? (
            <button type="button" className="fd-dp-back" onClick={goBack} aria-label={t('back')}>
              <LeftOutlined aria-hidden />
            </button>
          ) : null}
          <h1 className="fd-dp-title">{title}</h1>
          {extra ? <div className="fd-dp-header-extra">{extra}</div> : null}
        </header>
        <main className="fd-dp-main">{children}</main>
        {back ? null : <TabBar />}
      </div>
    </div>
  );
}
