import App from 'antd/es/app';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  AccidentInput,
  CLAIM_STATE_TITLES,
  CLAIM_STATES,
  RESPONSIBILITIES,
  RESPONSIBILITY_TITLES,
  type Accident,
  type ClaimState,
  type FileRef,
  type Responsibility,
} from '@fleetdesk/contracts/compliance';
import { CostCentreSelect, useCanPickCostCentre } from '../../../components/cost-centre-select';
import { currentLanguage } from '../../../lib/i18n';
import { insurersQuery, useSaveAccident } from '../api/compliance';
import { CarPicker, DriverPicker } from './pickers';
import { checked, ImagesField, showServerErrors, titleOf } from './shared';

interface Values {
  carId?: number;
  driverId?: number | null;
  occurredAt?: Dayjs;
  place: string;
  description: string;
  responsibility?: Responsibility;
  damage?: string;
  injuries: boolean;
  photos: FileRef[];
  insurerCode?: string | null;
  claimNo?: string;
  claimState: ClaimState;
  repairCost?: number | null;
  settledAmount?: number | null;
  remark?: string;
  costCentreId?: number | null;
}

/** Reports an accident (of the given car, or one chosen) or changes one. */
export function AccidentModal({
  carId,
  accident,
  onClose,
  onSaved,
}: {
  carId?: number;
  accident: Accident | null;
  onClose: () => void;
  onSaved?: (a: Accident) => void;
}) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveAccident();
  const insurers = useQuery(insurersQuery());
  const en = currentLanguage() === 'en-US';
  const pickCentre = useCanPickCostCentre();
  const initialValues: Values = accident
    ? {
        carId: accident.carId,
        driverId: accident.driverId,
        occurredAt: dayjs(accident.occurredAt),
        place: accident.place,
        description: accident.description,
        responsibility: accident.responsibility,
        damage: accident.damage ?? undefined,
        injuries: accident.injuries,
        photos: accident.photos,
        insurerCode: accident.insurerCode,
        claimNo: accident.claimNo ?? undefined,
        claimState: accident.claimState,
        repairCost: accident.repairCost,
        settledAmount: accident.settledAmount,
        remark: accident.remark ?? undefined,
        costCentreId: accident.costCentreId ?? null,
      }
    : { carId, place: '', description: '', injuries: false, photos: [], claimState: 'none', occurredAt: dayjs() };

  const submit = async (v: Values) => {
    const input = checked(
      form,
      AccidentInput,
      {
        carId: carId ?? v.carId,
        driverId: v.driverId ?? null,
        occurredAt: v.occurredAt ? v.occurredAt.format('YYYY-MM-DDTHH:mm:ssZ') : undefined,
        place: v.place ?? '',
        description: v.description ?? '',
        responsibility: v.responsibility,
        damage: v.damage?.trim() || null,
        injuries: !!v.injuries,
        photos: v.photos.map((p) => p.url),
        insurerCode: v.insurerCode ?? null,
        claimNo: v.claimNo?.trim() || null,
        claimState: v.claimState,
        repairCost: v.repairCost ?? null,
        settledAmount: v.settledAmount ?? null,
        remark: v.remark?.trim() || null,
        // Someone who may not read the cost centres keeps the accident's own.
        costCentreId: pickCentre ? (v.costCentreId ?? null) : (accident?.costCentreId ?? null),
      },
      t,
    );
    if (!input) return;
    let saved: Accident;
    try {
      saved = await save.mutateAsync({ id: accident?.id, input });
    } catch (err) {
      showServerErrors(form, err);
      return;
    }
    void message.success(t('actions.saved'));
    onSaved?.(saved);
    onClose();
  };

  return (
    <Modal
      open
      width={720}
      title={accident ? t('accidents.edit') : t('accidents.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initialValues}>
        <div className="fd-compliance-row">
          {carId ? null : (
            <Form.Item name="carId" label={t('fields.plate')} required style={{ flex: 1 }}>
              <CarPicker />
            </Form.Item>
          )}
          <Form.Item name="occurredAt" label={t('accidents.occurredAt')} required style={{ flex: 1 }}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              className="fd-compliance-full"
              maxDate={dayjs()}
            />
          </Form.Item>
          <Form.Item name="driverId" label={t('accidents.driver')} style={{ flex: 1 }}>
            <DriverPicker initialName={accident?.driverName} />
          </Form.Item>
        </div>
        <Form.Item name="place" label={t('accidents.place')} required>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="description" label={t('accidents.description')} required>
          <Input.TextArea maxLength={1000} rows={3} showCount />
        </Form.Item>
        <div className="fd-compliance-row">
          <Form.Item name="responsibility" label={t('accidents.responsibility')} required style={{ flex: 1 }}>
            <Select options={RESPONSIBILITIES.map((r) => ({ value: r, label: titleOf(RESPONSIBILITY_TITLES[r]) }))} />
          </Form.Item>
          <Form.Item name="damage" label={t('accidents.damage')} style={{ flex: 2 }}>
            <Input maxLength={500} />
          </Form.Item>
        </div>
        <Form.Item name="injuries" valuePropName="checked">
          <Checkbox>{t('accidents.injuries')}</Checkbox>
        </Form.Item>
        <div className="fd-compliance-row">
          <Form.Item name="insurerCode" label={t('accidents.insurer')} style={{ flex: 1 }}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={(insurers.data ?? []).map((i) => ({
                value: i.code,
                label: en ? i.nameEn : i.shortName,
                disabled: !i.enabled,
              }))}
            />
          </Form.Item>
          <Form.Item name="claimNo" label={t('accidents.claimNo')} style={{ flex: 1 }}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="claimState" label={t('accidents.claimState')} style={{ flex: 1 }}>
            <Select options={CLAIM_STATES.map((c) => ({ value: c, label: titleOf(CLAIM_STATE_TITLES[c]) }))} />
          </Form.Item>
        </div>
        <div className="fd-compliance-row">
          <Form.Item name="repairCost" label={t('accidents.repairCost')} style={{ flex: 1 }}>
            <InputNumber<number> prefix="¥" min={0} className="fd-compliance-full" />
          </Form.Item>
          <Form.Item name="settledAmount" label={t('accidents.settledAmount')} style={{ flex: 1 }}>
            <InputNumber<number> prefix="¥" min={0} className="fd-compliance-full" />
          </Form.Item>
        </div>
        {pickCentre ? (
          <Form.Item name="costCentreId" label={t('fields.costCentre')} extra={t('fields.accidentCostCentreHint')}>
            <CostCentreSelect placeholder={t('fields.costCentrePlaceholder')} />
          </Form.Item>
        ) : null}
        <Form.Item name="photos" label={t('accidents.photos')}>
          <ImagesField max={20} type="car" />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
