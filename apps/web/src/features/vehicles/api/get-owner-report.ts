import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paged } from '@fleetdesk/contracts/common';
import { VehiclePaths, type OwnerReportRow } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { reportsKey } from './get-fleet-report';

export type OwnerReportItem = z.infer<typeof OwnerReportRow>;

/** Cars per owner (most first), with rented cars and the purchase value; paged. */
export function getOwnerReport(page: { pageNum: number; pageSize: number }): Promise<Paged<OwnerReportItem>> {
  return request<Paged<OwnerReportItem>>(VehiclePaths.ownerReport, { query: { ...page } });
}

export const ownerReportQuery = (page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...reportsKey, 'owners', page] as readonly unknown[],
    queryFn: () => getOwnerReport(page),
  });
