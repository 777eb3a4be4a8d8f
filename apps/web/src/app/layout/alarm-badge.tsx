import AlertOutlined from '@ant-design/icons/AlertOutlined';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../lib/access';
import { ALARM_COUNT_KEY, fetchAlarmCount } from './alarm-count';

/** Unhandled GPS alarms (refreshed every minute); opens the alarm list. Nothing shows at 0 or without the GPS menu. */
export function AlarmBadge() {
  const { t } = useTranslation();
  const allowed = useAccess().can('riskGpsMap:view');
  const { data } = useQuery({
    queryKey: ALARM_COUNT_KEY,
    queryFn: fetchAlarmCount,
    enabled: allowed,
    refetchInterval: 60_000,
  });
  const alarmNum = data ?? 0;
  if (!allowed || alarmNum <= 0) return null;
  return (
    <Tooltip title={t('header.alarms')}>
      <Link
        to="/riskGpsMap/alarms"
        className="fd-icon-button fd-badge-link"
        aria-label={t('header.alarms')}
        data-testid="alarm-badge"
      >
        <Badge count={alarmNum} size="small" overflowCount={99}>
          <AlertOutlined className="fd-header-icon" />
        </Badge>
        <span className="fd-badge-text">{t('header.alarmsShort')}</span>
      </Link>
    </Tooltip>
  );
}
