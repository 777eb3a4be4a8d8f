import RightOutlined from '@ant-design/icons/RightOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PortalHome } from '@fleetdesk/contracts/driver-portal';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { homeQuery } from '../api/portal';
import { PortalFrame } from '../components/portal-frame';
import { Loadable } from '../components/states';
import { PORTAL_PATHS } from '../model/paths';

/** What is due: now (overdue in red), the next date and amount, and the way to pay. */
function DueCard({ due }: { due: PortalHome['due'] }) {
  const { t } = useTranslation('driverPortal');
  const navigate = useNavigate();
  return (
    <section className="fd-dp-card fd-dp-due" data-testid="dp-due">
      <div className="fd-dp-card-title">{t('home.dueTitle')}</div>
      <div className="fd-dp-due-amount">{formatMoney(due.dueNow)}</div>
      <div className="fd-muted">{t('home.dueNow')}</div>
      {due.overdue > 0 ? (
        <div className="fd-dp-danger">{t('home.overdue', { amount: formatMoney(due.overdue) })}</div>
      ) : null}
      <div className="fd-dp-due-next">
        {due.nextDueDate
          ? t('home.nextDue', { date: formatDate(due.nextDueDate), amount: formatMoney(due.nextAmount) })
          : t('home.noNext')}
      </div>
      <Button type="primary" block onClick={() => void navigate(PORTAL_PATHS.bills)}>
        {t('home.pay')}
      </Button>
    </section>
  );
}

/** The portal's home: greeting, what is due, the level, what waits (violations, surveys), the newest notices. */
export default function PortalHomePage() {
  const { t } = useTranslation('driverPortal');
  const home = useQuery(homeQuery());
  return (
    <PortalFrame title={t('brand')}>
      <Loadable query={home} rows={6}>
        {(h) => (
          <>
            <section className="fd-dp-hello">
              <div className="fd-dp-hello-name">{t('home.hello', { name: h.me.name })}</div>
              <div className="fd-muted">{h.me.tenantName}</div>
              <Link to={PORTAL_PATHS.membership} className="fd-dp-level-badge" data-testid="dp-level">
                <Tag color="gold">{h.level.name}</Tag>
              </Link>
            </section>
            <DueCard due={h.due} />
            <section className="fd-dp-card fd-dp-counts">
              <Link to={PORTAL_PATHS.records} className="fd-dp-count">
                <strong className={h.openViolations > 0 ? 'fd-dp-danger' : undefined}>{h.openViolations}</strong>
                <span>{t('home.openViolations')}</span>
              </Link>
              <Link to={PORTAL_PATHS.surveys} className="fd-dp-count">
                <strong>{h.openSurveys}</strong>
                <span>{t('home.openSurveys')}</span>
              </Link>
              <Link to={PORTAL_PATHS.contracts} className="fd-dp-count">
                <strong>{h.contracts}</strong>
                <span>{t('home.contracts')}</span>
              </Link>
            </section>
            <section className="fd-dp-card">
              <div className="fd-dp-card-title">{t('home.notices')}</div>
              {h.notices.length ? (
                <ul className="fd-dp-notices">
                  {h.notices.map((n) => (
                    <li key={n.id}>
                      <div>{n.text}</div>
                      <div className="fd-muted fd-dp-small">{formatDateTime(n.at)}</div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="fd-muted">{t('home.noNotices')}</p>
              )}
            </section>
            <Link to={PORTAL_PATHS.membership} className="fd-dp-card fd-dp-row-link">
              <span>{t('home.membership')}</span>
              <RightOutlined aria-hidden />
            </Link>
          </>
        )}
      </Loadable>
    </PortalFrame>
  );
}
