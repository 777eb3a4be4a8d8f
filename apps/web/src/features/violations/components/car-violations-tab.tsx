import type { CarTabProps } from '../../../components/car-tabs/car-tabs';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Violation } from '@fleetdesk/contracts/violations';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { carSummaryQuery, carViolationsQuery } from '../api/car-violations';
import { AttributeDialog } from './attribute-dialog';
import { QueryDialog } from './query-dialog';
import { violationColumns } from './violation-columns';
import { ViolationActions } from './violation-actions';
import '../i18n';
import '../violations.css';

/** The car page's violations tab: totals, the over-limit warning, the car's records and a query of this car. */
export default function CarViolationsTab({ carId }: CarTabProps) {
  const { t } = useTranslation('violations');
  const access = useAccess();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [attributing, setAttributing] = useState<Violation | null>(null);
  const [querying, setQuerying] = useState(false);
  const summary = useQuery(carSummaryQuery(carId));
  const list = useQuery({
    ...carViolationsQuery(carId, page.pageNum, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const s = summary.data;
  return (
    <div data-testid="car-violations">
      {s?.overLimit && <Alert type="error" showIcon title={t('car.overLimit')} className="fd-violations-car-summary" />}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 5 }}
        className="fd-violations-car-summary"
        extra={
          access.can('rentCar:query') && (
            <Button icon={<SearchOutlined />} onClick={() => setQuerying(true)}>
              {t('actions.queryCar')}
            </Button>
          )
        }
        items={[
          { key: 'total', label: t('car.total'), children: s?.total ?? '-' },
          { key: 'unhandled', label: t('car.unhandled'), children: s?.unhandled ?? '-' },
          { key: 'fine', label: t('car.fine'), children: s ? formatMoney(s.unhandledFine) : '-' },
          { key: 'points', label: t('car.points'), children: s?.unhandledPoints ?? '-' },
          {
            key: 'last',
            label: t('car.lastQueried'),
            children: s?.lastQueriedAt ? formatDateTime(s.lastQueriedAt) : t('car.never'),
          },
        ]}
      />
      <Table<Violation>
        rowKey={(v) => v.id}
        size="small"
        scroll={{ x: 'max-content' }}
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: t('car.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          ...violationColumns(t, { plate: false }),
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_, v) => <ViolationActions violation={v} onAttribute={() => setAttributing(v)} />,
          },
        ]}
      />
      {attributing && <AttributeDialog violation={attributing} onClose={() => setAttributing(null)} />}
      {querying && <QueryDialog carIds={[carId]} onClose={() => setQuerying(false)} />}
    </div>
  );
}
