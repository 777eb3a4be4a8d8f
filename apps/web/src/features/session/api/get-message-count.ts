import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, type MessageCountItem } from '@fleetdesk/contracts/auth';
import { MESSAGE_CHANNEL } from '@fleetdesk/contracts/messages';
import { request } from '../../../lib/request';

/** Unread messages per category on the back-office channel. Failures pass the message on (no toast). */
export function getMessageCount(): Promise<MessageCountItem[]> {
  return request<MessageCountItem[]>(AuthPaths.messageCount, { query: { channel: MESSAGE_CHANNEL }, silent: true });
}

export const messageCountQuery = () =>
  queryOptions({
    queryKey: ['session', 'message-count'],
    queryFn: getMessageCount,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export function useMessageCount() {
  return useQuery(messageCountQuery());
}
