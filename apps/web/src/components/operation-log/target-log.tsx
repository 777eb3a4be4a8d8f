import Table from 'antd/es/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPaths, type OperationLogRow } from '@fleetdesk/contracts/auth';
import type { Paged } from '@fleetdesk/contracts/common';
import { formatDateTime } from '../../lib/format';
import { request } from '../../lib/request';

/** The operation-log entries about one record (`target=<type>:<id>`), newest first. */
export const targetLogQuery = (key: readonly unknown[], target: string, page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...key, 'log', page] as readonly unknown[],
    queryFn: () => request<Paged<OperationLogRow>>(AuthPaths.operationLogList, { query: { ...page, target } }),
  });

/**
 * A record's tab of operation-log entries (a car's, a driver's): who called what, from where. `ns` names the
 * namespace whose `log.*` texts head the columns; `queryKey` is the record's, so that refreshing it refreshes
 * this too.
 */
export function TargetLog({ target, ns, queryKey }: { target: string; ns: string; queryKey: readonly unknown[] }) {
  // `ns` varies, so the translate function is not named `t` (see IMPORT_TEXT_KEYS for the same reason).
  const { t: text } = useTranslation(ns);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const log = useQuery(targetLogQuery(queryKey, target, page));
  return (
    <Table<OperationLogRow>
      size="small"
      rowKey="id"
      loading={log.isLoading}
      dataSource={log.data?.rows ?? []}
      locale={{ emptyText: text('log.empty') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: log.data?.total ?? 0,
        showSizeChanger: false,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        { key: 'at', title: text('log.at'), render: (_, r) => formatDateTime(r.createdAt, true), width: 180 },
        { key: 'user', title: text('log.user'), render: (_, r) => r.username ?? '—', width: 140 },
        {
          key: 'action',
          title: text('log.action'),
          // What the clerk did, by name; the call itself is a tooltip for whoever investigates.
          render: (_, r) => <span title={`${r.method} ${r.path}`}>{r.actionTitle ?? r.action}</span>,
        },
        { key: 'ip', title: text('log.ip'), dataIndex: 'ip', width: 140 },
      ]}
    />
  );
}
