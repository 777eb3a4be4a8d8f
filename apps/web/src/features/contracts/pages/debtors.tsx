import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEBT_BUCKET_TITLES,
  DEBT_BUCKETS,
  LINE_TYPE_TITLES,
  type DebtorRow,
} from '@fleetdesk/contracts/rental-contracts';
import { BillLink, CarLink, ContractLink, DriverLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import { formatMoney } from '../../../lib/format';
import { debtorsQuery } from '../api/contracts';
import { CollectDialog, type CollectTarget } from '../components/collect-dialog';
import { useTitle } from '../components/titles';

/** `/rentContract/debtors`: open bills due today or overdue, in buckets, with late fees and assignees. */
export function Debtors() {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const access = useAccess();
  const [bucket, setBucket] = useState<string>('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const list = useQuery(debtorsQuery({ ...(bucket ? { bucket } : {}), ...page }));
  const [target, setTarget] = useState<CollectTarget | null>(null);
  const d = list.data;
  if (d && !d.enabled) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('debtors.off')}
        action={
          access.can('oaSetting') ? (
            <Link to="/oaSetting?tab=rules" data-testid="debtors-setting-link">
              {t('debtors.openSetting')}
            </Link>
          ) : undefined
        }
      />
    );
  }
  return (
    <div className="fd-debtors">
      <Segmented
        value={bucket}
        onChange={(v) => {
          setBucket(String(v));
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        options={[
          { value: '', label: t('debtors.all') },
          ...DEBT_BUCKETS.map((b) => ({ value: b, label: `${title(DEBT_BUCKET_TITLES[b])} ${d?.buckets[b] ?? 0}` })),
        ]}
      />
      <Table<DebtorRow>
        size="small"
        rowKey="lineId"
        loading={list.isLoading}
        dataSource={d?.rows ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: d?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          {
            key: 'number',
            title: t('columns.number'),
            render: (_, r) => <ContractLink id={r.contractId} number={r.number} />,
          },
          {
            key: 'driver',
            title: t('columns.driver'),
            render: (_, r) => (
              <>
                <DriverLink id={r.driverId} name={r.driverName} /> {r.driverPhone}
              </>
            ),
          },
          { key: 'plate', title: t('columns.plate'), render: (_, r) => <CarLink id={r.carId} plate={r.plate} /> },
          {
            key: 'type',
            title: t('columns.lineType'),
            render: (_, r) => (
              <BillLink contractId={r.contractId} billId={r.lineId}>
                {`${title(LINE_TYPE_TITLES[r.type])}${r.period ? ` #${r.period}` : ''}`}
              </BillLink>
            ),
          },
          { key: 'due', title: t('columns.dueDate'), dataIndex: 'dueDate' },
          {
            key: 'outstanding',
            title: t('columns.outstanding'),
            align: 'right',
            render: (_, r) => formatMoney(r.outstanding),
          },
          { key: 'lateFee', title: t('columns.lateFee'), align: 'right', render: (_, r) => formatMoney(r.lateFee) },
          { key: 'days', title: t('columns.overdueDays'), dataIndex: 'overdueDays', align: 'right' },
          {
            key: 'bucket',
            title: t('columns.bucket'),
            render: (_, r) => (
              <Tag color={r.bucket === 'today' ? 'blue' : 'red'}>{title(DEBT_BUCKET_TITLES[r.bucket])}</Tag>
            ),
          },
          {
            key: 'repeated',
            title: t('columns.repeated'),
            render: (_, r) => (r.repeated ? <Tag color="volcano">{t('debtors.repeated')}</Tag> : t('debtors.first')),
          },
          { key: 'assignee', title: t('columns.assignee'), render: (_, r) => r.assigneeName ?? '-' },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_, r) =>
              access.can('rentContract:collect') ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    setTarget({
                      id: r.lineId,
                      type: r.type,
                      period: r.period,
                      outstanding: r.outstanding,
                      version: r.version,
                      contractId: r.contractId,
                      contractNumber: r.number,
                      amount: r.amount,
                      paid: r.paid,
                      dueDate: r.dueDate,
                      lateFee: r.lateFee,
                    })
                  }
                >
                  {t('actions.collect')}
                </Button>
              ) : null,
          },
        ]}
      />
      {target && <CollectDialog line={target} onClose={() => setTarget(null)} />}
    </div>
  );
}
