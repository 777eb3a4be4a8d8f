import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEPOSIT_RETURN_STATE_TITLES,
  DEPOSIT_RETURN_STATES,
  INSTALMENT_STATE_TITLES,
  INSTALMENT_STATES,
  REPAYMENT_STATE_TITLES,
  REPAYMENT_STATES,
  WAIVER_STATE_TITLES,
  WAIVER_STATES,
  type DepositReturn,
  type FinancingInstalment,
  type Repayment,
  type Waiver,
} from '@fleetdesk/contracts/financing';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import {
  confirmRepayment,
  decideDepositReturn,
  decideWaiver,
  depositReturnsQuery,
  instalmentsQuery,
  repaymentsQuery,
  waiversQuery,
} from '../api/money';
import { ActionDialog } from '../components/action-dialog';
import { RepaymentDetailDialog, useRepaymentColumns } from '../components/application-tabs';
import { PayDialog } from '../components/money-dialogs';
import { useSide } from '../components/side';
import { useTitle } from '../components/titles';

const appLink = (id: number, code: string, tab?: string) => (
  <Link to={`/finance/detail/${id}${tab ? `?tab=${tab}` : ''}`} className="fd-row-link">
    {code}
  </Link>
);

/** Today and a week on (the home's "due soon"), in the tenants' zone. */
function soon(): { dueFrom: string; dueTo: string } {
  const fmt = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
  const now = new Date();
  return { dueFrom: fmt(now), dueTo: fmt(new Date(now.getTime() + 7 * 86_400_000)) };
}

/** `/finance/instalments`: the instalments of every financed car (`?overdue=true`: the overdue ones). */
export function InstalmentList() {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const access = useAccess();
  const financier = useSide() === 'financier';
  const [paying, setPaying] = useState<FinancingInstalment | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('filters.instalmentKeyword'),
        placeholder: t('filters.instalmentHint'),
      },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: INSTALMENT_STATES.map((s) => ({ value: s, label: title(INSTALMENT_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'overdue',
        label: t('filters.overdue'),
        options: [{ value: 'true', label: t('filters.overdueOnly') }],
      },
      {
        type: 'select',
        name: 'due',
        label: t('filters.due'),
        options: [{ value: 'soon', label: t('filters.dueSoon') }],
      },
      {
        type: 'date-range',
        name: 'dueRange',
        label: t('filters.dueRange'),
        keys: ['dueFrom', 'dueTo'],
        advanced: true,
      },
    ],
    [t, title],
  );
  const canPay = access.can('finance:pay');
  const columns: ListColumn<FinancingInstalment>[] = [
    { key: 'code', title: t('columns.instalment'), render: (_, r) => appLink(r.applicationId, r.code, 'schedule') },
    { key: 'plate', title: t('columns.plate'), render: (_, r) => formatPlate(r.plate) || '-' },
    financier
      ? { key: 'applicant', title: t('columns.applicant'), render: (_, r) => `${r.tenantName} · ${r.rentName}` }
      : { key: 'rent', title: t('columns.rent'), dataIndex: 'rentName' },
    { key: 'due', title: t('columns.dueDate'), dataIndex: 'dueDate' },
    { key: 'period', title: t('columns.period'), render: (_, r) => `${r.period}/${r.periods}` },
    { key: 'payment', title: t('columns.payment'), align: 'right', render: (_, r) => formatMoney(r.amount) },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_, r) => (
        <Tag color={r.state === 'paid' || r.state === 'settled' ? 'green' : r.overdueDays > 0 ? 'red' : 'blue'}>
          {title(INSTALMENT_STATE_TITLES[r.state])}
        </Tag>
      ),
    },
    {
      key: 'overdue',
      title: t('columns.overdueDays'),
      render: (_, r) => (r.overdueDays > 0 ? t('days', { count: r.overdueDays }) : '-'),
    },
    {
      key: 'lateFee',
      title: t('columns.lateFee'),
      align: 'right',
      render: (_, r) => (r.lateFee ? formatMoney(r.lateFee) : '-'),
    },
    {
      key: 'outstanding',
      title: t('columns.outstanding'),
      align: 'right',
      render: (_, r) => formatMoney(r.outstanding),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) =>
        canPay && r.outstanding > 0 && r.state !== 'settled' ? (
          <Button size="small" type="primary" onClick={() => setPaying(r)}>
            {financier ? t('pay.record') : t('pay.pay')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<FinancingInstalment>
        id="financing-instalments"
        filters={fields}
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) => {
          const { due, ...f } = p.filters;
          return instalmentsQuery({
            ...f,
            ...(due === 'soon' ? soon() : {}),
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          });
        }}
      />
      {paying && <PayDialog instalment={paying} financier={financier} onClose={() => setPaying(null)} />}
    </>
  );
}

