import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@fleetdesk/contracts/paths';
import { SmsNoticePaths } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';
import { batchesKey } from './get-batches';
import type { SendResult } from './send-notice';

/** Sends a finished notice's failed messages again, as a new notice (a new task). */
export function retryBatch(id: number): Promise<SendResult> {
  return request<SendResult>(fillPath(SmsNoticePaths.batchRetry, { id }), { method: 'POST' });
}

export function useRetryBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryBatch,
    onSuccess: () => client.invalidateQueries({ queryKey: batchesKey }),
  });
}
