import AutoComplete from 'antd/es/auto-complete';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPLY_ITEM_TITLES,
  FINANCING_METHOD_TITLES,
  type ApplicationFormValues,
  type ApplyItemCode,
  type FinancingProduct,
} from '@fleetdesk/contracts/financing';
import { carTypesQuery } from '../api/applications';
import { FORM_IMAGE_FIELDS, percent, shownApplyItems } from '../model/form';
import { ImageInput } from './image-input';
import { PercentInput } from './percent-input';
import { useTitle } from './titles';

/** The products the caller may apply under (one per product, from the car types of its financiers). */
export function useProducts(): FinancingProduct[] {
  const types = useQuery(carTypesQuery());
  return useMemo(() => {
    const byId = new Map<number, FinancingProduct>();
    for (const c of types.data ?? []) if (c.product.active) byId.set(c.product.id, c.product);
    return [...byId.values()];
  }, [types.data]);
}

/** The apply items the form shows, by the spec's rule (the server's list when it has one). */
export function ApplyItemTags({ items }: { items: ApplyItemCode[] }) {
  const title = useTitle();
  return (
    <span data-testid="fin-apply-items">
      {items.map((c) => (
        <Tag key={c} color={c === 'A3' ? 'blue' : 'green'}>
          {c} {title(APPLY_ITEM_TITLES[c])}
        </Tag>
      ))}
    </span>
  );
}

/**
 * The application form of spec section 3: the car, the product and its terms, the insurance bought (each an apply
 * item), the GPS installation, the applicant and the images. `serverItems` are the apply items the server gave
 * (editing a draft); without them the items follow the insurance switches.
 */
export function ApplicationFields({
  form,
  serverItems,
}: {
  form: FormInstance<ApplicationFormValues>;
  serverItems: ApplyItemCode[] | null;
}) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const products = useProducts();
  const types = useQuery(carTypesQuery());
  const productId = Form.useWatch('productId', form);
  const buyCommercial = Form.useWatch('buyCommercial', form) ?? false;
  const buyCompulsory = Form.useWatch('buyCompulsory', form) ?? false;
  const gps = Form.useWatch('gps', form) ?? true;
  const product = products.find((p) => p.id === productId);
  const items = shownApplyItems(serverItems, { buyCommercial, buyCompulsory });
  const required = [{ required: true, message: t('form.required') }];
  const modelOptions = (types.data ?? [])
    .filter((c) => !productId || c.productId === productId)
    .map((c) => ({ value: `${c.brand} ${c.series} ${c.modelName}`.trim() }));

  return (
    <div className="fd-fin-form">
      <h3>{t('form.sections.terms')}</h3>
      <div className="fd-fin-grid">
        <Form.Item name="productId" label={t('form.productId')} rules={required}>
          <Select
            options={products.map((p) => ({
              value: p.id,
              label: `${p.financierName} · ${p.name} (${title(FINANCING_METHOD_TITLES[p.method])} ${percent(p.annualRate)})`,
            }))}
            placeholder={t('form.choose')}
          />
        </Form.Item>
        <Form.Item
          name="payProportion"
          label={t('form.payProportion')}
          rules={required}
          extra={
            product
              ? t('form.ratioRange', { min: percent(product.minDownRatio, 0), max: percent(product.maxDownRatio, 0) })
              : undefined
          }
        >
          <PercentInput />
        </Form.Item>
        <Form.Item name="stagingNumber" label={t('form.stagingNumber')} rules={required}>
          <Select
            placeholder={t('form.choose')}
            options={(product?.terms ?? [12, 24, 36]).map((n) => ({ value: n, label: t('terms', { count: n }) }))}
          />
        </Form.Item>
        {product && product.maxBalloonRatio > 0 && (
          <Form.Item name="balloon" label={t('form.balloon')}>
            <InputNumber min={0} precision={2} />
          </Form.Item>
        )}
      </div>
      <h3>{t('form.sections.car')}</h3>
      <div className="fd-fin-grid">
        <Form.Item name="vin" label={t('form.vin')} rules={required}>
          <Input maxLength={17} />
        </Form.Item>
        <Form.Item name="engineNo" label={t('form.engineNo')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="carTypeName" label={t('form.carTypeName')} rules={required}>
          <AutoComplete options={modelOptions} />
        </Form.Item>
        <Form.Item name="totalAmount" label={t('form.totalAmount')} rules={required}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
      </div>
      <h3>{t('form.sections.insurance')}</h3>
      <div className="fd-fin-grid">
        <Form.Item name="buyCommercial" label={t('form.buyCommercial')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {buyCommercial && (
          <Form.Item name="commercialAmount" label={t('form.commercialAmount')} rules={required}>
            <InputNumber min={0} precision={2} />
          </Form.Item>
        )}
        <Form.Item name="commercialNo" label={t('form.commercialNo')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="buyCompulsory" label={t('form.buyCompulsory')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {buyCompulsory && (
          <Form.Item name="compulsoryAmount" label={t('form.compulsoryAmount')} rules={required}>
            <InputNumber min={0} precision={2} />
          </Form.Item>
        )}
        <Form.Item name="compulsoryNo" label={t('form.compulsoryNo')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item label={t('form.applyItems')}>
          <ApplyItemTags items={items} />
        </Form.Item>
      </div>
      <h3>{t('form.sections.gps')}</h3>
      <div className="fd-fin-grid">
        <Form.Item name="gps" label={t('form.gps')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {gps && (
          <>
            <Form.Item name="installMobile" label={t('form.installMobile')}>
              <Input maxLength={11} inputMode="tel" />
            </Form.Item>
            <Form.Item name="installAddress" label={t('form.installAddress')}>
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
      </div>
      <h3>{t('form.sections.applicant')}</h3>
      <div className="fd-fin-grid">
        <Form.Item name="username" label={t('form.username')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="idNo" label={t('form.idNo')}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="contact" label={t('form.contact')}>
          <Input maxLength={11} inputMode="tel" />
        </Form.Item>
      </div>
      <h3>{t('form.sections.images')}</h3>
      <div className="fd-fin-grid fd-fin-images">
        {FORM_IMAGE_FIELDS.map((f) => (
          <Form.Item key={f} name={f} label={t(`form.${f}`)}>
            <ImageInput label={t(`form.${f}`)} />
          </Form.Item>
        ))}
      </div>
    </div>
  );
}
