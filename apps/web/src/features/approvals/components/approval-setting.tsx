import App from 'antd/es/app';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/access';
import { activeStaffQuery } from '../../../lib/organisation-lists';
import { approvalSettingQuery, useSaveApprovalSetting } from '../api/flows';

/**
 * The tenant's approval settings: whether approvers also get an SMS when a request waits for them, and the
 * second approver, who decides a request that may not be decided by its applicant (a fuel cut) when the flow
 * names nobody else.
 */
export function ApprovalSettingPanel() {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const access = useAccess();
  const canEdit = access.can('oaApprovalFlow:edit');
  const setting = useQuery(approvalSettingQuery());
  const staff = useQuery(activeStaffQuery(canEdit));
  const save = useSaveApprovalSetting();
  if (setting.isError && !setting.data) return <Result status="warning" title={t('common:list.loadFailed')} />;
  if (!setting.data) return <Spin />;
  const { sms } = setting.data;
  const people = (staff.data ?? []).map((e) => ({
    value: e.id,
    label: `${e.name}${e.departmentName ? ` · ${e.departmentName}` : ''}`,
  }));
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
      <label className="fd-approval-setting-row">
        <span>{t('setting.secondApprover')}</span>
        <Select
          aria-label={t('setting.secondApprover')}
          aria-describedby="fd-approval-second-hint"
          className="fd-approval-second"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('setting.secondApproverNone')}
          disabled={!canEdit}
          loading={staff.isFetching || save.isPending}
          options={people}
          value={setting.data.secondApproverId ?? undefined}
          onChange={(id?: number) =>
            void save
              .mutateAsync({ sms, secondApproverId: id ?? null })
              .then(() => message.success(t(id ? 'setting.secondApproverSaved' : 'setting.secondApproverCleared')))
              .catch(() => undefined)
          }
        />
      </label>
      <p id="fd-approval-second-hint" className="fd-muted">
        {t('setting.secondApproverHint')}
      </p>
    </div>
  );
}
