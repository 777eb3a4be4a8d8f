import App from 'antd/es/app';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import TimePicker from 'antd/es/time-picker';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_SHARE_RULES } from '@fleetdesk/contracts/organisation';
import { RateInput, RateUpdateInput } from '@fleetdesk/contracts/time-share';
import { useModalForm } from '../../../components/use-modal-form';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { issueMessage } from '../../../lib/validation';
import { carTypesQuery, rulesQuery, useSaveRate, type RateRow } from '../api/time-share';
import { DEFAULT_EXAMPLE, exampleAmount, fenToYuan, type ExampleTrip, type RateYuan } from '../model/amount';

export interface RateValues {
  city: string;
  carTypeId: number;
  dayMinutePrice: number | null;
  nightMinutePrice: number | null;
  kmPrice: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  dailyCap: number | null;
}

export function rateBody(v: RateValues, rate?: RateRow): unknown {
  const body = {
    city: v.city?.trim() ?? '',
    carTypeId: v.carTypeId,
    dayMinutePrice: v.dayMinutePrice,
    nightMinutePrice: v.nightMinutePrice,
    kmPrice: v.kmPrice,
    minPrice: v.minPrice ?? 0,
    maxPrice: v.maxPrice ?? null,
    dailyCap: v.dailyCap,
  };
  return rate ? { ...body, id: rate.id, version: rate.version } : body;
}

/** The night hours the server prices with: the tenant's rules when readable, else the defaults (said so). */
export function useNightHours() {
  const rules = useQuery(rulesQuery());
  const ts = rules.data?.timeShare;
  return {
    nightFrom: ts?.nightFrom ?? DEFAULT_TIME_SHARE_RULES.nightFrom,
    nightTo: ts?.nightTo ?? DEFAULT_TIME_SHARE_RULES.nightTo,
    fromRules: !!ts,
  };
}

/**
 * The worked example of a rate: a trip (start time, minutes, km) priced by the contracts' `tripAmount`, the
 * function the server charges with, so the clerk sees what a renter would pay.
 */
export function RateExample({ rate }: { rate: Partial<RateYuan> }) {
  const { t } = useTranslation('time-share');
  const night = useNightHours();
  const [trip, setTrip] = useState<ExampleTrip>(DEFAULT_EXAMPLE);
  const complete =
    rate.dayMinutePrice != null && rate.nightMinutePrice != null && rate.kmPrice != null && rate.dailyCap != null;
  const a = complete
    ? exampleAmount(
        {
          dayMinutePrice: rate.dayMinutePrice!,
          nightMinutePrice: rate.nightMinutePrice!,
          kmPrice: rate.kmPrice!,
          minPrice: rate.minPrice ?? 0,
          maxPrice: rate.maxPrice ?? null,
          dailyCap: rate.dailyCap!,
        },
        trip,
        night,
      )
    : null;
  return (
    <Card size="small" title={t('example.title')} data-testid="rate-example" className="fd-ts-example">
      <div className="fd-ts-example-inputs">
        <label>
          {t('example.start')}
          <TimePicker
            format="HH:mm"
            allowClear={false}
            aria-label={t('example.start')}
            value={dayjs(`2026-01-01T${trip.startTime}`)}
            onChange={(d: Dayjs | null) => d && setTrip((x) => ({ ...x, startTime: d.format('HH:mm') }))}
          />
        </label>
        <label>
          {t('example.minutes')}
          <InputNumber<number>
            aria-label={t('example.minutes')}
            min={1}
            max={10080}
            precision={0}
            value={trip.minutes}
            onChange={(m) => setTrip((x) => ({ ...x, minutes: m ?? 0 }))}
          />
        </label>
        <label>
          {t('example.km')}
          <InputNumber<number>
            aria-label={t('example.km')}
            min={0}
            max={5000}
            step={0.1}
            precision={1}
            value={trip.km}
            onChange={(k) => setTrip((x) => ({ ...x, km: k ?? 0 }))}
          />
        </label>
      </div>
      <p className="fd-muted">
        {t('example.night', { from: night.nightFrom, to: night.nightTo })}
        {night.fromRules ? '' : ` ${t('example.nightDefault')}`}
      </p>
      {a ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('amount.minutes')}>
            {t('example.split', {
              minutes: a.minutes,
              days: a.wholeDays,
              day: a.dayMinutes,
              night: a.nightMinutes,
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('amount.time')}>
            <span data-testid="example-time">{formatMoney(fenToYuan(a.timeFen))}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('amount.km')}>
            <span data-testid="example-km">{formatMoney(fenToYuan(a.kmFen))}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('amount.subtotal')}>
            <strong data-testid="example-total">{formatMoney(fenToYuan(a.subtotalFen))}</strong>
            {a.subtotalFen !== a.timeFen + a.kmFen ? <span className="fd-muted"> {t('example.clamped')}</span> : null}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <p className="fd-muted">{t('example.incomplete')}</p>
      )}
    </Card>
  );
}

