import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import {
  RENTER_LEDGER_KIND_TITLES,
  RENTER_TOP_UP_MAX_YUAN,
  RENTER_TOP_UP_MIN_YUAN,
  RenterTopUpInput,
} from '@fleetdesk/contracts/time-share';
import { useModalForm } from '../../../components/use-modal-form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { issueMessage } from '../../../lib/validation';
import { payFinished } from '../../../lib/payments';
import {
  getTopUpStatus,
  ledgerQuery,
  renterQuery,
  timeShareKey,
  useTopUp,
  type RenterLedgerEntry,
  type RenterRow,
} from '../api/time-share';
import { useTitle } from './titles';

/** How often the renter's balance is asked again while the top-up's QR code is shown. */
export const TOP_UP_POLL_MS = 2_000;

/**
 * While the QR code is shown: the order's payment asked every two seconds (as the billing screens do) until it is
 * paid or closed; then the renter's balance.
 */
function TopUpQr({ info, renter, pollMs }: { info: PayInfo; renter: RenterRow; pollMs: number }) {
  const { t } = useTranslation('time-share');
  const status = useQuery({
    queryKey: [...timeShareKey, 'topUpStatus', info.orderId] as readonly unknown[],
    queryFn: () => getTopUpStatus(info.orderId),
    refetchInterval: (q) => (q.state.data && payFinished(q.state.data.status) ? false : pollMs),
    refetchIntervalInBackground: true,
    gcTime: 0,
    retry: false,
  });
  const arrived = status.data?.status === 'paid';
  const current = useQuery({ ...renterQuery(renter.driverId), enabled: arrived });
  const balance = current.data?.balance;
  if (status.data && !arrived && payFinished(status.data.status))
    return <Result status="warning" title={t('topUp.closed')} />;
  if (arrived)
    return (
      <Result
        status="success"
        title={t('topUp.arrived', { amount: formatMoney(info.amount) })}
        subTitle={balance === undefined ? undefined : t('topUp.balanceNow', { amount: formatMoney(balance) })}
      />
    );
  return (
    <div className="fd-ts-qr" data-testid="top-up-qr">
      <p>
        {t('topUp.scan', { amount: formatMoney(info.amount), orderNo: info.orderNo })}
        {info.sandbox ? <Tag color="purple">{t('topUp.sandbox')}</Tag> : null}
      </p>
      <img src={info.qrImage} alt={t('topUp.qrAlt', { orderNo: info.orderNo })} width={200} height={200} />
      <p className="fd-muted">{t('topUp.waiting', { time: formatDateTime(info.expiresAt) })}</p>
      {info.payUrl ? (
        <Button href={info.payUrl} target="_blank" rel="noopener" icon={<ExportOutlined />}>
          {t('topUp.openSandbox')}
        </Button>
      ) : null}
    </div>
  );
}

/** A top-up of a renter's balance: the amount, then the order's QR code (and the sandbox page) until paid. */
export function TopUpDialog({
  renter,
  onClose,
  pollMs = TOP_UP_POLL_MS,
}: {
  renter: RenterRow;
  onClose: () => void;
  pollMs?: number;
}) {
  const { t } = useTranslation('time-share');
  const topUp = useTopUp();
  const [info, setInfo] = useState<PayInfo | null>(null);
  const [form] = Form.useForm<{ amount: number | null }>();
  const modal = useModalForm<{ amount: number | null }, PayInfo, { driverId: number; amount: number }>({
    form,
    submit: (input) => topUp.mutateAsync(input),
    // The dialog stays open on the QR code: the form alone is done.
    onSuccess: (answer) => setInfo(answer),
  });
  const finish = (v: { amount: number | null }) => {
    const parsed = RenterTopUpInput.safeParse({ driverId: renter.driverId, amount: v.amount });
    if (!parsed.success) {
      form.setFields([{ name: 'amount', errors: [issueMessage(parsed.error.issues[0]!, t)] }]);
      return;
    }
    void modal.submit(parsed.data);
  };
  return (
    <Modal
      open
      title={t('topUp.title', { name: renter.name })}
      onCancel={onClose}
      destroyOnHidden
      okText={info ? t('actions.close') : t('topUp.ok')}
      onOk={() => (info ? onClose() : form.submit())}
      cancelButtonProps={info ? { style: { display: 'none' } } : undefined}
      confirmLoading={modal.saving}
    >
      {info ? (
        <TopUpQr info={info} renter={renter} pollMs={pollMs} />
      ) : (
        <Form form={form} layout="vertical" onFinish={finish} aria-label={t('topUp.title', { name: renter.name })}>
          <p>{t('topUp.balance', { amount: formatMoney(renter.balance) })}</p>
          {renter.owed > 0 ? (
            <Alert type="warning" showIcon title={t('topUp.owed', { amount: formatMoney(renter.owed) })} />
          ) : null}
          <Form.Item
            name="amount"
            label={t('topUp.amount')}
            extra={t('topUp.limits', {
              min: formatMoney(RENTER_TOP_UP_MIN_YUAN),
              max: formatMoney(RENTER_TOP_UP_MAX_YUAN),
            })}
          >
            <InputNumber<number>
              min={0}
              precision={2}
              prefix="¥"
              className="fd-ts-full"
              aria-label={t('topUp.amount')}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** A renter's ledger: top-ups, trips, refunds, adjustments, each with the balance after it. */
export function LedgerDrawer({ renter, onClose }: { renter: RenterRow; onClose: () => void }) {
  const { t } = useTranslation('time-share');
  const title = useTitle();
  const [page, setPage] = useState(1);
  const ledger = useQuery(ledgerQuery({ driverId: renter.driverId, pageNum: page, pageSize: 20 }));
  return (
    <Drawer open title={t('ledger.title', { name: renter.name })} onClose={onClose} size="large">
      <p>{t('topUp.balance', { amount: formatMoney(renter.balance) })}</p>
      <Table<RenterLedgerEntry>
        rowKey="id"
        size="small"
        loading={ledger.isPending}
        dataSource={ledger.data?.rows ?? []}
        locale={{ emptyText: ledger.isError ? t('ledger.failed') : t('ledger.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: ledger.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'at', title: t('ledger.at'), render: (_, e) => formatDateTime(e.createdAt) },
          { key: 'kind', title: t('ledger.kind'), render: (_, e) => title(RENTER_LEDGER_KIND_TITLES[e.kind]) },
          {
            key: 'amount',
            title: t('ledger.amount'),
            render: (_, e) => (
              <span className={e.amount < 0 ? 'fd-ts-debit' : 'fd-ts-credit'}>
                {e.amount > 0 ? '+' : ''}
                {formatMoney(e.amount)}
              </span>
            ),
          },
          { key: 'after', title: t('ledger.after'), render: (_, e) => formatMoney(e.balanceAfter) },
          {
            key: 'ref',
            title: t('ledger.reference'),
            render: (_, e) => (e.referenceType ? `${e.referenceType} ${e.referenceId ?? ''}` : '-'),
          },
          { key: 'by', title: t('ledger.by'), render: (_, e) => e.createdByName ?? '-' },
        ]}
      />
    </Drawer>
  );
}
