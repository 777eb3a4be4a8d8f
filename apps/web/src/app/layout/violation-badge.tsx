import WarningOutlined from '@ant-design/icons/WarningOutlined';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { remindCountQuery } from '../../features/violations/api/get-remind-count';
import { useAccess } from '../../lib/access';

/** Cars and drivers over the violation limits (`getLimitRemindCount`); opens the unhandled violations. Shown above 0. */
export function ViolationBadge() {
  const { t } = useTranslation();
  const allowed = useAccess().can('rentCar:view');
  const { data } = useQuery(remindCountQuery(allowed));
  if (!allowed || !data?.total) return null;
  const title = t('header.violationLimits', { cars: data.cars, drivers: data.drivers });
  return (
    <Tooltip title={title}>
      <Link
        to="/rentCar/violations?handled=unhandled"
        className="fd-icon-button fd-badge-link"
        aria-label={title}
        data-testid="violation-badge"
      >
        <Badge count={data.total} size="small" overflowCount={99}>
          <WarningOutlined className="fd-header-icon" />
        </Badge>
        <span className="fd-badge-text">{t('header.violationsShort')}</span>
      </Link>
    </Tooltip>
  );
}
