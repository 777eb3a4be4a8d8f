import { queryOptions } from '@tanstack/react-query';
import { SmsNoticePaths, type RecipientSourceDef } from '@fleetdesk/contracts/sms-notices';
import { request } from '../../../lib/request';

/** The recipient sources the caller may use (staff by department or label, and those areas add), with filters. */
export function getRecipientSources(): Promise<RecipientSourceDef[]> {
  return request<RecipientSourceDef[]>(SmsNoticePaths.sources);
}

export const recipientSourcesQuery = (lang: string) =>
  queryOptions({
    queryKey: ['sms-notices', 'sources', lang] as readonly unknown[],
    queryFn: getRecipientSources,
    staleTime: 60_000,
  });
