import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { ProfileTab } from '../components/profile-form';
import { RolesTab } from '../components/roles-tab';
import { RulesTab } from '../components/rules-form';
import { TemplatesTab } from '../components/templates-tab';
import '../i18n';
import './company-settings.css';

const TABS = ['profile', 'rules', 'templates', 'roles'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/oaSetting?tab=`: the company profile (default), the business rules, the document templates and, with
 * `oaSetting:role`, the roles.
 */
export default function CompanySettingsPage() {
  const { t } = useTranslation('companySettings');
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => tab !== 'roles' || access.can('oaSetting:role'));
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'profile';
  const panels: Record<Tab, () => React.ReactNode> = {
    profile: () => <ProfileTab />,
    rules: () => <RulesTab />,
    templates: () => <TemplatesTab />,
    roles: () => <RolesTab />,
  };
  return (
    <div className="fd-cs">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'profile' ? {} : { tab: key })}
        items={tabs.map((key) => ({ key, label: t(`tabs.${key}`), children: panels[key]() }))}
        destroyOnHidden
      />
    </div>
  );
}
