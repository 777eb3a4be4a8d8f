import { registerCarPageTab } from '../../components/car-tabs/car-tabs';
import { lazyPage } from '../../lib/lazy-page';
import './i18n';

// The car page's maintenance tab (loaded by app/routes.ts with the vehicle screens); the panel is its own chunk.
registerCarPageTab({
  key: 'maintenance',
  order: 50,
  labelKey: 'maintenance:carTab.label',
  permission: 'maintenance:view',
  Panel: lazyPage(() => import('./pages/car-maintenance-tab')),
});
