import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import message from 'antd/es/message';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { yuanToFen, fenToYuan } from '@fleetdesk/contracts/common';
import {
  DEDUCTION_KIND_TITLES,
  DEDUCTION_KINDS,
  SETTLEMENT_STATE_TITLES,
  settlementResult,
  type DeductionKind,
  type Settlement,
} from '@fleetdesk/contracts/handover';
import type { ContractTabProps } from '../../../components/contract-tabs/contract-tabs';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  payAccountsQuery,
  settlementLineQuery,
  settlementQuery,
  usePaySettlement,
  useSaveSettlement,
  useSubmitSettlement,
} from '../api/handover';
import { useTitle } from '../../../lib/use-title';

interface Values {
  deductions: { kind?: DeductionKind; amount?: number; note?: string }[];
  owedBack?: number;
  owedBackNote?: string;
  voidRemaining: boolean;
  remark?: string;
}

const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'warning',
};

function valuesOf(s: Settlement): Values {
  return {
    deductions: s.deductions.map((d) => ({ kind: d.kind, amount: d.amount, note: d.note ?? undefined })),
    owedBack: s.owedBack,
    owedBackNote: s.owedBackNote ?? undefined,
    voidRemaining: s.voidRemaining,
    remark: s.remark ?? undefined,
  };
}

/** The result as the form stands, by the same arithmetic as the server (in fen). */
function live(depositReceived: number, v: Partial<Values>) {
  return settlementResult(
    yuanToFen(depositReceived),
    (v.deductions ?? []).map((d) => yuanToFen(d?.amount ?? 0)),
    yuanToFen(v.owedBack ?? 0),
  );
}

/**
 * The contract page's settlement tab: after the return, the deposit received against the deductions (each kind
 * once, "other" with a note) and what is owed back; the result as it is typed; save, send for approval; once
 * approved it is read-only with the bill it made.
 */
