import WalletOutlined from '@ant-design/icons/WalletOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { TOP_UP_PAGE } from '@fleetdesk/contracts/payments';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { balanceQuery } from '../../../lib/payments';
import { LedgerTab } from '../components/ledger-tab';
import { PricesTab } from '../components/prices-tab';
import '../i18n';
import './billing.css';

const TABS = ['ledger', 'prices'] as const;
type Tab = (typeof TABS)[number];

/** `/billing/{type?}`: the balance with the way to top up, its ledger (default) and the price list. */
export default function BillingPage() {
  const { t } = useTranslation('billing');
  const { type } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const balance = useQuery(balanceQuery());
  if (type && !(TABS as readonly string[]).includes(type)) return <Navigate to="/billing" replace />;
  const tab: Tab = (type as Tab | undefined) ?? 'ledger';
  const panels: Record<Tab, ReactNode> = { ledger: <LedgerTab />, prices: <PricesTab /> };
  return (
    <div className="fd-billing">
      <h1 className="fd-page-title">{t('title')}</h1>
      <section className="fd-billing-balance" data-testid="billing-balance">
        <WalletOutlined className="fd-billing-icon" />
        <div className="fd-billing-amount">
          <span className="fd-muted">{t('balance')}</span>
          <strong>{balance.data ? formatMoney(balance.data.balance) : '-'}</strong>
          <span className="fd-muted">
            {balance.data?.updatedAt
              ? t('updated', { time: formatDateTime(balance.data.updatedAt) })
              : balance.data
                ? t('noMovement')
                : ''}
          </span>
        </div>
        <Space wrap>
          {access.can('billing:buy') && (
            <Link to={TOP_UP_PAGE}>
              <Button type="primary">{t('topUp')}</Button>
            </Link>
          )}
          <Link to="/order/list">
            <Button>{t('orders')}</Button>
          </Link>
        </Space>
      </section>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(key === 'ledger' ? '/billing' : `/billing/${key}`)}
        items={TABS.map((key) => ({ key, label: t(`tabs.${key}`), children: panels[key] }))}
        destroyOnHidden
      />
    </div>
  );
}
