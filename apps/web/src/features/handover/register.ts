import { lazyPage } from '../../lib/lazy-page';
import { registerCarPageTab } from '../../components/car-tabs/car-tabs';
import { registerContractTab } from '../../components/contract-tabs/contract-tabs';
import './i18n';

// The handover tabs (loaded by app/routes.ts with the contract and vehicle screens). The panels are one chunk,
// loaded when the first of them opens: one lazy import instead of four keeps the shared chunks of the shell as
// they were (four entries of their own split them: home 352.0 KB gzip instead of 349.9).
const panels = () => import('./panels/index');

registerContractTab({
  key: 'handover',
  order: 10,
  labelKey: 'handover:tabs.handover',
  Panel: lazyPage(() => panels().then((m) => ({ default: m.HandoverTab }))),
});
registerContractTab({
  key: 'settlement',
  order: 20,
  labelKey: 'handover:tabs.settlement',
  Panel: lazyPage(() => panels().then((m) => ({ default: m.SettlementTab }))),
});
// Under the contract page's own documents tab: the PDFs.
registerContractTab({
  key: 'documents',
  order: 30,
  labelKey: 'contracts:detail.tabs.documents',
  permission: 'rentContract:print',
  Panel: lazyPage(() => panels().then((m) => ({ default: m.DocumentsPanel }))),
});
registerCarPageTab({
  key: 'usage',
  order: 6,
  labelKey: 'handover:tabs.usage',
  Panel: lazyPage(() => panels().then((m) => ({ default: m.CarUsageTab }))),
});
