import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViolationInput } from '@fleetdesk/contracts/violations';
import { serverFieldErrors } from '../../../lib/field-failure';
import { formatPlate } from '../../../lib/format';
import { issueMessage } from '../../../lib/validation';
import { useAddViolation } from '../api/add-violation';
import { findCars } from '../api/pick-lists';

interface Values {
  carId?: number;
  occurredAt?: Dayjs;
  place?: string;
  offenceCode?: string;
  offenceText?: string;
  fine?: number;
  points?: number;
  authority?: string;
  violationNo?: string;
}

const FIELDS = [
  'carId',
  'occurredAt',
  'place',
  'offenceCode',
  'offenceText',
  'fine',
  'points',
  'authority',
  'violationNo',
] as const;

/** The form's values as the call's body (the time as an instant). */
export function toViolationInput(v: Values): Record<string, unknown> {
  return {
    carId: v.carId,
    occurredAt: v.occurredAt?.toISOString(),
    place: v.place ?? '',
    offenceCode: v.offenceCode ?? '',
    offenceText: v.offenceText ?? '',
    fine: v.fine,
    points: v.points ?? 0,
    authority: v.authority ?? '',
    violationNo: v.violationNo ?? '',
  };
}

/**
 * A clerk enters a paper ticket: car, time, place, offence, fine, points (`rentCar:edit`). Its driver comes
 * from the car's usage period at that time, as for queried violations.
 */
export function AddViolationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('violations');
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const cars = useQuery({ queryKey: ['violations', 'pickCars', keyword], queryFn: () => findCars(keyword) });
  const add = useAddViolation();

  const submit = async () => {
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    const parsed = ViolationInput.safeParse(toViolationInput(form.getFieldsValue(true) as Values));
    if (!parsed.success) {
      const seen = new Set<string>();
      form.setFields(
        parsed.error.issues
          .filter((i) => {
            const k = String(i.path[0]);
            if (seen.has(k)) return false;
            seen.add(k);
            return (FIELDS as readonly string[]).includes(k);
          })
          .map((i) => ({ name: String(i.path[0]) as (typeof FIELDS)[number], errors: [issueMessage(i, t)] })),
      );
      return;
    }
    try {
      const v = await add.mutateAsync(parsed.data);
      void message.success(v.driverName ? t('add.savedDriver', { name: v.driverName }) : t('add.saved'));
      onClose();
    } catch (e) {
      const errors = serverFieldErrors(e);
      form.setFields(
        errors.map((f) => {
          const name = f.path.split('.')[0]!;
          return {
            name: ((FIELDS as readonly string[]).includes(name) ? name : 'violationNo') as (typeof FIELDS)[number],
            errors: [f.message],
          };
        }),
      );
    }
  };

  return (
    <Modal
      open
      width={640}
      title={t('add.title')}
      onCancel={onClose}
      okText={t('add.save')}
      onOk={() => void submit()}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <p className="fd-violation-add-hint">{t('add.attributionHint')}</p>
      <Form<Values> form={form} layout="vertical" aria-label={t('add.title')} initialValues={{ points: 0 }}>
        <Form.Item name="carId" label={t('add.car')}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={cars.isFetching}
            options={(cars.data ?? []).map((c) => ({ value: c.id, label: formatPlate(c.plate) }))}
          />
        </Form.Item>
        <Form.Item name="occurredAt" label={t('add.occurredAt')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item name="place" label={t('add.place')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="offenceCode" label={t('add.offenceCode')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="offenceText" label={t('add.offenceText')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="fine" label={t('add.fine')}>
          <InputNumber<number> min={0} precision={2} />
        </Form.Item>
        <Form.Item name="points" label={t('add.points')}>
          <InputNumber<number> min={0} max={12} precision={0} />
        </Form.Item>
        <Form.Item name="authority" label={t('add.authority')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="violationNo" label={t('add.violationNo')} extra={t('add.violationNoHint')}>
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
