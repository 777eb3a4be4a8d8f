import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import message from 'antd/es/message';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BILLING_MODE_TITLES,
  BILLING_MODES,
  PAYMENT_PERIOD_TITLES,
  PAYMENT_PERIODS,
  type Contract,
  type RenewInput,
} from '@fleetdesk/contracts/rental-contracts';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { isBlockingFailure, isFieldFailure, serverFieldErrors } from '../../../lib/field-failure';
import { formatPlate } from '../../../lib/format';
import type { RequestError } from '../../../lib/request';
import { useDebounced } from '../../../lib/use-debounced';
import { useAddTempCar, useChangeCar, useRenewContract, wizardCarsQuery } from '../api/contracts';
import { useTitle } from './titles';

const DAY = 'YYYY-MM-DD';

/** The dialogs show a refusal (409) inline and field errors (400) on their fields: the request layer stays quiet. */
const dialogSilent = (e: RequestError) => isBlockingFailure(e) || isFieldFailure(e);

/** The server's field errors (400) under the dialog's fields. */
function showServerErrors(form: FormInstance, error: unknown) {
  const errors = serverFieldErrors(error);
  form.setFields(errors.map((e) => ({ name: e.path.split('.')[0]!, errors: [e.message] })));
}

/**
 * Idle cars of the contract's rent, other than its own (the car of a change or a temporary car), searched on the
 * server as the user types (`search` goes to the select).
 */
function useOtherCars(c: Contract) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, 300);
  const cars = useQuery({ ...wizardCarsQuery(keyword, c.rentId), placeholderData: keepPreviousData });
  return {
    loading: cars.isFetching,
    search: { filterOption: false, onSearch: setTyped } as const,
    options: (cars.data?.rows ?? [])
      .filter((car) => car.id !== c.carId)
      .map((car) => ({ value: car.id, label: formatPlate(car.plate) })),
  };
}

interface RenewValues {
  endDate: Dayjs;
  period: RenewInput['period'];
  billing: RenewInput['billing'];
  paymentDay?: number | null;
  freeDays?: number;
  rent: number;
  deposit?: number;
  managementFee?: number;
  buyOutPrice?: number | null;
}

/**
 * Renewal: the terms of the old contract filled in, from the day after it ends for as many days again; the deposit
 * is 0 (the group keeps the one it holds). The new contract is pending; the page goes to it.
 */
