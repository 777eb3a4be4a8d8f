import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { Password } from '@fleetdesk/contracts/auth';
import { zodRule } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** The signed-in user's password; other sessions of the user are signed out by the server. */
export function PasswordForm() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const save = async ({ oldPassword, newPassword }: Values) => {
    await change
      .mutateAsync({ oldPassword, newPassword })
      .then(() => {
        form.resetFields();
        void message.success(t('password.saved'));
      })
      .catch(() => undefined);
  };
  return (
    <Form<Values> form={form} layout="vertical" className="fd-settings-form" onFinish={save}>
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('common:validation.required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        required
        rules={[zodRule(Password, t)]}
        extra={t('password.rule')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password.confirm')}
        required
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              if (value !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('password.save')}
      </Button>
    </Form>
  );
}
