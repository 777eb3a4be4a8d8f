import type { OperationLogRow } from '@fleetdesk/contracts/auth';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityPath } from '../../../components/entity-links';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatDateTime } from '../../../lib/format';
import { useStoredFlag } from '../../../lib/preferences';
import { operationLogsQuery } from '../api/get-operation-logs';
import { useFilterByUser } from './use-filter-by-user';

const METHOD_COLORS: Record<string, string> = { POST: 'green', PUT: 'blue', PATCH: 'blue', DELETE: 'red' };

function Summary({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="fd-muted">-</span>;
  const text = JSON.stringify(value, null, 2);
  if (text === '{}') return <span className="fd-muted">-</span>;
  const short = JSON.stringify(value);
  return (
    <Popover content={<pre className="fd-json">{text}</pre>} trigger="click">
      <Button type="link" size="small" className="fd-summary">
        {short.length > 48 ? `${short.slice(0, 48)}…` : short}
      </Button>
    </Popover>
  );
}

/** Record kinds of the log whose page a link can open (the target column links them). */
const TARGET_PAGES: Record<string, (id: string) => string> = {
  car: (id) => entityPath.car(id),
  driver: (id) => entityPath.driver(id),
  rentContract: (id) => entityPath.contract(id),
  approvalRequest: (id) => entityPath.approval(id),
  gpsRiskCase: (id) => entityPath.riskCase(id),
  order: (id) => `/order/detail/${id}`,
};

/** The record an entry is about, by its kind's name and number, linked to its page where it has one. */
function Target({ row }: { row: OperationLogRow }) {
  const { t } = useTranslation('oa-log');
  if (!row.targetType) return <span className="fd-muted">-</span>;
  const kind = t(`targets.${row.targetType}`, { defaultValue: t('targets.other') });
  const label = row.targetId ? `${kind} #${row.targetId}` : kind;
  const page = row.targetId ? TARGET_PAGES[row.targetType] : undefined;
  return page ? <Link to={page(row.targetId!)}>{label}</Link> : <span>{label}</span>;
}

/** Who did what, when, from where: every successful write of the tenant's users. */
export function OperationLogList() {
  const { t } = useTranslation('oa-log');
  const filterByUser = useFilterByUser();
  // The request, its changes as stored and the address are for whoever investigates, not for a clerk.
  const [technical, setTechnical] = useStoredFlag('fleetdesk.operationLog.technical');
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'action', label: t('filters.action'), placeholder: t('filters.actionPlaceholder') },
      { type: 'text', name: 'target', label: t('filters.target'), placeholder: t('filters.targetPlaceholder') },
      { type: 'date-range', name: 'range', label: t('filters.time'), keys: ['from', 'to'] },
      { type: 'hidden', name: 'userId', label: t('filters.user') },
    ],
    [t],
  );
  const columns: ListColumn<OperationLogRow>[] = [
    { key: 'createdAt', title: t('columns.time'), render: (_, r) => formatDateTime(r.createdAt, true), width: 170 },
    {
      key: 'user',
      title: t('columns.user'),
      render: (_, r) =>
        r.username ? (
          <Button type="link" size="small" onClick={() => filterByUser(r.userId)} title={t('filterByUser')}>
            {r.username}
          </Button>
        ) : (
          <span className="fd-muted">-</span>
        ),
    },
    {
      key: 'action',
      title: t('columns.action'),
      render: (_, r) => (
        <span title={technical ? r.action : undefined}>
          {t(`actionNames.${r.action.replace(/\./g, '_')}`, { defaultValue: r.actionTitle ?? t('actionOther') })}
        </span>
      ),
    },
    {
      key: 'target',
      title: t('columns.target'),
      render: (_, r) => <Target row={r} />,
    },
  ];
  const technicalColumns: ListColumn<OperationLogRow>[] = [
    {
      key: 'request',
      title: t('columns.request'),
      render: (_, r) => (
        <span className="fd-request">
          <Tag color={METHOD_COLORS[r.method]}>{r.method}</Tag>
          <code>{r.path}</code>
        </span>
      ),
    },
    { key: 'summary', title: t('columns.summary'), render: (_, r) => <Summary value={r.summary} /> },
    { key: 'ip', title: t('columns.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '-' },
  ];
  return (
    <ListPage<OperationLogRow>
      id="operation-log"
      filters={filters}
      columns={technical ? [...columns, ...technicalColumns] : columns}
      toolbar={
        <label className="fd-technical-toggle">
          <Switch size="small" checked={technical} onChange={setTechnical} data-testid="log-technical" />{' '}
          {t('technical')}
        </label>
      }
      rowKey={(r) => r.id}
      query={(p) => operationLogsQuery({ pageNum: p.pageNum, pageSize: p.pageSize, ...p.filters })}
    />
  );
}
