import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { statisticsQuery } from '../api/get-statistics';

/** A year's violations month by month (`statisticsPeccancy/getByYear`), totals and the most frequent offences. */
export function StatisticsView() {
  const { t } = useTranslation('violations');
  const [year, setYear] = useState(() => new Date().getFullYear());
  const stats = useQuery(statisticsQuery(year));
  const s = stats.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap size="large">
        <span>
          {t('statistics.year')}{' '}
          <InputNumber min={2000} max={2100} value={year} onChange={(v) => v && setYear(v)} data-testid="stats-year" />
        </span>
        <Statistic title={t('statistics.count')} value={s?.total.count ?? 0} loading={stats.isLoading} />
        <Statistic title={t('statistics.handled')} value={s?.total.handled ?? 0} loading={stats.isLoading} />
        <Statistic title={t('statistics.fine')} value={formatMoney(s?.total.fine ?? 0)} loading={stats.isLoading} />
        <Statistic title={t('statistics.points')} value={s?.total.points ?? 0} loading={stats.isLoading} />
      </Space>
      <Table
        size="small"
        rowKey="month"
        pagination={false}
        loading={stats.isLoading}
        dataSource={s?.months ?? []}
        columns={[
          {
            key: 'month',
            title: t('statistics.month'),
            render: (_, m) => t('statistics.monthLabel', { month: m.month }),
          },
          { key: 'count', title: t('statistics.count'), dataIndex: 'count', align: 'right' },
          { key: 'handled', title: t('statistics.handled'), dataIndex: 'handled', align: 'right' },
          { key: 'fine', title: t('statistics.fine'), align: 'right', render: (_, m) => formatMoney(m.fine) },
          { key: 'points', title: t('statistics.points'), dataIndex: 'points', align: 'right' },
        ]}
      />
      <section>
        <h3>{t('statistics.top')}</h3>
        <ol className="fd-violations-top">
          {(s?.topOffences ?? []).map((o) => (
            <li key={o.offenceCode}>
              {`${o.offenceCode} ${o.offenceText} · ${t('statistics.times', { count: o.count })}`}
            </li>
          ))}
        </ol>
      </section>
    </Space>
  );
}
