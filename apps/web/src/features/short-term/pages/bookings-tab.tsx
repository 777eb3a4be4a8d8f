import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BOOKING_STATE_TITLES, BOOKING_STATES } from '@fleetdesk/contracts/short-term';
import { CarLink, DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { bookingsQuery, carTypesQuery, exportBookings, storeOptionsQuery, type BookingFilter } from '../api/short-term';
import { BookingDrawer } from '../components/booking-drawer';
import { BookingStateTag } from '../components/titles';
import { bookingPath } from '../model/tabs';
import type { BookingRow, BookingState } from '@fleetdesk/contracts/short-term';

/** The URL filters as the list call's query. */
export function bookingFilter(f: Record<string, string>): BookingFilter {
  const out: BookingFilter = {};
  if (f.keyword) out.keyword = f.keyword;
  if (f.state && (BOOKING_STATES as readonly string[]).includes(f.state)) out.state = f.state as BookingState;
  if (f.storeId) out.storeId = Number(f.storeId);
  if (f.carTypeId) out.carTypeId = Number(f.carTypeId);
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  return out;
}

function useFields(): FilterField[] {
  const { t } = useTranslation('shortTerm');
  const title = useTitle();
  const stores = useQuery(storeOptionsQuery());
  const types = useQuery(carTypesQuery());
  return useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: BOOKING_STATES.map((s) => ({ value: s, label: title(BOOKING_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'storeId',
        label: t('fields.store'),
        options: (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
      },
      {
        type: 'select',
        name: 'carTypeId',
        label: t('fields.carType'),
        options: (types.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        advanced: true,
      },
      { type: 'date-range', name: 'pickUp', label: t('filters.pickUp'), keys: ['from', 'to'] },
    ],
    [t, title, stores.data, types.data],
  );
}

/** `/sevenShort/bookings`: every booking with filters and paging, the export, and a new booking. */
export function BookingsTab() {
  const { t } = useTranslation('shortTerm');
  const access = useAccess();
  const navigate = useNavigate();
  const fields = useFields();
  const [drawer, setDrawer] = useState(false);
  const open = (id: number) => void navigate(bookingPath(id));
  const columns: ListColumn<BookingRow>[] = [
    {
      key: 'code',
      title: t('columns.code'),
      fixed: 'left',
      render: (_, b) => (
        <Link to={bookingPath(b.id)} className="fd-row-link" onClick={(e) => e.stopPropagation()}>
          {b.code}
        </Link>
      ),
    },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_, b) => (
        <>
          <BookingStateTag state={b.state} />
          {b.overdue && <Tag color="red">{t('board.overdue')}</Tag>}
        </>
      ),
    },
    { key: 'renter', title: t('columns.renter'), render: (_, b) => <DriverLink id={b.driverId} name={b.driverName} /> },
    { key: 'pickUp', title: t('columns.pickUpAt'), render: (_, b) => formatDateTime(b.pickUpAt) },
    { key: 'return', title: t('columns.returnAt'), render: (_, b) => formatDateTime(b.returnAt) },
    { key: 'car', title: t('columns.car'), render: (_, b) => <CarLink id={b.carId} plate={b.plate} /> },
    { key: 'type', title: t('columns.carType'), dataIndex: 'carTypeName' },
    { key: 'store', title: t('columns.store'), dataIndex: 'storeName' },
    { key: 'days', title: t('columns.days'), dataIndex: 'days' },
    { key: 'total', title: t('columns.total'), align: 'right', render: (_, b) => formatMoney(b.total) },
    { key: 'deposits', title: t('columns.deposits'), align: 'right', render: (_, b) => formatMoney(b.deposits) },
    { key: 'phone', title: t('columns.phone'), dataIndex: 'driverPhone' },
    { key: 'created', title: t('columns.created'), render: (_, b) => formatDateTime(b.createdAt) },
  ];
  return (
    <>
      <ListPage<BookingRow>
        id="short-bookings"
        filters={fields}
        toolbar={
          access.can('sevenShort:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer(true)}>
              {t('actions.newBooking')}
            </Button>
          ) : null
        }
        columns={columns}
        rowKey={(b) => b.id}
        query={(p) => bookingsQuery({ ...bookingFilter(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
        exportSlot={
          access.can('sevenShort:export')
            ? (p) => (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void exportBookings(bookingFilter(p.filters), t('export.file'))}
                >
                  {t('actions.export')}
                </Button>
              )
            : undefined
        }
        onRow={(b) => ({ onClick: () => open(b.id), className: 'fd-clickable' })}
        emptyText={t('list.empty')}
      />
      <BookingDrawer open={drawer} onClose={() => setDrawer(false)} onDone={open} />
    </>
  );
}
