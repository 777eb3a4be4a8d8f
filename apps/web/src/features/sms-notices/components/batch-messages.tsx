import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsBatch, SmsMessage } from '@fleetdesk/contracts/sms-notices';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { exportBatchMessages } from '../api/export-batch-messages';
import { batchMessagesQuery, type MessageFilters } from '../api/get-batch-messages';
import { ExportButton } from './export-button';
import { MessageStatusTag } from './status-tags';

const STATUSES = ['sent', 'failed', 'retried', 'queued'] as const;

export function useMessageColumns(): ColumnsType<SmsMessage> {
  const { t } = useTranslation('sms-notices');
  return [
    { key: 'phone', title: t('columns.phone'), dataIndex: 'phone', width: 130 },
    { key: 'name', title: t('columns.name'), render: (_, m) => m.recipientName ?? <span className="fd-muted">-</span> },
    { key: 'status', title: t('columns.status'), render: (_, m) => <MessageStatusTag status={m.status} /> },
    {
      key: 'error',
      title: t('columns.reason'),
      render: (_, m) =>
        m.reason ? (
          <span className="fd-sms-reason" title={m.error ?? undefined}>
            {m.reason}
          </span>
        ) : (
          <span className="fd-muted">-</span>
        ),
    },
    { key: 'segments', title: t('columns.segments'), dataIndex: 'segments', align: 'right' },
    {
      key: 'sentAt',
      title: t('columns.deliveredAt'),
      render: (_, m) => (m.sentAt ? formatDateTime(m.sentAt, true) : '-'),
      width: 170,
    },
    {
      key: 'content',
      title: t('columns.text'),
      render: (_, m) => (
        <span className="fd-sms-ellipsis" title={m.content}>
          {m.content}
        </span>
      ),
    },
  ];
}

/** A notice's messages, filtered by status and phone, server-paged; exported as they are filtered. */
export function BatchMessages({ batch, running }: { batch: SmsBatch; running: boolean }) {
  const { t } = useTranslation('sms-notices');
  const access = useAccess();
  const [f, setF] = useState<MessageFilters>({ pageNum: 1, pageSize: 20 });
  const messages = useQuery({ ...batchMessagesQuery(batch.id, f, running), placeholderData: keepPreviousData });
  const columns = useMessageColumns();
  return (
    <section className="fd-sms-messages" aria-label={t('batch.messages')}>
      <div className="fd-sms-messages-bar">
        <Segmented
          value={f.status ?? 'all'}
          onChange={(v) => setF((p) => ({ ...p, pageNum: 1, status: v === 'all' ? undefined : String(v) }))}
          options={[
            { value: 'all', label: t('messageStatus.all') },
            ...STATUSES.map((s) => ({ value: s, label: t(`messageStatus.${s}`) })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('filters.phonePlaceholder')}
          aria-label={t('filters.phone')}
          className="fd-sms-phone-search"
          onSearch={(v) => setF((p) => ({ ...p, pageNum: 1, phone: v.trim() || undefined }))}
        />
        {access.can('oaMessage:export') && (
          <ExportButton
            onExport={() =>
              exportBatchMessages(batch.id, { status: f.status, phone: f.phone }, t('files.messages', { id: batch.id }))
            }
          />
        )}
      </div>
      <Table<SmsMessage>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={messages.data?.rows ?? []}
        loading={messages.isFetching && !running}
        scroll={{ x: 'max-content' }}
        data-testid="batch-messages"
        pagination={{
          current: f.pageNum,
          pageSize: f.pageSize,
          total: messages.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('common:list.total', { count: total }),
          onChange: (pageNum, pageSize) =>
            setF((p) => ({ ...p, pageNum: pageSize === p.pageSize ? pageNum : 1, pageSize })),
        }}
      />
    </section>
  );
}
