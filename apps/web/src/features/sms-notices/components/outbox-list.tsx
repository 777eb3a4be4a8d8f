import Alert from 'antd/es/alert';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsMessage } from '@fleetdesk/contracts/sms-notices';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { formatDateTime } from '../../../lib/format';
import { outboxQuery } from '../api/get-outbox';
import { useMessageColumns } from './batch-messages';

/** Every message of the tenant as the gateway got it: with the sandbox, the only place a message goes. */
export function OutboxList({ sandbox }: { sandbox: boolean }) {
  const { t } = useTranslation('sms-notices');
  const messageColumns = useMessageColumns();
  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'phone', label: t('filters.phone'), placeholder: t('filters.phonePlaceholder') },
      {
        type: 'select',
        name: 'status',
        label: t('columns.status'),
        options: (['sent', 'failed', 'retried', 'queued'] as const).map((s) => ({
          value: s,
          label: t(`messageStatus.${s}`),
        })),
      },
    ],
    [t],
  );
  const columns: ListColumn<SmsMessage>[] = [
    {
      key: 'createdAt',
      title: t('columns.receivedAt'),
      render: (_, m) => formatDateTime(m.createdAt, true),
      width: 170,
    },
    ...(messageColumns as ListColumn<SmsMessage>[]),
    { key: 'provider', title: t('columns.provider'), dataIndex: 'provider' },
  ];
  return (
    <ListPage<SmsMessage>
      id="sms-outbox"
      filters={filters}
      columns={columns}
      rowKey={(m) => m.id}
      extra={
        <Alert
          type="info"
          showIcon
          className="fd-sms-outbox-note"
          title={t(sandbox ? 'outbox.sandbox' : 'outbox.real')}
        />
      }
      query={(p) => outboxQuery({ pageNum: p.pageNum, pageSize: p.pageSize, ...p.filters })}
    />
  );
}
