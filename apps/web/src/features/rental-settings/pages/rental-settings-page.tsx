import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/access';
import { rulesQuery } from '../api/rental-settings';
import { ExtrasCard, ProtectionsCard } from '../components/catalogue-cards';
import { HolidaysCard } from '../components/holidays-card';
import { RulesCard } from '../components/rules-card';
import '../i18n';
import '../rental-settings.css';

/**
 * The rules of both rental kinds: the tenant rules' `shortTerm` and `timeShare` sections (the company settings'
 * call: read with `oaSetting:view`, saved with `oaSetting:edit` and `sevenSetting:edit`).
 */
function Rules() {
  const { t } = useTranslation('rental-settings');
  const access = useAccess();
  const readable = access.can('oaSetting:view') || access.can('oaSetting:edit');
  const rules = useQuery({ ...rulesQuery(), enabled: readable });
  if (!readable)
    return (
      <Card size="small" title={t('rules.title')} className="fd-rs-card" data-testid="rules-no-access">
        <span className="fd-muted">{t('rules.noAccess')}</span>
      </Card>
    );
  if (rules.isPending) return <Skeleton active />;
  if (rules.isError)
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={<Button onClick={() => void rules.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  const editable = access.can('oaSetting:edit') && access.can('sevenSetting:edit');
  return (
    <>
      {editable ? null : <Alert type="info" showIcon title={t('rules.readOnly')} />}
      <RulesCard section="shortTerm" rules={rules.data} editable={editable} />
      <RulesCard section="timeShare" rules={rules.data} editable={editable} />
    </>
  );
}

/** `/sevenSetting` (rental management settings): the rules, protection tiers, extras and the holiday calendar, one page of cards. */
export default function RentalSettingsPage() {
  const { t } = useTranslation('rental-settings');
  const access = useAccess();
  if (!access.can('sevenSetting:view') && !access.can('sevenSetting:edit'))
    return <Result status="403" title={t('noAccess')} />;
  const editable = access.can('sevenSetting:edit');
  return (
    <div className="fd-rs" data-testid="rental-settings-page">
      <h1 className="fd-page-title">{t('title')}</h1>
      <Rules />
      <ProtectionsCard editable={editable} />
      <ExtrasCard editable={editable} />
      <HolidaysCard editable={editable} />
    </div>
  );
}
