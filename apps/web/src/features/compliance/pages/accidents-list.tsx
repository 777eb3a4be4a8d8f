import Button from 'antd/es/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ACCIDENT_STATE_TITLES,
  ACCIDENT_STATES,
  RESPONSIBILITIES,
  RESPONSIBILITY_TITLES,
  type AccidentRow,
  type AccidentState,
  type Responsibility,
} from '@fleetdesk/contracts/compliance';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { DriverLink } from '../../../components/entity-links';
import { formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { accidentsQuery } from '../api/compliance';
import { AccidentDrawer, AccidentStateTag } from '../components/accident-drawer';
import { AccidentModal } from '../components/accident-modal';
import { titleOf } from '../components/shared';
import '../i18n';
import '../compliance.css';

/** `/rentCar/accidents`: the accidents of the caller's cars; a row opens it with its state moves. */
export default function AccidentsList() {
  const { t } = useTranslation('compliance');
  const access = useAccess();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'plate', label: t('fields.plate') },
      {
        type: 'select',
        name: 'state',
        label: t('accidents.state'),
        options: ACCIDENT_STATES.map((s) => ({ value: s, label: titleOf(ACCIDENT_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'responsibility',
        label: t('accidents.responsibility'),
        options: RESPONSIBILITIES.map((r) => ({ value: r, label: titleOf(RESPONSIBILITY_TITLES[r]) })),
      },
      {
        type: 'date-range',
        name: 'occurred',
        label: t('accidents.occurredRange'),
        keys: ['occurredFrom', 'occurredTo'],
      },
    ],
    [t],
  );
  const columns: ListColumn<AccidentRow>[] = [
    { key: 'occurredAt', title: t('accidents.occurredAt'), render: (_, r) => formatDateTime(r.occurredAt) },
    {
      key: 'plate',
      title: t('fields.plate'),
      render: (_, r) => (
        <Link to={`/rentCar/car/${r.carId}?tab=accidents`} onClick={(e) => e.stopPropagation()}>
          {formatPlate(r.plate)}
        </Link>
      ),
    },
    { key: 'rent', title: t('fields.rent'), render: (_, r) => r.rentName ?? '-' },
    { key: 'place', title: t('accidents.place'), dataIndex: 'place', ellipsis: true },
    {
      key: 'driver',
      title: t('accidents.driver'),
      render: (_, r) => (r.driverName ? <DriverLink id={r.driverId} name={r.driverName} /> : '-'),
    },
    {
      key: 'responsibility',
      title: t('accidents.responsibility'),
      render: (_, r) => titleOf(RESPONSIBILITY_TITLES[r.responsibility]),
    },
    {
      key: 'repairCost',
      title: t('accidents.repairCost'),
      align: 'right',
      render: (_, r) => formatMoney(r.repairCost),
    },
    {
      key: 'settledAmount',
      title: t('accidents.settledAmount'),
      align: 'right',
      render: (_, r) => formatMoney(r.settledAmount),
    },
    { key: 'state', title: t('accidents.state'), render: (_, r) => <AccidentStateTag state={r.state} /> },
    {
      key: 'actions',
      title: '',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {t('actions.detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage<AccidentRow>
        id="compliance-accidents"
        toolbar={
          access.can('rentCar:add') ? (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('accidents.add')}
            </Button>
          ) : null
        }
        filters={filters}
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) =>
          accidentsQuery({
            pageNum: p.pageNum,
            pageSize: p.pageSize,
            ...(p.filters.plate ? { plate: p.filters.plate } : {}),
            ...(p.filters.state ? { state: p.filters.state as AccidentState } : {}),
            ...(p.filters.responsibility ? { responsibility: p.filters.responsibility as Responsibility } : {}),
            ...(p.filters.occurredFrom ? { occurredFrom: p.filters.occurredFrom } : {}),
            ...(p.filters.occurredTo ? { occurredTo: p.filters.occurredTo } : {}),
          })
        }
      />
      {adding ? (
        <AccidentModal accident={null} onClose={() => setAdding(false)} onSaved={(a) => setOpen(a.id)} />
      ) : null}
      {open ? <AccidentDrawer id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
