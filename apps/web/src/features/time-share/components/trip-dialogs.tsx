import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_SHARE_RULES } from '@fleetdesk/contracts/organisation';
import type { OutsideZoneDetails, TripEndAnswer } from '@fleetdesk/contracts/time-share';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { formatMoney, formatPlate } from '../../../lib/format';
import { RequestError } from '../../../lib/request';
import { useDebounced } from '../../../lib/use-debounced';
import {
  rentersQuery,
  rulesQuery,
  shareCarsQuery,
  useCancelTrip,
  useEndTrip,
  usePayTrip,
  useReserveTrip,
  useStartTrip,
  zoneOptionsQuery,
  type TripDetail,
} from '../api/time-share';
import { tripActions } from '../model/tabs';
import type { TripState } from '@fleetdesk/contracts/time-share';

/** The message of a refusal (409) to show inside a dialog; null for another failure (shown by the request layer). */
function refusal(e: unknown): string | null {
  return e instanceof RequestError && e.httpStatus === 409 ? e.serverMessage || e.message : null;
}

/** The nearest zone of a 409 `timeShare.outsideZone` (answered as `data`); null for another failure. */
export function outsideZoneOf(
  e: unknown,
): (OutsideZoneDetails & { message: string; offZoneFee: number | null }) | null {
  if (!(e instanceof RequestError) || e.httpStatus !== 409) return null;
  const body = (e.body ?? {}) as { code?: unknown; data?: Record<string, unknown> };
  const data = body.data ?? {};
  if (body.code !== 'outsideZone' && body.code !== 'timeShare.outsideZone' && !('distanceM' in data)) return null;
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    message: e.serverMessage || e.message,
    zoneId: num(data.zoneId),
    zoneName: typeof data.zoneName === 'string' ? data.zoneName : null,
    distanceM: num(data.distanceM),
    offZoneFee: num(data.offZoneFee),
  };
}

interface ReserveValues {
  zoneId?: number;
  carId: number;
  driverId: number;
}

