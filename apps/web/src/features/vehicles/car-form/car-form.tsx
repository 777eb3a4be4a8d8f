import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UploadResult } from '@fleetdesk/contracts/files';
import type { OcrResult } from '@fleetdesk/contracts/ocr';
import {
  BATTERY_ENERGIES,
  CreateCarInput,
  ENERGIES,
  INITIAL_CAR_STATUSES,
  PlateNumber,
  UpdateCarInput,
  Vin,
  type CarDetail,
  type Owner,
} from '@fleetdesk/contracts/vehicles';
import type { Paged } from '@fleetdesk/contracts/common';
import { useSession } from '../../../lib/session';
import { useCreateCar } from '../api/create-car';
import { serverFieldErrors } from '../../../lib/field-failure';
import { allCarTypesQuery } from '../api/get-car-types';
import { useUpdateCar } from '../api/update-car';
import { BrandFields } from './brand-fields';
import { CAR_FIELDS, imagesOf, inputOf, NEW_CAR, valuesOf, type CarFormValues, type FormImage } from './form-values';
import { ImageSlots } from './image-slots';
import { InsuranceFields } from './insurance-fields';
import { issueMessage, zodRule } from '../../../lib/validation';
import { fillFromLicence, type LicenceData } from './licence-fill';
import { LicenceReader, type LicenceSide } from './licence-reader';
import { allOwnersQuery, OwnerField } from './owner-field';
import { saveExtras } from './save-extras';

const half = { xs: 24, md: 12, xl: 8 } as const;

