import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { fleetTabs } from '../../../components/car-tabs/car-tabs';
import { useAccess } from '../../../lib/access';
import { lazyPage } from '../../../lib/lazy-page';
import { CarTypesTab } from '../components/car-types-tab';
import { CarsTab } from '../components/cars-tab';
import '../i18n';
import './vehicles-page.css';

const TABS = ['cars', 'carTypes', 'reports'] as const;
type Tab = (typeof TABS)[number];

/** The charts have their own chunk: the list does not wait for them. */
const ReportsTab = lazyPage(() => import('../reports/reports-tab'));

/** `/rentCar/{type?}`: the cars (default), the car types and the fleet reports. */
export default function VehiclesPage() {
  const { t } = useTranslation('vehicles');
  const { type } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  // Tabs other areas add (compliance: licences, insurance, accidents), registered in components/car-tabs.
  const added = fleetTabs().filter((x) => access.can(x.permission ?? 'rentCar:view'));
  const keys: string[] = [...TABS, ...added.map((x) => x.key)];
  if (type && !keys.includes(type)) return <Navigate to="/rentCar" replace />;
  const tab = type ?? 'cars';
  const panels: Record<Tab, ReactNode> = {
    cars: <CarsTab />,
    carTypes: <CarTypesTab />,
    reports: (
      <Suspense fallback={<Spin className="fd-vehicles-loading" />}>
        <ReportsTab />
      </Suspense>
    ),
  };
  return (
    <div className="fd-vehicles">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={tab}
        // Each tab has its own filters: switching starts from a clean query.
        onChange={(key) => navigate(key === 'cars' ? '/rentCar' : `/rentCar/${key}`)}
        items={[
          ...TABS.map((key) => ({ key, label: t(`tabs.${key}`), children: panels[key] })),
          ...added.map(({ key, labelKey, Panel }) => ({
            key,
            label: t(labelKey),
            children: (
              <Suspense fallback={<Spin className="fd-vehicles-loading" />}>
                <Panel />
              </Suspense>
            ),
          })),
        ]}
        destroyOnHidden
      />
    </div>
  );
}
