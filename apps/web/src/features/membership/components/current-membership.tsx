import CrownOutlined from '@ant-design/icons/CrownOutlined';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import type { Membership } from '../../../lib/session';

/** The tenant's membership now: level, expiry and days left, or that it has expired. */
export function CurrentMembership({ membership }: { membership: Membership }) {
  const { t } = useTranslation('membership');
  const expired = membership.days === -1;
  return (
    <div className={`fd-current${expired ? ' fd-current-expired' : ''}`} data-testid="current-membership">
      <CrownOutlined className="fd-current-icon" />
      <div>
        <div className="fd-current-name">
          {membership.name}
          <span className="fd-current-level">{t('level', { level: membership.level })}</span>
        </div>
        <div className="fd-muted">
          {expired ? t('expiredOn', { date: membership.date }) : t('validUntil', { date: membership.date })}
        </div>
      </div>
      <div className="fd-current-days">
        {expired ? (
          <Alert type="error" showIcon title={t('expired')} />
        ) : (
          <>
            <span>{t('daysLeftBefore')}</span>
            <strong>{membership.days}</strong>
            <span>{t('daysLeftAfter', { count: membership.days })}</span>
          </>
        )}
      </div>
    </div>
  );
}
