import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Upload from 'antd/es/upload';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MobilePhone } from '@fleetdesk/contracts/common';
import {
  DRIVER_SOURCES,
  DriverInputFields,
  driverRules,
  IdCardNumber,
  LICENCE_CLASSES,
  RELATIONS,
  type CheckIdResult,
  type DriverDetail,
  type DriverInput,
} from '@fleetdesk/contracts/drivers';
import { idCardFacts, isValidIdCard } from '@fleetdesk/contracts/identifiers';
import type { OcrResult } from '@fleetdesk/contracts/ocr';
import { serverFieldErrors } from '../../../lib/field-failure';
import { labelsQuery } from '../../../lib/organisation-lists';
import { useSession } from '../../../lib/session';
import { useUploadFile } from '../../../lib/upload';
import { issueMessage, zodRule } from '../../../lib/validation';
import { checkIdNumber, useCreateDriver, useUpdateDriver } from '../api/drivers';
import { CardReader, type CardPhoto, type ReadOutcome } from './card-reader';
import { inputOf, photosOf, valuesOf, type DriverFormValues, type Photo, type PhotoField } from './form-values';

const half = { xs: 24, md: 12, xl: 8 } as const;
const today = () => dayjs().format('YYYY-MM-DD');

/** The form's whole check: the contract's fields and its rules between fields, with today's date. */
export function validateDriver(raw: Record<string, unknown>) {
  return DriverInputFields.superRefine((d, ctx) => driverRules(today())(d, ctx)).safeParse(raw);
}