/** `/finance/repayments`: every repayment; the financier confirms a declared transfer. */
export function RepaymentList() {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const access = useAccess();
  const financier = useSide() === 'financier';
  const [open, setOpen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Repayment | null>(null);
  const base = useRepaymentColumns((r) => setOpen(r.id));
  const fields = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: REPAYMENT_STATES.map((s) => ({ value: s, label: title(REPAYMENT_STATE_TITLES[s]) })),
      },
      { type: 'date-range', name: 'paid', label: t('filters.created'), keys: ['from', 'to'] },
    ],
    [t, title],
  );
  const columns: ListColumn<Repayment>[] = [
    base[0]!,
    {
      key: 'application',
      title: t('columns.code'),
      render: (_, r) => appLink(r.applicationId, r.applicationCode, 'repayments'),
    },
    { key: 'plate', title: t('columns.plate'), render: (_, r) => formatPlate(r.plate) || '-' },
    ...(financier
      ? [{ key: 'applicant', title: t('columns.applicant'), render: (_: unknown, r: Repayment) => r.tenantName }]
      : []),
    ...base.slice(1),
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) =>
        financier && access.can('finance:pay') && r.state === 'pending' && r.method === 'transfer' ? (
          <Button size="small" type="primary" onClick={() => setConfirming(r)}>
            {t('repayments.confirm')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<Repayment>
        id="financing-repayments"
        filters={fields}
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) => repaymentsQuery({ ...p.filters, pageNum: p.pageNum, pageSize: p.pageSize })}
      />
      {open && <RepaymentDetailDialog id={open} onClose={() => setOpen(null)} />}
      {confirming && (
        <ApproveRefuseDialog
          title={t('repayments.confirmTitle', { code: confirming.code, amount: formatMoney(confirming.amount) })}
          onClose={() => setConfirming(null)}
          decide={(approve, note) => confirmRepayment(confirming.id, approve, note)}
        />
      )}
    </>
  );
}

/** `/finance/waivers`: late-fee waivers asked by the applicant; the financier approves or refuses. */
export function WaiverList() {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const access = useAccess();
  const financier = useSide() === 'financier';
  const [deciding, setDeciding] = useState<Waiver | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: WAIVER_STATES.map((s) => ({ value: s, label: title(WAIVER_STATE_TITLES[s]) })),
      },
    ],
    [t, title],
  );
  const columns: ListColumn<Waiver>[] = [
    {
      key: 'code',
      title: t('columns.instalment'),
      render: (_, w) => appLink(w.applicationId, w.instalmentCode, 'schedule'),
    },
    ...(financier ? [{ key: 'applicant', title: t('columns.applicant'), dataIndex: 'tenantName' }] : []),
    { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, w) => formatMoney(w.amount) },
    { key: 'reason', title: t('waiver.reason'), dataIndex: 'reason' },
    { key: 'state', title: t('columns.state'), render: (_, w) => title(WAIVER_STATE_TITLES[w.state]) },
    {
      key: 'decided',
      title: t('columns.decided'),
      render: (_, w) => (w.decidedByName ? `${w.decidedByName} ${formatDateTime(w.decidedAt)}` : '-'),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, w) =>
        financier && access.can('finance:audit') && w.state === 'pending' ? (
          <Button size="small" type="primary" onClick={() => setDeciding(w)}>
            {t('decision.decide')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<Waiver>
        id="financing-waivers"
        filters={fields}
        columns={columns}
        rowKey={(w) => w.id}
        query={(p) => waiversQuery({ ...p.filters, pageNum: p.pageNum, pageSize: p.pageSize })}
      />
      {deciding && (
        <ApproveRefuseDialog
          title={t('waiver.decideTitle', { code: deciding.instalmentCode, amount: formatMoney(deciding.amount) })}
          onClose={() => setDeciding(null)}
          decide={(approve, note) => decideWaiver(deciding.id, approve, note)}
        />
      )}
    </>
  );
}

