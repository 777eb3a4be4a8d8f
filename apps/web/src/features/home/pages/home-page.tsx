import RightOutlined from '@ant-design/icons/RightOutlined';
import Tag from 'antd/es/tag';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../../components/menu-icon';
import { useAccess } from '../../../lib/access';
import type { Language } from '../../../lib/i18n';
import { routeLink } from '../../../lib/route-link';
import { menuHasScreen } from '../../../lib/screens';
import { useSession } from '../../../lib/session';
import { lazyPage } from '../../../lib/lazy-page';
import { useOperation } from '../api/get-operation';
import { BalanceCard } from '../components/balance-card';
import { MembershipCard } from '../components/membership-card';
import { TodayBoard } from '../components/today-board';
import '../i18n';
import './home-page.css';

/** The risk board and the trends: their charts load on their own chunk, after today's figures are drawn. */
const Insights = lazyPage<{ today: string; risk: boolean; trends: boolean }>(() => import('../components/insights'));

/** The permissions that read a daily report group (the trends are shown to a user holding one). */
const REPORT_READS = ['rentCar:view', 'rentContract:view', 'crm:view', 'oaCostCenter:view'];

function greetingKey(hour: number): string {
  if (hour < 6) return 'greeting.night';
  if (hour < 12) return 'greeting.morning';
  if (hour < 14) return 'greeting.noon';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

/**
 * `/`: the dashboard. Today's figures of the areas the user reads (each a link to its list), then the risk board
 * and the trends (own chunk), the membership, the balance and shortcuts to the user's screens.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language as Language;
  const user = useSession((s) => s.user);
  const membership = useSession((s) => s.membership);
  const routes = useSession((s) => s.routes);
  const menus = useSession((s) => s.permissionMenus);
  const messageTotal = useSession((s) => s.messageTotal);
  const access = useAccess();
  const operation = useOperation();
  if (!user) return null;
  const trends = REPORT_READS.some((code) => access.can(code));

  const shortcuts = [
    ...routes.filter((r) => r.nav && r.path !== '/'),
    {
      path: '/membership',
      code: null,
      titles: null,
      titleKey: 'routes.membership',
      icon: 'SafetyCertificateOutlined',
      nav: false,
    },
    {
      path: '/setting/profile',
      code: null,
      titles: null,
      titleKey: 'routes.setting',
      icon: 'SettingOutlined',
      nav: false,
    },
  ];
  // The areas the user's roles grant, by their catalogue titles; a module without a screen yet is not advertised.
  const granted = menus.filter((m) => user.menus.includes(m.code) && !m.parentCode && menuHasScreen(m.code));

  return (
    <div className="fd-home">
      <section className="fd-home-hello">
        <h1 className="fd-page-title">{t(greetingKey(new Date().getHours()), { name: user.name })}</h1>
        <p className="fd-muted">
          {user.tenantName}
          {user.rentName ? ` · ${user.rentName}` : ''}
          {messageTotal > 0 ? ` · ${t('unread', { count: messageTotal })}` : ''}
        </p>
      </section>
      {operation.isError ? (
        <p className="fd-card fd-muted" role="alert">
          {t('today.failed')}{' '}
          <button type="button" className="fd-home-retry" onClick={() => void operation.refetch()}>
            {t('today.retry')}
          </button>
        </p>
      ) : !operation.data ? (
        <div className="fd-today-loading" aria-busy="true" aria-label={t('today.loading')} />
      ) : (
        <>
          <TodayBoard figures={operation.data} />
          {(trends || operation.data.risk) && (
            <Suspense fallback={<div className="fd-today-loading" aria-busy="true" />}>
              <Insights today={operation.data.today} risk={!!operation.data.risk} trends={trends} />
            </Suspense>
          )}
        </>
      )}
      <div className="fd-home-grid">
        <MembershipCard membership={membership} />
        {access.can('billing:view') && <BalanceCard />}
        <section className="fd-card">
          <h2>{t('shortcuts')}</h2>
          <nav className="fd-shortcuts" aria-label={t('shortcuts')}>
            {shortcuts.map((s) => (
              <Link key={s.path} to={routeLink(s.path)} className="fd-shortcut">
                <span className="fd-shortcut-icon">
                  <MenuIcon name={s.icon} />
                </span>
                <span>{s.titles?.[lang] ?? t(s.titleKey, { ns: 'common' })}</span>
                <RightOutlined className="fd-shortcut-arrow" />
              </Link>
            ))}
          </nav>
        </section>
        <section className="fd-card" data-testid="home-access">
          <h2>{t('access.title')}</h2>
          <p className="fd-muted">{t('access.text')}</p>
          <div className="fd-access-tags">
            {granted.length === 0 ? (
              <span className="fd-muted">{t('access.none')}</span>
            ) : (
              granted.map((m) => (
                <Tag key={m.code} icon={<MenuIcon name={m.icon} />}>
                  {m.titles[lang]}
                </Tag>
              ))
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
