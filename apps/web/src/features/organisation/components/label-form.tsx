import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { LABEL_COLOURS, LabelInput, type Label, type LabelKind } from '@fleetdesk/contracts/organisation';
import { serverFieldErrors } from '../../../lib/field-failure';
import { issueMessage } from '../../../lib/validation';
import { useCreateLabel } from '../api/create-label';
import { useUpdateLabel } from '../api/update-label';
import { LabelTag } from './status-tags';

interface Values {
  name?: string;
  color?: string;
}

/** Adding a label of a kind, or editing one: a name and one of the colours. */
export function LabelForm({ kind, label, onClose }: { kind: LabelKind; label?: Label; onClose: () => void }) {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateLabel();
  const update = useUpdateLabel();
  const name = Form.useWatch('name', form);

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const parsed = LabelInput.safeParse({ kind, name: v.name?.trim() ?? '', color: v.color });
    const show = (errors: { path: string; message: string }[]) =>
      form.setFields(
        errors
          .filter((e) => e.path === 'name' || e.path === 'color')
          .map((e) => ({ name: e.path as keyof Values, errors: [e.message] })),
      );
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    try {
      const saved = label
        ? await update.mutateAsync({ id: label.id, input: parsed.data })
        : await create.mutateAsync(parsed.data);
      void message.success(t(label ? 'labels.saved' : 'labels.created', { name: saved.name }));
      onClose();
    } catch (e) {
      show(serverFieldErrors(e));
    }
  };

  return (
    <Modal
      open
      title={
        label ? t('labels.editTitle', { name: label.name }) : t('labels.addTitle', { kind: t(`labelKind.${kind}`) })
      }
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        initialValues={{ name: label?.name ?? '', color: label?.color ?? 'blue' }}
      >
        <Form.Item name="name" label={t('labels.name')} required>
          <Input maxLength={20} autoFocus />
        </Form.Item>
        <Form.Item name="color" label={t('labels.colour')} required>
          <Radio.Group
            options={LABEL_COLOURS.map((c) => ({
              value: c,
              label: <LabelTag name={name?.trim() || t(`colours.${c}`)} color={c} />,
              title: t(`colours.${c}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
