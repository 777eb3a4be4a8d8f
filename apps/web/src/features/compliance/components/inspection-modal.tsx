import App from 'antd/es/app';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  INSPECTION_RESULT_TITLES,
  INSPECTION_RESULTS,
  InspectionInput,
  type FileRef,
  type InspectionResult,
} from '@fleetdesk/contracts/compliance';
import { useCreateInspection } from '../api/compliance';
import { checked, dateOnly, ImagesField, showServerErrors, titleOf } from './shared';

interface Values {
  inspectedOn?: Dayjs;
  result: InspectionResult;
  nextDue?: Dayjs;
  station?: string;
  cost?: number | null;
  images: FileRef[];
  remark?: string;
}

/** Records an annual inspection; a passed one sets the car's next due date (a year on by default). */
export function InspectionModal({ carId, onClose }: { carId: number; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateInspection();
  const today = dayjs();
  const result = Form.useWatch('result', form) ?? 'passed';

  const submit = async (v: Values) => {
    const input = checked(
      form,
      InspectionInput,
      {
        carId,
        inspectedOn: dateOnly(v.inspectedOn),
        result: v.result,
        nextDue: v.result === 'passed' ? dateOnly(v.nextDue) : null,
        station: v.station?.trim() || null,
        cost: v.cost ?? null,
        images: v.images.map((i) => i.url),
        remark: v.remark?.trim() || null,
      },
      t,
    );
    if (!input) return;
    try {
      await create.mutateAsync(input);
    } catch (err) {
      showServerErrors(form, err);
      return;
    }
    void message.success(t('actions.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('inspections.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ inspectedOn: today, result: 'passed', nextDue: today.add(1, 'year'), images: [] }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.inspectedOn) form.setFieldValue('nextDue', changed.inspectedOn.add(1, 'year'));
        }}
      >
        <Form.Item name="inspectedOn" label={t('inspections.inspectedOn')} required>
          <DatePicker className="fd-compliance-full" maxDate={today} />
        </Form.Item>
        <Form.Item name="result" label={t('inspections.result')} required>
          <Radio.Group
            options={INSPECTION_RESULTS.map((r) => ({ value: r, label: titleOf(INSPECTION_RESULT_TITLES[r]) }))}
          />
        </Form.Item>
        {result === 'passed' ? (
          <Form.Item name="nextDue" label={t('inspections.nextDue')} required>
            <DatePicker className="fd-compliance-full" />
          </Form.Item>
        ) : null}
        <Form.Item name="station" label={t('inspections.station')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="cost" label={t('inspections.cost')}>
          <InputNumber<number> prefix="¥" min={0} className="fd-compliance-full" />
        </Form.Item>
        <Form.Item name="images" label={t('fields.images')}>
          <ImagesField max={6} type="license" />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
