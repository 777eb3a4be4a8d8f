import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { useAccess } from '../../../lib/access';
import { maintenanceTabs, type MaintenanceTab } from '../model/tabs';
import { DueList } from './due-list';
import { OrderPage } from './order-page';
import { OrdersList } from './orders-list';
import { PlansList } from './plans-list';
import { WorkshopsList } from './workshops-list';
import '../i18n';
import '../maintenance.css';

// The reports draw with ECharts: their own chunk, fetched when the tab opens.
const ReportsTab = lazyPage(() => import('./reports-tab'));

function panel(key: MaintenanceTab) {
  switch (key) {
    case 'orders':
      return <OrdersList />;
    case 'due':
      return <DueList />;
    case 'plans':
      return <PlansList />;
    case 'workshops':
      return <WorkshopsList />;
    case 'reports':
      return <ReportsTab />;
  }
}

const idOf = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * `/maintenance/{page?}/{id?}`: the work orders (default), the due list, the plans, the workshops and the reports as
 * tabs (those the user's permissions allow: a workshop's sign-in sees the work orders only), and the work order page
 * (`order/{id}`).
 */
export default function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  const { page, id } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const orderId = idOf(id);
  if (page === 'order' && orderId) return <OrderPage id={orderId} />;
  const tabs = maintenanceTabs(access);
  const active: MaintenanceTab = (tabs as readonly string[]).includes(page ?? '') ? (page as MaintenanceTab) : 'orders';
  return (
    <div className="fd-maint" data-testid="maintenance-page">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={active}
        onChange={(k) => void navigate(k === 'orders' ? '/maintenance' : `/maintenance/${k}`)}
        items={tabs.map((k) => ({ key: k, label: t(`tabs.${k}`), children: k === active ? panel(k) : null }))}
      />
    </div>
  );
}
