import dayjs from 'dayjs';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TEMPLATE_KIND_TITLES } from '@fleetdesk/contracts/handover';
import {
  BILLING_MODE_TITLES,
  CONTRACT_ORIGIN_TITLES,
  CONTRACT_EVENT_OTHER,
  CONTRACT_EVENT_TITLES,
  CONTRACT_STATE_TITLES,
  CONTRACT_TYPE_TITLES,
  LINE_STATE_TITLES,
  LINE_TYPE_TITLES,
  PAYMENT_PERIOD_TITLES,
  type Collection,
  type Contract,
  type GroupContract,
  type PaymentLine,
  type TempCar,
} from '@fleetdesk/contracts/rental-contracts';
import { contractTabs } from '../../../components/contract-tabs/contract-tabs';
import { TargetLog } from '../../../components/operation-log/target-log';
import { useAccess } from '../../../lib/access';
import { BillLink, CarLink, ContractLink, DriverLink } from '../../../components/entity-links';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { formatDateTime, formatMoney } from '../../../lib/format';
import {
  accountsQuery,
  collectionsQuery,
  contractQuery,
  downloadReceipt,
  eventsQuery,
  groupQuery,
  linesQuery,
  tempCarsQuery,
  useCancelTempCar,
  useEndTempCar,
  useStartTempCar,
  useCancelContract,
  useFinishContract,
  useSignContract,
} from '../api/contracts';
import { CollectDialog, type CollectTarget } from '../components/collect-dialog';
import { ChangeCarDialog, RenewDialog, TempCarDialog } from '../components/group-dialogs';
import { OverdueStrip } from '../components/overdue-strip';
import { useTitle } from '../components/titles';
import { STATE_COLORS } from './contract-list';

const TABS = ['terms', 'bills', 'payments', 'tempCars', 'documents', 'history'] as const;

function Terms({ c }: { c: Contract }) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const f = (k: string, v: React.ReactNode) => ({ key: k, label: t(`detail.fields.${k}`), children: v ?? '-' });
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        f('number', c.number),
        f('state', <Tag color={STATE_COLORS[c.state]}>{title(CONTRACT_STATE_TITLES[c.state])}</Tag>),
        f('origin', title(CONTRACT_ORIGIN_TITLES[c.origin])),
        f('rentName', c.rentName),
        f(
          'driver',
          <>
            <DriverLink id={c.driverId} name={c.driverName} /> {c.driverPhone}
          </>,
        ),
        f('plate', <CarLink id={c.carId} plate={c.plate} />),
        f('type', title(CONTRACT_TYPE_TITLES[c.type])),
        f('period', title(PAYMENT_PERIOD_TITLES[c.period])),
        f('billing', title(BILLING_MODE_TITLES[c.billing])),
        f('paymentDay', c.paymentDay),
        f('startDate', c.startDate),
        f('endDate', c.endDate),
        f('instalments', c.instalments),
        f('rentalDays', c.rentalDays),
        f('freeDays', c.freeDays),
        f('deposit', formatMoney(c.deposit)),
        f('managementFee', formatMoney(c.managementFee)),
        f('rent', formatMoney(c.rent)),
        f('totalRent', formatMoney(c.totalRent)),
        f('buyOutPrice', c.buyOutPrice === null ? null : formatMoney(c.buyOutPrice)),
        f('total', formatMoney(c.total)),
        f('outstanding', formatMoney(c.outstanding)),
        f('template', c.template),
        f('discountPlan', c.discountPlan),
        f('clauses', c.clauses.length ? c.clauses.join('；') : null),
      ]}
    />
  );
}

/**
 * The bill schedule: every line with its state; open lines of a signed contract can be collected or waived, and
 * so can those of a contract that ended (car change, renewal) while its group goes on in a signed contract.
 */
