import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bookingLink } from '@fleetdesk/contracts/short-term';
import { tripLink } from '@fleetdesk/contracts/time-share';
import { ContractLink, DriverLink } from '../../../components/entity-links';
import type { CarTabProps } from '../../../components/car-tabs/car-tabs';
import { formatDateTime } from '../../../lib/format';
import { usagePeriodsQuery } from '../api/handover';

/**
 * The car page's usage periods: who had the car when (dispatch to return, a short-term booking's pick-up to return,
 * a time-share trip), newest first, paged.
 */
export default function CarUsageTab({ carId }: CarTabProps) {
  const { t } = useTranslation('handover');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const rows = useQuery(usagePeriodsQuery(carId, page.pageNum, page.pageSize));
  return (
    <Table
      size="small"
      rowKey="id"
      loading={rows.isLoading}
      dataSource={rows.data?.rows ?? []}
      locale={{ emptyText: rows.isError ? t('loadFailed') : t('usage.empty') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: rows.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        {
          key: 'driver',
          title: t('usage.driver'),
          render: (_, r) => <DriverLink id={r.driverId} name={r.driverName} />,
        },
        {
          key: 'contract',
          title: t('usage.contract'),
          render: (_, r) =>
            r.source === 'booking' ? (
              <Link to={bookingLink(r.bookingId!)}>{t('usage.booking', { code: r.bookingCode })}</Link>
            ) : r.source === 'trip' ? (
              <Link to={tripLink(r.tripId!)}>{t('usage.trip', { code: r.tripCode })}</Link>
            ) : (
              <ContractLink id={r.contractId} number={r.contractNo} tab="handover" />
            ),
        },
        { key: 'from', title: t('usage.from'), render: (_, r) => formatDateTime(r.from) },
        {
          key: 'to',
          title: t('usage.to'),
          render: (_, r) => (r.to ? formatDateTime(r.to) : <Tag color="processing">{t('usage.ongoing')}</Tag>),
        },
        { key: 'violations', title: t('usage.violations'), dataIndex: 'violations' },
      ]}
    />
  );
}
