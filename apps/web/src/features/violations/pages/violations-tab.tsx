import Segmented from 'antd/es/segmented';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { LimitsForm } from '../components/limits-form';
import { OrdersList } from '../components/orders-list';
import { StatisticsView } from '../components/statistics-view';
import { ViolationsList } from '../components/violations-list';
import '../i18n';
import '../violations.css';

const VIEWS = ['records', 'orders', 'statistics', 'limits'] as const;
type View = (typeof VIEWS)[number];

/** `/rentCar/violations`: the records (default), the paid query orders, the yearly statistics and the limits. */
export default function ViolationsTab() {
  const { t } = useTranslation('violations');
  const [search, setSearch] = useSearchParams();
  const access = useAccess();
  const asked = search.get('view') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : 'records';
  return (
    <div className="fd-violations">
      <Segmented<View>
        value={view}
        onChange={(next) => setSearch(next === 'records' ? {} : { view: next })}
        options={VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))}
      />
      <div className="fd-violations-body">
        {view === 'records' && <ViolationsList />}
        {view === 'orders' && <OrdersList />}
        {view === 'statistics' && <StatisticsView />}
        {view === 'limits' && <LimitsForm editable={access.can('rentCar:edit')} />}
      </div>
    </div>
  );
}