/** The driver form, for a new driver (`driver` null) and an existing one; fills itself from card photos. */
export function DriverForm({ driver }: { driver: DriverDetail | null }) {
  const { t } = useTranslation('drivers');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<DriverFormValues>();
  const [photos, setPhotos] = useState<Partial<Record<PhotoField, Photo>>>(() => (driver ? photosOf(driver) : {}));
  const [check, setCheck] = useState<CheckIdResult | null>(null);
  const [saving, setSaving] = useState(false);
  const rents = useSession((s) => s.user?.rents ?? []);
  const currentRentId = useSession((s) => s.user?.rentId ?? null);
  const labels = useQuery(labelsQuery('driver'));
  const create = useCreateDriver();
  const update = useUpdateDriver();
  const idNumber = Form.useWatch('idNumber', form);

  // What the ID number says (birth date, gender) and whom the tenant already has with it (active, blacklisted).
  useEffect(() => {
    const value = (idNumber ?? '').replace(/\s/g, '').toUpperCase();
    if (!isValidIdCard(value)) {
      setCheck(null);
      return;
    }
    // A valid number fills what it says into the fields still empty: gender, birth date and the licence number
    // (a Chinese driving licence carries the holder's ID number).
    const facts = idCardFacts(value);
    if (facts) {
      const now = form.getFieldsValue(['gender', 'birthDate', 'licenceNumber']);
      const patch: Partial<DriverFormValues> = {};
      if (!now.gender) patch.gender = facts.gender;
      if (!now.birthDate) patch.birthDate = dayjs(facts.birthDate);
      if (!now.licenceNumber) patch.licenceNumber = value;
      if (Object.keys(patch).length) form.setFieldsValue(patch);
    }
    let live = true;
    checkIdNumber(value, driver?.id)
      .then((r) => live && setCheck(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [idNumber, driver?.id, form]);

  const setPhoto = (field: PhotoField, photo: Photo | null) =>
    setPhotos((current) => {
      const next = { ...current };
      if (photo) next[field] = photo;
      else delete next[field];
      return next;
    });

  const onRead = (photo: CardPhoto, result: OcrResult): ReadOutcome => {
    const patch: Partial<DriverFormValues> = {};
    const warnings: string[] = [];
    const set = <K extends keyof DriverFormValues>(key: K, value: DriverFormValues[K] | null | undefined) => {
      if (value !== null && value !== undefined && value !== '') patch[key] = value as DriverFormValues[K];
    };
    const date = (v: string | null) => (v ? dayjs(v) : null);
    if (photo.type === 'idCard' && result.idCard) {
      const c = result.idCard;
      set('name', c.name);
      set('gender', c.gender);
      set('idNumber', c.idNumber);
      set('birthDate', date(c.birthDate));
      set('address', c.address);
      if (c.idNumber && !result.idNumberValid) warnings.push(t('ocr.invalidId'));
    }
    if (photo.type === 'drivingLicence' && result.drivingLicence) {
      const l = result.drivingLicence;
      const values = form.getFieldsValue(true);
      set('licenceNumber', l.licenceNumber);
      if (l.licenceClass && (LICENCE_CLASSES as readonly string[]).includes(l.licenceClass)) {
        set('licenceClass', l.licenceClass as DriverFormValues['licenceClass']);
      }
      set('licenceFirstIssue', date(l.firstIssue));
      set('licenceExpiry', date(l.validTo));
      if (!values.name) set('name', l.name);
      if (!values.idNumber) set('idNumber', l.licenceNumber);
      if (!values.gender) set('gender', l.gender);
      const id = (values.idNumber ?? patch.idNumber ?? '').toUpperCase();
      if (id && l.licenceNumber && l.licenceNumber !== id) warnings.push(t('ocr.mismatch'));
    }
    form.setFieldsValue(patch);
    void form.validateFields(Object.keys(patch) as (keyof DriverFormValues)[]).catch(() => undefined);
    return {
      filled: Object.keys(patch).map((k) => t(`fields.${k}`)),
      sandbox: result.sandbox,
      warnings,
    };
  };

  const showErrors = (errors: { path: string; message: string }[]) => {
    const fields = errors.filter((e) => e.path);
    form.setFields(fields.map((e) => ({ name: e.path.split('.')[0] as keyof DriverFormValues, errors: [e.message] })));
    if (fields[0]) form.scrollToField(fields[0].path.split('.')[0] as keyof DriverFormValues, { block: 'center' });
  };

  const save = async () => {
    const raw = inputOf(form.getFieldsValue(true), photos);
    const parsed = validateDriver(raw);
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    setSaving(true);
    try {
      const input = parsed.data as DriverInput;
      const saved = driver
        ? await update.mutateAsync({ id: driver.id, input })
        : await create.mutateAsync({ input, rentId: input.rentId ?? currentRentId });
      void message.success(t(driver ? 'form.saved' : 'form.created'));
      void navigate(`/rentDriver/${saved.id}`);
    } catch (e) {
      showErrors(serverFieldErrors(e));
    } finally {
      setSaving(false);
    }
  };

  const section = (key: string, children: ReactNode) => (
    <Card className="fd-driver-form-card" title={t(`form.sections.${key}`)} size="small">
      {children}
    </Card>
  );
  const item = (
    name: keyof DriverFormValues,
    input: ReactNode,
    extra?: { required?: boolean; rules?: object[]; help?: ReactNode },
  ) => (
    <Col {...half}>
      <Form.Item
        name={name}
        label={t(`fields.${name}`)}
        required={extra?.required}
        rules={extra?.rules as never}
        extra={extra?.help}
      >
        {input}
      </Form.Item>
    </Col>
  );
  const date = <DatePicker className="fd-full-width" />;
  const photoSlot = (field: PhotoField, label: string) => (
    <PhotoSlot key={field} label={label} photo={photos[field] ?? null} onChange={(p) => setPhoto(field, p)} />
  );

  return (
    <Form<DriverFormValues>
      form={form}
      layout="vertical"
      className="fd-driver-form"
      initialValues={driver ? valuesOf(driver) : { labelIds: [], rentId: currentRentId ?? undefined }}
      onFinish={() => void save()}
      scrollToFirstError={{ block: 'center' }}
    >
      {section('ocr', <CardReader onPhoto={(f, p) => setPhoto(f, p)} onRead={onRead} />)}
      {section(
        'person',
        <Row gutter={16}>
          {item('name', <Input maxLength={30} />, { required: true })}
          {item('idNumber', <Input maxLength={20} className="fd-mono" />, {
            required: true,
            rules: [zodRule(IdCardNumber, t)],
            help: check?.valid ? (
              <span className="fd-muted">
                {t('form.derived', { birthDate: check.birthDate, gender: t(`gender.${check.gender}`) })}
              </span>
            ) : undefined,
          })}
          {item(
            'gender',
            <Select options={(['male', 'female'] as const).map((g) => ({ value: g, label: t(`gender.${g}`) }))} />,
            { required: true },
          )}
          {item('phone', <Input maxLength={11} />, { required: true, rules: [zodRule(MobilePhone, t)] })}
          {item('birthDate', date)}
          {item('address', <Input maxLength={200} />)}
          {check?.activeDriver && (
            <Col span={24}>
              <Alert
                type="warning"
                showIcon
                message={t('form.idActive', { name: check.activeDriver.name, rent: check.activeDriver.rentName })}
              />
            </Col>
          )}
          {check?.blacklist.map((h) => (
            <Col span={24} key={h.driverId}>
              <Alert
                type="error"
                showIcon
                message={t('form.idBlacklisted', { rent: h.rentName, reason: h.reason ?? '-' })}
              />
            </Col>
          ))}
        </Row>,
      )}
      {section(
        'licence',
        <Row gutter={16}>
          {item('licenceNumber', <Input maxLength={18} className="fd-mono" />)}
          {item('licenceClass', <Select allowClear options={LICENCE_CLASSES.map((c) => ({ value: c, label: c }))} />)}
          {item('licenceFirstIssue', date)}
          {item('licenceExpiry', date)}
        </Row>,
      )}
      {section(
        'certificate',
        <Row gutter={16}>
          {item('certificateNumber', <Input maxLength={40} />)}
          {item('certificateExpiry', date)}
        </Row>,
      )}
      {section(
        'contact',
        <Row gutter={16}>
          {item('emergencyName', <Input maxLength={30} />)}
          {item('emergencyPhone', <Input maxLength={11} />, { rules: [zodRule(MobilePhone.optional(), t)] })}
          {item(
            'emergencyRelation',
            <Select allowClear options={RELATIONS.map((r) => ({ value: r, label: t(`relation.${r}`) }))} />,
          )}
        </Row>,
      )}
      {section(
        'bank',
        <Row gutter={16}>
          {item('bankName', <Input maxLength={60} />)}
          {item('bankAccount', <Input maxLength={30} />)}
          {item('bankAccountName', <Input maxLength={30} />)}
        </Row>,
      )}
      {section(
        'other',
        <Row gutter={16}>
          {rents.length > 0 &&
            item('rentId', <Select options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))} />)}
          {item(
            'source',
            <Select allowClear options={DRIVER_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))} />,
          )}
          {item(
            'labelIds',
            <Select
              mode="multiple"
              allowClear
              options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />,
          )}
          <Col span={24}>
            <div className="fd-driver-photos">
              {photoSlot('idCardFrontUrl', t('fields.idCardFront'))}
              {photoSlot('idCardBackUrl', t('fields.idCardBack'))}
              {photoSlot('licenceFrontUrl', t('fields.licenceFront'))}
              {photoSlot('licenceBackUrl', t('fields.licenceBack'))}
              {photoSlot('certificateUrl', t('fields.certificate'))}
            </div>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('fields.remark')}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>,
      )}
      <div className="fd-driver-form-actions">
        <Button onClick={() => void navigate(driver ? `/rentDriver/${driver.id}` : '/rentDriver')}>
          {t('form.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('form.save')}
        </Button>
      </div>
    </Form>
  );
}

/** One photo of the driver: shown, replaced by an upload, or removed. */
function PhotoSlot({
  label,
  photo,
  onChange,
}: {
  label: string;
  photo: Photo | null;
  onChange: (p: Photo | null) => void;
}) {
  const { t } = useTranslation('drivers');
  const upload = useUploadFile();
  return (
    <figure className="fd-driver-photo">
      {photo?.signedUrl ? (
        <Image src={photo.signedUrl} alt={label} width={150} height={96} />
      ) : (
        <div className="fd-driver-photo-empty">{t('detail.noImage')}</div>
      )}
      <figcaption>{label}</figcaption>
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          upload
            .mutateAsync({ type: 'license', file })
            .then((f) => onChange({ url: f.url, signedUrl: f.signedUrl }))
            .catch(() => undefined);
          return false;
        }}
      >
        <Button size="small" type="link" loading={upload.isPending}>
          {photo ? t('form.replace') : t('form.upload')}
        </Button>
      </Upload>
      {photo && (
        <Button size="small" type="link" danger onClick={() => onChange(null)}>
          {t('form.remove')}
        </Button>
      )}
    </figure>
  );
}
