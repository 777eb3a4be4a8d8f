import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  COVERAGE_CODES,
  COVERAGE_TITLES,
  POLICY_KIND_TITLES,
  POLICY_KINDS,
  PolicyInput,
  type CoverageCode,
  type FileRef,
  type Policy,
  type PolicyKind,
} from '@fleetdesk/contracts/compliance';
import { CostCentreSelect, useCanPickCostCentre } from '../../../components/cost-centre-select';
import { currentLanguage } from '../../../lib/i18n';
import { insurersQuery, useSavePolicy } from '../api/compliance';
import { checked, dateOnly, ImagesField, showServerErrors, titleOf } from './shared';

interface Values {
  kind: PolicyKind;
  companyCode?: string;
  policyNo: string;
  startDate?: Dayjs;
  endDate?: Dayjs;
  premium?: number;
  coverage: { code?: CoverageCode; sumInsured?: number | null }[];
  images: FileRef[];
  remark?: string;
  costCentreId?: number | null;
}

/**
 * A policy of a car: a new one, a change, or a renewal (`renewOf`: the same insurer and covers for the year after
 * the old one ends).
 */
export function PolicyModal({
  carId,
  policy,
  renewOf,
  onClose,
}: {
  carId: number;
  policy: Policy | null;
  renewOf?: Policy | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSavePolicy();
  const insurers = useQuery(insurersQuery());
  const en = currentLanguage() === 'en-US';
  const pickCentre = useCanPickCostCentre();
  const base = policy ?? renewOf ?? null;
  const start = renewOf ? dayjs(renewOf.endDate).add(1, 'day') : base ? dayjs(base.startDate) : dayjs();
  const initialValues: Values = base
    ? {
        kind: base.kind,
        companyCode: base.companyCode,
        policyNo: policy ? policy.policyNo : '',
        startDate: start,
        endDate: policy ? dayjs(policy.endDate) : start.add(1, 'year').subtract(1, 'day'),
        premium: base.premium,
        coverage: base.coverage.map((c) => ({ code: c.code, sumInsured: c.sumInsured })),
        images: policy ? policy.images : [],
        remark: policy?.remark ?? undefined,
        costCentreId: base.costCentreId ?? null,
      }
    : {
        kind: 'compulsory',
        policyNo: '',
        startDate: start,
        endDate: start.add(1, 'year').subtract(1, 'day'),
        coverage: [],
        images: [],
      };
  const kind = Form.useWatch('kind', form) ?? initialValues.kind;

  const submit = async (v: Values) => {
    const input = checked(
      form,
      PolicyInput,
      {
        carId,
        kind: v.kind,
        companyCode: v.companyCode,
        policyNo: v.policyNo ?? '',
        startDate: dateOnly(v.startDate),
        endDate: dateOnly(v.endDate),
        premium: v.premium,
        coverage:
          v.kind === 'compulsory' ? [] : v.coverage.map((c) => ({ code: c.code, sumInsured: c.sumInsured ?? null })),
        images: v.images.map((i) => i.url),
        remark: v.remark?.trim() || null,
        // Someone who may not read the cost centres keeps the policy's own (a renewal: the old one's).
        costCentreId: pickCentre ? (v.costCentreId ?? null) : (base?.costCentreId ?? null),
      },
      t,
    );
    if (!input) return;
    try {
      await save.mutateAsync({ id: policy?.id, input });
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
      width={640}
      title={policy ? t('policies.edit') : renewOf ? t('policies.renew') : t('policies.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initialValues}>
        <div className="fd-compliance-row">
          <Form.Item name="kind" label={t('policies.kind')} required style={{ flex: 1 }}>
            <Select options={POLICY_KINDS.map((k) => ({ value: k, label: titleOf(POLICY_KIND_TITLES[k]) }))} />
          </Form.Item>
          <Form.Item name="companyCode" label={t('policies.company')} required style={{ flex: 2 }}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={insurers.isLoading}
              options={(insurers.data ?? []).map((i) => ({
                value: i.code,
                label: en ? i.nameEn : i.shortName,
                disabled: !i.enabled,
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="policyNo" label={t('policies.policyNo')} required>
          <Input maxLength={40} />
        </Form.Item>
        <div className="fd-compliance-row">
          <Form.Item name="startDate" label={t('policies.startDate')} required style={{ flex: 1 }}>
            <DatePicker className="fd-compliance-full" />
          </Form.Item>
          <Form.Item name="endDate" label={t('policies.endDate')} required style={{ flex: 1 }}>
            <DatePicker className="fd-compliance-full" />
          </Form.Item>
          <Form.Item name="premium" label={t('policies.premium')} required style={{ flex: 1 }}>
            <InputNumber<number> prefix="¥" min={0} step={100} className="fd-compliance-full" />
          </Form.Item>
        </div>
        {kind === 'commercial' ? (
          <Form.Item label={t('policies.coverage')} required>
            <Form.List name="coverage">
              {(fields, { add, remove }, { errors }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" className="fd-compliance-cover">
                      <Form.Item name={[f.name, 'code']} noStyle>
                        <Select
                          style={{ width: 260 }}
                          placeholder={t('policies.kind')}
                          options={COVERAGE_CODES.map((c) => ({ value: c, label: titleOf(COVERAGE_TITLES[c]) }))}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'sumInsured']} noStyle>
                        <InputNumber<number> placeholder={t('policies.sumInsured')} min={0} style={{ width: 180 }} />
                      </Form.Item>
                      <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                    {t('policies.addCover')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </>
              )}
            </Form.List>
          </Form.Item>
        ) : null}
        {pickCentre ? (
          <Form.Item name="costCentreId" label={t('fields.costCentre')} extra={t('fields.policyCostCentreHint')}>
            <CostCentreSelect placeholder={t('fields.costCentrePlaceholder')} />
          </Form.Item>
        ) : null}
        <Form.Item name="images" label={t('fields.images')}>
          <ImagesField max={10} type="license" />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
