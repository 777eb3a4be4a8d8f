import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SmsNoticePaths, type SmsMessage } from '@fleetdesk/contracts/sms-notices';
import { TASK_POLL_MS } from '@fleetdesk/contracts/tasks';
import { request } from '../../../lib/request';
import { batchesKey } from './get-batches';

export interface MessageFilters {
  pageNum: number;
  pageSize: number;
  status?: string | undefined;
  phone?: string | undefined;
}

/** A notice's messages with each recipient's status (sent, failed with the reason, retried). */
export function getBatchMessages(id: number, f: MessageFilters): Promise<Paged<SmsMessage>> {
  return request<Paged<SmsMessage>>(fillPath(SmsNoticePaths.batchMessages, { id }), { query: { ...f } });
}

/** While the notice sends, its messages follow at the task poll's pace; its end asks once more (a new key). */
export const batchMessagesQuery = (id: number, f: MessageFilters, running: boolean) =>
  queryOptions({
    queryKey: [...batchesKey, 'messages', id, f, running ? 'running' : 'ended'] as readonly unknown[],
    queryFn: () => getBatchMessages(id, f),
    staleTime: 0,
    refetchInterval: running ? TASK_POLL_MS : false,
  });
