import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COST_CATEGORIES, COST_CATEGORY_TITLES } from '@fleetdesk/contracts/cost-centres';
import type { ReportDays, ReportDaysQuery, ReportPeriod } from '@fleetdesk/contracts/dashboard';
import { RISK_STATE_TITLES } from '@fleetdesk/contracts/gps-risk';
import { barOption, lineOption } from '../../../components/chart-options';
import { EChart, type ChartOption } from '../../../components/echart';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { exportReportDays, useReportDays } from '../api/get-report-days';
import { useRiskBoard } from '../api/get-risk-board';
import { plusDays } from './today-board';
import '../../../components/echart.css';
import '../insights-i18n';

export const VIEWS = ['days', 'months', 'yoy'] as const;
export type View = (typeof VIEWS)[number];

/** The report a view asks for, from the tenant's today: 30 days, 12 months, or this year and the last by month. */
export function rangeOf(view: View, today: string, rentId?: number): ReportDaysQuery {
  const month = today.slice(0, 7);
  const rent = rentId ? { rentId } : {};
  if (view === 'days') return { from: plusDays(today, -29), to: today, granularity: 'day', ...rent };
  if (view === 'months') return { from: `${addMonths(month, -11)}-01`, to: today, granularity: 'month', ...rent };
  return { from: `${Number(today.slice(0, 4)) - 1}-01-01`, to: today, granularity: 'month', ...rent };
}

/** `YYYY-MM` plus n months. */
export function addMonths(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Every period of a range, so that a day or month without a report shows as a gap, not as a shifted axis. */
export function periodsOf(q: ReportDaysQuery): string[] {
  const out: string[] = [];
  if (q.granularity === 'day') {
    for (let d = q.from; d <= q.to && out.length < 400; d = plusDays(d, 1)) out.push(d);
  } else {
    for (let m = q.from.slice(0, 7); m <= q.to.slice(0, 7) && out.length < 36; m = addMonths(m, 1)) out.push(m);
  }
  return out;
}

const round = (v: number) => Math.round(v * 100) / 100;

interface Chart {
  key: string;
  option: ChartOption | null;
}

/** The charts of one answer: what the groups the user reads allow. */
export function chartsOf(
  r: ReportDays,
  q: ReportDaysQuery,
  view: View,
  t: (k: string) => string,
  lang: Language,
): Chart[] {
  const byPeriod = new Map(r.periods.map((p) => [p.period, p]));
  const periods = periodsOf(q);
  const charts: Chart[] = [];
  // Year on year: this year's months against the same months of the year before.
  const thisYear = q.to.slice(0, 4);
  const lastYear = String(Number(thisYear) - 1);
  const yoyMonths = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
  const series = (name: string, pick: (p: ReportPeriod) => number | null | undefined) => ({
    name,
    data: periods.map((x) => {
      const p = byPeriod.get(x);
      return p ? (pick(p) ?? null) : null;
    }),
  });
  const yoy = (pick: (p: ReportPeriod) => number | null | undefined) => [
    {
      name: thisYear,
      data: yoyMonths.map((m) =>
        byPeriod.has(`${thisYear}-${m}`) ? (pick(byPeriod.get(`${thisYear}-${m}`)!) ?? null) : null,
      ),
    },
    {
      name: lastYear,
      data: yoyMonths.map((m) =>
        byPeriod.has(`${lastYear}-${m}`) ? (pick(byPeriod.get(`${lastYear}-${m}`)!) ?? null) : null,
      ),
    },
  ];
  const categories = view === 'yoy' ? yoyMonths : view === 'days' ? periods.map((d) => d.slice(5)) : periods;
  const has = (g: ReportDays['groups'][number]) => r.groups.includes(g);

  if (has('fleet')) {
    charts.push({
      key: 'utilisation',
      option: lineOption({
        categories,
        percent: true,
        series:
          view === 'yoy'
            ? yoy((p) => p.fleet?.utilisation)
            : [series(t('trends.series.utilisation'), (p) => p.fleet?.utilisation)],
      }),
    });
    if (view !== 'yoy')
      charts.push({
        key: 'fleet',
        option: barOption({
          categories,
          series: (['rented', 'idle', 'maintenance'] as const).map((k) => ({
            name: t(`trends.series.${k}`),
            data: series('', (p) => p.fleet?.[k]).data.map((v) => v ?? 0),
            stack: 'fleet',
          })),
        }),
      });
  }
  if (has('money')) {
    charts.push({
      key: 'money',
      option:
        view === 'yoy'
          ? lineOption({ categories, series: yoy((p) => (p.money ? round(p.money.received.total) : null)) })
          : barOption({
              categories,
              series: [
                {
                  name: t('trends.series.receivable'),
                  data: series('', (p) => p.money?.receivable.total).data.map((v) => round(v ?? 0)),
                },
                {
                  name: t('trends.series.received'),
                  data: series('', (p) => p.money?.received.total).data.map((v) => round(v ?? 0)),
                },
              ],
            }),
    });
  }
  if (has('money') || has('leads')) {
    const keys = [
      ...(has('money') ? (['newContracts', 'dispatches', 'returns'] as const) : []),
      ...(has('leads') ? (['newLeads', 'conversions'] as const) : []),
    ];
    const pick = (p: ReportPeriod, k: (typeof keys)[number]) =>
      k === 'newLeads' || k === 'conversions' ? p.leads?.[k] : p.money?.[k];
    charts.push({
      key: 'activity',
      option:
        view === 'yoy'
          ? lineOption({ categories, series: yoy((p) => (has('money') ? p.money?.newContracts : p.leads?.newLeads)) })
          : barOption({
              categories,
              series: keys.map((k) => ({
                name: t(`trends.series.${k}`),
                data: series('', (p) => pick(p, k)).data.map((v) => v ?? 0),
              })),
            }),
    });
  }
  if (has('costs')) {
    charts.push({
      key: 'costs',
      option:
        view === 'yoy'
          ? lineOption({ categories, series: yoy((p) => (p.costs ? round(p.costs.total) : null)) })
          : barOption({
              categories,
              series: COST_CATEGORIES.map((c) => ({
                name: COST_CATEGORY_TITLES[c][lang],
                data: series('', (p) => p.costs?.[c]).data.map((v) => round(v ?? 0)),
                stack: 'costs',
              })),
            }),
    });
  }
  return charts;
}

function ChartBox({ title, option }: { title: string; option: ChartOption | null }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="fd-trend-chart" data-chart={title}>
      <h3>{title}</h3>
      {option ? (
        <EChart option={option} label={title} height={240} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trends.empty')} />
      )}
    </div>
  );
}

