import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { VehiclePaths, type OwnerReportRow } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { reportsKey } from './get-fleet-report';

export type OwnerReport = z.infer<typeof OwnerReportRow>[];

/** Per owner: cars, rented cars and the purchase value. */
export function getOwnerReport(): Promise<OwnerReport> {
  return request<OwnerReport>(VehiclePaths.ownerReport);
}

export const ownerReportQuery = () =>
  queryOptions({ queryKey: [...reportsKey, 'owners'] as readonly unknown[], queryFn: getOwnerReport });
