import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Timeline from 'antd/es/timeline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarOperation } from '@fleetdesk/contracts/vehicles';
import { formatDateTime } from '../../../lib/format';
import { carOperationsQuery } from '../api/get-car-operations';
import { CarStatusTag } from '../components/car-status-tag';

const COLORS: Record<CarOperation['kind'], string> = {
  create: 'green',
  import: 'green',
  status: 'blue',
  transfer: 'purple',
  delete: 'red',
  restore: 'gray',
};

/** Status changes, transfers, creation and deletion of the car, newest first, paged. */
export function CarHistory({ carId }: { carId: number }) {
  const { t } = useTranslation('vehicle-detail');
  const [page, setPage] = useState(1);
  const ops = useQuery(carOperationsQuery({ carId, pageNum: page, pageSize: 20 }));
  if (ops.isLoading) return <Skeleton active />;
  if (!ops.data?.rows.length) return <Empty description={t('history.empty')} />;
  return (
    <div className="fd-car-history">
      <Timeline
        items={ops.data.rows.map((op) => ({
          key: op.id,
          color: COLORS[op.kind],
          title: formatDateTime(op.at),
          content: (
            <div className="fd-car-history-item">
              <div className="fd-car-history-what">
                <strong>
                  {op.kind === 'status' && op.action ? t(`vehicles:action.${op.action}`) : t(`history.kind.${op.kind}`)}
                </strong>
                {op.kind === 'status' && op.fromStatus && op.toStatus && (
                  <span className="fd-status-change">
                    <CarStatusTag status={op.fromStatus} />
                    <span aria-hidden>→</span>
                    <CarStatusTag status={op.toStatus} />
                  </span>
                )}
                {op.kind === 'transfer' && (
                  <span>{t('history.transfer', { from: op.fromRentName ?? '—', to: op.toRentName ?? '—' })}</span>
                )}
              </div>
              <div className="fd-muted">
                {op.userName ?? t('history.system')}
                {op.remark && ` · ${op.remark}`}
              </div>
            </div>
          ),
        }))}
      />
      {ops.data.total > 20 && (
        <Pagination size="small" current={page} pageSize={20} total={ops.data.total} onChange={setPage} />
      )}
    </div>
  );
}
