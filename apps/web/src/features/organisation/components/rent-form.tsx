import UploadOutlined from '@ant-design/icons/UploadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RentInput, type Rent } from '@fleetdesk/contracts/organisation';
import { serverFieldErrors } from '../../../lib/field-failure';
import { issueMessage } from '../../../lib/validation';
import { useCreateRent } from '../api/create-rent';
import { useUpdateRent } from '../api/update-rent';
import { useUploadFile } from '../../../lib/upload';

export interface RentFormValues {
  name?: string;
  shortName?: string;
  city?: string;
  address?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  licenceNo?: string | null;
}
const FIELDS = ['name', 'shortName', 'city', 'address', 'contactName', 'contactPhone', 'licenceNo', 'licenceImage'];
const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Adding or editing a rent (subsidiary): checked with the contracts' RentInput, licence image uploaded first. */
export function RentForm({ rent, onClose }: { rent?: Rent; onClose: () => void }) {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const [form] = Form.useForm<RentFormValues>();
  const create = useCreateRent();
  const update = useUpdateRent();
  const upload = useUploadFile();
  const [image, setImage] = useState<{ url: string; shown: string | null } | null>(
    rent?.licenceImage ? { url: rent.licenceImage, shown: rent.licenceImageUrl } : null,
  );
  const [imageError, setImageError] = useState<string | null>(null);

  const showErrors = (errors: { path: string; message: string }[]) => {
    const seen = new Set<string>();
    const fields: { name: keyof RentFormValues; errors: string[] }[] = [];
    for (const e of errors) {
      const name = e.path.split('.')[0] ?? '';
      if (seen.has(name) || !FIELDS.includes(name)) continue;
      seen.add(name);
      if (name === 'licenceImage') setImageError(e.message);
      else fields.push({ name: name as keyof RentFormValues, errors: [e.message] });
    }
    form.setFields(fields);
  };

  const submit = async () => {
    const v = form.getFieldsValue(true) as RentFormValues;
    form.setFields(
      FIELDS.filter((f) => f !== 'licenceImage').map((f) => ({ name: f as keyof RentFormValues, errors: [] })),
    );
    setImageError(null);
    const parsed = RentInput.safeParse({
      name: v.name?.trim() ?? '',
      shortName: v.shortName?.trim() ?? '',
      city: v.city?.trim() ?? '',
      address: blank(v.address),
      contactName: blank(v.contactName),
      contactPhone: blank(v.contactPhone),
      licenceNo: blank(v.licenceNo),
      licenceImage: image?.url ?? null,
    });
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    try {
      const saved = rent
        ? await update.mutateAsync({ id: rent.id, input: parsed.data })
        : await create.mutateAsync(parsed.data);
      void message.success(t(rent ? 'rents.saved' : 'rents.created', { name: saved.name }));
      onClose();
    } catch (e) {
      showErrors(serverFieldErrors(e));
    }
  };

  const pick = async (file: File) => {
    setImageError(null);
    const done = await upload.mutateAsync({ type: 'license', file }).catch(() => null);
    if (done) setImage({ url: done.url, shown: done.signedUrl });
  };

  return (
    <Modal
      open
      title={rent ? t('rents.editTitle', { name: rent.name }) : t('rents.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      confirmLoading={create.isPending || update.isPending}
      width={640}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<RentFormValues>
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        initialValues={
          rent
            ? {
                name: rent.name,
                shortName: rent.shortName,
                city: rent.city,
                address: rent.address,
                contactName: rent.contactName,
                contactPhone: rent.contactPhone,
                licenceNo: rent.licenceNo,
              }
            : {}
        }
      >
        <Form.Item name="name" label={t('rents.fields.name')} required>
          <Input maxLength={60} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="shortName" label={t('rents.fields.shortName')} required style={{ flex: 1 }}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="city" label={t('rents.fields.city')} required style={{ flex: 1, marginLeft: 12 }}>
            <Input maxLength={30} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="address" label={t('rents.fields.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="contactName" label={t('rents.fields.contactName')} style={{ flex: 1 }}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="contactPhone" label={t('rents.fields.contactPhone')} style={{ flex: 1, marginLeft: 12 }}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="licenceNo" label={t('rents.fields.licenceNo')} extra={t('rents.licenceNoHint')}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item
          label={t('rents.fields.licenceImage')}
          validateStatus={imageError ? 'error' : undefined}
          help={imageError ?? undefined}
        >
          <Space align="start">
            {image?.shown && (
              <img className="fd-licence-preview" src={image.shown} alt={t('rents.fields.licenceImage')} />
            )}
            <Upload
              accept="image/png,image/jpeg"
              showUploadList={false}
              beforeUpload={(file) => {
                void pick(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {image ? t('rents.replaceImage') : t('rents.uploadImage')}
              </Button>
            </Upload>
            {image && (
              <Button type="link" onClick={() => setImage(null)}>
                {t('rents.removeImage')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