export function Bills({ c, picked }: { c: Contract; picked?: number }) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const access = useAccess();
  const lines = useQuery(linesQuery(c.id));
  // `?tab=bills&bill=<id>`: the bill picked out and scrolled to once the lines are there.
  useEffect(() => {
    if (!picked || !lines.data) return;
    document.querySelector(`[data-row-key="${picked}"]`)?.scrollIntoView?.({ block: 'center' });
  }, [picked, lines.data]);
  const lateFeeOf = (l: PaymentLine) =>
    (lines.data ?? [])
      .filter((x) => x.lateFeeFor === l.id && (x.state === 'unpaid' || x.state === 'partial'))
      .reduce((sum, x) => sum + x.outstanding, 0);
  const targetOf = (l: PaymentLine): CollectTarget => ({
    id: l.id,
    type: l.type,
    period: l.period,
    outstanding: l.outstanding,
    version: l.version,
    contractId: c.id,
    contractNumber: c.number,
    amount: l.amount,
    paid: l.paid,
    dueDate: l.dueDate,
    periodStart: l.periodStart,
    periodEnd: l.periodEnd,
    lateFee: lateFeeOf(l),
  });
  const ended = c.state === 'completed' || c.state === 'terminated';
  const group = useQuery({ ...groupQuery(c.id), enabled: ended });
  const live = c.state === 'signed' || (ended && !!group.data?.some((g) => g.state === 'signed'));
  const [target, setTarget] = useState<{ line: CollectTarget; mode: 'collect' | 'waive' } | null>(null);
  const open = (l: PaymentLine) => live && (l.state === 'unpaid' || l.state === 'partial') && l.amount > 0;
  return (
    <>
      <Table<PaymentLine>
        size="small"
        rowKey="id"
        loading={lines.isLoading}
        dataSource={lines.data ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        rowClassName={(l) =>
          [l.overdueDays > 0 ? 'fd-line-overdue' : '', l.id === picked ? 'fd-line-picked' : ''].join(' ').trim()
        }
        columns={[
          { key: 'due', title: t('columns.dueDate'), dataIndex: 'dueDate' },
          {
            key: 'type',
            title: t('columns.lineType'),
            render: (_, l) => (
              <BillLink contractId={c.id} billId={l.id}>
                {title(LINE_TYPE_TITLES[l.type])}
              </BillLink>
            ),
          },
          { key: 'period', title: t('columns.periodNo'), render: (_, l) => l.period ?? '-' },
          {
            key: 'bill',
            title: t('columns.billPeriod'),
            render: (_, l) => (l.periodStart ? `${l.periodStart} ~ ${l.periodEnd}` : '-'),
          },
          { key: 'amount', title: t('columns.amount'), align: 'right', render: (_, l) => formatMoney(l.amount) },
          { key: 'paid', title: t('columns.received'), align: 'right', render: (_, l) => formatMoney(l.paid) },
          {
            key: 'state',
            title: t('columns.lineState'),
            render: (_, l) => (
              <Space size={4}>
                <Tag
                  color={
                    l.state === 'paid'
                      ? 'green'
                      : l.state === 'partial'
                        ? 'gold'
                        : l.state === 'waived'
                          ? 'default'
                          : 'blue'
                  }
                >
                  {title(LINE_STATE_TITLES[l.state])}
                </Tag>
                {l.overdueDays > 0 && <Tag color="red">{`${t('columns.overdueDays')} ${l.overdueDays}`}</Tag>}
              </Space>
            ),
          },
          { key: 'paidDate', title: t('columns.paidDate'), render: (_, l) => l.paidDate ?? '-' },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_, l) =>
              open(l) ? (
                <Space size={0}>
                  {access.can('rentContract:collect') && (
                    <Button size="small" type="link" onClick={() => setTarget({ line: targetOf(l), mode: 'collect' })}>
                      {t('actions.collect')}
                    </Button>
                  )}
                  {access.can('rentContract:waive') && (
                    <Button size="small" type="link" onClick={() => setTarget({ line: targetOf(l), mode: 'waive' })}>
                      {t('actions.waive')}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      {target && <CollectDialog line={target.line} mode={target.mode} onClose={() => setTarget(null)} />}
    </>
  );
}

/** The collections; each with its line's receipt as PDF for who may print (`rentContract:print`). */
export function Payments({ c }: { c: Contract }) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const access = useAccess();
  const rows = useQuery(collectionsQuery(c.id));
  const [busy, setBusy] = useState<number | null>(null);
  const receipt = async (lineId: number) => {
    setBusy(lineId);
    try {
      await downloadReceipt(lineId, `${TEMPLATE_KIND_TITLES.receipt['zh-CN']}-${c.number}-${lineId}.pdf`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Table
      size="small"
      rowKey="id"
      loading={rows.isLoading}
      dataSource={rows.data ?? []}
      pagination={false}
      columns={[
        { key: 'paidDate', title: t('columns.paidDate'), dataIndex: 'paidDate' },
        {
          key: 'type',
          title: t('columns.lineType'),
          render: (_, r) => (
            <BillLink contractId={c.id} billId={r.lineId}>
              {title(LINE_TYPE_TITLES[r.lineType])}
            </BillLink>
          ),
        },
        { key: 'period', title: t('columns.periodNo'), render: (_, r) => r.period ?? '-' },
        { key: 'amount', title: t('columns.received'), align: 'right', render: (_, r) => formatMoney(r.amount) },
        { key: 'account', title: t('columns.account'), dataIndex: 'accountName' },
        { key: 'remark', title: t('columns.remark'), render: (_, r) => r.remark ?? '-' },
        {
          key: 'voucher',
          title: t('columns.voucher'),
          render: (_, r) =>
            r.voucher ? (
              <a href={r.voucher} target="_blank" rel="noreferrer">
                {t('collect.voucherOpen')}
              </a>
            ) : (
              '-'
            ),
        },
        { key: 'user', title: t('columns.user'), render: (_, r) => r.userName ?? '-' },
        { key: 'at', title: t('columns.at'), render: (_, r) => formatDateTime(r.at) },
        ...(access.can('rentContract:print')
          ? [
              {
                key: 'receipt',
                title: t('columns.actions'),
                render: (_: unknown, r: Collection) => (
                  <Button
                    size="small"
                    type="link"
                    loading={busy === r.lineId}
                    onClick={() => void receipt(r.lineId).catch(() => undefined)}
                  >
                    {t('actions.receipt')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The contracts of the group (the first, renewals, car changes), this one marked. */
function Group({ c }: { c: Contract }) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const rows = useQuery(groupQuery(c.id));
  return (
    <Table<GroupContract>
      size="small"
      rowKey="id"
      className="fd-contract-group"
      title={() => t('group.title', { groupNo: c.groupNo })}
      loading={rows.isLoading}
      dataSource={rows.data ?? []}
      pagination={false}
      columns={[
        { key: 'seq', title: '#', dataIndex: 'groupSeq', width: 48 },
        {
          key: 'number',
          title: t('columns.number'),
          render: (_, r) =>
            r.id === c.id ? <strong>{r.number}</strong> : <ContractLink id={r.id} number={r.number} />,
        },
        { key: 'origin', title: t('group.origin'), render: (_, r) => title(CONTRACT_ORIGIN_TITLES[r.origin]) },
        { key: 'plate', title: t('columns.plate'), render: (_, r) => <CarLink id={r.carId} plate={r.plate} /> },
        { key: 'dates', title: t('columns.dates'), render: (_, r) => `${r.startDate} ~ ${r.endDate}` },
        { key: 'rent', title: t('columns.rent'), align: 'right', render: (_, r) => formatMoney(r.rent) },
        {
          key: 'state',
          title: t('columns.state'),
          render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{title(CONTRACT_STATE_TITLES[r.state])}</Tag>,
        },
        {
          key: 'outstanding',
          title: t('columns.outstanding'),
          align: 'right',
          render: (_, r) => formatMoney(r.outstanding),
        },
      ]}
    />
  );
}

const TEMP_CAR_TAG: Record<TempCar['state'], string | undefined> = {
  booked: 'gold',
  inUse: 'blue',
  ended: undefined,
  cancelled: undefined,
};

/**
 * Temporary replacement cars of the contract: add or book one (signed contracts), hand a booked one over (from its
 * first day) or cancel it, end one in use early.
 */
export function TempCars({ c }: { c: Contract }) {
  const { t } = useTranslation('contracts');
  const access = useAccess();
  const rows = useQuery(tempCarsQuery(c.id));
  const end = useEndTempCar();
  const start = useStartTempCar();
  const cancel = useCancelTempCar();
  const [adding, setAdding] = useState(false);
  const canEdit = access.can('rentContract:edit');
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <>
      {c.state === 'signed' && canEdit && (
        <Button className="fd-temp-car-add" onClick={() => setAdding(true)}>
          {t('tempCar.add')}
        </Button>
      )}
      {rows.isError ? (
        <Result status="warning" title={t('tempCar.loadFailed')} />
      ) : (
        <Table<TempCar>
          size="small"
          rowKey="id"
          loading={rows.isLoading}
          dataSource={rows.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('tempCar.none')} /> }}
          columns={[
            { key: 'plate', title: t('tempCar.car'), render: (_, r) => <CarLink id={r.carId} plate={r.plate} /> },
            { key: 'period', title: t('tempCar.period'), render: (_, r) => `${r.fromDate} ~ ${r.toDate}` },
            { key: 'reason', title: t('tempCar.reason'), dataIndex: 'reason' },
            {
              key: 'state',
              title: t('columns.state'),
              render: (_, r) => <Tag color={TEMP_CAR_TAG[r.state]}>{t(`tempCar.states.${r.state}`)}</Tag>,
            },
            {
              key: 'actions',
              title: t('columns.actions'),
              render: (_, r) => {
                if (!canEdit) return null;
                if (r.state === 'booked') {
                  return (
                    <>
                      {r.fromDate <= today && (
                        <Popconfirm
                          title={t('tempCar.startConfirm', { plate: r.plate })}
                          onConfirm={() => start.mutateAsync({ tempId: r.id }).catch(() => undefined)}
                        >
                          <Button size="small" type="link">
                            {t('tempCar.start')}
                          </Button>
                        </Popconfirm>
                      )}
                      <Popconfirm
                        title={t('tempCar.cancelConfirm', { plate: r.plate })}
                        onConfirm={() => cancel.mutateAsync({ tempId: r.id }).catch(() => undefined)}
                      >
                        <Button size="small" type="link" danger>
                          {t('tempCar.cancel')}
                        </Button>
                      </Popconfirm>
                    </>
                  );
                }
                return r.state === 'inUse' ? (
                  <Popconfirm
                    title={t('tempCar.endConfirm', { plate: r.plate })}
                    onConfirm={() => end.mutateAsync({ tempId: r.id }).catch(() => undefined)}
                  >
                    <Button size="small" type="link">
                      {t('tempCar.end')}
                    </Button>
                  </Popconfirm>
                ) : null;
              },
            },
          ]}
        />
      )}
      {adding && <TempCarDialog contract={c} onClose={() => setAdding(false)} />}
    </>
  );
}

function History({ c }: { c: Contract }) {
  const { t } = useTranslation('contracts');
  const title = useTitle();
  const rows = useQuery(eventsQuery(c.id));
  return (
    <>
      <Group c={c} />
      <Table
        size="small"
        rowKey="id"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        pagination={false}
        columns={[
          { key: 'at', title: t('columns.at'), render: (_, r) => formatDateTime(r.at) },
          {
            key: 'event',
            title: t('columns.event'),
            render: (_, r) =>
              r.toState
                ? `${r.fromState ? title(CONTRACT_STATE_TITLES[r.fromState]) : ''} → ${title(CONTRACT_STATE_TITLES[r.toState])}`
                : title(CONTRACT_EVENT_TITLES[r.kind] ?? CONTRACT_EVENT_OTHER),
          },
          { key: 'remark', title: t('columns.remark'), render: (_, r) => r.remark ?? '-' },
          { key: 'user', title: t('columns.user'), render: (_, r) => r.userName ?? '-' },
        ]}
      />
      <TargetLog target={`rentContract:${c.id}`} ns="contracts" queryKey={contractQuery(c.id).queryKey} />
    </>
  );
}

function Actions({ c }: { c: Contract }) {
  const { t } = useTranslation('contracts');
  const access = useAccess();
  const accounts = useQuery(accountsQuery());
  const inline = useInlineFailure();
  const sign = useSignContract(inline.silent);
  const cancel = useCancelContract();
  const finish = useFinishContract();
  const [signing, setSigning] = useState(false);
  const [accountId, setAccountId] = useState<number | undefined>();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [dialog, setDialog] = useState<'renew' | 'changeCar' | null>(null);
  return (
    <Space wrap>
      {c.state === 'signed' && (access.can('rentContract:add') || access.can('rentContract:sign')) && (
        <Button onClick={() => setDialog('renew')}>{t('actions.renew')}</Button>
      )}
      {c.state === 'signed' && access.can('rentContract:edit') && (
        <Button onClick={() => setDialog('changeCar')}>{t('actions.changeCar')}</Button>
      )}
      {dialog === 'renew' && <RenewDialog contract={c} onClose={() => setDialog(null)} />}
      {dialog === 'changeCar' && <ChangeCarDialog contract={c} onClose={() => setDialog(null)} />}
      {c.state === 'pending' && access.can('rentContract:sign') && (
        <Button type="primary" onClick={() => setSigning(true)}>
          {t('actions.sign')}
        </Button>
      )}
      {c.state === 'signed' && access.can('rentContract:terminate') && (
        <Button onClick={() => void finish.mutateAsync({ id: c.id }).catch(() => undefined)}>
          {t('actions.finish')}
        </Button>
      )}
      {(c.state === 'pending' || (c.state === 'signed' && !c.dispatched)) && access.can('rentContract:cancel') && (
        <Button danger onClick={() => setCancelling(true)}>
          {t('actions.cancel')}
        </Button>
      )}
      <Modal
        open={signing}
        title={t('actions.sign')}
        onCancel={() => {
          inline.clear();
          setSigning(false);
        }}
        okButtonProps={{ disabled: !accountId }}
        confirmLoading={sign.isPending}
        onOk={() =>
          void inline
            .run(() => sign.mutateAsync({ id: c.id, accountId: accountId! }))
            .then((done) => done && setSigning(false))
            .catch(() => undefined)
        }
      >
        <InlineFailure
          failure={inline.failure}
          onClose={inline.clear}
          action={<CarLink id={c.carId} plate={c.plate} tab="insurance" />}
        />
        <Select
          style={{ width: '100%' }}
          placeholder={t('collect.account')}
          value={accountId}
          onChange={setAccountId}
          options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
      </Modal>
      <Modal
        open={cancelling}
        title={t('actions.cancel')}
        onCancel={() => setCancelling(false)}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        confirmLoading={cancel.isPending}
        onOk={() =>
          void cancel
            .mutateAsync({ id: c.id, reason })
            .then(() => setCancelling(false))
            .catch(() => undefined)
        }
      >
        <Input.TextArea placeholder={t('cancelReason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Space>
  );
}

interface TabItem {
  key: string;
  label: string;
  children: ReactNode;
}

/** The page's own tabs with the added ones: before the history tab, or under an own tab of the same key. */
function withAdded(
  c: Contract,
  added: ReturnType<typeof contractTabs>,
  t: (key: string) => string,
  own: TabItem[],
): TabItem[] {
  const panel = (Panel: (typeof added)[number]['Panel']) => (
    <Suspense fallback={<Spin />}>
      <Panel contract={c} />
    </Suspense>
  );
  const items = own.map((item) => {
    const extra = added.find((x) => x.key === item.key);
    if (!extra) return item;
    return {
      ...item,
      children: (
        <>
          {item.children}
          {panel(extra.Panel)}
        </>
      ),
    };
  });
  const fresh = added
    .filter((x) => !own.some((o) => o.key === x.key))
    .map((x) => ({ key: x.key, label: t(x.labelKey), children: panel(x.Panel) }));
  const history = items.findIndex((i) => i.key === 'history');
  return [...items.slice(0, history), ...fresh, ...items.slice(history)];
}

/** `/rentContract/detail/:id`: the contract page with its tabs. */
export function ContractDetail({ id }: { id: number }) {
  const { t } = useTranslation('contracts');
  const [params, setParams] = useSearchParams();
  const contract = useQuery(contractQuery(id));
  const access = useAccess();
  // Tabs other areas add (handover: inspections, settlement; documents under the documents tab).
  const added = contractTabs().filter((x) => access.can(x.permission ?? 'rentContract:view'));
  const keys: string[] = [...TABS, ...added.map((x) => x.key)];
  const tab = keys.includes(params.get('tab') ?? '') ? params.get('tab')! : 'terms';
  if (contract.isLoading) return <Skeleton active />;
  const c = contract.data;
  if (!c)
    return (
      <Result status="404" title={t('detail.notFound')} extra={<Link to="/rentContract">{t('actions.back')}</Link>} />
    );
  return (
    <div className="fd-contract-detail">
      <Space className="fd-contract-head" wrap>
        <Link to="/rentContract">{t('actions.back')}</Link>
        <h1 className="fd-page-title fd-contract-title">{c.number}</h1>
        <DriverLink id={c.driverId} name={c.driverName} />
        <CarLink id={c.carId} plate={c.plate} />
        <Actions c={c} />
      </Space>
      <OverdueStrip contractId={c.id} />
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        items={withAdded(c, added, t, [
          { key: 'terms', label: t('detail.tabs.terms'), children: <Terms c={c} /> },
          {
            key: 'bills',
            label: t('detail.tabs.bills'),
            children: <Bills c={c} picked={Number(params.get('bill')) || undefined} />,
          },
          { key: 'payments', label: t('detail.tabs.payments'), children: <Payments c={c} /> },
          { key: 'tempCars', label: t('detail.tabs.tempCars'), children: <TempCars c={c} /> },
          {
            key: 'documents',
            label: t('detail.tabs.documents'),
            children: c.attachments.length ? (
              <ul>
                {c.attachments.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            ) : (
              <Empty description={t('detail.noDocuments')} />
            ),
          },
          { key: 'history', label: t('detail.tabs.history'), children: <History c={c} /> },
        ])}
      />
    </div>
  );
}
