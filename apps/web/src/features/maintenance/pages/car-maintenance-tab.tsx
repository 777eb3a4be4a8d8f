import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KM_SOURCE_TITLES, WORK_ORDER_KIND_TITLES, type WorkOrderRow } from '@fleetdesk/contracts/maintenance';
import type { CarTabProps } from '../../../components/car-tabs/car-tabs';
import { entityPath, WorkOrderLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { carPositionQuery, ordersQuery } from '../api/maintenance';
import { OrderForm } from '../components/order-form';
import { OrderStateTag, ServiceStateTag, useTitle } from '../components/titles';
import { intervalText } from './due-list';
import '../i18n';
import '../maintenance.css';

const km = (v: number | null | undefined) => (v == null ? '-' : `${v.toLocaleString('en-US')} km`);

/** The car page's maintenance tab: the car's service position and its work orders, newest first. */
export default function CarMaintenanceTab({ carId, plate }: CarTabProps) {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const position = useQuery(carPositionQuery(carId));
  const orders = useQuery(ordersQuery({ carId, pageNum: 1, pageSize: 50 }));
  const [reporting, setReporting] = useState(false);
  const p = position.data;
  return (
    <div className="fd-maint-car" data-testid="maint-car-tab">
      <Card
        size="small"
        title={t('carTab.position')}
        loading={position.isLoading}
        extra={p?.state ? <ServiceStateTag state={p.state} /> : null}
      >
        {p && p.plan ? (
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t('columns.plan')}>
              {p.plan.name} <span className="fd-muted">· {intervalText(p.plan, t)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.lastService')}>
              {p.lastServiceOn ? (
                <>
                  {p.lastOrderId ? (
                    <Link to={entityPath.workOrder(p.lastOrderId)}>{formatDate(p.lastServiceOn)}</Link>
                  ) : (
                    formatDate(p.lastServiceOn)
                  )}{' '}
                  · {km(p.lastServiceKm)}
                </>
              ) : (
                t('due.noService')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.nextService')}>
              {[p.nextDueOn ? formatDate(p.nextDueOn) : null, p.nextDueKm != null ? km(p.nextDueKm) : null]
                .filter(Boolean)
                .join(' · ') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.currentKm')}>
              {km(p.currentKm)}{' '}
              <span className="fd-muted">
                ({title(KM_SOURCE_TITLES[p.kmSource])}
                {p.kmReadAt ? ` · ${formatDateTime(p.kmReadAt)}` : ''})
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.dueOn')}>{p.dueOn ? formatDate(p.dueOn) : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('carTab.pace')}>
              {p.kmPerDay == null ? '-' : t('carTab.kmPerDay', { km: Math.round(p.kmPerDay) })}
            </Descriptions.Item>
          </Descriptions>
        ) : p ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('carTab.noPlan')} />
        ) : null}
      </Card>
      <Card
        size="small"
        title={t('carTab.orders')}
        extra={
          access.can('maintenance:add') ? (
            <Space>
              <Button size="small" type="primary" ghost icon={<PlusOutlined />} onClick={() => setReporting(true)}>
                {t('actions.report')}
              </Button>
            </Space>
          ) : null
        }
      >
        <Table<WorkOrderRow>
          size="small"
          rowKey="id"
          loading={orders.isLoading}
          dataSource={orders.data?.rows ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: t('list.emptyOrders') }}
          onRow={(o) => ({ onClick: () => void navigate(entityPath.workOrder(o.id)), className: 'fd-clickable' })}
          columns={[
            {
              key: 'number',
              title: t('columns.number'),
              render: (_, o) => <WorkOrderLink id={o.id} number={o.number} />,
            },
            { key: 'state', title: t('columns.state'), render: (_, o) => <OrderStateTag state={o.state} /> },
            { key: 'kind', title: t('columns.kind'), render: (_, o) => title(WORK_ORDER_KIND_TITLES[o.kind]) },
            { key: 'problem', title: t('columns.problem'), dataIndex: 'problem', ellipsis: true },
            { key: 'workshop', title: t('columns.workshop'), render: (_, o) => o.workshopName ?? '-' },
            { key: 'planned', title: t('columns.planned'), render: (_, o) => formatDate(o.plannedStart) },
            { key: 'total', title: t('columns.total'), align: 'right', render: (_, o) => formatMoney(o.total) },
          ]}
        />
      </Card>
      {reporting ? (
        <OrderForm
          prefill={{ carId, plate }}
          onClose={() => setReporting(false)}
          onSaved={(o) => void navigate(entityPath.workOrder(o.id))}
        />
      ) : null}
    </div>
  );
}
