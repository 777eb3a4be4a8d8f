import Result from 'antd/es/result';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { timeShareTabs, type TsTab } from '../model/tabs';
import { RatesTab } from './rates-tab';
import { RentersTab } from './renters-tab';
import { TripPage } from './trip-page';
import { TripsTab } from './trips-tab';
import { ZonesTab } from './zones-tab';
import '../i18n';
import '../time-share.css';

function panel(key: TsTab) {
  switch (key) {
    case 'trips':
      return <TripsTab />;
    case 'zones':
      return <ZonesTab />;
    case 'rates':
      return <RatesTab />;
    case 'renters':
      return <RentersTab />;
  }
}

const idOf = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * `/sevenTime/{page?}/{id?}`: the trips (default), zones, rates and renters as tabs, and the trip page
 * (`trip/{id}`).
 */
export default function TimeSharePage() {
  const { t } = useTranslation('time-share');
  const { page, id } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const tabs = timeShareTabs(access);
  if (!tabs.length) return <Result status="403" title={t('noAccess')} />;
  const tripId = idOf(id);
  if (page === 'trip' && tripId) return <TripPage id={tripId} />;
  const active: TsTab = (tabs as readonly string[]).includes(page ?? '') ? (page as TsTab) : 'trips';
  return (
    <div className="fd-ts" data-testid="time-share-page">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={active}
        onChange={(k) => void navigate(k === 'trips' ? '/sevenTime' : `/sevenTime/${k}`)}
        items={tabs.map((k) => ({ key: k, label: t(`tabs.${k}`), children: k === active ? panel(k) : null }))}
      />
    </div>
  );
}
