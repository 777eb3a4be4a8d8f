import CopyOutlined from '@ant-design/icons/CopyOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OrganisationPaths, type TenantRules } from '@fleetdesk/contracts/organisation';
import { useAccess } from '../../../lib/access';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import { formSettingsQuery, ownersQuery, useSaveForm, type CrmForm } from '../api/crm';

type CrmRules = TenantRules['crm'];
const rulesKey = ['crm', 'rules'] as const;

/** The pool rules (the tenant's `crm` rules: read with `oaSetting:view`, changed with `oaSetting:edit`). */
function PoolRules() {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const access = useAccess();
  const client = useQueryClient();
  const [form] = Form.useForm<CrmRules>();
  const rules = useQuery({
    queryKey: rulesKey,
    queryFn: () => request<TenantRules>(OrganisationPaths.rules),
    enabled: access.can('oaSetting:view') || access.can('oaSetting:edit'),
  });
  const save = useMutation({
    mutationFn: (crm: CrmRules) =>
      request<TenantRules>(OrganisationPaths.rules, {
        method: 'PUT',
        json: { ...rules.data, crm },
        silent: isFieldFailure,
      }),
    onSuccess: (saved) => client.setQueryData(rulesKey, saved),
  });
  if (!access.can('oaSetting:view') && !access.can('oaSetting:edit'))
    return (
      <Card size="small" title={t('settings.rules')}>
        <span className="fd-muted">{t('settings.rulesNoAccess')}</span>
      </Card>
    );
  if (rules.isPending) return <Skeleton active />;
  if (rules.isError)
    return (
      <Result
        status="error"
        title={t('settings.loadFailed')}
        extra={<Button onClick={() => void rules.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  const editable = access.can('oaSetting:edit');
  const finish = async (v: CrmRules) => {
    try {
      await save.mutateAsync({ ...v, maxOwned: v.maxOwned ?? null });
    } catch (e) {
      const errors = (e as { body?: { errors?: { path: string; message: string }[] } }).body?.errors ?? [];
      form.setFields(
        errors
          .filter((x) => x.path.startsWith('crm.'))
          .map((x) => ({ name: x.path.slice(4) as keyof CrmRules, errors: [x.message] })),
      );
      return;
    }
    void message.success(t('settings.saved'));
  };
  return (
    <Card size="small" title={t('settings.rules')} data-testid="crm-rules">
      <Form<CrmRules>
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={rules.data.crm}
        onFinish={(v) => void finish(v)}
      >
        <div className="fd-crm-grid">
          <Form.Item
            name="poolDays"
            label={t('settings.poolDays')}
            extra={t('settings.poolDaysHint')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={365} precision={0} className="fd-crm-full" />
          </Form.Item>
          <Form.Item
            name="claimPerDay"
            label={t('settings.claimPerDay')}
            extra={t('settings.claimPerDayHint')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={500} precision={0} className="fd-crm-full" />
          </Form.Item>
          <Form.Item name="maxOwned" label={t('settings.maxOwned')} extra={t('settings.maxOwnedHint')}>
            <InputNumber min={1} max={10000} precision={0} className="fd-crm-full" />
          </Form.Item>
          <Form.Item
            name="surveyDays"
            label={t('settings.surveyDays')}
            extra={t('settings.surveyDaysHint')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={90} precision={0} className="fd-crm-full" />
          </Form.Item>
        </div>
        {editable ? (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}

interface FormValues {
  enabled: boolean;
  rentId: number;
  ownerId: number;
}
const POOL = 0;

/** The public lead form: on or off, the company its leads go to, their owner (or the pool), the link to share. */
function LeadFormCard({ settings }: { settings: CrmForm }) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const rents = useSession((s) => s.user?.rents ?? []);
  const owners = useQuery(ownersQuery());
  const save = useSaveForm();
  const [form] = Form.useForm<FormValues>();
  const url = `${window.location.origin}${settings.path}`;
  const submit = async (v: FormValues, regenerate = false) => {
    try {
      await save.mutateAsync({
        enabled: v.enabled,
        rentId: v.rentId,
        ownerId: v.ownerId === POOL ? null : v.ownerId,
        ...(regenerate ? { regenerate: true } : {}),
        version: settings.version,
      });
    } catch {
      return;
    }
    void message.success(regenerate ? t('settings.regenerated') : t('settings.saved'));
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('settings.copied'));
    } catch {
      void message.info(url);
    }
  };
  return (
    <Card size="small" title={t('settings.form')} data-testid="crm-lead-form-settings">
      <p className="fd-muted">{t('settings.formHint')}</p>
      {settings.enabled ? (
        <Space.Compact className="fd-crm-full fd-crm-link">
          <Input readOnly value={url} aria-label={t('settings.link')} />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('settings.copy')}
          </Button>
        </Space.Compact>
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          enabled: settings.enabled,
          rentId: settings.rentId ?? rents[0]?.id,
          ownerId: settings.ownerId ?? POOL,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="enabled" label={t('settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className="fd-crm-grid">
          <Form.Item name="rentId" label={t('fields.rent')} rules={[{ required: true }]}>
            <Select options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))} />
          </Form.Item>
          <Form.Item name="ownerId" label={t('settings.formOwner')}>
            <Select
              options={[
                { value: POOL, label: t('pool') },
                ...(owners.data ?? []).map((o) => ({ value: o.id, label: o.name })),
              ]}
            />
          </Form.Item>
        </div>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
          {settings.enabled ? (
            <Button onClick={() => void form.validateFields().then((v) => submit(v, true))}>
              {t('settings.regenerate')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}

/** `/crm/settings`: the pool rules and the public lead form. */
export function SettingsTab() {
  const { t } = useTranslation('crm');
  const settings = useQuery(formSettingsQuery());
  return (
    <div className="fd-crm-col">
      <PoolRules />
      {settings.isPending ? (
        <Skeleton active />
      ) : settings.isError ? (
        <Result
          status="error"
          title={t('settings.loadFailed')}
          extra={<Button onClick={() => void settings.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <LeadFormCard key={settings.data.version} settings={settings.data} />
      )}
    </div>
  );
}
