import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import Tag from 'antd/es/tag';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  LEAD_INTENTS,
  LEAD_INTENT_TITLES,
  LEAD_SOURCE_TITLES,
  LEAD_SOURCES,
  LEAD_STATE_TITLES,
  LEAD_STATES,
} from '@fleetdesk/contracts/crm';
import { ImportWizard } from '../../../components/import-wizard/import-wizard';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime } from '../../../lib/format';
import { labelsQuery } from '../../../lib/organisation-lists';
import { RequestError } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import {
  crmKey,
  exportLeads,
  leadRowsQuery,
  leadsQuery,
  ownersQuery,
  useAssignLeads,
  useClaimLeads,
  type LeadFilter,
  type LeadRow,
} from '../api/crm';
import { AssignDialog } from '../components/lead-dialogs';
import { LeadForm } from '../components/lead-form';
import { IntentTag, LeadStateTag, useTitle } from '../components/titles';
import { LEAD_VIEWS, type LeadView } from '../model/tabs';

export const leadPath = (id: number) => `/crm/lead/${id}`;

/** The URL filters and the view as the list call's query. */
export function leadFilter(f: Record<string, string>, view: LeadView): LeadFilter {
  const out: Record<string, unknown> = { view };
  for (const k of ['state', 'source', 'intent', 'keyword', 'followUp', 'createdFrom', 'createdTo'] as const)
    if (f[k]) out[k] = f[k];
  for (const k of ['ownerId', 'rentId', 'labelId'] as const) if (f[k]) out[k] = Number(f[k]);
  return out as LeadFilter;
}

const viewOf = (v: string | null): LeadView =>
  (LEAD_VIEWS as readonly string[]).includes(v ?? '') ? (v as LeadView) : 'mine';

