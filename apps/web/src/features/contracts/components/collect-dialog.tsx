import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import staticMessage from 'antd/es/message';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LINE_TYPE_TITLES, type LineType } from '@fleetdesk/contracts/rental-contracts';
import { BillLink, entityPath } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { formatMoney } from '../../../lib/format';
import { uploadFile } from '../../../lib/upload';
import { accountsQuery, useCollect, useWaive } from '../api/contracts';
import { useTitle } from './titles';

export interface CollectTarget {
  id: number;
  type: LineType;
  period: number | null;
  outstanding: number;
  version: number;
  /** The bill's contract (its number links the bill). */
  contractId?: number;
  contractNumber?: string;
  /** The breakdown, as far as the caller knows it: amount, already paid, due date, period, its late fee. */
  amount?: number;
  paid?: number;
  dueDate?: string;
  periodStart?: string | null;
  periodEnd?: string | null;
  lateFee?: number;
}

interface Values {
  amount: number;
  accountId: number;
  paidDate?: Dayjs;
  remark?: string;
  reason?: string;
}

/** The payment voucher: a photo or PDF of the slip, uploaded as a document; its address goes with the collection. */
function VoucherField({ value, onChange }: { value?: string; onChange?: (url: string | undefined) => void }) {
  const { t } = useTranslation('contracts');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const pick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setBusy(true);
    setFailed(false);
    try {
      const r = await uploadFile({ type: 'document', file });
      setName(file.name);
      onChange?.(r.url);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Space wrap className="fd-voucher">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        aria-label={t('collect.voucher')}
        hidden
        onChange={(e) => void pick(e.target.files)}
      />
      <Button loading={busy} onClick={() => input.current?.click()}>
        {value ? t('collect.voucherReplace') : t('collect.voucherUpload')}
      </Button>
      {value && name && <span className="fd-voucher-name">{name}</span>}
      {value && (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setName(null);
            onChange?.(undefined);
          }}
        >
          {t('collect.voucherRemove')}
        </Button>
      )}
      {failed && <span className="fd-voucher-failed">{t('collect.voucherFailed')}</span>}
    </Space>
  );
}

/**
 * Collects money against one bill line (partial allowed) or waives it. The dialog shows what is collected: the
 * bill's amount and its breakdown (already paid, outstanding, its late fee), then the amount, account, date, a
 * remark and the payment voucher. A bill collected before its due date is confirmed first. The line's version goes
 * with the call: if another clerk collected it meanwhile the server answers 409, shown in the dialog until the user
 * acts. Success says what was collected.
 */
