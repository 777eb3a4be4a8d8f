import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KM_SOURCE_TITLES, type DueRow, type Plan } from '@fleetdesk/contracts/maintenance';
import { CarLink, entityPath } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { carTypesQuery, dueQuery, exportDue, planQuery, type DueFilterQuery } from '../api/maintenance';
import { OrderForm, type OrderPrefill } from '../components/order-form';
import { ServiceStateTag, useTitle } from '../components/titles';

const km = (v: number | null | undefined) => (v == null ? '-' : `${v.toLocaleString('en-US')} km`);

/** The URL filters as the due list's query: `car` is the reminder's link to one car. */
export function dueFilter(f: Record<string, string>): DueFilterQuery {
  const out: DueFilterQuery = {};
  if (f.state === 'due' || f.state === 'overdue' || f.state === 'all-due') out.state = f.state;
  if (f.keyword) out.keyword = f.keyword;
  if (f.carTypeId) out.carTypeId = Number(f.carTypeId);
  if (f.rentId) out.rentId = Number(f.rentId);
  if (f.car) out.carId = Number(f.car);
  return out;
}

/** The problem text of a service work order: the plan's items. */
export function serviceProblem(plan: Pick<Plan, 'name' | 'items'>, t: TFunction): string {
  const items = plan.items.map((i) => (i.quantity ? `${i.name} × ${i.quantity}` : i.name));
  return items.length
    ? t('due.problemWithItems', { plan: plan.name, items: items.join(t('due.itemSeparator')) })
    : t('due.problem', { plan: plan.name });
}

/** Days from today to a date (negative: past). */
export function daysUntil(date: string, today = dayjs().format('YYYY-MM-DD')): number {
  return dayjs(date).diff(dayjs(today), 'day');
}

/** What is left before the service: days to the next date and km to the next km, whichever the plan has. */
function Left({ row }: { row: DueRow }) {
  const { t } = useTranslation('maintenance');
  const parts: string[] = [];
  if (row.nextDueOn) {
    const days = daysUntil(row.nextDueOn);
    parts.push(days >= 0 ? t('due.daysLeft', { count: days }) : t('due.daysOver', { count: -days }));
  }
  if (row.remainingKm != null)
    parts.push(
      row.remainingKm >= 0
        ? t('due.kmLeft', { km: row.remainingKm.toLocaleString('en-US') })
        : t('due.kmOver', { km: (-row.remainingKm).toLocaleString('en-US') }),
    );
  return <span className={row.state === 'overdue' ? 'fd-maint-over' : undefined}>{parts.join(' · ') || '-'}</span>;
}

