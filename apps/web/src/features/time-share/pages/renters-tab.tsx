import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tripLink } from '@fleetdesk/contracts/time-share';
import { DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { rentersQuery, timeShareKey, type RenterRow } from '../api/time-share';
import { LedgerDrawer, TopUpDialog } from '../components/renter-dialogs';

type Open = { kind: 'topUp' | 'ledger'; renter: RenterRow } | null;

/** `/sevenTime/renters`: the renters with their prepaid balance, what they owe, top-up and ledger. */
export function RentersTab() {
  const { t } = useTranslation('time-share');
  const access = useAccess();
  const client = useQueryClient();
  const [open, setOpen] = useState<Open>(null);

  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.renterKeyword') },
      {
        type: 'select',
        name: 'withBalance',
        label: t('filters.withBalance'),
        options: [{ value: 'true', label: t('filters.withBalanceYes') }],
      },
    ],
    [t],
  );

  const columns: ListColumn<RenterRow>[] = [
    {
      key: 'name',
      title: t('columns.renter'),
      fixed: 'left',
      render: (_, r) => <DriverLink id={r.driverId} name={r.name} />,
    },
    { key: 'phone', title: t('fields.phone'), dataIndex: 'phone' },
    { key: 'balance', title: t('renters.balance'), render: (_, r) => formatMoney(r.balance) },
    {
      key: 'owed',
      title: t('renters.owed'),
      render: (_, r) => (r.owed > 0 ? <span className="fd-ts-debit">{formatMoney(r.owed)}</span> : '-'),
    },
    { key: 'trips', title: t('renters.trips'), dataIndex: 'trips' },
    {
      key: 'live',
      title: t('renters.liveTrip'),
      render: (_, r) => (r.liveTripId ? <Link to={tripLink(r.liveTripId)}>{t('renters.onTrip')}</Link> : '-'),
    },
    { key: 'updated', title: t('renters.updatedAt'), render: (_, r) => formatDateTime(r.updatedAt) || '-' },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) => (
        <Space size="small">
          {access.can('sevenGo:edit') ? (
            <Button size="small" type="primary" onClick={() => setOpen({ kind: 'topUp', renter: r })}>
              {t('actions.topUp')}
            </Button>
          ) : null}
          <Button size="small" onClick={() => setOpen({ kind: 'ledger', renter: r })}>
            {t('actions.ledger')}
          </Button>
        </Space>
      ),
    },
  ];

  const close = () => {
    setOpen(null);
    void client.invalidateQueries({ queryKey: timeShareKey });
  };
  return (
    <>
      <ListPage<RenterRow>
        id="time-share-renters"
        filters={fields}
        columns={columns}
        rowKey={(r) => r.driverId}
        query={(p) =>
          rentersQuery({
            ...(p.filters.keyword ? { keyword: p.filters.keyword } : {}),
            ...(p.filters.withBalance === 'true' ? { withBalance: true } : {}),
            pageNum: p.pageNum,
            pageSize: p.pageSize,
          })
        }
        emptyText={t('renters.empty')}
      />
      {open?.kind === 'topUp' ? <TopUpDialog renter={open.renter} onClose={close} /> : null}
      {open?.kind === 'ledger' ? <LedgerDrawer renter={open.renter} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