/** The car form, for a new car (`car` null) and for an existing one. */
export function CarForm({ car }: { car: CarDetail | null }) {
  const { t } = useTranslation('vehicle-detail');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = !car;
  const [form] = Form.useForm<CarFormValues>();
  const energy = Form.useWatch('energy', form);
  const [images, setImages] = useState<FormImage[]>(() => (car ? imagesOf(car) : []));
  const [imageError, setImageError] = useState<string | null>(null);
  const [licence, setLicence] = useState<LicenceData | null>(null);
  const [newOwner, setNewOwner] = useState<string | null>(null);
  const [licenceOwner, setLicenceOwner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const rentName = useSession((s) => s.user?.rentName ?? '');
  // A new car goes to one of the rents the user may act in (the one in use unless he picks another).
  const rents = useSession((s) => s.user?.rents ?? []);
  const currentRentId = useSession((s) => s.user?.rentId ?? null);
  const [rentId, setRentId] = useState<number | null>(currentRentId);
  const carTypes = useQuery(allCarTypesQuery());
  const createCar = useCreateCar();
  const updateCar = useUpdateCar();
  const battery = BATTERY_ENERGIES.includes(energy ?? 'petrol');

  const onRead = (side: LicenceSide, result: OcrResult, file: UploadResult) => {
    const owners = client.getQueryData<Paged<Owner>>(allOwnersQuery().queryKey)?.rows ?? [];
    const fill = fillFromLicence({ side, result, file, values: form.getFieldsValue(true), owners, t });
    form.setFieldsValue(fill.patch);
    setImages((current) => [...current.filter((i) => i.kind !== fill.image.kind), fill.image]);
    setLicence((current) => ({ ...current, ...fill.licence }));
    setLicenceOwner(fill.unknownOwner);
    void form.validateFields(Object.keys(fill.patch) as (keyof CarFormValues)[]).catch(() => undefined);
    return { filled: fill.filled, sandbox: result.sandbox, warnings: fill.warnings };
  };

  const showErrors = (errors: { path: string; message: string }[]) => {
    const fields = errors.filter((e) => (CAR_FIELDS as readonly string[]).includes(e.path.split('.')[0]!));
    form.setFields(fields.map((e) => ({ name: e.path.split('.')[0] as keyof CarFormValues, errors: [e.message] })));
    const imageProblem = errors.find((e) => e.path.startsWith('images'));
    setImageError(imageProblem?.message ?? null);
    if (fields[0]) form.scrollToField(fields[0].path.split('.')[0] as keyof CarFormValues, { block: 'center' });
  };

  const save = async () => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const values: CarFormValues = form.getFieldsValue(true);
    const raw = inputOf(values, create);
    if (!battery) Object.assign(raw, { batteryKwh: null, rangeKm: null });
    const parsed = create
      ? CreateCarInput.safeParse({ ...raw, images: images.map(({ kind, url }) => ({ kind, url })) })
      : UpdateCarInput.safeParse(raw);
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: issueMessage(i, t) })));
      return;
    }
    setSaving(true);
    setImageError(null);
    try {
      const saved = car
        ? await updateCar.mutateAsync({ id: car.id, input: parsed.data as UpdateCarInput })
        : await createCar.mutateAsync({ input: parsed.data as CreateCarInput, rentId });
      await saveExtras({ before: car, saved, images, licence, keyRemark: values.keyRemark?.trim() || null }).catch(
        () => undefined,
      );
      await client.invalidateQueries({ queryKey: ['vehicles', 'cars'] });
      void message.success(t(create ? 'form.created' : 'form.saved'));
      void navigate(`/rentCar/car/${saved.id}`);
    } catch (e) {
      showErrors(serverFieldErrors(e));
    } finally {
      setSaving(false);
    }
  };

  const section = (key: string, children: ReactNode, extra?: ReactNode) => (
    <Card className="fd-car-form-card" title={t(`form.sections.${key}`)} extra={extra} size="small">
      {children}
    </Card>
  );
  const date = <DatePicker className="fd-full-width" />;

  return (
    <Form
      form={form}
      layout="vertical"
      className="fd-car-form"
      initialValues={car ? valuesOf(car) : NEW_CAR}
      scrollToFirstError={{ block: 'center' }}
    >
      {section('licence', <LicenceReader onRead={onRead} />)}
      {section(
        'basic',
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="plate" label={t('fields.plate')} required rules={[zodRule(PlateNumber, t)]}>
              <Input maxLength={20} placeholder={t('form.platePlaceholder')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="vin" label={t('fields.vin')} required rules={[zodRule(Vin, t)]}>
              <Input maxLength={17} className="fd-mono" placeholder={t('form.vinPlaceholder')} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="engineNo" label={t('fields.engineNo')}>
              <Input maxLength={30} className="fd-mono" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <div className="fd-car-form-brand">
              <BrandFields form={form} />
            </div>
          </Col>
          <Col {...half}>
            <Form.Item name="colour" label={t('fields.colour')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="carTypeId" label={t('fields.carType')}>
              <Select
                allowClear
                loading={carTypes.isLoading}
                placeholder={t('form.pickCarType')}
                options={(carTypes.data ?? []).map((c) => ({ value: c.id, label: c.carTypeName }))}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="seats" label={t('fields.seats')}>
              <InputNumber min={1} max={60} precision={0} className="fd-full-width" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="energy" label={t('fields.energy')} required>
              <Select options={ENERGIES.map((e) => ({ value: e, label: t(`vehicles:energy.${e}`) }))} />
            </Form.Item>
          </Col>
          {battery && (
            <>
              <Col {...half}>
                <Form.Item name="batteryKwh" label={t('fields.batteryKwh')}>
                  <InputNumber min={0} max={300} className="fd-full-width" suffix="kWh" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="rangeKm" label={t('fields.rangeKm')}>
                  <InputNumber min={0} max={2000} precision={0} className="fd-full-width" suffix="km" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col {...half}>
            <Form.Item name="registrationDate" label={t('fields.registrationDate')}>
              {date}
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="mileageKm" label={t('fields.mileageKm')}>
              <InputNumber min={0} max={3_000_000} precision={0} className="fd-full-width" suffix="km" />
            </Form.Item>
          </Col>
          {create && (
            <Col {...half}>
              <Form.Item name="status" label={t('fields.status')}>
                <Select options={INITIAL_CAR_STATUSES.map((s) => ({ value: s, label: t(`vehicles:status.${s}`) }))} />
              </Form.Item>
            </Col>
          )}
        </Row>,
      )}
      {section(
        'ownership',
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item label={t('fields.rent')} extra={create ? t('form.rentHint') : t('form.rentTransferHint')}>
              {create && rents.length > 1 ? (
                <Select
                  aria-label={t('fields.rent')}
                  value={rentId ?? undefined}
                  onChange={(value: number) => setRentId(value)}
                  options={rents.map((r) => ({ value: r.id, label: r.name }))}
                />
              ) : (
                <Input value={car ? car.rentName : rentName} disabled />
              )}
            </Form.Item>
          </Col>
          <Col {...half}>
            <OwnerField form={form} newName={newOwner} onNew={setNewOwner} />
            {licenceOwner && (
              <Alert
                className="fd-car-form-owner-hint"
                type="info"
                showIcon
                title={t('ocr.ownerUnknown', { name: licenceOwner })}
                action={
                  <Button size="small" onClick={() => setNewOwner(licenceOwner)}>
                    {t('ocr.createOwner')}
                  </Button>
                }
              />
            )}
          </Col>
          <Col {...half}>
            <Form.Item name="keyCount" label={t('fields.keyCount')}>
              <InputNumber min={0} max={20} precision={0} className="fd-full-width" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="keyLocation" label={t('fields.keyLocation')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="keyRemark" label={t('fields.keyRemark')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>,
      )}
      {section('papers', <InsuranceFields date={date} />)}
      {section(
        'purchase',
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="purchasePrice" label={t('fields.purchasePrice')}>
              <InputNumber min={0} precision={2} className="fd-full-width" prefix="¥" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="purchaseDate" label={t('fields.purchaseDate')}>
              <DatePicker className="fd-full-width" maxDate={dayjs()} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('fields.remark')}>
              <Input.TextArea maxLength={500} rows={3} showCount />
            </Form.Item>
          </Col>
        </Row>,
      )}
      {section(
        'images',
        <>
          {imageError && <Alert type="error" showIcon title={imageError} className="fd-car-form-image-error" />}
          <ImageSlots images={images} onChange={setImages} />
        </>,
        <span className="fd-car-form-count">{t('images.count', { count: images.length })}</span>,
      )}
      <div className="fd-car-form-footer">
        <Button onClick={() => void navigate(car ? `/rentCar/car/${car.id}` : '/rentCar')}>{t('form.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('form.save')}
        </Button>
      </div>
    </Form>
  );
}
