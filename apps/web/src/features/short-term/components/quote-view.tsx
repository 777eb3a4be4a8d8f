import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@fleetdesk/contracts/short-term';
import { formatMoney } from '../../../lib/format';
import { DayKindTag } from './titles';

/** A quote: each rental day with its price and kind, then the discount, protection, extras, delivery and deposits. */
export function QuoteView({ quote }: { quote: Quote }) {
  const { t } = useTranslation('shortTerm');
  return (
    <div className="fd-short-quote" data-testid="quote">
      <Table
        size="small"
        pagination={false}
        rowKey="date"
        dataSource={quote.days}
        scroll={{ y: 240 }}
        columns={[
          { key: 'date', title: t('quote.day'), dataIndex: 'date' },
          { key: 'kind', title: t('quote.kind'), render: (_, d) => <DayKindTag kind={d.kind} /> },
          { key: 'price', title: t('quote.price'), align: 'right', render: (_, d) => formatMoney(d.price) },
        ]}
      />
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'days', label: t('quote.days'), children: quote.days.length },
          { key: 'rent', label: t('quote.rent'), children: formatMoney(quote.rent) },
          {
            key: 'discount',
            label: t('quote.discount', { pct: quote.discountPct }),
            children: quote.discount ? `-${formatMoney(quote.discount)}` : formatMoney(0),
          },
          { key: 'protection', label: t('quote.protection'), children: formatMoney(quote.protection) },
          { key: 'extras', label: t('quote.extras'), children: formatMoney(quote.extras) },
          { key: 'delivery', label: t('quote.delivery'), children: formatMoney(quote.delivery) },
          { key: 'total', label: t('quote.total'), children: <strong>{formatMoney(quote.total)}</strong> },
          { key: 'damage', label: t('quote.damageDeposit'), children: formatMoney(quote.deposit.damage) },
          { key: 'violation', label: t('quote.violationDeposit'), children: formatMoney(quote.deposit.violation) },
          {
            key: 'km',
            label: t('quote.mileageLimit'),
            children: quote.mileageLimitKm === null ? t('quote.unlimited') : `${quote.mileageLimitKm} km`,
          },
          {
            key: 'payNow',
            label: t('quote.payNow'),
            children: <strong data-testid="pay-now">{formatMoney(quote.payNow)}</strong>,
          },
        ]}
      />
    </div>
  );
}
