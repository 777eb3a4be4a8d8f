import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingInput, QuoteInput } from '@fleetdesk/contracts/short-term';
import { PayDialog } from '../../../components/pay/pay-dialog';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { serverFieldErrors } from '../../../lib/field-failure';
import { payInfoQuery } from '../../../lib/payments';
import { RequestError } from '../../../lib/request';
import {
  bookingWatchQuery,
  carTypesQuery,
  driverOptionsQuery,
  extrasQuery,
  getQuote,
  protectionsQuery,
  storeOptionsQuery,
  useCreateBooking,
  usePayBooking,
} from '../api/short-term';
import { QuoteView } from './quote-view';

interface Values {
  storeId?: number;
  carTypeId?: number;
  pickUpAt?: Dayjs;
  returnAt?: Dayjs;
  renterMode: 'existing' | 'new';
  driverId?: number;
  name?: string;
  phone?: string;
  idNumber?: string;
  protectionId?: number;
  extras?: Record<string, number | null>;
  delivery: boolean;
  deliveryAddress?: string;
  remark?: string;
}

/** The stay of the form's values as the quote call takes it; null while the store, type or times are missing. */
export function stayOf(v: Partial<Values>): QuoteInput | null {
  if (!v.storeId || !v.carTypeId || !v.pickUpAt || !v.returnAt) return null;
  return {
    storeId: v.storeId,
    carTypeId: v.carTypeId,
    pickUpAt: v.pickUpAt.toISOString(),
    returnAt: v.returnAt.toISOString(),
    protectionId: v.protectionId ?? null,
    extras: Object.entries(v.extras ?? {})
      .filter(([, n]) => !!n && n > 0)
      .map(([id, n]) => ({ extraId: Number(id), count: n! })),
    delivery: !!v.delivery,
    deliveryAddress: v.delivery ? v.deliveryAddress?.trim() || null : null,
  };
}

/** Waits `ms` after the last change of `value` before giving it. */
function useDebounced<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the serialised value is the dependency
  }, [key, ms]);
  return out;
}

/**
 * The new booking: store, car type, pick-up and return, the renter (a driver found by name, phone or ID number, or a
 * new one), protection, extras and delivery; the live quote beside it (asked again as the form changes), then create
 * and pay (the QR code of the booking's order, polled until paid). `onDone(id)` opens the booking.
 */
