import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoginRecordList } from '../components/login-record-list';
import { OperationLogList } from '../components/operation-log-list';
import '../i18n';
import './operation-log-page.css';

const TABS = ['operations', 'logins'] as const;

/** Operation log (`/oaLog`, `/oa/operationLog`): writes, and sign-ins in a second tab. */
export default function OperationLogPage() {
  const { t } = useTranslation('oa-log');
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'logins' ? 'logins' : 'operations';
  return (
    <div className="fd-oa-log">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Tabs
        activeKey={tab}
        // Each tab has its own filters: switching starts from a clean query.
        onChange={(key) => setSearch(key === 'operations' ? {} : { tab: key })}
        items={TABS.map((key) => ({
          key,
          label: t(`tabs.${key}`),
          children: key === 'operations' ? <OperationLogList /> : <LoginRecordList />,
        }))}
        destroyOnHidden
      />
    </div>
  );
}
