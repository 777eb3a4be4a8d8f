import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { AlarmBadge } from './alarm-badge';
import { ApprovalBadge } from './approval-badge';
import { LanguageSwitch } from './language-switch';
import { MembershipTag } from './membership-tag';
import { MessageBell } from './message-bell';
import { NavMenu } from './nav-menu';
import { RentSwitcher } from './rent-switcher';
import { UserMenu } from './user-menu';
import { ViolationBadge } from './violation-badge';

export function AppHeader() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <header className="fd-header">
      <Link to="/" className="fd-brand" aria-label={t('appName')}>
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span>{t('appName')}</span>
      </Link>
      {user ? <NavMenu /> : <div className="fd-header-spacer" />}
      <div className="fd-header-tools">
        {user ? (
          <>
            <RentSwitcher />
            <MembershipTag />
            <AlarmBadge />
            <ApprovalBadge />
            <ViolationBadge />
            <MessageBell />
            <LanguageSwitch />
            <UserMenu />
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