/** The daily reports as charts: the last 30 days, 12 months, or year on year; one rent or all; export. */
export function Trends({ today }: { today: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language as Language;
  const rents = useSession((s) => s.user?.rents ?? []);
  const [view, setView] = useState<View>('days');
  const [rentId, setRentId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const q = useMemo(() => rangeOf(view, today, rentId), [view, today, rentId]);
  const report = useReportDays(q);
  const charts = useMemo(
    () => (report.data ? chartsOf(report.data, q, view, t, lang) : []),
    [report.data, q, view, t, lang],
  );
  const download = async () => {
    setBusy(true);
    try {
      await exportReportDays(q, `${t('trends.fileName')}-${q.from}-${q.to}.xlsx`);
    } finally {
      setBusy(false);
    }
  };
  const refused = report.isError;
  return (
    <section className="fd-card fd-trends" data-testid="home-trends" id="trends">
      <header className="fd-trends-head">
        <h2>{t('trends.title')}</h2>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={VIEWS.map((v) => ({ value: v, label: t(`trends.views.${v}`) }))}
        />
        {rents.length > 1 && (
          <Select
            allowClear
            className="fd-trends-rent"
            placeholder={t('trends.allRents')}
            value={rentId}
            onChange={setRentId}
            options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))}
            aria-label={t('trends.rent')}
          />
        )}
        <Button icon={<DownloadOutlined />} loading={busy} disabled={refused} onClick={download}>
          {t('trends.export')}
        </Button>
      </header>
      {refused ? (
        <p className="fd-muted">{t('trends.refused')}</p>
      ) : !report.data ? (
        <Skeleton active />
      ) : (
        <div className="fd-trend-grid">
          {charts.map((c) => (
            <ChartBox
              key={c.key}
              title={t(`trends.charts.${view === 'yoy' ? 'yoy.' : ''}${c.key}`)}
              option={c.option}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** The risk cases by stage, with the overdue rent they concern; each stage opens the risk list at it. */
export function RiskBoardCard() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language as Language;
  const board = useRiskBoard();
  return (
    <section className="fd-card fd-risk-board" data-testid="home-risk-board">
      <h2>{t('riskBoard.title')}</h2>
      {!board.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : board.data.byState.length === 0 ? (
        <p className="fd-muted">{t('riskBoard.none')}</p>
      ) : (
        <>
          <ul className="fd-risk-stages">
            {board.data.byState.map((s) => (
              <li key={s.state}>
                <Link to={`/riskGpsMap/risk?state=${s.state}`} data-stage={s.state}>
                  <span>{RISK_STATE_TITLES[s.state][lang]}</span>
                  <strong>{s.count}</strong>
                  <span className="fd-muted">{formatMoney(s.amount)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="fd-muted">
            {t('riskBoard.open', { count: board.data.openCount, amount: formatMoney(board.data.overdueAmount) })}
          </p>
        </>
      )}
    </section>
  );
}

/** The home's second half, on its own chunk with the charts: the risk board and the trends. */
export default function Insights({ today, risk, trends }: { today: string; risk: boolean; trends: boolean }) {
  return (
    <div className="fd-insights">
      {risk && <RiskBoardCard />}
      {trends && <Trends today={today} />}
    </div>
  );
}
