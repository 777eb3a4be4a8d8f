import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalBill } from '@fleetdesk/contracts/driver-portal';
import type { PayInfo } from '@fleetdesk/contracts/payments';
import { formatDate, formatMoney } from '../../../lib/format';
import { billsQuery, payBills, useAfterPayment, type BillsView } from '../api/portal';
import { PaySheet } from '../components/pay-sheet';
import { PortalFrame } from '../components/portal-frame';
import { Loadable } from '../components/states';

const STATE_COLORS: Record<PortalBill['state'], string> = {
  unpaid: 'orange',
  partial: 'blue',
  paid: 'green',
  waived: 'default',
};

/** Open bills the driver may pay online now. */
export const canPay = (b: PortalBill) => b.payable && (b.state === 'unpaid' || b.state === 'partial') && b.left > 0;

/** The sum of the chosen bills' left amounts, in fen to add exactly. */
export function totalOf(bills: readonly PortalBill[], chosen: ReadonlySet<number>): number {
  return bills.filter((b) => chosen.has(b.id)).reduce((s, b) => s + Math.round(b.left * 100), 0) / 100;
}

function BillRow({
  bill,
  checked,
  onCheck,
}: {
  bill: PortalBill;
  checked: boolean;
  onCheck: ((on: boolean) => void) | null;
}) {
  const { t } = useTranslation('driverPortal');
  const label = `${bill.contractNumber} ${bill.typeName}${bill.period !== null ? ` ${t('bills.period', { period: bill.period })}` : ''}`;
  return (
    <li className="fd-dp-card fd-dp-bill" data-testid={`dp-bill-${bill.id}`}>
      <div className="fd-dp-bill-head">
        {onCheck ? (
          <Checkbox
            checked={checked}
            onChange={(e) => onCheck(e.target.checked)}
            aria-label={t('bills.choose', { name: label })}
          />
        ) : null}
        <div className="fd-dp-bill-title">
          <strong>{bill.typeName}</strong>
          {bill.period !== null ? (
            <span className="fd-muted"> · {t('bills.period', { period: bill.period })}</span>
          ) : null}
          <div className="fd-muted fd-dp-small">{bill.contractNumber}</div>
        </div>
        <Tag color={STATE_COLORS[bill.state]}>{t(`bills.states.${bill.state}`)}</Tag>
      </div>
      <dl className="fd-dp-facts fd-dp-facts-grid">
        <dt>{t('bills.due')}</dt>
        <dd>{formatDate(bill.dueDate)}</dd>
        <dt>{t('bills.amount')}</dt>
        <dd>{formatMoney(bill.amount)}</dd>
        <dt>{t('bills.paid')}</dt>
        <dd>{formatMoney(bill.paid)}</dd>
        <dt>{t('bills.left')}</dt>
        <dd>
          <strong>{formatMoney(bill.left)}</strong>
        </dd>
      </dl>
      {bill.overdueDays > 0 && bill.state !== 'paid' && bill.state !== 'waived' ? (
        <div className="fd-dp-danger">{t('bills.overdueDays', { count: bill.overdueDays })}</div>
      ) : null}
      {!bill.payable && (bill.state === 'unpaid' || bill.state === 'partial') ? (
        <div className="fd-muted fd-dp-small">{t('bills.notPayable')}</div>
      ) : null}
    </li>
  );
}

function BillList({ view }: { view: BillsView }) {
  const { t } = useTranslation('driverPortal');
  const { message } = App.useApp();
  const bills = useQuery(billsQuery(view));
  const afterPayment = useAfterPayment();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [paying, setPaying] = useState(false);
  const [order, setOrder] = useState<PayInfo | null>(null);
  const rows = useMemo(() => bills.data ?? [], [bills.data]);
  // Only what is still payable in the list as it is now counts.
  const live = useMemo(
    () => new Set(rows.filter((b) => chosen.has(b.id) && canPay(b)).map((b) => b.id)),
    [rows, chosen],
  );
  const total = totalOf(rows, live);

  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const pay = async () => {
    setPaying(true);
    try {
      setOrder(await payBills([...live]));
    } catch {
      // The request layer has said why.
    } finally {
      setPaying(false);
    }
  };

  const onPaid = useCallback(() => {
    setChosen(new Set());
    void message.success(t('pay.paid'));
    void afterPayment();
  }, [afterPayment, message, t]);

  return (
    <>
      <Loadable
        query={bills}
        empty={view === 'open' ? t('bills.emptyOpen') : t('bills.empty')}
        isEmpty={(d) => d.length === 0}
      >
        {(list) => (
          <ul className="fd-dp-list">
            {list.map((b) => (
              <BillRow
                key={b.id}
                bill={b}
                checked={live.has(b.id)}
                onCheck={canPay(b) ? (on) => toggle(b.id, on) : null}
              />
            ))}
          </ul>
        )}
      </Loadable>
      {rows.some(canPay) ? (
        <div className="fd-dp-paybar" data-testid="dp-paybar">
          <div>
            <div className="fd-muted fd-dp-small">{t('bills.selected', { count: live.size })}</div>
            <strong className="fd-dp-paybar-total">{formatMoney(total)}</strong>
          </div>
          <Button type="primary" size="large" disabled={live.size === 0} loading={paying} onClick={() => void pay()}>
            {t('bills.pay')}
          </Button>
        </div>
      ) : null}
      <PaySheet info={order} onClose={() => setOrder(null)} onPaid={onPaid} />
    </>
  );
}

/** The driver's bills: the open ones to pay (chosen, then paid together by QR code), or the whole schedule. */
export default function PortalBillsPage() {
  const { t } = useTranslation('driverPortal');
  const [view, setView] = useState<BillsView>('open');
  return (
    <PortalFrame title={t('bills.title')}>
      <Tabs
        activeKey={view}
        onChange={(k) => setView(k as BillsView)}
        items={[
          { key: 'open', label: t('bills.open') },
          { key: 'all', label: t('bills.all') },
        ]}
      />
      <BillList key={view} view={view} />
    </PortalFrame>
  );
}
