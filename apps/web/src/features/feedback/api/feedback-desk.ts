import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { FeedbackPaths, type FeedbackRow, type FeedbackState } from '@fleetdesk/contracts/feedback';
import { request } from '../../../lib/request';
import { feedbackDeskKey } from './keys';

export interface FeedbackDeskParams {
  state?: FeedbackState;
  keyword?: string;
  tenantId?: number;
  pageNum: number;
  pageSize: number;
}

/** The platform operator's desk: every tenant's feedback, newest first (403 for any other tenant's users). */
export function getFeedbackDesk(params: FeedbackDeskParams): Promise<Paged<FeedbackRow>> {
  return request<Paged<FeedbackRow>>(FeedbackPaths.desk, { query: { ...params } });
}

export const feedbackDeskQuery = (params: FeedbackDeskParams) =>
  queryOptions({
    queryKey: [...feedbackDeskKey, params] as readonly unknown[],
    queryFn: () => getFeedbackDesk(params),
    placeholderData: (previous) => previous,
  });
