import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Steps from 'antd/es/steps';
import Timeline from 'antd/es/timeline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_SHORT_TERM_RULES } from '@fleetdesk/contracts/organisation';
import {
  BOOKING_EVENT_KIND_TITLES,
  BOOKING_STATE_TITLES,
  type BookingDetail,
  type BookingState,
} from '@fleetdesk/contracts/short-term';
import { CarLink, DriverLink } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { InspectionWizard } from '../../../components/inspection-wizard/inspection-wizard';
import { PayDialog } from '../../../components/pay/pay-dialog';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { payInfoQuery } from '../../../lib/payments';
import { RequestError } from '../../../lib/request';
import { useTitle } from '../../../lib/use-title';
import {
  bookingQuery,
  bookingWatchQuery,
  carMileageQuery,
  shortKey,
  shortRulesQuery,
  useCancelBooking,
  usePayBooking,
  usePickUp,
  useReturnCar,
  useSettle,
} from '../api/short-term';
import { QuoteView } from '../components/quote-view';
import { BookingStateTag } from '../components/titles';
import { bookingActions, cancelPreview, type BookingAction } from '../model/booking-actions';
import { settlementOf } from '../model/settlement';

/** The cancel dialog: the fee and the refund first (at this moment), then the reason. */
function CancelDialog({ booking, onClose, now }: { booking: BookingDetail; onClose: () => void; now: () => Date }) {
  const { t } = useTranslation('shortTerm');
  const { message } = App.useApp();
  const rules = useQuery(shortRulesQuery());
  const cancel = useCancelBooking();
  const inline = useInlineFailure();
  const [form] = Form.useForm<{ reason: string }>();
  const preview = cancelPreview(booking, now(), rules.data ?? DEFAULT_SHORT_TERM_RULES);
  const submit = async () => {
    const v = await form.validateFields();
    const done = await inline.run(() =>
      cancel.mutateAsync({ id: booking.id, input: { reason: v.reason.trim(), version: booking.version } }),
    );
    if (!done) return;
    void message.success(t('cancel.done', { fee: formatMoney(done.cancelFee), refund: formatMoney(done.refund) }));
    onClose();
  };
  return (
    <Modal
      open
      title={t('cancel.title', { code: booking.code })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('cancel.ok')}
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      {booking.state === 'unpaid' ? (
        <Alert type="info" showIcon title={t('cancel.unpaid')} />
      ) : (
        <Alert
          type={preview.fee ? 'warning' : 'success'}
          showIcon
          data-testid="cancel-preview"
          title={
            preview.fee
              ? t('cancel.fee', { fee: formatMoney(preview.fee), refund: formatMoney(preview.refund) })
              : t('cancel.free', { refund: formatMoney(preview.refund) })
          }
          description={rules.data ? undefined : t('cancel.defaultRules')}
        />
      )}
      <Form form={form} layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item name="reason" label={t('cancel.reason')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The settlement: the return's charges against the damage deposit, what goes back or what is still owed. */
function SettleDialog({
  booking,
  onClose,
  onBalance,
}: {
  booking: BookingDetail;
  onClose: () => void;
  onBalance: () => void;
}) {
  const { t } = useTranslation('shortTerm');
  const { message } = App.useApp();
  const settle = useSettle();
  const inline = useInlineFailure();
  const [other, setOther] = useState(0);
  const [remark, setRemark] = useState('');
  const c = booking.charges;
  const s = settlementOf(c, other, booking.damageDeposit);
  const submit = async () => {
    const done = await inline.run(() =>
      settle.mutateAsync({
        id: booking.id,
        input: { otherCharge: other, remark: remark.trim() || null, version: booking.version },
      }),
    );
    if (!done) return;
    onClose();
    if (done.balanceDue > 0) {
      void message.info(t('settle.balanceDue', { amount: formatMoney(done.balanceDue) }));
      onBalance();
    } else void message.success(t('settle.done', { refund: formatMoney(done.refund) }));
  };
  return (
    <Modal
      open
      width={560}
      title={t('settle.title', { code: booking.code })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('settle.ok')}
      confirmLoading={settle.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'late', label: t('charges.late'), children: formatMoney(c?.late ?? 0) },
          { key: 'fuel', label: t('charges.fuel'), children: formatMoney(c?.fuel ?? 0) },
          { key: 'overKm', label: t('charges.overKm'), children: formatMoney(c?.overKm ?? 0) },
          { key: 'damage', label: t('charges.damage'), children: formatMoney(c?.damage ?? 0) },
          {
            key: 'other',
            label: t('charges.other'),
            children: (
              <InputNumber
                aria-label={t('charges.other')}
                min={0}
                max={1_000_000}
                precision={2}
                value={other}
                onChange={(v) => setOther(v ?? 0)}
              />
            ),
          },
          { key: 'early', label: t('charges.earlyRefund'), children: `-${formatMoney(c?.earlyRefund ?? 0)}` },
          { key: 'owed', label: t('settle.owed'), children: formatMoney(s.owed) },
          { key: 'deposit', label: t('quote.damageDeposit'), children: formatMoney(booking.damageDeposit) },
        ]}
      />
      <Alert
        style={{ marginTop: 12 }}
        type={s.balance > 0 ? 'warning' : 'success'}
        showIcon
        data-testid="settle-result"
        title={
          s.balance > 0
            ? t('settle.willOwe', { amount: formatMoney(s.balance) })
            : t('settle.willRefund', { amount: formatMoney(s.refund) })
        }
        description={t('settle.violationHold', { amount: formatMoney(booking.violationDeposit) })}
      />
      <Input.TextArea
        style={{ marginTop: 12 }}
        aria-label={t('fields.remark')}
        placeholder={t('fields.remark')}
        maxLength={200}
        rows={2}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
      />
    </Modal>
  );
}

/** The money of a booking after the return: the charges, the settlement, the violation deposit's hold. */
function MoneyCard({ b }: { b: BookingDetail }) {
  const { t } = useTranslation('shortTerm');
  const items = [
    { key: 'paidAt', label: t('money.paidAt'), children: formatDateTime(b.paidAt) || t('money.notPaid') },
    { key: 'total', label: t('quote.total'), children: formatMoney(b.total) },
    { key: 'damage', label: t('quote.damageDeposit'), children: formatMoney(b.damageDeposit) },
    { key: 'violation', label: t('quote.violationDeposit'), children: formatMoney(b.violationDeposit) },
  ];
  if (b.charges)
    items.push(
      { key: 'late', label: t('charges.late'), children: formatMoney(b.charges.late) },
      { key: 'early', label: t('charges.earlyRefund'), children: formatMoney(b.charges.earlyRefund) },
      { key: 'fuel', label: t('charges.fuel'), children: formatMoney(b.charges.fuel) },
      { key: 'overKm', label: t('charges.overKm'), children: formatMoney(b.charges.overKm) },
      { key: 'dmg', label: t('charges.damage'), children: formatMoney(b.charges.damage) },
      { key: 'other', label: t('charges.other'), children: formatMoney(b.charges.other) },
    );
  if (b.settledAt) items.push({ key: 'settled', label: t('money.settledAt'), children: formatDateTime(b.settledAt) });
  if (b.balanceDue > 0)
    items.push({ key: 'balance', label: t('money.balanceDue'), children: formatMoney(b.balanceDue) });
  if (b.cancelledAt)
    items.push(
      { key: 'cancelled', label: t('money.cancelledAt'), children: formatDateTime(b.cancelledAt) },
      { key: 'fee', label: t('money.cancelFee'), children: formatMoney(b.cancelFee ?? 0) },
      { key: 'reason', label: t('money.cancelReason'), children: b.cancelReason ?? '-' },
    );
  return (
    <Card size="small" title={t('money.title')}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />
      {b.violationHoldUntil && (
        <Alert
          data-testid="violation-hold"
          type={b.violationReleasedAt ? 'success' : 'info'}
          showIcon
          title={
            b.violationReleasedAt
              ? t('money.violationReleased', {
                  at: formatDate(b.violationReleasedAt),
                  used: formatMoney(b.violationUsed),
                  refund: formatMoney(Math.max(0, b.violationDeposit - b.violationUsed)),
                })
              : t('money.violationHeld', {
                  amount: formatMoney(b.violationDeposit),
                  until: b.violationHoldUntil,
                  used: formatMoney(b.violationUsed),
                })
          }
        />
      )}
    </Card>
  );
}

/** `/sevenShort/booking/{id}`: the booking, its quote, its history and what can be done now. */
export function BookingPage({ id, now = () => new Date() }: { id: number; now?: () => Date }) {
  const { t } = useTranslation('shortTerm');
  const booking = useQuery(bookingQuery(id));
  if (booking.isLoading) return <Skeleton active />;
  if (!booking.data)
    return (
      <Result
        status={booking.error instanceof RequestError && booking.error.httpStatus === 404 ? '404' : 'error'}
        title={t('booking.notFound')}
        extra={
          <Space>
            <Button onClick={() => void booking.refetch()}>{t('retry')}</Button>
            <Link to="/sevenShort/bookings">{t('booking.back')}</Link>
          </Space>
        }
      />
    );
  return <BookingView b={booking.data} now={now} />;
}

type Dialog = 'cancel' | 'pickUp' | 'return' | 'settle';

/** The way of a booking that is not cancelled. */
const PATH: readonly BookingState[] = ['unpaid', 'toPickUp', 'inUse', 'returned', 'completed'];

/**
 * Where the booking stands on its way, each step with its time; a cancelled booking stops (in red) after the step
 * it was cancelled from.
 */
function StateSteps({ b }: { b: BookingDetail }) {
  const title = useTitle();
  const at: Partial<Record<BookingState, string | null>> = {
    unpaid: b.createdAt,
    toPickUp: b.paidAt,
    inUse: b.pickedUpAt,
    returned: b.returnedAt,
    completed: b.state === 'completed' ? b.settledAt : null,
  };
  const cancelled = b.state === 'cancelled';
  const reached = cancelled ? (b.paidAt ? 1 : 0) : PATH.indexOf(b.state);
  const items = PATH.slice(0, cancelled ? reached + 1 : PATH.length).map((s) => ({
    title: title(BOOKING_STATE_TITLES[s]),
    content: formatDateTime(at[s]) || undefined,
  }));
  if (cancelled) items.push({ title: title(BOOKING_STATE_TITLES.cancelled), content: formatDateTime(b.cancelledAt) });
  return (
    <Steps
      size="small"
      data-testid="state-steps"
      current={cancelled ? items.length - 1 : reached}
      status={cancelled ? 'error' : b.state === 'completed' ? 'finish' : 'process'}
      items={items}
    />
  );
}

function BookingView({ b, now }: { b: BookingDetail; now: () => Date }) {
  const { t } = useTranslation('shortTerm');
  const title = useTitle();
  const access = useAccess();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [payOrder, setPayOrder] = useState<number | null>(null);
  // While the QR code is shown, the booking is asked again: paid, it has moved on (to pick-up, or completed).
  const [payFrom, setPayFrom] = useState<BookingDetail['state'] | null>(null);
  useQuery(bookingWatchQuery(b.id, payOrder !== null));
  useEffect(() => {
    if (payOrder === null || payFrom === null || b.state === payFrom) return;
    setPayOrder(null);
    setPayFrom(null);
    void message.success(t('booking.paid'));
  }, [b.state, payOrder, payFrom, message, t]);
  const pay = usePayBooking();
  const pickUp = usePickUp();
  const giveBack = useReturnCar();
  const mileage = useQuery({ ...carMileageQuery(b.carId), enabled: dialog === 'pickUp' || dialog === 'return' });
  const actions = bookingActions(b, access);

  const startPay = async () => {
    try {
      const info = await pay.mutateAsync(b.id);
      client.setQueryData(payInfoQuery(info.orderId).queryKey, info);
      setPayFrom(b.state);
      setPayOrder(info.orderId);
    } catch (e) {
      if (e instanceof RequestError && e.httpStatus === 409) void message.error(e.serverMessage);
    }
  };
  const act = (a: BookingAction) => {
    if (a === 'pay') void startPay();
    else setDialog(a);
  };
  const close = () => setDialog(null);

  return (
    <div className="fd-short-page" data-testid="booking-page">
      <div className="fd-short-head">
        <div>
          <Link to="/sevenShort/bookings">
            <ArrowLeftOutlined /> {t('booking.back')}
          </Link>
          <h1 className="fd-page-title">
            {b.code} <BookingStateTag state={b.state} />
            {b.overdue && <span className="fd-short-overdue">{t('board.overdue')}</span>}
          </h1>
          <div className="fd-muted">
            {b.storeName} · {b.carTypeName} · {formatDateTime(b.pickUpAt)} – {formatDateTime(b.returnAt)}
          </div>
        </div>
        <div role="group" aria-label={t('booking.actions')}>
          <Space wrap>
            {actions.map((a) => (
              <Button
                key={a}
                type={a === 'cancel' ? 'default' : 'primary'}
                danger={a === 'cancel'}
                loading={a === 'pay' && pay.isPending}
                onClick={() => act(a)}
              >
                {a === 'pay' && b.state === 'returned' ? t('actions.payBalance') : t(`actions.${a}`)}
              </Button>
            ))}
          </Space>
        </div>
      </div>

      <StateSteps b={b} />

      <Card size="small" title={t('booking.summary')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('fields.renter')}>
            <DriverLink id={b.driverId} name={b.driverName} /> {b.driverPhone}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.car')}>
            <CarLink id={b.carId} plate={b.plate} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.carType')}>{b.carTypeName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.store')}>{b.storeName}</Descriptions.Item>
          <Descriptions.Item label={t('booking.returnStore')}>{b.returnStoreName}</Descriptions.Item>
          <Descriptions.Item label={t('columns.days')}>{b.days}</Descriptions.Item>
          <Descriptions.Item label={t('fields.pickUpAt')}>{formatDateTime(b.pickUpAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.returnAt')}>{formatDateTime(b.returnAt)}</Descriptions.Item>
          <Descriptions.Item label={t('booking.pickedUpAt')}>{formatDateTime(b.pickedUpAt) || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('booking.returnedAt')}>{formatDateTime(b.returnedAt) || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.protection')}>
            {b.protectionName ?? t('drawer.noProtection')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.extras')}>
            {b.extras.length ? b.extras.map((x) => `${x.name} × ${x.count}`).join(', ') : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.deliveryAddress')}>
            {b.deliveryAddress ?? t('booking.atStore')}
          </Descriptions.Item>
          <Descriptions.Item label={t('booking.collectionAddress')}>
            {b.collectionAddress ?? t('booking.atStore')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.remark')}>{b.remark ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('booking.createdBy')}>
            {b.createdByName ?? '-'} · {formatDateTime(b.createdAt)}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <div className="fd-short-two">
        <Card size="small" title={t('booking.quote')}>
          <QuoteView quote={b.quote} />
        </Card>
        <div className="fd-short-page">
          <MoneyCard b={b} />
          <Card size="small" title={t('booking.history')}>
            <Timeline
              items={b.events.map((e) => ({
                key: e.id,
                title: title(BOOKING_EVENT_KIND_TITLES[e.kind]),
                content: (
                  <>
                    {typeof e.data.text === 'string' && e.data.text ? <div>{e.data.text}</div> : null}
                    <div className="fd-muted">
                      {formatDateTime(e.at)} · {e.userName ?? t('booking.system')}
                    </div>
                  </>
                ),
              }))}
            />
          </Card>
        </div>
      </div>

      {dialog === 'cancel' && <CancelDialog booking={b} onClose={close} now={now} />}
      {dialog === 'settle' && <SettleDialog booking={b} onClose={close} onBalance={() => void startPay()} />}
      {(dialog === 'pickUp' || dialog === 'return') && !mileage.isLoading && (
        <InspectionWizard
          kind={dialog === 'pickUp' ? 'dispatch' : 'return'}
          title={dialog === 'pickUp' ? t('booking.pickUpInspection') : t('booking.returnInspection')}
          lastMileage={mileage.data ?? 0}
          onSubmit={(body, silent) =>
            dialog === 'pickUp'
              ? pickUp.mutateAsync({ id: b.id, body, silent })
              : giveBack.mutateAsync({ id: b.id, body, silent })
          }
          onClose={close}
        />
      )}
      {payOrder !== null && (
        <PayDialog
          orderId={payOrder}
          onClose={() => {
            setPayOrder(null);
            setPayFrom(null);
          }}
          onPaid={() => void client.invalidateQueries({ queryKey: shortKey })}
          description={b.code}
        />
      )}
    </div>
  );
}
