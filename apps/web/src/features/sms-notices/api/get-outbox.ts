import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { SmsNoticePaths, type SmsMessage } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';
import type { MessageFilters } from './get-batch-messages';

/** The tenant's messages as the gateway got them (the sandbox outbox), newest first. */
export function getOutbox(f: MessageFilters): Promise<Paged<SmsMessage>> {
  return request<Paged<SmsMessage>>(SmsNoticePaths.outbox, { query: { ...f } });
}

export const outboxQuery = (f: MessageFilters) =>
  queryOptions({ queryKey: ['sms-notices', 'outbox', f] as readonly unknown[], queryFn: () => getOutbox(f) });
