import { queryOptions } from '@tanstack/react-query';
import { VehiclePaths, type OperationReport } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { reportsKey } from './get-fleet-report';

/** The operation rate of each day (default: the last 30) and the online rate now. */
export function getOperationReport(range: { from?: string; to?: string } = {}): Promise<OperationReport> {
  return request<OperationReport>(VehiclePaths.operationReport, { query: { ...range } });
}

export const operationReportQuery = (range: { from?: string; to?: string } = {}) =>
  queryOptions({
    queryKey: [...reportsKey, 'operation', range] as readonly unknown[],
    queryFn: () => getOperationReport(range),
  });
