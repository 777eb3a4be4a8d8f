import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { carPageTabs } from '../../../components/car-tabs/car-tabs';
import { useAccess } from '../../../lib/access';
import type { RequestError } from '../../../lib/request';
import { TargetLog } from '../../../components/operation-log/target-log';
import { carKey, carQuery } from '../api/get-car';
import { CarHeader } from './car-header';
import { CarHistory } from './car-history';
import { CarImages } from './car-images';
import { CarInfo } from './car-info';
import { CarRentability } from './car-rentability';
import { CarWarnings } from './car-warnings';
import '../detail-i18n';
import '../i18n';
import './car-detail.css';

const TABS = ['info', 'images', 'history', 'log'] as const;
type Tab = (typeof TABS)[number];

/** `/rentCar/car/:id`: one car, its status actions, images, history and log. */
export default function CarDetailPage() {
  const { t } = useTranslation('vehicle-detail');
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const car = useQuery({ ...carQuery(valid ? id : 0), enabled: valid });
  const [search, setSearch] = useSearchParams();
  const access = useAccess();
  // Tabs other areas add (compliance: licences, insurance, inspections, accidents), after the images.
  const added = carPageTabs().filter((x) => access.can(x.permission ?? 'rentCar:view'));
  const asked = search.get('tab');
  const tab: string = asked && [...TABS, ...added.map((x) => x.key)].includes(asked) ? asked : 'info';

  if (!valid || (car.error as RequestError | null)?.httpStatus === 404) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        subTitle={t('detail.notFoundText')}
        extra={<Link to="/rentCar">{t('detail.backToList')}</Link>}
      />
    );
  }
  if (car.isError) {
    return (
      <Result
        status="error"
        title={t('detail.loadFailed')}
        extra={<a onClick={() => void car.refetch()}>{t('detail.retry')}</a>}
      />
    );
  }
  if (!car.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const data = car.data;

  const own = (key: Tab) => ({
    key,
    label: key === 'images' ? t('detail.tabs.images', { count: data.images.length }) : t(`detail.tabs.${key}`),
    children:
      key === 'info' ? (
        <CarInfo car={data} />
      ) : key === 'images' ? (
        <CarImages car={data} />
      ) : key === 'history' ? (
        <CarHistory carId={data.id} />
      ) : (
        <TargetLog target={`car:${data.id}`} ns="vehicle-detail" queryKey={carKey(data.id)} />
      ),
  });

  return (
    <div className="fd-car-detail">
      <CarHeader car={data} />
      <CarRentability car={data} />
      <CarWarnings car={data} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'info' ? {} : { tab: key }, { replace: true })}
        items={[
          ...TABS.slice(0, 2).map(own),
          ...added.map(({ key, labelKey, Panel }) => ({
            key,
            label: t(labelKey),
            children: (
              <Suspense fallback={<Spin />}>
                <Panel carId={data.id} plate={data.plate} rentId={data.rentId} />
              </Suspense>
            ),
          })),
          ...TABS.slice(2).map(own),
        ]}
        destroyOnHidden
      />
    </div>
  );
}
