import { registerDriverPageTab } from '../../components/driver-tabs/driver-tabs';
import { lazyPage } from '../../lib/lazy-page';

// The driver page's surveys tab (loaded by app/routes.ts with the driver screen); the panel is its own chunk.
registerDriverPageTab({
  key: 'surveys',
  order: 10,
  labelKey: 'common:surveysTab.tab',
  permission: 'crm:view',
  Panel: lazyPage(() => import('./pages/driver-surveys-tab')),
});
