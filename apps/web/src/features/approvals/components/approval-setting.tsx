import App from 'antd/es/app';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/access';
import { approvalSettingQuery, useSaveApprovalSetting } from '../api/flows';

/** The tenant's approval settings: whether approvers also get an SMS when a request waits for them. */
export function ApprovalSettingPanel() {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const access = useAccess();
  const setting = useQuery(approvalSettingQuery());
  const save = useSaveApprovalSetting();
  if (setting.isError && !setting.data) return <Result status="warning" title={t('common:list.loadFailed')} />;
  if (!setting.data) return <Spin />;
  return (
    <div className="fd-approval-setting">
      <label className="fd-approval-setting-row">
        <Switch
          checked={setting.data.sms}
          loading={save.isPending}
          disabled={!access.can('oaApprovalFlow:edit')}
          aria-describedby="fd-approval-sms-hint"
          onChange={(sms) =>
            void save
              .mutateAsync({ sms })
              .then(() => message.success(t(sms ? 'setting.smsOn' : 'setting.smsOff')))
              .catch(() => undefined)
          }
        />
        <span>{t('setting.sms')}</span>
      </label>
      <p id="fd-approval-sms-hint" className="fd-muted">
        {t('setting.smsHint')}
      </p>
    </div>
  );
}
