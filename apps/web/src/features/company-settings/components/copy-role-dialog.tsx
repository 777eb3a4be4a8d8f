import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { RoleCopyInput, type RoleRow } from '@fleetdesk/contracts/organisation';
import { serverFieldErrors } from '../../../lib/field-failure';
import { zodRule } from '../../../lib/validation';
import { useCopyRole } from '../api/copy-role';

/** Copying a role asks for the new one's name; it gets the same description, data scope and permissions. */
export function CopyRoleDialog({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation('companySettings');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const copy = useCopyRole();

  const submit = async ({ name }: { name: string }) => {
    try {
      const done = await copy.mutateAsync({ id: role.id, name: name.trim() });
      void message.success(t('roles.copied', { name: done.name }));
      onClose();
    } catch (e) {
      const errors = serverFieldErrors(e);
      if (errors.length) form.setFields([{ name: 'name', errors: errors.map((f) => f.message) }]);
    }
  };

  return (
    <Modal
      open
      title={t('roles.copyTitle', { name: role.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('roles.copy')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={copy.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: t('roles.copyName', { name: role.name }) }}
      >
        <Form.Item name="name" label={t('roles.newName')} required rules={[zodRule(RoleCopyInput.shape.name, t)]}>
          <Input maxLength={30} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
