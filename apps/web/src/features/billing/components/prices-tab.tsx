import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaidServicePrice } from '@fleetdesk/contracts/payments';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { priceListQuery } from '../api/get-price-list';

/** The paid services: the tenant plan's unit price and units included, and every plan's (the tenant's lit). */
export function PricesTab() {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language as Language;
  const planCode = useSession((s) => s.membership?.code);
  const list = useQuery(priceListQuery(lang));
  if (list.isError) return <Alert type="warning" showIcon title={t('prices.failed')} />;
  if (!list.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  const plans = list.data[0]?.prices ?? [];
  const price = (unitPrice: number | null, included: number | null, unit: string) =>
    unitPrice === null ? (
      <span className="fd-muted">{t('prices.notOffered')}</span>
    ) : (
      <>
        <div>
          {formatMoney(unitPrice)} / {unit}
        </div>
        {included ? <div className="fd-muted">{t('prices.included', { count: included, unit })}</div> : null}
      </>
    );
  return (
    <div className="fd-prices">
      <p className="fd-muted">{t('prices.lead')}</p>
      <Table<PaidServicePrice>
        rowKey="code"
        size="middle"
        pagination={false}
        dataSource={list.data}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'service',
            title: t('prices.service'),
            render: (_, s) => (
              <>
                <strong>{s.name}</strong> <span className="fd-muted">{s.code}</span>
              </>
            ),
          },
          {
            key: 'yours',
            title: t('prices.yours'),
            className: 'fd-price-yours',
            render: (_, s) =>
              s.available ? price(s.unitPrice, s.includedPerMonth, s.unit) : <Tag>{t('prices.notInPlan')}</Tag>,
          },
          ...plans.map((p) => ({
            key: p.planCode,
            title:
              p.planCode === planCode ? (
                <span>
                  {p.planName} <Tag color="blue">{t('prices.current')}</Tag>
                </span>
              ) : (
                p.planName
              ),
            className: p.planCode === planCode ? 'fd-price-current' : undefined,
            render: (_: unknown, s: PaidServicePrice) => {
              const own = s.prices.find((x) => x.planCode === p.planCode);
              return price(own?.unitPrice ?? null, own?.includedPerMonth ?? null, s.unit);
            },
          })),
        ]}
      />
    </div>
  );
}