/** `/finance/deposits`: deposit returns after settlement; the financier approves or refuses. */
export function DepositReturnList() {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const access = useAccess();
  const financier = useSide() === 'financier';
  const [deciding, setDeciding] = useState<DepositReturn | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: DEPOSIT_RETURN_STATES.map((s) => ({ value: s, label: title(DEPOSIT_RETURN_STATE_TITLES[s]) })),
      },
    ],
    [t, title],
  );
  const columns: ListColumn<DepositReturn>[] = [
    { key: 'code', title: t('columns.code'), render: (_, d) => appLink(d.applicationId, d.applicationCode) },
    ...(financier ? [{ key: 'applicant', title: t('columns.applicant'), dataIndex: 'tenantName' }] : []),
    { key: 'deposit', title: t('deposit.deposit'), align: 'right', render: (_, d) => formatMoney(d.deposit) },
    {
      key: 'deductions',
      title: t('deposit.deductions'),
      render: (_, d) => d.deductions.map((x) => `${x.reason} ${formatMoney(x.amount)}`).join('; ') || '-',
    },
    { key: 'return', title: t('deposit.returnAmount'), align: 'right', render: (_, d) => formatMoney(d.returnAmount) },
    { key: 'state', title: t('columns.state'), render: (_, d) => title(DEPOSIT_RETURN_STATE_TITLES[d.state]) },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, d) =>
        financier && access.can('finance:audit') && d.state === 'applied' ? (
          <Button size="small" type="primary" onClick={() => setDeciding(d)}>
            {t('decision.decide')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<DepositReturn>
        id="financing-deposits"
        filters={fields}
        columns={columns}
        rowKey={(d) => d.id}
        query={(p) => depositReturnsQuery({ ...p.filters, pageNum: p.pageNum, pageSize: p.pageSize })}
      />
      {deciding && (
        <ApproveRefuseDialog
          title={t('deposit.decideTitle', {
            code: deciding.applicationCode,
            amount: formatMoney(deciding.returnAmount),
          })}
          onClose={() => setDeciding(null)}
          decide={(approve, note) => decideDepositReturn(deciding.id, approve, note)}
        />
      )}
    </>
  );
}

/** Approve or refuse (a refusal needs a note). */
export function ApproveRefuseDialog({
  title,
  onClose,
  decide,
}: {
  title: string;
  onClose: () => void;
  decide: (approve: boolean, note?: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('financing');
  return (
    <ActionDialog<{ outcome: 'approve' | 'refuse'; note?: string }>
      title={title}
      initialValues={{ outcome: 'approve' }}
      onClose={onClose}
      submit={(v) => decide(v.outcome === 'approve', v.note)}
    >
      {(v) => (
        <>
          <Form.Item name="outcome" label={t('decision.outcome')}>
            <OutcomeRadio />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('decision.note')}
            rules={v.outcome === 'refuse' ? [{ required: true, message: t('form.required') }] : []}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </>
      )}
    </ActionDialog>
  );
}

function OutcomeRadio(props: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation('financing');
  return (
    <Space>
      {(['approve', 'refuse'] as const).map((o) => (
        <Button
          key={o}
          type={props.value === o ? 'primary' : 'default'}
          danger={o === 'refuse' && props.value === o}
          onClick={() => props.onChange?.(o)}
        >
          {t(`decision.${o}`)}
        </Button>
      ))}
    </Space>
  );
}
