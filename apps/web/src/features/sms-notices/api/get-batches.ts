import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { SmsNoticePaths, type SmsBatch } from '@fleetdesk/contracts/sms-notices';
import { TASK_POLL_MS } from '@fleetdesk/contracts/tasks';
import { dayEnd, dayStart } from '../../../lib/format';
import { request } from '../../../lib/request';

export interface BatchFilters {
  /** Days (YYYY-MM-DD) in the display zone; sent as instants. */
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
  state?: string | undefined;
}

export const batchFilterQuery = (f: BatchFilters) => ({
  from: dayStart(f.from),
  to: dayEnd(f.to),
  keyword: f.keyword,
  state: f.state,
});

export const isRunning = (b: Pick<SmsBatch, 'state'>) => b.state === 'queued' || b.state === 'running';

/** The history of notices, newest first. */
export function getBatches(f: BatchFilters & { pageNum: number; pageSize: number }): Promise<Paged<SmsBatch>> {
  return request<Paged<SmsBatch>>(SmsNoticePaths.batches, {
    query: { pageNum: f.pageNum, pageSize: f.pageSize, ...batchFilterQuery(f) },
  });
}

export const batchesKey = ['sms-notices', 'batches'] as const;

/** While a notice on the page is sending, the list follows it at the task poll's pace. */
export const batchesQuery = (f: BatchFilters & { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...batchesKey, 'list', f] as readonly unknown[],
    queryFn: () => getBatches(f),
    refetchInterval: (q) => (q.state.data?.rows.some(isRunning) ? TASK_POLL_MS : false),
  });
