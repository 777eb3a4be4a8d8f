import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPLY_ITEM_TITLES,
  FINANCING_SIDE_TITLES,
  INSTALMENT_STATE_TITLES,
  LOAN_STATE_TITLES,
  REPAYMENT_KIND_TITLES,
  REPAYMENT_METHOD_TITLES,
  REPAYMENT_STATE_TITLES,
  type Application,
  type FinancingInstalment,
  type Repayment,
} from '@fleetdesk/contracts/financing';
import { formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { historyQuery } from '../api/applications';
import { instalmentsQuery, repaymentDetailQuery, repaymentsQuery } from '../api/money';
import { FORM_IMAGE_FIELDS, percent } from '../model/form';
import { PayDialog, WaiverDialog } from './money-dialogs';
import { QuoteView } from './quote-view';
import { useTitle } from './titles';

const yesNo = (v: boolean, t: (k: string) => string) => (v ? t('yes') : t('no'));

/** A stored image: a link that opens it (the form keeps the stable address). */
export function StoredImage({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation('financing');
  if (!url) return <span className="fd-fin-missing">{t('image.none')}</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      {t('image.view')}
    </a>
  );
}

/** The form tab: every field of the application, read-only, with its apply items and the quote fixed at submit. */
export function FormTab({ app }: { app: Application }) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  return (
    <div className="fd-fin-tab">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'plate', label: t('columns.plate'), children: formatPlate(app.plate) || '-' },
          { key: 'vin', label: t('form.vin'), children: app.vin },
          { key: 'engineNo', label: t('form.engineNo'), children: app.engineNo || '-' },
          { key: 'carType', label: t('form.carTypeName'), children: app.carTypeName },
          { key: 'total', label: t('form.totalAmount'), children: formatMoney(app.totalAmount) },
          { key: 'product', label: t('form.productId'), children: `${app.financierName} · ${app.productName}` },
          { key: 'ratio', label: t('form.payProportion'), children: percent(app.payProportion, 0) },
          { key: 'terms', label: t('form.stagingNumber'), children: t('terms', { count: app.stagingNumber }) },
          ...(app.balloon > 0
            ? [{ key: 'balloon', label: t('form.balloon'), children: formatMoney(app.balloon) }]
            : []),
          { key: 'buyCommercial', label: t('form.buyCommercial'), children: yesNo(app.buyCommercial, t) },
          ...(app.buyCommercial
            ? [
                {
                  key: 'commercialAmount',
                  label: t('form.commercialAmount'),
                  children: formatMoney(app.commercialAmount),
                },
              ]
            : []),
          { key: 'commercialNo', label: t('form.commercialNo'), children: app.commercialNo || '-' },
          { key: 'buyCompulsory', label: t('form.buyCompulsory'), children: yesNo(app.buyCompulsory, t) },
          ...(app.buyCompulsory
            ? [
                {
                  key: 'compulsoryAmount',
                  label: t('form.compulsoryAmount'),
                  children: formatMoney(app.compulsoryAmount),
                },
              ]
            : []),
          { key: 'compulsoryNo', label: t('form.compulsoryNo'), children: app.compulsoryNo || '-' },
          { key: 'gps', label: t('form.gps'), children: yesNo(app.gps, t) },
          { key: 'installMobile', label: t('form.installMobile'), children: app.installMobile || '-' },
          { key: 'installAddress', label: t('form.installAddress'), children: app.installAddress || '-' },
          { key: 'username', label: t('form.username'), children: app.username || '-' },
          { key: 'idNo', label: t('form.idNo'), children: app.idNo || '-' },
          { key: 'contact', label: t('form.contact'), children: app.contact || '-' },
          ...FORM_IMAGE_FIELDS.map((f) => ({ key: f, label: t(`form.${f}`), children: <StoredImage url={app[f]} /> })),
        ]}
      />
      <h3>{t('detail.items')}</h3>
      <Table
        size="small"
        rowKey={(i) => i.code}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={
          app.items.length
            ? app.items
            : app.applyItems.map((code, i) => ({
                id: -i,
                code,
                amount: 0,
                loanState: 'none' as const,
                requestedAt: null,
                disbursedAt: null,
                disbursed: null,
              }))
        }
        columns={[
          { key: 'code', title: t('columns.item'), render: (_, i) => `${i.code} ${title(APPLY_ITEM_TITLES[i.code])}` },
          { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, i) => formatMoney(i.amount) },
          { key: 'loan', title: t('columns.loanState'), render: (_, i) => title(LOAN_STATE_TITLES[i.loanState]) },
          {
            key: 'disbursed',
            title: t('columns.disbursed'),
            align: 'right',
            render: (_, i) => (i.disbursed == null ? '-' : formatMoney(i.disbursed)),
          },
        ]}
      />
      {app.quote && (
        <>
          <h3>{t('detail.quote')}</h3>
          <QuoteView quote={app.quote} schedule={app.state !== 'S7' && app.state !== 'S8'} />
        </>
      )}
    </div>
  );
}

