import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { CarTypeInput, type CarType } from '@fleetdesk/contracts/vehicles';
import { zodRule } from '../../../lib/validation';
import { useCreateCarType } from '../api/create-car-type';
import { useUpdateCarType } from '../api/update-car-type';

interface Values {
  carTypeName: string;
  monthlyRent: number | null;
  deposit: number | null;
  overspeedKmh?: number | null;
  remark?: string;
}

const fields = CarTypeInput.shape;

/** Creating or changing a car type (mounted while open); the contracts' schema checks each field. */
export function CarTypeModal({ carType, onClose }: { carType: CarType | null; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateCarType();
  const update = useUpdateCarType();
  const initialValues: Values = carType
    ? {
        carTypeName: carType.carTypeName,
        monthlyRent: carType.monthlyRent,
        deposit: carType.deposit,
        overspeedKmh: carType.overspeedKmh,
        remark: carType.remark ?? '',
      }
    : { carTypeName: '', monthlyRent: null, deposit: null, overspeedKmh: null, remark: '' };

  const save = async (values: Values) => {
    const input = CarTypeInput.parse({
      carTypeName: values.carTypeName,
      monthlyRent: values.monthlyRent,
      deposit: values.deposit,
      overspeedKmh: values.overspeedKmh ?? null,
      remark: values.remark?.trim() || null,
    });
    const done = carType
      ? await update.mutateAsync({ id: carType.id, input }).catch(() => null)
      : await create.mutateAsync(input).catch(() => null);
    if (!done) return;
    void message.success(t(carType ? 'carTypes.updated' : 'carTypes.created', { name: done.carTypeName }));
    onClose();
  };

  const money = (name: 'monthlyRent' | 'deposit') => (
    <Form.Item name={name} label={t(`carTypes.${name}`)} required rules={[zodRule(fields[name], t)]}>
      <InputNumber<number> prefix="¥" step={100} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={carType ? t('carTypes.edit') : t('carTypes.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={create.isPending || update.isPending}
    >
      <Form<Values> form={form} layout="vertical" onFinish={save} initialValues={initialValues}>
        <Form.Item
          name="carTypeName"
          label={t('carTypes.name')}
          required
          rules={[zodRule(fields.carTypeName, t)]}
          extra={t('carTypes.nameHint')}
        >
          <Input maxLength={30} showCount />
        </Form.Item>
        {money('monthlyRent')}
        {money('deposit')}
        <Form.Item
          name="overspeedKmh"
          label={t('carTypes.overspeedKmh')}
          extra={t('carTypes.overspeedHint')}
          rules={[zodRule(fields.overspeedKmh, t)]}
        >
          <InputNumber<number> suffix="km/h" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('carTypes.remark')} rules={[zodRule(fields.remark, t)]}>
          <Input.TextArea maxLength={200} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
