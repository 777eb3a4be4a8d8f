import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSPECTION_RESULT_TITLES, type Inspection } from '@fleetdesk/contracts/compliance';
import type { CarTabProps } from '../../../components/car-tabs/car-tabs';
import { useAccess } from '../../../lib/access';
import { formatMoney } from '../../../lib/format';
import { inspectionsQuery, useDeleteInspection } from '../api/compliance';
import { InspectionModal } from '../components/inspection-modal';
import { titleOf } from '../components/shared';
import '../i18n';
import '../compliance.css';

/** A car's annual inspections, newest first; a passed one sets the car's due date. */
export default function CarInspectionsTab({ carId }: CarTabProps) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const access = useAccess();
  const list = useQuery(inspectionsQuery({ carId, pageNum: 1, pageSize: 50 }));
  const remove = useDeleteInspection();
  const [adding, setAdding] = useState(false);
  const latest = list.data?.rows.find((r) => r.result === 'passed');

  return (
    <div className="fd-compliance-tab">
      <Space className="fd-compliance-actions">
        {access.can('rentCar:edit') ? (
          <Button type="primary" ghost onClick={() => setAdding(true)}>
            {t('inspections.add')}
          </Button>
        ) : null}
        <span className="fd-muted">
          {latest?.nextDue ? t('inspections.carDue', { date: latest.nextDue }) : t('inspections.carDueNone')}
        </span>
      </Space>
      <Table<Inspection>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: t('inspections.empty') }}
        columns={[
          { key: 'inspectedOn', title: t('inspections.inspectedOn'), dataIndex: 'inspectedOn' },
          {
            key: 'result',
            title: t('inspections.result'),
            render: (_, r) => (
              <Tag color={r.result === 'passed' ? 'green' : 'red'}>{titleOf(INSPECTION_RESULT_TITLES[r.result])}</Tag>
            ),
          },
          { key: 'nextDue', title: t('inspections.nextDue'), render: (_, r) => r.nextDue ?? '-' },
          { key: 'station', title: t('inspections.station'), render: (_, r) => r.station ?? '-' },
          { key: 'cost', title: t('inspections.cost'), align: 'right', render: (_, r) => formatMoney(r.cost) },
          { key: 'remark', title: t('fields.remark'), render: (_, r) => r.remark ?? '' },
          ...(access.can('rentCar:delete')
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, r: Inspection) => (
                    <Popconfirm
                      title={t('actions.confirmDelete')}
                      onConfirm={async () => {
                        if (await remove.mutateAsync(r.id).catch(() => null))
                          void message.success(t('actions.deleted'));
                      }}
                    >
                      <Button type="link" size="small" danger>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding ? <InspectionModal carId={carId} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
