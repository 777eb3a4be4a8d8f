import { queryOptions } from '@tanstack/react-query';
import { AuthPaths, type MessageItem, type MessageReadState } from '@fleetdesk/contracts/auth';
import type { Paged } from '@fleetdesk/contracts/common';
import { MESSAGE_CHANNEL } from '@fleetdesk/contracts/messages';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';
import { messagesKey } from './keys';

export interface MessageListParams {
  category?: number;
  state?: MessageReadState;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/**
 * The user's messages, newest first: of one category through `list/category/{channel}/{category}` (spec
 * section 3), else through `list`; read state and keyword in the query.
 */
export function listMessages({ category, ...query }: MessageListParams): Promise<Paged<MessageItem>> {
  if (category !== undefined)
    return request<Paged<MessageItem>>(
      fillPath(AuthPaths.messageListByCategory, { channel: MESSAGE_CHANNEL, category }),
      { query: { ...query } },
    );
  return request<Paged<MessageItem>>(AuthPaths.messageList, { query: { channel: MESSAGE_CHANNEL, ...query } });
}

export const messagesQuery = (params: MessageListParams) =>
  queryOptions({
    queryKey: [...messagesKey, 'list', params] as readonly unknown[],
    queryFn: () => listMessages(params),
    placeholderData: (previous) => previous,
  });
