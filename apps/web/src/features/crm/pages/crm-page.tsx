import Result from 'antd/es/result';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { useAccess } from '../../../lib/access';
import { crmTabs, type CrmTab } from '../model/tabs';
import { FollowUpsTab } from './follow-ups-tab';
import { LeadPage } from './lead-page';
import { LeadsList } from './leads-list';
import { SettingsTab } from './settings-tab';
import { NewSurveyPage, SurveyPage } from './survey-page';
import { SurveysList } from './surveys-list';
import '../i18n';
import '../crm.css';

// The funnel draws with ECharts: its own chunk, fetched when the tab opens.
const FunnelTab = lazyPage(() => import('./funnel-tab'));

function panel(key: CrmTab) {
  switch (key) {
    case 'leads':
      return <LeadsList />;
    case 'followUps':
      return <FollowUpsTab />;
    case 'funnel':
      return <FunnelTab />;
    case 'surveys':
      return <SurveysList />;
    case 'settings':
      return <SettingsTab />;
  }
}

const idOf = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * `/crm/{page?}/{id?}`: the leads (default; mine, the pool, all), the follow-ups due, the funnel, the surveys and
 * the settings as tabs, the lead page (`lead/{id}`) and the survey page (`survey/{id}`).
 */
export default function CrmPage() {
  const { t } = useTranslation('crm');
  const { page, id } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  const recordId = idOf(id);
  if (page === 'lead' && recordId) return <LeadPage id={recordId} />;
  if (page === 'survey' && id === 'new' && access.can('crm:add')) return <NewSurveyPage />;
  if (page === 'survey' && recordId) return <SurveyPage id={recordId} />;
  const tabs = crmTabs(access);
  if (!tabs.length) return <Result status="403" title={t('noAccess')} />;
  const active: CrmTab = (tabs as readonly string[]).includes(page ?? '') ? (page as CrmTab) : 'leads';
  return (
    <div className="fd-crm" data-testid="crm-page">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={active}
        onChange={(k) => void navigate(k === 'leads' ? '/crm' : `/crm/${k}`)}
        items={tabs.map((k) => ({ key: k, label: t(`tabs.${k}`), children: k === active ? panel(k) : null }))}
      />
    </div>
  );
}
