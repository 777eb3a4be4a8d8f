import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import Table from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  BILLING_MODE_TITLES,
  BILLING_MODES,
  CONTRACT_TYPE_TITLES,
  CONTRACT_TYPES,
  LINE_TYPE_TITLES,
  PAYMENT_PERIOD_TITLES,
  PAYMENT_PERIODS,
  type Contract,
  type ContractTerms,
  type SchedulePreview,
} from '@fleetdesk/contracts/rental-contracts';
import { CarLink, ContractLink, DriverLink, entityPath } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useAccess } from '../../../lib/access';
import { formatMoney, formatPlate } from '../../../lib/format';
import {
  accountsQuery,
  activateDriver,
  carBriefQuery,
  contractsKey,
  driverOptionsQuery,
  previewSchedule,
  rentabilityQuery,
  useCreateContract,
  useSignContract,
} from '../api/contracts';
import { CarPicker, CarReasons, DriverPicker } from '../components/pickers';
import { useTitle } from '../components/titles';

interface Values {
  driverId: number;
  carId: number;
  template?: string;
  type: ContractTerms['type'];
  period: ContractTerms['period'];
  billing: ContractTerms['billing'];
  paymentDay?: number | null;
  startDate: Dayjs;
  endDate: Dayjs;
  freeDays: number;
  deposit: number;
  managementFee: number;
  rent: number;
  buyOutPrice?: number | null;
  insuranceBase?: number;
  insuranceExtra?: number;
}

function termsOf(v: Values): ContractTerms {
  return {
    type: v.type,
    period: v.period,
    billing: v.billing,
    paymentDay: v.paymentDay ?? null,
    startDate: v.startDate.format('YYYY-MM-DD'),
    endDate: v.endDate.format('YYYY-MM-DD'),
    freeDays: v.freeDays ?? 0,
    deposit: v.deposit ?? 0,
    managementFee: v.managementFee ?? 0,
    rent: v.rent,
    insuranceBase: v.insuranceBase ?? 0,
    insuranceExtra: v.insuranceExtra ?? 0,
    buyOutPrice: v.type === 'rentToOwn' ? (v.buyOutPrice ?? null) : null,
  };
}

const idParam = (v: string | null): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * `/rentContract/new` (`?driverId=&carId=` choose them, from the driver's or the car's page): driver and car,
 * terms, schedule preview, first receipts; the contract is signed at the end. The pickers search the server; a car
 * that cannot be rented is greyed with its reasons before anything is made, and a refusal of the server stays in
 * the wizard as an inline alert until the user acts.
 */
