import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BookingRow, BoardCalendarAnswer } from '@fleetdesk/contracts/short-term';
import { CarLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime } from '../../../lib/format';
import { boardCalendarQuery, boardDayQuery, storeOptionsQuery } from '../api/short-term';
import { BookingDrawer } from '../components/booking-drawer';
import { BookingStateTag } from '../components/titles';
import { calendarBars, calendarDays } from '../model/calendar';
import { isWeekend } from '../model/price-days';
import { bookingPath } from '../model/tabs';

/** Days the board's calendar shows. */
export const CALENDAR_DAYS = 14;

function DueList({ title, rows, at }: { title: string; rows: BookingRow[]; at: (b: BookingRow) => string }) {
  const { t } = useTranslation('shortTerm');
  return (
    <Card size="small" title={`${title} (${rows.length})`}>
      <List
        size="small"
        dataSource={rows}
        locale={{ emptyText: t('board.nothingDue') }}
        renderItem={(b) => (
          <List.Item>
            <Space wrap>
              <Link to={bookingPath(b.id)}>{b.code}</Link>
              <span>{formatDateTime(at(b))}</span>
              <span>{b.driverName}</span>
              <CarLink id={b.carId} plate={b.plate} />
              <span className="fd-muted">{b.carTypeName}</span>
              <BookingStateTag state={b.state} />
              {b.overdue && <Tag color="red">{t('board.overdue')}</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** Each car of the store with its bookings over the days shown, as bars on a day grid. */
export function CarCalendar({ data }: { data: BoardCalendarAnswer }) {
  const { t } = useTranslation('shortTerm');
  const days = calendarDays(data.from, data.days);
  if (!data.cars.length) return <Empty description={t('board.noCars')} />;
  return (
    <div className="fd-short-calendar" data-testid="car-calendar">
      <table>
        <thead>
          <tr>
            <th className="fd-short-car">{t('board.car')}</th>
            {days.map((d) => (
              <th key={d} className={isWeekend(d) ? 'fd-short-weekend' : undefined}>
                {d.slice(5)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.cars.map((car) => {
            const bars = calendarBars(
              car.bookings.filter((b) => b.state !== 'cancelled'),
              data.from,
              data.days,
            );
            const lanes = Math.max(1, ...bars.map((b) => b.lane + 1));
            return Array.from({ length: lanes }, (_, lane) => {
              const cells = [];
              let col = 0;
              for (const bar of bars.filter((b) => b.lane === lane).sort((x, y) => x.start - y.start)) {
                for (; col < bar.start; col++) cells.push(<td key={`e${col}`} />);
                const b = bar.item;
                cells.push(
                  <td key={`b${b.id}`} colSpan={bar.span}>
                    <Link
                      to={bookingPath(b.id)}
                      className={`fd-short-bar fd-short-bar-${b.state}`}
                      title={`${b.code} ${b.driverName} ${formatDateTime(b.pickUpAt)} – ${formatDateTime(b.returnAt)}`}
                    >
                      {bar.before ? '‹ ' : ''}
                      {b.driverName}
                      {bar.after ? ' ›' : ''}
                    </Link>
                  </td>,
                );
                col = bar.start + bar.span;
              }
              for (; col < data.days; col++) cells.push(<td key={`e${col}`} />);
              return (
                <tr key={`${car.carId}-${lane}`} data-testid={lane === 0 ? `calendar-car-${car.carId}` : undefined}>
                  {lane === 0 && (
                    <th className="fd-short-car" rowSpan={lanes}>
                      <CarLink id={car.carId} plate={car.plate} />
                      <div className="fd-muted">{car.carTypeName ?? t('board.noType')}</div>
                    </th>
                  )}
                  {cells}
                </tr>
              );
            });
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The board of one store (`?storeId&date`): the pick-ups and returns due that day (overdue ones marked), the cars
 * free now per type, and the calendar of each car's bookings over two weeks from the day.
 */
export function BoardTab() {
  const { t } = useTranslation('shortTerm');
  const access = useAccess();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const stores = useQuery(storeOptionsQuery());
  const [drawer, setDrawer] = useState(false);
  const storeId = Number(search.get('storeId')) || stores.data?.[0]?.id || 0;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? search.get('date')! : formatDate(new Date());
  const day = useQuery({ ...boardDayQuery(storeId, date), enabled: !!storeId });
  const calendar = useQuery({ ...boardCalendarQuery(storeId, date, CALENDAR_DAYS), enabled: !!storeId });
  const set = (key: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  // The first store is chosen for the user; the address says so (a reload shows the same board).
  useEffect(() => {
    if (!search.get('storeId') && stores.data?.[0]) set('storeId', String(stores.data[0].id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the stores are known
  }, [stores.data]);

  if (stores.isLoading) return <Skeleton active />;
  if (stores.isError)
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={<Button onClick={() => void stores.refetch()}>{t('retry')}</Button>}
      />
    );
  if (!stores.data?.length) return <Empty description={t('board.noStores')} />;
  const d = day.data;
  return (
    <div className="fd-short-page" data-testid="board">
      <Space wrap>
        <Select
          aria-label={t('fields.store')}
          value={storeId}
          style={{ minWidth: 200 }}
          onChange={(v) => set('storeId', String(v))}
          options={stores.data.map((s) => ({ value: s.id, label: s.name }))}
        />
        <DatePicker
          aria-label={t('board.date')}
          allowClear={false}
          value={dayjs(date)}
          onChange={(v) => set('date', v ? v.format('YYYY-MM-DD') : null)}
        />
        {access.can('sevenShort:add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer(true)}>
            {t('actions.newBooking')}
          </Button>
        )}
      </Space>
      {day.isLoading ? (
        <Skeleton active />
      ) : day.isError || !d ? (
        <Result
          status="error"
          title={t('loadFailed')}
          extra={<Button onClick={() => void day.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <>
          <Card size="small" title={t('board.availableNow')}>
            {d.availableByType.length ? (
              <Space wrap>
                {d.availableByType.map((c) => (
                  <Tag key={c.carTypeId} color={c.available ? 'green' : 'default'}>
                    {t('board.typeCount', { name: c.carTypeName, available: c.available, total: c.total })}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Empty description={t('board.noCars')} />
            )}
          </Card>
          <div className="fd-short-two">
            <DueList title={t('board.pickUps')} rows={d.pickUps} at={(b) => b.pickUpAt} />
            <DueList title={t('board.returns')} rows={d.returns} at={(b) => b.returnAt} />
          </div>
        </>
      )}
      <Card size="small" title={t('board.calendar', { count: CALENDAR_DAYS })}>
        {calendar.isLoading ? (
          <Skeleton active />
        ) : calendar.data ? (
          <CarCalendar data={calendar.data} />
        ) : (
          <Button onClick={() => void calendar.refetch()}>{t('retry')}</Button>
        )}
      </Card>
      <BookingDrawer
        open={drawer}
        storeId={storeId}
        onClose={() => setDrawer(false)}
        onDone={(id) => void navigate(bookingPath(id))}
      />
    </div>
  );
}