export default function SettlementTab({ contract }: ContractTabProps) {
  const { t } = useTranslation('handover');
  const title = useTitle();
  const access = useAccess();
  const query = useQuery(settlementQuery(contract.id));
  const save = useSaveSettlement();
  const submit = useSubmitSettlement();
  const [form] = Form.useForm<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const s = query.data;
  useEffect(() => {
    if (s) form.setFieldsValue(valuesOf(s));
  }, [s, form]);

  if (query.isLoading) return <Skeleton active />;
  if (!s)
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  if (!s.returned) return <Alert type="info" showIcon title={t('settlement.notReturned')} />;
  const canEdit = s.editable && access.can('rentContract:settle');
  // The form's values once it holds them (the first render has none yet: the saved settlement shows).
  const r = canEdit && watched?.deductions ? live(s.depositReceived, watched) : null;
  const result = r ? fenToYuan(r.result) : s.result;
  const outcome = r ? r.outcome : s.outcome;
  const total = r ? fenToYuan(r.deductionsTotal) : s.deductionsTotal;

  const body = (v: Values) => ({
    deductions: (v.deductions ?? []).map((d) => ({
      kind: d.kind!,
      amount: d.amount ?? 0,
      note: d.note?.trim() || null,
    })),
    owedBack: v.owedBack ?? 0,
    owedBackNote: v.owedBackNote?.trim() || null,
    voidRemaining: !!v.voidRemaining,
    remark: v.remark?.trim() || null,
  });
  const onSave = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ id: contract.id, body: body(v) });
    void message.success(t('settlement.saved'));
  };
  const onSubmit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ id: contract.id, body: body(v) });
    await submit.mutateAsync({ id: contract.id });
    void message.success(t('settlement.submitted'));
  };
  const usedKinds = new Set((watched?.deductions ?? []).map((d) => d?.kind).filter((k) => k && k !== 'other'));

  return (
    <div className="fd-settlement-tab">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'state',
            label: t('settlement.state'),
            children: s.state ? (
              <Tag color={STATE_COLORS[s.state]}>{title(SETTLEMENT_STATE_TITLES[s.state])}</Tag>
            ) : (
              t('settlement.notSaved')
            ),
          },
          { key: 'deposit', label: t('settlement.depositReceived'), children: formatMoney(s.depositReceived) },
          { key: 'total', label: t('settlement.total'), children: formatMoney(total) },
          {
            key: 'result',
            label: t('settlement.result'),
            children: (
              <strong data-testid="settlement-result">
                {outcome === 'fee'
                  ? t('settlement.fee', { amount: formatMoney(result) })
                  : outcome === 'refund'
                    ? t('settlement.refund', { amount: formatMoney(-result) })
                    : t('settlement.even')}
              </strong>
            ),
          },
          ...(s.lockedAt
            ? [{ key: 'locked', label: t('settlement.locked'), children: formatDateTime(s.lockedAt) }]
            : []),
          ...(s.approvalId
            ? [
                {
                  key: 'approval',
                  label: t('settlement.approval'),
                  children: <Link to={`/oaApproval?id=${s.approvalId}`}>#{s.approvalId}</Link>,
                },
              ]
            : []),
        ]}
      />
      {s.state === 'approved' && s.lineId !== null && <SettlementPayment contractId={contract.id} lineId={s.lineId} />}
      <p className="fd-settlement-formula">{t('settlement.formula')}</p>
      {s.unpaidLines > 0 && s.state !== 'approved' && (
        <Alert type="warning" showIcon title={t('settlement.unpaidLines', { count: s.unpaidLines })} />
      )}
      {canEdit && s.damageDeduction > 0 && !(watched?.deductions ?? []).some((d) => d?.kind === 'repair') && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 8 }}
          title={t('settlement.damageHint', { amount: formatMoney(s.damageDeduction) })}
          action={
            <Button
              size="small"
              onClick={() =>
                form.setFieldValue('deductions', [
                  ...(form.getFieldValue('deductions') ?? []),
                  { kind: 'repair', amount: s.damageDeduction },
                ])
              }
            >
              {t('settlement.useDamage')}
            </Button>
          }
        />
      )}
      <Form form={form} layout="vertical" disabled={!canEdit} initialValues={valuesOf(s)} style={{ marginTop: 12 }}>
        <Form.List name="deductions">
          {(fields, { add, remove }) => (
            <>
              <h4>{t('settlement.deductions')}</h4>
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap>
                  <Form.Item name={[f.name, 'kind']} label={t('settlement.kind')} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 200 }}
                      options={DEDUCTION_KINDS.map((k) => ({
                        value: k,
                        label: title(DEDUCTION_KIND_TITLES[k]),
                        disabled:
                          k !== 'other' && usedKinds.has(k) && form.getFieldValue(['deductions', f.name, 'kind']) !== k,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'amount']}
                    label={t('settlement.amount')}
                    rules={[{ required: true }, { type: 'number', min: 0.01 }]}
                  >
                    <InputNumber min={0} max={10_000_000} precision={2} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'note']}
                    label={t('settlement.note')}
                    dependencies={[['deductions', f.name, 'kind']]}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_, v?: string) =>
                          getFieldValue(['deductions', f.name, 'kind']) === 'other' && !v?.trim()
                            ? Promise.reject(new Error(t('settlement.otherNoteRequired')))
                            : Promise.resolve(),
                      }),
                    ]}
                  >
                    <Input maxLength={200} style={{ width: 220 }} />
                  </Form.Item>
                  {canEdit && (
                    <Button type="link" danger onClick={() => remove(f.name)} style={{ marginTop: 30 }}>
                      {t('inspection.removeMark')}
                    </Button>
                  )}
                </Space>
              ))}
              {canEdit && (
                <Button onClick={() => add({})} style={{ marginBottom: 12 }}>
                  {t('settlement.addDeduction')}
                </Button>
              )}
            </>
          )}
        </Form.List>
        <Space align="start" wrap>
          <Form.Item name="owedBack" label={t('settlement.owedBack')}>
            <InputNumber min={0} max={10_000_000} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="owedBackNote"
            label={t('settlement.owedBackNote')}
            dependencies={['owedBack']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string) =>
                  ((getFieldValue('owedBack') as number | null) ?? 0) > 0 && !v?.trim()
                    ? Promise.reject(new Error(t('settlement.owedBackNoteRequired')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input maxLength={200} style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Form.Item name="voidRemaining" valuePropName="checked">
          <Checkbox>{t('settlement.voidRemaining')}</Checkbox>
        </Form.Item>
        <Form.Item name="remark" label={t('settlement.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
      {canEdit && (
        <Space>
          <Button loading={save.isPending} onClick={() => void onSave().catch(() => undefined)}>
            {t('settlement.save')}
          </Button>
          <Button type="primary" loading={submit.isPending} onClick={() => void onSubmit().catch(() => undefined)}>
            {t('settlement.submit')}
          </Button>
        </Space>
      )}
    </div>
  );
}

/**
 * The line an approved settlement made: the deposit refund to pay out (`rentContract:refund`) or the fee to
 * collect (`rentContract:collect`), in full, from or into an account; once paid, when.
 */
function SettlementPayment({ contractId, lineId }: { contractId: number; lineId: number }) {
  const { t } = useTranslation('handover');
  const access = useAccess();
  const line = useQuery(settlementLineQuery(contractId, lineId));
  const accounts = useQuery(payAccountsQuery());
  const pay = usePaySettlement();
  const [accountId, setAccountId] = useState<number | null>(null);
  const l = line.data;
  if (!l) return null;
  const refund = l.amount < 0;
  const amount = formatMoney(Math.abs(l.amount));
  if (l.state === 'paid') {
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginTop: 8 }}
        title={`${t(refund ? 'settlement.payTitleRefund' : 'settlement.payTitleFee', { amount })} · ${t('settlement.paidOn', { date: l.paidDate ?? '-' })}`}
      />
    );
  }
  const may = access.can('rentContract:collect') && (!refund || access.can('rentContract:refund'));
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 8 }}
      data-testid="settlement-payment"
      title={t(refund ? 'settlement.payTitleRefund' : 'settlement.payTitleFee', { amount })}
      action={
        may ? (
          <Space>
            <Select<number>
              aria-label={t('settlement.payAccount')}
              placeholder={t('settlement.payAccount')}
              style={{ minWidth: 160 }}
              value={accountId ?? undefined}
              onChange={setAccountId}
              options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            />
            <Button
              type="primary"
              disabled={accountId === null}
              loading={pay.isPending}
              onClick={() =>
                pay.mutate(
                  { id: contractId, body: { accountId: accountId!, version: l.version } },
                  { onSuccess: () => void message.success(t('settlement.paidDone')) },
                )
              }
            >
              {t(refund ? 'settlement.payRefund' : 'settlement.payFee')}
            </Button>
          </Space>
        ) : null
      }
    />
  );
}
