import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import Button from 'antd/es/button';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import type { TeamMonth } from '@fleetdesk/contracts/team-performance';
import { formatMoney } from '../../../lib/format';
import { hours, onTimeRate, percent, type MonthFigures } from '../model/performance';
import { ScoreBar } from './ranking-list';

/** A node's month (or every fleet's): drivers, flow, flow per driver, orders, rent paid on time, mean score. */
export function PerfFigures({ figures }: { figures: MonthFigures }) {
  const { t } = useTranslation('teams');
  return (
    <div className="fd-perf-figures" data-testid="perf-figures">
      <Statistic title={t('perf.summary.drivers')} value={figures.drivers} />
      <Statistic title={t('perf.summary.flow')} value={formatMoney(figures.flow)} />
      <Statistic title={t('perf.summary.flowPerDriver')} value={formatMoney(figures.flowPerDriver)} />
      <Statistic title={t('perf.summary.orders')} value={figures.orders.toLocaleString('en-US')} />
      <Statistic title={t('perf.summary.onlineHours')} value={hours(figures.onlineMinutes)} />
      <Statistic
        title={<Tooltip title={t('perf.onTimeHint')}>{t('perf.summary.onTime')}</Tooltip>}
        value={percent(onTimeRate(figures))}
      />
      <Statistic
        title={
          <Tooltip title={t('perf.summary.scoreHint')}>
            <span>
              {t('perf.summary.score')} <InfoCircleOutlined aria-hidden />
            </span>
          </Tooltip>
        }
        value={figures.score.toFixed(2)}
      />
    </div>
  );
}

/** The months of a fleet's teams, or of every fleet: one line each; a name opens that node's performance. */
export function PerfParts({
  title,
  rows,
  onOpen,
}: {
  title: string;
  rows: TeamMonth[];
  onOpen: (teamId: number) => void;
}) {
  const { t } = useTranslation('teams');
  return (
    <section className="fd-perf-parts">
      <h3 className="fd-perf-subtitle">{title}</h3>
      <Table<TeamMonth>
        size="small"
        rowKey="teamId"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('perf.columns.team'),
            render: (_, m) => (
              <Button type="link" size="small" className="fd-perf-open" onClick={() => onOpen(m.teamId)}>
                {m.name}
              </Button>
            ),
          },
          { key: 'drivers', title: t('perf.summary.drivers'), align: 'right', dataIndex: 'drivers' },
          { key: 'flow', title: t('perf.columns.flow'), align: 'right', render: (_, m) => formatMoney(m.flow) },
          {
            key: 'flowPerDriver',
            title: t('perf.summary.flowPerDriver'),
            align: 'right',
            render: (_, m) => formatMoney(m.flowPerDriver),
          },
          {
            key: 'orders',
            title: t('perf.columns.orders'),
            align: 'right',
            render: (_, m) => m.orders.toLocaleString('en-US'),
          },
          {
            key: 'onlineHours',
            title: t('perf.columns.onlineHours'),
            align: 'right',
            render: (_, m) => hours(m.onlineMinutes),
          },
          {
            key: 'onTime',
            title: t('perf.summary.onTime'),
            align: 'right',
            render: (_, m) => percent(onTimeRate(m)),
          },
          { key: 'overdueDays', title: t('perf.columns.overdueDays'), align: 'right', dataIndex: 'overdueDays' },
          { key: 'violations', title: t('perf.columns.violations'), align: 'right', dataIndex: 'violations' },
          { key: 'accidents', title: t('perf.columns.accidents'), align: 'right', dataIndex: 'accidents' },
          {
            key: 'score',
            title: t('perf.summary.score'),
            render: (_, m) => (m.drivers ? <ScoreBar score={m.score} /> : <span className="fd-muted">—</span>),
          },
        ]}
      />
    </section>
  );
}
