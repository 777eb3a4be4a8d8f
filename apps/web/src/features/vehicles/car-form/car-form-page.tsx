import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { formatPlate } from '../../../lib/format';
import type { RequestError } from '../../../lib/request';
import { carQuery } from '../api/get-car';
import { CarForm } from './car-form';
import '../detail-i18n';
import '../i18n';
import './car-form.css';

/** `/rentCar/car/new` and `/rentCar/car/:id/edit`: the car form (rentCar:add / rentCar:edit). */
export default function CarFormPage() {
  const { t } = useTranslation('vehicle-detail');
  const access = useAccess();
  const { id: param } = useParams();
  const id = param ? Number(param) : null;
  const car = useQuery({ ...carQuery(id ?? 0), enabled: !!id && Number.isInteger(id) });
  const allowed = access.can(id ? 'rentCar:edit' : 'rentCar:add');

  let body;
  if (!allowed) {
    body = <Result status="403" title={t('form.forbidden')} />;
  } else if (id && (!Number.isInteger(id) || (car.error as RequestError | null)?.httpStatus === 404)) {
    body = (
      <Result status="404" title={t('detail.notFound')} extra={<Link to="/rentCar">{t('detail.backToList')}</Link>} />
    );
  } else if (id && car.isError) {
    body = <Result status="error" title={t('detail.loadFailed')} />;
  } else if (id && !car.data) {
    body = <Skeleton active paragraph={{ rows: 12 }} />;
  } else {
    body = <CarForm key={car.data?.updatedAt ?? 'new'} car={car.data ?? null} />;
  }
  return (
    <div className="fd-car-form-page">
      <div className="fd-car-form-head">
        <Link to={id ? `/rentCar/car/${id}` : '/rentCar'}>{id ? t('form.backToCar') : t('detail.backToList')}</Link>
        <h1 className="fd-page-title">
          {id ? t('form.editTitle', { plate: car.data ? formatPlate(car.data.plate) : '' }) : t('form.createTitle')}
        </h1>
      </div>
      {body}
    </div>
  );
}
