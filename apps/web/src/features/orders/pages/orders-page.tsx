import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ORDER_STATUSES, ORDER_TYPES, PAY_METHODS, TOP_UP_PAGE, type Order } from '@fleetdesk/contracts/payments';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCancelOrder } from '../api/cancel-order';
import { ordersQuery } from '../api/get-orders';
import { orderItem } from '../components/order-item';
import { OrderStatusTag } from '../components/order-status-tag';
import { usePayOrder } from '../components/use-pay-order';
import '../i18n';

/** The path types that list orders: every type with a type filter, or the orders of one type. */
const LIST_TYPES = ['list', 'membership', 'service'] as const;

/**
 * `/order/{type}`: the tenant's orders (`list`: all, with a type filter; `membership`, `service`: of that type)
 * with filters (status, order number, pay method, dates); an unpaid order can be paid (its QR code) or cancelled.
 */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const { type = '' } = useParams();
  const access = useAccess();
  const cancel = useCancelOrder();
  const { pay, dialog } = usePayOrder();
  const all = type === 'list';
  const filters = useMemo<FilterField[]>(
    () => [
      ...(all
        ? [
            {
              type: 'select' as const,
              name: 'type',
              label: t('columns.type'),
              options: ORDER_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) })),
            },
          ]
        : []),
      {
        type: 'select',
        name: 'status',
        label: t('columns.status'),
        options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
      { type: 'text', name: 'orderNo', label: t('columns.orderNo') },
      {
        type: 'select',
        name: 'payMethod',
        label: t('columns.payMethod'),
        options: PAY_METHODS.map((s) => ({ value: s, label: t(`payMethod.${s}`) })),
        advanced: true,
      },
      { type: 'date-range', name: 'created', label: t('columns.createdAt'), keys: ['from', 'to'], advanced: true },
    ],
    [t, all],
  );

  if (!(LIST_TYPES as readonly string[]).includes(type)) {
    return <Alert type="warning" showIcon title={t('unknownType', { type })} />;
  }
  const canBuy = access.can('billing:buy');

  const columns: ListColumn<Order>[] = [
    {
      key: 'orderNo',
      title: t('columns.orderNo'),
      render: (_, o) => <Link to={`/order/detail/${o.id}`}>{o.orderNo}</Link>,
    },
    ...(all ? [{ key: 'type', title: t('columns.type'), render: (_: unknown, o: Order) => t(`type.${o.type}`) }] : []),
    { key: 'item', title: t('columns.item'), render: (_, o) => orderItem(o, t) },
    { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, o) => formatMoney(o.amount) },
    { key: 'status', title: t('columns.status'), render: (_, o) => <OrderStatusTag status={o.status} /> },
    {
      key: 'payMethod',
      title: t('columns.payMethod'),
      render: (_, o) => (o.payMethod ? t(`payMethod.${o.payMethod}`) : '-'),
    },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, o) => formatDateTime(o.createdAt) },
    {
      key: 'deadline',
      title: t('columns.deadline'),
      render: (_, o) =>
        o.paidAt ? formatDateTime(o.paidAt) : o.status === 'unpaid' ? formatDateTime(o.expiresAt) : '-',
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, o) =>
        o.status === 'unpaid' && canBuy ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => pay(o)}>
              {t('pay')}
            </Button>
            <Popconfirm title={t('cancelConfirm')} onConfirm={() => cancel.mutateAsync(o.id)}>
              <Button type="link" size="small" danger>
                {t('cancel')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage<Order>
        id={`orders-${type}`}
        title={t(`title.${type}`)}
        toolbar={
          canBuy && (
            <Space>
              <Link to={TOP_UP_PAGE}>
                <Button>{t('topUp')}</Button>
              </Link>
              <Link to="/membership">
                <Button type="primary">{t('newOrder')}</Button>
              </Link>
            </Space>
          )
        }
        extra={<p className="fd-muted">{t('closeNote')}</p>}
        filters={filters}
        columns={columns}
        rowKey={(o) => o.id}
        query={(p) =>
          ordersQuery({
            type: all ? p.filters.type : type,
            status: p.filters.status,
            orderNo: p.filters.orderNo,
            payMethod: p.filters.payMethod,
            from: p.filters.from,
            to: p.filters.to,
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          })
        }
        bulkActions={
          canBuy
            ? (selected, clear) => {
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
              }
            : undefined
        }
      />
      {dialog}
    </>
  );
}
