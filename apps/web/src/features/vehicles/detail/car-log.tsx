import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationLogRow } from '@fleetdesk/contracts/auth';
import { formatDateTime } from '../../../lib/format';
import { carLogQuery } from '../api/get-car-log';

/** The operation-log entries about this car (`target=car:<id>`): who called what, from where. */
export function CarLog({ carId }: { carId: number }) {
  const { t } = useTranslation('vehicle-detail');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const log = useQuery(carLogQuery({ carId, ...page }));
  return (
    <Table<OperationLogRow>
      size="small"
      rowKey="id"
      loading={log.isLoading}
      dataSource={log.data?.rows ?? []}
      locale={{ emptyText: t('log.empty') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: log.data?.total ?? 0,
        showSizeChanger: false,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        { key: 'at', title: t('log.at'), render: (_, r) => formatDateTime(r.createdAt, true), width: 180 },
        { key: 'user', title: t('log.user'), render: (_, r) => r.username ?? '—', width: 140 },
        { key: 'action', title: t('log.action'), dataIndex: 'action' },
        { key: 'call', title: t('log.call'), render: (_, r) => <code>{`${r.method} ${r.path}`}</code> },
        { key: 'ip', title: t('log.ip'), dataIndex: 'ip', width: 140 },
      ]}
    />
  );
}
