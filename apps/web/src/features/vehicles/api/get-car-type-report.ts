import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { VehiclePaths, type CarTypeReportRow } from '@fleetdesk/contracts/vehicles';
import { request } from '../../../lib/request';
import { reportsKey } from './get-fleet-report';

export type CarTypeReport = z.infer<typeof CarTypeReportRow>[];

/** Per car type: cars, rented, idle, the rented rate and the monthly income. */
export function getCarTypeReport(): Promise<CarTypeReport> {
  return request<CarTypeReport>(VehiclePaths.typeReport);
}

export const carTypeReportQuery = () =>
  queryOptions({ queryKey: [...reportsKey, 'types'] as readonly unknown[], queryFn: getCarTypeReport });
