import AlertOutlined from '@ant-design/icons/AlertOutlined';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

/** Unhandled GPS alarms. The count arrives with the GPS area; until then it stays 0 and nothing shows. */
export function AlarmBadge() {
  const { t } = useTranslation();
  const alarmNum = useSession((s) => s.alarmNum);
  if (alarmNum <= 0) return null;
  return (
    <Tooltip title={t('header.alarms')}>
      <Badge count={alarmNum} size="small" overflowCount={99}>
        <AlertOutlined className="fd-header-icon" aria-label={t('header.alarms')} />
      </Badge>
    </Tooltip>
  );
}
