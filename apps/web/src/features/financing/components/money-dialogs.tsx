import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayAnswer } from '@fleetdesk/contracts/financing-money';
import { PayDialog as OrderPayDialog } from '../../../components/pay/pay-dialog';
import {
  REPAYMENT_METHOD_TITLES,
  type Application,
  type FinancingInstalment,
  type RepaymentMethod,
} from '@fleetdesk/contracts/financing';
import { formatMoney } from '../../../lib/format';
import { isFieldFailure } from '../../../lib/field-failure';
import { financingKey } from '../api/keys';
import { applyDepositReturn, payInstalment, payoff, payoffQuoteQuery, requestWaiver } from '../api/money';
import { ActionDialog } from './action-dialog';
import { useTitle } from './titles';

/**
 * An online payment answers the payments area's order to pay by QR code: the form closes and the order's dialog
 * opens; once paid (or closed) every financing query is asked again.
 */
function usePayFlow(onClose: () => void) {
  const client = useQueryClient();
  const [orderId, setOrderId] = useState<number | null>(null);
  const pending = useRef(false);
  const done = (result: unknown) => {
    const info = (result as PayAnswer | undefined)?.payInfo;
    if (info) {
      pending.current = true;
      setOrderId(info.orderId);
    }
  };
  const close = () => {
    if (!pending.current) onClose();
  };
  const finish = () => {
    pending.current = false;
    setOrderId(null);
    void client.invalidateQueries({ queryKey: financingKey });
    onClose();
  };
  const order = (description: string): ReactNode =>
    orderId ? <OrderPayDialog orderId={orderId} onClose={finish} onPaid={finish} description={description} /> : null;
  return { done, close, order, paying: orderId !== null };
}

interface PayValues {
  amount: number;
  method: RepaymentMethod;
  note?: string;
}

/**
 * Paying an instalment: the applicant pays online (from the company's balance, through the payments area) or
 * declares a bank transfer the financier confirms; the financier records a payment it received. Part of the
 * outstanding amount may be paid (the instalment stays partly paid); the oldest late fee, interest, then principal.
 */
