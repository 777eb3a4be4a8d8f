import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../lib/field-failure';
import { useDriverAction } from '../api/drivers';

/**
 * Blacklisting a driver, or lifting it: a reason is required either way (the server refuses without one), and the
 * dialog says what follows (every company of the tenant sees the blacklisting; lifting leaves the driver "left").
 */
export function BlacklistDialog({
  driver,
  lift,
  onClose,
}: {
  driver: { id: number; name: string };
  lift: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('drivers');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const action = useDriverAction();
  const submit = async ({ reason }: { reason: string }) => {
    try {
      await action.mutateAsync({ id: driver.id, action: lift ? 'lift' : 'blacklist', reason: reason.trim() });
      void message.success(t(lift ? 'blacklist.lifted' : 'blacklist.done', { name: driver.name }));
      onClose();
    } catch (e) {
      const reasonError = serverFieldErrors(e).find((f) => f.path === 'reason');
      if (reasonError) form.setFields([{ name: 'reason', errors: [reasonError.message] }]);
    }
  };
  return (
    <Modal
      open
      title={t(lift ? 'blacklist.liftTitle' : 'blacklist.title')}
      okText={t(lift ? 'blacklist.liftOk' : 'blacklist.ok')}
      okButtonProps={{ danger: !lift }}
      confirmLoading={action.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Alert type={lift ? 'info' : 'warning'} showIcon message={t(lift ? 'blacklist.liftIntro' : 'blacklist.intro')} />
      <Form form={form} layout="vertical" onFinish={submit} className="fd-driver-blacklist-form">
        <Form.Item
          name="reason"
          label={t('blacklist.reason')}
          rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            autoFocus
            placeholder={t(lift ? 'blacklist.liftPlaceholder' : 'blacklist.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