/** A reservation: a time-share car idle at a zone and a renter (found by name or phone) without a live trip. */
export function ReserveDialog({
  onClose,
  onReserved,
}: {
  onClose: () => void;
  onReserved: (trip: TripDetail) => void;
}) {
  const { t } = useTranslation('time-share');
  const { message } = App.useApp();
  const reserve = useReserveTrip();
  const [refused, setRefused] = useState<string | null>(null);
  const [carSearch, setCarSearch] = useState('');
  const [renterSearch, setRenterSearch] = useState('');
  const carKeyword = useDebounced(carSearch, 300);
  const renterKeyword = useDebounced(renterSearch, 300);
  const { form, submit, saving } = useModalForm<ReserveValues, TripDetail>({
    submit: async (v) => {
      setRefused(null);
      try {
        return await reserve.mutateAsync({ carId: v.carId, driverId: v.driverId });
      } catch (e) {
        setRefused(refusal(e));
        throw e;
      }
    },
    onSuccess: (trip) => {
      void message.success(t('reserve.done', { code: trip.code }));
      onReserved(trip);
    },
    onClose,
  });
  const zoneId = Form.useWatch('zoneId', form);
  const zones = useQuery(zoneOptionsQuery());
  const cars = useQuery(
    shareCarsQuery({
      pageNum: 1,
      pageSize: 100,
      ...(zoneId ? { zoneId } : {}),
      ...(carKeyword ? { keyword: carKeyword } : {}),
    }),
  );
  const renters = useQuery(
    rentersQuery({ pageNum: 1, pageSize: 20, ...(renterKeyword ? { keyword: renterKeyword } : {}) }),
  );
  // Only cars idle at a zone with no live trip can be reserved.
  const idle = (cars.data?.rows ?? []).filter((c) => c.status === 'idle' && c.liveTripId === null && c.zoneId !== null);

  return (
    <Modal
      open
      title={t('reserve.title')}
      okText={t('reserve.ok')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<ReserveValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        aria-label={t('reserve.title')}
      >
        {refused ? <Alert type="error" showIcon className="fd-inline-failure" title={refused} /> : null}
        <Form.Item name="zoneId" label={t('fields.zone')}>
          <Select
            allowClear
            placeholder={t('reserve.anyZone')}
            options={(zones.data ?? [])
              .filter((z) => z.enabled)
              .map((z) => ({ value: z.id, label: `${z.name} · ${z.city}` }))}
            onChange={() => form.setFieldValue('carId', undefined)}
          />
        </Form.Item>
        <Form.Item name="carId" label={t('fields.car')} rules={[{ required: true, message: t('form.choose') }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setCarSearch}
            loading={cars.isFetching}
            aria-label={t('fields.car')}
            notFoundContent={t('reserve.noCars')}
            options={idle.map((c) => ({
              value: c.carId,
              label: [formatPlate(c.plate), c.carTypeName, c.zoneName].filter(Boolean).join(' · '),
            }))}
          />
        </Form.Item>
        <Form.Item name="driverId" label={t('fields.renter')} rules={[{ required: true, message: t('form.choose') }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setRenterSearch}
            loading={renters.isFetching}
            aria-label={t('fields.renter')}
            placeholder={t('reserve.renterHint')}
            notFoundContent={t('reserve.noRenters')}
            options={(renters.data?.rows ?? []).map((r) => ({
              value: r.driverId,
              disabled: r.liveTripId !== null,
              label: `${r.name} ${r.phone} · ${t('renters.balanceOf', { amount: formatMoney(r.balance) })}${
                r.liveTripId !== null ? ` · ${t('renters.onTrip')}` : ''
              }`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The amount of an ended trip: paid from the balance, or owed. */
function EndOutcome({ answer }: { answer: TripEndAnswer }) {
  const { t } = useTranslation('time-share');
  const a = answer.amount;
  return (
    <>
      <Result
        status={answer.state === 'paid' ? 'success' : 'warning'}
        title={
          answer.state === 'paid'
            ? t('end.paid', { amount: formatMoney(a.total) })
            : t('end.owed', { amount: formatMoney(answer.owed) })
        }
        subTitle={t('end.balanceNow', { amount: formatMoney(answer.balance) })}
      />
      <Descriptions size="small" column={1} bordered data-testid="end-amount">
        <Descriptions.Item label={t('amount.minutes')}>
          {t('amount.minutesValue', { count: a.minutes })}
        </Descriptions.Item>
        <Descriptions.Item label={t('amount.time')}>{formatMoney(a.time)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.km')}>{formatMoney(a.km)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.parking')}>{formatMoney(a.parking)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.offZone')}>{formatMoney(a.offZone)}</Descriptions.Item>
        <Descriptions.Item label={t('amount.total')}>
          <strong>{formatMoney(a.total)}</strong>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

/**
 * Ending a trip: the server checks the car's last GPS position against the zones. Outside every zone it answers
 * the nearest zone and its distance; the trip can then be ended anyway with the off-zone fee (staff recovering a
 * car do so).
 */
export function EndDialog({
  trip,
  onClose,
}: {
  trip: { id: number; code: string; plate: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('time-share');
  const end = useEndTrip();
  const rules = useQuery(rulesQuery());
  const [outside, setOutside] = useState<ReturnType<typeof outsideZoneOf>>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [answer, setAnswer] = useState<TripEndAnswer | null>(null);
  // The fee the server named with its refusal, else the rules' (when readable).
  const fee = outside?.offZoneFee ?? rules.data?.timeShare?.offZoneFee;

  const run = async (acceptOffZone: boolean) => {
    setRefused(null);
    try {
      setAnswer(await end.mutateAsync({ id: trip.id, acceptOffZone }));
      setOutside(null);
    } catch (e) {
      const away = outsideZoneOf(e);
      if (away) setOutside(away);
      else setRefused(refusal(e));
    }
  };

  const footer = answer ? (
    <Button type="primary" onClick={onClose}>
      {t('actions.close')}
    </Button>
  ) : (
    <Space wrap>
      <Button onClick={onClose}>{t('actions.cancel')}</Button>
      {outside ? (
        <Button danger type="primary" loading={end.isPending} onClick={() => void run(true)}>
          {t('end.acceptOffZone')}
        </Button>
      ) : (
        <Button type="primary" loading={end.isPending} onClick={() => void run(false)}>
          {t('end.ok')}
        </Button>
      )}
    </Space>
  );

  return (
    <Modal open title={t('end.title', { code: trip.code })} onCancel={onClose} footer={footer} destroyOnHidden>
      {answer ? (
        <EndOutcome answer={answer} />
      ) : (
        <div data-testid="end-check">
          <p>{t('end.check', { plate: formatPlate(trip.plate) })}</p>
          {refused ? <Alert type="error" showIcon className="fd-inline-failure" title={refused} /> : null}
          {outside ? (
            <Alert
              type="warning"
              showIcon
              title={outside.message}
              data-testid="outside-zone"
              description={
                <>
                  {outside.zoneName ? (
                    <p>{t('end.nearest', { zone: outside.zoneName, distance: outside.distanceM ?? '-' })}</p>
                  ) : (
                    <p>{t('end.noZone')}</p>
                  )}
                  <p>
                    {t('end.fee', { amount: formatMoney(fee ?? DEFAULT_TIME_SHARE_RULES.offZoneFee) })}
                    {fee === undefined ? ` ${t('end.feeDefault')}` : ''}
                  </p>
                </>
              }
            />
          ) : null}
        </div>
      )}
    </Modal>
  );
}

/** Cancelling a reservation, with its reason. */
export function CancelDialog({ trip, onClose }: { trip: { id: number; code: string }; onClose: () => void }) {
  const { t } = useTranslation('time-share');
  const { message } = App.useApp();
  const cancel = useCancelTrip();
  const { form, submit, saving } = useModalForm<{ reason: string }>({
    submit: (v) => cancel.mutateAsync({ id: trip.id, reason: v.reason.trim() }),
    onSuccess: () => void message.success(t('cancel.done', { code: trip.code })),
    onClose,
  });
  return (
    <Modal
      open
      title={t('cancel.title', { code: trip.code })}
      okText={t('cancel.ok')}
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<{ reason: string }> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reason"
          label={t('cancel.reason')}
          rules={[
            { required: true, whitespace: true, message: t('form.required') },
            { max: 200, message: t('form.tooLong', { max: 200 }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Open = { kind: 'end' } | { kind: 'cancel' } | null;

/** The buttons of a trip's actions (list row or trip page), by state and `sevenGo:edit`. */
export function TripActions({
  trip,
  size,
}: {
  trip: { id: number; code: string; plate: string; state: TripState };
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('time-share');
  const { message } = App.useApp();
  const access = useAccess();
  const start = useStartTrip();
  const pay = usePayTrip();
  const [open, setOpen] = useState<Open>(null);
  const actions = tripActions(trip.state, access);
  // An open dialog outlives the actions: the end's outcome stays up once the trip is paid (and has none).
  if (!actions.length && !open) return null;
  return (
    <span onClick={(e) => e.stopPropagation()} className="fd-ts-actions">
      <Space wrap size="small">
        {actions.includes('start') ? (
          <Button
            size={size}
            type="primary"
            loading={start.isPending}
            onClick={() =>
              void start.mutateAsync(trip.id).then(() => void message.success(t('start.done', { code: trip.code })))
            }
          >
            {t('actions.start')}
          </Button>
        ) : null}
        {actions.includes('end') ? (
          <Button size={size} type="primary" onClick={() => setOpen({ kind: 'end' })}>
            {t('actions.end')}
          </Button>
        ) : null}
        {actions.includes('pay') ? (
          <Button
            size={size}
            loading={pay.isPending}
            onClick={() =>
              void pay
                .mutateAsync(trip.id)
                .then((a) =>
                  a.state === 'paid'
                    ? void message.success(t('end.paid', { amount: formatMoney(a.amount.total) }))
                    : void message.warning(t('end.owed', { amount: formatMoney(a.owed) })),
                )
            }
          >
            {t('actions.pay')}
          </Button>
        ) : null}
        {actions.includes('cancel') ? (
          <Button size={size} danger onClick={() => setOpen({ kind: 'cancel' })}>
            {t('actions.cancelTrip')}
          </Button>
        ) : null}
      </Space>
      {open?.kind === 'end' ? <EndDialog trip={trip} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'cancel' ? <CancelDialog trip={trip} onClose={() => setOpen(null)} /> : null}
    </span>
  );
}
