import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SmsBatch } from '@fleetdesk/contracts/sms-notices';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { exportBatches } from '../api/export-batches';
import { batchesQuery, isRunning } from '../api/get-batches';
import { BatchDrawer } from './batch-drawer';
import { ExportButton } from './export-button';
import { BatchStateTag } from './status-tags';
import { useSourceName } from './use-source-name';

const STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

/** The notices sent: who, when, what, to how many, how it went; a notice opens with its messages. */
export function HistoryList({ onOpen }: { onOpen: (batchId: number | null) => void }) {
  const { t } = useTranslation('sms-notices');
  const access = useAccess();
  const sourceName = useSourceName();
  const [search] = useSearchParams();
  const opened = Number(search.get('batch')) || null;
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'date-range', name: 'range', label: t('filters.sentAt'), keys: ['from', 'to'] },
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordPlaceholder') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: STATES.map((s) => ({ value: s, label: t(`batchState.${s}`) })),
      },
    ],
    [t],
  );
  const columns: ListColumn<SmsBatch>[] = [
    { key: 'createdAt', title: t('columns.sentAt'), render: (_, b) => formatDateTime(b.createdAt), width: 150 },
    { key: 'createdBy', title: t('columns.sentBy'), dataIndex: 'createdByName' },
    {
      key: 'content',
      title: t('columns.content'),
      render: (_, b) => (
        <Button type="link" size="small" className="fd-sms-content-link" title={b.content} onClick={() => onOpen(b.id)}>
          {b.content}
        </Button>
      ),
    },
    { key: 'source', title: t('columns.source'), render: (_, b) => sourceName(b.source) },
    { key: 'total', title: t('columns.total'), dataIndex: 'total', align: 'right' },
    {
      key: 'outcome',
      title: t('columns.outcome'),
      render: (_, b) =>
        isRunning(b) ? (
          <Progress
            className="fd-sms-mini-progress"
            size="small"
            percent={b.total ? Math.floor(((b.total - b.pending) * 100) / b.total) : 0}
            format={() => `${b.total - b.pending}/${b.total}`}
          />
        ) : (
          <span className="fd-sms-outcome">
            <span className="fd-sms-sent">{t('outcome.sent', { count: b.sent })}</span>
            {b.failed > 0 && <span className="fd-sms-failed">{t('outcome.failed', { count: b.failed })}</span>}
          </span>
        ),
    },
    { key: 'segments', title: t('columns.segments'), dataIndex: 'segments', align: 'right' },
    { key: 'cost', title: t('columns.cost'), render: (_, b) => formatMoney(b.cost), align: 'right' },
    { key: 'state', title: t('columns.state'), render: (_, b) => <BatchStateTag state={b.state} /> },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, b) => (
        <Button type="link" size="small" onClick={() => onOpen(b.id)}>
          {t('actions.details')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListPage<SmsBatch>
        id="sms-batches"
        filters={filters}
        columns={columns}
        rowKey={(b) => b.id}
        query={(p) => batchesQuery({ pageNum: p.pageNum, pageSize: p.pageSize, ...p.filters })}
        exportSlot={(p) =>
          access.can('oaMessage:export') ? (
            <ExportButton
              onExport={() =>
                exportBatches(p.filters, t('files.history', { date: formatDate(new Date()).replace(/-/g, '') }))
              }
            />
          ) : null
        }
      />
      {opened && <BatchDrawer id={opened} onClose={() => onOpen(null)} onOpen={onOpen} />}
    </>
  );
}
