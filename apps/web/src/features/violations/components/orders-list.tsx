import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryOrder, QueryOrderItem } from '@fleetdesk/contracts/violations';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { exportOriginal } from '../api/export-violations';
import { orderItemsQuery, ordersQuery } from '../api/queries';

const STATE_COLOURS = { running: 'processing', completed: 'success', failed: 'error' } as const;
const ITEM_COLOURS = { pending: 'default', done: 'success', failed: 'error' } as const;

function OrderItems({ orderId }: { orderId: number }) {
  const { t } = useTranslation('violations');
  const items = useQuery(orderItemsQuery(orderId));
  return (
    <Table<QueryOrderItem>
      size="small"
      rowKey={(i) => i.carId}
      loading={items.isLoading}
      dataSource={items.data?.items ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { key: 'plate', title: t('columns.plate'), render: (_, i) => formatPlate(i.plate) },
        {
          key: 'state',
          title: t('orders.state'),
          render: (_, i) => <Tag color={ITEM_COLOURS[i.state]}>{t(`orders.itemState.${i.state}`)}</Tag>,
        },
        { key: 'found', title: t('orders.found'), dataIndex: 'found', align: 'right' },
        { key: 'added', title: t('orders.added'), dataIndex: 'added', align: 'right' },
        { key: 'error', title: t('orders.error'), render: (_, i) => i.error ?? '-' },
        { key: 'queriedAt', title: t('orders.createdAt'), render: (_, i) => formatDateTime(i.queriedAt) },
      ]}
    />
  );
}

/** The paid query orders, newest first; a row opens what each car found. Refreshes while one runs. */
export function OrdersList() {
  const { t } = useTranslation('violations');
  const access = useAccess();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const orders = useQuery({
    ...ordersQuery(page.pageNum, page.pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((o) => o.state === 'running') ? 2000 : false),
  });
  return (
    <Table<QueryOrder>
      rowKey={(o) => o.id}
      loading={orders.isLoading}
      dataSource={orders.data?.rows ?? []}
      locale={{ emptyText: t('orders.empty') }}
      expandable={{ expandedRowRender: (o) => <OrderItems orderId={o.id} /> }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: orders.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      data-testid="violation-orders"
      columns={[
        { key: 'createdAt', title: t('orders.createdAt'), render: (_, o) => formatDateTime(o.createdAt) },
        { key: 'kind', title: t('orders.kind'), render: (_, o) => t(`orders.${o.kind}`) },
        {
          key: 'state',
          title: t('orders.state'),
          render: (_, o) => <Tag color={STATE_COLOURS[o.state]}>{t(`orders.${o.state}`)}</Tag>,
        },
        { key: 'cars', title: t('orders.cars'), dataIndex: 'carCount', align: 'right' },
        { key: 'found', title: t('orders.found'), dataIndex: 'found', align: 'right' },
        { key: 'added', title: t('orders.added'), dataIndex: 'added', align: 'right' },
        { key: 'failed', title: t('orders.failedCars'), dataIndex: 'failed', align: 'right' },
        { key: 'amount', title: t('orders.amount'), align: 'right', render: (_, o) => formatMoney(o.amount) },
        { key: 'refunded', title: t('orders.refunded'), align: 'right', render: (_, o) => formatMoney(o.refunded) },
        { key: 'by', title: t('orders.by'), render: (_, o) => o.createdByName ?? '-' },
        {
          key: 'export',
          title: '',
          render: (_, o) =>
            access.can('rentCar:export') && (
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void exportOriginal(o.id, t('export.original', { date: formatDate(new Date()) })).catch(
                    () => undefined,
                  )
                }
              >
                {t('actions.exportOriginal')}
              </Button>
            ),
        },
      ]}
    />
  );
}
