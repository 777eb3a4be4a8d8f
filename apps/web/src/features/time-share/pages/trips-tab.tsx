import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TRIP_STATE_TITLES, TRIP_STATES, tripLink, type TripState } from '@fleetdesk/contracts/time-share';
import { CarLink, DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { exportTrips, tripsQuery, zoneOptionsQuery, type TripFilter, type TripRow } from '../api/time-share';
import { TripStateTag, useTitle } from '../components/titles';
import { ReserveDialog, TripActions } from '../components/trip-dialogs';

/** The URL filters as the list call's query. */
export function tripFilter(f: Record<string, string>): TripFilter {
  const out: TripFilter = {};
  if (f.state && (TRIP_STATES as readonly string[]).includes(f.state)) out.state = f.state as TripState;
  if (f.keyword) out.keyword = f.keyword;
  if (f.zoneId && /^\d+$/.test(f.zoneId)) out.zoneId = Number(f.zoneId);
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  return out;
}

/** A live trip's amount so far (yuan): the list row carries it for a trip in use. */
const runningOf = (row: TripRow): number | null => row.running ?? null;

/** `/sevenTime` (trips): live and past trips, filters, reserve, and each trip's actions by state. */
export function TripsTab() {
  const { t } = useTranslation('time-share');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const zones = useQuery(zoneOptionsQuery());
  const [reserving, setReserving] = useState(false);

  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: TRIP_STATES.map((s) => ({ value: s, label: title(TRIP_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'zoneId',
        label: t('filters.zone'),
        options: (zones.data ?? []).map((z) => ({ value: String(z.id), label: `${z.name} · ${z.city}` })),
      },
      { type: 'date-range', name: 'reserved', label: t('filters.reserved'), keys: ['from', 'to'] },
    ],
    [t, title, zones.data],
  );

  const columns: ListColumn<TripRow>[] = [
    {
      key: 'code',
      title: t('columns.code'),
      fixed: 'left',
      render: (_, r) => (
        <Link to={tripLink(r.id)} onClick={(e) => e.stopPropagation()} className="fd-row-link">
          {r.code}
        </Link>
      ),
    },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_, r) => <TripStateTag state={r.state} warned={r.warned} locked={r.locked} />,
    },
    { key: 'car', title: t('columns.car'), render: (_, r) => <CarLink id={r.carId} plate={r.plate} /> },
    {
      key: 'renter',
      title: t('columns.renter'),
      render: (_, r) => (
        <>
          <DriverLink id={r.driverId} name={r.driverName} /> <span className="fd-muted">{r.driverPhone}</span>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      render: (_, r) => {
        if (r.total !== null) return formatMoney(r.total);
        const running = r.state === 'inUse' ? runningOf(r) : null;
        return running !== null ? (
          <span className="fd-ts-running">{t('trip.runningValue', { amount: formatMoney(running) })}</span>
        ) : (
          '-'
        );
      },
    },
    { key: 'reservedAt', title: t('columns.reservedAt'), render: (_, r) => formatDateTime(r.reservedAt) },
    { key: 'startedAt', title: t('columns.startedAt'), render: (_, r) => formatDateTime(r.startedAt) || '-' },
    { key: 'endedAt', title: t('columns.endedAt'), render: (_, r) => formatDateTime(r.endedAt) || '-' },
    {
      key: 'zones',
      title: t('columns.zones'),
      render: (_, r) => `${r.startZoneName ?? '-'} → ${r.endZoneName ?? (r.offZone ? t('trip.offZone') : '-')}`,
    },
    { key: 'km', title: t('columns.km'), render: (_, r) => (r.km === null ? '-' : `${r.km} km`) },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) => <TripActions trip={r} size="small" />,
    },
  ];

  return (
    <>
      <ListPage<TripRow>
        id="time-share-trips"
        filters={fields}
        toolbar={
          access.can('sevenGo:edit') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setReserving(true)}>
              {t('actions.reserve')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) => tripsQuery({ ...tripFilter(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        exportSlot={
          access.can('sevenGo:export')
            ? (p) => (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void exportTrips(tripFilter(p.filters), t('export.tripsFile'))}
                >
                  {t('actions.export')}
                </Button>
              )
            : undefined
        }
        onRow={(r) => ({ onClick: () => void navigate(tripLink(r.id)), className: 'fd-clickable' })}
        emptyText={t('trips.empty')}
      />
      {reserving ? (
        <ReserveDialog onClose={() => setReserving(false)} onReserved={(trip) => void navigate(tripLink(trip.id))} />
      ) : null}
    </>
  );
}
