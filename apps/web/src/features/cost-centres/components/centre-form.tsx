import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import {
  COST_CENTRE_KIND_TITLES,
  COST_CENTRE_KINDS,
  CostCentreInput,
  type CostCentre,
} from '@fleetdesk/contracts/cost-centres';
import { centrePath } from '../../../lib/cost-centre-list';
import { serverFieldErrors } from '../../../lib/field-failure';
import { currentLanguage } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/validation';
import { useSaveCentre } from '../api/cost-centres';

type Values = Partial<CostCentreInput>;

/** Adding a cost centre (under a parent) or editing one: kind, code, name, parent, order, enabled. */
export function CentreForm({
  all,
  centre,
  parentId,
  onClose,
}: {
  all: CostCentre[];
  centre?: CostCentre;
  parentId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('costCentres');
  const { message } = App.useApp();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const save = useSaveCentre();

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const parsed = CostCentreInput.safeParse({ ...v, parentId: v.parentId ?? null });
    const show = (errors: { path: string; message: string }[]) =>
      form.setFields(errors.map((e) => ({ name: e.path as keyof Values, errors: [e.message] })));
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: centre?.id, input: parsed.data });
      void message.success(t('form.saved', { name: saved.name }));
      onClose();
    } catch (e) {
      show(serverFieldErrors(e));
    }
  };

  return (
    <Modal
      open
      title={centre ? t('form.editTitle', { name: centre.name }) : t('form.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          centre
            ? { ...centre }
            : {
                parentId: parentId ?? null,
                kind: parentId ? 'department' : 'company',
                enabled: true,
                sort: 0,
                code: '',
                name: '',
              }
        }
      >
        <Form.Item name="name" label={t('fields.name')} required>
          <Input maxLength={30} autoFocus />
        </Form.Item>
        <Form.Item name="code" label={t('fields.code')} required extra={t('form.codeHint')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="kind" label={t('fields.kind')} required>
          <Select options={COST_CENTRE_KINDS.map((k) => ({ value: k, label: COST_CENTRE_KIND_TITLES[k][lang] }))} />
        </Form.Item>
        <Form.Item name="parentId" label={t('fields.parent')}>
          <Select
            allowClear
            placeholder={t('form.top')}
            options={all.filter((c) => c.id !== centre?.id).map((c) => ({ value: c.id, label: centrePath(all, c.id) }))}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('fields.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
