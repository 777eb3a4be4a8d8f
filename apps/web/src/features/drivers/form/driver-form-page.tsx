import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import type { RequestError } from '../../../lib/request';
import { driverQuery } from '../api/drivers';
import { DriverForm } from './driver-form';
import '../i18n';
import './driver-form.css';

/** `/rentDriver/new` and `/rentDriver/:id/edit`: the driver form (rentDriver:add / rentDriver:edit). */
export default function DriverFormPage() {
  const { t } = useTranslation('drivers');
  const access = useAccess();
  const { id: param } = useParams();
  const id = param ? Number(param) : null;
  const driver = useQuery({ ...driverQuery(id ?? 0), enabled: !!id && Number.isInteger(id) });
  const allowed = access.can(id ? 'rentDriver:edit' : 'rentDriver:add');

  let body;
  if (!allowed) body = <Result status="403" title={t('form.forbidden')} />;
  else if (id && (!Number.isInteger(id) || (driver.error as RequestError | null)?.httpStatus === 404)) {
    body = (
      <Result status="404" title={t('detail.notFound')} extra={<Link to="/rentDriver">{t('actions.back')}</Link>} />
    );
  } else if (id && driver.isError) body = <Result status="error" title={t('detail.loadFailed')} />;
  else if (id && !driver.data) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else body = <DriverForm key={driver.data?.updatedAt ?? 'new'} driver={driver.data ?? null} />;
  return (
    <div className="fd-driver-form-page">
      <Link to={id ? `/rentDriver/${id}` : '/rentDriver'}>{id ? t('form.backToDriver') : t('actions.back')}</Link>
      <h1 className="fd-page-title">
        {id ? t('form.editTitle', { name: driver.data?.name ?? '' }) : t('form.createTitle')}
      </h1>
      {body}
    </div>
  );
}