export function BookingDrawer({
  open,
  storeId,
  onClose,
  onDone,
  quoteDelayMs = 400,
}: {
  open: boolean;
  storeId?: number;
  onClose: () => void;
  onDone: (id: number) => void;
  quoteDelayMs?: number;
}) {
  const { t } = useTranslation('shortTerm');
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const inline = useInlineFailure();
  const stores = useQuery({ ...storeOptionsQuery(), enabled: open });
  const types = useQuery({ ...carTypesQuery(), enabled: open });
  const protections = useQuery({ ...protectionsQuery(), enabled: open });
  const extras = useQuery({ ...extrasQuery(), enabled: open });
  const [keyword, setKeyword] = useState('');
  const drivers = useQuery({ ...driverOptionsQuery(keyword), enabled: open });
  const create = useCreateBooking();
  const pay = usePayBooking();
  const [created, setCreated] = useState<{ id: number; orderId: number | null } | null>(null);
  const [existing, setExisting] = useState<{ driverId: number; driverName: string } | null>(null);
  // Paid: the booking has moved on to pick-up (asked again while its QR code is shown).
  const watched = useQuery(bookingWatchQuery(created?.id ?? 0, !!created?.orderId));
  const paid = !!watched.data && watched.data.state !== 'unpaid';

  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const stay = useMemo(() => stayOf(values ?? {}), [values]);
  const asked = useDebounced(stay, quoteDelayMs);
  const quote = useQuery({
    queryKey: ['shortTerm', 'quote', asked] as readonly unknown[],
    queryFn: () => getQuote(asked!),
    enabled: open && !!asked,
    retry: false,
    staleTime: 10_000,
  });
  const quoteError =
    quote.error instanceof RequestError
      ? serverFieldErrors(quote.error)
          .map((e) => e.message)
          .join('；') || quote.error.serverMessage
      : null;
  const renterMode = Form.useWatch('renterMode', form);
  const delivery = Form.useWatch('delivery', form);

  const submit = async () => {
    const v = await form.validateFields();
    const s = stayOf(v)!;
    const input: BookingInput = {
      ...s,
      ...(v.renterMode === 'existing'
        ? { driverId: v.driverId! }
        : { renter: { name: v.name!.trim(), phone: v.phone!.trim(), idNumber: v.idNumber!.trim() } }),
      remark: v.remark?.trim() || null,
    };
    let answer;
    setExisting(null);
    try {
      answer = await inline.run(() =>
        create.mutateAsync(input).catch((e: unknown) => {
          // The new renter's phone or ID number belongs to a driver: offered to book for that driver.
          const body = e instanceof RequestError ? (e.body as { code?: string; data?: unknown }) : null;
          const who = body?.data as { driverId?: number; driverName?: string } | undefined;
          if (body?.code === 'shortTerm.renterExists' && who?.driverId)
            setExisting({ driverId: who.driverId, driverName: who.driverName ?? '' });
          throw e;
        }),
      );
    } catch (e) {
      const named = serverFieldErrors(e);
      const renterField = (p: string) => (p.startsWith('renter.') ? p.slice('renter.'.length) : p);
      if (named.length)
        form.setFields(named.map((x) => ({ name: renterField(x.path) as keyof Values, errors: [x.message] })));
      return;
    }
    if (!answer) return;
    setCreated({ id: answer.id, orderId: null });
    await startPay(answer.id);
  };

  /** The booking's QR code (a refusal stays in the drawer; "Pay" asks again). */
  const startPay = async (id: number) => {
    const info = await inline.run(() => pay.mutateAsync(id)).catch(() => null);
    if (!info) return;
    client.setQueryData(payInfoQuery(info.orderId).queryKey, info);
    setCreated({ id, orderId: info.orderId });
  };

  const finish = () => {
    const id = created?.id;
    form.resetFields();
    setCreated(null);
    onClose();
    if (id) onDone(id);
  };

  const a = quote.data;
  return (
    <Drawer
      open={open}
      title={t('drawer.title')}
      width={960}
      onClose={created ? finish : onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={created ? finish : onClose}>{created ? t('drawer.toBooking') : t('dismiss')}</Button>
          {!created && (
            <Button
              type="primary"
              loading={create.isPending || pay.isPending}
              disabled={!a || a.available < 1}
              onClick={() => void submit().catch(() => undefined)}
            >
              {t('drawer.createAndPay')}
            </Button>
          )}
          {created && created.orderId === null && (
            <Button type="primary" loading={pay.isPending} onClick={() => void startPay(created.id)}>
              {t('actions.pay')}
            </Button>
          )}
        </Space>
      }
    >
      <InlineFailure
        failure={inline.failure}
        onClose={inline.clear}
        action={
          existing ? (
            <Button
              size="small"
              onClick={() => {
                form.setFieldsValue({ renterMode: 'existing', driverId: existing.driverId });
                setKeyword(existing.driverName);
                setExisting(null);
                inline.clear();
              }}
            >
              {t('drawer.useDriver', { name: existing.driverName })}
            </Button>
          ) : undefined
        }
      />
      {paid && <Alert type="success" showIcon title={t('drawer.paid')} style={{ marginBottom: 12 }} />}
      <div className="fd-short-two">
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={!!created}
          initialValues={{ storeId, renterMode: 'existing', delivery: false, extras: {} }}
        >
          <Form.Item name="storeId" label={t('fields.store')} rules={[{ required: true }]}>
            <Select
              options={(stores.data ?? []).filter((s) => s.enabled).map((s) => ({ value: s.id, label: s.name }))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="carTypeId" label={t('fields.carType')} rules={[{ required: true }]}>
            <Select
              options={(types.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Space wrap>
            <Form.Item name="pickUpAt" label={t('fields.pickUpAt')} rules={[{ required: true }]}>
              <DatePicker showTime={{ format: 'HH:mm', minuteStep: 15 }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item name="returnAt" label={t('fields.returnAt')} rules={[{ required: true }]}>
              <DatePicker showTime={{ format: 'HH:mm', minuteStep: 15 }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          </Space>
          <Form.Item name="renterMode" label={t('fields.renter')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'existing', label: t('drawer.existingRenter') },
                { value: 'new', label: t('drawer.newRenter') },
              ]}
            />
          </Form.Item>
          {renterMode === 'new' ? (
            <Space wrap>
              <Form.Item name="name" label={t('fields.renterName')} rules={[{ required: true, whitespace: true }]}>
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item name="phone" label={t('fields.renterPhone')} rules={[{ required: true, whitespace: true }]}>
                <Input maxLength={11} />
              </Form.Item>
              <Form.Item
                name="idNumber"
                label={t('fields.renterIdNumber')}
                rules={[{ required: true, whitespace: true }]}
              >
                <Input maxLength={18} />
              </Form.Item>
            </Space>
          ) : (
            <Form.Item name="driverId" label={t('fields.findRenter')} rules={[{ required: true }]}>
              <Select
                showSearch
                filterOption={false}
                onSearch={setKeyword}
                placeholder={t('drawer.renterHint')}
                notFoundContent={drivers.isFetching ? <Spin size="small" /> : null}
                options={(drivers.data ?? []).map((d) => ({ value: d.id, label: `${d.name} ${d.phone}` }))}
              />
            </Form.Item>
          )}
          <Form.Item name="protectionId" label={t('fields.protection')}>
            <Select
              allowClear
              placeholder={t('drawer.noProtection')}
              options={(protections.data ?? [])
                .filter((p) => p.enabled)
                .map((p) => ({ value: p.id, label: t('drawer.perDay', { name: p.name, price: p.dayPrice }) }))}
            />
          </Form.Item>
          {(extras.data ?? []).some((x) => x.enabled) && (
            <Form.Item label={t('fields.extras')}>
              <Space wrap>
                {(extras.data ?? [])
                  .filter((x) => x.enabled)
                  .map((x) => (
                    <Form.Item key={x.id} name={['extras', String(x.id)]} noStyle>
                      <InputNumber
                        min={0}
                        max={5}
                        precision={0}
                        aria-label={x.name}
                        prefix={x.name}
                        style={{ width: 200 }}
                      />
                    </Form.Item>
                  ))}
              </Space>
            </Form.Item>
          )}
          <Form.Item name="delivery" label={t('fields.delivery')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {delivery && (
            <Form.Item
              name="deliveryAddress"
              label={t('fields.deliveryAddress')}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          )}
          <Form.Item name="remark" label={t('fields.remark')}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </Form>
        <div aria-live="polite">
          <h3>{t('drawer.quote')}</h3>
          {!asked && <p className="fd-muted">{t('drawer.quoteHint')}</p>}
          {asked && quote.isFetching && !a && <Spin />}
          {asked && quoteError && !quote.isFetching && <Alert type="warning" showIcon title={quoteError} />}
          {a && (
            <>
              <Alert
                type={a.available > 0 ? 'success' : 'error'}
                showIcon
                title={a.available > 0 ? t('drawer.available', { count: a.available }) : t('drawer.noneAvailable')}
                style={{ marginBottom: 8 }}
              />
              <QuoteView quote={a.quote} />
            </>
          )}
        </div>
      </div>
      {created?.orderId && !paid ? (
        <PayDialog
          orderId={created.orderId}
          onClose={finish}
          onPaid={() => undefined}
          description={t('drawer.payFor')}
        />
      ) : null}
    </Drawer>
  );
}
