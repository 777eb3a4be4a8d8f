import WalletOutlined from '@ant-design/icons/WalletOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TOP_UP_PAGE } from '@fleetdesk/contracts/payments';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { balanceQuery } from '../../../lib/payments';

/** The balance that pays for paid services, with the ways to top it up and to its ledger (`billing:view`). */
export function BalanceCard() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const access = useAccess();
  const balance = useQuery(balanceQuery());
  return (
    <section className="fd-card fd-home-balance" data-testid="home-balance">
      <h2>
        <WalletOutlined /> {t('balance.title')}
      </h2>
      {balance.isError ? (
        <p className="fd-muted">{t('balance.unavailable')}</p>
      ) : (
        <>
          <strong className="fd-home-balance-amount">{balance.data ? formatMoney(balance.data.balance) : '-'}</strong>
          <p className="fd-muted">
            {balance.data?.updatedAt
              ? t('balance.updated', { time: formatDateTime(balance.data.updatedAt) })
              : t('balance.none')}
          </p>
        </>
      )}
      <Space wrap>
        {access.can('billing:buy') && (
          <Button type="primary" onClick={() => navigate(TOP_UP_PAGE)}>
            {t('balance.topUp')}
          </Button>
        )}
        <Button onClick={() => navigate('/billing/ledger')}>{t('balance.ledger')}</Button>
        <Button type="link" onClick={() => navigate('/billing/prices')}>
          {t('balance.prices')}
        </Button>
      </Space>
    </section>
  );
}
