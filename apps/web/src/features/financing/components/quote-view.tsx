import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  DUE_MODE_TITLES,
  FINANCING_METHOD_TITLES,
  type FinancingQuote,
  type QuoteInstalment,
} from '@fleetdesk/contracts/financing';
import { formatMoney } from '../../../lib/format';
import { percent, sumYuan } from '../model/form';
import { useTitle } from './titles';

/**
 * A quote as the applicant sees it before submitting (and both sides on the application): down payment, amount
 * financed, monthly payment, total interest and fees; a flat-rate product shows its effective annual rate beside
 * the nominal one (the nominal understates its cost); then the whole schedule.
 */
export function QuoteView({ quote, schedule = true }: { quote: FinancingQuote; schedule?: boolean }) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const flat = quote.method === 'flat';
  return (
    <div className="fd-fin-quote" data-testid="fin-quote">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          {
            key: 'method',
            label: t('quote.method'),
            children: `${title(FINANCING_METHOD_TITLES[quote.method])} · ${title(DUE_MODE_TITLES[quote.dueMode])}`,
          },
          { key: 'total', label: t('quote.total'), children: formatMoney(quote.total) },
          {
            key: 'down',
            label: t('quote.downPayment'),
            children: `${formatMoney(quote.downPayment)} (${percent(quote.payProportion, 0)})`,
          },
          { key: 'financed', label: t('quote.financed'), children: formatMoney(quote.financed) },
          {
            key: 'monthly',
            label: t('quote.monthly'),
            children: <strong data-testid="fin-quote-monthly">{formatMoney(quote.monthly)}</strong>,
          },
          { key: 'terms', label: t('quote.terms'), children: t('terms', { count: quote.stagingNumber }) },
          {
            key: 'rate',
            label: t('quote.rate'),
            children: (
              <span data-testid="fin-quote-rate">
                {flat
                  ? t('quote.flatRate', {
                      nominal: percent(quote.annualRate),
                      effective: percent(quote.effectiveAnnualRate),
                    })
                  : percent(quote.annualRate)}
              </span>
            ),
          },
          { key: 'interest', label: t('quote.totalInterest'), children: formatMoney(quote.totalInterest) },
          {
            key: 'fees',
            label: t('quote.fees'),
            children: t('quote.feesDetail', {
              total: formatMoney(quote.fees),
              gps: formatMoney(quote.gpsFee),
              mortgage: formatMoney(quote.mortgageFee),
              service: formatMoney(quote.serviceFee),
            }),
          },
          ...(quote.balloon > 0
            ? [{ key: 'balloon', label: t('quote.balloon'), children: formatMoney(quote.balloon) }]
            : []),
          { key: 'deposit', label: t('quote.deposit'), children: formatMoney(quote.deposit) },
          {
            key: 'lateFee',
            label: t('quote.lateFeeRate'),
            children: t('quote.perDay', { rate: percent(quote.lateFeeDailyRate, 3) }),
          },
        ]}
      />
      {schedule && quote.schedule.length > 0 && (
        <Table<QuoteInstalment>
          className="fd-fin-schedule"
          size="small"
          rowKey={(r) => r.period}
          dataSource={quote.schedule}
          pagination={false}
          scroll={{ x: 'max-content', y: 420 }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                {t('quote.sum')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {formatMoney(sumYuan(quote.schedule.map((r) => r.principal)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {formatMoney(sumYuan(quote.schedule.map((r) => r.interest)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {formatMoney(sumYuan(quote.schedule.map((r) => r.payment)))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} />
            </Table.Summary.Row>
          )}
          columns={[
            { key: 'period', title: t('columns.period'), dataIndex: 'period' },
            { key: 'due', title: t('columns.dueDate'), dataIndex: 'dueDate' },
            {
              key: 'principal',
              title: t('columns.principal'),
              align: 'right',
              render: (_, r) => formatMoney(r.principal),
            },
            {
              key: 'interest',
              title: t('columns.interest'),
              align: 'right',
              render: (_, r) => formatMoney(r.interest),
            },
            { key: 'payment', title: t('columns.payment'), align: 'right', render: (_, r) => formatMoney(r.payment) },
            {
              key: 'remaining',
              title: t('columns.remaining'),
              align: 'right',
              render: (_, r) => formatMoney(r.remaining),
            },
          ]}
        />
      )}
    </div>
  );
}