/** `/maintenance/due`: the cars due or overdue for their service, soonest first; a row opens a service work order. */
export function DueList() {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const client = useQueryClient();
  const rents = useSession((s) => s.user?.rents ?? []);
  const types = useQuery({ ...carTypesQuery(), enabled: access.can('rentCar') });
  const [prefill, setPrefill] = useState<OrderPrefill | null>(null);
  const [loadingPlan, setLoadingPlan] = useState<number | null>(null);
  const fields = useMemo<FilterField[]>(() => {
    const out: FilterField[] = [
      {
        type: 'select',
        name: 'state',
        label: t('filters.dueState'),
        options: (['all-due', 'due', 'overdue'] as const).map((s) => ({ value: s, label: t(`due.states.${s}`) })),
      },
      { type: 'text', name: 'keyword', label: t('filters.plate'), placeholder: t('filters.plateHint') },
    ];
    if ((types.data?.length ?? 0) > 0)
      out.push({
        type: 'select',
        name: 'carTypeId',
        label: t('filters.carType'),
        options: (types.data ?? []).map((c) => ({ value: String(c.id), label: c.carTypeName })),
      });
    if (rents.length > 1)
      out.push({
        type: 'select',
        name: 'rentId',
        label: t('filters.rent'),
        options: rents.map((r) => ({ value: String(r.id), label: r.shortName || r.name })),
      });
    out.push({ type: 'hidden', name: 'car', label: t('filters.car') });
    return out;
  }, [t, types.data, rents]);

  const create = async (row: DueRow) => {
    setLoadingPlan(row.carId);
    try {
      const plan = await client.fetchQuery(planQuery(row.planId));
      setPrefill({
        carId: row.carId,
        plate: row.plate,
        kind: 'service',
        problem: serviceProblem(plan, t),
        mileageIn: row.currentKm,
      });
    } finally {
      setLoadingPlan(null);
    }
  };

  const columns: ListColumn<DueRow>[] = [
    { key: 'state', title: t('columns.serviceState'), render: (_, r) => <ServiceStateTag state={r.state} /> },
    {
      key: 'plate',
      title: t('columns.plate'),
      render: (_, r) => <CarLink id={r.carId} plate={r.plate} tab="maintenance" />,
    },
    { key: 'carType', title: t('columns.carType'), render: (_, r) => r.carTypeName ?? '-' },
    {
      key: 'plan',
      title: t('columns.plan'),
      render: (_, r) => (
        <Tooltip title={intervalText(r, t)}>
          <span>{r.planName}</span>
        </Tooltip>
      ),
    },
    {
      key: 'last',
      title: t('columns.lastService'),
      render: (_, r) =>
        r.lastServiceOn ? `${formatDate(r.lastServiceOn)} · ${km(r.lastServiceKm)}` : t('due.noService'),
    },
    {
      key: 'next',
      title: t('columns.nextService'),
      render: (_, r) =>
        [r.nextDueOn ? formatDate(r.nextDueOn) : null, r.nextDueKm != null ? km(r.nextDueKm) : null]
          .filter(Boolean)
          .join(' · '),
    },
    {
      key: 'current',
      title: t('columns.currentKm'),
      align: 'right',
      render: (_, r) => (
        <Tooltip title={r.kmReadAt ? t('due.readAt', { at: formatDate(r.kmReadAt) }) : undefined}>
          <div>
            <div>{km(r.currentKm)}</div>
            <div className="fd-muted fd-maint-small">{title(KM_SOURCE_TITLES[r.kmSource])}</div>
          </div>
        </Tooltip>
      ),
    },
    { key: 'left', title: t('columns.left'), render: (_, r) => <Left row={r} /> },
    { key: 'dueOn', title: t('columns.dueOn'), render: (_, r) => formatDate(r.dueOn) },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, r) =>
        r.openOrderId ? (
          <Link to={entityPath.workOrder(r.openOrderId)}>{t('due.openOrder')}</Link>
        ) : access.can('maintenance:add') ? (
          <Button size="small" type="link" loading={loadingPlan === r.carId} onClick={() => void create(r)}>
            {t('due.createOrder')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage<DueRow>
        id="maintenance-due"
        filters={fields}
        columns={columns}
        rowKey={(r) => r.carId}
        query={(p) => dueQuery({ ...dueFilter(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        exportSlot={
          access.can('maintenance:export')
            ? (p) => (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void exportDue(dueFilter(p.filters), t('export.dueFile'))}
                >
                  {t('actions.export')}
                </Button>
              )
            : undefined
        }
        emptyText={t('list.emptyDue')}
      />
      {prefill ? (
        <OrderForm
          prefill={prefill}
          onClose={() => setPrefill(null)}
          onSaved={(o) => void navigate(entityPath.workOrder(o.id))}
        />
      ) : null}
    </>
  );
}

/** "10,000 km or 6 months" as the plan says it. */
export function intervalText(p: { intervalKm: number | null; intervalMonths: number | null }, t: TFunction): string {
  const parts = [
    p.intervalKm != null ? t('plans.everyKm', { km: p.intervalKm.toLocaleString('en-US') }) : null,
    p.intervalMonths != null ? t('plans.everyMonths', { count: p.intervalMonths }) : null,
  ].filter(Boolean);
  return parts.join(t('plans.or'));
}
