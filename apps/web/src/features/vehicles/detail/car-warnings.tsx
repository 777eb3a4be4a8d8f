import Alert from 'antd/es/alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CarDetail } from '@fleetdesk/contracts/vehicles';
import { carInfoErrorsQuery } from '../api/get-car-info-errors';

/** The papers problems `car/info/error` lists for this car (insurance, inspection, licence...). */
export function CarWarnings({ car }: { car: CarDetail }) {
  const { t } = useTranslation('vehicle-detail');
  const row = useQuery(carInfoErrorsQuery({ id: car.id, plate: car.plate }));
  const reasons = row.data?.reasons ?? [];
  if (!reasons.length) return null;
  return (
    <Alert
      className="fd-car-warnings"
      type="warning"
      showIcon
      title={t('detail.warnings', { count: reasons.length })}
      description={
        <ul>
          {reasons.map((r) => (
            <li key={r.reason}>{r.message}</li>
          ))}
        </ul>
      }
    />
  );
}
