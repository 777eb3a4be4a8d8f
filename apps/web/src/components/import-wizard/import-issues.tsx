import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { RowIssue } from '@fleetdesk/contracts/excel-import';

/** Row problems of an import: the sheet row, the column, the value found, what is wrong. */
export function ImportIssues({ issues, label, ns }: { issues: RowIssue[]; label: string; ns: string }) {
  // The texts are the caller's (`ns`: its `import.*` keys), see import-wizard.tsx.
  const { t: text } = useTranslation(ns);
  return (
    <Table<RowIssue>
      aria-label={label}
      size="small"
      rowKey={(i) => `${i.row}-${i.column ?? ''}-${i.message}`}
      dataSource={issues}
      pagination={issues.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
      columns={[
        { key: 'row', title: text('import.issue.row'), dataIndex: 'row', width: 70 },
        {
          key: 'column',
          title: text('import.issue.column'),
          render: (_, i) => i.columnTitle ?? i.column ?? text('import.issue.wholeRow'),
          width: 140,
        },
        {
          key: 'value',
          title: text('import.issue.value'),
          render: (_, i) => i.value || <span className="fd-muted">-</span>,
          width: 180,
          ellipsis: true,
        },
        { key: 'message', title: text('import.issue.message'), dataIndex: 'message' },
      ]}
    />
  );
}
