import { lazyPage } from '../../lib/lazy-page';
import { registerCarPageTab, registerFleetTab } from '../../components/car-tabs/car-tabs';
import './i18n';

// The compliance tabs of the vehicle screens (loaded by app/routes.ts with them); each panel is its own chunk.
registerCarPageTab({
  key: 'licences',
  order: 10,
  labelKey: 'compliance:carTabs.licences',
  Panel: lazyPage(() => import('./car-tabs/car-licences-tab')),
});
registerCarPageTab({
  key: 'insurance',
  order: 20,
  labelKey: 'compliance:carTabs.insurance',
  Panel: lazyPage(() => import('./car-tabs/car-insurance-tab')),
});
registerCarPageTab({
  key: 'inspections',
  order: 30,
  labelKey: 'compliance:carTabs.inspections',
  Panel: lazyPage(() => import('./car-tabs/car-inspections-tab')),
});
registerCarPageTab({
  key: 'accidents',
  order: 40,
  labelKey: 'compliance:carTabs.accidents',
  Panel: lazyPage(() => import('./car-tabs/car-accidents-tab')),
});

registerFleetTab({
  key: 'licences',
  order: 10,
  labelKey: 'compliance:fleetTabs.licences',
  Panel: lazyPage(() => import('./pages/licences-list')),
});
registerFleetTab({
  key: 'insurance',
  order: 20,
  labelKey: 'compliance:fleetTabs.insurance',
  Panel: lazyPage(() => import('./pages/policies-list')),
});
registerFleetTab({
  key: 'accidents',
  order: 30,
  labelKey: 'compliance:fleetTabs.accidents',
  Panel: lazyPage(() => import('./pages/accidents-list')),
});
