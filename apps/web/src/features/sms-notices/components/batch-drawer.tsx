import RedoOutlined from '@ant-design/icons/RedoOutlined';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Skeleton from 'antd/es/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TaskCategory } from '@fleetdesk/contracts/tasks';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { startTaskNotice } from '../../../lib/task-notices';
import { batchQuery } from '../api/get-batch';
import { isRunning } from '../api/get-batches';
import { useRetryBatch } from '../api/retry-batch';
import { BatchMessages } from './batch-messages';
import { BatchStateTag } from './status-tags';
import { useSourceName } from './use-source-name';

interface Props {
  id: number;
  onClose: () => void;
  /** Opens another notice (the one a retry started, the one this retried). */
  onOpen: (id: number) => void;
}

/** One notice: its counts and each recipient's message; its failures can be sent again. */
export function BatchDrawer({ id, onClose, onOpen }: Props) {
  const { t } = useTranslation('sms-notices');
  const access = useAccess();
  const sourceName = useSourceName();
  const batch = useQuery(batchQuery(id));
  const retry = useRetryBatch();
  const b = batch.data;
  const running = b ? isRunning(b) : false;

  const retryFailed = async () => {
    if (!b) return;
    const result = await retry.mutateAsync(b.id).catch(() => null);
    if (!result) return;
    startTaskNotice({
      id: result.taskId,
      targetId: result.targetId,
      category: TaskCategory.sms,
      title: b.content.slice(0, 40),
      total: b.failed,
    });
    onOpen(result.batchId);
  };

  const extra =
    b && access.can('oaMessage:send') && b.failed > 0 ? (
      <Popconfirm
        title={t('batch.retryConfirm', { count: b.failed })}
        onConfirm={() => void retryFailed()}
        disabled={running}
      >
        <Button icon={<RedoOutlined />} loading={retry.isPending} disabled={running}>
          {t('batch.retry')}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Drawer
      open
      onClose={onClose}
      size="min(1100px, 96vw)"
      title={t('batch.title', { id })}
      extra={extra}
      destroyOnHidden
      className="fd-sms-drawer"
    >
      {!b ? (
        <Skeleton active />
      ) : (
        <>
          <div className="fd-sms-batch-counts" data-testid="batch-counts">
            <div>
              <span>{t('batch.total')}</span>
              <strong>{b.total}</strong>
            </div>
            <div className="fd-sms-sent">
              <span>{t('batch.sent')}</span>
              <strong>{b.sent}</strong>
            </div>
            <div className="fd-sms-failed">
              <span>{t('batch.failed')}</span>
              <strong>{b.failed}</strong>
            </div>
            <div>
              <span>{t('batch.pending')}</span>
              <strong>{b.pending}</strong>
            </div>
          </div>
          {running && (
            <Progress
              percent={b.total ? Math.floor(((b.total - b.pending) * 100) / b.total) : 0}
              status="active"
              format={() => `${b.total - b.pending}/${b.total}`}
            />
          )}
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 3 }}
            className="fd-sms-batch-facts"
            items={[
              { key: 'state', label: t('columns.state'), children: <BatchStateTag state={b.state} /> },
              { key: 'createdAt', label: t('columns.sentAt'), children: formatDateTime(b.createdAt, true) },
              { key: 'createdBy', label: t('columns.sentBy'), children: b.createdByName || '-' },
              { key: 'source', label: t('columns.source'), children: sourceName(b.source) },
              { key: 'segments', label: t('columns.segments'), children: b.segments },
              { key: 'cost', label: t('columns.cost'), children: formatMoney(b.cost) },
              {
                key: 'finishedAt',
                label: t('batch.finishedAt'),
                children: b.finishedAt ? formatDateTime(b.finishedAt, true) : '-',
              },
              ...(b.retryOf
                ? [
                    {
                      key: 'retryOf',
                      label: t('batch.retryOf'),
                      children: (
                        <Button type="link" size="small" className="fd-link-inline" onClick={() => onOpen(b.retryOf!)}>
                          #{b.retryOf}
                        </Button>
                      ),
                    },
                  ]
                : []),
              { key: 'content', label: t('columns.content'), span: 'filled' as const, children: b.content },
            ]}
          />
          <BatchMessages batch={b} running={running} />
        </>
      )}
    </Drawer>
  );
}
