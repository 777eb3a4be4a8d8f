import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '../../../components/echart';

/** A titled chart, or the empty state when there is nothing to count. */
export function ReportCard(props: { title: string; option: ChartOption | null; extra?: ReactNode; height?: number }) {
  const { t } = useTranslation('vehicle-detail');
  return (
    <Card size="small" title={props.title} extra={props.extra} className="fd-report-card">
      {props.option ? (
        <EChart option={props.option} label={props.title} height={props.height} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.empty')} />
      )}
    </Card>
  );
}