export function RenewDialog({ contract: c, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const navigate = useNavigate();
  const renew = useRenewContract(dialogSilent);
  const inline = useInlineFailure();
  const [form] = Form.useForm<RenewValues>();
  const start = dayjs(c.endDate).add(1, 'day');
  const submit = async () => {
    inline.clear();
    const v = await form.validateFields();
    const input: RenewInput = {
      type: c.type,
      period: v.period,
      billing: v.billing,
      paymentDay: v.paymentDay ?? null,
      startDate: start.format(DAY),
      endDate: v.endDate.format(DAY),
      freeDays: v.freeDays ?? 0,
      deposit: v.deposit ?? 0,
      managementFee: v.managementFee ?? 0,
      rent: v.rent,
      insuranceBase: c.insuranceBase,
      insuranceExtra: c.insuranceExtra,
      buyOutPrice: c.type === 'rentToOwn' ? (v.buyOutPrice ?? null) : null,
      template: c.template,
      discountPlan: c.discountPlan,
      clauses: c.clauses,
    };
    try {
      const next = await renew.mutateAsync({ id: c.id, input });
      void message.success(t('renew.done', { number: next.number }));
      onClose();
      void navigate(`/rentContract/detail/${next.id}`);
    } catch (e) {
      if (!inline.capture(e)) showServerErrors(form, e);
    }
  };
  return (
    <Modal
      open
      title={t('renew.title', { number: c.number })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('renew.ok')}
      confirmLoading={renew.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Alert type="info" showIcon title={t('renew.hint', { start: start.format(DAY) })} />
      <Form
        form={form}
        layout="vertical"
        name="renew"
        className="fd-collect-form"
        initialValues={{
          endDate: start.add(c.rentalDays - 1, 'day'),
          period: c.period,
          billing: c.billing,
          paymentDay: c.paymentDay,
          freeDays: 0,
          rent: c.rent,
          deposit: 0,
          managementFee: c.managementFee,
          buyOutPrice: c.buyOutPrice,
        }}
      >
        <Form.Item name="endDate" label={t('detail.fields.endDate')} rules={[{ required: true }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(start, 'day')} />
        </Form.Item>
        {c.type !== 'shortTerm' && (
          <>
            <Form.Item name="period" label={t('detail.fields.period')} rules={[{ required: true }]}>
              <Select options={PAYMENT_PERIODS.map((p) => ({ value: p, label: title(PAYMENT_PERIOD_TITLES[p]) }))} />
            </Form.Item>
            <Form.Item name="billing" label={t('detail.fields.billing')} rules={[{ required: true }]}>
              <Select options={BILLING_MODES.map((b) => ({ value: b, label: title(BILLING_MODE_TITLES[b]) }))} />
            </Form.Item>
            <Form.Item name="paymentDay" label={t('detail.fields.paymentDay')}>
              <InputNumber min={1} max={31} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item name="rent" label={t('detail.fields.rent')} rules={[{ required: true }]}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="freeDays" label={t('detail.fields.freeDays')}>
          <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="deposit" label={t('detail.fields.deposit')} extra={t('renew.depositHint')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="managementFee" label={t('detail.fields.managementFee')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        {c.type === 'rentToOwn' && (
          <Form.Item name="buyOutPrice" label={t('detail.fields.buyOutPrice')} rules={[{ required: true }]}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

interface ChangeValues {
  carId: number;
  changeDate: Dayjs;
  rent: number;
  reason: string;
}

/**
 * Car change: the old contract is settled up to the day before the change day, the deposit and unused rent go to
 * a new signed contract with the new car; the page goes to it.
 */
export function ChangeCarDialog({ contract: c, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const navigate = useNavigate();
  const change = useChangeCar(dialogSilent);
  const inline = useInlineFailure();
  const cars = useOtherCars(c);
  const [form] = Form.useForm<ChangeValues>();
  const first = dayjs(c.startDate).add(1, 'day');
  const submit = async () => {
    inline.clear();
    const v = await form.validateFields();
    try {
      const next = await change.mutateAsync({
        id: c.id,
        input: { carId: v.carId, changeDate: v.changeDate.format(DAY), rent: v.rent, reason: v.reason },
      });
      void message.success(t('changeCar.done', { number: next.number }));
      onClose();
      void navigate(`/rentContract/detail/${next.id}`);
    } catch (e) {
      if (!inline.capture(e)) showServerErrors(form, e);
    }
  };
  return (
    <Modal
      open
      title={t('changeCar.title', { plate: c.plate })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('changeCar.ok')}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Alert type="info" showIcon title={t('changeCar.hint', { deposit: c.deposit })} />
      <Form
        form={form}
        layout="vertical"
        name="changeCar"
        className="fd-collect-form"
        initialValues={{ changeDate: dayjs(), rent: c.rent }}
      >
        <Form.Item name="carId" label={t('changeCar.car')} rules={[{ required: true }]}>
          <Select
            loading={cars.loading}
            showSearch={cars.search}
            options={cars.options}
            notFoundContent={t('changeCar.noCars')}
          />
        </Form.Item>
        <Form.Item name="changeDate" label={t('changeCar.changeDate')} rules={[{ required: true }]}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(first, 'day') || d.isAfter(dayjs(), 'day') || d.isAfter(dayjs(c.endDate))}
          />
        </Form.Item>
        <Form.Item name="rent" label={t('detail.fields.rent')} rules={[{ required: true }]}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('changeCar.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface TempValues {
  carId: number;
  fromDate: Dayjs;
  toDate: Dayjs;
  reason: string;
}

/**
 * A temporary replacement car for a period (the contract keeps its own car): from today or before it is handed over
 * now; from a later day it is booked (the car reserved until it is handed over from the temporary cars tab).
 */
export function TempCarDialog({ contract: c, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const add = useAddTempCar(dialogSilent);
  const inline = useInlineFailure();
  const cars = useOtherCars(c);
  const [form] = Form.useForm<TempValues>();
  // A start after today books the car (reserved until it is handed over).
  const fromDate = Form.useWatch('fromDate', form);
  const booking = Boolean(fromDate?.isAfter(dayjs(), 'day'));
  const submit = async () => {
    inline.clear();
    const v = await form.validateFields();
    const later = v.fromDate.isAfter(dayjs(), 'day');
    try {
      await add.mutateAsync({
        id: c.id,
        input: { carId: v.carId, fromDate: v.fromDate.format(DAY), toDate: v.toDate.format(DAY), reason: v.reason },
      });
      void message.success(t(later ? 'tempCar.booked' : 'tempCar.done'));
      onClose();
    } catch (e) {
      if (!inline.capture(e)) showServerErrors(form, e);
    }
  };
  return (
    <Modal
      open
      title={t('tempCar.title')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Alert type="info" showIcon title={t('tempCar.hint', { plate: c.plate })} />
      {booking && <Alert className="fd-temp-car-booking" type="warning" showIcon title={t('tempCar.bookingHint')} />}
      <Form
        form={form}
        layout="vertical"
        name="tempCar"
        className="fd-collect-form"
        initialValues={{ fromDate: dayjs() }}
      >
        <Form.Item name="carId" label={t('tempCar.car')} rules={[{ required: true }]}>
          <Select
            loading={cars.loading}
            showSearch={cars.search}
            options={cars.options}
            notFoundContent={t('changeCar.noCars')}
          />
        </Form.Item>
        <Form.Item name="fromDate" label={t('tempCar.from')} rules={[{ required: true }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="toDate"
          label={t('tempCar.to')}
          dependencies={['fromDate']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, v: Dayjs | undefined) =>
                !v || !getFieldValue('fromDate') || !v.isBefore(getFieldValue('fromDate') as Dayjs, 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('tempCar.toBeforeFrom'))),
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={t('tempCar.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
