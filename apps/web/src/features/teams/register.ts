import { registerDriverPageTab } from '../../components/driver-tabs/driver-tabs';
import { lazyPage } from '../../lib/lazy-page';

// The driver page's fleet and performance tab (loaded by app/routes.ts with the driver screen); the panel is its
// own chunk.
registerDriverPageTab({
  key: 'team',
  order: 20,
  labelKey: 'common:teamTab.tab',
  permission: 'teams:view',
  Panel: lazyPage(() => import('./pages/driver-team-tab')),
});
