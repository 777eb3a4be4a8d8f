import { queryOptions } from '@tanstack/react-query';
import { AuthPaths, type OperationLogRow } from '@fleetdesk/contracts/auth';
import type { Paged } from '@fleetdesk/contracts/common';
import { request } from '../../../lib/request';
import { carKey } from './get-car';

export interface CarLogFilter {
  carId: number;
  pageNum: number;
  pageSize: number;
}

/** The operation-log entries about one car (`target=car:<id>`), newest first. */
export function getCarLog(f: CarLogFilter): Promise<Paged<OperationLogRow>> {
  return request<Paged<OperationLogRow>>(AuthPaths.operationLogList, {
    query: { pageNum: f.pageNum, pageSize: f.pageSize, target: `car:${f.carId}` },
  });
}

export const carLogQuery = (f: CarLogFilter) =>
  queryOptions({ queryKey: [...carKey(f.carId), 'log', f] as readonly unknown[], queryFn: () => getCarLog(f) });