export function SignWizard() {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const access = useAccess();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<SchedulePreview | null>(null);
  const [created, setCreated] = useState<Contract | null>(null);
  const [signed, setSigned] = useState(false);
  const [accountId, setAccountId] = useState<number | undefined>();
  const [activating, setActivating] = useState(false);
  const inline = useInlineFailure();
  const accounts = useQuery(accountsQuery());
  const create = useCreateContract(inline.silent);
  const sign = useSignContract(inline.silent);
  const type = Form.useWatch('type', form);
  const driverId = Form.useWatch('driverId', form) as number | undefined;
  const carId = Form.useWatch('carId', form) as number | undefined;
  const driverRow = useQuery({ ...driverOptionsQuery({ ids: driverId ? [driverId] : [] }), enabled: !!driverId });
  const driver = driverRow.data?.rows.find((d) => d.id === driverId);
  const driverRent = driver?.rentId;
  const car = useQuery({ ...carBriefQuery(carId ?? 0), enabled: !!carId });
  const carCheck = useQuery(rentabilityQuery(carId ? [carId] : []));
  const carVerdict = carCheck.data?.[0];
  const prospect = driver?.state === 'prospect';

  const activate = async () => {
    if (!driver) return;
    setActivating(true);
    try {
      await inline.run(() => activateDriver(driver.id));
      await client.invalidateQueries({ queryKey: [...contractsKey, 'wizard', 'drivers'] });
    } finally {
      setActivating(false);
    }
  };

  const next = async () => {
    inline.clear();
    if (step === 0) {
      await form.validateFields(['driverId', 'carId']);
      if (prospect || (carVerdict && !carVerdict.rentable)) return;
      setStep(1);
    } else if (step === 1) {
      await form.validateFields();
      const p = await inline.run(() => previewSchedule(termsOf(form.getFieldsValue(true) as Values)));
      if (!p) return;
      setPreview(p);
      setStep(2);
    } else if (step === 2) {
      const v = form.getFieldsValue(true) as Values;
      const c = await inline.run(() =>
        create.mutateAsync({
          ...termsOf(v),
          driverId: v.driverId,
          carId: v.carId,
          ...(driverRent ? { rentId: driverRent } : {}),
          template: v.template ?? null,
          clauses: [],
          attachments: [],
        } as never),
      );
      if (!c) return;
      setCreated(c);
      setStep(3);
    }
  };
  const firstReceipts = (preview?.lines ?? [])
    .filter(
      (l) =>
        l.type === 'deposit' ||
        l.type === 'managementFee' ||
        l.type === 'insurance' ||
        (l.type === 'rent' && l.period === 1),
    )
    .reduce((s, l) => s + l.amount, 0);

  if (signed && created) {
    return (
      <Result
        status="success"
        className="fd-sign-done"
        title={t('wizard.signedCollected', { amount: formatMoney(firstReceipts) })}
        subTitle={
          <Space size={4}>
            <ContractLink id={created.id} number={created.number} />
            <DriverLink id={created.driverId} name={created.driverName} />
            <CarLink id={created.carId} plate={created.plate} />
          </Space>
        }
        extra={
          <Space>
            {access.can('rentContract:dispatch') && (
              <Button
                type="primary"
                className="fd-next-step"
                onClick={() => void navigate(entityPath.contract(created.id, 'handover'))}
              >
                {t('wizard.nextDispatch')}
              </Button>
            )}
            <Link to={entityPath.contract(created.id)}>{t('actions.view')}</Link>
          </Space>
        }
      />
    );
  }
  return (
    <div className="fd-sign-wizard">
      <h2>{t('wizard.title')}</h2>
      <Steps
        current={step}
        items={(['parties', 'terms', 'schedule', 'receipts'] as const).map((s) => ({ title: t(`wizard.steps.${s}`) }))}
      />
      <InlineFailure failure={inline.failure} onClose={inline.clear} className="fd-wizard-failure" />
      <Form<Values>
        form={form}
        layout="vertical"
        className="fd-sign-form"
        initialValues={{
          driverId: idParam(params.get('driverId')),
          carId: idParam(params.get('carId')),
          type: 'rentToOwn',
          period: 'monthly',
          billing: 'prepaid',
          freeDays: 0,
          deposit: 5000,
          managementFee: 200,
          rent: 3000,
          buyOutPrice: 20000,
          startDate: dayjs(),
          endDate: dayjs().add(1, 'year').subtract(1, 'day'),
        }}
      >
        <div hidden={step !== 0}>
          <Form.Item name="driverId" label={t('wizard.driver')} rules={[{ required: true }]}>
            <DriverPicker chosen={driver} />
          </Form.Item>
          {prospect && driver && (
            <Alert
              className="fd-prospect-alert"
              type="warning"
              showIcon
              title={t('picker.prospectHint', { name: driver.name })}
              action={
                access.can('rentDriver:edit') ? (
                  <Button type="primary" size="small" loading={activating} onClick={() => void activate()}>
                    {t('picker.activateAndSign')}
                  </Button>
                ) : undefined
              }
            />
          )}
          <Form.Item name="carId" label={t('wizard.car')} rules={[{ required: true }]}>
            <CarPicker
              rentId={driverRent}
              chosen={
                car.data
                  ? { id: car.data.id, plate: car.data.plate, rentId: car.data.rentId, status: car.data.status }
                  : undefined
              }
            />
          </Form.Item>
          {carId && carVerdict && !carVerdict.rentable && (
            <Alert
              className="fd-car-blocked"
              type="error"
              showIcon
              title={t('picker.carBlocked', { plate: formatPlate(car.data?.plate) })}
              description={<CarReasons carId={carId} reasons={carVerdict.reasons} />}
            />
          )}
          <Form.Item name="template" label={t('wizard.template')}>
            <Input maxLength={60} />
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <Alert type="warning" showIcon title={t('wizard.regenerateWarning')} />
          <Space wrap align="start" className="fd-sign-terms">
            <Form.Item name="type" label={t('detail.fields.type')} rules={[{ required: true }]}>
              <Select
                style={{ width: 160 }}
                options={CONTRACT_TYPES.map((v) => ({ value: v, label: title(CONTRACT_TYPE_TITLES[v]) }))}
              />
            </Form.Item>
            <Form.Item name="period" label={t('detail.fields.period')}>
              <Select
                style={{ width: 140 }}
                options={PAYMENT_PERIODS.map((v) => ({ value: v, label: title(PAYMENT_PERIOD_TITLES[v]) }))}
              />
            </Form.Item>
            <Form.Item name="billing" label={t('detail.fields.billing')}>
              <Select
                style={{ width: 120 }}
                options={BILLING_MODES.map((v) => ({ value: v, label: title(BILLING_MODE_TITLES[v]) }))}
              />
            </Form.Item>
            <Form.Item name="paymentDay" label={t('detail.fields.paymentDay')}>
              <InputNumber min={1} max={31} />
            </Form.Item>
            <Form.Item name="startDate" label={t('detail.fields.startDate')} rules={[{ required: true }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="endDate" label={t('detail.fields.endDate')} rules={[{ required: true }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="freeDays" label={t('detail.fields.freeDays')}>
              <InputNumber min={0} max={365} />
            </Form.Item>
            <Form.Item name="deposit" label={t('detail.fields.deposit')}>
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Form.Item name="managementFee" label={t('detail.fields.managementFee')}>
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Form.Item name="rent" label={t('detail.fields.rent')} rules={[{ required: true }]}>
              <InputNumber min={0} precision={2} />
            </Form.Item>
            {type === 'rentToOwn' && (
              <Form.Item name="buyOutPrice" label={t('detail.fields.buyOutPrice')} rules={[{ required: true }]}>
                <InputNumber min={0} precision={2} />
              </Form.Item>
            )}
          </Space>
        </div>
      </Form>
      {step === 2 && preview && (
        <>
          <Alert
            type="info"
            showIcon
            title={t('wizard.total', { total: formatMoney(preview.total), instalments: preview.instalments })}
          />
          <Table
            size="small"
            rowKey={(l) => `${l.type}-${l.period ?? ''}-${l.dueDate}`}
            dataSource={preview.lines}
            pagination={false}
            columns={[
              { key: 'due', title: t('columns.dueDate'), dataIndex: 'dueDate' },
              { key: 'type', title: t('columns.lineType'), render: (_, l) => title(LINE_TYPE_TITLES[l.type]) },
              { key: 'period', title: t('columns.periodNo'), render: (_, l) => l.period ?? '-' },
              {
                key: 'bill',
                title: t('columns.billPeriod'),
                render: (_, l) => (l.periodStart ? `${l.periodStart} ~ ${l.periodEnd}` : '-'),
              },
              {
                key: 'amount',
                title: t('columns.amount'),
                align: 'right',
                render: (_, l) => formatMoney(l.amount),
              },
            ]}
          />
        </>
      )}
      {step === 3 && created && (
        <Space direction="vertical" className="fd-sign-receipts">
          <Alert type="info" showIcon title={t('wizard.firstReceipts', { amount: formatMoney(firstReceipts) })} />
          <Select
            style={{ width: 280 }}
            placeholder={t('collect.account')}
            value={accountId}
            onChange={setAccountId}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
          <Button
            type="primary"
            disabled={!accountId}
            loading={sign.isPending}
            onClick={() =>
              void inline
                .run(() => sign.mutateAsync({ id: created.id, accountId: accountId! }))
                .then((done) => done && setSigned(true))
                .catch(() => undefined)
            }
          >
            {t('wizard.signNow')}
          </Button>
        </Space>
      )}
      {step < 3 && (
        <Space className="fd-sign-nav">
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('wizard.prev')}</Button>}
          <Button
            type="primary"
            loading={create.isPending}
            disabled={step === 0 && (prospect || (!!carVerdict && !carVerdict.rentable))}
            onClick={() => void next().catch(() => undefined)}
          >
            {step === 2 ? t('wizard.create') : t('wizard.next')}
          </Button>
        </Space>
      )}
    </div>
  );
}
