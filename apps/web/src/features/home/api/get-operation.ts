import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationFigures } from '@fleetdesk/contracts/dashboard';
import { DashboardPaths } from '@fleetdesk/contracts/dashboard-paths';
import { request } from '../../../lib/request';

/** Today's figures of the caller's areas (`index/operation`): an area he does not read is null. */
export function getOperation(): Promise<OperationFigures> {
  return request<OperationFigures>(DashboardPaths.operation);
}

// Not cached across visits: the home is where a clerk looks to see what changed.
export const operationQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'operation'] as const, queryFn: getOperation, staleTime: 0 });

export const useOperation = () => useQuery(operationQuery());
