import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@fleetdesk/contracts/common';
import { TeamPerformancePaths, type FlowDay, type FlowDaysQuery } from '@fleetdesk/contracts/team-performance';
import { request } from '../../../lib/request';
import { perfKey } from './keys';

/** The drivers' platform days (of a node and its teams, a driver, a platform, between two days), newest first. */
export function getFlowDays(q: FlowDaysQuery): Promise<Paged<FlowDay>> {
  return request<Paged<FlowDay>>(TeamPerformancePaths.days, { query: { ...q } });
}

export const flowDaysQuery = (q: FlowDaysQuery) =>
  queryOptions({ queryKey: [...perfKey, 'days', q] as readonly unknown[], queryFn: () => getFlowDays(q) });