/** A city's rate for a car type: minute prices by day and night, per km, minimum, maximum, daily cap. */
export function RateForm({ rate, onClose }: { rate?: RateRow; onClose: () => void }) {
  const { t } = useTranslation('time-share');
  const { message } = App.useApp();
  const save = useSaveRate();
  const types = useQuery(carTypesQuery());
  const rents = useSession((s) => s.user?.rents ?? []);
  const { form, submit, saving } = useModalForm<RateValues, unknown, RateInput>({
    submit: (input) => save.mutateAsync(input),
    onSuccess: () => void message.success(t('rates.saved')),
    onClose,
  });
  const watched = Form.useWatch([], form) as Partial<RateValues> | undefined;
  const cities = [...new Set(rents.map((r) => r.city).filter(Boolean))] as string[];

  const initial: Partial<RateValues> = rate ? { ...rate } : { city: cities[0] ?? '', minPrice: 0, maxPrice: null };

  const finish = (v: RateValues) => {
    const parsed = (rate ? RateUpdateInput : RateInput).safeParse(rateBody(v, rate));
    if (!parsed.success) {
      const byField = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (!byField.has(name)) byField.set(name, issueMessage(issue, t));
      }
      form.setFields([...byField].map(([name, error]) => ({ name: name as keyof RateValues, errors: [error] })));
      return;
    }
    void submit(parsed.data as RateInput);
  };

  const money = (name: keyof RateValues, max: number, extra?: string) => (
    <Form.Item name={name} label={t(`fields.${name}`)} extra={extra}>
      <InputNumber<number>
        min={0}
        max={max}
        precision={2}
        prefix="¥"
        className="fd-ts-full"
        aria-label={t(`fields.${name}`)}
      />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={rate ? t('rates.editTitle', { city: rate.city, type: rate.carTypeName }) : t('rates.createTitle')}
      okText={t('actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={720}
    >
      <Form<RateValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={finish}
        aria-label={t('rates.form')}
        className="fd-ts-form"
      >
        <div className="fd-ts-grid">
          <Form.Item
            name="city"
            label={t('fields.city')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={20} list="fd-ts-cities" />
          </Form.Item>
          <Form.Item
            name="carTypeId"
            label={t('fields.carType')}
            rules={[{ required: true, message: t('form.choose') }]}
          >
            <Select
              aria-label={t('fields.carType')}
              showSearch
              optionFilterProp="label"
              loading={types.isPending}
              options={(types.data ?? []).map((c) => ({ value: c.id, label: c.carTypeName }))}
            />
          </Form.Item>
          {money('dayMinutePrice', 100)}
          {money('nightMinutePrice', 100)}
          {money('kmPrice', 100)}
          {money('dailyCap', 100000, t('rates.dailyCapHint'))}
          {money('minPrice', 100000, t('rates.minHint'))}
          {money('maxPrice', 100000, t('rates.maxHint'))}
        </div>
        <datalist id="fd-ts-cities">
          {cities.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </Form>
      <RateExample
        rate={{
          dayMinutePrice: watched?.dayMinutePrice ?? undefined,
          nightMinutePrice: watched?.nightMinutePrice ?? undefined,
          kmPrice: watched?.kmPrice ?? undefined,
          minPrice: watched?.minPrice ?? 0,
          maxPrice: watched?.maxPrice ?? null,
          dailyCap: watched?.dailyCap ?? undefined,
        }}
      />
    </Modal>
  );
}
