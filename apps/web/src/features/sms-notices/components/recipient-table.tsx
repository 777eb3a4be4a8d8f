import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvalidRecipient } from '@fleetdesk/contracts/sms-notices';
import type { DraftApi, DraftRecipient, Origin } from '../model/draft';
import { InvalidReason } from './invalid-reason';

const ORIGIN_COLORS: Record<Origin['kind'], string> = { source: 'blue', paste: 'purple', upload: 'cyan' };
const VARIABLES = ['plate', 'amount', 'dueDate'] as const;

function OriginTag({ origin }: { origin: Origin }) {
  const { t } = useTranslation('sms-notices');
  const label = origin.kind === 'source' ? origin.label : origin.kind === 'paste' ? t('origins.paste') : origin.file;
  return (
    <Tag color={ORIGIN_COLORS[origin.kind]} className="fd-sms-origin" title={label}>
      {origin.kind === 'upload' ? t('origins.upload', { file: label }) : label}
    </Tag>
  );
}

interface Props {
  api: DraftApi;
  /** Problems of the current preview, by position in the list (0-based). */
  problems: ReadonlyMap<number, InvalidRecipient>;
}

/** Who the notice goes to, where each came from, and what is wrong with whom; rows can be removed. */
export function RecipientTable({ api, problems }: Props) {
  const { t } = useTranslation('sms-notices');
  const { recipients } = api.draft;
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const index = new Map(recipients.map((r, i) => [r.key, i]));
  const columns: ColumnsType<DraftRecipient> = [
    { key: 'n', title: '#', width: 56, render: (_, r) => index.get(r.key)! + 1 },
    { key: 'phone', title: t('columns.phone'), dataIndex: 'phone' },
    { key: 'name', title: t('columns.name'), render: (_, r) => r.name ?? <span className="fd-muted">-</span> },
    {
      key: 'variables',
      title: t('columns.values'),
      render: (_, r) => {
        const values = VARIABLES.filter((k) => r.variables?.[k]);
        return values.length ? (
          <span className="fd-sms-values">
            {values.map((k) => (
              <span key={k}>
                <span className="fd-muted">{t(`variableNames.${k}`)}</span> {r.variables![k]}
              </span>
            ))}
          </span>
        ) : (
          <span className="fd-muted">-</span>
        );
      },
    },
    { key: 'origin', title: t('columns.origin'), render: (_, r) => <OriginTag origin={r.origin} /> },
    {
      key: 'problem',
      title: t('columns.problem'),
      render: (_, r) => {
        const p = problems.get(index.get(r.key)!);
        return p ? <InvalidReason problem={p} /> : null;
      },
    },
    {
      key: 'remove',
      title: '',
      width: 48,
      render: (_, r) => (
        <Tooltip title={t('recipients.remove')}>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('recipients.removeOne', { phone: r.phone })}
            onClick={() => api.remove([r.key])}
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <div className="fd-sms-recipients" data-testid="recipient-list">
      <div className="fd-sms-recipients-head">
        <strong>{t('recipients.title', { count: recipients.length })}</strong>
        <Popconfirm
          title={t('recipients.clearConfirm', { count: recipients.length })}
          onConfirm={api.clear}
          disabled={!recipients.length}
        >
          <Button size="small" danger disabled={!recipients.length}>
            {t('recipients.clear')}
          </Button>
        </Popconfirm>
      </div>
      <Table<DraftRecipient>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={recipients}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('recipients.empty') }}
        rowClassName={(r) => (problems.has(index.get(r.key)!) ? 'fd-sms-row-problem' : '')}
        pagination={{
          ...page,
          size: 'small',
          hideOnSinglePage: true,
          showSizeChanger: true,
          pageSizeOptions: [10, 50, 100],
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
    </div>
  );
}
