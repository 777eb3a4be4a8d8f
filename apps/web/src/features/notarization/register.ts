import { registerContractTab } from '../../components/contract-tabs/contract-tabs';
import { lazyPage } from '../../lib/lazy-page';
import './i18n';

// The contract page's e-signature tab (loaded by app/routes.ts with the contract screens); the panel is its own chunk.
registerContractTab({
  key: 'esign',
  order: 5,
  labelKey: 'notarization:esign.tab',
  permission: 'rentContract:view',
  Panel: lazyPage(() => import('./pages/esign-tab')),
});
