import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { payStatusQuery } from '../api/portal';

/** How often the sheet asks whether the order is paid. */
export const PAY_POLL_MS = 2_000;

interface Props {
  /** The order to pay; null: closed (and nothing is asked any more). */
  info: PayInfo | null;
  onClose: () => void;
  /** Once, when the order is found paid. */
  onPaid: () => void;
  pollMs?: number;
}

/** The order's status, asked every two seconds while the sheet is open; `onPaid` once when it is paid. */
function PayStatusView({ info, onPaid, pollMs }: { info: PayInfo; onPaid: () => void; pollMs: number }) {
  const { t } = useTranslation('driverPortal');
  const status = useQuery(payStatusQuery(info.orderId, pollMs));
  const state = status.data?.status;
  const told = useRef(false);
  useEffect(() => {
    if (state === 'paid' && !told.current) {
      told.current = true;
      onPaid();
    }
  }, [state, onPaid]);
  if (state === 'paid') return <Result status="success" title={t('pay.paid')} subTitle={t('pay.paidText')} />;
  if (state && state !== 'unpaid') return <Result status="warning" title={t('pay.closed')} />;
  return (
    <div className="fd-dp-pay-waiting" role="status">
      <Spin size="small" /> {t('pay.waiting')}
    </div>
  );
}

/**
 * Paying the chosen bills by QR code: the code, the amount, the provider and when the order closes; the sandbox
 * page when the provider is the sandbox. Closing the sheet stops asking.
 */
export function PaySheet({ info, onClose, onPaid, pollMs = PAY_POLL_MS }: Props) {
  const { t } = useTranslation('driverPortal');
  return (
    <Drawer
      open={info !== null}
      placement="bottom"
      size="auto"
      title={t('pay.title')}
      onClose={onClose}
      destroyOnHidden
      className="fd-dp-sheet"
      rootClassName="fd-dp-sheet-root"
    >
      {info ? (
        <div className="fd-dp-pay" data-testid="dp-pay-sheet">
          <img className="fd-dp-pay-qr" src={info.qrImage} alt={t('pay.qrAlt')} width={200} height={200} />
          <dl className="fd-dp-facts">
            <dt>{t('pay.amount')}</dt>
            <dd className="fd-dp-pay-amount">{formatMoney(info.amount)}</dd>
            <dt>{t('pay.provider')}</dt>
            <dd>{t(`pay.providers.${info.provider}`)}</dd>
            <dt>{t('pay.expires')}</dt>
            <dd>{formatDateTime(info.expiresAt)}</dd>
          </dl>
          {info.payUrl ? (
            <Button block icon={<ExportOutlined />} href={info.payUrl} target="_blank" rel="noopener noreferrer">
              {t('pay.sandbox')}
            </Button>
          ) : null}
          <PayStatusView key={info.orderId} info={info} onPaid={onPaid} pollMs={pollMs} />
          <Button type="primary" block onClick={onClose}>
            {t('pay.done')}
          </Button>
        </div>
      ) : null}
    </Drawer>
  );
}
