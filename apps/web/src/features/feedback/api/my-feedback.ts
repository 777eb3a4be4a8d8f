import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { FeedbackPaths, type FeedbackRow } from '@fleetdesk/contracts/feedback';
import { request } from '../../../lib/request';
import { myFeedbackKey } from './keys';

export interface MyFeedbackParams {
  pageNum: number;
  pageSize: number;
}

/** The caller's own feedback, newest first, with the platform's answers. */
export function getMyFeedback(params: MyFeedbackParams): Promise<Paged<FeedbackRow>> {
  return request<Paged<FeedbackRow>>(FeedbackPaths.mine, { query: { ...params } });
}

export const myFeedbackQuery = (params: MyFeedbackParams) =>
  queryOptions({
    queryKey: [...myFeedbackKey, params] as readonly unknown[],
    queryFn: () => getMyFeedback(params),
    placeholderData: (previous) => previous,
  });
