import { useMutation } from '@tanstack/react-query';
import { SmsNoticePaths, type Recipient } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';

export interface ResolveInput {
  source: string;
  filter: Record<string, string | string[]>;
}

/** The recipients a source gives for a filter. */
export function resolveRecipients(input: ResolveInput): Promise<Recipient[]> {
  return request<Recipient[]>(SmsNoticePaths.resolve, { method: 'POST', json: input });
}

export function useResolveRecipients() {
  return useMutation({ mutationFn: resolveRecipients });
}
