import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
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
import { WORK_ORDER_KIND_TITLES, type ReportQuery, type ReportSummary } from '@fleetdesk/contracts/maintenance';
import { barOption, pieOption } from '../../../components/chart-options';
import { EChart, type ChartOption } from '../../../components/echart';
import { CarLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatMoney, formatPlate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { exportReport, reportQuery } from '../api/maintenance';
import { useTitle } from '../components/titles';
import '../i18n';
import '../maintenance.css';

const span = { xs: 24, lg: 12 } as const;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const yuan = (v: number) => Math.round(v * 100) / 100;

/** The report's months from the URL (`from`, `to`: YYYY-MM), the last 12 months by default. */
export function reportRange(search: URLSearchParams, today = dayjs()): ReportQuery {
  const to = MONTH.test(search.get('to') ?? '') ? search.get('to')! : today.format('YYYY-MM');
  const from = MONTH.test(search.get('from') ?? '')
    ? search.get('from')!
    : dayjs(`${to}-01`).subtract(11, 'month').format('YYYY-MM');
  const rentId = Number(search.get('rentId'));
  return { from, to, ...(Number.isInteger(rentId) && rentId > 0 ? { rentId } : {}) };
}

function ChartCard({ title, option, height }: { title: string; option: ChartOption | null; height?: number }) {
  const { t } = useTranslation('maintenance');
  return (
    <Card size="small" title={title} className="fd-maint-report-card">
      {option ? (
        <EChart option={option} label={title} height={height} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.empty')} />
      )}
    </Card>
  );
}

/** The charts' options from one answer. */
/** Every month from `from` to `to` (YYYY-MM), so that a month without cost shows as an empty bar. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = dayjs(`${from}-01`); !m.isAfter(dayjs(`${to}-01`)) && out.length < 60; m = m.add(1, 'month'))
    out.push(m.format('YYYY-MM'));
  return out;
}

export function reportOptions(r: ReportSummary, t: (k: string) => string, kindTitle: (k: string) => string) {
  const months = monthsOf(r.from, r.to);
  const month = (m: string) => r.byMonth.find((x) => x.month === m);
  return {
    months: barOption({
      categories: months,
      series: [
        { name: t('reports.parts'), data: months.map((m) => yuan(month(m)?.parts ?? 0)), stack: 'cost' },
        { name: t('reports.labour'), data: months.map((m) => yuan(month(m)?.labour ?? 0)), stack: 'cost' },
      ],
    }),
    workshops: barOption({
      categories: r.byWorkshop.map((w) => w.workshopName ?? t('reports.noWorkshop')),
      series: [{ name: t('reports.total'), data: r.byWorkshop.map((w) => yuan(w.total)) }],
      horizontal: true,
    }),
    carTypes: barOption({
      categories: r.byCarType.map((c) => c.carTypeName ?? t('reports.noCarType')),
      series: [{ name: t('reports.per1000'), data: r.byCarType.map((c) => yuan(c.costPer1000Km ?? 0)) }],
    }),
    kinds: pieOption(r.byKind.map((k) => ({ name: kindTitle(k.kind), value: yuan(k.total) }))),
    top: barOption({
      categories: r.topRepairs.map((c) => formatPlate(c.plate)),
      series: [{ name: t('reports.repairs'), data: r.topRepairs.map((c) => c.repairs) }],
      horizontal: true,
    }),
  };
}

/** `/maintenance/reports`: cost per month, per workshop, per car type, by kind, top cars, cost per 1,000 km; export. */
export default function ReportsTab() {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const access = useAccess();
  const rents = useSession((s) => s.user?.rents ?? []);
  const [search, setSearch] = useSearchParams();
  const range = reportRange(search);
  const report = useQuery({ ...reportQuery(range), placeholderData: keepPreviousData });
  const options = useMemo(
    () =>
      report.data
        ? reportOptions(report.data, t, (k) => title(WORK_ORDER_KIND_TITLES[k as keyof typeof WORK_ORDER_KIND_TITLES]))
        : null,
    [report.data, t, title],
  );
  const set = (patch: Record<string, string | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });

  const r = report.data;
  return (
    <div className="fd-maint-reports" data-testid="maint-reports">
      <Space wrap className="fd-maint-report-bar">
        <DatePicker.RangePicker
          picker="month"
          allowClear={false}
          value={[dayjs(`${range.from}-01`), dayjs(`${range.to}-01`)]}
          onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format('YYYY-MM'), to: v[1].format('YYYY-MM') })}
          aria-label={t('reports.months')}
        />
        {rents.length > 1 ? (
          <Select
            allowClear
            placeholder={t('filters.rent')}
            className="fd-maint-report-rent"
            value={range.rentId}
            onChange={(v?: number) => set({ rentId: v ? String(v) : undefined })}
            options={rents.map((x) => ({ value: x.id, label: x.shortName || x.name }))}
          />
        ) : null}
        {access.can('maintenance:export') ? (
          <Button icon={<DownloadOutlined />} onClick={() => void exportReport(range, t('export.reportFile'))}>
            {t('actions.export')}
          </Button>
        ) : null}
      </Space>
      {report.isPending ? (
        <Skeleton active />
      ) : report.isError || !r || !options ? (
        <Empty description={t('reports.loadFailed')}>
          <Button onClick={() => void report.refetch()}>{t('common:actions.retry')}</Button>
        </Empty>
      ) : (
        <>
          <Card size="small" data-testid="maint-report-totals">
            <Space wrap size="large">
              <Statistic title={t('reports.orders')} value={r.totals.orders} />
              <Statistic title={t('reports.total')} value={formatMoney(r.totals.total)} />
              <Statistic title={t('reports.company')} value={formatMoney(r.totals.company)} />
              <Statistic title={t('reports.parts')} value={formatMoney(r.totals.parts)} />
              <Statistic title={t('reports.labour')} value={formatMoney(r.totals.labour)} />
              <Statistic
                title={t('reports.per1000')}
                value={r.totals.costPer1000Km == null ? '-' : formatMoney(r.totals.costPer1000Km)}
              />
            </Space>
          </Card>
          <Row gutter={[16, 16]}>
            <Col {...span}>
              <ChartCard title={t('reports.byMonth')} option={options.months} />
            </Col>
            <Col {...span}>
              <ChartCard title={t('reports.byWorkshop')} option={options.workshops} />
            </Col>
            <Col {...span}>
              <ChartCard title={t('reports.byCarType')} option={options.carTypes} />
            </Col>
            <Col {...span}>
              <ChartCard title={t('reports.byKind')} option={options.kinds} />
            </Col>
            <Col {...span}>
              <ChartCard title={t('reports.topRepairs')} option={options.top} />
            </Col>
            <Col {...span}>
              <Card size="small" title={t('reports.byCar')} className="fd-maint-report-card">
                <Table
                  size="small"
                  rowKey="carId"
                  pagination={{ pageSize: 8, size: 'small' }}
                  dataSource={r.byCar}
                  scroll={{ x: true }}
                  columns={[
                    {
                      key: 'plate',
                      title: t('columns.plate'),
                      render: (_, c) => <CarLink id={c.carId} plate={c.plate} tab="maintenance" />,
                    },
                    { key: 'orders', title: t('reports.orders'), dataIndex: 'orders', align: 'right' },
                    { key: 'total', title: t('reports.total'), align: 'right', render: (_, c) => formatMoney(c.total) },
                    {
                      key: 'km',
                      title: t('reports.km'),
                      align: 'right',
                      render: (_, c) => (c.km == null ? '-' : c.km.toLocaleString('en-US')),
                    },
                    {
                      key: 'per1000',
                      title: t('reports.per1000'),
                      align: 'right',
                      render: (_, c) => (c.costPer1000Km == null ? '-' : formatMoney(c.costPer1000Km)),
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
