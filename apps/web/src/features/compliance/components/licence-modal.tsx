import App from 'antd/es/app';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  LICENSE_KIND_TITLES,
  LICENSE_KINDS,
  LicenseInput,
  type FileRef,
  type License,
  type LicenseKind,
} from '@fleetdesk/contracts/compliance';
import { useSaveLicence } from '../api/compliance';
import { checked, dateOnly, ImagesField, showServerErrors, titleOf } from './shared';

interface Values {
  kind: LicenseKind;
  number: string;
  issuer?: string;
  issueDate?: Dayjs;
  expiryDate?: Dayjs;
  images: FileRef[];
  remark?: string;
}

/** Records a car's vehicle licence or transport certificate (a second one of a kind replaces the first). */
export function LicenceModal({
  carId,
  licence,
  kind,
  onClose,
}: {
  carId: number;
  licence: License | null;
  kind?: LicenseKind;
  onClose: () => void;
}) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveLicence();
  const initialValues: Values = licence
    ? {
        kind: licence.kind,
        number: licence.number,
        issuer: licence.issuer ?? undefined,
        issueDate: licence.issueDate ? dayjs(licence.issueDate) : undefined,
        expiryDate: licence.expiryDate ? dayjs(licence.expiryDate) : undefined,
        images: licence.images,
        remark: licence.remark ?? undefined,
      }
    : { kind: kind ?? 'transport', number: '', images: [] };

  const submit = async (v: Values) => {
    const input = checked(
      form,
      LicenseInput,
      {
        carId,
        kind: v.kind,
        number: v.number ?? '',
        issuer: v.issuer?.trim() || null,
        issueDate: dateOnly(v.issueDate),
        expiryDate: dateOnly(v.expiryDate),
        images: v.images.map((i) => i.url),
        remark: v.remark?.trim() || null,
      },
      t,
    );
    if (!input) return;
    try {
      await save.mutateAsync(input);
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
      title={licence ? t('licences.edit') : t('licences.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initialValues}>
        <Form.Item name="kind" label={t('licences.kind')} required>
          <Select
            disabled={!!licence}
            options={LICENSE_KINDS.map((k) => ({ value: k, label: titleOf(LICENSE_KIND_TITLES[k]) }))}
          />
        </Form.Item>
        <Form.Item name="number" label={t('licences.number')} required extra={t('licences.numberHint')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="issuer" label={t('licences.issuer')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="issueDate" label={t('licences.issueDate')}>
          <DatePicker className="fd-compliance-full" maxDate={dayjs()} />
        </Form.Item>
        <Form.Item name="expiryDate" label={t('licences.expiryDate')} extra={t('licences.expiryHint')}>
          <DatePicker className="fd-compliance-full" />
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
