import TeamOutlined from '@ant-design/icons/TeamOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FLOW_PLATFORM_TITLES, type FlowDay } from '@fleetdesk/contracts/team-performance';
import type { TeamMove } from '@fleetdesk/contracts/teams';
import type { DriverTabProps } from '../../../components/driver-tabs/driver-tabs';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { driverDaysQuery } from '../api/get-driver-days';
import { movesQuery } from '../api/get-moves';
import { MonthSwitcher } from '../components/month-switcher';
import { MoveStep } from '../components/moves-tab';
import { currentMonth, hours } from '../model/performance';
import '../i18n';
import '../teams.css';

/** The stays the tab reads: a driver has far fewer; the open one is among the newest. */
const MOVES_PAGE = 50;

/** The address of a node's performance of a month on the fleet operations screen. */
const teamPerformancePath = (teamId: number, month: string) => `/teams?team=${teamId}&tab=performance&month=${month}`;

/** A failed call: said where its content would be, with a retry (the request layer has said why). */
function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('teams');
  return (
    <Alert
      type="warning"
      showIcon
      title={text}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      }
    />
  );
}

/** The fleet or team the driver is in now (his open stay), the way to its performance, and his stays. */
function FleetSection({ driverId, month }: { driverId: number; month: string }) {
  const { t } = useTranslation('teams');
  const moves = useQuery(movesQuery({ driverId, pageNum: 1, pageSize: MOVES_PAGE }));
  const rows = moves.data?.rows ?? [];
  const current = rows.find((m) => m.leftAt === null) ?? null;

  let head;
  if (moves.isPending) head = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (moves.isError) head = <Failed text={t('driverTab.movesFailed')} onRetry={() => void moves.refetch()} />;
  else if (!current) head = <Empty className="fd-driver-team-none" description={t('driverTab.none')} />;
  else
    head = (
      <div className="fd-driver-team-current" data-testid="driver-current-team">
        <TeamOutlined aria-hidden />
        <strong className="fd-driver-team-name">{current.teamName}</strong>
        <span className="fd-muted">{t('driverTab.since', { at: formatDateTime(current.joinedAt) })}</span>
        <Link to={teamPerformancePath(current.teamId, month)}>{t('driverTab.open')}</Link>
      </div>
    );

  return (
    <section className="fd-driver-team-section">
      <h3 className="fd-perf-subtitle">{t('driverTab.fleetTitle')}</h3>
      {head}
      {rows.length ? (
        <>
          <h4 className="fd-driver-team-subtitle">{t('driverTab.historyTitle')}</h4>
          <Table<TeamMove>
            size="small"
            data-testid="driver-team-history"
            rowKey={(m) => m.id}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'team', title: t('moves.team'), dataIndex: 'teamName' },
              {
                key: 'joined',
                title: t('moves.joined'),
                render: (_, m) => <MoveStep at={m.joinedAt} by={m.joinedBy} reason={m.joinReason} />,
              },
              {
                key: 'left',
                title: t('moves.left'),
                render: (_, m) =>
                  m.leftAt ? (
                    <MoveStep at={m.leftAt} by={m.leftBy} reason={m.leaveReason} />
                  ) : (
                    <Tag color="green">{t('moves.stillIn')}</Tag>
                  ),
              },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}

/** The month's sums: online hours, orders, flow (added in fen). */
function totalsOf(days: readonly FlowDay[]) {
  return {
    onlineMinutes: days.reduce((s, d) => s + d.onlineMinutes, 0),
    orders: days.reduce((s, d) => s + d.orders, 0),
    flow: days.reduce((s, d) => s + Math.round(d.flow * 100), 0) / 100,
  };
}

/** The driver's platform days of a month: its sums and each day on each platform. */
function DaysSection({
  driverId,
  month,
  onMonth,
}: {
  driverId: number;
  month: string;
  onMonth: (month: string) => void;
}) {
  const { t } = useTranslation('teams');
  const title = useTitle();
  const days = useQuery(driverDaysQuery(driverId, month));
  const rows = days.data;
  const totals = useMemo(() => (rows ? totalsOf(rows) : null), [rows]);

  let body;
  if (days.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (!rows || !totals) body = <Failed text={t('driverTab.daysFailed')} onRetry={() => void days.refetch()} />;
  else if (!rows.length) body = <Empty className="fd-driver-team-none" description={t('driverTab.daysEmpty')} />;
  else
    body = (
      <>
        <div className="fd-driver-perf-figures" data-testid="driver-month-figures">
          <Statistic title={t('perf.summary.onlineHours')} value={hours(totals.onlineMinutes)} />
          <Statistic title={t('perf.summary.orders')} value={totals.orders.toLocaleString('en-US')} />
          <Statistic title={t('perf.summary.flow')} value={formatMoney(totals.flow)} />
        </div>
        <Table<FlowDay>
          size="small"
          data-testid="driver-flow-days"
          rowKey={(d) => d.id}
          dataSource={rows}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'day', title: t('perf.columns.day'), dataIndex: 'day' },
            {
              key: 'platform',
              title: t('perf.platform'),
              render: (_, d) => (
                <span>
                  {title(FLOW_PLATFORM_TITLES[d.platform])}
                  {d.source === 'api' ? <Tag className="fd-perf-source">{t('perf.sourceApi')}</Tag> : null}
                </span>
              ),
            },
            {
              key: 'onlineHours',
              title: t('perf.columns.onlineHours'),
              align: 'right',
              render: (_, d) => hours(d.onlineMinutes),
            },
            { key: 'orders', title: t('perf.columns.orders'), align: 'right', dataIndex: 'orders' },
            { key: 'flow', title: t('perf.columns.flow'), align: 'right', render: (_, d) => formatMoney(d.flow) },
          ]}
        />
      </>
    );

  return (
    <section className="fd-driver-team-section">
      <div className="fd-perf-bar">
        <h3 className="fd-perf-subtitle">{t('driverTab.daysTitle', { month })}</h3>
        <MonthSwitcher month={month} onChange={onMonth} />
      </div>
      {body}
    </section>
  );
}

/**
 * The driver page's fleet and performance tab (`teams:view`; its own chunk, loaded when opened): the fleet or team
 * he is in now with the way to its performance on `/teams`, his moves, and his platform days of a month (this month
 * first) with their sums.
 */
export default function DriverTeamTab({ driverId }: DriverTabProps) {
  const [month, setMonth] = useState(currentMonth);
  return (
    <div className="fd-driver-team" data-testid="driver-team">
      <FleetSection driverId={driverId} month={month} />
      <DaysSection driverId={driverId} month={month} onMonth={setMonth} />
    </div>
  );
}
