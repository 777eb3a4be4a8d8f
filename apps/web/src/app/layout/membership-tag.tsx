import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';

/** Membership level and days left; red once expired, orange in the last month. */
export function MembershipTag() {
  const { t } = useTranslation();
  const membership = useSession((s) => s.membership);
  if (!membership) return null;
  const expired = membership.days === -1;
  const color = expired ? 'red' : membership.days <= 30 ? 'orange' : 'gold';
  return (
    <Tooltip
      title={
        expired
          ? t('header.membershipExpiredAt', { date: membership.date })
          : t('header.membershipUntil', { date: membership.date })
      }
    >
      <Link to="/membership" className="fd-membership" data-testid="membership-tag">
        <Tag color={color} variant="outlined">
          {membership.name} ·{' '}
          {expired ? t('header.membershipExpired') : t('header.membershipDays', { count: membership.days })}
        </Tag>
      </Link>
    </Tooltip>
  );
}
