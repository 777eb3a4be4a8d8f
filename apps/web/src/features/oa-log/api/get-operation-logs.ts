import { queryOptions } from '@tanstack/react-query';
import { AuthPaths, type OperationLogRow } from '@fleetdesk/contracts/auth';
import type { Paged } from '@fleetdesk/contracts/common';
import { dayEnd, dayStart } from '../../../lib/format';
import { request } from '../../../lib/request';

export interface OperationLogFilters {
  pageNum: number;
  pageSize: number;
  userId?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  /** Days (YYYY-MM-DD) in the display zone; sent as instants. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The tenant's operation log, newest first. */
export function getOperationLogs(f: OperationLogFilters): Promise<Paged<OperationLogRow>> {
  return request<Paged<OperationLogRow>>(AuthPaths.operationLogList, {
    query: {
      pageNum: f.pageNum,
      pageSize: f.pageSize,
      userId: f.userId,
      action: f.action,
      target: f.target,
      from: dayStart(f.from),
      to: dayEnd(f.to),
    },
  });
}

export const operationLogsQuery = (f: OperationLogFilters) =>
  queryOptions({ queryKey: ['oa-log', 'operations', f] as readonly unknown[], queryFn: () => getOperationLogs(f) });
