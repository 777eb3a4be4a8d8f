import { lazyPage } from '../../lib/lazy-page';
import { registerCarPageTab } from '../../components/car-tabs/car-tabs';
import { registerContractTab } from '../../components/contract-tabs/contract-tabs';
import './i18n';

// The handover tabs (loaded by app/routes.ts with the contract and vehicle screens); each panel is its own chunk.
registerContractTab({
  key: 'handover',
  order: 10,
  labelKey: 'handover:tabs.handover',
  Panel: lazyPage(() => import('./panels/handover-tab')),
});
registerContractTab({
  key: 'settlement',
  order: 20,
  labelKey: 'handover:tabs.settlement',
  Panel: lazyPage(() => import('./panels/settlement-tab')),
});
// Under the contract page's own documents tab: the PDFs.
registerContractTab({
  key: 'documents',
  order: 30,
  labelKey: 'contracts:detail.tabs.documents',
  permission: 'rentContract:print',
  Panel: lazyPage(() => import('./panels/documents-panel')),
});
registerCarPageTab({
  key: 'usage',
  order: 6,
  labelKey: 'handover:tabs.usage',
  Panel: lazyPage(() => import('./panels/car-usage-tab')),
});
