import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  PAYER_TITLES,
  PAYERS,
  WORK_ORDER_KIND_TITLES,
  WORK_ORDER_KINDS,
  WORK_ORDER_STATE_TITLES,
  WORK_ORDER_STATES,
  type WorkOrderRow,
} from '@fleetdesk/contracts/maintenance';
import { CarLink, DriverLink, entityPath, WorkOrderLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { SavedFilters } from '../../../components/list-page/saved-filters';
import { useAccess } from '../../../lib/access';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { exportOrders, ordersQuery, workshopOptionsQuery, type OrderFilter } from '../api/maintenance';
import { OrderForm } from '../components/order-form';
import { OrderStateTag, useTitle } from '../components/titles';

export const ORDERS_SCREEN = 'maintenanceOrders';
const FILTER_KEYS = [
  'state',
  'kind',
  'workshopId',
  'payer',
  'rentId',
  'keyword',
  'reportedFrom',
  'reportedTo',
  'carId',
  'driverId',
] as const;

/** The URL filters as the list call's query (several states or kinds stay comma-separated). */
export function orderFilter(f: Record<string, string>): OrderFilter {
  const out: OrderFilter = {};
  if (f.state) out.state = f.state;
  if (f.kind) out.kind = f.kind;
  if (f.payer) out.payer = f.payer as OrderFilter['payer'];
  if (f.keyword) out.keyword = f.keyword;
  if (f.reportedFrom) out.reportedFrom = f.reportedFrom;
  if (f.reportedTo) out.reportedTo = f.reportedTo;
  for (const k of ['workshopId', 'rentId', 'carId', 'driverId'] as const) if (f[k]) out[k] = Number(f[k]);
  return out;
}

const toSaved = (filters: Record<string, string>) => ({ ...filters }) as Record<string, unknown>;
const fromSaved = (saved: Record<string, unknown>): Record<string, string | undefined> =>
  Object.fromEntries(FILTER_KEYS.map((k) => [k, typeof saved[k] === 'string' && saved[k] ? saved[k] : undefined]));

function useFields(): FilterField[] {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const rents = useSession((s) => s.user?.rents ?? []);
  const workshops = useQuery(workshopOptionsQuery());
  return useMemo<FilterField[]>(() => {
    const fields: FilterField[] = [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        multiple: true,
        options: WORK_ORDER_STATES.map((s) => ({ value: s, label: title(WORK_ORDER_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'kind',
        label: t('filters.kind'),
        multiple: true,
        options: WORK_ORDER_KINDS.map((k) => ({ value: k, label: title(WORK_ORDER_KIND_TITLES[k]) })),
      },
      {
        type: 'select',
        name: 'workshopId',
        label: t('filters.workshop'),
        options: (workshops.data ?? []).map((w) => ({ value: String(w.id), label: w.name })),
      },
      {
        type: 'select',
        name: 'payer',
        label: t('filters.payer'),
        options: PAYERS.map((p) => ({ value: p, label: title(PAYER_TITLES[p]) })),
        advanced: true,
      },
      {
        type: 'date-range',
        name: 'reported',
        label: t('filters.reported'),
        keys: ['reportedFrom', 'reportedTo'],
        advanced: true,
      },
      { type: 'hidden', name: 'carId', label: t('filters.car') },
      { type: 'hidden', name: 'driverId', label: t('filters.driver') },
    ];
    if (rents.length > 1)
      fields.push({
        type: 'select',
        name: 'rentId',
        label: t('filters.rent'),
        options: rents.map((r) => ({ value: String(r.id), label: r.shortName || r.name })),
        advanced: true,
      });
    return fields;
  }, [t, title, rents, workshops.data]);
}

/** `/maintenance/orders`: the work orders (the workshop's sign-in sees its workshop's only), report a problem. */
export function OrdersList() {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const fields = useFields();
  const [reporting, setReporting] = useState(false);
  const open = (id: number) => void navigate(entityPath.workOrder(id));
  const columns: ListColumn<WorkOrderRow>[] = [
    {
      key: 'number',
      title: t('columns.number'),
      fixed: 'left',
      render: (_, o) => <WorkOrderLink id={o.id} number={o.number} className="fd-row-link" />,
    },
    { key: 'plate', title: t('columns.plate'), render: (_, o) => <CarLink id={o.carId} plate={o.plate} /> },
    { key: 'state', title: t('columns.state'), render: (_, o) => <OrderStateTag state={o.state} /> },
    { key: 'kind', title: t('columns.kind'), render: (_, o) => title(WORK_ORDER_KIND_TITLES[o.kind]) },
    { key: 'problem', title: t('columns.problem'), dataIndex: 'problem', ellipsis: true },
    { key: 'workshop', title: t('columns.workshop'), render: (_, o) => o.workshopName ?? '-' },
    {
      key: 'driver',
      title: t('columns.driver'),
      render: (_, o) => (o.driverName ? <DriverLink id={o.driverId} name={o.driverName} /> : '-'),
    },
    { key: 'planned', title: t('columns.planned'), render: (_, o) => formatDate(o.plannedStart) },
    { key: 'estimate', title: t('columns.estimate'), align: 'right', render: (_, o) => formatMoney(o.estimate) },
    { key: 'total', title: t('columns.total'), align: 'right', render: (_, o) => formatMoney(o.total) },
    { key: 'payer', title: t('columns.payer'), render: (_, o) => title(PAYER_TITLES[o.payer]) },
    { key: 'rent', title: t('columns.rent'), render: (_, o) => o.rentName ?? '-' },
    { key: 'created', title: t('columns.reported'), render: (_, o) => formatDate(o.createdAt) },
  ];
  const toolbar = access.can('maintenance:add') ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setReporting(true)}>
      {t('actions.report')}
    </Button>
  ) : undefined;
  return (
    <>
      <ListPage<WorkOrderRow>
        id="maintenance-orders"
        filters={fields}
        filterActions={<SavedFilters screen={ORDERS_SCREEN} fields={fields} toSaved={toSaved} fromSaved={fromSaved} />}
        toolbar={toolbar}
        columns={columns}
        rowKey={(o) => o.id}
        query={(p) => ordersQuery({ ...orderFilter(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        exportSlot={
          access.can('maintenance:export')
            ? (p) => (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void exportOrders(orderFilter(p.filters), t('export.ordersFile'))}
                >
                  {t('actions.export')}
                </Button>
              )
            : undefined
        }
        onRow={(o) => ({ onClick: () => open(o.id), className: 'fd-clickable' })}
        emptyText={t('list.emptyOrders')}
      />
      {reporting ? <OrderForm onClose={() => setReporting(false)} onSaved={(o) => open(o.id)} /> : null}
    </>
  );
}
