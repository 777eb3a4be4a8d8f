import { lazyPage } from '../../lib/lazy-page';
import { registerCarPageTab, registerFleetTab } from '../../components/car-tabs/car-tabs';

// The violations tabs of the vehicle screens (loaded by app/routes.ts with them); each panel is its own chunk.
registerCarPageTab({
  key: 'violations',
  order: 50,
  labelKey: 'vehicle-detail:detail.tabs.violations',
  Panel: lazyPage(() => import('./components/car-violations-tab')),
});
registerFleetTab({
  key: 'violations',
  order: 40,
  labelKey: 'vehicles:tabs.violations',
  Panel: lazyPage(() => import('./pages/violations-tab')),
});
