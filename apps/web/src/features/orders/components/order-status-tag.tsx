import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@fleetdesk/contracts/payments';

const COLORS: Record<OrderStatus, string> = {
  unpaid: 'orange',
  paid: 'green',
  partRefunded: 'gold',
  refunded: 'purple',
  cancelled: 'default',
  closed: 'default',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}