export function CollectDialog({
  line,
  mode = 'collect',
  onClose,
  today = dayjs().format('YYYY-MM-DD'),
}: {
  line: CollectTarget;
  mode?: 'collect' | 'waive';
  onClose: () => void;
  /** The tenant's today (tests pass their own). */
  today?: string;
}) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  // antd's App gives themed instances; outside it (a test rendering the dialog alone) the static ones.
  const app = App.useApp() as Partial<ReturnType<typeof App.useApp>>;
  const modal = app.modal?.confirm ? app.modal : Modal;
  const message = app.message?.success ? app.message : staticMessage;
  const accounts = useQuery(accountsQuery());
  const inline = useInlineFailure();
  const collect = useCollect(inline.silent);
  const waive = useWaive(inline.silent);
  const [form] = Form.useForm<Values>();
  // The button names the amount as typed (the outstanding until the user changes it).
  const typed = Form.useWatch('amount', form) as number | null | undefined;
  const [voucher, setVoucher] = useState<string | undefined>();
  const name = `${title(LINE_TYPE_TITLES[line.type])}${line.period ? ` #${line.period}` : ''}`;
  const early = mode === 'collect' && !!line.dueDate && line.dueDate > today;

  const send = async (v: Values) => {
    if (mode === 'waive') {
      const done = await inline.run(() =>
        waive.mutateAsync({ lineId: line.id, reason: v.reason ?? '', version: line.version }),
      );
      if (!done) return;
      void message.success(t('collect.waived', { name }));
    } else {
      const done = await inline.run(() =>
        collect.mutateAsync({
          lineId: line.id,
          amount: v.amount,
          accountId: v.accountId,
          version: line.version,
          remark: v.remark?.trim() || null,
          voucher: voucher ?? null,
          ...(v.paidDate ? { paidDate: v.paidDate.format('YYYY-MM-DD') } : {}),
        }),
      );
      if (!done) return;
      void message.success(t('collect.doneWhat', { amount: formatMoney(v.amount), name }));
    }
    onClose();
  };

  const submit = async () => {
    inline.clear();
    const v = await form.validateFields();
    if (!early) return send(v);
    modal.confirm({
      title: t('collect.earlyTitle'),
      content: t('collect.earlyText', { due: line.dueDate, amount: formatMoney(v.amount) }),
      okText: t('collect.earlyOk'),
      onOk: () => send(v),
    });
  };

  // The first account, once the accounts are there (the form was made before they arrived).
  const firstAccount = accounts.data?.[0]?.id;
  useEffect(() => {
    if (firstAccount !== undefined && form.getFieldValue('accountId') === undefined) {
      form.setFieldValue('accountId', firstAccount);
    }
  }, [firstAccount, form]);

  const owed = line.outstanding + (line.lateFee ?? 0);
  return (
    <Modal
      open
      title={mode === 'waive' ? t('collect.waiveTitle', { name }) : t('collect.title', { name })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={
        mode === 'waive' ? t('actions.waive') : t('collect.ok', { amount: formatMoney(typed ?? line.outstanding) })
      }
      confirmLoading={collect.isPending || waive.isPending}
      destroyOnHidden
      width={560}
    >
      <InlineFailure
        failure={inline.failure}
        onClose={inline.clear}
        action={
          line.contractId !== undefined ? (
            <Link to={entityPath.bill(line.contractId, line.id)} onClick={onClose}>
              {t('collect.reload')}
            </Link>
          ) : undefined
        }
      />
      <Descriptions
        size="small"
        column={1}
        bordered
        className="fd-collect-breakdown"
        items={[
          ...(line.contractNumber && line.contractId !== undefined
            ? [
                {
                  key: 'bill',
                  label: t('collect.bill'),
                  children: (
                    <BillLink contractId={line.contractId} billId={line.id}>
                      {`${line.contractNumber} · ${name}`}
                    </BillLink>
                  ),
                },
              ]
            : []),
          ...(line.periodStart
            ? [{ key: 'period', label: t('columns.billPeriod'), children: `${line.periodStart} ~ ${line.periodEnd}` }]
            : []),
          ...(line.dueDate ? [{ key: 'due', label: t('columns.dueDate'), children: line.dueDate }] : []),
          ...(line.amount !== undefined
            ? [{ key: 'amount', label: title(LINE_TYPE_TITLES[line.type]), children: formatMoney(line.amount) }]
            : []),
          ...(line.paid ? [{ key: 'paid', label: t('collect.paidBefore'), children: formatMoney(-line.paid) }] : []),
          {
            key: 'outstanding',
            label: t('collect.outstandingLabel'),
            children: <strong>{formatMoney(line.outstanding)}</strong>,
          },
          ...(line.lateFee
            ? [
                { key: 'lateFee', label: t('collect.lateFee'), children: formatMoney(line.lateFee) },
                { key: 'owed', label: t('collect.owed'), children: formatMoney(owed) },
              ]
            : []),
        ]}
      />
      {line.lateFee ? <Alert type="warning" showIcon title={t('collect.lateFeeApart')} /> : null}
      {early && <Alert type="info" showIcon title={t('collect.earlyHint', { due: line.dueDate })} />}
      <Form form={form} layout="vertical" initialValues={{ amount: line.outstanding }} className="fd-collect-form">
        {mode === 'collect' ? (
          <>
            <Form.Item name="amount" label={t('collect.amount')} rules={[{ required: true }]}>
              <InputNumber min={0.01} max={line.outstanding} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="accountId" label={t('collect.account')} rules={[{ required: true }]}>
              <Select options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))} />
            </Form.Item>
            <Form.Item name="paidDate" label={t('collect.paidDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="remark" label={t('collect.remark')}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
            <Form.Item label={t('collect.voucher')}>
              <VoucherField value={voucher} onChange={setVoucher} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label={t('collect.reason')} rules={[{ required: true }]}>
            <Input.TextArea maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
