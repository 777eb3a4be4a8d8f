import Button from 'antd/es/button';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_STATE_TITLES,
  FEEDBACK_STATES,
  type FeedbackRow,
  type FeedbackState,
} from '@fleetdesk/contracts/feedback';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import { useListParams, type FilterField, type ListParams } from '../../../components/list-page/list-params';
import { formatDateTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { feedbackDeskQuery, type FeedbackDeskParams } from '../api/feedback-desk';
import { FeedbackDrawer } from '../components/feedback-drawer';
import { FeedbackStateTag } from '../components/state-tag';
import '../i18n';
import './feedback.css';

const PAGE_SIZE = 20;
const isState = (v: string | undefined): v is FeedbackState => (FEEDBACK_STATES as readonly string[]).includes(v ?? '');
const isId = (v: string | undefined) => !!v && /^\d+$/.test(v);

/** The list's URL filters as the desk call's query. */
function deskParams(p: ListParams): FeedbackDeskParams {
  const { state, keyword, tenantId } = p.filters;
  return {
    pageNum: p.pageNum,
    pageSize: p.pageSize,
    ...(isState(state) ? { state } : {}),
    ...(keyword ? { keyword } : {}),
    ...(isId(tenantId) ? { tenantId: Number(tenantId) } : {}),
  };
}

/**
 * `/platform/feedback`, the platform operator's desk (the route is the operator's only; the server answers 403 to
 * anyone else): every tenant's feedback, newest first, by state, keyword and company (a click on a company); a row
 * opens the feedback with its answer form.
 */
export default function FeedbackDeskPage() {
  const { t } = useTranslation('feedback');
  const title = useTitle();
  const [open, setOpen] = useState<FeedbackRow | null>(null);
  // The companies met in the rows, to name the company filter's tag.
  const names = useRef(new Map<string, string>());
  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'state',
        label: t('desk.state'),
        options: FEEDBACK_STATES.map((s) => ({ value: s, label: title(FEEDBACK_STATE_TITLES[s]) })),
      },
      { type: 'text', name: 'keyword', label: t('desk.keyword'), placeholder: t('desk.keywordHint') },
      {
        type: 'hidden',
        name: 'tenantId',
        label: t('desk.tenant'),
        display: (id) => names.current.get(id) ?? `#${id}`,
      },
    ],
    [t, title],
  );
  const { params, setFilters } = useListParams(filters, PAGE_SIZE);
  // The rows on screen (the list's own call, read from its cache entry) name the company filter's tag on a reload.
  const shown = useQuery({ ...feedbackDeskQuery(deskParams(params)), enabled: false });
  for (const r of shown.data?.rows ?? []) names.current.set(String(r.tenantId), r.tenantName);

  const columns: ListColumn<FeedbackRow>[] = [
    { key: 'createdAt', title: t('desk.createdAt'), width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'company',
      title: t('desk.company'),
      width: 180,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          className="fd-feedback-company"
          title={t('desk.filterTenant', { name: r.tenantName })}
          onClick={(e) => {
            e.stopPropagation();
            names.current.set(String(r.tenantId), r.tenantName);
            setFilters({ tenantId: String(r.tenantId) });
          }}
        >
          {r.tenantName}
        </Button>
      ),
    },
    { key: 'sender', title: t('desk.sender'), dataIndex: 'userName', width: 110 },
    {
      key: 'content',
      title: t('desk.content'),
      render: (_, r) => <span className="fd-feedback-row-text">{r.content}</span>,
    },
    { key: 'images', title: t('desk.images'), width: 90, align: 'right', render: (_, r) => r.images.length || '-' },
    { key: 'state', title: t('desk.state'), width: 100, render: (_, r) => <FeedbackStateTag state={r.state} /> },
    {
      key: 'answeredAt',
      title: t('desk.answeredAt'),
      width: 150,
      render: (_, r) => (r.answeredAt ? formatDateTime(r.answeredAt) : '-'),
    },
  ];

  return (
    <div className="fd-feedback-desk" data-testid="feedback-desk">
      <ListPage<FeedbackRow>
        id="feedback-desk"
        title={t('desk.title')}
        filters={filters}
        columns={columns}
        rowKey={(r) => r.id}
        defaultPageSize={PAGE_SIZE}
        query={(p) => feedbackDeskQuery(deskParams(p))}
        onRow={(r) => ({ onClick: () => setOpen(r), className: 'fd-feedback-row' })}
        emptyText={t('desk.empty')}
      />
      {open && <FeedbackDrawer key={open.id} row={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
