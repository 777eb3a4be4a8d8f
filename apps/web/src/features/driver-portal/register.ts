import { registerDriverPageTab } from '../../components/driver-tabs/driver-tabs';
import { lazyPage } from '../../lib/lazy-page';

// The driver page's "driver app" tab (loaded by app/routes.ts with the driver screen): the driver's super driver
// level and what he sent from the portal, with their review. Read like the rest of the driver page; the panel is its
// own chunk.
registerDriverPageTab({
  key: 'driverApp',
  order: 30,
  labelKey: 'common:driverAppTab.tab',
  permission: 'rentDriver:view',
  Panel: lazyPage(() => import('./pages/driver-app-tab')),
});
