import { registerCarTab, registerVehiclesTab } from '../lib/feature-slots';
import { lazyPage } from '../lib/lazy-page';

// The tabs other areas add to the vehicle screens (lib/feature-slots.ts), each in its area's own chunk.
registerVehiclesTab({
  key: 'violations',
  component: lazyPage(() => import('../features/violations/pages/violations-tab')),
});
registerCarTab({
  key: 'violations',
  component: lazyPage(() => import('../features/violations/components/car-violations-tab')),
});
