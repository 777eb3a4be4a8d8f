import Alert from 'antd/es/alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CarDetail } from '@fleetdesk/contracts/vehicles';
import { entityPath } from '../../../components/entity-links';
import { carRentabilityQuery } from '../api/get-rentability';

/**
 * A car that cannot take a new contract says so on its page: every reason (no compulsory insurance, inspection
 * overdue, its status), each with the link to the tab that puts it right. A car in a contract already (rented or
 * reserved) is not news on its own page: only the papers are shown then.
 */
export function CarRentability({ car }: { car: CarDetail }) {
  const { t } = useTranslation('vehicle-detail');
  const check = useQuery(carRentabilityQuery(car.id));
  const busy = car.status === 'rented' || car.status === 'reserved';
  const reasons = (check.data?.reasons ?? []).filter((r) => !(busy && r.code === 'status'));
  if (car.deletedAt || !reasons.length) return null;
  return (
    <Alert
      className="fd-car-rentability"
      type="error"
      showIcon
      title={t('rentability.title')}
      description={
        <ul>
          {reasons.map((r) => (
            <li key={r.code}>
              {r.message}
              {r.fix !== 'info' && (
                <>
                  {' '}
                  <Link to={entityPath.car(car.id, r.fix)}>{t(`rentability.fix.${r.code}`)}</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}
