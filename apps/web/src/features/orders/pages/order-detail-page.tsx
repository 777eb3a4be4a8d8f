import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OrderDetail, OrderRefund } from '@fleetdesk/contracts/payments';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useCancelOrder } from '../api/cancel-order';
import { downloadReceipt } from '../api/download-receipt';
import { useOrder } from '../api/get-order';
import { orderItem } from '../components/order-item';
import { OrderStatusTag } from '../components/order-status-tag';
import { usePayOrder } from '../components/use-pay-order';
import { WithdrawDialog } from '../components/withdraw-dialog';
import '../i18n';
import './orders.css';

const REFUND_COLORS = { processing: 'blue', succeeded: 'green', failed: 'red' } as const;
const RECEIPT_STATUSES = new Set(['paid', 'partRefunded', 'refunded']);

/**
 * `/order/detail/{id}`: one order (what it buys, money, dates, the provider's trade number), its refunds, and
 * what can be done: pay or cancel while unpaid, the receipt as PDF once paid, a refund of unused top-up money.
 */
export default function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const access = useAccess();
  const order = useOrder(id);
  const cancel = useCancelOrder();
  const { pay, dialog } = usePayOrder();
  const [withdrawing, setWithdrawing] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (!Number.isInteger(id) || id < 1) return <Alert type="warning" showIcon title={t('detail.notFound')} />;
  if (order.isError) return <Alert type="warning" showIcon title={t('detail.notFound')} />;
  if (!order.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const o: OrderDetail = order.data;
  const canBuy = access.can('billing:buy');

  const items = [
    { key: 'orderNo', label: t('columns.orderNo'), children: o.orderNo },
    { key: 'type', label: t('columns.type'), children: t(`type.${o.type}`) },
    { key: 'item', label: t('columns.item'), children: orderItem(o, t) },
    { key: 'amount', label: t('columns.amount'), children: formatMoney(o.amount) },
    ...(o.unitPrice !== null
      ? [{ key: 'unitPrice', label: t('detail.unitPrice'), children: formatMoney(o.unitPrice) }]
      : []),
    { key: 'status', label: t('columns.status'), children: <OrderStatusTag status={o.status} /> },
    {
      key: 'payMethod',
      label: t('columns.payMethod'),
      children: o.payMethod ? t(`payMethod.${o.payMethod}`) : '-',
    },
    { key: 'tradeNo', label: t('detail.tradeNo'), children: o.providerTradeNo ?? '-' },
    { key: 'createdAt', label: t('columns.createdAt'), children: formatDateTime(o.createdAt, true) },
    { key: 'by', label: t('detail.by'), children: o.createdByName ?? '-' },
    ...(o.paidAt ? [{ key: 'paidAt', label: t('detail.paidAt'), children: formatDateTime(o.paidAt, true) }] : []),
    ...(o.status === 'unpaid'
      ? [{ key: 'expiresAt', label: t('detail.expiresAt'), children: formatDateTime(o.expiresAt, true) }]
      : []),
    ...(o.closedAt
      ? [{ key: 'closedAt', label: t('detail.closedAt'), children: formatDateTime(o.closedAt, true) }]
      : []),
    ...(o.membershipFrom && o.membershipTo
      ? [
          {
            key: 'period',
            label: t('detail.period'),
            children: `${formatDate(o.membershipFrom)} ~ ${formatDate(o.membershipTo)}`,
          },
        ]
      : []),
    ...(o.reference
      ? [{ key: 'ref', label: t('detail.reference'), children: `${o.reference.type} #${o.reference.id}` }]
      : []),
    { key: 'refunded', label: t('detail.refunded'), children: formatMoney(o.refundedAmount) },
    ...(o.type === 'topUp'
      ? [{ key: 'refundable', label: t('detail.refundable'), children: formatMoney(o.refundable) }]
      : []),
  ];

  return (
    <div className="fd-order-detail">
      <div className="fd-order-head">
        <Link to="/order/list" aria-label={t('detail.back')}>
          <ArrowLeftOutlined />
        </Link>
        <h1 className="fd-page-title">{t('detail.title', { orderNo: o.orderNo })}</h1>
        <OrderStatusTag status={o.status} />
        <Space className="fd-order-actions" wrap>
          {o.status === 'unpaid' && canBuy && (
            <>
              <Button type="primary" onClick={() => pay(o)}>
                {t('pay')}
              </Button>
              <Popconfirm title={t('cancelConfirm')} onConfirm={() => cancel.mutateAsync(o.id)}>
                <Button danger>{t('cancel')}</Button>
              </Popconfirm>
            </>
          )}
          {RECEIPT_STATUSES.has(o.status) && (
            <Button
              icon={<FilePdfOutlined />}
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                downloadReceipt(o.id, t('detail.receiptFile', { orderNo: o.orderNo }))
                  .catch(() => undefined)
                  .finally(() => setDownloading(false));
              }}
            >
              {t('detail.receipt')}
            </Button>
          )}
          {o.type === 'topUp' && o.refundable > 0 && access.can('billing:withdraw') && (
            <Button onClick={() => setWithdrawing(true)}>{t('withdraw.button')}</Button>
          )}
        </Space>
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} className="fd-order-box" />
      <section className="fd-order-box">
        <h2 className="fd-order-sub">{t('detail.refunds')}</h2>
        <Table<OrderRefund>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.refunds}
          locale={{ emptyText: t('detail.noRefunds') }}
          columns={[
            { key: 'no', title: t('detail.refundNo'), dataIndex: 'refundNo' },
            { key: 'channel', title: t('detail.channel'), render: (_, r) => t(`refundChannel.${r.channel}`) },
            { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, r) => formatMoney(r.amount) },
            { key: 'count', title: t('detail.count'), render: (_, r) => r.count ?? '-' },
            { key: 'reason', title: t('detail.reason'), dataIndex: 'reason' },
            {
              key: 'status',
              title: t('columns.status'),
              render: (_, r) => <Tag color={REFUND_COLORS[r.status]}>{t(`refundStatus.${r.status}`)}</Tag>,
            },
            { key: 'createdAt', title: t('detail.refundedAt'), render: (_, r) => formatDateTime(r.createdAt) },
          ]}
        />
      </section>
      {withdrawing && <WithdrawDialog order={o} open={withdrawing} onClose={() => setWithdrawing(false)} />}
      {dialog}
    </div>
  );
}
