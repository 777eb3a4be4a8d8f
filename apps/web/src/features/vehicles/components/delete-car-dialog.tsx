import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import type { CarListRow } from '@fleetdesk/contracts/vehicles';
import { formatPlate } from '../../../lib/format';
import { useDeleteCar } from '../api/delete-car';

/**
 * Deleting a car, with a reason (its history stays; a rented car is refused). `onDeleted` (else `onClose`)
 * follows a deletion: the car page leaves for the list.
 */
export function DeleteCarDialog({
  car,
  onClose,
  onDeleted,
}: {
  car: CarListRow;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('vehicles');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const remove = useDeleteCar();
  const submit = async ({ reason }: { reason?: string }) => {
    const done = await remove.mutateAsync({ id: car.id, reason }).catch(() => null);
    if (!done) return;
    void message.success(t('delete.done', { plate: formatPlate(car.plate) }));
    (onDeleted ?? onClose)();
  };
  return (
    <Modal
      open
      title={t('delete.title', { plate: formatPlate(car.plate) })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('actions.delete')}
      okButtonProps={{ danger: true }}
      confirmLoading={remove.isPending}
    >
      <p>{t('delete.text')}</p>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="reason" label={t('delete.reason')}>
          <Input.TextArea maxLength={200} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
