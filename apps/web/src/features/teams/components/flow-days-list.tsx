import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FLOW_PLATFORM_TITLES,
  FLOW_PLATFORMS,
  type FlowDay,
  type FlowPlatform,
} from '@fleetdesk/contracts/team-performance';
import { DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { flowDaysQuery } from '../api/get-flow-days';
import { hours, monthDays } from '../model/performance';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isPlatform = (v: string | undefined): v is FlowPlatform =>
  (FLOW_PLATFORMS as readonly string[]).includes(v ?? '');

/**
 * The platform days of a node's drivers (or of every fleet driver): day, driver, platform, online hours, orders,
 * flow; filtered by platform and days (the month chosen above unless days are given).
 */
export function FlowDaysList({ month, teamId }: { month: string; teamId?: number }) {
  const { t } = useTranslation('teams');
  const title = useTitle();
  const fields = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'platform',
        label: t('perf.platform'),
        options: FLOW_PLATFORMS.map((p) => ({ value: p, label: title(FLOW_PLATFORM_TITLES[p]) })),
      },
      { type: 'date-range', name: 'days', label: t('perf.days'), keys: ['from', 'to'] },
    ],
    [t, title],
  );
  const columns: ListColumn<FlowDay>[] = [
    { key: 'day', title: t('perf.columns.day'), dataIndex: 'day' },
    {
      key: 'driver',
      title: t('perf.columns.driver'),
      render: (_, d) => <DriverLink id={d.driverId} name={d.driverName} />,
    },
    { key: 'team', title: t('perf.columns.team'), render: (_, d) => d.teamName ?? '—' },
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
  ];
  const bounds = monthDays(month);
  return (
    <ListPage<FlowDay>
      id="team-flow-days"
      extra={<p className="fd-muted fd-perf-days-hint">{t('perf.daysHint', { month })}</p>}
      filters={fields}
      columns={columns}
      rowKey={(d) => d.id}
      query={(p) => {
        const { platform, from, to } = p.filters;
        const own = DAY.test(from ?? '') || DAY.test(to ?? '');
        return flowDaysQuery({
          ...(teamId ? { teamId } : {}),
          ...(isPlatform(platform) ? { platform } : {}),
          ...(own ? { ...(DAY.test(from ?? '') ? { from } : {}), ...(DAY.test(to ?? '') ? { to } : {}) } : bounds),
          pageNum: p.pageNum,
          pageSize: p.pageSize,
        });
      }}
      emptyText={t('perf.daysEmpty')}
    />
  );
}
