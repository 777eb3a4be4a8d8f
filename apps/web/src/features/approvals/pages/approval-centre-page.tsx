import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  REQUEST_BOXES,
  REQUEST_STATUSES,
  type RequestBox,
  type RequestDetail,
  type RequestListQuery,
  type RequestRow,
} from '@fleetdesk/contracts/approvals';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { SavedFilters } from '../../../components/list-page/saved-filters';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { typesQuery } from '../api/flows';
import { requestsQuery, waitingCountQuery } from '../api/requests';
import { RequestDrawer } from '../components/request-drawer';
import { RequestForm } from '../components/request-form';
import { StatusTag } from '../components/status-tag';
import '../i18n';
import './approvals.css';

const boxOf = (v: string | null): RequestBox =>
  (REQUEST_BOXES as readonly string[]).includes(v ?? '') ? (v as RequestBox) : 'waiting';

/** The list's filters (URL keys): kind of request, status, and a keyword of the summary. */
const FILTER_KEYS = ['businessType', 'status', 'keyword'] as const;

/** `/oaApproval`: waiting for me, started by me, handled by me, copied to me; `?id=` opens one. */
export default function ApprovalCentrePage() {
  const { t } = useTranslation('approvals');
  const lang = currentLanguage();
  const access = useAccess();
  const [search, setSearch] = useSearchParams();
  const box = boxOf(search.get('box'));
  const openId = Number(search.get('id')) || null;
  const [editing, setEditing] = useState<{ request?: RequestDetail } | null>(null);
  const types = useQuery(typesQuery());
  const waiting = useQuery(waitingCountQuery(true));
  const typeName = (code: string) => types.data?.find((x) => x.code === code)?.name[lang] ?? code;

  const go = (next: { box?: RequestBox; id?: number | null }) => {
    const params = new URLSearchParams(search);
    if (next.box) {
      params.set('box', next.box);
      params.delete('pageNum');
    }
    if (next.id === null) params.delete('id');
    else if (next.id) params.set('id', String(next.id));
    setSearch(params);
  };

  const filters: FilterField[] = [
    {
      type: 'select',
      name: 'businessType',
      label: t('fields.type'),
      options: (types.data ?? []).map((x) => ({ value: x.code, label: x.name[lang] })),
    },
    {
      type: 'select',
      name: 'status',
      label: t('fields.status'),
      options: REQUEST_STATUSES.filter((s) => box === 'mine' || s !== 'draft').map((s) => ({
        value: s,
        label: t(`status.${s}`),
      })),
    },
    { type: 'text', name: 'keyword', label: t('centre.keyword') },
  ];

  const columns: ListColumn<RequestRow>[] = [
    { key: 'type', title: t('fields.type'), width: 110, render: (_, r) => typeName(r.businessType) },
    { key: 'summary', title: t('fields.summary'), dataIndex: 'summary', ellipsis: true },
    {
      key: 'amount',
      title: t('fields.amount'),
      align: 'right',
      width: 120,
      render: (_, r) => (r.amount === null ? '—' : formatMoney(r.amount)),
    },
    {
      key: 'applicant',
      title: t('fields.applicant'),
      width: 150,
      render: (_, r) => `${r.applicantName}${r.departmentName ? ` · ${r.departmentName}` : ''}`,
    },
    { key: 'status', title: t('fields.status'), width: 90, render: (_, r) => <StatusTag status={r.status} /> },
    { key: 'step', title: t('fields.currentStep'), width: 120, render: (_, r) => r.currentStep ?? '—' },
    {
      key: 'at',
      title: t('fields.submittedAt'),
      width: 150,
      render: (_, r) => formatDateTime(r.submittedAt ?? r.createdAt),
    },
  ];

  return (
    <div className="fd-approval-page" data-testid="approval-centre">
      <ListPage<RequestRow>
        id="approval-centre"
        title={t('centre.title')}
        toolbar={
          access.can('oaApproval:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('centre.add')}
            </Button>
          )
        }
        extra={
          <Tabs
            activeKey={box}
            onChange={(key) => go({ box: key as RequestBox })}
            items={REQUEST_BOXES.map((b) => ({
              key: b,
              label:
                b === 'waiting' ? (
                  <Badge count={waiting.data ?? 0} size="small" offset={[8, -2]}>
                    {t(`box.${b}`)}
                  </Badge>
                ) : (
                  t(`box.${b}`)
                ),
            }))}
          />
        }
        filters={filters}
        filterActions={<SavedFilters screen="oaApproval" fields={filters} toSaved={toSaved} fromSaved={fromSaved} />}
        columns={columns}
        rowKey={(r) => r.id}
        defaultPageSize={20}
        query={(params) =>
          requestsQuery({
            box,
            ...(params.filters as Partial<Pick<RequestListQuery, (typeof FILTER_KEYS)[number]>>),
            pageNum: params.pageNum,
            pageSize: params.pageSize,
          })
        }
        onRow={(r) => ({ onClick: () => go({ id: r.id }), className: 'fd-clickable' })}
        emptyText={t(`centre.empty.${box}`)}
      />
      {openId && (
        <RequestDrawer id={openId} onClose={() => go({ id: null })} onEdit={(request) => setEditing({ request })} />
      )}
      {editing && (
        <RequestForm
          request={editing.request}
          onClose={(saved) => {
            setEditing(null);
            if (saved) go({ box: 'mine', id: saved.id });
          }}
        />
      )}
    </div>
  );
}

/** A saved filter is the list's URL filter values. */
const toSaved = (filters: Record<string, string>) => ({ ...filters }) as Record<string, unknown>;
const fromSaved = (saved: Record<string, unknown>): Record<string, string | undefined> =>
  Object.fromEntries(FILTER_KEYS.map((k) => [k, typeof saved[k] === 'string' && saved[k] ? saved[k] : undefined]));
