import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerInput, type Owner, type OwnerKind } from '@fleetdesk/contracts/vehicles';
import { useCreateOwner } from '../api/create-owner';
import { serverFieldErrors } from '../../../lib/field-failure';
import { issueMessage } from '../../../lib/validation';

interface OwnerValues {
  kind: OwnerKind;
  name?: string;
  idNumber?: string;
  contactName?: string;
  phone?: string;
  address?: string;
}

const blank = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** A new car owner; open while `name` is a string (prefilled with it). */
export function OwnerDialog(props: { name: string | null; onClose: () => void; onCreated: (owner: Owner) => void }) {
  const { t } = useTranslation('vehicle-detail');
  const [form] = Form.useForm<OwnerValues>();
  const kind = Form.useWatch('kind', form);
  const create = useCreateOwner();
  const open = props.name !== null;
  useEffect(() => {
    if (open) form.setFieldsValue({ kind: 'company', name: props.name ?? '' });
  }, [open, props.name, form]);

  const submit = async () => {
    const v = form.getFieldsValue();
    const parsed = OwnerInput.safeParse({
      kind: v.kind,
      name: v.name?.trim() ?? '',
      idNumber: blank(v.idNumber),
      contactName: blank(v.contactName),
      phone: blank(v.phone),
      address: blank(v.address),
    });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [issueMessage(i, t)] })) as never,
      );
      return;
    }
    try {
      props.onCreated(await create.mutateAsync(parsed.data));
      form.resetFields();
    } catch (e) {
      form.setFields(serverFieldErrors(e).map((f) => ({ name: f.path.split('.')[0]!, errors: [f.message] })) as never);
    }
  };
  return (
    <Modal
      open={open}
      title={t('owner.title')}
      okText={t('owner.save')}
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
      forceRender
    >
      <Form form={form} name="new-owner" layout="vertical" initialValues={{ kind: 'company' }}>
        <Form.Item name="kind" label={t('owner.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'company', label: t('owner.company') },
              { value: 'person', label: t('owner.person') },
            ]}
          />
        </Form.Item>
        <Form.Item name="name" label={t('owner.name')} required>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="idNumber" label={kind === 'person' ? t('owner.idCard') : t('owner.uscc')}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="contactName" label={t('owner.contactName')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label={t('owner.phone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="address" label={t('owner.address')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
