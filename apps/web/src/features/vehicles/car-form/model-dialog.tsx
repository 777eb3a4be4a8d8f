import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { CarModelInput, type CarModel } from '@fleetdesk/contracts/car-catalogue';
import { BATTERY_ENERGIES, ENERGIES, type Energy } from '@fleetdesk/contracts/vehicles';
import { useCreateModel } from '../api/create-model';
import { serverFieldErrors } from '../../../lib/field-failure';
import { issueMessage } from '../../../lib/validation';

interface ModelValues {
  name?: string;
  year?: number;
  energy: Energy;
  seats?: number;
  batteryKwh?: number;
  rangeKm?: number;
  guidePrice?: number;
}

/** A model of the tenant's own, under the chosen series (`POST commonCar/type/create`). */
export function ModelDialog(props: {
  open: boolean;
  seriesId: number | null;
  onClose: () => void;
  onCreated: (model: CarModel) => void;
}) {
  const { t } = useTranslation('vehicle-detail');
  const [form] = Form.useForm<ModelValues>();
  const energy = Form.useWatch('energy', form);
  const create = useCreateModel();
  const submit = async () => {
    const v = await form.validateFields();
    const parsed = CarModelInput.safeParse({
      seriesId: props.seriesId,
      name: v.name ?? '',
      year: v.year,
      energy: v.energy,
      seats: v.seats,
      batteryKwh: BATTERY_ENERGIES.includes(v.energy) ? (v.batteryKwh ?? null) : null,
      rangeKm: BATTERY_ENERGIES.includes(v.energy) ? (v.rangeKm ?? null) : null,
      guidePrice: v.guidePrice ?? null,
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
      open={props.open}
      title={t('model.title')}
      okText={t('model.save')}
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
      forceRender
    >
      <Form
        name="new-model"
        form={form}
        layout="vertical"
        initialValues={{ energy: 'petrol', year: new Date().getFullYear(), seats: 5 }}
      >
        <Form.Item name="name" label={t('model.name')} required>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="year" label={t('model.year')} required>
          <InputNumber min={1990} max={2100} precision={0} />
        </Form.Item>
        <Form.Item name="energy" label={t('fields.energy')} required>
          <Select options={ENERGIES.map((e) => ({ value: e, label: t(`vehicles:energy.${e}`) }))} />
        </Form.Item>
        <Form.Item name="seats" label={t('fields.seats')} required>
          <InputNumber min={1} max={60} precision={0} />
        </Form.Item>
        {BATTERY_ENERGIES.includes(energy) && (
          <>
            <Form.Item name="batteryKwh" label={t('fields.batteryKwh')}>
              <InputNumber min={0} max={300} />
            </Form.Item>
            <Form.Item name="rangeKm" label={t('fields.rangeKm')}>
              <InputNumber min={0} max={2000} precision={0} />
            </Form.Item>
          </>
        )}
        <Form.Item name="guidePrice" label={t('model.guidePrice')}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
