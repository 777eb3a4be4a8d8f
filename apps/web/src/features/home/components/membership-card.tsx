import CrownOutlined from '@ant-design/icons/CrownOutlined';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Membership } from '../../../lib/session';

const YEAR_DAYS = 365;

/** The membership at a glance: plan, days left of the year, and the way to renew. */
export function MembershipCard({ membership }: { membership: Membership | null }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  if (!membership) {
    return (
      <section className="fd-card">
        <h2>{t('membership.title')}</h2>
        <p className="fd-muted">{t('membership.unknown')}</p>
      </section>
    );
  }
  const expired = membership.days === -1;
  const soon = !expired && membership.days <= 30;
  return (
    <section className="fd-card fd-home-membership" data-testid="home-membership">
      <h2>
        <CrownOutlined /> {t('membership.title')}
      </h2>
      <div className="fd-home-plan">
        <strong>{membership.name}</strong>
        <span className="fd-muted">
          {expired
            ? t('membership.expiredOn', { date: membership.date })
            : t('membership.until', { date: membership.date })}
        </span>
      </div>
      <Progress
        percent={expired ? 100 : Math.max(2, Math.min(100, (membership.days / YEAR_DAYS) * 100))}
        showInfo={false}
        status={expired ? 'exception' : soon ? 'active' : 'normal'}
        strokeColor={expired ? undefined : soon ? '#fa8c16' : '#1668dc'}
      />
      <p className={expired || soon ? 'fd-home-warn' : 'fd-muted'}>
        {expired ? t('membership.expired') : t('membership.daysLeft', { count: membership.days })}
      </p>
      <Button type={expired || soon ? 'primary' : 'default'} onClick={() => navigate('/membership')}>
        {expired || soon ? t('membership.renew') : t('membership.view')}
      </Button>
    </section>
  );
}
