import Tooltip from 'antd/es/tooltip';
import type { TFunction } from 'i18next';
import { CarLink, DriverLink } from '../../../components/entity-links';
import type { Violation } from '@fleetdesk/contracts/violations';
import type { ListColumn } from '../../../components/list-page/list-page';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { HandledTag } from './handled-tag';

/** The columns of a violation list (the list screen and the car tab share them). */
export function violationColumns(t: TFunction, o: { plate: boolean }): ListColumn<Violation>[] {
  const columns: ListColumn<Violation>[] = [
    { key: 'occurredAt', title: t('violations:columns.occurredAt'), render: (_, v) => formatDateTime(v.occurredAt) },
    { key: 'place', title: t('violations:columns.place'), dataIndex: 'place' },
    {
      key: 'offence',
      title: t('violations:columns.offence'),
      render: (_, v) => (
        <Tooltip title={v.offenceCode}>
          <span className="fd-violations-offence">{v.offenceText}</span>
        </Tooltip>
      ),
    },
    { key: 'fine', title: t('violations:columns.fine'), align: 'right', render: (_, v) => formatMoney(v.fine) },
    { key: 'points', title: t('violations:columns.points'), align: 'right', dataIndex: 'points' },
    {
      key: 'lateFee',
      title: t('violations:columns.lateFee'),
      align: 'right',
      render: (_, v) => (v.lateFee ? formatMoney(v.lateFee) : '-'),
    },
    { key: 'handled', title: t('violations:columns.handled'), render: (_, v) => <HandledTag handled={v.handled} /> },
    {
      key: 'driver',
      title: t('violations:columns.driver'),
      render: (_, v) => (v.driverName ? <DriverLink id={v.driverId} name={v.driverName} /> : '-'),
    },
    { key: 'authority', title: t('violations:columns.authority'), dataIndex: 'authority' },
    {
      key: 'violationNo',
      title: t('violations:columns.violationNo'),
      render: (_, v) => <span className="fd-mono">{v.violationNo}</span>,
    },
  ];
  if (o.plate) {
    columns.unshift(
      {
        key: 'plate',
        title: t('violations:columns.plate'),
        fixed: 'left',
        render: (_, v) => <CarLink id={v.carId} plate={v.plate} tab="violations" />,
      },
      { key: 'rent', title: t('violations:columns.rent'), render: (_, v) => v.rentName ?? '-' },
    );
  }
  return columns;
}
