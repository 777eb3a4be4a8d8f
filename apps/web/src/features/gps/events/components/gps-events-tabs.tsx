import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../i18n';

const PATHS = {
  map: '/riskGpsMap',
  alarms: '/riskGpsMap/alarms',
  geofences: '/riskGpsMap/geofences',
  commands: '/riskGpsMap/commands',
  risk: '/riskGpsMap/risk',
  receipts: '/riskGpsMap/receipts',
} as const;

/** The GPS area's screens: the live map, the alarms, the geofences, the commands, the risk cases, the device receipts. */
export function GpsEventsTabs({ active }: { active: keyof typeof PATHS }) {
  const { t } = useTranslation('gps-events');
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={active}
      onChange={(k) => void navigate(PATHS[k as keyof typeof PATHS])}
      items={(Object.keys(PATHS) as (keyof typeof PATHS)[]).map((k) => ({ key: k, label: t(`nav.${k}`) }))}
    />
  );
}
