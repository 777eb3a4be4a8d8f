import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SmsNoticePaths, type SmsSendRequest } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';
import { batchesKey } from './get-batches';
import { settingsKey } from './get-settings';

export interface SendResult {
  batchId: number;
  taskId: number;
  targetId: string;
}

/** Sends a notice as a background task; refused before anything is sent when a recipient or the quota fails. */
export function sendNotice(input: SmsSendRequest): Promise<SendResult> {
  return request<SendResult>(SmsNoticePaths.send, { method: 'POST', json: input });
}

export function useSendNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendNotice,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: batchesKey });
      void client.invalidateQueries({ queryKey: settingsKey });
    },
  });
}
