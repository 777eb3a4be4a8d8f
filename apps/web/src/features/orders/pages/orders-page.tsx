import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ORDER_STATUSES, ORDER_TYPES, type Order } from '@fleetdesk/contracts/payments';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCancelOrder } from '../api/cancel-order';
import { ordersQuery } from '../api/get-orders';
import { OrderStatusTag } from '../components/order-status-tag';
import '../i18n';

/** `/order/{type}`: the tenant's orders of that type. Paying online comes with the orders area. */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const { type = '' } = useParams();
  const cancel = useCancelOrder();
  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'status',
        label: t('columns.status'),
        options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
    ],
    [t],
  );

  if (!(ORDER_TYPES as readonly string[]).includes(type)) {
    return <Alert type="warning" showIcon title={t('unknownType', { type })} />;
  }

  const columns: ListColumn<Order>[] = [
    { key: 'orderNo', title: t('columns.orderNo'), dataIndex: 'orderNo' },
    {
      key: 'plan',
      title: t('columns.plan'),
      render: (_, o) => `${o.planName ?? '-'} × ${t('years', { count: o.years })}`,
    },
    { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, o) => formatMoney(o.amount) },
    { key: 'status', title: t('columns.status'), render: (_, o) => <OrderStatusTag status={o.status} /> },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, o) => formatDateTime(o.createdAt) },
    {
      key: 'deadline',
      title: t('columns.deadline'),
      render: (_, o) =>
        o.status === 'paid' ? formatDateTime(o.paidAt) : o.status === 'unpaid' ? formatDateTime(o.expiresAt) : '-',
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, o) =>
        o.status === 'unpaid' ? (
          <Popconfirm title={t('cancelConfirm')} onConfirm={() => cancel.mutateAsync(o.id)}>
            <Button type="link" size="small" danger>
              {t('cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <ListPage<Order>
      id={`orders-${type}`}
      title={t(`title.${type}`)}
      toolbar={
        <Link to="/membership">
          <Button type="primary">{t('newOrder')}</Button>
        </Link>
      }
      extra={<Alert type="info" showIcon title={t('paymentNote')} />}
      filters={filters}
      columns={columns}
      rowKey={(o) => o.id}
      query={(p) => ordersQuery({ type, status: p.filters.status, pageNum: p.pageNum, pageSize: p.pageSize })}
      bulkActions={(selected, clear) => {
        const unpaid = selected.filter((o) => o.status === 'unpaid');
        return (
          <Popconfirm
            title={t('bulkCancelConfirm', { count: unpaid.length })}
            disabled={unpaid.length === 0}
            onConfirm={async () => {
              for (const o of unpaid) await cancel.mutateAsync(o.id).catch(() => undefined);
              clear();
            }}
          >
            <Button size="small" danger disabled={unpaid.length === 0}>
              {t('bulkCancel', { count: unpaid.length })}
            </Button>
          </Popconfirm>
        );
      }}
    />
  );
}
