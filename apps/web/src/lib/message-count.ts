import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthPaths, type MessageCountItem } from '@fleetdesk/contracts/auth';
import { MESSAGE_CHANNEL } from '@fleetdesk/contracts/messages';
import { request } from './request';

/**
 * Unread messages per category on the back-office channel: the bell and the message centre's category list read
 * it; whatever marks messages read invalidates `messageCountKey`. Failures pass the message on (no toast).
 */
export const messageCountKey = ['session', 'message-count'] as const;

export function getMessageCount(): Promise<MessageCountItem[]> {
  return request<MessageCountItem[]>(AuthPaths.messageCount, { query: { channel: MESSAGE_CHANNEL }, silent: true });
}

export const messageCountQuery = () =>
  queryOptions({
    queryKey: messageCountKey,
    queryFn: getMessageCount,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export function useMessageCount() {
  return useQuery(messageCountQuery());
}
