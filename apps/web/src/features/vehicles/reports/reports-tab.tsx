import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { carTypeReportQuery } from '../api/get-car-type-report';
import { fleetReportQuery } from '../api/get-fleet-report';
import { operationReportQuery } from '../api/get-operation-report';
import { ownerReportQuery } from '../api/get-owner-report';
import { powerReportQuery } from '../api/get-power-report';
import { barOption, pieOption, rateLineOption } from '../../../components/chart-options';
import { ReportCard } from './report-card';
import '../detail-i18n';
import '../i18n';
import './reports-tab.css';

const STATUS_COLORS = ['#52c41a', '#1677ff', '#fa8c16', '#13c2c2', '#8c8c8c', '#722ed1', '#f5222d'];
const TOP = 10;
const span = { xs: 24, lg: 12 } as const;
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** The fleet's reports: status, car types, brands, owners, energy, and the operation and online rates. */
export default function ReportsTab() {
  const { t } = useTranslation('vehicle-detail');
  const fleet = useQuery(fleetReportQuery());
  const types = useQuery(carTypeReportQuery());
  const owners = useQuery(ownerReportQuery({ pageNum: 1, pageSize: TOP }));
  const power = useQuery(powerReportQuery());
  const operation = useQuery(operationReportQuery());

  const options = useMemo(() => {
    const f = fleet.data;
    const p = power.data;
    const o = operation.data;
    const typeRows = types.data ?? [];
    const ownerRows = owners.data?.rows ?? [];
    const statusOrder = ['idle', 'rented', 'maintenance', 'reserved', 'off_fleet', 'sold', 'scrapped'];
    return {
      status: f
        ? pieOption(
            statusOrder.map((s) => ({
              name: t(`vehicles:status.${s}`),
              value: f.byStatus.find((b) => b.key === s)?.count ?? 0,
            })),
            STATUS_COLORS,
          )
        : null,
      types: barOption({
        categories: typeRows.map((r) => r.carTypeName),
        series: [
          { name: t('vehicles:status.rented'), data: typeRows.map((r) => r.rented), stack: 'cars' },
          { name: t('vehicles:status.idle'), data: typeRows.map((r) => r.idle), stack: 'cars' },
          { name: t('reports.other'), data: typeRows.map((r) => r.other), stack: 'cars' },
        ],
      }),
      brands: f
        ? barOption({
            categories: f.byBrand.slice(0, TOP).map((b) => b.name),
            series: [{ name: t('reports.cars'), data: f.byBrand.slice(0, TOP).map((b) => b.count) }],
            horizontal: true,
          })
        : null,
      owners: barOption({
        categories: ownerRows.map((r) => r.ownerName),
        series: [
          { name: t('reports.cars'), data: ownerRows.map((r) => r.total) },
          { name: t('vehicles:status.rented'), data: ownerRows.map((r) => r.rented) },
        ],
        horizontal: true,
      }),
      energy: p ? pieOption(p.byEnergy.map((b) => ({ name: t(`vehicles:energy.${b.key}`), value: b.count }))) : null,
      battery: p
        ? barOption({
            categories: p.battery.map((b) => b.name),
            series: [{ name: t('reports.cars'), data: p.battery.map((b) => b.count) }],
          })
        : null,
      range: p
        ? barOption({
            categories: p.range.map((b) => b.name),
            series: [{ name: t('reports.cars'), data: p.range.map((b) => b.count) }],
          })
        : null,
      operation: o
        ? rateLineOption({
            days: o.days.map((d) => d.date),
            series: [{ name: t('reports.operationRate'), data: o.days.map((d) => d.operationRate) }],
          })
        : null,
      online: o
        ? pieOption(
            [
              { name: t('reports.online'), value: o.online.online },
              { name: t('reports.offline'), value: o.online.offline },
              { name: t('reports.never'), value: o.online.never },
            ],
            ['#52c41a', '#faad14', '#bfbfbf'],
          )
        : null,
    };
    // The texts are part of the options: a language switch (a new t) draws them again.
  }, [fleet.data, types.data, owners.data, power.data, operation.data, t]);

  if (fleet.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (fleet.data && fleet.data.total === 0) {
    return <Empty className="fd-reports-empty" description={t('reports.noCars')} />;
  }
  const o = operation.data;
  const rented = fleet.data?.byStatus.find((b) => b.key === 'rented')?.count ?? 0;

  return (
    <div className="fd-reports">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('reports.total')} value={fleet.data?.total ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('vehicles:status.rented')} value={rented} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('reports.averageOperationRate')} value={o ? percent(o.averageOperationRate) : '—'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('reports.onlineRate')} value={o ? percent(o.online.onlineRate) : '—'} />
          </Card>
        </Col>
        <Col span={24}>
          <ReportCard
            title={t('reports.operation')}
            option={options.operation}
            extra={o && <span className="fd-muted">{t('reports.period', { from: o.from, to: o.to })}</span>}
          />
        </Col>
        <Col {...span}>
          <ReportCard title={t('reports.byStatus')} option={options.status} />
        </Col>
        <Col {...span}>
          <ReportCard title={t('reports.onlineNow')} option={options.online} />
        </Col>
        <Col {...span}>
          <ReportCard title={t('reports.byType')} option={options.types} />
        </Col>
        <Col {...span}>
          <ReportCard title={t('reports.byBrand', { count: TOP })} option={options.brands} />
        </Col>
        <Col {...span}>
          <ReportCard title={t('reports.byOwner', { count: TOP })} option={options.owners} />
        </Col>
        <Col {...span}>
          <ReportCard title={t('reports.byEnergy')} option={options.energy} />
        </Col>
        <Col {...span}>
          <ReportCard
            title={t('reports.batteryBands')}
            option={options.battery}
            extra={
              power.data?.averageBatteryKwh != null && (
                <span className="fd-muted">
                  {t('reports.averageBattery', { value: power.data.averageBatteryKwh.toFixed(1) })}
                </span>
              )
            }
          />
        </Col>
        <Col {...span}>
          <ReportCard
            title={t('reports.rangeBands')}
            option={options.range}
            extra={
              power.data?.averageRangeKm != null && (
                <span className="fd-muted">
                  {t('reports.averageRange', { value: Math.round(power.data.averageRangeKm) })}
                </span>
              )
            }
          />
        </Col>
      </Row>
    </div>
  );
}
