import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
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
  type RequestRow,
  type RequestStatus,
} from '@fleetdesk/contracts/approvals';
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

/** `/oaApproval`: waiting for me, started by me, handled by me, copied to me; `?id=` opens one. */
export default function ApprovalCentrePage() {
  const { t } = useTranslation('approvals');
  const lang = currentLanguage();
  const access = useAccess();
  const [search, setSearch] = useSearchParams();
  const box = boxOf(search.get('box'));
  const openId = Number(search.get('id')) || null;
  const [filters, setFilters] = useState<{ status?: RequestStatus; businessType?: string; keyword?: string }>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ request?: RequestDetail } | null>(null);
  const types = useQuery(typesQuery());
  const waiting = useQuery(waitingCountQuery(true));
  const list = useQuery(requestsQuery({ box, ...filters, ...paging }));
  const typeName = (code: string) => types.data?.find((x) => x.code === code)?.name[lang] ?? code;

  const go = (next: { box?: RequestBox; id?: number | null }) => {
    const params = new URLSearchParams(search);
    if (next.box) params.set('box', next.box);
    if (next.id === null) params.delete('id');
    else if (next.id) params.set('id', String(next.id));
    setSearch(params);
  };

  return (
    <section className="fd-approval-page" data-testid="approval-centre">
      <div className="fd-approval-head">
        <h1 className="fd-page-title">{t('centre.title')}</h1>
        {access.can('oaApproval:add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('centre.add')}
          </Button>
        )}
      </div>
      <Tabs
        activeKey={box}
        onChange={(key) => {
          setPaging((p) => ({ ...p, pageNum: 1 }));
          go({ box: key as RequestBox });
        }}
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
      <div className="fd-approval-filters">
        <Select
          allowClear
          placeholder={t('fields.type')}
          className="fd-approval-filter"
          value={filters.businessType}
          onChange={(v?: string) => setFilters((f) => ({ ...f, businessType: v }))}
          options={(types.data ?? []).map((x) => ({ value: x.code, label: x.name[lang] }))}
        />
        <Select
          allowClear
          placeholder={t('fields.status')}
          className="fd-approval-filter"
          value={filters.status}
          onChange={(v?: RequestStatus) => setFilters((f) => ({ ...f, status: v }))}
          options={REQUEST_STATUSES.filter((s) => box === 'mine' || s !== 'draft').map((s) => ({
            value: s,
            label: t(`status.${s}`),
          }))}
        />
        <Input.Search
          allowClear
          className="fd-approval-search"
          placeholder={t('centre.keyword')}
          onSearch={(v) => setFilters((f) => ({ ...f, keyword: v.trim() || undefined }))}
        />
      </div>
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('common:list.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <Table<RequestRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          locale={{ emptyText: t(`centre.empty.${box}`) }}
          onRow={(r) => ({ onClick: () => go({ id: r.id }), className: 'fd-clickable' })}
          pagination={{
            current: paging.pageNum,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('centre.total', { total }),
            onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
          }}
          columns={[
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
          ]}
        />
      )}
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
    </section>
  );
}
