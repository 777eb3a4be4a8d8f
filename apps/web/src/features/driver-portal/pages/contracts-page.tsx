import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatPlate } from '../../../lib/format';
import { contractsQuery } from '../api/portal';
import { PortalFrame } from '../components/portal-frame';
import { Loadable } from '../components/states';
import { PORTAL_PATHS } from '../model/paths';

/** The driver's contracts: car, dates, rent and deposit, what is left to pay and of it what is overdue. */
export default function PortalContractsPage() {
  const { t } = useTranslation('driverPortal');
  const contracts = useQuery(contractsQuery());
  return (
    <PortalFrame title={t('contracts.title')} back>
      <Loadable query={contracts} empty={t('contracts.empty')} isEmpty={(d) => d.length === 0}>
        {(list) => (
          <ul className="fd-dp-list">
            {list.map((c) => (
              <li key={c.id} className="fd-dp-card" data-testid={`dp-contract-${c.id}`}>
                <div className="fd-dp-bill-head">
                  <div className="fd-dp-bill-title">
                    <strong>{c.number}</strong>
                    <div className="fd-muted fd-dp-small">
                      {formatPlate(c.plate)} · {c.carModel}
                    </div>
                  </div>
                  <Tag>{c.state}</Tag>
                </div>
                <dl className="fd-dp-facts fd-dp-facts-grid">
                  <dt>{t('contracts.dates')}</dt>
                  <dd>{t('contracts.range', { start: formatDate(c.startDate), end: formatDate(c.endDate) })}</dd>
                  <dt>{t('contracts.rent')}</dt>
                  <dd>{t('contracts.rentPer', { amount: formatMoney(c.rent), period: c.period })}</dd>
                  <dt>{t('contracts.deposit')}</dt>
                  <dd>{formatMoney(c.deposit)}</dd>
                  <dt>{t('contracts.outstanding')}</dt>
                  <dd>{formatMoney(c.outstanding)}</dd>
                  {c.overdue > 0 ? (
                    <>
                      <dt>{t('contracts.overdue')}</dt>
                      <dd className="fd-dp-danger">{formatMoney(c.overdue)}</dd>
                    </>
                  ) : null}
                </dl>
                {c.outstanding > 0 ? <Link to={PORTAL_PATHS.bills}>{t('home.pay')}</Link> : null}
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </PortalFrame>
  );
}
