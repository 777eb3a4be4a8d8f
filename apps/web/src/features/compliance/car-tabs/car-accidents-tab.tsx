import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESPONSIBILITY_TITLES, type AccidentRow } from '@fleetdesk/contracts/compliance';
import type { CarTabProps } from '../../../components/car-tabs/car-tabs';
import { useAccess } from '../../../lib/access';
import { DriverLink } from '../../../components/entity-links';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { accidentsQuery } from '../api/compliance';
import { AccidentDrawer, AccidentStateTag } from '../components/accident-drawer';
import { AccidentModal } from '../components/accident-modal';
import { titleOf } from '../components/shared';
import '../i18n';
import '../compliance.css';

/** A car's accidents, newest first; a row opens the accident with its state moves. */
export default function CarAccidentsTab({ carId }: CarTabProps) {
  const { t } = useTranslation('compliance');
  const access = useAccess();
  const list = useQuery(accidentsQuery({ carId, pageNum: 1, pageSize: 50 }));
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  return (
    <div className="fd-compliance-tab">
      {access.can('rentCar:add') ? (
        <Space className="fd-compliance-actions">
          <Button type="primary" ghost onClick={() => setAdding(true)}>
            {t('accidents.add')}
          </Button>
        </Space>
      ) : null}
      <Table<AccidentRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: t('accidents.empty') }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), className: 'fd-compliance-clickable' })}
        columns={[
          { key: 'occurredAt', title: t('accidents.occurredAt'), render: (_, r) => formatDateTime(r.occurredAt) },
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
          { key: 'state', title: t('accidents.state'), render: (_, r) => <AccidentStateTag state={r.state} /> },
        ]}
      />
      {adding ? (
        <AccidentModal carId={carId} accident={null} onClose={() => setAdding(false)} onSaved={(a) => setOpen(a.id)} />
      ) : null}
      {open ? <AccidentDrawer id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
