import { queryOptions } from '@tanstack/react-query';
import { TeamPerformancePaths, type FlowPlatform, type FlowSync } from '@fleetdesk/contracts/team-performance';
import { request } from '../../../lib/request';
import { syncsKey } from './keys';

export interface SyncsQuery {
  platform?: FlowPlatform;
  pageNum: number;
  pageSize: number;
}

/** A page of the syncs, newest first. */
export interface SyncPage {
  records: FlowSync[];
  total: number;
}

/** The platform syncs (by users and by the daily job), newest first. */
export function getSyncs(q: SyncsQuery): Promise<SyncPage> {
  return request<SyncPage>(TeamPerformancePaths.syncs, { query: { ...q } });
}

export const syncsQuery = (q: SyncsQuery) =>
  queryOptions({ queryKey: [...syncsKey, q] as readonly unknown[], queryFn: () => getSyncs(q) });
