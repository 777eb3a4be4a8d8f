import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { serverFieldErrors } from '../../../lib/field-failure';
import { useTransferCar } from '../api/transfer-car';
import '../detail-i18n';

/** The car to move: `plateNumber` as shown to people. */
export interface TransferCar {
  id: number;
  plateNumber: string;
  rentId: number;
}

export interface TransferDialogProps {
  car: TransferCar | null;
  onClose: () => void;
  onDone: () => void;
}

interface TransferValues {
  rentId?: number;
  remark?: string;
}

/**
 * Moves a car to another rent of the tenant (`POST rentCar/transfer/{id}?rentId=`), or sends the transfer for
 * approval when the tenant's `carTransfer` flow has a step for the user (the car does not move yet). The rents offered are the
 * user's own (the session's): a user cannot pass a car to a rent they cannot see. Open while `car` is set.
 */
export function TransferDialog({ car, onClose, onDone }: TransferDialogProps) {
  const { t } = useTranslation('vehicle-detail');
  const { message } = App.useApp();
  const rents = useSession((s) => s.user?.rents);
  const [form] = Form.useForm<TransferValues>();
  const transfer = useTransferCar();
  const targets = (rents ?? []).filter((r) => r.id !== car?.rentId);
  const current = (rents ?? []).find((r) => r.id === car?.rentId);

  useEffect(() => {
    if (car) form.resetFields();
  }, [car, form]);

  const submit = async ({ rentId, remark }: TransferValues) => {
    if (!car || !rentId) return;
    try {
      const result = await transfer.mutateAsync({ id: car.id, rentId, remark: remark ?? null });
      const to = targets.find((r) => r.id === rentId);
      const texts = { plate: car.plateNumber, rent: to?.name ?? '' };
      // A flow step applies: the car stays where it is until the carTransfer request is approved.
      if (result.transferApproval?.status === 'pending') void message.info(t('transfer.sent', texts));
      else void message.success(t('transfer.done', texts));
      onDone();
    } catch (e) {
      form.setFields(
        serverFieldErrors(e).map((f) => ({
          name: (f.path === 'rentId' ? 'rentId' : 'remark') as keyof TransferValues,
          errors: [f.message],
        })),
      );
    }
  };

  return (
    <Modal
      open={!!car}
      title={t('transfer.title', { plate: car?.plateNumber ?? '' })}
      okText={t('transfer.submit')}
      cancelText={t('transfer.cancel')}
      okButtonProps={{ disabled: targets.length === 0 }}
      confirmLoading={transfer.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {current && <p className="fd-transfer-from">{t('transfer.from', { rent: current.name })}</p>}
      {targets.length === 0 && <Alert type="info" showIcon title={t('transfer.noTargets')} />}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={targets.length === 0}>
        <Form.Item
          name="rentId"
          label={t('transfer.rent')}
          rules={[{ required: true, message: t('transfer.pickRent') }]}
        >
          <Select
            placeholder={t('transfer.pickRent')}
            options={targets.map((r) => ({ value: r.id, label: `${r.name} (${r.city})` }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('transfer.remark')}>
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
