import CheckOutlined from '@ant-design/icons/CheckOutlined';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@fleetdesk/contracts/membership';
import { formatMoney } from '../../../lib/format';

const YEARS = [1, 2, 3, 4, 5];

interface Props {
  plan: Plan;
  /** Titles of the areas the plan includes. */
  areas: string[];
  signedIn: boolean;
  /** Lower than the plan in force: the server refuses a downgrade until the membership ends. */
  belowCurrent: boolean;
  ordering: boolean;
  onOrder: (years: number) => void;
  onSignIn: () => void;
}

export function PlanCard({ plan, areas, signedIn, belowCurrent, ordering, onOrder, onSignIn }: Props) {
  const { t } = useTranslation('membership');
  const [years, setYears] = useState(1);
  const trial = plan.price === 0;
  return (
    <article className={`fd-plan${plan.current ? ' fd-plan-current' : ''}`} data-testid={`plan-${plan.code}`}>
      <header>
        <h2>{plan.name}</h2>
        {plan.current && <Tag color="blue">{t('current')}</Tag>}
      </header>
      <div className="fd-plan-price">
        {trial ? (
          <strong>{t('free')}</strong>
        ) : (
          <>
            <strong>{formatMoney(plan.price)}</strong>
            <span>{t('perYear')}</span>
          </>
        )}
      </div>
      <p className="fd-muted">
        {trial ? t('trialDays', { days: plan.days }) : t('areasCount', { count: areas.length })}
      </p>
      <ul className="fd-plan-areas">
        {areas.map((area) => (
          <li key={area}>
            <CheckOutlined /> {area}
          </li>
        ))}
      </ul>
      <footer>
        {!plan.purchasable ? (
          <p className="fd-muted">{t('trialOnly')}</p>
        ) : belowCurrent ? (
          <p className="fd-muted">{t('noDowngrade')}</p>
        ) : !signedIn ? (
          <Button block type="primary" onClick={onSignIn}>
            {t('signInToOrder')}
          </Button>
        ) : (
          <div className="fd-plan-order">
            <Select
              aria-label={t('years')}
              value={years}
              onChange={setYears}
              options={YEARS.map((y) => ({ value: y, label: t('yearsOption', { count: y }) }))}
              style={{ width: 96 }}
            />
            <Button type="primary" loading={ordering} onClick={() => onOrder(years)} style={{ flex: 1 }}>
              {plan.current ? t('renew') : t('order')}
            </Button>
          </div>
        )}
        {plan.purchasable && signedIn && !belowCurrent && (
          <div className="fd-plan-total">{t('total', { amount: formatMoney(plan.price * years) })}</div>
        )}
      </footer>
    </article>
  );
}
