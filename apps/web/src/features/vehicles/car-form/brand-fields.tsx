import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarModel } from '@fleetdesk/contracts/car-catalogue';
import { currentLanguage } from '../../../lib/i18n';
import { brandsQuery } from '../api/get-brands';
import { modelsQuery } from '../api/get-models';
import { seriesQuery } from '../api/get-series';
import type { CarFormValues } from './form-values';
import { ModelDialog } from './model-dialog';

/** Brand, series and model: each list loads when the one before it is chosen. */
export function BrandFields({ form }: { form: FormInstance<CarFormValues> }) {
  const { t } = useTranslation('vehicle-detail');
  const en = currentLanguage() === 'en-US';
  const brandId = Form.useWatch('brandId', form);
  const seriesId = Form.useWatch('seriesId', form);
  const brands = useQuery(brandsQuery());
  const series = useQuery({ ...seriesQuery(brandId ?? 0), enabled: !!brandId });
  const models = useQuery({ ...modelsQuery(seriesId ?? 0), enabled: !!seriesId });
  const [adding, setAdding] = useState(false);

  // A model carries its energy, seats and battery: they fill the fields still empty.
  const pickModel = (model: CarModel | undefined) => {
    if (!model) return;
    const v = form.getFieldsValue();
    form.setFieldsValue({
      energy: model.energy,
      seats: v.seats ?? model.seats,
      batteryKwh: model.batteryKwh ?? undefined,
      rangeKm: model.rangeKm ?? undefined,
    });
  };

  return (
    <>
      <Form.Item name="brandId" label={t('fields.brand')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={brands.isLoading}
          placeholder={t('form.pickBrand')}
          options={(brands.data ?? []).map((b) => ({
            value: b.id,
            label: en ? `${b.nameEn} (${b.name})` : `${b.name} ${b.nameEn}`,
          }))}
          onChange={() => form.setFieldsValue({ seriesId: undefined, modelId: undefined })}
        />
      </Form.Item>
      <Form.Item name="seriesId" label={t('fields.series')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          disabled={!brandId}
          loading={series.isLoading && !!brandId}
          placeholder={brandId ? t('form.pickSeries') : t('form.brandFirst')}
          options={(series.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={() => form.setFieldsValue({ modelId: undefined })}
        />
      </Form.Item>
      <Form.Item label={t('fields.model')} htmlFor="modelId">
        <div className="fd-car-form-inline">
          <Form.Item name="modelId" noStyle>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={!seriesId}
              loading={models.isLoading && !!seriesId}
              placeholder={seriesId ? t('form.pickModel') : t('form.seriesFirst')}
              options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.year} ${m.name}` }))}
              onChange={(id: number | undefined) => pickModel(models.data?.find((m) => m.id === id))}
            />
          </Form.Item>
          <Button icon={<PlusOutlined />} disabled={!seriesId} onClick={() => setAdding(true)}>
            {t('form.addModel')}
          </Button>
        </div>
      </Form.Item>
      <ModelDialog
        open={adding}
        seriesId={seriesId ?? null}
        onClose={() => setAdding(false)}
        onCreated={(model) => {
          setAdding(false);
          form.setFieldsValue({ modelId: model.id });
          pickModel(model);
        }}
      />
    </>
  );
}
