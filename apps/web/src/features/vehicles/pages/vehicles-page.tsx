import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { extraVehiclesTabs } from '../../../lib/feature-slots';
import { lazyPage } from '../../../lib/lazy-page';
import { CarTypesTab } from '../components/car-types-tab';
import { CarsTab } from '../components/cars-tab';
import '../i18n';
import './vehicles-page.css';

const TABS = ['cars', 'carTypes', 'reports'] as const;

/** The charts have their own chunk: the list does not wait for them. */
const ReportsTab = lazyPage(() => import('../reports/reports-tab'));

/** `/rentCar/{type?}`: the cars (default), the car types and the fleet reports. */
export default function VehiclesPage() {
  const { t } = useTranslation('vehicles');
  const { type } = useParams();
  const navigate = useNavigate();
  // Tabs of other areas (violations...), registered by the app layer, after ours.
  const extra = extraVehiclesTabs();
  const keys: string[] = [...TABS, ...extra.map((x) => x.key)];
  if (type && !keys.includes(type)) return <Navigate to="/rentCar" replace />;
  const tab: string = type ?? 'cars';
  const panels: Record<string, ReactNode> = {
    cars: <CarsTab />,
    carTypes: <CarTypesTab />,
    reports: (
      <Suspense fallback={<Spin className="fd-vehicles-loading" />}>
        <ReportsTab />
      </Suspense>
    ),
  };
  for (const x of extra) {
    panels[x.key] = (
      <Suspense fallback={<Spin className="fd-vehicles-loading" />}>
        <x.component />
      </Suspense>
    );
  }
  return (
    <div className="fd-vehicles">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={tab}
        // Each tab has its own filters: switching starts from a clean query.
        onChange={(key) => navigate(key === 'cars' ? '/rentCar' : `/rentCar/${key}`)}
        items={keys.map((key) => ({ key, label: t(`tabs.${key}`), children: panels[key] }))}
        destroyOnHidden
      />
    </div>
  );
}
