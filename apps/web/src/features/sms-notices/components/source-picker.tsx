import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { RecipientSourceDef } from '@fleetdesk/contracts/sms-notices';
import { useResolveRecipients } from '../api/resolve-recipients';
import type { DraftApi } from '../model/draft';
import { useSourceName } from './use-source-name';

type Values = Record<string, string | string[] | undefined>;

/** The chosen filters in words (`Department: Sales, Fleet`), to say where recipients came from. */
function describe(source: RecipientSourceDef, title: string, values: Values): string {
  const parts = source.filters.flatMap((f) => {
    const v = values[f.key];
    const chosen = (Array.isArray(v) ? v : v ? [v] : []).map((x) => f.options?.find((o) => o.value === x)?.label ?? x);
    return chosen.length ? [`${f.title}: ${chosen.join(', ')}`] : [];
  });
  return parts.length ? `${title} · ${parts.join('; ')}` : title;
}

/** Recipients from a source of the server (staff by department or label, and what other areas add). */
export function SourcePicker({ source, api }: { source: RecipientSourceDef; api: DraftApi }) {
  const { t } = useTranslation('sms-notices');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const resolve = useResolveRecipients();
  const sourceName = useSourceName();
  const add = async (values: Values) => {
    const filter: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(values))
      if (v !== undefined && v !== '' && !(Array.isArray(v) && !v.length)) filter[k] = v;
    const recipients = await resolve.mutateAsync({ source: source.key, filter }).catch(() => null);
    if (!recipients) return;
    if (!recipients.length) {
      void message.warning(t('sources.none'));
      return;
    }
    api.add(recipients, {
      kind: 'source',
      source: source.key,
      label: describe(source, sourceName(source.key), values),
    });
    void message.success(t('recipients.added', { count: recipients.length }));
    form.resetFields();
  };
  return (
    <Form form={form} layout="vertical" onFinish={add} className="fd-sms-source">
      {source.filters.map((f) => (
        <Form.Item key={f.key} name={f.key} label={f.title}>
          {f.type === 'text' ? (
            <Input allowClear />
          ) : (
            <Select
              allowClear
              mode={f.type === 'multiSelect' ? 'multiple' : undefined}
              options={f.options ?? []}
              placeholder={t('sources.any')}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
            />
          )}
        </Form.Item>
      ))}
      <p className="fd-muted fd-sms-hint">{t('sources.hint')}</p>
      <Button htmlType="submit" icon={<UserAddOutlined />} loading={resolve.isPending}>
        {t('sources.add')}
      </Button>
    </Form>
  );
}
