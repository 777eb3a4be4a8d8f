import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SmsTemplateInput, type SmsTemplate } from '@fleetdesk/contracts/sms-notices';
import { zodRule } from '../../../lib/validation';
import { useCreateTemplate } from '../api/create-template';
import { settingsQuery } from '../api/get-settings';
import { variablesQuery } from '../api/get-variables';
import { useUpdateTemplate } from '../api/update-template';
import { VariableTextArea } from './variable-text-area';

interface Values {
  name: string;
  content: string;
  providerTemplate?: string;
  active: boolean;
}

interface Props {
  /** The template to change; null: a new one. */
  template: SmsTemplate | null;
  onClose: () => void;
}

const fields = SmsTemplateInput.shape;

/** Creating or changing a template (mounted while open); the contracts' schema checks each field, the server checks again. */
export function TemplateModal({ template, onClose }: Props) {
  const { t, i18n } = useTranslation('sms-notices');
  const [form] = Form.useForm<Values>();
  const variables = useQuery(variablesQuery(i18n.language));
  const settings = useQuery(settingsQuery());
  const create = useCreateTemplate();
  const update = useUpdateTemplate();

  const initialValues: Values = template
    ? {
        name: template.name,
        content: template.content,
        providerTemplate: template.providerTemplate ?? '',
        active: template.status === 'active',
      }
    : { name: '', content: '', providerTemplate: '', active: true };

  const save = async (values: Values) => {
    const input = {
      name: values.name.trim(),
      content: values.content.trim(),
      providerTemplate: values.providerTemplate?.trim() || null,
      status: values.active ? ('active' as const) : ('disabled' as const),
    };
    const done = template
      ? await update.mutateAsync({ id: template.id, input }).catch(() => null)
      : await create.mutateAsync(input).catch(() => null);
    if (done) onClose();
  };

  return (
    <Modal
      open
      title={template ? t('templates.edit') : t('templates.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={create.isPending || update.isPending}
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={initialValues}
        className="fd-sms-template-form"
      >
        <Form.Item name="name" label={t('templates.name')} required rules={[zodRule(fields.name, t)]}>
          <Input maxLength={40} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('templates.content')}
          required
          rules={[zodRule(fields.content, t)]}
          extra={t('templates.contentHint')}
        >
          <VariableTextArea
            variables={variables.data ?? []}
            signature={settings.data?.signature}
            placeholder={t('compose.contentPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="providerTemplate"
          label={t('templates.providerTemplate')}
          rules={[zodRule(fields.providerTemplate, t)]}
          extra={t('templates.providerTemplateHint')}
        >
          <Input maxLength={40} placeholder="SMS_123456789" />
        </Form.Item>
        <Form.Item name="active" label={t('templates.status')} valuePropName="checked">
          <Switch checkedChildren={t('templateStatus.active')} unCheckedChildren={t('templateStatus.disabled')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
