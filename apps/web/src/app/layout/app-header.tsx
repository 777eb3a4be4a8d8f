import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useCompact } from '../../lib/use-media-query';
import { AlarmBadge } from './alarm-badge';
import { ApprovalBadge } from './approval-badge';
import { LanguageSwitch } from './language-switch';
import { MembershipTag } from './membership-tag';
import { MessageBell } from './message-bell';
import { NavDrawer, NavMenu } from './nav-menu';
import { RentSwitcher } from './rent-switcher';
import { UserMenu } from './user-menu';
import { ViolationBadge } from './violation-badge';

/**
 * The shared header. Below 768 px (`useCompact`) it is compact: the navigation is a drawer behind a menu button,
 * and the company, membership and language move into the account menu, so every tool, sign-out included, stays on
 * the screen (docs/web.md, Phone layout).
 */
export function AppHeader() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const compact = useCompact();
  return (
    <header className={compact ? 'fd-header fd-header-compact' : 'fd-header'}>
      {user && compact && <NavDrawer />}
      <Link to="/" className="fd-brand" aria-label={t('appName')}>
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span>{t('appName')}</span>
      </Link>
      {user && !compact ? <NavMenu /> : <div className="fd-header-spacer" />}
      <div className="fd-header-tools">
        {user ? (
          <>
            {!compact && <RentSwitcher />}
            {!compact && <MembershipTag />}
            <AlarmBadge />
            <ApprovalBadge />
            <ViolationBadge />
            <MessageBell />
            {!compact && <LanguageSwitch />}
            <UserMenu compact={compact} />
          </>
        ) : (
          <>
            <LanguageSwitch />
            <Button
              type="primary"
              onClick={() => navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)}
            >
              {t('actions.signIn')}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