/** The schedule tab: each instalment with its state, overdue days and late fee; pay, record or ask a waiver. */
export function ScheduleTab({
  app,
  financier,
  canPay,
  canWaive,
}: {
  app: Application;
  financier: boolean;
  canPay: boolean;
  canWaive: boolean;
}) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const rows = useQuery(instalmentsQuery({ applicationId: app.id, pageNum: 1, pageSize: 100 }));
  const [paying, setPaying] = useState<FinancingInstalment | null>(null);
  const [waiving, setWaiving] = useState<FinancingInstalment | null>(null);
  if (!rows.data?.rows.length && !rows.isPending)
    return (
      <Empty description={app.state === 'S7' || app.state === 'S8' ? t('schedule.empty') : t('schedule.notYet')} />
    );
  return (
    <div className="fd-fin-tab">
      <Table<FinancingInstalment>
        size="small"
        loading={rows.isPending}
        rowKey={(r) => r.id}
        dataSource={rows.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.overdueDays > 0 && r.outstanding > 0 ? 'fd-fin-overdue' : '')}
        columns={[
          { key: 'period', title: t('columns.period'), render: (_, r) => `${r.period}/${r.periods}` },
          { key: 'due', title: t('columns.dueDate'), dataIndex: 'dueDate' },
          { key: 'payment', title: t('columns.payment'), align: 'right', render: (_, r) => formatMoney(r.amount) },
          {
            key: 'principal',
            title: t('columns.principal'),
            align: 'right',
            render: (_, r) => formatMoney(r.principal),
          },
          { key: 'interest', title: t('columns.interest'), align: 'right', render: (_, r) => formatMoney(r.interest) },
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
            render: (_, r) =>
              r.lateFee > 0 ? (
                <span>
                  {formatMoney(r.lateFee)}
                  {r.lateFeeWaived > 0 && (
                    <small> {t('schedule.waived', { amount: formatMoney(r.lateFeeWaived) })}</small>
                  )}
                </span>
              ) : (
                '-'
              ),
          },
          {
            key: 'paid',
            title: t('columns.paid'),
            align: 'right',
            render: (_, r) => formatMoney(r.paid + r.lateFeePaid),
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
              r.outstanding > 0 && r.state !== 'settled' ? (
                <Space size={4}>
                  {canPay && (
                    <Button size="small" type="primary" onClick={() => setPaying(r)}>
                      {financier ? t('pay.record') : t('pay.pay')}
                    </Button>
                  )}
                  {canWaive && r.lateFee - r.lateFeePaid - r.lateFeeWaived > 0 && (
                    <Button size="small" onClick={() => setWaiving(r)}>
                      {t('waiver.ask')}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      {paying && <PayDialog instalment={paying} financier={financier} onClose={() => setPaying(null)} />}
      {waiving && <WaiverDialog instalment={waiving} onClose={() => setWaiving(null)} />}
    </div>
  );
}

export function RepaymentDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('financing');
  const detail = useQuery(repaymentDetailQuery(id));
  return (
    <Modal open title={t('repayments.detail', { code: detail.data?.code ?? '' })} footer={null} onCancel={onClose}>
      <Table
        size="small"
        loading={detail.isPending}
        rowKey={(l) => l.id}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={detail.data?.lines ?? []}
        columns={[
          { key: 'code', title: t('columns.instalment'), dataIndex: 'instalmentCode' },
          {
            key: 'principal',
            title: t('columns.principal'),
            align: 'right',
            render: (_, l) => formatMoney(l.principal),
          },
          { key: 'interest', title: t('columns.interest'), align: 'right', render: (_, l) => formatMoney(l.interest) },
          { key: 'lateFee', title: t('columns.lateFee'), align: 'right', render: (_, l) => formatMoney(l.lateFee) },
          { key: 'total', title: t('columns.amount'), align: 'right', render: (_, l) => formatMoney(l.total) },
        ]}
      />
    </Modal>
  );
}

/** The repayments columns (the tab and the list page share them). */
export function useRepaymentColumns(open: (r: Repayment) => void) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  return [
    {
      key: 'code',
      title: t('columns.repaymentCode'),
      render: (_: unknown, r: Repayment) => (
        <Button type="link" size="small" onClick={() => open(r)}>
          {r.code}
        </Button>
      ),
    },
    {
      key: 'kind',
      title: t('columns.kind'),
      render: (_: unknown, r: Repayment) => title(REPAYMENT_KIND_TITLES[r.kind]),
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right' as const,
      render: (_: unknown, r: Repayment) => formatMoney(r.amount),
    },
    {
      key: 'method',
      title: t('columns.method'),
      render: (_: unknown, r: Repayment) => title(REPAYMENT_METHOD_TITLES[r.method]),
    },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_: unknown, r: Repayment) => (
        <Tag color={r.state === 'paid' ? 'green' : r.state === 'pending' ? 'blue' : 'default'}>
          {title(REPAYMENT_STATE_TITLES[r.state])}
        </Tag>
      ),
    },
    {
      key: 'paidAt',
      title: t('columns.paidAt'),
      render: (_: unknown, r: Repayment) => formatDateTime(r.paidAt) || '-',
    },
    { key: 'by', title: t('columns.by'), render: (_: unknown, r: Repayment) => r.createdByName ?? '-' },
  ];
}

