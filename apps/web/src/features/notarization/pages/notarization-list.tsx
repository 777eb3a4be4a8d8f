import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  NOTARIZATION_KIND_TITLES,
  NOTARIZATION_KINDS,
  NOTARIZATION_STATE_TITLES,
  NOTARIZATION_STATES,
  type NotarizationKind,
  type NotarizationRow,
  type NotarizationState,
} from '@fleetdesk/contracts/notarization';
import { ContractLink, DriverLink } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { notarizationsQuery, type NotarizationFilter } from '../api/notarization';
import { NotarizationForm } from '../components/notarization-form';
import { NotarizationStateTag } from '../components/titles';

/** An application's page. */
export const applicationPath = (id: number) => `/notarization/${id}`;

const idOf = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** The URL filters as the list call's query. */
export function notarizationFilter(f: Record<string, string>): NotarizationFilter {
  const out: NotarizationFilter = {};
  if (f.keyword) out.keyword = f.keyword;
  if (f.kind && (NOTARIZATION_KINDS as readonly string[]).includes(f.kind)) out.kind = f.kind as NotarizationKind;
  if (f.state && (NOTARIZATION_STATES as readonly string[]).includes(f.state)) out.state = f.state as NotarizationState;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  const contractId = idOf(f.contractId);
  const driverId = idOf(f.driverId);
  if (contractId) out.contractId = contractId;
  if (driverId) out.driverId = driverId;
  return out;
}

function useFields(): FilterField[] {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  return useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'kind',
        label: t('filters.kind'),
        options: NOTARIZATION_KINDS.map((k) => ({ value: k, label: title(NOTARIZATION_KIND_TITLES[k]) })),
      },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: NOTARIZATION_STATES.map((s) => ({ value: s, label: title(NOTARIZATION_STATE_TITLES[s]) })),
      },
      { type: 'date-range', name: 'created', label: t('filters.created'), keys: ['from', 'to'] },
      // Set by the contract's and the driver's pages (`?contractId=`, `?driverId=`).
      { type: 'hidden', name: 'contractId', label: t('filters.contract') },
      { type: 'hidden', name: 'driverId', label: t('filters.driver') },
    ],
    [t, title],
  );
}

/**
 * `/notarization`: the applications with their filters (`?contractId=` and `?driverId=` from a contract's or a
 * driver's page), and a new application (`?new=1` opens it, with `?contractId=` the contract filled in).
 */
export function NotarizationList() {
  const { t } = useTranslation('notarization');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const fields = useFields();
  const [search, setSearch] = useSearchParams();
  const canAdd = access.can('notarization:add');
  const creating = canAdd && search.get('new') === '1';
  const prefill = idOf(search.get('contractId') ?? undefined);
  const setCreating = (on: boolean) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('new', '1');
        else next.delete('new');
        return next;
      },
      { replace: true },
    );
  const open = (id: number) => void navigate(applicationPath(id));
  // A new application, once saved, opens its page (instead of going back to the list) when the form closes.
  const saved = useRef<number | null>(null);
  const closeForm = () => {
    const id = saved.current;
    saved.current = null;
    if (id) open(id);
    else setCreating(false);
  };

  const columns: ListColumn<NotarizationRow>[] = [
    {
      key: 'number',
      title: t('columns.number'),
      fixed: 'left',
      render: (_, r) => (
        <Link to={applicationPath(r.id)} onClick={(e) => e.stopPropagation()} className="fd-row-link">
          {r.number}
        </Link>
      ),
    },
    {
      key: 'contract',
      title: t('columns.contract'),
      render: (_, r) => <ContractLink id={r.contractId} number={r.contractNumber} />,
    },
    { key: 'driver', title: t('columns.driver'), render: (_, r) => <DriverLink id={r.driverId} name={r.driverName} /> },
    { key: 'plate', title: t('columns.plate'), render: (_, r) => (r.plate ? formatPlate(r.plate) : '-') },
    { key: 'kind', title: t('columns.kind'), render: (_, r) => title(NOTARIZATION_KIND_TITLES[r.kind]) },
    { key: 'state', title: t('columns.state'), render: (_, r) => <NotarizationStateTag state={r.state} /> },
    { key: 'office', title: t('columns.office'), dataIndex: 'notaryOffice', ellipsis: true },
    {
      key: 'fee',
      title: t('columns.fee'),
      align: 'right',
      render: (_, r) => (
        <>
          {formatMoney(r.fee)}
          {r.feeRefunded ? <Tag className="fd-nz-refunded">{t('refunded')}</Tag> : null}
        </>
      ),
    },
    { key: 'certificate', title: t('columns.certificate'), render: (_, r) => r.certificateNo ?? '-' },
    { key: 'created', title: t('columns.created'), render: (_, r) => formatDate(r.createdAt) },
    {
      key: 'submitted',
      title: t('columns.submitted'),
      render: (_, r) => (r.submittedAt ? formatDateTime(r.submittedAt) : '-'),
    },
  ];
  const toolbar = canAdd ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      {t('actions.new')}
    </Button>
  ) : undefined;
  return (
    <>
      <ListPage<NotarizationRow>
        id="notarization"
        title={t('title')}
        filters={fields}
        toolbar={toolbar}
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) =>
          notarizationsQuery({ ...notarizationFilter(p.filters), pageNum: p.pageNum, pageSize: p.pageSize })
        }
        onRow={(r) => ({ onClick: () => open(r.id), className: 'fd-clickable' })}
        emptyText={t('list.empty')}
      />
      {creating ? (
        <NotarizationForm
          contractId={prefill}
          onClose={closeForm}
          onSaved={(application) => {
            saved.current = application.id;
          }}
        />
      ) : null}
    </>
  );
}
