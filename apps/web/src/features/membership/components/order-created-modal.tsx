import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { Order } from '@fleetdesk/contracts/payments';
import { formatDateTime, formatMoney } from '../../../lib/format';

interface Props {
  order: Order | null;
  onClose: () => void;
  onOrders: () => void;
}

/** The order just created; its payment comes with the orders area, which this says plainly. */
export function OrderCreatedModal({ order, onClose, onOrders }: Props) {
  const { t } = useTranslation('membership');
  return (
    <Modal
      open={!!order}
      title={t('created.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('created.close')}
        </Button>,
        <Button key="orders" type="primary" onClick={onOrders}>
          {t('created.toOrders')}
        </Button>,
      ]}
    >
      {order && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'no', label: t('created.orderNo'), children: order.orderNo },
              {
                key: 'plan',
                label: t('created.plan'),
                children: `${order.planName ?? ''} × ${t('yearsOption', { count: order.years })}`,
              },
              { key: 'amount', label: t('created.amount'), children: formatMoney(order.amount) },
              { key: 'status', label: t('created.status'), children: <Tag color="orange">{t('created.unpaid')}</Tag> },
              { key: 'closes', label: t('created.closesAt'), children: formatDateTime(order.expiresAt) },
            ]}
          />
          <p className="fd-muted fd-created-note">{t('created.paymentNote')}</p>
        </>
      )}
    </Modal>
  );
}