export function RepaymentsTab({ app }: { app: Application }) {
  const rows = useQuery(repaymentsQuery({ applicationId: app.id, pageNum: 1, pageSize: 100 }));
  const [open, setOpen] = useState<number | null>(null);
  const columns = useRepaymentColumns((r) => setOpen(r.id));
  return (
    <div className="fd-fin-tab">
      <Table<Repayment>
        size="small"
        loading={rows.isPending}
        rowKey={(r) => r.id}
        dataSource={rows.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
      />
      {open && <RepaymentDetailDialog id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** The history tab: the activity log, in the caller's language. */
export function HistoryTab({ app }: { app: Application }) {
  const title = useTitle();
  const rows = useQuery(historyQuery(app.id));
  if (rows.isPending) return null;
  if (!rows.data?.length) return <Empty />;
  return (
    <Timeline
      className="fd-fin-history"
      items={rows.data.map((a) => ({
        key: a.id,
        color: a.side === 'financier' ? 'blue' : a.side === 'system' ? 'gray' : 'green',
        children: (
          <div>
            <div>
              <strong>{a.text}</strong>
            </div>
            <div className="fd-fin-muted">
              {formatDateTime(a.at)} · {title(FINANCING_SIDE_TITLES[a.side])}
              {a.actorName ? ` · ${a.actorName}` : ''}
            </div>
            {a.note && <Alert type="info" title={a.note} className="fd-fin-note" />}
          </div>
        ),
      }))}
    />
  );
}
