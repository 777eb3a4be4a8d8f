import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SmsNoticePaths, type SmsBatch } from '@fleetdesk/contracts/sms-notices';
import { TASK_POLL_MS } from '@fleetdesk/contracts/tasks';
import { request } from '../../../lib/request';
import { batchesKey, isRunning } from './get-batches';

/** One notice with its counts. */
export function getBatch(id: number): Promise<SmsBatch> {
  return request<SmsBatch>(fillPath(SmsNoticePaths.batch, { id }));
}

export const batchQuery = (id: number) =>
  queryOptions({
    queryKey: [...batchesKey, 'one', id] as readonly unknown[],
    queryFn: () => getBatch(id),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data) ? TASK_POLL_MS : false),
  });