export function PayDialog({
  instalment,
  financier,
  onClose,
}: {
  instalment: FinancingInstalment;
  financier: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const methods: RepaymentMethod[] = financier ? ['recorded'] : ['online', 'transfer'];
  const flow = usePayFlow(onClose);
  if (flow.paying) return flow.order(t('pay.title', { code: instalment.code }));
  return (
    <ActionDialog<PayValues>
      title={t('pay.title', { code: instalment.code })}
      okText={financier ? t('pay.record') : t('pay.pay')}
      initialValues={{ amount: instalment.outstanding, method: methods[0] }}
      onClose={flow.close}
      onDone={flow.done}
      submit={(v) => payInstalment(instalment.id, v.amount, v.method, v.note, isFieldFailure)}
    >
      <Descriptions
        size="small"
        column={1}
        className="fd-fin-dialog-summary"
        items={[
          { key: 'due', label: t('columns.dueDate'), children: instalment.dueDate },
          { key: 'amount', label: t('columns.payment'), children: formatMoney(instalment.amount) },
          ...(instalment.lateFee > 0
            ? [
                {
                  key: 'late',
                  label: t('columns.lateFee'),
                  children: t('pay.lateFee', {
                    fee: formatMoney(instalment.lateFee - instalment.lateFeePaid - instalment.lateFeeWaived),
                    days: instalment.overdueDays,
                  }),
                },
              ]
            : []),
          { key: 'paid', label: t('columns.paid'), children: formatMoney(instalment.paid + instalment.lateFeePaid) },
          {
            key: 'outstanding',
            label: t('columns.outstanding'),
            children: <strong>{formatMoney(instalment.outstanding)}</strong>,
          },
        ]}
      />
      <Form.Item name="method" label={t('pay.method')}>
        <Radio.Group options={methods.map((m) => ({ value: m, label: title(REPAYMENT_METHOD_TITLES[m]) }))} />
      </Form.Item>
      <Form.Item name="amount" label={t('pay.amount')} rules={[{ required: true, message: t('form.required') }]}>
        <InputNumber min={0.01} max={instalment.outstanding} precision={2} />
      </Form.Item>
      <Form.Item name="note" label={t('pay.note')}>
        <Input maxLength={200} />
      </Form.Item>
    </ActionDialog>
  );
}

/** Early payoff: the server's quote (remaining principal, break fee, overdue, late fees, less the deposit). */
export function PayoffDialog({
  app,
  financier,
  onClose,
}: {
  app: Application;
  financier: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const quote = useQuery(payoffQuoteQuery(app.id));
  const q = quote.data;
  const methods: RepaymentMethod[] = financier ? ['recorded'] : ['online', 'transfer'];
  const flow = usePayFlow(onClose);
  if (flow.paying) return flow.order(t('payoff.title', { code: app.code }));
  return (
    <ActionDialog<{ method: RepaymentMethod; note?: string }>
      title={t('payoff.title', { code: app.code })}
      okText={t('payoff.confirm')}
      initialValues={{ method: methods[0] }}
      onClose={flow.close}
      onDone={flow.done}
      submit={(v) =>
        payoff(
          app.id,
          { version: app.version, method: v.method, amount: q?.total ?? 0, note: v.note || null },
          isFieldFailure,
        )
      }
    >
      {!q ? (
        <Skeleton active />
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="fd-fin-dialog-summary"
          data-testid="fin-payoff-quote"
          items={[
            { key: 'date', label: t('payoff.date'), children: q.date },
            { key: 'period', label: t('payoff.period'), children: q.currentPeriod },
            { key: 'principal', label: t('payoff.principal'), children: formatMoney(q.remainingPrincipal) },
            { key: 'break', label: t('payoff.breakFee'), children: formatMoney(q.breakFee) },
            { key: 'overdue', label: t('payoff.overdue'), children: formatMoney(q.overdue) },
            { key: 'late', label: t('payoff.lateFees'), children: formatMoney(q.lateFees) },
            { key: 'deposit', label: t('payoff.deposit'), children: `-${formatMoney(q.deposit)}` },
            {
              key: 'total',
              label: t('payoff.total'),
              children: <strong data-testid="fin-payoff-total">{formatMoney(q.total)}</strong>,
            },
            ...(q.refund > 0 ? [{ key: 'refund', label: t('payoff.refund'), children: formatMoney(q.refund) }] : []),
          ]}
        />
      )}
      <Form.Item name="method" label={t('pay.method')}>
        <Radio.Group options={methods.map((m) => ({ value: m, label: title(REPAYMENT_METHOD_TITLES[m]) }))} />
      </Form.Item>
      <Form.Item name="note" label={t('pay.note')}>
        <Input maxLength={200} />
      </Form.Item>
    </ActionDialog>
  );
}

interface DeductionValues {
  deductions: { reason: string; amount: number }[];
  reason?: string;
}

/** After settlement: the deposit's return, less the deductions named, for the financier to approve. */
export function DepositReturnDialog({ app, onClose }: { app: Application; onClose: () => void }) {
  const { t } = useTranslation('financing');
  const deposit = app.quote?.deposit ?? 0;
  return (
    <ActionDialog<DeductionValues>
      title={t('deposit.title', { code: app.code })}
      initialValues={{ deductions: [] }}
      onClose={onClose}
      submit={(v) =>
        applyDepositReturn(app.id, { deductions: v.deductions ?? [], reason: v.reason || null }, isFieldFailure)
      }
    >
      {(v) => {
        const deducted = (v.deductions ?? []).reduce((s, d) => s + Math.round((d?.amount ?? 0) * 100), 0) / 100;
        return (
          <>
            <Alert
              type="info"
              showIcon
              title={t('deposit.summary', {
                deposit: formatMoney(deposit),
                back: formatMoney(Math.max(0, deposit - deducted)),
              })}
            />
            <Form.List name="deductions">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} wrap align="start">
                      <Form.Item
                        name={[f.name, 'reason']}
                        label={t('deposit.reason')}
                        rules={[{ required: true, message: t('form.required') }]}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'amount']}
                        label={t('deposit.amount')}
                        rules={[{ required: true, message: t('form.required') }]}
                      >
                        <InputNumber min={0} precision={2} />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(f.name)}>
                        {t('actions.remove')}
                      </Button>
                    </Space>
                  ))}
                  <Button onClick={() => add({ reason: '', amount: 0 })}>{t('deposit.add')}</Button>
                </>
              )}
            </Form.List>
            <Form.Item name="reason" label={t('deposit.note')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </>
        );
      }}
    </ActionDialog>
  );
}

/** The applicant asks the financier to waive (part of) an instalment's late fee. */
export function WaiverDialog({ instalment, onClose }: { instalment: FinancingInstalment; onClose: () => void }) {
  const { t } = useTranslation('financing');
  const open = instalment.lateFee - instalment.lateFeePaid - instalment.lateFeeWaived;
  return (
    <ActionDialog<{ amount: number; reason: string }>
      title={t('waiver.title', { code: instalment.code })}
      initialValues={{ amount: open }}
      onClose={onClose}
      submit={(v) => requestWaiver(instalment.id, v.amount, v.reason, isFieldFailure)}
    >
      <Form.Item name="amount" label={t('waiver.amount')} rules={[{ required: true, message: t('form.required') }]}>
        <InputNumber min={0.01} max={open} precision={2} />
      </Form.Item>
      <Form.Item name="reason" label={t('waiver.reason')} rules={[{ required: true, message: t('form.required') }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </ActionDialog>
  );
}
