import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { CarStatus } from '@fleetdesk/contracts/vehicles';

const COLORS: Record<CarStatus, string> = {
  idle: 'green',
  rented: 'blue',
  preparing: 'gold',
  maintenance: 'orange',
  reserved: 'cyan',
  off_fleet: 'default',
  sold: 'purple',
  scrapped: 'red',
};

export function CarStatusTag({ status }: { status: CarStatus }) {
  const { t } = useTranslation('vehicles');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}
