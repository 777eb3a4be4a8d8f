import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CONTRACT_DUTIES,
  CONTRACT_STATE_TITLES,
  CONTRACT_STATES,
  CONTRACT_TYPE_TITLES,
  CONTRACT_TYPES,
  PAYMENT_PERIOD_TITLES,
  type ContractListRow,
  type ContractState,
} from '@fleetdesk/contracts/rental-contracts';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { SavedFilters } from '../../../components/list-page/saved-filters';
import { useAccess } from '../../../lib/access';
import { CarLink, ContractLink, DriverLink } from '../../../components/entity-links';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { contractsQuery, exportContracts, type ContractFilterBody } from '../api/contracts';
import { useTitle } from '../components/titles';

const SCREEN = 'rentContract';

export const STATE_COLORS: Record<ContractState, string> = {
  pending: 'blue',
  signed: 'green',
  completed: 'default',
  terminated: 'orange',
  cancelled: 'red',
};

/** The URL filters as the body of `rentContract/list`. */
export function contractFilterBody(f: Record<string, string>): ContractFilterBody {
  const list = (v?: string) => (v ? v.split(',').filter(Boolean) : undefined);
  const body: ContractFilterBody = {};
  if (f.keyword) body.keyword = f.keyword;
  if (f.state) body.state = list(f.state) as ContractFilterBody['state'];
  if (f.type) body.type = list(f.type) as ContractFilterBody['type'];
  if (f.rentId) body.rentId = Number(f.rentId);
  if (f.driverId) body.driverId = Number(f.driverId);
  if (f.carId) body.carId = Number(f.carId);
  if (f.startFrom) body.startFrom = f.startFrom;
  if (f.startTo) body.startTo = f.startTo;
  if (f.overdue === 'true') body.overdue = true;
  if (f.duty) body.duty = f.duty as ContractFilterBody['duty'];
  return body;
}
function contractFilterParams(saved: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

function useFields(): FilterField[] {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const rents = useSession((s) => s.user?.rents ?? []);
  return useMemo<FilterField[]>(() => {
    const fields: FilterField[] = [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keyword') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        multiple: true,
        options: CONTRACT_STATES.map((s) => ({ value: s, label: title(CONTRACT_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'type',
        label: t('filters.type'),
        multiple: true,
        options: CONTRACT_TYPES.map((s) => ({ value: s, label: title(CONTRACT_TYPE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'overdue',
        label: t('filters.overdue'),
        options: [{ value: 'true', label: t('overdueOnly') }],
      },
      {
        type: 'select',
        name: 'duty',
        label: t('filters.duty'),
        options: CONTRACT_DUTIES.map((d) => ({ value: d, label: t(`duty.${d}`) })),
      },
    ];
    if (rents.length > 1) {
      fields.push({
        type: 'select',
        name: 'rentId',
        label: t('filters.rentId'),
        options: rents.map((r) => ({ value: String(r.id), label: r.shortName || r.name })),
      });
    }
    fields.push({
      type: 'date-range',
      name: 'start',
      label: t('filters.start'),
      keys: ['startFrom', 'startTo'],
      advanced: true,
    });
    return fields;
  }, [t, title, rents]);
}

function ExportButton({ filter }: { filter: ContractFilterBody }) {
  const { t } = useTranslation('contracts');
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    exportContracts(filter, t('export.file', { date: formatDate(new Date()).replace(/-/g, '') }))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      {t('actions.export')}
    </Button>
  );
}

/** `/rentContract`: the contracts of the caller's rents, with the list-page pattern. */
export function ContractList({ fixed = {} }: { fixed?: ContractFilterBody }) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const access = useAccess();
  const fields = useFields();
  const embedded = Object.keys(fixed).length > 0;
  const columns: ListColumn<ContractListRow>[] = [
    {
      key: 'number',
      title: t('columns.number'),
      fixed: 'left',
      render: (_, c) => <ContractLink id={c.id} number={c.number} />,
    },
    {
      key: 'driver',
      title: t('columns.driver'),
      render: (_, c) => (
        <>
          <DriverLink id={c.driverId} name={c.driverName} /> {c.driverPhone}
        </>
      ),
    },
    { key: 'plate', title: t('columns.plate'), render: (_, c) => <CarLink id={c.carId} plate={c.plate} /> },
    { key: 'type', title: t('columns.type'), render: (_, c) => title(CONTRACT_TYPE_TITLES[c.type]) },
    { key: 'period', title: t('columns.period'), render: (_, c) => title(PAYMENT_PERIOD_TITLES[c.period]) },
    { key: 'dates', title: t('columns.dates'), render: (_, c) => `${c.startDate} ~ ${c.endDate}` },
    { key: 'rent', title: t('columns.rent'), align: 'right', render: (_, c) => formatMoney(c.rent) },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_, c) => <Tag color={STATE_COLORS[c.state]}>{title(CONTRACT_STATE_TITLES[c.state])}</Tag>,
    },
    {
      key: 'outstanding',
      title: t('columns.outstanding'),
      align: 'right',
      render: (_, c) => formatMoney(c.outstanding),
    },
    {
      key: 'overdue',
      title: t('columns.overdue'),
      render: (_, c) => (c.overdueLines ? <Tag color="red">{c.overdueLines}</Tag> : '-'),
    },
    { key: 'rentName', title: t('columns.rentName'), dataIndex: 'rentName' },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, c) => (
        <Link to={`/rentContract/detail/${c.id}`} className="fd-row-link">
          {t('actions.view')}
        </Link>
      ),
    },
  ];
  const toolbar =
    access.can('rentContract:add') && !embedded ? (
      <Link to="/rentContract/new">
        <Button type="primary" icon={<PlusOutlined />}>
          {t('actions.add')}
        </Button>
      </Link>
    ) : undefined;
  return (
    <ListPage<ContractListRow>
      id={embedded ? 'contracts-embedded' : 'contracts'}
      {...(embedded ? {} : { filters: fields })}
      filterActions={
        embedded ? undefined : (
          <SavedFilters
            screen={SCREEN}
            fields={fields}
            toSaved={(f) => contractFilterBody(f) as Record<string, unknown>}
            fromSaved={contractFilterParams}
          />
        )
      }
      toolbar={toolbar}
      columns={columns}
      rowKey={(c) => c.id}
      query={(p) =>
        contractsQuery({ ...contractFilterBody(p.filters), ...fixed, pageNum: p.pageNum, pageSize: p.pageSize })
      }
      exportSlot={
        access.can('rentContract:export') && !embedded
          ? (p) => <ExportButton filter={contractFilterBody(p.filters)} />
          : undefined
      }
    />
  );
}
