import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SmsNoticePaths, type SmsPreview, type SmsSendRequest } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';

/** Count, segments, cost, quota, the recipients that cannot be sent to and the texts, before sending. */
export function previewNotice(input: SmsSendRequest): Promise<SmsPreview> {
  return request<SmsPreview>(SmsNoticePaths.preview, { method: 'POST', json: input });
}

/**
 * The preview of a draft. `version` names the recipient list (it can hold 50,000 rows: hashing it into the key
 * on every change would cost more than the call).
 */
export const previewQuery = (input: SmsSendRequest, version: number) =>
  queryOptions({
    queryKey: ['sms-notices', 'preview', input.templateId ?? null, input.content, input.source, version] as const,
    queryFn: () => previewNotice(input),
    staleTime: 0,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
