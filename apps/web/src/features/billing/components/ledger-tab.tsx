import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEDGER_KINDS, PAID_SERVICES, type LedgerEntry } from '@fleetdesk/contracts/payments';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { exportLedger } from '../api/export-ledger';
import { ledgerQuery, type LedgerFilter } from '../api/get-ledger';

const KIND_COLORS: Record<LedgerEntry['kind'], string> = {
  topUp: 'green',
  charge: 'blue',
  chargeRefund: 'cyan',
  withdraw: 'orange',
  withdrawReversal: 'gold',
};

function ExportButton({ filter }: { filter: LedgerFilter }) {
  const { t } = useTranslation('billing');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        exportLedger(filter, t('ledger.file', { date: formatDate(new Date()).replace(/-/g, '') }))
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('ledger.export')}
    </Button>
  );
}

/** The balance ledger: filters (kind, service, dates), paging, export of what the filter selects. */
export function LedgerTab() {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language as Language;
  const access = useAccess();
  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'kind',
        label: t('ledger.kind'),
        options: LEDGER_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
      },
      {
        type: 'select',
        name: 'serviceCode',
        label: t('ledger.service'),
        options: PAID_SERVICES.map((s) => ({ value: s.code, label: s.name[lang] })),
      },
      { type: 'date-range', name: 'date', label: t('ledger.date'), keys: ['from', 'to'] },
    ],
    [t, lang],
  );
  const columns: ListColumn<LedgerEntry>[] = [
    { key: 'createdAt', title: t('ledger.time'), render: (_, r) => formatDateTime(r.createdAt, true) },
    {
      key: 'kind',
      title: t('ledger.kind'),
      render: (_, r) => <Tag color={KIND_COLORS[r.kind]}>{t(`kind.${r.kind}`)}</Tag>,
    },
    {
      key: 'amount',
      title: t('ledger.amount'),
      align: 'right',
      render: (_, r) => (
        <span className={r.amount < 0 ? 'fd-ledger-debit' : 'fd-ledger-credit'}>
          {r.amount > 0 ? '+' : ''}
          {formatMoney(r.amount)}
        </span>
      ),
    },
    {
      key: 'balanceAfter',
      title: t('ledger.balanceAfter'),
      align: 'right',
      render: (_, r) => formatMoney(r.balanceAfter),
    },
    {
      key: 'service',
      title: t('ledger.service'),
      render: (_, r) => (r.serviceName ? `${r.serviceName}${r.count ? ` × ${r.count}` : ''}` : '-'),
    },
    {
      key: 'orderNo',
      title: t('ledger.orderNo'),
      render: (_, r) => (r.orderId && r.orderNo ? <Link to={`/order/detail/${r.orderId}`}>{r.orderNo}</Link> : '-'),
    },
    { key: 'description', title: t('ledger.description'), render: (_, r) => r.description || '-' },
    { key: 'by', title: t('ledger.by'), render: (_, r) => r.createdByName ?? '-' },
  ];
  const filterOf = (f: Record<string, string>): LedgerFilter => ({
    kind: f.kind,
    serviceCode: f.serviceCode,
    from: f.from,
    to: f.to,
  });
  return (
    <ListPage<LedgerEntry>
      id="billing-ledger"
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      query={(p) => ledgerQuery({ ...filterOf(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })}
      exportSlot={access.can('billing:export') ? (p) => <ExportButton filter={filterOf(p.filters)} /> : undefined}
    />
  );
}
