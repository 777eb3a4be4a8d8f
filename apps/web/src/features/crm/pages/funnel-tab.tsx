import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEAD_SOURCE_TITLES, LEAD_STATE_TITLES, LEAD_STATES, type FunnelOwner } from '@fleetdesk/contracts/crm';
import { barOption, pieOption, rateLineOption } from '../../../components/chart-options';
import { EChart, type ChartOption } from '../../../components/echart';
import { useAccess } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { exportFunnel, funnelQuery, type Funnel, type FunnelQuery } from '../api/crm';
import { useTitle } from '../components/titles';
import '../i18n';
import '../crm.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The report's months from the URL (`from`, `to`: YYYY-MM), the last 6 months by default, at most 24. */
export function funnelRange(search: URLSearchParams, today = dayjs()): FunnelQuery {
  const to = MONTH.test(search.get('to') ?? '') ? search.get('to')! : today.format('YYYY-MM');
  let from = MONTH.test(search.get('from') ?? '')
    ? search.get('from')!
    : dayjs(`${to}-01`).subtract(5, 'month').format('YYYY-MM');
  if (from > to) from = to;
  const earliest = dayjs(`${to}-01`).subtract(23, 'month').format('YYYY-MM');
  if (from < earliest) from = earliest;
  const rentId = Number(search.get('rentId'));
  return { from, to, ...(Number.isInteger(rentId) && rentId > 0 ? { rentId } : {}) };
}

const pct = (v: number | null) => (v == null ? '-' : `${Math.round(v * 1000) / 10}%`);

function ChartCard({ title, option }: { title: string; option: ChartOption | null }) {
  const { t } = useTranslation('crm');
  return (
    <Card size="small" title={title}>
      {option ? (
        <EChart option={option} label={title} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('funnel.empty')} />
      )}
    </Card>
  );
}

function Charts({ report }: { report: Funnel }) {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const options = useMemo(() => {
    const months = report.months.map((m) => m.month);
    return {
      months: barOption({
        categories: months,
        series: [
          { name: t('funnel.created'), data: report.months.map((m) => m.created) },
          { name: t('funnel.won'), data: report.months.map((m) => m.won) },
        ],
      }),
      sources: pieOption(report.sources.map((s) => ({ name: title(LEAD_SOURCE_TITLES[s.source]), value: s.created }))),
      states: pieOption(
        LEAD_STATES.map((s) => ({
          name: title(LEAD_STATE_TITLES[s]),
          value: report.months.reduce((n, m) => n + m.byState[s], 0),
        })),
      ),
      rate: rateLineOption({
        days: months.map((m) => `0000-${m}`),
        series: [{ name: t('funnel.rate'), data: report.months.map((m) => m.conversionRate ?? 0) }],
      }),
    };
  }, [report, t, title]);
  return (
    <div className="fd-crm-charts">
      <ChartCard title={t('funnel.months')} option={options.months} />
      <ChartCard title={t('funnel.sources')} option={options.sources} />
      <ChartCard title={t('funnel.states')} option={options.states} />
      <ChartCard title={t('funnel.rateLine')} option={report.totals.created ? options.rate : null} />
    </div>
  );
}

/** `/crm/funnel`: per month the new leads by source and state, won, conversion, days to win, pool flows, per owner. */
export default function FunnelTab() {
  const { t } = useTranslation('crm');
  const access = useAccess();
  const rents = useSession((s) => s.user?.rents ?? []);
  const [search, setSearch] = useSearchParams();
  const range = funnelRange(search);
  const report = useQuery({ ...funnelQuery(range), placeholderData: keepPreviousData });
  const set = (patch: Record<string, string | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });

  const bar = (
    <Space wrap className="fd-crm-bar">
      <DatePicker.RangePicker
        picker="month"
        allowClear={false}
        aria-label={`${t('funnel.from')} - ${t('funnel.to')}`}
        value={[dayjs(`${range.from}-01`), dayjs(`${range.to}-01`)]}
        onChange={(v) => {
          if (v?.[0] && v[1]) set({ from: v[0].format('YYYY-MM'), to: v[1].format('YYYY-MM') });
        }}
      />
      {rents.length > 1 ? (
        <Select
          aria-label={t('funnel.rent')}
          className="fd-crm-rent"
          value={range.rentId ?? 0}
          onChange={(v) => set({ rentId: v ? String(v) : undefined })}
          options={[
            { value: 0, label: t('funnel.allRents') },
            ...rents.map((r) => ({ value: r.id, label: r.shortName || r.name })),
          ]}
        />
      ) : null}
      {access.can('crm:export') ? (
        <Button icon={<DownloadOutlined />} onClick={() => void exportFunnel(range, t('export.funnelFile'))}>
          {t('actions.export')}
        </Button>
      ) : null}
      <span className="fd-muted">{t('funnel.range')}</span>
    </Space>
  );

  if (report.isPending)
    return (
      <div className="fd-crm-col">
        {bar}
        <Skeleton active />
      </div>
    );
  if (report.isError)
    return (
      <div className="fd-crm-col">
        {bar}
        <Result
          status="error"
          title={t('funnel.loadFailed')}
          extra={<Button onClick={() => void report.refetch()}>{t('common:actions.retry')}</Button>}
        />
      </div>
    );
  const r = report.data;
  return (
    <div className="fd-crm-col" data-testid="crm-funnel">
      {bar}
      <div className="fd-crm-stats">
        <Card size="small">
          <Statistic title={t('funnel.created')} value={r.totals.created} />
        </Card>
        <Card size="small">
          <Statistic title={t('funnel.won')} value={r.totals.won} />
        </Card>
        <Card size="small">
          <Statistic title={t('funnel.rate')} value={pct(r.totals.conversionRate)} />
        </Card>
        <Card size="small">
          <Statistic
            title={t('funnel.avgDays')}
            value={r.totals.avgDaysToWon == null ? '-' : Math.round(r.totals.avgDaysToWon * 10) / 10}
          />
        </Card>
        <Card size="small">
          <Statistic title={t('funnel.poolIn')} value={r.totals.poolIn} />
        </Card>
        <Card size="small">
          <Statistic title={t('funnel.poolOut')} value={r.totals.poolOut} />
        </Card>
      </div>
      <Charts report={r} />
      <Card size="small" title={t('funnel.owners')}>
        <Table<FunnelOwner>
          size="small"
          rowKey="ownerId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={r.owners}
          locale={{ emptyText: t('funnel.empty') }}
          columns={[
            { key: 'owner', title: t('funnel.owner'), render: (_, o) => o.ownerName ?? '-' },
            { key: 'owned', title: t('funnel.owned'), align: 'right', dataIndex: 'owned' },
            { key: 'followUps', title: t('funnel.followUps'), align: 'right', dataIndex: 'followUps' },
            { key: 'won', title: t('funnel.won'), align: 'right', dataIndex: 'won' },
            { key: 'rate', title: t('funnel.rate'), align: 'right', render: (_, o) => pct(o.conversionRate) },
          ]}
        />
      </Card>
    </div>
  );
}
