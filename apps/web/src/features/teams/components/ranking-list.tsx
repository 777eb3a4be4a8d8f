import Progress from 'antd/es/progress';
import Tooltip from 'antd/es/tooltip';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverMonth } from '@fleetdesk/contracts/team-performance';
import { DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatMoney } from '../../../lib/format';
import { rankingQuery } from '../api/get-ranking';
import { hours } from '../model/performance';

/** The score's bar: green from 80, blue from 60, orange below. */
const scoreColour = (score: number) => (score >= 80 ? '#52c41a' : score >= 60 ? '#1677ff' : '#fa8c16');

export function ScoreBar({ score }: { score: number }) {
  const { t } = useTranslation('teams');
  const text = score.toFixed(2);
  return (
    <span className="fd-perf-score" aria-label={t('perf.scoreLabel', { score: text })}>
      <Progress
        percent={score}
        size="small"
        status="normal"
        strokeColor={scoreColour(score)}
        format={() => text}
        aria-hidden
      />
    </span>
  );
}

/** A count that should be nothing (overdue days, violations, accidents) stands out when it is not. */
const Bad = ({ value }: { value: number }) => <span className={value > 0 ? 'fd-perf-bad' : undefined}>{value}</span>;

/**
 * The month's ranking of a node's drivers (with its teams'), or of every fleet driver (`teamId` absent): rank, score,
 * the platform figures, rent on time, overdue days, violations, accidents; a keyword (name or phone) keeps the ranks.
 */
export function RankingList({ month, teamId }: { month: string; teamId?: number }) {
  const { t } = useTranslation('teams');
  const fields = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'keyword', label: t('perf.keyword'), placeholder: t('perf.keywordHint') }],
    [t],
  );
  const columns: ListColumn<DriverMonth>[] = [
    {
      key: 'rank',
      title: t('perf.columns.rank'),
      align: 'center',
      render: (_, r) => <span className={`fd-perf-rank fd-perf-rank-${r.rank <= 3 ? r.rank : 'n'}`}>{r.rank}</span>,
    },
    {
      key: 'driver',
      title: t('perf.columns.driver'),
      render: (_, r) => (
        <span className="fd-perf-driver">
          <DriverLink id={r.driverId} name={r.name} />
          <span className="fd-muted">{r.phone}</span>
        </span>
      ),
    },
    { key: 'team', title: t('perf.columns.team'), render: (_, r) => r.teamName ?? '—' },
    { key: 'score', title: t('perf.columns.score'), render: (_, r) => <ScoreBar score={r.score} /> },
    { key: 'flow', title: t('perf.columns.flow'), align: 'right', render: (_, r) => formatMoney(r.flow) },
    {
      key: 'orders',
      title: t('perf.columns.orders'),
      align: 'right',
      render: (_, r) => r.orders.toLocaleString('en-US'),
    },
    {
      key: 'onlineHours',
      title: t('perf.columns.onlineHours'),
      align: 'right',
      render: (_, r) => hours(r.onlineMinutes),
    },
    {
      key: 'onTime',
      title: <Tooltip title={t('perf.onTimeHint')}>{t('perf.columns.onTime')}</Tooltip>,
      align: 'right',
      render: (_, r) =>
        r.rentLines ? (
          <span className={r.onTimeLines < r.rentLines ? 'fd-perf-bad' : undefined}>
            {r.onTimeLines}/{r.rentLines}
          </span>
        ) : (
          <Tooltip title={t('perf.noRent')}>
            <span className="fd-muted">—</span>
          </Tooltip>
        ),
    },
    {
      key: 'overdueDays',
      title: t('perf.columns.overdueDays'),
      align: 'right',
      render: (_, r) => <Bad value={r.overdueDays} />,
    },
    {
      key: 'violations',
      title: t('perf.columns.violations'),
      align: 'right',
      render: (_, r) => <Bad value={r.violations} />,
    },
    {
      key: 'accidents',
      title: t('perf.columns.accidents'),
      align: 'right',
      render: (_, r) => <Bad value={r.accidents} />,
    },
  ];
  return (
    <ListPage<DriverMonth>
      id="team-ranking"
      filters={fields}
      columns={columns}
      rowKey={(r) => r.driverId}
      query={(p) =>
        rankingQuery({
          month,
          ...(teamId ? { teamId } : {}),
          ...(p.filters.keyword ? { keyword: p.filters.keyword.slice(0, 30) } : {}),
          pageNum: p.pageNum,
          pageSize: p.pageSize,
        })
      }
      emptyText={t('perf.rankingEmpty')}
    />
  );
}
