import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayInfo, PayStatus } from '@fleetdesk/contracts/payments';
import { formatMoney } from '../../lib/format';
import { getPayStatus, payFinished, payInfoQuery } from '../../lib/payments';
import './i18n';
import './pay-dialog.css';

/** How often the page asks whether the order is paid while its QR code is shown. */
export const PAY_POLL_MS = 2_000;

export interface PayDialogProps {
  /** The unpaid order to pay; null: closed. */
  orderId: number | null;
  onClose: () => void;
  /** Once, when the order is found paid. */
  onPaid: (status: PayStatus, info: PayInfo) => void;
  /** Offered when the order closed unpaid (timeout, cancelled): a new order of the same thing. */
  onNewOrder?: () => void;
  /** What is bought, under the amount. */
  description?: string;
  pollMs?: number;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1_000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Paying an order by QR code: the code with the amount and a countdown to when the order closes, the payer's
 * progress (waiting, scanned, declined) asked every two seconds while shown, then paid (the caller moves on),
 * or closed / expired with the offer of a new order. The sandbox provider's page can be opened from here.
 */
export function PayDialog({ orderId, onClose, onPaid, onNewOrder, description, pollMs = PAY_POLL_MS }: PayDialogProps) {
  const { t } = useTranslation('pay');
  const open = orderId !== null;
  const info = useQuery({ ...payInfoQuery(orderId ?? 0), enabled: open });
  const [last, setLast] = useState<PayStatus | null>(null);
  // The outcome belongs to its order: another order starts afresh.
  const finished = last && last.orderId === orderId ? last : null;
  const status = useQuery({
    queryKey: ['orders', 'payStatus', orderId],
    queryFn: () => getPayStatus(orderId!),
    enabled: open && !!info.data && !finished,
    refetchInterval: pollMs,
    refetchIntervalInBackground: true,
    gcTime: 0,
    retry: false,
  });
  const now = useNow(open && !finished);
  const paidOnce = useRef<number | null>(null);

  useEffect(() => {
    const s = status.data;
    if (!s || !payFinished(s.status)) return;
    setLast(s);
    if ((s.status === 'paid' || s.status === 'partRefunded') && info.data && paidOnce.current !== s.orderId) {
      paidOnce.current = s.orderId;
      onPaid(s, info.data);
    }
  }, [status.data, info.data, onPaid]);

  const data = info.data;
  const left = data ? new Date(data.expiresAt).getTime() - now : 0;
  const expired = !!data && left <= 0 && !finished;
  const payerState = status.data?.payerState ?? 'waiting';
  const provider = data ? t(`provider.${data.provider}`) : '';

  let body;
  if (info.isError) {
    body = (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={<Button onClick={() => void info.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (!data) {
    body = (
      <div className="fd-pay-loading">
        <Spin />
      </div>
    );
  } else if (finished && (finished.status === 'paid' || finished.status === 'partRefunded')) {
    body = (
      <Result
        status="success"
        title={t('paidTitle')}
        subTitle={t('paidText', { orderNo: data.orderNo, amount: formatMoney(data.amount) })}
      />
    );
  } else if (finished || expired) {
    const key = finished ? finished.status : 'expired';
    body = (
      <Result
        status="warning"
        title={t(`state.${key}`)}
        extra={
          onNewOrder && (
            <Button type="primary" onClick={onNewOrder}>
              {t('newOrder')}
            </Button>
          )
        }
      />
    );
  } else {
    body = (
      <div className="fd-pay" data-testid="pay-qr">
        <div className="fd-pay-amount">
          <span className="fd-muted">{t('amount')}</span>
          <strong>{formatMoney(data.amount)}</strong>
          {description && <span className="fd-pay-what">{description}</span>}
        </div>
        <div className={`fd-pay-code fd-pay-code-${payerState}`}>
          <img src={data.qrImage} alt={t('qrAlt', { orderNo: data.orderNo })} width={200} height={200} />
        </div>
        <p className="fd-pay-scan">
          {t('scanWith', { provider })}
          {data.sandbox && <Tag color="purple">{t('sandboxTag')}</Tag>}
        </p>
        <Alert
          className="fd-pay-state"
          type={payerState === 'declined' ? 'error' : payerState === 'scanned' ? 'success' : 'info'}
          showIcon
          title={t(`state.${payerState}`)}
          data-testid="pay-state"
        />
        <p className="fd-pay-countdown" data-testid="pay-countdown">
          <ClockCircleOutlined /> {t('closesIn', { time: clock(left) })}
        </p>
        {data.payUrl && (
          <div className="fd-pay-sandbox">
            <Button href={data.payUrl} target="_blank" rel="noopener" icon={<ExportOutlined />}>
              {t('openSandbox')}
            </Button>
            <p className="fd-muted">{t('sandboxNote')}</p>
          </div>
        )}
      </div>
    );
  }

  return (
    <Modal
      open={open}
      title={data ? t('title', { orderNo: data.orderNo }) : t('title', { orderNo: '' })}
      onCancel={onClose}
      width={420}
      destroyOnHidden
      footer={
        <Button onClick={onClose} type={finished ? 'primary' : 'default'}>
          {t('close')}
        </Button>
      }
    >
      {body}
    </Modal>
  );
}