function useFields(view: LeadView): FilterField[] {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const rents = useSession((s) => s.user?.rents ?? []);
  const owners = useQuery(ownersQuery());
  const labels = useQuery({ ...labelsQuery('customer'), retry: false });
  return useMemo<FilterField[]>(() => {
    const fields: FilterField[] = [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: LEAD_STATES.map((s) => ({ value: s, label: title(LEAD_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'followUp',
        label: t('filters.followUp'),
        options: [
          { value: 'today', label: t('filters.dueToday') },
          { value: 'overdue', label: t('filters.overdue') },
        ],
      },
      {
        type: 'select',
        name: 'source',
        label: t('filters.source'),
        options: LEAD_SOURCES.map((s) => ({ value: s, label: title(LEAD_SOURCE_TITLES[s]) })),
        advanced: true,
      },
      {
        type: 'select',
        name: 'intent',
        label: t('filters.intent'),
        options: LEAD_INTENTS.map((s) => ({ value: s, label: title(LEAD_INTENT_TITLES[s]) })),
        advanced: true,
      },
      {
        type: 'select',
        name: 'labelId',
        label: t('filters.label'),
        options: (labels.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
        advanced: true,
      },
      {
        type: 'date-range',
        name: 'created',
        label: t('filters.created'),
        keys: ['createdFrom', 'createdTo'],
        advanced: true,
      },
    ];
    if (view === 'all')
      fields.push({
        type: 'select',
        name: 'ownerId',
        label: t('filters.owner'),
        options: (owners.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
        advanced: true,
      });
    if (rents.length > 1)
      fields.push({
        type: 'select',
        name: 'rentId',
        label: t('filters.rent'),
        options: rents.map((r) => ({ value: String(r.id), label: r.shortName || r.name })),
        advanced: true,
      });
    return fields;
  }, [t, title, rents, owners.data, labels.data, view]);
}

/** How many leads each view holds (the list call's counts; `all` is null for the own scope: no such view). */
function useViewCounts() {
  const counts = useQuery(
    leadsQuery({ view: 'mine', pageNum: 1, pageSize: 1, withCounts: true } as LeadFilter & {
      pageNum: number;
      pageSize: number;
    }),
  );
  const c = counts.data?.counts;
  return { mine: c?.mine, pool: c?.pool, all: c?.all ?? undefined, allRefused: !!c && c.all === null };
}

/** `/crm` (leads): mine, the pool and all (with counts), filters, create, import, export, claim and assign in bulk. */
export function LeadsList() {
  const { t } = useTranslation('crm');
  const title = useTitle();
  const access = useAccess();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const view = viewOf(search.get('view'));
  const fields = useFields(view);
  const counts = useViewCounts();
  const client = useQueryClient();
  const claim = useClaimLeads();
  const assign = useAssignLeads();
  const [dialog, setDialog] = useState<'create' | 'import' | { assign: number[]; clear: () => void } | null>(null);
  const open = (id: number) => void navigate(leadPath(id));
  const views = LEAD_VIEWS.filter((v) => v !== 'all' || !counts.allRefused);

  const setView = (v: LeadView) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (v === 'mine') next.delete('view');
      else next.set('view', v);
      next.delete('pageNum');
      next.delete('ownerId');
      return next;
    });

  const columns: ListColumn<LeadRow>[] = [
    {
      key: 'name',
      title: t('columns.name'),
      fixed: 'left',
      render: (_, l) => (
        <Link to={leadPath(l.id)} className="fd-row-link" onClick={(e) => e.stopPropagation()}>
          {l.name}
        </Link>
      ),
    },
    { key: 'phone', title: t('columns.phone'), dataIndex: 'phone' },
    { key: 'state', title: t('columns.state'), render: (_, l) => <LeadStateTag state={l.state} /> },
    { key: 'intent', title: t('columns.intent'), render: (_, l) => <IntentTag intent={l.intent} /> },
    {
      key: 'next',
      title: t('columns.nextFollowUp'),
      render: (_, l) =>
        l.nextFollowUpAt ? (
          <span className={l.overdue ? 'fd-crm-overdue' : undefined}>
            {formatDateTime(l.nextFollowUpAt)}
            {l.overdue ? ` · ${t('overdue')}` : ''}
          </span>
        ) : (
          '-'
        ),
    },
    { key: 'owner', title: t('columns.owner'), render: (_, l) => l.ownerName ?? t('pool') },
    { key: 'source', title: t('columns.source'), render: (_, l) => title(LEAD_SOURCE_TITLES[l.source]) },
    { key: 'company', title: t('columns.company'), render: (_, l) => l.companyName ?? '-' },
    {
      key: 'last',
      title: t('columns.lastFollowUp'),
      ellipsis: true,
      render: (_, l) =>
        l.lastFollowUpAt ? `${formatDate(l.lastFollowUpAt)} ${l.lastFollowUpText ?? ''}` : t('lead.noFollowUp'),
    },
    {
      key: 'pool',
      title: t('columns.daysToPool'),
      render: (_, l) => (l.daysToPool == null ? '-' : t('daysToPool', { count: l.daysToPool })),
    },
    {
      key: 'labels',
      title: t('columns.labels'),
      render: (_, l) => (l.labels.length ? l.labels.map((x) => <Tag key={x.id}>{x.name}</Tag>) : '-'),
    },
    { key: 'rent', title: t('columns.rent'), render: (_, l) => l.rentName ?? '-' },
    { key: 'created', title: t('columns.created'), render: (_, l) => formatDate(l.createdAt) },
  ];

  const toolbar = (
    <>
      {access.can('crm:add') ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('create')}>
          {t('actions.create')}
        </Button>
      ) : null}
      {access.can('crm:import') ? (
        <Button icon={<UploadOutlined />} onClick={() => setDialog('import')}>
          {t('actions.import')}
        </Button>
      ) : null}
    </>
  );

  const bulk =
    (view === 'pool' && access.can('crm:edit')) || access.can('crm:assign')
      ? (selected: LeadRow[], clear: () => void) => (
          <>
            {view === 'pool' && access.can('crm:edit') ? (
              <Button
                disabled={!selected.length}
                loading={claim.isPending}
                onClick={() =>
                  void claim
                    .mutateAsync(selected.map((l) => l.id))
                    .then(() => {
                      void message.success(t('claim.done', { count: selected.length }));
                      clear();
                    })
                    .catch((e: unknown) => {
                      if (e instanceof RequestError && e.httpStatus === 409)
                        void message.error(e.serverMessage || t('claim.refused'));
                    })
                }
              >
                {t('actions.claim')}
              </Button>
            ) : null}
            {access.can('crm:assign') ? (
              <Button
                disabled={!selected.length}
                onClick={() => setDialog({ assign: selected.map((l) => l.id), clear })}
              >
                {t('actions.assign')}
              </Button>
            ) : null}
          </>
        )
      : undefined;

  const count = (v: LeadView) => counts[v];
  return (
    <>
      <ListPage<LeadRow>
        id={`crm-leads-${view}`}
        extra={
          <Segmented<LeadView>
            aria-label={t('views.label')}
            value={view}
            onChange={setView}
            options={views.map((v) => ({
              value: v,
              label: count(v) === undefined ? t(`views.${v}`) : `${t(`views.${v}`)} (${count(v)})`,
            }))}
          />
        }
        filters={fields}
        toolbar={toolbar}
        columns={columns}
        rowKey={(l) => l.id}
        query={(p) => leadRowsQuery({ ...leadFilter(p.filters, view), pageNum: p.pageNum, pageSize: p.pageSize })}
        bulkActions={bulk}
        selectable={(l) => l.state === 'new' || l.state === 'following' || l.state === 'paused'}
        exportSlot={
          access.can('crm:export')
            ? (p) => (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void exportLeads(leadFilter(p.filters, view), t('export.leadsFile'))}
                >
                  {t('actions.export')}
                </Button>
              )
            : undefined
        }
        onRow={(l) => ({ onClick: () => open(l.id), className: 'fd-clickable' })}
        emptyText={t(`list.empty.${view}`)}
      />
      {dialog === 'create' ? <LeadForm onClose={() => setDialog(null)} onSaved={(l) => open(l.id)} /> : null}
      {dialog === 'import' ? (
        <ImportWizard
          type="lead"
          ns="crm"
          onClose={() => setDialog(null)}
          onImported={() => void client.invalidateQueries({ queryKey: crmKey })}
        />
      ) : null}
      {dialog && typeof dialog === 'object' ? (
        <AssignDialog
          count={dialog.assign.length}
          onClose={() => setDialog(null)}
          submit={async (ownerId) => {
            await assign.mutateAsync({ ids: dialog.assign, ownerId });
            dialog.clear();
          }}
        />
      ) : null}
    </>
  );
}
