import { lazyPage } from '../../lib/lazy-page';
import { registerCarPageTab } from '../../components/car-tabs/car-tabs';

// The car page's contracts tab (loaded by app/routes.ts with the vehicle screens); its panel is its own chunk.
registerCarPageTab({
  key: 'contracts',
  order: 5,
  labelKey: 'common:contractsTab.tab',
  permission: 'rentContract:view',
  Panel: lazyPage(() => import('../../components/contracts-tab/car-contracts-tab')),
});
