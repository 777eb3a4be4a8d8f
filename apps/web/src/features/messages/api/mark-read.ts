import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthPaths, type MessageItem } from '@fleetdesk/contracts/auth';
import { MESSAGE_CHANNEL } from '@fleetdesk/contracts/messages';
import { fillPath } from '@fleetdesk/contracts/paths';
import { messageCountKey } from '../../../lib/message-count';
import { request } from '../../../lib/request';
import { messagesKey } from './keys';

export const markRead = (id: number) =>
  request<MessageItem>(fillPath(AuthPaths.messageRead, { id }), { method: 'PUT' });

/** Marks read all unread messages (of one category, if given); answers how many. */
export const markAllRead = (category?: number) =>
  request<{ count: number }>(AuthPaths.messageReadAll, {
    method: 'PUT',
    json: { channel: MESSAGE_CHANNEL, ...(category !== undefined ? { category } : {}) },
  });

/** After a read: the lists and the bell's count (the badge falls). */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: messagesKey }),
      client.invalidateQueries({ queryKey: messageCountKey }),
    ]);
}

export function useMarkRead() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: markRead, onSuccess: invalidate });
}

export function useMarkAllRead() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: markAllRead, onSuccess: invalidate });
}
