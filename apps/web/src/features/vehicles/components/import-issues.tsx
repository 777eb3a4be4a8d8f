import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { RowIssue } from '@fleetdesk/contracts/excel-import';

/** Row problems of an import: the sheet row, the column, the value found, what is wrong. */
export function ImportIssues({ issues, label }: { issues: RowIssue[]; label: string }) {
  const { t } = useTranslation('vehicles');
  return (
    <Table<RowIssue>
      aria-label={label}
      size="small"
      rowKey={(i) => `${i.row}-${i.column ?? ''}-${i.message}`}
      dataSource={issues}
      pagination={issues.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
      columns={[
        { key: 'row', title: t('import.issue.row'), dataIndex: 'row', width: 70 },
        {
          key: 'column',
          title: t('import.issue.column'),
          render: (_, i) => i.columnTitle ?? i.column ?? t('import.issue.wholeRow'),
          width: 140,
        },
        {
          key: 'value',
          title: t('import.issue.value'),
          render: (_, i) => i.value || <span className="fd-muted">-</span>,
          width: 180,
          ellipsis: true,
        },
        { key: 'message', title: t('import.issue.message'), dataIndex: 'message' },
      ]}
    />
  );
}
